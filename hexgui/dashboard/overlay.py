"""Board overlay: the share of root agents (or UCT visits) on each cell, and the top candidate
moves with their values, drawn by the board widget.

:func:`overlay_values` and :func:`candidate_marks` are pure functions (any thread, no Qt);
:class:`BoardOverlay` is the small adapter that hands their results to ``BoardWidget.set_overlay``
/ ``set_candidates`` / ``set_preview`` (GUI thread only).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Protocol

from hexswarm.engine.search.snapshot import SearchSnapshot, candidates

from .model import (
    SWAP_CELL,
    format_count,
    format_share,
    is_external_engine,
    is_vanilla_monte_carlo,
    principal_line,
    support_word,
)

SHARE = "share"
COUNT = "count"
MODES = (SHARE, COUNT)
FULL_COLOUR_SHARE = 0.2
"""The leading move is drawn in full colour once it holds this share of the root agents."""
DEFAULT_CANDIDATES = 8
"""How many candidate moves the board marks with their value and support by default."""
MAX_CANDIDATES = 20
VALUE_DROP_WORST = 0.15
"""A candidate whose value is this far (in win rate, 0..1) below the searcher's choice's is
drawn in the worst colour (red); the colour runs linearly from green at the choice's value."""
FADED_SUPPORT = 0.1
"""A candidate with less than this fraction of the most supported candidate's support (agents,
visits or playouts) is drawn faded: its value rests on too few playouts to be read like the
others' (KaTrain fades its low-visit moves; MoHex's i7 at 55 % on 20 visits beside its choice
on 4 000, round 14). The searcher's choice is never faded."""


@dataclass(frozen=True, slots=True)
class OverlaySettings:
    """How hints are drawn. ``mode`` is :data:`SHARE` (``47%``) or :data:`COUNT` (``1.2k``);
    every supported cell is coloured, but it gets a number only when its share of the root
    agents is at least ``min_share``. The ``candidates`` strongest moves (0: none) are drawn
    over that as candidate marks (:func:`candidate_marks`), which carry the numbers then."""

    enabled: bool = True
    mode: str = SHARE
    min_share: float = 0.02
    candidates: int = DEFAULT_CANDIDATES

    def __post_init__(self) -> None:
        if self.mode not in MODES:
            raise ValueError(f"overlay mode must be one of {MODES}, not {self.mode!r}")
        if not 0.0 <= self.min_share <= 1.0:
            raise ValueError(f"min_share must lie in 0..1, not {self.min_share!r}")
        if not 0 <= self.candidates <= MAX_CANDIDATES:
            raise ValueError(f"candidates must lie in 0..{MAX_CANDIDATES}, not {self.candidates!r}")


@dataclass(frozen=True, slots=True)
class CandidateMark:
    """One candidate move as the board draws it (Lizzie / KaTrain style).

    ``value_label`` is the searcher's win rate for the side to move after this move, in percent
    without the sign (``54``); ``support_label`` its agents (UCT: visits, Monte-Carlo: playouts)
    in compact form (``1.2k``); ``share`` its share of the root's support (drawn as a ring);
    ``quality`` 1 for a value as good as the searcher's choice's or better, falling linearly
    to 0 at :data:`VALUE_DROP_WORST` below it (the fill runs from green to red); ``order`` 0
    is the searcher's choice; ``line`` the principal variation shown as ghost stones on hover;
    ``detail`` the same in words, with the active fraction of the move's agents (the tooltip);
    ``faded``: its support is below :data:`FADED_SUPPORT` of the best supported candidate's.
    """

    cell: int
    order: int
    quality: float
    share: float
    value_label: str
    support_label: str
    line: tuple[int, ...]
    detail: str = ""
    faded: bool = False


def candidate_marks(snapshot: SearchSnapshot, count: int) -> tuple[CandidateMark, ...]:
    """The ``count`` strongest candidates of ``snapshot`` (``engine.search.snapshot.candidates``)
    that have a cell (the swap move has none), ready to draw."""
    if count < 1:
        return ()
    chosen = [c for c in candidates(snapshot, count + 1) if c.move != SWAP_CELL][:count]
    if not chosen:
        return ()
    # An external engine that gives a move without a value says NaN: no number is drawn.
    said = {}
    if is_external_engine(snapshot.player) and len(snapshot.root_values) == len(
        snapshot.root_moves
    ):
        said = dict(zip(snapshot.root_moves, snapshot.root_values, strict=True))
    unvalued = {c.move for c in chosen if math.isnan(said.get(c.move, 0.0))}
    # The colours are measured from the searcher's choice, not from the highest value shown:
    # a move with few visits can hold any value (MoHex's i7 at 55% on 20 visits beside its
    # choice f5 at 28% on 4 000, round 14), and measured from it the choice was drawn red.
    valued = [c.value for c in chosen if c.move not in unvalued]
    top = chosen[0].value if chosen[0].move not in unvalued else max(valued, default=0.0)
    word = support_word(snapshot.player)
    most = max(c.support for c in chosen)
    faded = {c.move for c in chosen if c.order > 0 and c.support < FADED_SUPPORT * most}
    return tuple(
        CandidateMark(
            cell=c.move,
            order=c.order,
            quality=(
                1.0
                if c.move in unvalued
                else min(1.0, max(0.0, 1.0 - (top - c.value) / VALUE_DROP_WORST))
            ),
            # A ring drawn 1% longer is invisible: rounding lets an unchanged picture skip its
            # repaint (BoardOverlay sends marks only when they differ).
            share=round(c.share, 2),
            value_label="" if c.move in unvalued else f"{100 * c.value:.0f}",
            support_label=format_count(c.support),
            line=c.line,
            detail=(
                f"{'best · ' if c.order == 0 else ''}"
                + ("no value given" if c.move in unvalued else f"win rate after it {c.value:.0%}")
                + f" · {c.support} {word} ({format_share(c.share)} of the root), "
                f"{c.active_fraction:.0%} active · line of {len(c.line)}"
                + (" · few " + word + ": its value is uncertain" if c.move in faded else "")
            ),
            faded=c.move in faded,
        )
        for c in chosen
    )


def overlay_values(
    snapshot: SearchSnapshot, *, mode: str = SHARE, min_share: float = 0.02
) -> dict[int, tuple[float, str]]:
    """Per cell: ``(intensity, label)`` for every root move that holds agents (UCT: visits);
    the label is empty below ``min_share`` of the root agents (colour without a number).

    ``intensity`` is the cell's share divided by the larger of the leading share and
    :data:`FULL_COLOUR_SHARE`: a move that clearly leads is full colour, and a population spread
    thin over the whole board stays pale instead of painting every cell as strong; ``label`` is the
    share as a percentage (``mode == "share"``) or the compact count (``"count"``: ``1.2k``).
    The swap move (cell -1) has no cell and is left out. Zero-support moves are never shown.
    """
    if mode not in MODES:
        raise ValueError(f"overlay mode must be one of {MODES}, not {mode!r}")
    if is_vanilla_monte_carlo(snapshot.player):
        return win_ratio_values(snapshot)
    total = snapshot.total_agents
    if total <= 0:
        return {}
    scale = max(max(snapshot.root_agents) / total, FULL_COLOUR_SHARE) * total
    values: dict[int, tuple[float, str]] = {}
    for cell, agents in zip(snapshot.root_moves, snapshot.root_agents, strict=True):
        if cell == SWAP_CELL or agents <= 0:
            continue
        share = agents / total
        if share < min_share:
            label = ""
        else:
            label = format_share(share) if mode == SHARE else format_count(agents)
        values[cell] = (agents / scale, label)
    return values


MONTE_CARLO_LABELS = 8
"""Vanilla Monte-Carlo: how many of the best win ratios get a number on their cell."""


def win_ratio_values(snapshot: SearchSnapshot) -> dict[int, tuple[float, str]]:
    """Vanilla Monte-Carlo gives every move the same playouts, so shares of "agents" would be
    uniform: its cells show the win ratio instead. Intensity runs from the worst ratio (0) to
    the best (1); the :data:`MONTE_CARLO_LABELS` best cells are labelled with their ratio."""
    ratios = {
        cell: won / played
        for cell, played, won in zip(
            snapshot.root_moves, snapshot.root_agents, snapshot.root_active, strict=True
        )
        if cell != SWAP_CELL and played > 0
    }
    if not ratios:
        return {}
    low, high = min(ratios.values()), max(ratios.values())
    spread = high - low
    ranked = sorted(ratios, key=lambda cell: (-ratios[cell], cell))[:MONTE_CARLO_LABELS]
    labelled = set(ranked)
    return {
        cell: (
            (ratio - low) / spread if spread > 0 else 1.0,
            format_share(ratio) if cell in labelled else "",
        )
        for cell, ratio in ratios.items()
    }


class OverlayTarget(Protocol):
    """What the adapter needs from the board widget (``hexgui.board_widget.BoardWidget``)."""

    def set_overlay(
        self,
        values: dict[int, tuple[float, str]] | None,
        best: int | None = None,
        line: tuple[int, ...] = (),
    ) -> None: ...

    def set_preview(self, line: tuple[int, ...]) -> None: ...

    def set_candidates(self, marks: tuple[CandidateMark, ...]) -> None: ...


class BoardOverlay:
    """Draws the latest snapshot's hints on the board widget. GUI thread only.

    The best move is marked and the principal variation passed as the line the board shows on
    hover. When ``settings.enabled`` is False the board shows no hints (the charts keep working).
    """

    def __init__(self, board: OverlayTarget | None, settings: OverlaySettings | None = None):
        self.board = board
        self.settings = settings or OverlaySettings()
        self.snapshot: SearchSnapshot | None = None
        self.values: dict[int, tuple[float, str]] = {}
        self.best: int | None = None
        self.line: tuple[int, ...] = ()
        self.marks: tuple[CandidateMark, ...] = ()
        self._sent: object = ()  # what the board shows now (never equal to a real key at first)
        self._sent_marks: tuple[CandidateMark, ...] | None = None

    def configure(self, settings: OverlaySettings) -> None:
        self.settings = settings
        self.redraw()

    def show_snapshot(self, snapshot: SearchSnapshot) -> bool:
        """Show the hints of ``snapshot``; returns whether the board got anything new to
        paint."""
        self.snapshot = snapshot
        sent = (self._sent, self._sent_marks)
        self.redraw()
        return (self._sent, self._sent_marks) != sent

    def redraw(self) -> None:
        """Compute the hints of the current snapshot and hand them to the board, but only
        when they differ from what the board already shows: repainting the board is the most
        expensive thing a refresh can trigger."""
        snapshot = self.snapshot
        if snapshot is None or not self.settings.enabled:
            self.values, self.best, self.line = {}, None, ()
            self._send(None)
            self._send_marks(())
            return
        self.values = overlay_values(
            snapshot, mode=self.settings.mode, min_share=self.settings.min_share
        )
        best = snapshot.best_move
        self.best = best if best is not None and best >= 0 else None
        self.line = tuple(snapshot.principal_variation)
        self._send((self.values, self.best, self.line))
        self._send_marks(candidate_marks(snapshot, self.settings.candidates))

    def _send_marks(self, marks: tuple[CandidateMark, ...]) -> None:
        self.marks = marks
        if self.board is not None and marks != self._sent_marks:
            self._sent_marks = marks
            self.board.set_candidates(marks)

    def _send(self, overlay) -> None:
        if self.board is None:
            return
        if overlay is None:
            key = None
        else:
            values, best, line = overlay
            # Colour steps finer than 1/64 are invisible; ignoring them skips most repaints
            # of a converged search.
            shades = tuple(sorted((c, round(v * 64), t) for c, (v, t) in values.items()))
            key = (shades, best, line)
        if key == self._sent:
            return
        self._sent = key
        if overlay is None:
            self.board.set_overlay(None)
        else:
            self.board.set_overlay(*overlay)

    def line_from(self, cell: int) -> tuple[int, ...]:
        """The most supported line starting with root move ``cell`` (for hover on the board);
        empty when hints are off or ``cell`` is not a root move of the current snapshot."""
        snapshot = self.snapshot
        if snapshot is None or not self.settings.enabled or cell not in snapshot.root_moves:
            return ()
        for mark in self.marks:
            if mark.cell == cell:
                return mark.line
        if cell == snapshot.best_move and snapshot.principal_variation:
            return tuple(snapshot.principal_variation)
        return principal_line(snapshot.tree, cell)

    def clear(self) -> None:
        """Forget the snapshot and remove the hints (e.g. the position changed)."""
        self.snapshot = None
        self.redraw()

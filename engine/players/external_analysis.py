"""What external engines say while they analyse, read into the snapshots our own levels report
(so the analysis mode, hints and the review show an engine's candidates as they show ours).

Three sources, by what the engine offers (:func:`analysis_method`):

* ``kata-analyze`` / ``lz-analyze`` (KataGo's and Leela Zero's live analysis: KataHex,
  ``hexswarm-gtp``): ``info`` lines, read by Lizzie's rules (:func:`parse_info_line`): each
  block starts with ``info``, holds ``key value`` pairs, and ``pv`` takes the rest of the
  block; keys a reader does not know are skipped;
* ``reg_genmove`` (Benzene's engines: MoHex, Wolve): a search that plays nothing; MoHex writes
  ``gogui-gfx:`` ``uct`` blocks while it searches when its ``use_livegfx`` is on
  (:func:`parse_uct_gfx`: ``VAR`` its line, ``INFLUENCE`` each move's value for the player
  to move, ``W``/``L`` when proven, ``LABEL`` its visits), and after it ``mohex-values``
  (``cell value@visits``, :func:`parse_value_pairs`) and ``mohex-get-pv``;
* anything else: ``genmove``, its move shown with no value (the engine then gets the game
  anew before its next command, so the move it played on its own board is forgotten).

Perspective: every win rate here is for the player to move in the analysed position, after
the candidate move, as in :class:`~engine.search.snapshot.SearchSnapshot`.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from hexswarm.engine.board import SWAP_PIECES, HexError, cell_index
from hexswarm.engine.search.snapshot import PV_LENGTH, SearchSnapshot

KATA_ANALYZE, LZ_ANALYZE, REG_GENMOVE, GENMOVE = (
    "kata-analyze",
    "lz-analyze",
    "reg_genmove",
    "genmove",
)
ANALYSIS_METHODS = (KATA_ANALYZE, LZ_ANALYZE, REG_GENMOVE, GENMOVE)
"""Most informative first: the first one an engine lists is used."""

_COUNT = re.compile(r"(\d+(?:\.\d+)?)([km]?)")


@dataclass(frozen=True, slots=True)
class EngineCandidate:
    """One move an engine considered: ``move`` a cell index (``-1`` the swap), ``visits`` its
    support, ``win_rate`` for the player to move after it (NaN: not said), ``line`` its
    principal variation (starting with the move)."""

    move: int
    visits: int
    win_rate: float
    line: tuple[int, ...]


def analysis_method(commands: frozenset[str]) -> str:
    """How an engine listing ``commands`` is asked for its analysis (module docstring)."""
    return next(m for m in ANALYSIS_METHODS if m in commands or m == GENMOVE)


Shape = int | tuple[int, int]
"""A board's size: a square's side, or ``(columns, rows)``."""


def move_index(word: str, size: Shape) -> int | None:
    """The cell (or ``-1`` for a swap word) ``word`` names on a board of ``size``; None for
    anything else (``pass``, a cell off the board)."""
    word = word.strip().lower()
    if word in (SWAP_PIECES, "swap-sides", "swap"):
        return -1
    width, height = (size, size) if isinstance(size, int) else size
    try:
        return cell_index(word, width, height)
    except (HexError, ValueError, IndexError):
        return None


def _count(word: str) -> int:
    """``372``, ``1.2k``, ``45k``, ``1.3m``: the counts engines write in labels."""
    match = _COUNT.fullmatch(word.strip().lower())
    if match is None:
        raise ValueError(f"not a count: {word!r}")
    scale = {"": 1, "k": 1000, "m": 1_000_000}[match.group(2)]
    return round(float(match.group(1)) * scale)


def move_line(words: list[str], size: Shape) -> tuple[int, ...]:
    """The moves ``words`` name, up to the first that is not a move (a swap only first) and at
    most :data:`~engine.search.snapshot.PV_LENGTH` of them, the longest line our own searches
    report: MoHex's ``mohex-get-pv`` ran to 40 moves on a 9x11 board (its tail filling the
    edges pair by pair), and the board drew all of them as numbered ghosts."""
    line: list[int] = []
    for word in words[:PV_LENGTH]:
        cell = move_index(word, size)
        if cell is None or (cell == -1 and line):
            break
        line.append(cell)
    return tuple(line)


def parse_info_line(text: str, size: Shape, dialect: str = KATA_ANALYZE) -> list[EngineCandidate]:
    """The candidates of one ``kata-analyze`` / ``lz-analyze`` line (module docstring), in the
    engine's order. ``lz-analyze`` writes win rates in ten-thousandths. A block without a
    readable ``move``, ``visits`` and ``winrate``, or whose move is not on the board, is
    skipped; a line with no ``info`` block gives nothing."""
    scale = 10_000.0 if dialect == LZ_ANALYZE else 1.0
    found = []
    for block in text.split("info ")[1:]:
        words = block.split()
        fields: dict[str, str] = {}
        pv: list[str] = []
        i = 0
        while i < len(words):
            if words[i] == "pv":
                pv = words[i + 1 :]
                break
            if i + 1 < len(words):
                fields[words[i]] = words[i + 1]
            i += 2
        try:
            cell = move_index(fields["move"], size)
            visits = int(fields["visits"])
            win_rate = float(fields["winrate"]) / scale
        except (KeyError, ValueError):
            continue
        if cell is None or visits < 0 or not 0.0 <= win_rate <= 1.0:
            continue
        line = move_line(pv, size)
        line = line if line[:1] == (cell,) else (cell,)
        found.append(EngineCandidate(cell, visits, win_rate, line))
    return found


def parse_value_pairs(text: str, size: Shape) -> dict[int, tuple[float, int]]:
    """``cell value@visits`` pairs (MoHex's ``mohex-values``, ``f2 .636@1k``) or ``cell value``
    pairs (a ``uct`` block's ``INFLUENCE``): by cell, the value for the player to move
    (``W``/``L``: proven, 1 or 0) and the visits (0 when not given). Pairs that do not read
    are skipped."""
    words = text.split()
    found = {}
    for name, value in zip(words[::2], words[1::2], strict=False):
        cell = move_index(name, size)
        rate, _, visits = value.partition("@")
        try:
            win = {"w": 1.0, "l": 0.0}.get(rate.lower())
            win = float(rate) if win is None else win
            count = _count(visits) if visits else 0
        except ValueError:
            continue
        if cell is not None and cell >= 0 and 0.0 <= win <= 1.0:
            found[cell] = (win, count)
    return found


def parse_uct_gfx(block: str, size: Shape) -> list[EngineCandidate]:
    """The candidates of a Benzene ``uct`` gogui-gfx block (MoHex's live graphics; the block
    without its ``gogui-gfx:`` line): every cell with a ``LABEL`` (visits) and an
    ``INFLUENCE`` (value), the most visited first; the ``VAR`` line goes to its first move.
    Empty for other blocks."""
    words = block.split()
    if not words or words[0] != "uct":
        return []
    sections: dict[str, list[str]] = {}
    current = None
    for word in words[1:]:
        if word in ("VAR", "INFLUENCE", "LABEL", "TEXT"):
            current = sections.setdefault(word, [])
        elif current is not None:
            current.append(word)
    values = parse_value_pairs(" ".join(sections.get("INFLUENCE", [])), size)
    var = move_line(sections.get("VAR", [])[1::2], size)
    found = []
    label = sections.get("LABEL", [])
    for name, visits in zip(label[::2], label[1::2], strict=False):
        cell = move_index(name, size)
        try:
            count = _count(visits)
        except ValueError:
            continue
        if cell is None or cell < 0 or cell not in values or count == 0:
            continue
        line = var if var[:1] == (cell,) else (cell,)
        found.append(EngineCandidate(cell, count, values[cell][0], line))
    found.sort(key=lambda c: -c.visits)
    return found


EDGES = {"b": ("north", "south"), "w": ("west", "east")}
"""MoHex's names of the edges each colour joins (Black top and bottom, as HexSwarm's)."""

VC_COMMANDS = ("vc-build", "vc-between-cells-full", "vc-between-cells-semi")
"""What :func:`proof_of` needs an engine to list (MoHex's virtual connection commands)."""


def connection_queries(to_move: str) -> list[str]:
    """The commands that tell whether the position is decided for ``to_move`` (``b``/``w``),
    in order: build the virtual connections, then the mover's full and semi connections
    between its edges and the opponent's full one (MoHex's ``IsDeterminedState``)."""
    other = "w" if to_move == "b" else "b"
    return [
        f"vc-build {to_move}",
        f"vc-between-cells-full {to_move} {' '.join(EDGES[to_move])}",
        f"vc-between-cells-semi {to_move} {' '.join(EDGES[to_move])}",
        f"vc-between-cells-full {other} {' '.join(EDGES[other])}",
    ]


def proof_of(mover_full: str, mover_semi: str, opponent_full: str) -> str | None:
    """``"win"`` or ``"loss"`` for the player to move from the answers to the last three of
    :func:`connection_queries` (each empty when there is no such connection), None when the
    connections decide nothing: a full or a semi connection of the mover's edges wins (it
    plays the semi's key), a full one of the opponent's loses."""
    if mover_full.strip() or mover_semi.strip():
        return "win"
    if opponent_full.strip():
        return "loss"
    return None


def candidates_snapshot(
    found: list[EngineCandidate],
    *,
    best: int | None = None,
    to_move: str,
    player: str,
    position_id: int = 0,
    elapsed_s: float = 0.0,
    done: bool = False,
    proven: str | None = None,
) -> SearchSnapshot | None:
    """A snapshot holding ``found`` (None when empty): ``best`` (default the first
    candidate) is the search's choice and its win rate the estimate (NaN when the engine
    gave none); visits are the support, their sum the playouts. ``proven`` (``"win"`` or
    ``"loss"`` for the player to move: the engine proved the position, see
    :func:`proof_of`) makes the estimate and the choice's value 1 or 0, and on a loss every
    move's value 0; the other moves of a proven win keep the engine's values (only the
    choice is known to win)."""
    if not found:
        return None
    if best is None or all(c.move != best for c in found):
        best = found[0].move
    if proven in ("win", "loss"):
        won = float(proven == "win")
        found = [
            EngineCandidate(c.move, c.visits, won, c.line)
            if c.move == best or proven == "loss"
            else c
            for c in found
        ]
    chosen = next(c for c in found if c.move == best)
    return SearchSnapshot(
        position_id=position_id,
        player=player,
        to_move=to_move,
        iteration=1,
        playouts=sum(c.visits for c in found),
        elapsed_s=elapsed_s,
        root_moves=tuple(c.move for c in found),
        root_agents=tuple(max(1, c.visits) for c in found),
        root_active=tuple(
            0 if math.isnan(c.win_rate) else round(max(1, c.visits) * c.win_rate) for c in found
        ),
        best_move=best,
        estimate=chosen.win_rate,
        principal_variation=chosen.line,
        root_values=tuple(c.win_rate for c in found),
        root_lines=tuple(c.line for c in found),
        done=done,
        proven=proven if proven in ("win", "loss") else None,
        note=f"a {proven} proven by the engine's virtual connections" if proven else "",
    )

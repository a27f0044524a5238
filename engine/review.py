"""Reviewing a game: what a search said about each position, and how much each move cost its
player (KaTrain's teacher, Lizzie's blunder check, for Hex).

* :class:`PositionAnalysis` is the AI's data of one node: the latest finished search of the
  node's position, in named, typed fields: the perspective (the side to move), the estimate
  (its win rate), the move the search suggests and its line, the agents or visits and the time
  it spent, the level that produced it. Every search of a game's position that the game keeps
  (the AI's own move searches, analysis mode, the whole-game review) becomes one, written by
  one method (``GameController.record_analysis`` in the GUI). It is saved in the SGF on the
  node of that position as the property :data:`ANALYSIS_PROPERTY` (``HSA``, HexSwarm analysis;
  :meth:`PositionAnalysis.to_text` documents the text; format 1, without the agents, is still
  read), as KaTrain keeps its analyses in the record, so a game played, analysed or reviewed
  opens with its estimates; programs that do not know it keep or ignore it (SGF's rule for
  unknown properties; HexGui ignores it). ``GameNode.ai`` reads and writes it. A move's grade
  is not stored: it is the review's verdict on two of these analyses under the thresholds the
  user chose (:func:`review_moves`), so it follows a change of thresholds at once.
* :func:`line_estimates` turns the analyses of a line into Black's win rate after each move:
  what the game graph draws.
* :func:`review_moves` grades each move of a line: the *drop* is the mover's win rate before the
  move (the best move's value in the analysis of the position it was played in) minus the
  mover's win rate after it, never below 0. "After" is, in this order: 1 or 0 when the move
  ended the game; the played move's own value in that same analysis when it is one of the
  saved moves (one search for both numbers, so its biases cancel); else the analysis of the
  position the move made, turned to the mover's view. :class:`GradeThresholds` turn drops
  into ``good`` / ``inaccuracy`` / ``mistake`` / ``blunder``. The better move offered is the
  search's best move in the position before, when the played move was not it.

Pure Python, no Qt: any thread may call it on its own copies.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from hexswarm.engine.board import BLACK, SWAP_PIECES, WHITE, Color, HexError, cell_name
from hexswarm.engine.search.snapshot import candidates, has_estimate

if TYPE_CHECKING:
    from hexswarm.engine.search.snapshot import SearchSnapshot


class ReviewedNode(Protocol):
    """What :func:`review_moves` reads of a node (``engine.game.GameNode``, which imports this
    module for its ``ai``)."""

    @property
    def move(self) -> tuple[Color, str] | None: ...

    @property
    def ai(self) -> PositionAnalysis | None: ...


ANALYSIS_PROPERTY = "HSA"
"""The SGF property of a node's analysis (see :meth:`PositionAnalysis.to_text`)."""
ANALYSIS_VERSION = "2"
READABLE_VERSIONS = ("1", ANALYSIS_VERSION)
"""Format 1 had no ``agents``; it is read (agents 0) and written again as format 2."""

_CELL_TOKEN = re.compile(r"[a-z]+[0-9]+")

SAVED_MOVES = 10
"""How many of a search's most supported moves an analysis keeps the value of."""

GOOD, INACCURACY, MISTAKE, BLUNDER = "good", "inaccuracy", "mistake", "blunder"
GRADES = (GOOD, INACCURACY, MISTAKE, BLUNDER)


@dataclass(frozen=True, slots=True)
class PositionAnalysis:
    """A finished search of one position (a node's ``ai``).

    ``win_rate`` is the searcher's estimate for ``to_move``, its perspective (0..1); ``best_move``
    the move it suggests as a token (``e5``, ``swap-pieces``) and ``line`` its principal
    variation (starting with ``best_move``); ``moves`` the win rates for ``to_move`` after each
    of the search's most supported moves (at most :data:`SAVED_MOVES`, strongest first: a
    move's grade compares its value with the best move's from the same search); ``playouts``
    and ``seconds`` what the search spent; ``ai`` the level that produced it (the player spec);
    ``agents`` the root's agents (the swarms) or visits (UCT, Monte-Carlo) when it ended (0:
    not recorded, format 1).
    """

    to_move: Color
    win_rate: float
    best_move: str
    line: tuple[str, ...] = ()
    playouts: int = 0
    seconds: float = 0.0
    ai: str = ""
    moves: tuple[tuple[str, float], ...] = ()
    agents: int = 0

    def __post_init__(self) -> None:
        for value in (self.win_rate, *(v for _, v in self.moves)):
            if not 0.0 <= value <= 1.0 or math.isnan(value):
                raise HexError(f"an analysis win rate lies in 0..1, not {value!r}")
        if self.agents < 0 or self.playouts < 0:
            raise HexError("an analysis counts agents and playouts from 0")

    def value_of(self, move: str) -> float | None:
        """The searcher's win rate for ``to_move`` after ``move``, if it is a saved move."""
        return next((value for name, value in self.moves if name == move), None)

    def for_player(self, color: Color) -> float:
        """The win rate seen by ``color``."""
        return self.win_rate if color is self.to_move else 1.0 - self.win_rate

    @classmethod
    def from_snapshot(
        cls, snapshot: SearchSnapshot, size: int | tuple[int, int], ai: str = ""
    ) -> PositionAnalysis | None:
        """The analysis a search's final snapshot gives on a board of ``size`` (a square's
        side, or ``(columns, rows)``; ``ai``: the spec of the level that searched, default the
        snapshot's player name), or None when the search had no estimate (no root move
        supported, no playout finished, a rule without a value)."""
        if not has_estimate(snapshot) or snapshot.total_agents <= 0:
            return None
        width, height = (size, size) if isinstance(size, int) else size

        def token(cell: int) -> str | None:
            if cell == -1:
                return SWAP_PIECES
            return cell_name(cell, width, height) if 0 <= cell < width * height else None

        best = token(snapshot.best_move)
        if best is None:
            return None
        line = []
        for cell in snapshot.principal_variation or (snapshot.best_move,):
            name = token(cell)
            if name is None:
                break
            line.append(name)
        if not line or line[0] != best:
            line = [best]
        moves = tuple(
            (name, min(1.0, max(0.0, c.value)))
            for c in candidates(snapshot, SAVED_MOVES)
            if (name := token(c.move)) is not None
        )
        return cls(
            to_move=Color.parse(snapshot.to_move),
            win_rate=min(1.0, max(0.0, float(snapshot.estimate))),
            best_move=best,
            line=tuple(line),
            moves=moves,
            playouts=int(snapshot.playouts),
            seconds=float(snapshot.elapsed_s),
            ai=ai or snapshot.player,
            agents=int(snapshot.total_agents),
        )

    def to_text(self) -> str:
        """The property's text: space-separated ``key=value`` fields, ``v`` (format version,
        2), ``to`` (``b``/``w``), ``win`` (win rate for ``to``, 4 decimals), ``best``, ``pv``
        (moves joined by ``,``), ``moves`` (``move:win rate`` pairs joined by ``,``; may be
        absent), ``playouts``, ``agents`` (absent in format 1), ``seconds``, and last ``ai``
        (the player spec, which may hold ``=`` and ``,``). Example: ``v=2 to=b win=0.5731
        best=e5 pv=e5,f4,d6 moves=e5:0.5731,d6:0.5502 playouts=48213 agents=9000
        seconds=1.000 ai=uct``."""
        moves = ",".join(f"{name}:{value:.4f}" for name, value in self.moves)
        return (
            f"v={ANALYSIS_VERSION} to={self.to_move.letter.lower()} win={self.win_rate:.4f} "
            f"best={self.best_move} pv={','.join(self.line)} "
            + (f"moves={moves} " if moves else "")
            + f"playouts={self.playouts} agents={self.agents} seconds={self.seconds:.3f} "
            f"ai={self.ai}"
        )

    @classmethod
    def parse(cls, text: str) -> PositionAnalysis:
        """Read :meth:`to_text`'s text back; raises :class:`HexError` saying what is wrong."""
        head, _, ai = text.strip().partition(" ai=")
        fields: dict[str, str] = {}
        for word in head.split():
            key, sep, value = word.partition("=")
            if not sep:
                raise HexError(f"analysis field {word!r} is not key=value")
            fields[key] = value
        if fields.get("v") not in READABLE_VERSIONS:
            raise HexError(f"unknown analysis format version {fields.get('v')!r}")
        try:
            to_move = Color.parse(fields["to"])
            win = float(fields["win"])
            best = fields["best"]
            line = tuple(m for m in fields.get("pv", "").split(",") if m)
            moves = []
            for pair in filter(None, fields.get("moves", "").split(",")):
                name, sep, value = pair.partition(":")
                if not sep:
                    raise HexError(f"analysis move {pair!r} is not move:win rate")
                moves.append((name, float(value)))
            playouts = int(fields.get("playouts", "0"))
            agents = int(fields.get("agents", "0"))
            seconds = float(fields.get("seconds", "0"))
        except KeyError as error:
            raise HexError(f"analysis lacks the field {error.args[0]!r}") from None
        except ValueError as error:
            raise HexError(f"analysis has a malformed number: {error}") from None
        return cls(
            to_move, win, best, line or (best,), playouts, seconds, ai.strip(), tuple(moves), agents
        )


@dataclass(frozen=True, slots=True)
class GradeThresholds:
    """The smallest drop (in win rate, 0..1, for the mover) of each grade; below
    ``inaccuracy`` a move is good. Defaults: 5, 10 and 20 percentage points."""

    inaccuracy: float = 0.05
    mistake: float = 0.10
    blunder: float = 0.20

    def __post_init__(self) -> None:
        if not 0.0 < self.inaccuracy <= self.mistake <= self.blunder <= 1.0:
            raise HexError(
                "grade thresholds must rise: 0 < inaccuracy <= mistake <= blunder <= 1, not "
                f"{self.inaccuracy}, {self.mistake}, {self.blunder}"
            )

    def grade(self, drop: float) -> str:
        if drop >= self.blunder:
            return BLUNDER
        if drop >= self.mistake:
            return MISTAKE
        if drop >= self.inaccuracy:
            return INACCURACY
        return GOOD


@dataclass(frozen=True, slots=True)
class MoveReview:
    """One graded move: move ``number`` (1 = the first move), played by ``color`` as ``token``;
    ``before`` and ``after`` are the mover's win rates, ``drop`` = max(0, before - after);
    ``better`` the search's best move in the position before (None when it was the move
    played) and ``better_line`` its line."""

    number: int
    color: Color
    token: str
    before: float
    after: float
    drop: float
    grade: str
    better: str | None
    better_line: tuple[str, ...]

    @property
    def is_mistake(self) -> bool:
        """Worse than an inaccuracy: what "next mistake" stops at."""
        return self.grade in (MISTAKE, BLUNDER)


def review_moves(
    nodes: Sequence[ReviewedNode],
    winner_after: Iterable[Color | None],
    thresholds: GradeThresholds | None = None,
    sides: Iterable[Color] = (BLACK, WHITE),
) -> dict[int, MoveReview]:
    """Grade the moves of a line. ``nodes`` are the line's nodes from the root;
    ``winner_after[i]`` the winner of the position at ``nodes[i]`` (None while undecided).
    Returns reviews keyed by index into ``nodes``, for every cell move of a colour in ``sides``
    whose position before is analysed and whose position after is analysed or won. Swaps and
    other special moves are not graded (their value is the opening's, not a cell's)."""
    thresholds = thresholds or GradeThresholds()
    sides = tuple(sides)
    winners = list(winner_after)
    reviews: dict[int, MoveReview] = {}
    number = 0
    for index, node in enumerate(nodes):
        move = node.move
        if move is None:
            continue
        number += 1
        color, token = move
        if index == 0 or color not in sides or not _CELL_TOKEN.fullmatch(token):
            continue
        before_analysis = nodes[index - 1].ai
        if before_analysis is None:
            continue
        before = before_analysis.for_player(color)
        winner = winners[index]
        same_search = before_analysis.value_of(token) if before_analysis.to_move is color else None
        if winner is not None:
            after = 1.0 if winner is color else 0.0
        elif same_search is not None:
            after = same_search
        else:
            after_analysis = node.ai
            if after_analysis is None:
                continue
            after = after_analysis.for_player(color)
        drop = max(0.0, before - after)
        better = before_analysis.best_move if before_analysis.best_move != token else None
        reviews[index] = MoveReview(
            number=number,
            color=color,
            token=token,
            before=before,
            after=after,
            drop=drop,
            grade=thresholds.grade(drop),
            better=better,
            better_line=before_analysis.line if better else (),
        )
    return reviews


@dataclass(frozen=True, slots=True)
class LineEstimate:
    """Black's win rate ``black`` after move ``move_number`` of a line (0: its start), by the
    level ``ai``. ``direct``: a search of that very position; otherwise the value the search
    of the position before gave the move played (used until that position is searched)."""

    move_number: int
    black: float
    direct: bool
    ai: str


NOT_MOVES = ("pass", "resign", "forfeit")
"""Node tokens that are no move of the game (a pass only changes the side to move)."""


def line_estimates(nodes: Sequence[ReviewedNode]) -> list[LineEstimate]:
    """What the analyses of a line (its nodes from the root) say about the game: for each
    position, its own analysis (direct) or else the value the analysis of the position before
    gave the move played (indirect), in move order. Moves are counted as the move list counts
    them: every node with a move but a pass, resignation or forfeit."""
    estimates: list[LineEstimate] = []
    number = 0
    previous: PositionAnalysis | None = None
    for node in nodes:
        move = node.move
        if move is not None and move[1] not in NOT_MOVES:
            number += 1
        analysis = node.ai
        if analysis is not None:
            black = analysis.for_player(BLACK)
            estimates.append(LineEstimate(number, black, True, analysis.ai))
        elif move is not None and previous is not None and number > 0:
            color, token = move
            value = previous.value_of(token) if previous.to_move is color else None
            if value is not None:
                black = value if color is BLACK else 1.0 - value
                estimates.append(LineEstimate(number, black, False, previous.ai))
        previous = analysis
    return estimates

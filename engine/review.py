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
  mover's win rate after it, never below 0. "After" is the analysis of the position the move
  made, turned to the mover's view and corrected for that search's optimism for its own side
  (measured in the review itself: see :func:`review_moves`). :class:`GradeThresholds` turn drops
  into ``good`` / ``inaccuracy`` / ``mistake`` / ``blunder``. The better move offered is the
  search's best move in the position before, when the played move was not it.
* Proofs: an analysis may be *exact* (a proven win or loss: the players' root tactics or
  MoHex's solver, and the whole-game review, which proves each position it can before it
  searches). :func:`proven_line` follows the proofs along a line; :func:`review_moves` compares
  them like any value (its docstring states the rules that gives) and :func:`win_rate_text`
  says them as "proven win" / "proven loss".

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

MOVE_SETTINGS = ("seed", "time_s", "time_cap_s")
"""Spec settings that a game sets for each game or move (the seed drawn from the game's, the
time the clock gives a move or caps it at): not part of which analyst searched
(:func:`analyst_name`)."""


def analyst_name(spec: str) -> str:
    """The analyst a player spec (an analysis's ``ai``) names: its level and settings without
    :data:`MOVE_SETTINGS` (on the clock each move of one AI has its own ``time_s``); a spec
    that cannot be read (an engine's ``engine:NAME``, a hand-edited record) names itself."""
    # Imported here: reading records needs no players.
    from hexswarm.engine.players.levels import split_spec

    try:
        level, items = split_spec(spec)
    except HexError:
        return spec
    kept = ",".join(f"{key}={value}" for key, value in items if key not in MOVE_SETTINGS)
    return f"{level}:{kept}" if kept else level


REVIEW_ANALYST = "uct:playouts=100000000"
"""The AI a whole-game review searches with unless the user picks another: plain UCT (one
uniform playout a leaf, no RAVE, no root tactics), its count limit out of reach so that the
review's seconds a position decide. It grades the same move the same across two seeds at
least as often as `strong` at equal playouts and plays about three times as many playouts in a
second (docs/results/study-desk/, "The review's analyst")."""

GOOD, INACCURACY, MISTAKE, BLUNDER = "good", "inaccuracy", "mistake", "blunder"
GRADES = (GOOD, INACCURACY, MISTAKE, BLUNDER)


@dataclass(frozen=True, slots=True)
class PositionAnalysis:
    """A finished search of one position (a node's ``ai``).

    ``win_rate`` is the searcher's estimate for ``to_move``, its perspective (0..1); ``best_move``
    the move it suggests as a token (``e5``, ``swap-pieces``) and ``line`` its principal
    variation (starting with ``best_move``); ``moves`` the win rates for ``to_move`` after each
    of the search's most supported moves (the :data:`SAVED_MOVES` strongest first, then any
    other move asked to be kept: the move played from the position); ``playouts`` and
    ``seconds`` what the search spent; ``ai`` the level that produced it (the player spec);
    ``agents`` the root's agents (the swarms) or visits (UCT, Monte-Carlo) when it ended (0:
    not recorded, format 1); ``support`` (when known: empty in analyses saved before it was)
    the support of each of ``moves``, in their order (agents, visits or playouts: how far its
    value can be trusted); ``exact``: ``win_rate`` is proven (1 or 0: root tactics, the
    solver or Hex knowledge decided the position), not a search's estimate, so it carries
    none of a search's optimism for its side.
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
    support: tuple[int, ...] = ()
    exact: bool = False

    def __post_init__(self) -> None:
        for value in (self.win_rate, *(v for _, v in self.moves)):
            if not 0.0 <= value <= 1.0 or math.isnan(value):
                raise HexError(f"an analysis win rate lies in 0..1, not {value!r}")
        if self.agents < 0 or self.playouts < 0:
            raise HexError("an analysis counts agents and playouts from 0")
        if self.support and (
            len(self.support) != len(self.moves) or any(n < 0 for n in self.support)
        ):
            raise HexError("an analysis gives one support (0 or more) per saved move, or none")
        if self.exact and self.win_rate not in (0.0, 1.0):
            raise HexError(f"an exact analysis is a win (1) or a loss (0), not {self.win_rate}")

    def value_of(self, move: str) -> float | None:
        """The searcher's win rate for ``to_move`` after ``move``, if it is a saved move."""
        return next((value for name, value in self.moves if name == move), None)

    def support_of(self, move: str) -> int | None:
        """The support of ``move``'s value, if it is a saved move and the support is known."""
        if not self.support:
            return None
        pairs = zip(self.moves, self.support, strict=True)
        return next((n for (name, _), n in pairs if name == move), None)

    def for_player(self, color: Color) -> float:
        """The win rate seen by ``color``."""
        return self.win_rate if color is self.to_move else 1.0 - self.win_rate

    @classmethod
    def from_snapshot(
        cls,
        snapshot: SearchSnapshot,
        size: int | tuple[int, int],
        ai: str = "",
        keep: Iterable[str] = (),
    ) -> PositionAnalysis | None:
        """The analysis a search's final snapshot gives on a board of ``size`` (a square's
        side, or ``(columns, rows)``; ``ai``: the spec of the level that searched, default the
        snapshot's player name), or None when the search had no estimate (no root move
        supported, no playout finished, a rule without a value). ``keep``: moves whose value
        is saved too when the search has one, after the :data:`SAVED_MOVES` strongest (the
        move played from the position, which the review compares). A position the snapshot
        says is ``proven`` won or lost is saved as exact, its win rate 1 or 0 (a proven loss
        may still come with a search, whose moves' values are kept)."""
        if not has_estimate(snapshot) or snapshot.total_agents <= 0:
            return None
        exact = snapshot.proven in ("win", "loss")
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
        kept = set(keep)
        chosen = [
            (name, c)
            for c in candidates(snapshot, len(snapshot.root_moves))
            if (name := token(c.move)) is not None and (c.order < SAVED_MOVES or name in kept)
        ]
        moves = tuple((name, min(1.0, max(0.0, c.value))) for name, c in chosen)
        return cls(
            to_move=Color.parse(snapshot.to_move),
            win_rate=(
                float(snapshot.proven == "win")
                if exact
                else min(1.0, max(0.0, float(snapshot.estimate)))
            ),
            best_move=best,
            line=tuple(line),
            moves=moves,
            playouts=int(snapshot.playouts),
            seconds=float(snapshot.elapsed_s),
            ai=ai or snapshot.player,
            agents=int(snapshot.total_agents),
            support=tuple(int(c.support) for _, c in chosen),
            exact=exact,
        )

    def to_text(self) -> str:
        """The property's text: space-separated ``key=value`` fields, ``v`` (format version,
        2), ``to`` (``b``/``w``), ``win`` (win rate for ``to``, 4 decimals), ``best``, ``pv``
        (moves joined by ``,``), ``moves`` (``move:win rate`` pairs joined by ``,``, each with
        ``@support`` after it when the support is known; may be absent), ``playouts``,
        ``agents`` (absent in format 1), ``seconds``, ``exact=1`` when the win rate is proven
        (absent otherwise; readers that do not know it ignore it), and last ``ai`` (the player
        spec, which may hold ``=`` and ``,``). Example: ``v=2 to=b win=0.5731
        best=e5 pv=e5,f4,d6 moves=e5:0.5731@5210,d6:0.5502@2033 playouts=48213 agents=9000
        seconds=1.000 ai=uct``."""
        counts = [f"@{n}" for n in self.support] or [""] * len(self.moves)
        moves = ",".join(
            f"{name}:{value:.4f}{count}"
            for (name, value), count in zip(self.moves, counts, strict=True)
        )
        return (
            f"v={ANALYSIS_VERSION} to={self.to_move.letter.lower()} win={self.win_rate:.4f} "
            f"best={self.best_move} pv={','.join(self.line)} "
            + (f"moves={moves} " if moves else "")
            + f"playouts={self.playouts} agents={self.agents} seconds={self.seconds:.3f} "
            + ("exact=1 " if self.exact else "")
            + f"ai={self.ai}"
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
            support = []
            for pair in filter(None, fields.get("moves", "").split(",")):
                name, sep, value = pair.partition(":")
                if not sep:
                    raise HexError(f"analysis move {pair!r} is not move:win rate")
                value, at, count = value.partition("@")
                moves.append((name, float(value)))
                if at:
                    support.append(int(count))
            playouts = int(fields.get("playouts", "0"))
            agents = int(fields.get("agents", "0"))
            seconds = float(fields.get("seconds", "0"))
            exact = fields.get("exact", "0") == "1"
        except KeyError as error:
            raise HexError(f"analysis lacks the field {error.args[0]!r}") from None
        except ValueError as error:
            raise HexError(f"analysis has a malformed number: {error}") from None
        if support and len(support) != len(moves):
            raise HexError("analysis moves give a support (@N) for every move or for none")
        return cls(
            to_move,
            win,
            best,
            line or (best,),
            playouts,
            seconds,
            ai.strip(),
            tuple(moves),
            agents,
            tuple(support),
            exact,
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
    played) and ``better_line`` its line. ``before_exact`` and ``after_exact``: that win rate
    is proven (1 or 0: a proof, or the game's end), not a search's estimate (say it with
    :func:`win_rate_text`)."""

    number: int
    color: Color
    token: str
    before: float
    after: float
    drop: float
    grade: str
    better: str | None
    better_line: tuple[str, ...]
    before_exact: bool = False
    after_exact: bool = False

    @property
    def is_mistake(self) -> bool:
        """Worse than an inaccuracy: what "next mistake" stops at."""
        return self.grade in (MISTAKE, BLUNDER)

    @property
    def left_proven_win(self) -> bool:
        """The mover had a proven win before the move and the position it made is not proven:
        ``after`` is the analyst's estimate (the win thrown away, or kept beyond what the
        cheap proofs see), and the drop is 1 minus it."""
        return self.before_exact and self.before == 1.0 and not self.after_exact


def win_rate_text(win_rate: float, exact: bool) -> str:
    """A win rate for the user: ``proven win`` / ``proven loss`` when ``exact`` (a proof's 1 or
    0, never a percentage that reads like an estimate), else a percentage (``64%``)."""
    if exact:
        return "proven win" if win_rate >= 0.5 else "proven loss"
    return f"{win_rate:.0%}"


@dataclass(frozen=True, slots=True)
class _Evidence:
    """What the analyses say about one move, for the mover: its win rate ``before``, its own
    value in the search before (``same``, with ``support``: None when unknown) and the search
    after it (``cross``; ``cross_exact``: a proven value, not a search's); ``before_exact``:
    ``before`` is proven (1 or 0); ``before_proof``: and no search came with the proof, so
    ``same`` is the proof's value, not a search's."""

    index: int
    number: int
    color: Color
    token: str
    before: float
    same: float | None
    support: int | None
    cross: float | None
    cross_exact: bool
    winner: Color | None
    before_exact: bool = False
    before_proof: bool = False


def proven_line(
    nodes: Sequence[ReviewedNode], winners: Sequence[Color | None]
) -> list[float | None]:
    """Black's proven value (1 or 0; None: not proven) at each of a line's nodes: the game's
    end, an exact analysis, and what follows from them exactly along the line's cell moves,
    for the mover of each:

    * a position lost for the side to move stays lost after any move it makes (every move of
      a lost side loses);
    * a position after a move that is won for the mover was won for it before the move (the
      move is a winning one);
    * a position proven won whose proof's move (the exact analysis's best move) is played is
      still won after it.

    A proof never replaces another (a record may hold two that disagree). A proof checker
    with a budget proves one position and not the next (it found a virtual connection before
    the winner's move and none after it): these fill such gaps, so a move is not compared
    with a proof on one side and an estimate on the other where the line proves both."""
    proven: list[float | None] = []
    for node, winner in zip(nodes, winners, strict=True):
        if winner is not None:
            proven.append(1.0 if winner is BLACK else 0.0)
        elif node.ai is not None and node.ai.exact:
            proven.append(node.ai.for_player(BLACK))
        else:
            proven.append(None)
    changed = True
    while changed:
        changed = False
        for index in range(1, len(nodes)):
            move = nodes[index].move
            if move is None or not _CELL_TOKEN.fullmatch(move[1]):
                continue
            color, token = move
            won = 1.0 if color is BLACK else 0.0  # Black's value when the mover wins
            before, after = proven[index - 1], proven[index]
            analysis = nodes[index - 1].ai
            if after is None and before == 1.0 - won:
                proven[index] = before
                changed = True
            elif before is None and after == won:
                proven[index - 1] = won
                changed = True
            elif (
                after is None
                and before == won
                and analysis is not None
                and analysis.exact
                and analysis.best_move == token
            ):
                proven[index] = won
                changed = True
    return proven


def _evidence(nodes: Sequence[ReviewedNode], winners: Sequence[Color | None]) -> list[_Evidence]:
    proven = proven_line(nodes, winners)
    found = []
    number = 0
    for index, node in enumerate(nodes):
        move = node.move
        if move is None:
            continue
        number += 1
        color, token = move
        if index == 0 or not _CELL_TOKEN.fullmatch(token):
            continue
        before_analysis = nodes[index - 1].ai
        proven_before, proven_after = proven[index - 1], proven[index]
        if before_analysis is None and proven_before is None:
            continue
        # A position proven only along the line (no analysis of its own: a person's turn in a
        # game against an AI whose proofs came on its own turns) is graded from its proof.
        mover_to_move = before_analysis is not None and before_analysis.to_move is color
        if proven_before is not None:
            before_value = _for(color, proven_before)
        else:
            assert before_analysis is not None  # (skipped above when neither)
            before_value = before_analysis.for_player(color)
        after_analysis = node.ai
        if (
            after_analysis is not None
            and before_analysis is not None
            and not (after_analysis.exact or before_analysis.exact)
            and analyst_name(after_analysis.ai) != analyst_name(before_analysis.ai)
        ):
            after_analysis = None  # another analyst's estimate (review_moves)
        found.append(
            _Evidence(
                index,
                number,
                color,
                token,
                before_value,
                before_analysis.value_of(token) if before_analysis and mover_to_move else None,
                before_analysis.support_of(token) if before_analysis and mover_to_move else None,
                (
                    _for(color, proven_after)
                    if proven_after is not None
                    else None
                    if after_analysis is None
                    else after_analysis.for_player(color)
                ),
                proven_after is not None,
                winners[index],
                proven_before is not None,
                before_analysis is None
                or (before_analysis.exact and before_analysis.playouts == 0),
            )
        )
    return found


def _for(color: Color, black: float) -> float:
    """Black's value ``black`` seen by ``color``."""
    return black if color is BLACK else 1.0 - black


OFFSET_SUPPORT_SCALE = 100
"""The support at which a move's gap counts half as much as the most a gap can count in
:func:`cross_search_offset`. The gap between the two searches is not the same in every
position (its spread from one position to another is about 5 points, measured on the
well-searched moves of the study-desk reviews), and the value of a move with ``n`` visits errs
by about ``0.5 / sqrt(n)``, which is that spread at ``n`` = 100: past that, more visits no longer
make one position's gap a better measure of the line's. Weighting by the support itself let
the two or three moves nearly all visits went to (forced replies) decide the offset alone, and
two seeds' offsets differed by up to 4 points (``docs/results/study-desk/``)."""


def cross_search_offset(evidence: Iterable[_Evidence]) -> float | None:
    """How much lower the search of the position after a move values it for the mover than
    the search before does, over a reviewed line: the mean of ``same - cross`` over the moves
    with both, each weighted by ``n / (n + OFFSET_SUPPORT_SCALE)`` for the support ``n`` of
    ``same`` (a move's gap counts more the better it was searched, up to a limit: see
    :data:`OFFSET_SUPPORT_SCALE`), leaving out the moves into a position whose value is
    proven and those from a proof that came without a search (the review's proofs: a proof has
    no optimism to measure, and a proven 0 or 1 against a searched 0.6 would outweigh the
    rest); None when no move has both with a known support. Each search's estimate is
    optimistic for its own side to move (a value averaged over the opponent's exploratory
    replies), so ``cross`` errs low by about twice that optimism: 3.5 to 7 points with UCT at
    1 s a position on 11x11 (``docs/results/study-desk/``), as much as the inaccuracy
    threshold."""
    weights = total = 0.0
    for e in evidence:
        proven = e.cross_exact or e.before_proof
        if e.same is not None and e.cross is not None and e.support and not proven:
            weight = e.support / (e.support + OFFSET_SUPPORT_SCALE)
            weights += weight
            total += weight * (e.same - e.cross)
    return total / weights if weights else None


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
    other special moves are not graded (their value is the opening's, not a cell's).

    The mover's win rate after a move is 1 or 0 when it ended the game or the position it made
    is proven (an exact analysis); else, when the line's
    analyses give their moves' support (so :func:`cross_search_offset` can be measured), the
    search of the position after the move, turned to the mover's view and raised by that
    offset (the move's own value in the search before when there is no search after); else
    (analyses saved before supports were) the move's own value in the search before when it
    is saved, or the search after. One rule for every move: a move is not measured one way
    when its search happened to visit it much and another way when not (each value of a
    rarely visited move is noisy, and the two ways differ by the offset), so two reviews with
    different seeds agree (``docs/results/study-desk/``).

    The search after a move counts only when it is the same analyst's as the search before
    (:func:`analyst_name`: whatever each move's seed and time) or one of them is exact: two
    analysts' estimates side by side (the players' own searches in a game between two AIs)
    would grade the moves between them by the analysts' difference; such a move is measured
    by the search before alone, and no offset is measured from it.

    Proofs (exact analyses: the review proves each position it can before it searches,
    ``engine.players.tactics.proven_choice``) are compared like any value, 1 or 0 for the
    mover, which gives these rules: a move from a proven win into a proven loss drops 1, a
    blunder whatever the estimates; a move that keeps a proven win (into a position proven
    lost for the opponent, or the game's end) drops 0 and is never marked; in a proven loss
    the mover's win rate before is 0, so no move there is marked for losing (it was already
    lost); a move from a position that is not proven into a proven loss drops the estimate
    before, so the thresholds read the chance the analyst gave the mover there (a move into a
    proven loss from an estimated 15% is a mistake at the default thresholds, from 25% a
    blunder); a move from a proven win into a position not proven drops 1 minus the estimate
    after (the analyst's chance that the win was kept: the cheap proofs miss some wins kept,
    so such a move may be marked when it kept the win: :attr:`MoveReview.left_proven_win`
    says which, and the grade's text says that the win was proven). A position proven only
    along the line (:func:`proven_line`), without an analysis of its own, is graded from its
    proof the same way (a person's move in a game against an AI that proved its win on its
    own turn: a person who threw a proven win away is told, round 16); it offers no better
    move. No search's offset is measured from a move into a proven position, or from a proof
    without a search."""
    thresholds = thresholds or GradeThresholds()
    sides = tuple(sides)
    evidence = _evidence(nodes, list(winner_after))
    offset = cross_search_offset(evidence)
    reviews: dict[int, MoveReview] = {}
    for e in evidence:
        if e.color not in sides:
            continue
        after_exact = e.winner is not None or (e.cross_exact and e.cross is not None)
        if e.winner is not None:
            after = 1.0 if e.winner is e.color else 0.0
        elif e.cross_exact and e.cross is not None:
            after = e.cross
        elif offset is not None and e.cross is not None:
            after = min(1.0, max(0.0, e.cross + offset))
        elif offset is None and e.same is not None:
            after = e.same
        elif e.cross is not None:
            after = e.cross
        elif e.same is not None:
            after = e.same
        else:
            continue
        before_analysis = nodes[e.index - 1].ai
        drop = max(0.0, e.before - after)
        better = None
        if before_analysis is not None and before_analysis.best_move != e.token:
            better = before_analysis.best_move
        reviews[e.index] = MoveReview(
            number=e.number,
            color=e.color,
            token=e.token,
            before=e.before,
            after=after,
            drop=drop,
            grade=thresholds.grade(drop),
            better=better,
            better_line=before_analysis.line if before_analysis and better else (),
            before_exact=e.before_exact,
            after_exact=after_exact,
        )
    return reviews


@dataclass(frozen=True, slots=True)
class LineEstimate:
    """Black's win rate ``black`` after move ``move_number`` of a line (0: its start), by the
    level ``ai``. ``direct``: a search of that very position; otherwise the value the search
    of the position before gave the move played (used until that position is searched).
    ``exact``: a direct estimate that is proven (1 or 0: :attr:`PositionAnalysis.exact`), not
    a search's."""

    move_number: int
    black: float
    direct: bool
    ai: str
    exact: bool = False


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
            estimates.append(LineEstimate(number, black, True, analysis.ai, analysis.exact))
        elif move is not None and previous is not None and number > 0:
            color, token = move
            value = previous.value_of(token) if previous.to_move is color else None
            if value is not None:
                black = value if color is BLACK else 1.0 - value
                estimates.append(LineEstimate(number, black, False, previous.ai))
        previous = analysis
    return estimates

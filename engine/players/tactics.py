"""Exact root tactics, for every level (setting ``tactics=on``; ours, not the thesis's).

Before any search, the position's one-move facts are exact and cheap:

* a cell that connects the side to move's edges at once wins: play it;
* if the opponent has exactly one cell that would connect its edges, every other move loses at
  once: block it (when both sides can win at once it is at the same cell: two winning chains
  cannot cross);
* if the opponent has two or more such cells, the position is lost whatever we play: the search
  still chooses a move (a human opponent may miss the win), and its snapshots say ``proven =
  "loss"`` with a note.

With ``tactics=solve`` the exact solver (:mod:`engine.solver`) runs first on boards of at most
64 cells, within a node budget (:func:`solver_budget`: a share of the move's time limit, or a
fixed budget without one): a proven win is played at once, a proven loss is reported like the
two-threat loss; past the budget the search decides as usual, in the time that is left.

With ``tactics=vc`` Hex knowledge (:func:`engine.analysis.root.analyse`) follows where the
solver gave no answer (too big, or past its budget): a position its virtual connections
decide is played or reported exactly (a proven win plays the connecting move; the next
genmove answers an intrusion the same way), and otherwise the search's root moves are
restricted to the cells left after the fill-in of dead and captured cells, inside the
must-play region when the opponent has semi connections between its edges (players whose
``supports_root_moves`` is True: UCT and the anthill; the others search every move). When the
analysis decides nothing and few empty cells remain, ``tactics=dfpn`` adds proof-number search
(:mod:`engine.dfpn`, :func:`proved_tactics`), which tries to prove the position within a share
of the move: a proven win is played and shown as proven, a proven loss reported. It is a
choice of its own, not part of ``vc`` and so not of the presets: at 9x9 it would take up to
0.3 of nearly every move after the twentieth, and no match has measured that yet.

The rules sit around a player (:class:`TacticalPlayer`), so no search kernel changes and the
thesis's levels, whose default is ``tactics=off``, play exactly as before.
"""

from __future__ import annotations

import dataclasses
import math
import time
from dataclasses import dataclass

import numpy as np
from hexswarm.engine.board import BLACK, BLACK_STONE, EMPTY, WHITE_STONE, Board, Color
from hexswarm.engine.players.base import MoveChoice, Player
from hexswarm.engine.players.common import move_limit_s, require_open
from hexswarm.engine.search.snapshot import SearchSnapshot, SnapshotCallback, StopCheck
from hexswarm.engine.search.timing import stop_at


def _edge_cells(board: Board, color: Color) -> tuple[list[int], list[int]]:
    """Black's top and bottom rows, or White's left and right columns."""
    n = board.size
    if color is BLACK:
        return list(range(n)), list(range(n * (n - 1), n * n))
    return list(range(0, n * n, n)), list(range(n - 1, n * n, n))


def _reached(board: Board, stone: int, edge: list[int]) -> set[int]:
    """The stones of code ``stone`` connected to the ``edge`` cells."""
    cells, neighbours = board.cells, board.neighbours
    seen = {c for c in edge if cells[c] == stone}
    stack = list(seen)
    while stack:
        cell = stack.pop()
        for nb in neighbours[cell]:
            if nb >= 0 and cells[nb] == stone and int(nb) not in seen:
                seen.add(int(nb))
                stack.append(int(nb))
    return seen


def _touching(board: Board, group: set[int], edge: list[int]) -> set[int]:
    """Empty cells on ``edge`` or next to a stone of ``group``."""
    cells, neighbours = board.cells, board.neighbours
    touching = {c for c in edge if cells[c] == EMPTY}
    for cell in group:
        touching.update(int(nb) for nb in neighbours[cell] if nb >= 0 and cells[nb] == EMPTY)
    return touching


def immediate_wins(board: Board, color: Color) -> list[int]:
    """The empty cells where one stone of ``color`` joins its two edges, in index order."""
    stone = BLACK_STONE if color is BLACK else WHITE_STONE
    edge_a, edge_b = _edge_cells(board, color)
    near_a = _touching(board, _reached(board, stone, edge_a), edge_a)
    near_b = _touching(board, _reached(board, stone, edge_b), edge_b)
    return sorted(near_a & near_b)


@dataclass(frozen=True, slots=True)
class RootTactics:
    """What the one-move rules say about a position, for the side to move.

    ``move`` is the move they dictate (``None``: search); ``proven`` is ``"win"``, ``"loss"`` or
    ``None``; ``note`` says why, with cell names.
    """

    move: int | None
    proven: str | None
    note: str


# The H-search's budget per colour in ``tactics=vc`` (engine.analysis.connections): AND
# combinations per second of the move's limit. About 100-300 k a second ran on the loaded
# 2-vCPU machine; a 13x13 middle game needs up to ~40 k a colour (9x9: ~9 k), so at 1 s it
# completes there and takes at most about a third of the move; 19x19 and larger are cut short.
ANALYSIS_STEPS_PER_SECOND = 40_000
ANALYSIS_STEPS = 40_000  # without a time limit

SOLVER_NODES = 300_000  # without a time limit, or with many empty cells
# With a limit, and few enough empty cells for the solver to have a chance (the hard tactics
# suite's positions have 24-29; on 7x7 most positions with 31 need over 50 M nodes): nodes per
# second of the limit. The solver runs 5-6 M nodes a second on one core here, so this is about
# a fifth of the move; at 1 s it proves 37 of the 44 positions of the hard suite where 300 000
# nodes proved 29. With more empty cells it would only take time from the search.
SOLVER_NODES_PER_SECOND = 1_000_000
SOLVER_EMPTY_CELLS = 30
MIN_SOLVER_NODES = 20_000


def solver_budget(time_s: float | None, empty_cells: int) -> int:
    """The solver's node budget for a move with time limit ``time_s`` (None: no limit) in a
    position with ``empty_cells`` empty cells."""
    if time_s is None:
        return SOLVER_NODES
    if empty_cells > SOLVER_EMPTY_CELLS:
        return min(SOLVER_NODES, round(SOLVER_NODES_PER_SECOND * time_s))
    return max(MIN_SOLVER_NODES, round(SOLVER_NODES_PER_SECOND * time_s))


def solved_tactics(board: Board, budget: int = SOLVER_NODES) -> RootTactics | None:
    """The exact solver's verdict within ``budget`` nodes, or ``None`` (too big)."""
    from hexswarm.engine.solver import MAX_CELLS, SolverBudgetExceeded, winning_move

    if board.size * board.size > MAX_CELLS:
        return None
    try:
        move = winning_move(board, budget)
    except SolverBudgetExceeded:
        return None
    if move is None:
        return RootTactics(None, "loss", "lost: proved by the exact solver")
    return RootTactics(move, "win", f"{board.cell_name(move)} wins (proved by the solver)")


# DFPN (engine.dfpn) in ``tactics=dfpn``, after Hex knowledge, on square boards up to 13x13 with
# at most DFPN_EMPTY_CELLS empty cells (the real suite's positions have 43-80; with more, a
# proof within a move's budget is rare): nodes per second of the move's limit, and at most
# DFPN_SHARE of the limit in time (under the heaviest load seen, 10-12 k nodes ran a second).
DFPN_EMPTY_CELLS = 60
DFPN_NODES_PER_SECOND = 10_000
# Without a time limit (20 000 nodes took 6.5 s on an open 11x11 board under heavy load).
DFPN_NODES = 10_000
DFPN_SHARE = 0.3


def proves_by_dfpn(board: Board) -> bool:
    """Whether :func:`proved_tactics` would run DFPN on ``board`` (a square board up to 13x13
    with at most :data:`DFPN_EMPTY_CELLS` empty cells)."""
    from hexswarm.engine.dfpn import MAX_SIZE

    return board.is_square and board.size <= MAX_SIZE and board.empty_count <= DFPN_EMPTY_CELLS


def proved_tactics(
    board: Board, time_s: float | None, should_stop: StopCheck | None = None
) -> RootTactics | None:
    """DFPN's verdict within its budget for a move with limit ``time_s`` (None: no limit), or
    ``None`` (too many empty cells, not a square board up to 13x13, not settled, or stopped:
    ``should_stop`` is asked between chunks of 1 000 nodes)."""
    from hexswarm.engine.dfpn import prove

    if not proves_by_dfpn(board):
        return None
    if time_s is None:
        proof = prove(board, nodes=DFPN_NODES, should_stop=should_stop)
    else:
        nodes = max(1, round(DFPN_NODES_PER_SECOND * time_s))
        proof = prove(board, nodes=nodes, seconds=DFPN_SHARE * time_s, should_stop=should_stop)
    if proof.winner is None:
        return None
    if proof.move is None:
        return RootTactics(None, "loss", "lost: proved by DFPN")
    return RootTactics(proof.move, "win", f"{board.cell_name(proof.move)} wins (proved by DFPN)")


def root_tactics(board: Board) -> RootTactics:
    """The one-move rules applied to ``board`` (the game must not be over)."""
    require_open(board)
    wins = immediate_wins(board, board.to_move)
    if wins:
        return RootTactics(wins[0], "win", f"{board.cell_name(wins[0])} wins at once")
    threats = immediate_wins(board, board.to_move.opponent)
    if len(threats) == 1:
        name = board.cell_name(threats[0])
        return RootTactics(threats[0], None, f"{name} blocks the opponent's only winning cell")
    if threats:
        names = ", ".join(board.cell_name(c) for c in threats)
        return RootTactics(None, "loss", f"lost: the opponent wins at any of {names}")
    return RootTactics(None, None, "")


def decided_snapshot(
    player: str,
    board: Board,
    move: int | str,
    estimate: float,
    proven: str | None,
    note: str,
    position_id: int,
) -> MoveChoice:
    """A move decided without a search, with the one-line snapshot that tells why;
    ``estimate`` NaN when the rule gives no value (see ``SearchSnapshot.estimate``). The move's
    value (``root_values``) is the estimate: the mover's win rate after it (its one agent's
    "active" share, 0 unless proven won, had been read as the value: the game graph showed
    Black 100 % after the table's swap, round 15)."""
    label = move if isinstance(move, int) else -1
    snapshot = SearchSnapshot(
        position_id=position_id,
        player=player,
        to_move=board.to_move.value,
        iteration=0,
        playouts=0,
        elapsed_s=0.0,
        root_moves=(label,),
        root_agents=(1,),
        root_active=(1 if proven == "win" else 0,),
        root_values=() if math.isnan(estimate) else (float(estimate),),
        best_move=label,
        estimate=estimate,
        principal_variation=(label,),
        done=True,
        proven=proven,
        note=note,
    )
    return MoveChoice(move, snapshot)


SOLVER_TACTICS = ("solve", "vc", "dfpn")
"""The ``tactics`` settings that run the exact solver (``vc`` runs it before Hex knowledge)."""


class TacticalPlayer:
    """``player`` with the root tactics applied first; the same ``name``, ``settings`` and
    ``spec()``. Thread rules as for the wrapped player."""

    def __init__(
        self, player: Player, solve: bool = False, analyse: bool = False, prove: bool = False
    ):
        self.player = player
        self.solve = solve
        self.analyse = analyse
        self.prove = prove
        self.name = player.name
        self.settings = getattr(player, "settings", None)  # an external engine has none

    def spec(self) -> str:
        return self.player.spec()

    def choose_move(
        self,
        board: Board,
        *,
        on_snapshot: SnapshotCallback | None = None,
        should_stop: StopCheck | None = None,
        position_id: int = 0,
    ) -> MoveChoice:
        start = time.monotonic()
        tactics = root_tactics(board)
        limit = getattr(self.settings, "time_s", None)
        if self.solve and tactics.move is None and tactics.proven is None:
            budget = solver_budget(limit, board.empty_count)
            tactics = solved_tactics(board, budget) or tactics
        root_moves = filled = None
        if self.analyse and tactics.move is None and tactics.proven is None:
            steps = ANALYSIS_STEPS if limit is None else round(ANALYSIS_STEPS_PER_SECOND * limit)
            tactics, root_moves, filled = self._analysed(board, steps)
            if self.prove and tactics.move is None and tactics.proven is None:
                tactics = proved_tactics(board, limit) or tactics
        # The solver's and the analysis's time counts against the move's limit (a search after
        # the solver would otherwise run its whole limit on top: 1.11-1.13 s at 1 s on 7x7 and
        # 8x8), and against a clock's cap on a count budget (time_cap_s; the tactics then keep
        # the budgets they have without a limit, as the level does).
        deadline = move_limit_s(self.settings)
        if self.solve and deadline is not None:
            should_stop = stop_at(start, float(deadline), should_stop)
        if tactics.move is not None:
            # A forced block has no value: no search ran, and 50% would be an invented one.
            value = 1.0 if tactics.proven == "win" else math.nan
            choice = decided_snapshot(
                self.name, board, tactics.move, value, tactics.proven, tactics.note, position_id
            )
            if on_snapshot is not None and choice.snapshot is not None:
                on_snapshot(choice.snapshot)
            return choice
        options: dict[str, object] = {} if root_moves is None else {"root_moves": root_moves}
        if filled is not None and getattr(self.settings, "root_fill", False):
            options["filled"] = filled  # the search's board: see UCTPlayer, root_fill
        if tactics.proven is None and not tactics.note:
            return self.player.choose_move(
                board,
                on_snapshot=on_snapshot,
                should_stop=should_stop,
                position_id=position_id,
                **options,
            )

        def noted(snapshot: SearchSnapshot) -> SearchSnapshot:
            return dataclasses.replace(snapshot, proven=tactics.proven, note=tactics.note)

        choice = self.player.choose_move(
            board,
            on_snapshot=None if on_snapshot is None else lambda s: on_snapshot(noted(s)),
            should_stop=should_stop,
            position_id=position_id,
            **options,
        )
        snapshot = None if choice.snapshot is None else noted(choice.snapshot)
        return MoveChoice(choice.move, snapshot)

    def _analysed(
        self, board: Board, budget: int
    ) -> tuple[RootTactics, tuple[int, ...] | None, np.ndarray | None]:
        """Hex knowledge's verdict, the root moves to search (None: every move) and the
        board's cells after the fill-in (None when the verdict needs no search)."""
        from hexswarm.engine.analysis.root import analyse

        analysis = analyse(board, budget)
        consider = analysis.consider
        if analysis.proven is not None:
            return RootTactics(analysis.move, analysis.proven, analysis.note), None, None
        if len(consider) == 1:
            # The only move that neither loses at once nor is inferior to another: if
            # anything wins, it does.
            note = f"{board.cell_name(consider[0])}: the only move left by Hex knowledge"
            return RootTactics(consider[0], None, note), None, None
        filled = analysis.inferior.filled
        if len(consider) < board.empty_count and getattr(self.player, "supports_root_moves", False):
            return RootTactics(None, None, analysis.note), consider, filled
        return RootTactics(None, None, analysis.note), None, filled


REVIEW_PROOF_SECONDS = 1.0
"""The most the whole-game review budgets its proof of one position as: the budgets of a move
of ``min(seconds a position, REVIEW_PROOF_SECONDS)`` seconds (:func:`review_proof_seconds`;
at 1 s: the solver 1 000 000 nodes with at most 30 empty cells, else 300 000; the H-search
40 000 steps a colour; DFPN 10 000 nodes and 0.3 s), whatever the analyst's seconds. The
proof runs before the analyst's seconds start (``hexgui.engine_worker``): the seconds the
user gives a position are all the analyst's, an external engine's included (round 16; until
then a proof of up to 1.1 s under load came out of an engine's 1 s). On the positions of a
9x9 game it took 0.02-0.36 s of CPU (up to 1.1 s of wall-clock under a load of 7)."""


def review_proof_seconds(seconds: float | None) -> float:
    """The ``time_s`` the review proves a position with when it searches each for ``seconds``
    (None: no limit): :data:`REVIEW_PROOF_SECONDS` at most."""
    return REVIEW_PROOF_SECONDS if seconds is None else min(seconds, REVIEW_PROOF_SECONDS)


def proof_kernel_groups(board: Board, later: bool = False) -> tuple[str, ...]:
    """The kernel groups (``engine.warmup``) :func:`prove_position` may call on ``board``: the
    solver's on boards of at most 64 cells, DFPN's where :func:`proves_by_dfpn` (both on the
    square a rectangle is embedded in); with ``later``, those it may call on any position of
    the game on this board (DFPN's once few enough cells are empty). The rest of the proof is
    pure Python. A review waits for these only, position by position, and has the ``later``
    ones compiled next: the positions of an opening need no DFPN, so the first review of a
    session starts while DFPN's kernels still compile (round 16), and on boards of more than
    64 cells the solver's are not waited for at all."""
    from hexswarm.engine.dfpn import MAX_SIZE
    from hexswarm.engine.search.environment import embedded_board
    from hexswarm.engine.solver import MAX_CELLS

    if not later and (board.is_over or (board.swap_rule and not board.moves)):
        return ()
    square = embedded_board(board)
    groups: tuple[str, ...] = ("solver",) if square.size * square.size <= MAX_CELLS else ()
    if proves_by_dfpn(square) or (later and square.size <= MAX_SIZE):
        groups += ("dfpn",)
    return groups


def prove_position(
    board: Board, time_s: float | None = None, should_stop: StopCheck | None = None
) -> RootTactics | None:
    """What the exact tactics prove about ``board`` for its side to move, cheaply, or None
    when none of them settles it: the one-move rules (:func:`root_tactics`), the exact solver
    (boards of at most 64 cells, :func:`solved_tactics`), Hex knowledge's virtual connections
    and fill-in (:func:`engine.analysis.root.analyse`), and DFPN (square boards up to 13x13
    with at most :data:`DFPN_EMPTY_CELLS` empty cells, :func:`proved_tactics`), each within
    the budget :class:`TacticalPlayer` gives them for a move of ``time_s`` seconds (None: their
    fixed budgets). A "win" comes with a winning move; a "loss" with none. A rectangle is
    proved on its square embedding (``engine.search.environment``), its move given in the
    rectangle's cells. Every verdict is exact: a position these do not settle may still be
    won or lost. The proofs play cells only: with the swap rule nothing is claimed before the
    first move (the opponent may swap whatever it is), and no loss while the side to move may
    swap (a win by a cell stays one). ``should_stop`` (a Stop, any thread) is asked before
    each of the four, inside the H-search (every 32 connections it takes) and between DFPN's
    chunks of 1 000 nodes: a stopped proof gives what it proved so far (None when nothing
    yet) instead of running its whole budget; only the solver's one call (boards of at most
    64 cells) is not cut.
    Any thread (pure Python and ``nogil`` kernels, on private copies)."""
    from hexswarm.engine.analysis.root import analyse
    from hexswarm.engine.search.environment import embedded_board, rectangle_cell

    require_open(board)
    if board.swap_rule and not board.moves:
        return None

    def stopped() -> bool:
        return should_stop is not None and should_stop()

    square = embedded_board(board)
    tactics = root_tactics(square)
    if tactics.proven is None and not stopped():
        budget = solver_budget(time_s, square.empty_count)
        tactics = solved_tactics(square, budget) or tactics
    if tactics.proven is None and not stopped():
        steps = ANALYSIS_STEPS if time_s is None else round(ANALYSIS_STEPS_PER_SECOND * time_s)
        analysis = analyse(square, steps, should_stop)
        if analysis.proven is not None:
            tactics = RootTactics(analysis.move, analysis.proven, analysis.note)
    if tactics.proven is None and not stopped():
        tactics = proved_tactics(square, time_s, should_stop) or tactics
    if tactics.proven is None:
        return None
    if tactics.proven == "loss" or tactics.move is None:
        # The proofs play cells only: a side that may still swap is not lost by them.
        return None if board.swap_allowed() else RootTactics(None, "loss", tactics.note)
    width, height = board.shape
    move = tactics.move if square is board else rectangle_cell(tactics.move, width, height)
    return RootTactics(move, "win", tactics.note)


def proven_choice(
    board: Board,
    time_s: float | None,
    player: str,
    position_id: int = 0,
    should_stop: StopCheck | None = None,
) -> MoveChoice | None:
    """The position proven by :func:`prove_position` (``time_s`` and ``should_stop`` as
    there), as a move decided without a search
    whose snapshot says ``proven`` (estimate 1 for a win, 0 for a loss), or None when it is
    not proven (search it). The move of a proven win is the proof's; in a proven loss, where
    every move loses, a cell on the opponent's shortest way between its edges (the first
    empty cell when none is on one). What the whole-game review records for a position it can
    prove (``hexgui.game_analysis``): an exact value, not a search's estimate."""
    from hexswarm.engine.analysis.root import shortest_way_cell
    from hexswarm.engine.search.environment import embedded_board, rectangle_cell

    tactics = prove_position(board, time_s, should_stop)
    if tactics is None:
        return None
    if tactics.proven == "win" and tactics.move is not None:
        return decided_snapshot(player, board, tactics.move, 1.0, "win", tactics.note, position_id)
    square = embedded_board(board)
    move = shortest_way_cell(square, board.to_move.opponent)
    if move is None:
        move = int(np.flatnonzero(square.cells == EMPTY)[0])
    if square is not board:
        move = rectangle_cell(move, *board.shape)
    return decided_snapshot(player, board, move, 0.0, "loss", tactics.note, position_id)

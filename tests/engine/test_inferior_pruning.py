"""Pruning of captured and vulnerable cells in the tree (``prune_captured``,
``prune_vulnerable``; ours, after MoHex 2.0's prior pruning of pattern types 1 and 2).

Two independent checks: the cells the kernel prunes are those the inferior-cell analysis
(engine.analysis.inferior: ``is_dead``, ``captures_pair``, read from the board) calls captured
by the opponent or vulnerable, at the root and at the nodes below it; and on random small
positions the exact solver finds that a pruned cell never holds the only winning moves: when
one wins, a move left unpruned wins too."""

from __future__ import annotations

import numpy as np
import pytest
from hexswarm.engine.analysis.inferior import captures_pair, is_dead, ring_table
from hexswarm.engine.board import BLACK, BLACK_STONE, EMPTY, WHITE_STONE, Board, HexError
from hexswarm.engine.patterns import CODES, THEIRS, dead_table, killer_table
from hexswarm.engine.patterns import EMPTY as OPEN
from hexswarm.engine.search.environment import hex_environment
from hexswarm.engine.search.limits import SearchLimits
from hexswarm.engine.search.uct import UctConfig, UctSearch
from hexswarm.engine.solver import SolverBudgetExceeded, winning_moves
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

TABLE = "hex6-mohex-9x9"  # every gamma > 0: a prior of 0 is a pruned move


def opponent_of(board: Board) -> int:
    """The stone of the player *not* to move."""
    return WHITE_STONE if board.to_move == BLACK else BLACK_STONE


def vulnerable_cells(cells: np.ndarray, size: int, opponent: int) -> set[int]:
    """Live empty cells where an opponent stone on an empty neighbour would make the cell
    dead (the reference, from the board analysis)."""
    ring = ring_table(size)
    found = set()
    for cell in np.flatnonzero(cells == EMPTY).tolist():
        if is_dead(cells, ring, cell):
            continue
        for killer in ring[cell].tolist():
            if killer < 0 or cells[killer] != EMPTY:
                continue
            cells[killer] = opponent
            killed = is_dead(cells, ring, cell)
            cells[killer] = EMPTY
            if killed:
                found.add(cell)
                break
    return found


def captured_cells(cells: np.ndarray, size: int, opponent: int) -> set[int]:
    """Live empty cells in a pair the opponent captures (the reference:
    ``engine.analysis.inferior.captures_pair``)."""
    ring = ring_table(size)
    return {
        cell
        for cell in np.flatnonzero(cells == EMPTY).tolist()
        if not is_dead(cells, ring, cell)
        and any(
            captures_pair(cells, ring, cell, other, opponent)
            for other in ring[cell].tolist()
            if other >= 0 and cells[other] == EMPTY
        )
    }


def random_board(rng, size: int, stones: int) -> Board:
    board = Board(size)
    for _ in range(stones):
        empty = np.flatnonzero(board.cells == EMPTY)
        board.play(int(rng.choice(empty)))
        if board.winner is not None:
            board.undo()
            break
    return board


def test_the_killer_table_is_the_dead_table_one_stone_on():
    dead, killers = dead_table(), killer_table()
    for side in range(2):
        for code in range(0, CODES, 7):
            expected = 0
            if not dead[side, code]:
                for i in range(6):
                    if (code >> (2 * i)) & 3 == OPEN and dead[side, code | THEIRS << (2 * i)]:
                        expected |= 1 << i
            assert killers[side, code] == expected
    assert 0 < np.count_nonzero(killers) < killers.size // 4


def _pruned_children(board: Board, option: str, playouts: int = 400):
    """{node position (the board after the path): set of cells of its children of prior 0}
    for the root and every expanded node below it, after a seeded search with ``option``."""
    env = hex_environment(board)
    config = UctConfig(seed=5, rave=True, priors=TABLE, leaf_playouts=1, **{option: True})
    search = UctSearch(config)
    search.run(env, SearchLimits(playouts=playouts))
    tree = search.trees[0]
    found = []
    stack = [(0, board.copy())]
    while stack:
        node, position = stack.pop()
        children = tree.children(node)
        if len(children) == 0:
            continue
        pruned = set()
        for child in children:
            cell = int(env.action_cells[int(tree.actions[child])])
            if float(tree.prior[child]) == 0.0:
                pruned.add(cell)
            if len(tree.children(child)) > 0:
                after = position.copy()
                after.play(cell)
                if after.winner is None:
                    stack.append((child, after))
        found.append((position, pruned))
    return found


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize(
    ("option", "reference"),
    [("prune_captured", captured_cells), ("prune_vulnerable", vulnerable_cells)],
)
def test_the_tree_prunes_what_the_board_analysis_finds(seed, option, reference):
    rng = np.random.default_rng(100 + seed)
    size = int(rng.integers(4, 10))
    board = random_board(rng, size, int(rng.integers(size, size * size // 2)))
    nodes = _pruned_children(board, option)
    assert len(nodes) > 1
    for position, pruned in nodes:
        cells = position.cells.copy()
        assert pruned == reference(cells, position.size, opponent_of(position))


def test_some_root_moves_are_pruned_and_captured_ones_are_vulnerable():
    """On seeded middle games both prunings find cells, the captured ones among the
    vulnerable ones, and fewer of them."""
    rng = np.random.default_rng(7)
    captured = vulnerable = 0
    for _ in range(20):
        board = random_board(rng, 7, 22)
        cells = board.cells.copy()
        opponent = opponent_of(board)
        found_captured = captured_cells(cells, 7, opponent)
        found_vulnerable = vulnerable_cells(cells, 7, opponent)
        assert found_captured <= found_vulnerable
        captured += len(found_captured)
        vulnerable += len(found_vulnerable)
    assert 0 < captured < vulnerable


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    size=st.integers(4, 6),
    fill=st.floats(0.35, 0.75),
    seed=st.integers(0, 2**32 - 1),
)
def test_a_pruned_cell_never_holds_the_only_wins(size, fill, seed):
    """The exact solver's winning moves: when a captured or vulnerable cell wins, another
    move wins that neither pruning removes (or every empty cell is pruned: the search then
    keeps one)."""
    rng = np.random.default_rng(seed)
    board = random_board(rng, size, int(fill * size * size))
    if board.winner is not None:
        return
    cells = board.cells.copy()
    opponent = opponent_of(board)
    pruned = vulnerable_cells(cells, size, opponent) | captured_cells(cells, size, opponent)
    if not pruned:
        return
    empty = set(np.flatnonzero(cells == EMPTY).tolist())
    try:
        wins = set(winning_moves(board, budget=3_000_000))
    except SolverBudgetExceeded:
        assume(False)
    if wins & pruned and not empty <= pruned:
        assert wins - pruned


def test_the_options_need_priors():
    for option in ("prune_captured", "prune_vulnerable"):
        with pytest.raises(HexError, match=f"{option} needs priors"):
            UctConfig(rave=True, **{option: True})

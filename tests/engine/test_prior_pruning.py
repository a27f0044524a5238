"""Prior pruning (``prior_pruning``): dead cells, known from their 6-cell pattern, get prior 0
and are never chosen in the tree. Checked against the inferior-cell analysis read from the
board itself (engine.analysis.inferior), an independent route to the same ring test."""

from __future__ import annotations

import numpy as np
import pytest
from hexswarm.engine.analysis.inferior import is_dead, ring_table
from hexswarm.engine.board import Board
from hexswarm.engine.patterns import (
    RING,
    PatternTable,
    dead_table,
    load_table,
    owner_of,
    pattern_code12,
)
from hexswarm.engine.search.environment import hex_environment
from hexswarm.engine.search.limits import SearchLimits
from hexswarm.engine.search.uct import UctConfig, UctSearch


def _random_board(rng, size, fill):
    board = Board(size)
    for _ in range(int(fill * size * size)):
        empty = np.flatnonzero(board.cells == 0)
        board.play(int(rng.choice(empty)))
        if board.winner is not None:
            board.undo()
            break
    return board


def _raw_code(cells, size, cell, black_moves):
    """The code as the kernel reads it: the board's own ring order, owners for the mover."""
    row, col = divmod(cell, size)
    return sum(
        owner_of(cells, size, row + dr, col + dc, black_moves) << (2 * i)
        for i, (dr, dc) in enumerate(RING)
    )


@pytest.mark.parametrize("seed", range(8))
def test_the_dead_table_agrees_with_the_board_analysis(seed):
    rng = np.random.default_rng(seed)
    size = int(rng.integers(3, 10))
    board = _random_board(rng, size, float(rng.uniform(0.2, 0.8)))
    cells, ring = board.cells, ring_table(size)
    dead = dead_table()
    for cell in np.flatnonzero(cells == 0):
        expected = is_dead(cells, ring, int(cell))
        for side, black in ((0, True), (1, False)):
            assert dead[side, _raw_code(cells, size, int(cell), black)] == expected


def test_some_patterns_are_dead_and_most_are_not():
    dead = dead_table()
    assert dead[:, 0].tolist() == [False, False]  # an open centre
    assert 0 < dead.sum() < dead.size // 2


def _root_children(board, pruning, table, bias=2.47):
    """(prior, visits) of the root's children on dead cells and on the others."""
    env = hex_environment(board)
    config = UctConfig(
        seed=3,
        rave=True,
        priors=table,
        prior_pruning=pruning,
        leaf_playouts=1,
        prior_bias=bias,
    )
    search = UctSearch(config)
    result = search.run(env, SearchLimits(playouts=3000))
    tree = search.trees[0]
    dead, alive = [], []
    for c in tree.children(0):
        action = int(tree.actions[c])
        cell = int(env.action_cells[action])
        found = dead if is_dead(board.cells, ring_table(board.size), cell) else alive
        found.append((float(tree.prior[c]), int(result.visits[action])))
    return dead, alive


def _table_with_12_cell_gammas(tmp_path, board):
    """The bundled 6-cell table plus a 12-cell gamma (large) for every empty cell of ``board``
    for the player to move, dead cells included: pruning must still give those prior 0."""
    table = load_table("hex6-mohex-9x9")
    black = board.to_move.value == "black"
    gamma12 = {
        pattern_code12(board.cells, board.size, int(c), black): 50.0
        for c in np.flatnonzero(board.cells == 0)
    }
    path = tmp_path / "twelve.json"
    path.write_text(PatternTable(table.gamma, table.delta, "test", gamma12).to_json({}), "utf-8")
    return str(path)


def _position_with_a_dead_cell():
    rng = np.random.default_rng(11)  # the first seeded position with a dead cell
    for _ in range(50):
        board = _random_board(rng, 6, 0.45)
        empty = np.flatnonzero(board.cells == 0)
        if any(is_dead(board.cells, ring_table(6), int(c)) for c in empty):
            return board
    raise AssertionError("no seeded position with a dead cell")


@pytest.mark.parametrize("twelve", [False, True])
def test_the_search_never_plays_a_dead_cell_with_pruning(tmp_path, twelve):
    board = _position_with_a_dead_cell()
    table = _table_with_12_cell_gammas(tmp_path, board) if twelve else "hex6-mohex-9x9"
    dead, alive = _root_children(board, False, table)
    assert dead and all(prior > 0.0 for prior, _ in dead + alive)
    dead, alive = _root_children(board, True, table)
    assert all(prior == 0.0 and visits == 0 for prior, visits in dead)
    assert all(prior > 0.0 for prior, _ in alive)
    assert sum(prior for prior, _ in alive) == pytest.approx(1.0)


def test_pruning_holds_without_a_progressive_bias():
    """A bias of 0 turns the priors' pull off, not the pruning (it once did both)."""
    board = _position_with_a_dead_cell()
    dead, alive = _root_children(board, True, "hex6-mohex-9x9", bias=0.0)
    assert dead and all(visits == 0 for _, visits in dead)
    assert sum(visits for _, visits in alive) > 0


def test_pruning_needs_priors():
    with pytest.raises(ValueError, match="prior_pruning needs priors"):
        UctConfig(rave=True, prior_pruning=True)

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
from hexswarm.engine.search.anthill import AnthillConfig, AnthillSearch
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


def _root_children(board, pruning, table, search_kind="uct", bias=2.47):
    """(prior, visits) of the root's children on dead cells and on the others, searched by
    UCT or by the anthill (with `strong-swarm`'s rules: 64 tests a descent, the most visited
    move the rival, a failed agent takes the rival; then each child's tuple ends with the
    root agents holding it)."""
    env = hex_environment(board)
    settings = {
        "seed": 3,
        "rave": True,
        "priors": table,
        "prior_pruning": pruning,
        "prior_bias": bias,
    }
    if search_kind == "uct":
        search = UctSearch(UctConfig(leaf_playouts=1, **settings))
    else:
        search = AnthillSearch(AnthillConfig(leaf_playouts=1, tests=64, **settings))
    result = search.run(env, SearchLimits(playouts=3000))
    tree = search.trees[0]
    agents = search.root_population()[0] if search_kind == "anthill" else None
    dead, alive = [], []
    for c in tree.children(0):
        action = int(tree.actions[c])
        cell = int(env.action_cells[action])
        found = dead if is_dead(board.cells, ring_table(board.size), cell) else alive
        held = () if agents is None else (int(agents[action]),)
        found.append((float(tree.prior[c]), int(result.visits[action]), *held))
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


@pytest.mark.parametrize(
    ("twelve", "search_kind"), [(False, "uct"), (True, "uct"), (False, "anthill")]
)
def test_the_search_never_plays_a_dead_cell_with_pruning(tmp_path, twelve, search_kind):
    """With pruning no dead cell is searched: UCT's choice skips them, and the anthill's
    agents never hold them (new populations spread over the live moves, an agent on a pruned
    move always fails its test); the live moves share the priors."""
    board = _position_with_a_dead_cell()
    table = _table_with_12_cell_gammas(tmp_path, board) if twelve else "hex6-mohex-9x9"
    dead, alive = _root_children(board, False, table, search_kind)
    assert dead and all(child[0] > 0.0 for child in dead + alive)
    dead, alive = _root_children(board, True, table, search_kind)
    assert all(child[0] == 0.0 and child[1] == 0 and sum(child[2:]) == 0 for child in dead)
    assert all(child[0] > 0.0 for child in alive)
    assert sum(child[0] for child in alive) == pytest.approx(1.0)
    if search_kind == "anthill":
        assert sum(child[2] for child in alive) == 4 * (len(dead) + len(alive))


@pytest.mark.parametrize("search_kind", ["uct", "anthill"])
def test_pruning_holds_without_a_progressive_bias(search_kind):
    """A bias of 0 turns the priors' pull off, not the pruning (UCT's choice once did both)."""
    board = _position_with_a_dead_cell()
    dead, alive = _root_children(board, True, "hex6-mohex-9x9", search_kind, bias=0.0)
    assert dead and all(child[1] == 0 and sum(child[2:]) == 0 for child in dead)
    assert sum(child[1] for child in alive) > 0


def test_pruning_needs_priors():
    with pytest.raises(ValueError, match="prior_pruning needs priors"):
        UctConfig(rave=True, prior_pruning=True)

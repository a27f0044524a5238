"""The intrusion bonus in the priors (``intrusion_bonus``; ours, after MoHex 2.0's vcm_gamma;
issue 29, round 13): when the last move took one carrier cell of a bridge or edge template II
of the side to move, the cell that restores it gets a gamma added to its prior weight. Checked
against the slow references of the playouts' answers (:func:`tests.naive.bridge_answers`,
:func:`tests.naive.template_answers`) and of the priors (:func:`engine.patterns.move_priors`),
on random positions and on planted ones, and by a seeded search."""

from __future__ import annotations

import numpy as np
import pytest
from hexswarm.engine.board import Board, HexError
from hexswarm.engine.patterns import load_table, move_priors
from hexswarm.engine.search.anthill import AnthillConfig, AnthillSearch
from hexswarm.engine.search.environment import hex_environment
from hexswarm.engine.search.limits import SearchLimits
from hexswarm.engine.search.uct import UctConfig, UctSearch
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.engine.boards import random_board
from tests.naive import bridge_answers, template_answers

TABLE = "hex12-mohex-9x9-550g"


def _answers(board: Board) -> list[int]:
    """The cells that restore a bridge or edge template II of the side to move that its
    opponent's last move intruded into (the slow references)."""
    last = int(board.moves[-1].cell)
    stone = 1 if board.to_move.value == "black" else 2
    found = bridge_answers(board.cells, board.size, last, stone)
    found += template_answers(board.cells, board.size, last, stone)
    return sorted(set(found))


def _root_priors(board: Board, bonus: float, table: str = TABLE) -> dict[int, float]:
    """The priors the search gives the root's moves (cell -> prior)."""
    env = hex_environment(board)
    search = UctSearch(
        UctConfig(seed=1, rave=True, priors=table, leaf_playouts=1, intrusion_bonus=bonus),
        last_cell=int(board.moves[-1].cell),
    )
    search.run(env, SearchLimits(playouts=1))
    tree = search.trees[0]
    return {int(env.action_cells[tree.actions[c]]): float(tree.prior[c]) for c in tree.children(0)}


def _expected(board: Board, bonus: float) -> dict[int, float]:
    black = board.to_move.value == "black"
    last = int(board.moves[-1].cell)
    added = dict.fromkeys(_answers(board), bonus)
    return move_priors(load_table(TABLE), board.cells, board.size, black, last, added)


def _assert_priors_match(board: Board, bonus: float) -> None:
    got = _root_priors(board, bonus)
    expected = _expected(board, bonus)
    assert got.keys() == expected.keys()
    for cell, p in expected.items():
        assert got[cell] == pytest.approx(p, rel=1e-12, abs=1e-15), board.cell_name(cell)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**31), bonus=st.sampled_from([0.5, 40.0, 1000.0]))
def test_root_priors_add_the_bonus_to_the_references_answers(seed, bonus):
    """On random positions (some stones, the last one the opponent's), the kernel's root
    priors are the slow reference's with ``bonus`` added to the weights of the cells the
    playouts' reference answers name, normalised."""
    rng = np.random.default_rng(seed)
    size = int(rng.integers(2, 10))
    board = random_board(rng, size, int(rng.integers(1, size * size)))
    _assert_priors_match(board, bonus)


# Planted intrusions on 9x9: (moves, the answer). Black joins top and bottom (rows 1 and 9),
# White left and right (columns a and i).
PLANTED = (
    (("e4", "a1", "d6", "e5"), "d5"),  # Black's bridge e4-d6, White took e5
    (("e4", "a1", "d6", "d5"), "e5"),  # the same bridge, the other carrier cell
    (("a9", "e4", "a1", "f5", "e5"), "f4"),  # White's bridge e4-f5, Black took e5
    (("e2", "a5", "a6", "e1"), "f1"),  # Black's template II on the top edge
    (("e8", "a5", "a6", "d9"), "e9"),  # Black's template II on the bottom edge
    (("a9", "b5", "a6"), "a5"),  # White's template II on the left edge
    (("a9", "h4", "i3"), "i4"),  # White's template II on the right edge
)


@pytest.mark.parametrize(("moves", "answer"), PLANTED)
def test_planted_intrusions_have_their_answer_and_the_bonus(moves, answer):
    board = Board.from_moves(9, moves)
    answers = [board.cell_name(c) for c in _answers(board)]
    assert answer in answers
    for bonus in (0.0, 40.0):
        _assert_priors_match(board, bonus)
    before = _root_priors(board, 0.0)[board.cell_index(answer)]
    after = _root_priors(board, 40.0)[board.cell_index(answer)]
    assert after > before


def test_no_intrusion_no_change():
    """The last move took no carrier of the mover's: the bonus changes no prior."""
    board = Board.from_moves(9, ("e4", "a1", "d6", "i9"))
    assert _answers(board) == []
    assert _root_priors(board, 40.0) == _root_priors(board, 0.0)


def test_the_bonus_needs_priors_and_is_not_negative():
    with pytest.raises(HexError, match="intrusion_bonus needs priors"):
        UctConfig(rave=True, intrusion_bonus=1.0)
    with pytest.raises(HexError, match="intrusion_bonus must be 0"):
        UctConfig(rave=True, priors=TABLE, intrusion_bonus=-1.0)


def test_random_positions_with_intrusions_match_the_reference():
    """The first 30 seeded random positions in which the last move did intrude (a sixth of
    them do): the same check, so that every run sees intrusions on boards of every size."""
    rng = np.random.default_rng(13)
    found = 0
    while found < 30:
        size = int(rng.integers(2, 10))
        board = random_board(rng, size, int(rng.integers(1, size * size)))
        if _answers(board):
            found += 1
            _assert_priors_match(board, float(rng.choice([0.5, 40.0, 1000.0])))


# Move 31 of game 14 of docs/results/priors/local-550g-vs-strong-20k/: White's e6 took a
# carrier cell of Black's bridge e5-f6, whose other carrier cell is f5. Both
# f5 and e7 win for Black (the proof-number solver, engine.dfpn.prove, on the positions after
# each); the priors give f5 0.113 of the mass (rank 2).
SAVE_POSITION = (
    "b6 f4 g4 g3 i2 h3 c7 c4 d4 c6 e5 e4 d5 e2 f2 e3 i3 h4 i4 h5 i5 h7 h6 g7 g6 f7 f6 c9 b8 e6"
)


def test_a_seeded_search_prefers_the_save_with_the_bonus():
    """The same seeded search (RAVE, priors, 8 template playouts a leaf, 4 000 playouts):
    without the bonus it plays e7 and gives the save f5 192 visits; with 40 it plays f5."""
    board = Board.from_moves(9, SAVE_POSITION.split())
    assert [board.cell_name(c) for c in _answers(board)] == ["f5"]
    found = []
    for bonus in (0.0, 40.0):
        env = hex_environment(board, "template")
        config = UctConfig(seed=5, rave=True, priors=TABLE, leaf_playouts=8, intrusion_bonus=bonus)
        search = UctSearch(config, last_cell=int(board.moves[-1].cell))
        result = search.run(env, SearchLimits(playouts=4000))
        names = [board.cell_name(int(c)) for c in env.action_cells]
        found.append((names[result.best_action], int(result.visits[names.index("f5")])))
    assert found[0] == ("e7", 192)
    assert found[1][0] == "f5"
    assert found[1][1] > 4 * found[0][1]


def test_a_node_below_the_root_gets_the_bonus_for_the_intrusion_that_led_to_it():
    """Inside the tree the last move is the path's: White to move intrudes into Black's bridge
    e4-d6 at e5 (the root's only move searched); the node after it gives Black's children the
    reference's priors with the bonus on d5."""
    board = Board.from_moves(9, ("e4", "a1", "d6"))
    env = hex_environment(board)
    cells = [int(c) for c in env.action_cells]
    intrusion = cells.index(board.cell_index("e5"))
    config = UctConfig(seed=1, rave=True, priors=TABLE, leaf_playouts=1, intrusion_bonus=40.0)
    search = UctSearch(config, root_actions=[intrusion], last_cell=int(board.moves[-1].cell))
    search.run(env, SearchLimits(playouts=8))
    tree = search.trees[0]
    node = tree.child_by_action(0, intrusion)
    got = {cells[tree.actions[c]]: float(tree.prior[c]) for c in tree.children(node)}
    after = Board.from_moves(9, ("e4", "a1", "d6", "e5"))
    assert _answers(after) == [after.cell_index("d5")]
    expected = _expected(after, 40.0)
    assert got.keys() == expected.keys()
    for cell, p in expected.items():
        assert got[cell] == pytest.approx(p, rel=1e-12, abs=1e-15)


def test_the_anthill_reads_the_bonus_as_uct_does():
    """The anthill (``strong-swarm``'s search) shares UCT's priors: with the bonus its root's
    priors are UCT's, the answer's raised (round 15: the swarm with C's settings)."""
    board = Board.from_moves(9, PLANTED[0][0])
    env = hex_environment(board)

    def anthill_priors(bonus: float) -> dict[int, float]:
        config = AnthillConfig(seed=1, rave=True, priors=TABLE, intrusion_bonus=bonus)
        search = AnthillSearch(config, last_cell=int(board.moves[-1].cell))
        search.run(env, SearchLimits(playouts=1))
        tree = search.trees[0]
        return {
            int(env.action_cells[tree.actions[c]]): float(tree.prior[c]) for c in tree.children(0)
        }

    answer = board.cell_index(PLANTED[0][1])
    assert anthill_priors(282.0) == _root_priors(board, 282.0)
    assert anthill_priors(282.0)[answer] > anthill_priors(0.0)[answer]

"""The exact solver against plain minimax (tests/naive_search.py) on the smallest boards, its
proof sets, its budget, and known answers."""

from __future__ import annotations

import pytest
from hexswarm.engine.board import BLACK, WHITE, Board, HexError
from hexswarm.engine.solver import (
    DEFAULT_BUDGET,
    SolverBudgetExceeded,
    solve,
    winning_move,
    winning_moves,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.naive_search import solve as naive_solve
from tests.naive_search import winning_moves as naive_winning_moves


@st.composite
def open_positions(draw, size: int, min_stones: int):
    """An unfinished position: random stones of both colours (any counts) and a side to move."""
    cells = list(range(size * size))
    stones = draw(st.integers(min_stones, size * size - 1))
    chosen = draw(st.permutations(cells))[:stones]
    colours = draw(st.lists(st.booleans(), min_size=stones, max_size=stones))
    board = Board(size)
    black = [c for c, is_black in zip(chosen, colours, strict=True) if is_black]
    white = [c for c, is_black in zip(chosen, colours, strict=True) if not is_black]
    board.setup(black, white, to_move=BLACK if draw(st.booleans()) else WHITE)
    return board


def _naive_outcome(board: Board) -> bool:
    black = frozenset(board.stones(BLACK))
    white = frozenset(board.stones(WHITE))
    black_wins = naive_solve(board.size, black, white, board.to_move is BLACK)
    return black_wins == (board.to_move is BLACK)


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_winning_moves_equal_plain_minimax_on_3x3_and_4x4(data):
    size = data.draw(st.sampled_from((2, 3, 4)))
    board = data.draw(open_positions(size, min_stones=0 if size < 4 else 6))
    if board.is_over:
        return
    assert winning_moves(board) == naive_winning_moves(board)
    assert solve(board)[0] == _naive_outcome(board)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_a_proof_set_is_a_proof(data):
    """Give the loser every empty cell outside the proof: the winner still wins."""
    board = data.draw(open_positions(4, min_stones=5))
    if board.is_over:
        return
    mover_wins, proof = solve(board)
    loser = board.to_move.opponent if mover_wins else board.to_move
    outside = [c for c in board.legal_moves() if c not in proof]
    extended = board.copy()
    if loser is BLACK:
        extended.setup(black=outside)
    else:
        extended.setup(white=outside)
    if extended.is_over:  # the loser's extra stones connected: the proof would be wrong
        pytest.fail(f"the loser connects with the cells outside the proof {sorted(proof)}")
    assert _naive_outcome(extended) == mover_wins


def test_known_answers():
    """4x4: the winning openings are the short diagonal (a4, b3, c2, d1); a 1x1 board is won
    by its only cell; the side facing two immediate threats has no winning move."""
    board = Board(4)
    assert {board.cell_name(c) for c in winning_moves(board)} == {"a4", "b3", "c2", "d1"}
    assert winning_moves(Board(1)) == {0}
    two_threats = Board.from_rows([".....", "WW.WW", ".....", "WWW.W", "....."], to_move="black")
    assert solve(two_threats)[0] is False
    assert winning_moves(two_threats) == set()


def test_budget_and_bad_sizes():
    with pytest.raises(SolverBudgetExceeded, match="more than 100 search nodes"):
        winning_moves(Board(5), budget=100)
    with pytest.raises(HexError, match="at most 64 cells"):
        solve(Board(9))
    finished = Board.from_rows(["B..", "B..", "B.."], to_move="white")
    with pytest.raises(HexError, match="game is over"):
        solve(finished)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_winning_move_is_one_of_the_winning_moves(data):
    board = data.draw(open_positions(4, min_stones=4))
    if board.is_over:
        return
    winners = winning_moves(board)
    move = winning_move(board, budget=DEFAULT_BUDGET)
    assert (move is None) == (not winners)
    assert move is None or move in winners


def test_the_modules_examples_hold():
    """The docstring's examples (checked by an independent minimax when they were written)."""
    import doctest

    import hexswarm.engine.solver as solver_module

    assert doctest.testmod(solver_module).failed == 0

"""The playout kernels: against a step-by-step reference, exact probabilities, seeds, threads."""

import math

import numpy as np
import pytest
from hexswarm.engine import Board
from hexswarm.engine.kernels.playout import black_connects, playout_batch, rows_from_cells
from hexswarm.engine.kernels.rng import seed_states
from hexswarm.engine.playout import PlayoutPosition, random_playouts, split_evenly
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.naive import exact_black_win_probability, flood_fill_winner, reference_playouts


def kernel_wins(board, count, state):
    position = PlayoutPosition.from_board(board)
    states = np.array([state], dtype=np.uint64)
    return playout_batch(
        position.black_rows,
        position.empties,
        len(position.empties),
        position.black_to_move,
        position.size,
        count,
        states,
        0,
    )


@settings(max_examples=60, deadline=None)
@given(
    st.integers(1, 9).flatmap(
        lambda n: st.tuples(
            st.just(n),
            st.lists(st.sampled_from([0, 0, 0, 1, 2]), min_size=n * n, max_size=n * n),
            st.booleans(),
            st.integers(1, 2**63),
        )
    )
)
def test_kernel_equals_the_reference_playout_for_the_same_generator(data):
    size, values, black_to_move, state = data
    board = Board(size)
    cells = np.array(values, dtype=np.int8)
    board.setup(
        black=np.flatnonzero(cells == 1).tolist(),
        white=np.flatnonzero(cells == 2).tolist(),
        to_move="black" if black_to_move else "white",
    )
    expected = reference_playouts(board.cells, size, black_to_move, 12, state)
    assert kernel_wins(board, 12, state) == expected.count(1)
    # and one at a time, so a compensating error cannot hide in the sum
    for i, seed in enumerate(range(state, state + 3)):
        single = reference_playouts(board.cells, size, black_to_move, 1, seed)[0]
        assert kernel_wins(board, 1, seed) == (1 if single == 1 else 0), i


@settings(max_examples=300, deadline=None)
@given(
    st.integers(1, 20).flatmap(
        lambda n: st.tuples(st.just(n), st.lists(st.booleans(), min_size=n * n, max_size=n * n))
    )
)
def test_bitmask_flood_equals_breadth_first_flood(data):
    size, black = data
    cells = np.array([1 if b else 0 for b in black], dtype=np.int8)
    reach = np.empty(size, dtype=np.uint64)
    assert black_connects(rows_from_cells(cells, size), size, reach) == (
        flood_fill_winner(cells, size) == 1
    )


def test_a_snaking_path_is_found():
    # Black's only path goes down, back up and down again: one downward sweep is not enough.
    board = Board.from_rows(
        """
        B . . . .
        B . . . .
        B . . B B
        B B B . B
        . . . . B
        """
    )
    reach = np.empty(5, dtype=np.uint64)
    cells = np.where(board.cells == 1, 1, 0).astype(np.int8)
    assert flood_fill_winner(cells, 5) == 1
    assert black_connects(rows_from_cells(cells, 5), 5, reach)


def wilson_contains(successes, trials, p, z=4.0):
    """Whether p lies in the Wilson score interval (z = 4: a false alarm about once in 16,000)."""
    phat = successes / trials
    denominator = 1 + z * z / trials
    centre = (phat + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(phat * (1 - phat) / trials + z * z / (4 * trials * trials)) / denominator
    return centre - half <= p <= centre + half


@pytest.mark.parametrize("size", [1, 2, 3])
def test_empty_board_win_rate_matches_exact_uniform_random_play(size):
    exact = exact_black_win_probability((0,) * (size * size), size, True)
    trials = 200_000
    wins = random_playouts(Board(size), trials, seed=11)
    assert wilson_contains(wins, trials, float(exact)), (size, wins / trials, float(exact))


def test_partial_positions_match_exact_probabilities():
    rng = np.random.default_rng(3)
    for size in (3, 4):
        for _ in range(4):
            board = Board(size)
            cells = rng.permutation(size * size)
            stones = size * size - 7  # seven empty cells: exact enumeration stays small
            board.setup(
                black=cells[: stones // 2].tolist(),
                white=cells[stones // 2 : stones].tolist(),
                to_move="white" if stones % 2 else "black",
            )
            exact = exact_black_win_probability(tuple(board.cells), size, board.to_move == "black")
            trials = 60_000
            wins = random_playouts(board, trials, seed=int(rng.integers(1 << 30)))
            assert wilson_contains(wins, trials, float(exact))


def test_a_decided_position_is_decided_in_every_playout():
    board = Board(3)
    board.setup(white=["a2", "b2", "c2"], to_move="black")
    assert random_playouts(board, 1000, seed=1) == 0


def test_same_seed_same_result_and_threads_are_reproducible():
    board = Board(7)
    board.play("d4")
    assert random_playouts(board, 5000, seed=42) == random_playouts(board, 5000, seed=42)
    assert random_playouts(board, 5000, seed=42, threads=2) == random_playouts(
        board, 5000, seed=42, threads=2
    )
    assert random_playouts(board, 5000, seed=42) != random_playouts(board, 5000, seed=43)


def test_generator_states_are_distinct_and_never_zero():
    states = seed_states(0, 64)
    assert len(set(states.tolist())) == 64 and 0 not in states.tolist()
    assert split_evenly(10, 3) == [4, 3, 3] and sum(split_evenly(7, 7)) == 7

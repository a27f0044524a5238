"""The tree levels' move temperature (setting ``temperature``, issue 32): 0 plays the most
visited move as before; T > 0 draws the move by visits^(1/T), reproducibly per seed and
position; root tactics and immediate wins are never drawn over."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hexswarm.engine.board import Board, HexError
from hexswarm.engine.kernels.tree import ONGOING, ROOT_WINS
from hexswarm.engine.players import create_player
from hexswarm.engine.players.levels import parse_spec
from hexswarm.engine.players.uct_player import tempered_action, visit_weights


def _board(size: int = 5, moves=()) -> Board:
    return Board.from_moves(size, moves)


class _FixedRoot:
    """A finished search's root as :func:`tempered_action` reads it: known visits."""

    def __init__(self, visits, terminal=None, mask=None):
        self.visits = np.asarray(visits, dtype=np.float64)
        self.terminal = np.full(len(visits), ONGOING, dtype=np.int8)
        if terminal is not None:
            self.terminal[terminal] = ROOT_WINS
        self.root_mask = np.ones(len(visits), dtype=bool) if mask is None else np.asarray(mask)

    def root_stats(self):
        return self.visits, self.visits / 2, self.terminal

    def best_action(self, visits, wins, terminal):
        if (terminal == ROOT_WINS).any():
            return int(np.flatnonzero(terminal == ROOT_WINS)[0])
        return int(np.argmax(np.where(self.root_mask, visits, -1)))


@pytest.mark.parametrize("moves", [(), ("c3",), ("a1", "e5", "b2")])
@pytest.mark.parametrize("level", ["uct", "anthill"])
def test_zero_temperature_plays_the_most_visited_move(level, moves):
    """At T = 0 (the default) the move is the root's most visited, read from the snapshot's
    own visit counts, and the spec with temperature=0 plays what the spec without it does."""
    board = _board(5, moves)
    plain = create_player(f"{level}:playouts=400,seed=7,threads=1").choose_move(board)
    cold = create_player(f"{level}:playouts=400,seed=7,threads=1,temperature=0")
    choice = cold.choose_move(board)
    visits = choice.snapshot.extra["root_visits"]
    most_visited = choice.snapshot.root_moves[int(np.argmax(visits))]
    assert choice.move == plain.move == most_visited


def test_the_weights_are_visits_to_the_power_one_over_t():
    """Against exact rational arithmetic: T = 1/2 squares the visits, T = 1 keeps them,
    T = 2 takes square roots of perfect squares; unvisited moves get nothing."""
    visits = [0, 1, 4, 9, 16, 0, 36]
    for temperature, power in ((0.5, Fraction(2)), (1.0, Fraction(1)), (2.0, Fraction(1, 2))):
        exact = [Fraction(int(round(v ** float(power)))) if v else Fraction(0) for v in visits]
        total = sum(exact)
        expected = [float(x / total) for x in exact]
        assert visit_weights(np.array(visits), temperature) == pytest.approx(expected, abs=1e-12)
    assert not visit_weights(np.zeros(4), 1.0).any()
    # A tiny temperature neither overflows nor underflows to nothing: all on the most visited.
    assert visit_weights(np.array([3, 1000, 900]), 1e-3) == pytest.approx([0, 1, 0], abs=1e-12)


def test_the_draw_follows_the_weights_chi_square():
    """Seeded draws over many positions' seeds against the exact probabilities 1:9:36:100
    (T = 1/2 on visits 1, 3, 6, 10): chi-square below the 0.001 critical value for 3
    degrees of freedom (16.27); the unvisited and masked-out moves are never drawn."""
    root = _FixedRoot([1, 0, 3, 6, 10, 50], mask=[True, True, True, True, True, False])
    draws = 20_000
    counts = np.bincount([tempered_action(root, 0.5, seed) for seed in range(draws)], minlength=6)
    assert counts[1] == counts[5] == 0
    expected = np.array([1, 9, 36, 100]) / 146 * draws
    observed = counts[[0, 2, 3, 4]]
    chi_square = float(((observed - expected) ** 2 / expected).sum())
    assert chi_square < 16.27, (observed, expected)


def test_an_immediate_win_is_played_whatever_the_temperature():
    root = _FixedRoot([500, 5, 5], terminal=2)
    assert {tempered_action(root, 100.0, seed) for seed in range(200)} == {2}


def test_a_temperature_is_reproducible_per_seed_and_position_and_varies_with_the_seed():
    board = _board(5, ("c3",))
    spec = "uct:playouts=300,threads=1,temperature=5,seed={}"
    first = [create_player(spec.format(seed)).choose_move(board).move for seed in range(12)]
    again = [create_player(spec.format(seed)).choose_move(board).move for seed in range(12)]
    assert first == again
    assert len(set(first)) > 1  # hot enough to leave the most visited move often


def test_root_tactics_decide_before_the_temperature():
    """White must block Black's only winning cell: tactics=on plays it even at T = 100."""
    board = _board(3, ("a1", "c1", "a2"))  # Black a1-a2, one cell (a3) from the bottom
    for seed in range(5):
        player = create_player(f"uct:playouts=50,threads=1,tactics=on,temperature=100,seed={seed}")
        assert player.choose_move(board).move == board.cell_index("a3")


@pytest.mark.parametrize("text", ["-0.5", "101", "hot", "nan"])
def test_bad_temperatures_are_refused_with_the_tables_message(text):
    with pytest.raises(HexError, match=r"uct: temperature must .*\(a number from 0 to 100\)"):
        parse_spec(f"uct:temperature={text}")

"""The experiment script's statistics and game loop (the experiment itself is not a test)."""

from __future__ import annotations

import pytest
from hexswarm.engine.board import Board
from hexswarm.engine.players import create_player
from hexswarm.engine.tools.stats import wilson_interval
from hexswarm.engine.tools.thesis_match import play_game, summary


def test_wilson_interval_of_the_thesis_result():
    low, high = wilson_interval(127, 200)  # the thesis's result
    assert round(low, 3) == 0.566 and round(high, 3) == 0.699
    assert wilson_interval(0, 10)[0] == 0.0
    assert wilson_interval(10, 10)[1] == pytest.approx(1.0)
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_a_game_is_played_to_its_end_by_legal_moves():
    first = create_player("random", seed=1)
    second = create_player("mc:playouts_per_move=20,threads=1", seed=2)
    winner, moves = play_game(first, second, 4)
    board = Board(4)
    for move in moves:
        board.play(move)
    assert board.winner.value == winner


def test_summary_has_one_row_per_settings():
    settings_a = {"size": 7, "sdst": "sdst:agents=10", "mcsds": "mcsds:agents=10"}
    settings_b = {"size": 7, "sdst": "sdst:agents=20", "mcsds": "mcsds:agents=20"}
    records = [
        {"settings": settings_a, "sdst_color": "black", "winner": "black", "seconds": 1.0},
        {"settings": settings_a, "sdst_color": "white", "winner": "black", "seconds": 1.0},
        {"settings": settings_b, "sdst_color": "black", "winner": "black", "seconds": 1.0},
    ]
    text = summary(records)
    assert "| thesis (2012), 50 000 agents x 50 iterations | 200 | 127 | 63.5% |" in text
    assert "| HexSwarm, agents=10 | 2 | 1 | 50.0% |" in text
    assert "| HexSwarm, agents=20 | 1 | 1 | 100.0% |" in text

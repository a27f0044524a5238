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
    board = Board.from_moves(4, moves)
    assert board.winner.value == winner


def test_summary_counts_each_settings_own_games():
    """One row per settings in the log, counting SDST's wins whichever colour it had, with the
    interval of those counts, and the first player's wins and the minutes in the notes."""
    settings_a = {"size": 7, "sdst": "sdst:agents=10", "mcsds": "mcsds:agents=10"}
    settings_b = {"size": 7, "sdst": "sdst:agents=20", "mcsds": "mcsds:agents=20"}
    records = [
        {"settings": settings_a, "sdst_color": "black", "winner": "black", "seconds": 30.0},
        {"settings": settings_a, "sdst_color": "white", "winner": "black", "seconds": 60.0},
        {"settings": settings_b, "sdst_color": "white", "winner": "white", "seconds": 6.0},
        {"settings": settings_a, "sdst_color": "white", "winner": "white", "seconds": 30.0},
    ]
    text = summary(records)
    low, high = wilson_interval(2, 3)
    assert f"| HexSwarm, agents=10 | 3 | 2 | 66.7% | {low:.1%} - {high:.1%} |" in text
    low, high = wilson_interval(1, 1)
    assert f"| HexSwarm, agents=20 | 1 | 1 | 100.0% | {low:.1%} - {high:.1%} |" in text
    assert "agents=10: first player (Black) won 2 of 3 games; 2.0 min of play." in text
    assert "agents=20: first player (Black) won 0 of 1 games; 0.1 min of play." in text

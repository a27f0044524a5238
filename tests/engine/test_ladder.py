"""The ladder (issue 32): named rungs below `strong`, weakened by budget, knowledge and
temperature only, each with the Elo its committed round robin measured."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hexswarm.engine.players import create_player
from hexswarm.engine.players.levels import LADDER, LADDER_ELO, LEVELS, parse_spec
from hexswarm.engine.tools import report
from hexswarm.engine.tools.games import MatchError
from hexswarm.engine.tools.tournament import Tournament

CHECKOUT = Path(os.environ.get("HEXSWARM_CHECKOUT") or Path(__file__).resolve().parents[2])
RESULTS = CHECKOUT / "docs" / "results"
needs_checkout = pytest.mark.skipif(
    not (RESULTS / report.LADDER_ROUND_ROBIN).is_dir(),
    reason="needs the source tree: run from the checkout or set HEXSWARM_CHECKOUT",
)
THESIS_LEVELS = ("random", "mc", "mcsds", "sdst")


def test_the_rungs_are_uct_presets_with_playout_budgets_below_the_top():
    """Every rung below `strong` counts playouts, not seconds (a loaded machine does not
    weaken it); the rungs play no random blunders: only the budget, knowledge and the
    temperature differ from UCT's settings."""
    assert LADDER[-1] == "strong"
    for name in LADDER[:-1]:
        info = LEVELS[name]
        assert info.family == "uct"
        _level, settings = parse_spec(name)
        assert settings.time_s is None and settings.playouts <= 100_000
        changed = {
            p.name for p in info.parameters if p.default != LEVELS["uct"].parameter(p.name).default
        }
        allowed = {"playouts", "temperature", "leaf_playouts", "playout", "tactics", "rave"}
        allowed |= {"time_s", "swap_policy"}
        assert changed <= allowed, (name, changed - allowed)
    temperatures = [parse_spec(name)[1].temperature for name in LADDER]
    assert temperatures == sorted(temperatures, reverse=True) and temperatures[-1] == 0


def test_the_thesis_levels_keep_their_own_entries_and_labels():
    for name in THESIS_LEVELS:
        assert name not in LADDER and LEVELS[name].family == ""
        assert "Elo" not in LEVELS[name].label


def test_a_rung_plays_a_move():
    from hexswarm.engine.board import Board

    board = Board(5)
    for name in LADDER[:-1]:
        choice = create_player(f"{name}:seed=3,threads=1,playouts=50").choose_move(board)
        assert choice.move in board.legal_moves()


@needs_checkout
def test_the_declared_ratings_are_the_committed_round_robins():
    """Each rung's Elo in the level table (and so in the menus) is its rating in the round
    robin under docs/results/ladder, random = 0, rounded to a whole Elo point; the round
    robin's players are random and the ladder's rungs in order, at their own defaults."""
    tournament = report.ladder_tournament(RESULTS)
    players = tournament.settings.players
    assert players[0] == "random"
    assert [p.partition(":")[0] for p in players[1:]] == list(LADDER)
    ratings = tournament.ratings(report.ladder_games(tournament))
    measured = {
        player.partition(":")[0]: round(rating.elo)
        for player, rating in zip(players[1:], ratings[1:], strict=True)
    }
    assert measured == LADDER_ELO
    assert all(f"9x9 Elo {LADDER_ELO[name]}" in LEVELS[name].label for name in LADDER)
    # Neighbouring rungs: 100 games or more each, every rung above the one below.
    for low, high in zip(range(1, len(players)), range(2, len(players)), strict=False):
        assert len(tournament.matches[low, high].results) >= 100
        assert ratings[high].elo > ratings[low].elo


def test_reading_a_folder_without_a_round_robin_says_so(tmp_path):
    with pytest.raises(MatchError, match="holds no round robin"):
        Tournament.read(tmp_path)
    (tmp_path / "tournament.json").write_text(
        json.dumps({"settings": {"players": ["a", "b", "c"], "size": 3, "swap": False, "seed": 1}})
    )
    with pytest.raises(MatchError, match="is missing"):
        Tournament.read(tmp_path)

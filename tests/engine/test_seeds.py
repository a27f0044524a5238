"""A new game is a new game (issue 34): seeds are random by default, drawn per player (per
game), fixed on request, spelled ``random``/``N`` alike everywhere, and a recorded seed replays
the game. The match runner's per-game seeds are unchanged."""

from __future__ import annotations

import itertools
import os
import subprocess
import sys

import pytest
from hexswarm.engine.board import Board, HexError
from hexswarm.engine.gtp import GtpEngine
from hexswarm.engine.players import create_player, parse_spec
from hexswarm.engine.players.levels import (
    LEVELS,
    RANDOM_SEED,
    derived_seed,
    draw_seed,
    seeded_spec,
    spec_seed,
    spec_with,
)

LEVEL = "mc:playouts_per_move=6,threads=1"  # a fixed budget, noisy enough to vary by seed


@pytest.fixture
def counted_seeds(monkeypatch):
    """Drawn seeds 101, 102, ... (deterministic: the test does not depend on luck)."""
    counter = itertools.count(101)
    monkeypatch.setattr("hexswarm.engine.players.common.draw_seed", lambda: next(counter))


def play_out(player, size: int = 5, moves: int = 8) -> tuple:
    """The first ``moves`` moves of ``player`` playing both sides from the empty board."""
    board = Board(size)
    for _ in range(moves):
        board.play(player.choose_move(board.copy()).move)
    return tuple(move.cell for move in board.moves)


def test_every_level_leaves_its_seed_random_by_default():
    for name, info in LEVELS.items():
        seed = info.parameter("seed")
        assert seed.default is None, name
        assert seed.format(None) == RANDOM_SEED
        assert seed.parse("random") is None and seed.parse("42") == 42
    _, settings = parse_spec("sdst:seed=random")
    assert settings.seed is None
    assert spec_seed("uct:seed=7") == 7 and spec_seed("uct") is None


def test_two_new_games_against_a_fixed_budget_level_differ(counted_seeds):
    """Five players made with the default seed (as each new game makes one): each drew its
    own seed, and their games from the same empty board are not all the same, while five
    players with one fixed seed play one game five times."""
    random_players = [create_player(LEVEL) for _ in range(5)]
    assert [p.settings.seed for p in random_players] == [101, 102, 103, 104, 105]
    games = {play_out(p) for p in random_players}
    assert len(games) >= 3
    fixed = {play_out(create_player(LEVEL + ",seed=9")) for _ in range(5)}
    assert len(fixed) == 1


def test_a_recorded_seed_replays_the_same_moves():
    """A player's spec names the seed it drew: the spec makes a player that plays the same."""
    player = create_player(LEVEL)
    spec = player.spec()
    assert f"seed={player.settings.seed}" in spec
    assert play_out(create_player(spec)) == play_out(player)


def test_draws_are_fresh_and_short():
    draws = {draw_seed() for _ in range(20)}
    assert len(draws) == 20
    assert all(0 <= seed < 1_000_000_000 for seed in draws)


def test_seeded_and_derived_specs():
    assert seeded_spec("uct:playouts=50", 5) == "uct:playouts=50,seed=5"
    assert seeded_spec("uct:seed=random,playouts=50", 5) == "uct:playouts=50,seed=5"
    assert seeded_spec("uct:seed=3", 5) == "uct:seed=3"  # a fixed seed is the user's
    assert spec_with("uct:time=2,playouts=9", "time_s", "0.5") == "uct:playouts=9,time_s=0.5"
    with pytest.raises(HexError):
        spec_with("random", "time_s", "1")
    # Derived seeds come from stable bytes (CRC-32 of the role), so another process with
    # another string salt derives the same ones; distinct per role.
    child = subprocess.run(
        [sys.executable, "-c", "from hexswarm.engine.players.levels import derived_seed;"
         "print(derived_seed(12345, 'black'))"],
        env={**os.environ, "PYTHONHASHSEED": "12345"},
        capture_output=True, text=True, timeout=120, check=True,
    )  # fmt: skip
    assert int(child.stdout) == derived_seed(12345, "black")
    assert len({derived_seed(12345, role) for role in ("black", "white", "hint")}) == 3
    assert derived_seed(12345, "black") == 652_279_571  # golden: recorded games must replay


def test_gtp_draws_a_seed_for_each_game_unless_one_is_fixed(counted_seeds):
    engine = GtpEngine(level="mc", settings={"playouts_per_move": "5", "threads": "1"}, size=5)
    first = engine.player.settings.seed
    engine.execute("clear_board")
    second = engine.player.settings.seed
    engine.execute("boardsize 6")
    third = engine.player.settings.seed
    assert len({first, second, third}) == 3
    assert "[string] seed random" in engine.execute("hexswarm-param").text
    assert f"seed={third}" in engine.execute("hexswarm-settings").text  # the game's, to replay

    assert engine.execute("hexswarm-param seed 77").ok
    engine.execute("clear_board")
    assert engine.player.settings.seed == 77
    assert "[string] seed 77" in engine.execute("hexswarm-param").text
    assert engine.execute("hexswarm-param seed random").ok
    engine.execute("clear_board")
    assert engine.player.settings.seed not in (77, first, second, third)


def test_the_match_runner_keeps_its_per_game_seeds():
    """Game i's seeds are a function of the match seed alone, as before seeds went random;
    a spec's own seed (random or not) is replaced by the game's."""
    from hexswarm.engine.tools.games import LevelPlayer, game_seed

    assert [game_seed(1, g, p) for g in (1, 2) for p in ("A", "B")] == [
        1000005,
        1000006,
        1000007,
        1000008,
    ]
    assert game_seed(7, 3, "B") == (7 * 1_000_003 + 3 * 2 + 1) % (2**31 - 1)
    assert LevelPlayer("mc:seed=random", 1000005).player.settings.seed == 1000005
    assert LevelPlayer("mc:seed=4", 1000005).player.settings.seed == 1000005

"""The AI levels through their public API: registry, specs, contracts, tactics, known answers."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from hexswarm.engine.board import SWAP_PIECES, Board, GameOverError, HexError
from hexswarm.engine.knowledge import bundled_databases
from hexswarm.engine.players import LEVELS, STRONGEST_LEVEL, MoveChoice, Player, create_player
from hexswarm.engine.search.snapshot import SearchSnapshot
from hexswarm.engine.warmup import warm_up
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tests.naive_search import position_of, solve, winning_moves

# Small but meaningful settings for each level (the defaults are the thesis's, for 7x7).
QUICK = {
    "random": "random",
    "mc": "mc:playouts_per_move=300",
    "mcsds": "mcsds:agents=3000,iterations=30",
    "sdst": "sdst:agents=6000,iterations=30",
    "uct": "uct:playouts=20000",
}
SEARCHERS = ["mc", "mcsds", "sdst", "uct"]
LOOKAHEAD = ["sdst", "uct"]


@pytest.fixture(scope="module", autouse=True)
def _compiled():
    warm_up()


def _threat_position(black_to_move: bool) -> Board:
    """5x5: Black's column c1 c2 . c4 c5 misses only c3 (b3 and d3 do not join both halves),
    so c3 wins at once for Black, and White must take it."""
    board = Board(5)
    white = ["a1", "e5", "a5"] + ([] if not black_to_move else ["e1"])
    board.setup(
        black=["c1", "c2", "c4", "c5"], white=white, to_move="black" if black_to_move else "white"
    )
    return board


# --------------------------------------------------------------------------- registry and specs


def test_levels_describe_every_parameter():
    assert list(LEVELS) == [
        "random",
        "mc",
        "mcsds",
        "sdst",
        "uct",
        "anthill",
        "strong",
        "strong-swarm",
        "strong-sdst",
        "beginner",
        "novice",
        "club",
        "expert",
    ]
    for name, level in LEVELS.items():
        assert level.name == name and level.label and level.description
        names = [p.name for p in level.parameters]
        # Random plays no playouts: a seed is all it takes (no threads, no time).
        searches = {"seed", "threads", "time_s"} if name != "random" else {"seed"}
        assert searches <= set(names)
        for parameter in level.parameters:
            assert parameter.type in ("int", "float", "choice", "bool", "str")
            assert parameter.help
            if parameter.type == "choice":
                assert parameter.default in parameter.choices
            elif parameter.default is not None and parameter.type in ("int", "float"):
                assert parameter.minimum <= parameter.default <= parameter.maximum
    sdst = {p.name: p for p in LEVELS["sdst"].parameters}
    assert sdst["agents"].default == 50_000 and sdst["iterations"].default == 50
    assert sdst["p_scatter"].default == 0.2
    assert sdst["policy"].choices == ("fixed", "layers", "tree")
    assert LEVELS["mcsds"].parameter("recruitment").choices == (
        "passive",
        "active",
        "dual-passive",
        "dual-active",
    )


def test_default_player_is_the_preset_measured_strongest():
    """docs/experiments.md, "Presets": the UCT preset at 1 s a move, tactics on."""
    default = create_player(None, seed=1)  # seeds are random by default: one fixed to compare
    assert default.spec() == create_player(STRONGEST_LEVEL, seed=1).spec()
    assert LEVELS[STRONGEST_LEVEL].family == default.name == "uct"
    assert default.settings.time_s == 1.0 and default.settings.tactics == "vc"


def test_presets_are_their_family_with_other_defaults():
    for name, info in LEVELS.items():
        if not info.family:
            continue
        family = LEVELS[info.family]
        assert [p.name for p in info.parameters] == [p.name for p in family.parameters]
        player = create_player(f"{name}:seed=3")
        assert player.name == info.family and player.settings.seed == 3
        assert create_player(player.spec()).spec() == player.spec()
    assert LEVELS["strong-swarm"].family == "anthill"
    assert LEVELS["strong-sdst"].family == "sdst"


@pytest.mark.parametrize(
    "spec, message",
    [
        ("alphazero", "unknown AI level"),
        ("sdst:agentz=5", "no setting 'agentz'"),
        ("sdst:agents=many", "whole number"),
        ("sdst:agents=0", "at least"),
        ("sdst:p_scatter=1.5", "at most"),
        ("sdst:policy=random", "must be one of"),
        ("mcsds:agents", "expected key=value"),
        ("uct:exploration=nan", "NaN"),
    ],
)
def test_bad_specs_are_refused_with_a_clear_message(spec, message):
    with pytest.raises(HexError, match=message):
        create_player(spec)


def test_keyword_overrides_win_and_are_validated():
    player = create_player("mcsds:agents=100", agents=200, confidence=0.9)
    assert player.settings.agents == 200 and player.settings.confidence == 0.9
    with pytest.raises(HexError):
        create_player("mcsds", agents=-1)
    with pytest.raises(HexError):
        create_player("mcsds", iterations=2.5)
    with pytest.raises(HexError):
        create_player(42)


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_specs_round_trip(data):
    name = data.draw(st.sampled_from(list(LEVELS)))
    overrides = {}
    for parameter in LEVELS[name].parameters:
        if not data.draw(st.booleans()):
            continue
        if parameter.type == "int":
            hi = min(parameter.maximum, 10**7)
            value = data.draw(st.integers(int(parameter.minimum), int(hi)))
        elif parameter.type == "float":
            value = data.draw(
                st.floats(parameter.minimum, min(parameter.maximum, 1e6), allow_nan=False)
            )
            if parameter.optional and data.draw(st.booleans()):
                value = None
        elif parameter.type == "choice":
            value = data.draw(st.sampled_from(parameter.choices))
        elif parameter.type == "str":  # playout_agents: a bundled database name
            value = data.draw(st.sampled_from(bundled_databases()))
        else:
            value = data.draw(st.booleans())
        overrides[parameter.name] = value
    # combinations a rule between settings refuses are tested in test_settings_table.py
    assume(not LEVELS[name].problems({**LEVELS[name].defaults(), **overrides}))
    player = create_player(name, **overrides)
    again = create_player(player.spec())
    # A preset's player is its family's (its spec names the family, with every setting).
    assert again.settings == player.settings and again.name == (LEVELS[name].family or name)
    assert dataclasses.is_dataclass(player.settings)
    with pytest.raises(dataclasses.FrozenInstanceError):
        player.settings.seed = 1  # type: ignore[misc]


# --------------------------------------------------------------------------- contracts


@pytest.mark.parametrize("name", list(QUICK))
def test_player_contract(name):
    player = create_player(QUICK[name], seed=5)
    assert isinstance(player, Player) and player.name == name
    board = Board(5)
    board.play("c3")
    before = (board.cells.copy(), board.to_move, board.moves)
    snapshots: list[SearchSnapshot] = []
    choice = player.choose_move(board, on_snapshot=snapshots.append, position_id=17)
    assert isinstance(choice, MoveChoice)
    assert choice.move in board.legal_moves()
    assert np.array_equal(board.cells, before[0]) and board.to_move == before[1]
    assert board.moves == before[2]
    again = create_player(QUICK[name], seed=5).choose_move(board)
    assert again.move == choice.move  # reproducible
    if name == "random":
        assert choice.snapshot is None and not snapshots
        return
    assert snapshots and snapshots[-1].done and snapshots[-1] is choice.snapshot
    assert all(s.position_id == 17 and s.player == name for s in snapshots)
    assert not any(s.done for s in snapshots[:-1])
    final = choice.snapshot
    assert final.to_move == "white"
    assert len(final.root_moves) == len(final.root_agents) == len(final.root_active)
    assert set(final.root_moves) == set(board.legal_moves())
    assert final.best_move == choice.move
    assert 0.0 <= final.estimate <= 1.0
    assert all(0 <= a <= n for a, n in zip(final.root_active, final.root_agents, strict=True))


@pytest.mark.parametrize("name", SEARCHERS)
def test_stop_returns_a_legal_move_at_once(name):
    player = create_player(name)  # thesis-size settings: far too long without the stop
    board = Board(7)
    calls = []

    def should_stop() -> bool:
        calls.append(1)
        return len(calls) > 2

    snapshots: list[SearchSnapshot] = []
    choice = player.choose_move(board, should_stop=should_stop, on_snapshot=snapshots.append)
    assert choice.move in board.legal_moves()
    assert snapshots[-1].done
    assert snapshots[-1].playouts < 2_000_000


@pytest.mark.parametrize("name", SEARCHERS)
def test_time_limit_is_respected(name):
    player = create_player(name, time_s=0.3)
    choice = player.choose_move(Board(7))
    assert choice.snapshot.elapsed_s < 3.0  # generous: shared machine; the limit is 0.3 s


@pytest.mark.parametrize("name", list(QUICK))
def test_a_finished_game_is_refused(name):
    board = Board(2)
    for cell in ("a1", "b1", "a2"):
        board.play(cell)
    assert board.is_over
    with pytest.raises(GameOverError):
        create_player(QUICK[name]).choose_move(board)


def test_snapshots_are_spaced_and_cheap():
    player = create_player("sdst:agents=50000,iterations=20,threads=1")
    snapshots: list[SearchSnapshot] = []
    choice = player.choose_move(Board(7), on_snapshot=snapshots.append)
    times = [s.elapsed_s for s in snapshots[:-1]]
    assert all(b - a >= 0.07 for a, b in zip(times, times[1:], strict=False))
    assert choice.snapshot.tree is not None and choice.snapshot.tree.children


# --------------------------------------------------------------------------- tactics


@pytest.mark.parametrize("name", SEARCHERS)
def test_win_in_one_is_taken(name):
    board = _threat_position(black_to_move=True)
    for seed in range(2):
        choice = create_player(QUICK[name], seed=seed).choose_move(board)
        assert choice.move == board.cell_index("c3")


@pytest.mark.parametrize("name", LOOKAHEAD)
def test_an_immediate_threat_is_blocked(name):
    board = _threat_position(black_to_move=False)
    for seed in range(2):
        choice = create_player(QUICK[name], seed=seed).choose_move(board)
        assert choice.move == board.cell_index("c3")


def test_3x3_first_move_is_a_winning_cell():
    """On 3x3 the centre b2 wins for the first player (so do a2 a3 c1 c2, by the naive
    solver); every searching level opens with a winning cell."""
    board = Board(3)
    winners = winning_moves(board)
    assert {board.cell_name(c) for c in winners} == {"a2", "a3", "b2", "c1", "c2"}
    for name in ("mcsds", "sdst", "uct"):
        for seed in range(3):
            assert create_player(QUICK[name], seed=seed).choose_move(board).move in winners


@pytest.mark.slow  # the pure-Python solve takes ~10 s
@pytest.mark.parametrize("name", LOOKAHEAD)
def test_4x4_first_move_is_a_winning_cell(name):
    """The winning openings on 4x4 are the short diagonal a4 b3 c2 d1 (the naive solver
    confirms it; here it checks the chosen cell, one solve). Seeded: unseeded, SDST at these
    settings opened with the losing b2 in 5 of 360 seeds (a CI run met one). On one thread:
    the threads default to the machine's cores, and the move depends on them (SDST missed with
    seeds 10 52 162 of 0-199 on one thread, 70 of 0-99 on two, none of 0-49 on four)."""
    board = Board(4)
    move = create_player(QUICK[name], seed=0, threads=1).choose_move(board).move
    assert board.cell_name(move) in ("a4", "b3", "c2", "d1")
    black, white, _ = position_of(board)
    assert solve(4, black | {move}, white, False)


# --------------------------------------------------------------------------- swap


def test_searchers_swap_a_strong_opening_and_not_a_weak_one():
    strong = Board(5, swap_rule=True)
    strong.play("c3")
    weak = Board(5, swap_rule=True)
    weak.play("a1")
    # Vanilla MC's best win ratio is a maximum over noisy estimates (biased upwards), so it
    # needs more playouts than the quick setting to see that every reply to c3 loses. The
    # swarms' estimate after a1 is within their noise of one half at the quick setting: SDST
    # swapped with 3 of 8 seeds, MCSDS with 9 of 200 (7 of 200 on two threads: unseeded, the
    # test failed about one run in 25). With 20 000 agents each, and at the settings below, no
    # level failed either position in 200 seeds on one thread (docs/results/ci/flake-audit.md);
    # seed 0 and one thread make the verdict the same on every machine.
    specs = {
        **QUICK,
        "mc": "mc:playouts_per_move=3000",
        "mcsds": "mcsds:agents=20000,iterations=30",
        "sdst": "sdst:agents=20000,iterations=30",
    }
    for name in SEARCHERS:
        spec = f"{specs[name]},seed=0,threads=1"
        assert create_player(spec).choose_move(strong).move == SWAP_PIECES, name
        assert create_player(spec).choose_move(weak).move != SWAP_PIECES, name


def test_random_player_covers_the_legal_moves_and_the_swap():
    board = Board(2, swap_rule=True)
    board.play("a1")
    seen = {create_player("random", seed=s).choose_move(board).move for s in range(60)}
    assert seen == {1, 2, 3, SWAP_PIECES}


@pytest.mark.parametrize(
    "spec",
    [*QUICK.values(), "anthill:playouts=4000", "sdst:agents=3000,iterations=10,policy=tree"],
)
def test_a_move_leaves_no_cycle_holding_its_search(spec):
    """Every search (and its tree's arrays) is freed when the move is made, not when the cycle
    collector next runs: searches that answer in a second hold tens of MB, and a long match
    that left them to the collector grew by gigabytes."""
    import gc

    board = Board(5)
    board.play("c3")
    player = create_player(f"{spec},seed=1,threads=1" if ":" in spec else spec)
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        player.choose_move(board)
        gc.collect()
        left = sorted({type(o).__qualname__ for o in gc.garbage if "Search" in type(o).__name__})
        trees = sorted({type(o).__qualname__ for o in gc.garbage if "Tree" in type(o).__name__})
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
    assert left == [] and trees == []

"""The level table is the one declaration of every setting: Parameters parse and format their
own values, aliases are accepted everywhere, and the settings classes, the SwarmConfig mapping,
the ``hexswarm-gtp`` options and ``hexswarm-param`` are generated from it."""

from __future__ import annotations

import dataclasses

import pytest
from hexswarm.engine.board import HexError
from hexswarm.engine.gtp import GtpEngine, build_parser, setting_options
from hexswarm.engine.players import LEVELS, create_player, parse_spec
from hexswarm.engine.players.budget import (
    PLAYOUTS_PER_SECOND,
    SLOW_MOVE_SECONDS,
    estimated_move_seconds,
    playouts_asked,
    playouts_per_second,
)
from hexswarm.engine.players.levels import (
    SETTINGS_TYPES,
    Parameter,
    parse_bool,
    spec_keys,
    split_spec,
)
from hexswarm.engine.players.swarm_players import swarm_config
from hexswarm.engine.players.uct_player import tree_config
from hexswarm.engine.search.anthill import AnthillConfig
from hexswarm.engine.search.swarm import SwarmConfig
from hexswarm.engine.search.uct import UctConfig
from hypothesis import given, settings
from hypothesis import strategies as st

ALL_PARAMETERS = {p.name: p for level in LEVELS.values() for p in level.parameters}


def values_of(parameter: Parameter):
    """A strategy for the values ``parameter`` accepts."""
    if parameter.type == "int":
        base = st.integers(int(parameter.minimum), int(parameter.maximum))
    elif parameter.type == "float":
        base = st.floats(parameter.minimum, parameter.maximum, allow_nan=False)
    elif parameter.type == "bool":
        base = st.booleans()
    elif parameter.type == "choice":
        base = st.sampled_from(parameter.choices)
    else:
        base = st.just(parameter.default)  # a database name: only the bundled one exists
    return st.one_of(st.none(), base) if parameter.optional else base


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_every_parameter_round_trips_text_value_text(data):
    parameter = data.draw(st.sampled_from(sorted(ALL_PARAMETERS.values(), key=lambda p: p.name)))
    value = data.draw(values_of(parameter))
    text = parameter.format(value)
    assert parameter.parse(text) == value
    assert parameter.format(parameter.parse(text)) == text
    assert parameter.parse(value) == value  # a Python value (a dialog widget's) is accepted


@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_out_of_range_values_name_the_setting_the_value_and_the_range(data):
    ranged = [p for p in ALL_PARAMETERS.values() if p.type in ("int", "float")]
    parameter = data.draw(st.sampled_from(sorted(ranged, key=lambda p: p.name)))
    below = data.draw(st.integers(-(10**6), -1)) + parameter.minimum
    text = str(int(below)) if parameter.type == "int" else repr(float(below))
    with pytest.raises(HexError) as refused:
        parameter.parse(text, "lvl")
    message = str(refused.value)
    assert message.startswith(f"lvl: {parameter.name} must be at least")
    assert text in message and parameter.allowed() in message


def test_bad_values_give_one_clear_message():
    agents = LEVELS["sdst"].parameter("agents")
    with pytest.raises(HexError, match=r"sdst: agents must be at least 1, not 0 \(a whole "
                       r"number from 1 to 5000000\)"):  # fmt: skip
        create_player("sdst:agents=0")
    with pytest.raises(HexError, match="agents must be a whole number, not 'lots'"):
        agents.parse("lots")
    with pytest.raises(HexError, match="relate must be one of none, context-free"):
        create_player("mcsds:relate=sometimes")
    with pytest.raises(HexError, match="time_s must be at most 86400, not 1e9"):
        create_player("uct:time=1e9")
    assert LEVELS["uct"].parameter("time_s").allowed() == "a number from 0.001 to 86400, or none"
    with pytest.raises(HexError, match="no setting 'colour'"):
        parse_spec("uct:colour=blue")


def test_booleans_are_read_one_way():
    for word in ("1", "true", "Yes", " ON "):
        assert parse_bool(word) is True
    for word in ("0", "false", "no", "Off"):
        assert parse_bool(word) is False
    assert parse_bool("maybe") is None
    reuse = LEVELS["uct"].parameter("reuse")
    assert reuse.parse("yes") is True and reuse.format(False) == "false"
    with pytest.raises(HexError, match="reuse must be true or false, not 'maybe'"):
        reuse.parse("maybe")


def test_aliases_mean_the_same_setting_everywhere():
    assert parse_spec("sdst:time=1") == parse_spec("sdst:time_s=1")
    assert parse_spec("mc:playouts=50") == parse_spec("mc:playouts_per_move=50")
    assert create_player("mcsds", time=2).settings.time_s == 2.0
    assert spec_keys("sdst:time=1,agents=5") == {"time_s", "agents"}
    # GTP: --time and hexswarm-param time are time_s.
    by_alias = GtpEngine(level="sdst", settings={"time": "1.5", "threads": "1", "seed": "1"})
    by_name = GtpEngine(level="sdst", settings={"time_s": "1.5", "threads": "1", "seed": "1"})
    assert by_alias.player.spec() == by_name.player.spec()
    assert by_alias.execute("hexswarm-param time none").ok
    assert by_alias.player.settings.time_s is None
    parser = build_parser(LEVELS)
    for argv in (["--time", "2"], ["--time-s", "2"], ["--time_s", "2"]):
        assert parser.parse_args(argv).time_s == "2"
    assert parser.parse_args(["--playouts", "9"]).playouts == "9"


def test_spec_syntax_is_read_in_one_place():
    assert split_spec(" SDST : agents=5 , Policy = tree ,") == (
        "sdst",
        [("agents", "5"), ("policy", "tree")],
    )
    assert split_spec("strong-swarm") == ("strong-swarm", [])
    for bad in ("", "sd st", "sdst:=3", "mcsds:agents"):
        with pytest.raises(HexError):
            split_spec(bad)


def test_settings_classes_are_the_table():
    for name, level in LEVELS.items():
        cls = SETTINGS_TYPES[name]
        fields = [f.name for f in dataclasses.fields(cls)]
        assert fields == [p.name for p in level.parameters]
        if not level.family:
            assert cls() == SETTINGS_TYPES[name](**level.defaults())
            assert {f.name: f.default for f in dataclasses.fields(cls)} == level.defaults()
    with pytest.raises(HexError, match="uct: playouts must be at least 1"):
        SETTINGS_TYPES["uct"](playouts=0)
    assert SETTINGS_TYPES["uct"](time_s=2).time_s == 2.0  # converted to the declared type


@pytest.mark.parametrize("name", ["mcsds", "sdst", "strong-sdst"])
def test_swarm_config_takes_every_setting_it_shares_with_the_level(name):
    _, level_settings = parse_spec(f"{name}:agents=77,iterations=3,threads=2,halt=weak")
    config = swarm_config(level_settings, seed=9)
    shared = {f.name for f in dataclasses.fields(SwarmConfig)} & {
        f.name for f in dataclasses.fields(level_settings)
    }
    assert shared >= {"agents", "threads", "halt", "test", "relate"}
    for field in shared - {"policy", "seed"}:
        assert getattr(config, field) == getattr(level_settings, field), field
    assert config.seed == 9
    assert config.policy == getattr(level_settings, "policy", "root")
    assert config.backscatter_to_root == (getattr(level_settings, "backscatter", "") == "root")


def test_gtp_options_are_exactly_the_table_parameters():
    options = setting_options(LEVELS)
    assert sorted(dest for _, dest, _ in options) == sorted(ALL_PARAMETERS)
    words = {word for names, _, _ in options for word in names}
    aliases = {a for p in ALL_PARAMETERS.values() for a in p.aliases}
    assert words == set(ALL_PARAMETERS) | aliases
    parser = build_parser(LEVELS)
    flags = {flag for action in parser._actions for flag in action.option_strings}
    for name in ALL_PARAMETERS:
        assert f"--{name.replace('_', '-')}" in flags
    for name, level in LEVELS.items():
        engine = GtpEngine(level=name, settings={})
        listed = engine.execute("hexswarm-param").text.strip().splitlines()[1:]
        keys = [line.split()[1] for line in listed]
        assert keys[: len(level.parameters)] == [p.name for p in level.parameters]
        assert keys[len(level.parameters) :] == ["allow_swap", "live_gfx", "gfx_interval"]


def test_move_time_estimate_from_the_measured_rates():
    thesis = LEVELS["mcsds"].defaults()
    assert playouts_asked("mcsds", thesis, 7) == 2_500_000
    # docs/benchmarks.md: the thesis's MCSDS took 0.447 s on 7x7, SDST 0.491 s, UCT 0.128 s.
    assert estimated_move_seconds("mcsds", thesis, 7) == pytest.approx(0.446, abs=0.01)
    assert estimated_move_seconds("sdst", LEVELS["sdst"].defaults(), 7) == pytest.approx(
        0.491, abs=0.01
    )
    assert estimated_move_seconds("uct", LEVELS["uct"].defaults(), 7) == pytest.approx(
        0.128, abs=0.01
    )
    huge = {**thesis, "agents": 999_999, "iterations": 999_999}
    assert estimated_move_seconds("mcsds", huge, 11) > 86_400  # the days-long move
    assert estimated_move_seconds("mcsds", {**huge, "time_s": 2.0}, 11) == 2.0
    majority = {**thesis, "test": "majority", "test_playouts": 5}
    assert playouts_asked("mcsds", majority, 7) == 5 * 2_500_000
    assert playouts_asked("mc", LEVELS["mc"].defaults(), 9) == 2_000 * 81
    assert estimated_move_seconds("random", {"seed": 0}, 19) == 0.0
    for size in PLAYOUTS_PER_SECOND:
        assert playouts_per_second(size) == PLAYOUTS_PER_SECOND[size]
    rates = [playouts_per_second(size) for size in range(1, 27)]
    assert all(a > b for a, b in zip(rates, rates[1:], strict=False))  # larger is slower


def test_every_family_is_registered_by_the_module_its_level_names():
    """A family's level names its module, whose ``FAMILIES`` entry builds that level's player
    from its settings; a preset shares its family's module and registration."""
    from hexswarm.engine.players.family import Family, family

    families = [name for name, level in LEVELS.items() if not level.family]
    assert families == ["random", "mc", "mcsds", "sdst", "uct", "anthill"]
    for name, level in LEVELS.items():
        registered = family(name)
        assert isinstance(registered, Family)
        if level.family:
            assert level.module == LEVELS[level.family].module
            assert registered is family(level.family)
            continue
        player = registered.player(SETTINGS_TYPES[name](seed=1))
        assert player.name == name and player.settings == SETTINGS_TYPES[name](seed=1)


def test_the_slow_move_warning_covers_every_searching_level_and_preset():
    """Every level but random, its budgets at their maximum and no time limit, asks for more
    than a minute a move on 11x11 (the anthill's case was missing: its warning never fired)."""
    for name, level in LEVELS.items():
        family = level.family or name
        values = level.defaults()
        for parameter in level.parameters:
            if parameter.name in ("playouts", "playouts_per_move", "agents", "iterations"):
                values[parameter.name] = parameter.maximum
        values["time_s"] = None
        seconds = estimated_move_seconds(family, values, 11)
        if family == "random":
            assert seconds == 0.0
        else:
            assert seconds > SLOW_MOVE_SECONDS, name


@pytest.mark.parametrize(
    "name, config_class, policy",
    [
        ("mcsds", SwarmConfig, "root"),
        ("sdst", SwarmConfig, "tree"),
        ("uct", UctConfig, None),
        ("anthill", AnthillConfig, None),
    ],
)
def test_a_level_at_its_defaults_searches_with_the_library_defaults(name, config_class, policy):
    """The table takes the levels' defaults from the library's configs (declared once,
    there): a level left at its defaults builds the library's default config, apart from the
    position's seed, the threads (the machine's cores) and the swarm level's policy. Fails if
    a default is declared again in the table and the two drift apart."""
    settings = SETTINGS_TYPES[name](seed=5)
    if config_class is SwarmConfig:
        config = swarm_config(settings, seed=5)
    else:
        config = tree_config(config_class, settings, seed=5)
    expected = {"seed": 5, "threads": settings.threads}
    if policy is not None:
        expected["policy"] = policy
    assert config == config_class(**expected)


def test_a_rule_between_settings_is_refused_where_values_are_entered_with_one_message():
    """mcsds:test_playouts=3 (each value valid alone) used to pass the spec and the dialog and
    fail inside the worker thread; now the spec, the settings class, GTP and the search give
    the search's own message."""
    from hexswarm.engine.search.swarm import SwarmSearch

    with pytest.raises(HexError) as from_search:
        SwarmSearch(SwarmConfig(policy="root", test_playouts=3))
    message = str(from_search.value)
    assert "test=majority" in message
    for spec in ("mcsds:test_playouts=3", "sdst:test_playouts=3"):
        with pytest.raises(HexError) as from_spec:
            parse_spec(spec)
        assert str(from_spec.value).endswith(message), spec
    with pytest.raises(HexError, match="reference=shared keeps its evidence"):
        parse_spec("strong-sdst:evidence=true")  # the preset's reference=shared, inherited
    assert parse_spec("mcsds:test=majority,test_playouts=3")[1].test_playouts == 3

    engine = GtpEngine(levels=LEVELS, create_player=create_player, level="mcsds")
    refused = engine.execute("hexswarm-param test_playouts 3").render()
    assert refused.startswith("?") and message in refused
    assert "test_playouts" not in engine.settings  # the engine kept its settings
    assert engine.execute("hexswarm-param test majority").render().startswith("=")
    assert engine.execute("hexswarm-param test_playouts 3").render().startswith("=")


def test_every_level_and_preset_default_obeys_its_rules():
    for name, level in LEVELS.items():
        assert level.problems(level.defaults()) == [], name
        parse_spec(name)

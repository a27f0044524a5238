"""Live analysis over GTP (``lz-analyze`` / ``kata-analyze``): the argument grammar, the ``info``
line grammar Lizzie and Sabaki parse, the engine's stream in process, and a real client process
reading the stream of the real program."""

from __future__ import annotations

import math
import re

import pytest
from hexswarm.engine.board import BLACK, WHITE, HexError
from hexswarm.engine.gtp_analysis import (
    KATA_ANALYZE,
    LZ_ANALYZE,
    MAX_MOVES,
    info_line,
    parse_analyze,
)
from hexswarm.engine.search.snapshot import SearchSnapshot
from hypothesis import given
from hypothesis import strategies as st

from tests.engine.test_gtp_engine import make_engine, run
from tests.engine.test_gtp_subprocess import REAL, STANDIN, TIMEOUT, start

MOVE = r"(?:[a-z]+[0-9]+|swap-pieces)"
KATA_BLOCK = (
    rf"info move (?P<move>{MOVE}) visits (?P<visits>\d+) winrate (?P<winrate>[01]\.\d{{4}}) "
    rf"prior (?P<prior>[01]\.\d{{4}}) order (?P<order>\d+) swarmShare (?P<share>[01]\.\d{{4}}) "
    rf"swarmActive (?P<active>[01]\.\d{{4}}) pv (?P<pv>{MOVE}(?: {MOVE})*)"
)
LZ_BLOCK = KATA_BLOCK.replace(r"[01]\.\d{4}) prior", r"\d{1,5}) prior").replace(
    r"prior (?P<prior>[01]\.\d{4})", r"prior (?P<prior>\d{1,5})"
)


def blocks(line: str, dialect: str) -> list[dict[str, str]]:
    """Split a report into its ``info`` blocks and check each against the grammar."""
    pattern = re.compile((KATA_BLOCK if dialect == KATA_ANALYZE else LZ_BLOCK) + r"$")
    parts = ["info " + part.strip() for part in line.split("info ") if part.strip()]
    assert parts and line.startswith("info "), line
    found = []
    for part in parts:
        match = pattern.match(part)
        assert match, part
        found.append(match.groupdict())
    return found


def snapshot(**fields) -> SearchSnapshot:
    base = dict(
        position_id=1,
        player="sdst",
        to_move="black",
        iteration=3,
        playouts=600,
        elapsed_s=0.2,
        root_moves=(-1, 12, 7, 13),
        root_agents=(10, 60, 30, 0),
        root_active=(5, 33, 12, 0),
        best_move=12,
        estimate=0.55,
        principal_variation=(12, 7, 18),
        root_values=(0.5, 0.55, 0.4, math.nan),
        root_lines=((12, 7, 18), (7, 12)),
    )
    base.update(fields)
    return SearchSnapshot(**base)


# --------------------------------------------------------------------------- arguments


def test_arguments_colour_interval_and_keys():
    assert parse_analyze(KATA_ANALYZE, []).color is None
    request = parse_analyze(KATA_ANALYZE, ["W", "25"])
    assert request.color is WHITE and request.interval_s == pytest.approx(0.25)
    request = parse_analyze(LZ_ANALYZE, ["50"])
    assert request.color is None and request.interval_s == pytest.approx(0.5)
    request = parse_analyze(LZ_ANALYZE, ["black", "interval", "10", "maxmoves", "3"])
    assert (request.color, request.interval_s, request.max_moves) == (BLACK, 0.1, 3)
    assert parse_analyze(KATA_ANALYZE, ["b"]).max_moves == MAX_MOVES


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["purple", "10"], "invalid color"),
        (["b", "-5"], "negative"),
        (["-1"], "negative"),
        (["b", "10", "ownership"], "unknown key"),
        (["b", "10", "colour", "w"], "unknown key"),
        (["b", "interval"], "needs a value"),
        (["b", "interval", "soon"], "whole number"),
        (["b", "maxmoves", "0"], "at least 1"),
    ],
)
def test_bad_arguments_are_refused_with_a_message(args, message):
    with pytest.raises(HexError, match=message):
        parse_analyze(KATA_ANALYZE, args)


# --------------------------------------------------------------------------- the line grammar


def test_kata_line_ranks_candidates_and_follows_the_grammar():
    line = info_line(snapshot(), 5, KATA_ANALYZE, legal_moves=22)
    found = blocks(line, KATA_ANALYZE)
    assert [b["move"] for b in found] == ["c3", "c2"]  # no swap: not allowed; d3 unsupported
    assert [b["order"] for b in found] == ["0", "1"]
    assert found[0]["visits"] == "60" and found[0]["winrate"] == "0.5500"
    assert found[0]["prior"] == f"{1 / 22:.4f}" and found[0]["share"] == "0.6000"
    assert found[0]["active"] == f"{33 / 60:.4f}"
    assert found[0]["pv"] == "c3 c2 d4" and found[1]["pv"] == "c2 c3"


def test_lz_line_writes_rates_in_ten_thousandths_and_offers_the_swap_when_legal():
    line = info_line(snapshot(), 5, LZ_ANALYZE, legal_moves=23, swap_allowed=True, max_moves=2)
    found = blocks(line, LZ_ANALYZE)
    assert [b["move"] for b in found] == ["c3", "c2"]  # maxmoves 2: the swap (10) is third
    assert found[0]["winrate"] == "5500" and found[0]["prior"] == str(round(10_000 / 23))
    line = info_line(snapshot(), 5, LZ_ANALYZE, legal_moves=23, swap_allowed=True)
    assert [b["move"] for b in blocks(line, LZ_ANALYZE)] == ["c3", "c2", "swap-pieces"]


@given(
    st.lists(st.integers(0, 500), min_size=1, max_size=25),
    st.sampled_from([KATA_ANALYZE, LZ_ANALYZE]),
)
def test_any_supported_snapshot_gives_a_grammatical_line(agents, dialect):
    moves = tuple(range(len(agents)))
    snap = snapshot(
        root_moves=moves,
        root_agents=tuple(agents),
        root_active=tuple(a // 2 for a in agents),
        best_move=max(moves, key=lambda m: (agents[m], -m)),
        root_values=(),
        root_lines=(),
        principal_variation=(),
    )
    line = info_line(snap, 5, dialect, legal_moves=25)
    if not any(agents):
        assert line == ""
        return
    found = blocks(line, dialect)
    assert len(found) == sum(1 for a in agents if a > 0)
    assert sorted(int(b["visits"]) for b in found) == sorted(a for a in agents if a > 0)


# --------------------------------------------------------------------------- in process


def test_stream_in_process_answers_then_reports_then_ends_with_an_empty_line():
    written: list[str] = []
    engine = make_engine(size=5, emit=written.append)
    response = engine.execute("7 kata-analyze b 1")
    assert response is not None and response.render() == "\n"
    assert written[0] == "=7\n"
    reports = [w for w in written[1:] if w.strip()]
    assert reports and all(w.endswith("\n") for w in reports)
    found = blocks(reports[-1].strip(), KATA_ANALYZE)
    assert found[0]["move"] == "a1" and found[0]["visits"] == "30"
    # The analysed position's search answers the other analysis commands.
    assert run(engine, "hexswarm-root-agents").startswith("= a1 30")


def test_bad_analysis_arguments_leave_the_engine_as_it_was():
    written: list[str] = []
    engine = make_engine(size=5, emit=written.append)
    run(engine, "play b c3")
    before = (engine.board.copy().cells.tolist(), engine.level, engine.player, engine.last_snapshot)
    for line in ("kata-analyze x 10", "lz-analyze b -3", "kata-analyze b 10 ownership true"):
        text = run(engine, line)
        assert text.startswith("? "), text
    after = (engine.board.cells.tolist(), engine.level, engine.player, engine.last_snapshot)
    assert after == before and written == []
    assert run(engine, "showboard").startswith("=")


# --------------------------------------------------------------------------- real processes


def test_stand_in_process_streams_until_the_next_command():
    with start([*STANDIN, "--wait"]) as client:
        lines = client.analyze("lz-analyze w 5", seconds=0.5, timeout=TIMEOUT)
        assert lines  # the stand-in reports one snapshot, then searches until stopped
        found = blocks(lines[-1], LZ_ANALYZE)
        assert found[0]["move"] == "a1"
        # The engine is at its prompt again, and the position did not change.
        assert client.send("showboard", timeout=TIMEOUT)
        with pytest.raises(Exception, match="invalid color"):
            client.analyze("kata-analyze green 5", seconds=0.1, timeout=TIMEOUT)
        assert client.send("name", timeout=TIMEOUT) == "HexSwarm"


def test_real_program_streams_analysis_lines_to_a_client_process():
    argv = [*REAL, "--ai", "uct", "--size", "5", "--playouts", "200000", "--seed", "4"]
    with start(argv) as client:
        client.send("genmove b", timeout=TIMEOUT)  # the kernels are loaded after it
        client.send("undo", timeout=TIMEOUT)
        client.send("play b c3", timeout=TIMEOUT)
        lines = client.analyze("kata-analyze w 10 maxmoves 5", seconds=1.5, timeout=TIMEOUT)
        assert len(lines) >= 2
        for line in lines:
            found = blocks(line, KATA_ANALYZE)
            assert 1 <= len(found) <= 5
            assert all(b["move"] != "c3" for b in found)  # occupied
            assert [int(b["order"]) for b in found] == list(range(len(found)))
        visits = [sum(int(b["visits"]) for b in blocks(line, KATA_ANALYZE)) for line in lines]
        assert visits[-1] >= visits[0]  # the same search, growing
        assert client.send("name", timeout=TIMEOUT) == "HexSwarm"

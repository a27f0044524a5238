"""External engines as analysts: their live output read into our snapshots (KataGo's info lines,
MoHex's gfx blocks and values, a plain genmove), with real processes: ``hexswarm-gtp``, the
broken engine of ``broken_gtp_engine.py`` and, when it is installed, MoHex."""

from __future__ import annotations

import math
import shlex
import sys
from pathlib import Path

import pytest
from hexswarm.engine.board import Board, cell_index
from hexswarm.engine.clock import TimeControl, TimeLeft
from hexswarm.engine.gtp_analysis import KATA_ANALYZE, LZ_ANALYZE, info_line
from hexswarm.engine.players.external import EngineConfig, ExternalEngineError, ExternalEnginePlayer
from hexswarm.engine.players.external_analysis import (
    GENMOVE,
    REG_GENMOVE,
    EngineCandidate,
    analysis_method,
    candidates_snapshot,
    move_line,
    parse_info_line,
    parse_uct_gfx,
    parse_value_pairs,
)
from hexswarm.engine.review import PositionAnalysis
from hexswarm.engine.search.snapshot import PV_LENGTH, candidates

from tests.engine.test_external_engines import TIMEOUT, environment, opening, player_for, snapshot
from tests.engine.test_gtp_analysis import snapshot as search_snapshot

MOHEX = Path("/work/mohex/mohex-gtp.sh")

# Captured from MoHex 2.0 on 7x7 (reg_genmove b with use_livegfx 1, then mohex-values).
MOHEX_GFX = """uct
VAR B d4 W d3 B e3 W f1
INFLUENCE f2 .589 g2 .0 b3 .0 c3 .536 d3 .404 e3 .556 f3 .0 g3 .0 a4 .500 b4 .842 c4 .476 d4 .614
LABEL c2 0 d2 0 e2 0 f2 372 g2 1 b3 1 c3 28 d3 47 e3 18 f3 2 g3 1 a4 2 b4 19 c4 21 d4 479
TEXT N=1001 V=0.59 Len=48 Tree=5.7/18 Know=1.5/3 Gm/s=12103"""
MOHEX_VALUES = " c2 0 d2 0 f2 .636@1k g2 .0@1 c3 .512@43 d3 W@48 b4 .625@40 d4 .602@528"


# ------------------------------------------------------------------ reading the output


def test_info_lines_are_read_by_lizzies_rules():
    line = (
        "info move c3 visits 120 utility 0.1 winrate 0.61 scoreMean 0.0 prior 0.2 lcb 0.5 "
        "order 0 pv c3 d2 b4 info move pass visits 3 winrate 0.1 order 1 pv pass "
        "info move z9 visits 5 winrate 0.5 order 2 pv z9 info move d2 visits 40 winrate 0.4 "
        "order 3 pv d2 c3 zz info move b2 visits x winrate 0.4 pv b2"
    )
    found = parse_info_line(line, 5)
    c3, d2 = cell_index("c3", 5), cell_index("d2", 5)
    assert [(c.move, c.visits, c.win_rate) for c in found] == [(c3, 120, 0.61), (d2, 40, 0.4)]
    assert found[0].line == (c3, d2, cell_index("b4", 5)) and found[1].line == (d2, c3)
    lz = parse_info_line(
        "info move a1 visits 7 winrate 5731 prior 1000 order 0 pv a1", 5, LZ_ANALYZE
    )
    assert lz[0].win_rate == pytest.approx(0.5731)
    assert parse_info_line("thinking...", 5) == []


@pytest.mark.parametrize("dialect", [KATA_ANALYZE, LZ_ANALYZE])
def test_our_own_lines_read_back_as_the_snapshot_they_came_from(dialect):
    original = search_snapshot()
    text = info_line(original, 5, dialect, legal_moves=24, swap_allowed=True)
    found = parse_info_line(text, 5, dialect)
    expected = candidates(original, 10)
    assert [c.move for c in found] == [c.move for c in expected]
    assert [c.visits for c in found] == [c.support for c in expected]
    for got, want in zip(found, expected, strict=True):
        assert got.win_rate == pytest.approx(want.value, abs=1e-4)
    rebuilt = candidates_snapshot(found, to_move="black", player="x")
    assert rebuilt.best_move == original.best_move
    assert rebuilt.estimate == pytest.approx(original.root_values[1], abs=1e-4)


def test_mohex_gfx_and_values_are_read():
    found = parse_uct_gfx(MOHEX_GFX, 7)
    d4, f2 = cell_index("d4", 7), cell_index("f2", 7)
    assert [c.move for c in found[:2]] == [d4, f2]  # by visits: 479, 372
    assert (found[0].visits, found[0].win_rate) == (479, pytest.approx(0.614))
    assert found[0].line == (d4, cell_index("d3", 7), cell_index("e3", 7), cell_index("f1", 7))
    assert found[1].line == (f2,)
    assert cell_index("c2", 7) not in [c.move for c in found]  # a label without a value
    assert parse_uct_gfx("ab\nVAR B a1\nLABEL a1 3\nTEXT x", 7) == []
    values = parse_value_pairs(MOHEX_VALUES, 7)
    assert values[f2] == (pytest.approx(0.636), 1000)
    assert values[cell_index("d3", 7)] == (1.0, 48)  # proven win
    assert values[cell_index("c2", 7)] == (0.0, 0)  # pruned: no visits (left out of analyses)
    assert analysis_method(frozenset({"genmove", "reg_genmove"})) == REG_GENMOVE
    assert analysis_method(frozenset({"genmove"})) == GENMOVE


def test_an_engines_line_is_cut_at_the_length_our_searches_report():
    """MoHex's ``mohex-get-pv`` on a 9x11 board (round 14's session) ran 40 moves, its tail
    filling the edges pair by pair; the review drew all of them as numbered ghosts over the
    board. An engine's line is read up to :data:`PV_LENGTH` moves, as our searches report."""
    said = (
        "f5 f4 g4 g3 i2 i1 h2 h1 g2 g1 f2 f1 e2 e1 d2 d1 c2 c1 a2 b2 a3 b3 a4 b4 a5 b5 a6 b6 a7 "
        "b7 a8 b8 a9 b10 b9 c9 c8 d6 e7 e8"
    )
    words = said.split()
    line = move_line(words, (9, 11))
    assert len(words) == 40 and len(line) == PV_LENGTH == 12
    assert line == tuple(cell_index(word, 9, 11) for word in words[:PV_LENGTH])
    info = f"info move f5 visits 9 winrate 0.5 pv {said}"
    assert parse_info_line(info, (9, 11))[0].line == line


# ------------------------------------------------------------------ real processes


def test_hexswarm_gtp_analyses_with_kata_analyze_and_plays_on_in_step():
    command = shlex.join([sys.executable, "-m", "hexswarm.engine.gtp"])
    config = EngineConfig(
        "HexSwarm uct", f"{command} --ai uct --playouts 3000 --seed 2", move_timeout_s=TIMEOUT
    )
    # The first analysis waits for the kernels: it runs until the engine reports its whole
    # budget, not for a fixed time. With 3 s, on 2 cores at load 13-20, the engine was still
    # loading them when stopped: no candidate yet, or the stream's end after the 3 s of grace,
    # in 22 of 23 tries (the grace itself is tested with a fake engine).
    engine = ExternalEnginePlayer(
        config, env=environment(), start_timeout_s=TIMEOUT, stop_grace_s=TIMEOUT
    )
    engine.command_timeout_s = TIMEOUT
    board = opening(7, ("d4", "c5"))
    before = snapshot(board)
    seen: list = []

    def searched_its_budget() -> bool:
        return any(s.playouts >= 3000 for s in seen)

    try:
        choice = engine.analyse(
            board,
            on_snapshot=seen.append,
            should_stop=searched_its_budget,
            position_id=9,
            seconds=TIMEOUT,
        )
        assert analysis_method(engine.identity.commands) == KATA_ANALYZE
        final = choice.snapshot
        assert final is not None and final.done and final.position_id == 9
        assert choice.move == final.best_move and board.stone_at(choice.move) is None
        legal = set(board.legal_moves())
        assert set(final.root_moves) <= legal and len(final.root_moves) > 1
        assert 0.0 < final.estimate < 1.0 and final.playouts >= 3000
        assert seen and all(s.position_id == 9 for s in seen)
        assert snapshot(board) == before
        # The engine's game did not change: it plays on from the same position, not restarted.
        move = engine.choose_move(board).move
        assert board.stone_at(move) is None and engine.starts == 1
    finally:
        engine.close()


def test_an_engine_without_analysis_gives_its_genmove_taken_back():
    engine = player_for("good")
    board = opening(5, ("a1",))
    try:
        choice = engine.analyse(board)
        assert choice.move == cell_index("b1", 5)
        assert math.isnan(choice.snapshot.estimate) and choice.snapshot.root_moves == (1,)
        assert engine.choose_move(board).move == cell_index("b1", 5)  # undone: still b1
        assert engine.starts == 1
    finally:
        engine.close()


def test_a_streaming_engine_feeds_snapshots_until_stopped():
    engine = player_for("analyze")
    board = opening(5, ("a1",))
    seen = []
    try:
        choice = engine.analyse(board, on_snapshot=seen.append, seconds=0.6)
        assert len(seen) >= 2
        b1, c1 = cell_index("b1", 5), cell_index("c1", 5)
        assert choice.move == b1 and choice.snapshot.root_moves == (b1, c1)
        assert choice.snapshot.estimate == pytest.approx(0.6)
        assert choice.snapshot.principal_variation == (b1, c1)
        assert engine.choose_move(board).move == b1 and engine.starts == 1
    finally:
        engine.close()


@pytest.mark.parametrize(
    ("mode", "kind", "words"),
    [
        ("analyze-crash", "crash", "stopped (exit status 4) while answering 'kata-analyze"),
        (
            "analyze-hang",
            "timeout",
            "did not answer 'kata-analyze b 50' within 0.5 s (the end of its stream)",
        ),
    ],
)
def test_an_analyst_that_crashes_or_hangs_keeps_the_game_and_restarts(mode, kind, words):
    engine = player_for(mode, stop_grace_s=0.5)
    board = opening(5, ("a1",))
    before = snapshot(board)
    try:
        with pytest.raises(ExternalEngineError) as caught:
            engine.analyse(board, seconds=0.3)
        assert caught.value.kind == kind
        assert f"Broken {mode}" in str(caught.value)
        assert snapshot(board) == before and not engine.running
        assert engine.choose_move(board).move == cell_index("b1", 5)  # started again
        assert engine.starts == 2
    finally:
        engine.close()


def test_the_clock_is_told_once_and_the_time_left_before_each_move(tmp_path):
    log = tmp_path / "clock.txt"
    engine = player_for("clock", str(log))
    silent = player_for("good")
    board = opening(5, ())
    control = TimeControl(60, increment_s=2)
    try:
        assert engine.tell_clock(control, board.to_move, TimeLeft(60))
        engine.choose_move(board)
        assert engine.tell_clock(control, board.to_move, TimeLeft(57.8))
        assert log.read_text().splitlines() == [
            "kgs-time_settings fischer 60 2",
            "time_left b 60 0",
            "time_left b 57 0",
        ]
        assert not silent.tell_clock(control, board.to_move, TimeLeft(60))  # refused: fine
        assert silent.choose_move(board).move == 0
    finally:
        engine.close()
        silent.close()


@pytest.mark.skipif(not MOHEX.exists(), reason="MoHex is not installed at /work/mohex")
def test_mohex_analyses_with_reg_genmove_live_graphics_and_values():
    config = EngineConfig("MoHex", f"{MOHEX} --games 3000 --seed 1", move_timeout_s=120)
    engine = ExternalEnginePlayer(config, start_timeout_s=120)
    board = Board(7)
    board.play("d4")
    before = snapshot(board)
    seen = []
    try:
        choice = engine.analyse(board, on_snapshot=seen.append, seconds=60)
        assert analysis_method(engine.identity.commands) == REG_GENMOVE
        final = choice.snapshot
        assert final is not None and board.stone_at(choice.move) is None
        assert choice.move == final.best_move and 0.0 <= final.estimate <= 1.0
        assert len(final.root_moves) > 1 and set(final.root_moves) <= set(board.legal_moves())
        assert snapshot(board) == before
        assert board.stone_at(engine.choose_move(board).move) is None and engine.starts == 1
    finally:
        engine.close()


def test_candidates_are_read_on_a_rectangular_board():
    found = parse_info_line("info move g3 visits 5 winrate 0.5 order 0 pv g3 a1", (7, 3))
    assert [(c.move, c.line) for c in found] == [(cell_index("g3", 7, 3), (20, 0))]
    assert parse_info_line("info move a7 visits 5 winrate 0.5 order 0 pv a7", (7, 3)) == []


# ------------------------------------------------------------------ values with a player's move

FAKE_MOHEX = Path(__file__).resolve().parent / "fake_mohex_engine.py"


def fake_mohex(move_values: bool, *options: str) -> ExternalEnginePlayer:
    command = shlex.join([sys.executable, str(FAKE_MOHEX), *options])
    config = EngineConfig("MoHex", command, move_timeout_s=10)
    return ExternalEnginePlayer(
        config, start_timeout_s=10, move_values=move_values, spec_text="engine:MoHex"
    )


def commands_sent(engine: ExternalEnginePlayer) -> list[str]:
    """Start ``engine`` and record every command sent to it from now on."""
    engine.start()
    client = engine._client
    sent: list[str] = []
    send = client.send

    def record(command, *args, **kwargs):
        sent.append(command)
        return send(command, *args, **kwargs)

    client.send = record
    return sent


def test_mohex_as_a_player_gives_the_values_of_the_search_behind_its_move():
    """The stand-in searched from c3 d3 (Black to move): a1 .640@600, b1 .420@400, c1 pruned."""
    engine = fake_mohex(move_values=True)
    board = opening(5, ("c3", "d3"))
    before = snapshot(board)
    sent = commands_sent(engine)
    a1, b1 = cell_index("a1", 5), cell_index("b1", 5)
    try:
        choice = engine.choose_move(board, position_id=7)
        assert choice.move == a1 and snapshot(board) == before
        final = choice.snapshot
        assert final is not None and final.done and final.position_id == 7
        assert (final.player, final.to_move, final.best_move) == ("engine:MoHex", "black", a1)
        assert final.root_moves == (a1, b1) and final.root_agents == (600, 400)
        assert final.estimate == pytest.approx(0.64)
        assert final.root_values == pytest.approx((0.64, 0.42))
        assert final.principal_variation == (a1, b1)
        # The values are asked after the move: undo, values, line, the move again.
        assert sent[-5:] == [
            "genmove b",
            "undo",
            "mohex-values",
            "mohex-get-pv",
            "play b a1",
        ]
        # In step: the next move sends only White's stone, and its search's values come.
        board.play(a1)
        board.play("e5")
        del sent[:]
        choice = engine.choose_move(board)
        assert choice.move == b1 and choice.snapshot.best_move == b1
        assert sent[0] == "play w e5" and "clear_board" not in sent and engine.starts == 1
    finally:
        engine.close()


def test_a_move_made_without_a_new_search_comes_with_its_subtrees_values():
    """Three stones: the stand-in moves without searching, its tree still the search from c3,
    which holds the position (below a1) with visits: MoHex's values of this position, which
    its move came from (round 12; until then "no new search" dropped them). A position its
    tree holds no visits of (a fresh engine: "No previous search") gives the move alone."""
    engine = fake_mohex(move_values=True)
    board = opening(5, ("c3",))
    b1, c1 = cell_index("b1", 5), cell_index("c1", 5)
    try:
        assert engine.choose_move(board).snapshot is not None  # searched: a1
        board.play("a1")
        board.play("e5")
        choice = engine.choose_move(board)
        assert choice.move == b1 and choice.snapshot.root_moves == (b1, c1)
        assert choice.snapshot.root_agents == (600, 400)
        assert choice.snapshot.estimate == pytest.approx(0.64) and engine.starts == 1
        board.play(choice.move)
        board.play("e4")
        assert engine.choose_move(board).move == c1  # still in step
    finally:
        engine.close()
    fresh = fake_mohex(move_values=True)
    try:
        choice = fresh.choose_move(opening(5, ("c3", "a1", "e5")))
        assert choice.move == b1 and choice.snapshot is None
    finally:
        fresh.close()


@pytest.mark.parametrize("make", [lambda on: fake_mohex(on), lambda on: player_for("good")])
def test_without_move_values_or_value_commands_a_move_is_a_plain_genmove(make):
    """The match runner's MoHex (move_values off) and a plain GTP engine (on, but it lists no
    value command) are sent what they were always sent: the position and ``genmove``."""
    moves = []
    for on in (False, True):
        engine = make(on)
        engine.move_values = on
        board = opening(5, ("c3",))
        sent = commands_sent(engine)
        try:
            for reply in ("e5", "e4", "d4"):
                choice = engine.choose_move(board)
                moves.append(choice.move)
                board.play(choice.move)
                board.play(reply)
            words = {command.split()[0] for command in sent}
        finally:
            engine.close()
        plain = words == {"boardsize", "clear_board", "play", "genmove"}
        assert plain == (not on or engine.config.name != "MoHex"), sent
        assert (choice.snapshot is None) == plain
    assert moves[:3] == moves[3:]


@pytest.mark.skipif(not MOHEX.exists(), reason="MoHex is not installed at /work/mohex")
def test_mohex_gives_its_values_with_its_moves():
    config = EngineConfig("MoHex", f"{MOHEX} --games 3000 --seed 1", move_timeout_s=120)
    engine = ExternalEnginePlayer(config, start_timeout_s=120, move_values=True)
    board = Board(7)
    board.play("d4")
    try:
        for _ in range(2):
            choice = engine.choose_move(board)
            final = choice.snapshot
            assert final is not None and final.best_move == choice.move
            assert 0.0 <= final.estimate <= 1.0 and len(final.root_moves) > 1
            assert set(final.root_moves) <= set(board.legal_moves())
            board.play(choice.move)
            board.play(next(c for c in board.legal_moves() if c != choice.move))
        assert engine.starts == 1
    finally:
        engine.close()


def test_mohex_analysis_reads_its_values_when_the_position_has_visits():
    """The stand-in analyses c3 (a search: a1 .640@600, b1 .420@400); c3 a1 e5 (three stones)
    it decides without searching, its tree still the search from c3, which holds the position
    below a1 with visits (b1 .640@600, c1 .420@400): MoHex's values of the position, judged by
    the node's visits (round 12; round 11 dropped them, as no new search had run). A position
    with no visits in its tree (a fresh engine: "No previous search") gives its move alone,
    with no value, as an engine that gives none."""
    engine = fake_mohex(move_values=False)
    board = opening(5, ("c3",))
    a1, b1, c1 = (cell_index(name, 5) for name in ("a1", "b1", "c1"))
    try:
        searched = engine.analyse(board, position_id=1).snapshot
        assert searched.root_moves == (a1, b1)
        assert searched.root_values == pytest.approx((0.64, 0.42))
        board.play("a1")
        board.play("e5")
        choice = engine.analyse(board, position_id=2)
        assert choice.move == b1
        final = choice.snapshot
        assert final.done and final.root_moves == (b1, c1) and final.root_agents == (600, 400)
        assert final.estimate == pytest.approx(0.64)
        assert engine.starts == 1
    finally:
        engine.close()
    fresh = fake_mohex(move_values=False)
    try:
        seen = []
        choice = fresh.analyse(opening(5, ("c3", "a1", "e5")), on_snapshot=seen.append)
        assert choice.move == b1 and choice.snapshot.root_moves == (b1,)
        assert math.isnan(choice.snapshot.estimate)
        assert all(s.root_moves == (b1,) and math.isnan(s.estimate) for s in seen)
    finally:
        fresh.close()


def test_a_position_mohexs_connections_decide_is_proven_not_an_older_searchs_value():
    """Round 12 left it: a position MoHex's virtual connections decide (it plays without a
    search) carried the values an older search's subtree holds for it (the stand-in: .64 for
    c3 a1 e5), or on a fresh MoHex no value at all, and nothing told it from a search. With
    the connection commands listed the position is proven: the estimate is 1 for a win (the
    move played 1, the others keep MoHex's values) and 0 for a loss (every move 0), and the
    analysis is saved as exact."""
    board = opening(5, ("c3",))
    b1, c1 = (cell_index(name, 5) for name in ("b1", "c1"))
    engine = fake_mohex(False, "--proves")
    try:
        searched = engine.analyse(board, position_id=1).snapshot
        assert searched.proven is None and searched.estimate == pytest.approx(0.64)
        board.play("a1")
        board.play("e5")
        final = engine.analyse(board, position_id=2).snapshot
        assert final.proven == "win" and final.estimate == 1.0 and final.best_move == b1
        assert final.root_moves == (b1, c1) and final.root_values == pytest.approx((1.0, 0.42))
        analysis = PositionAnalysis.from_snapshot(final, 5)
        assert analysis.exact and analysis.win_rate == 1.0
        board.play("b1")
        board.play("c1")  # five stones: the other side's full connection
        lost = engine.analyse(board, position_id=3).snapshot
        assert lost.proven == "loss" and lost.estimate == 0.0
        assert all(value == 0.0 for value in lost.root_values)
    finally:
        engine.close()
    fresh = fake_mohex(False, "--proves")
    try:
        final = fresh.analyse(opening(5, ("c3", "a1", "e5"))).snapshot
        assert final.proven == "win" and final.estimate == 1.0 and final.root_moves == (b1,)
    finally:
        fresh.close()
    mover = fake_mohex(True, "--proves")
    try:
        choice = mover.choose_move(opening(5, ("c3", "a1", "e5")))
        assert choice.move == b1 and choice.snapshot is not None
        assert choice.snapshot.proven == "win" and choice.snapshot.estimate == 1.0
    finally:
        mover.close()


def test_an_engine_without_connection_commands_proves_nothing():
    """The stand-in without ``--proves`` (no ``vc-build``): the decided position keeps the
    values MoHex answers, as before, and no connection command is sent."""
    engine = fake_mohex(False)
    board = opening(5, ("c3", "a1", "e5"))
    try:
        sent = commands_sent(engine)
        final = engine.analyse(board).snapshot
        assert final.proven is None
        assert not any(command.startswith("vc-") for command in sent)
    finally:
        engine.close()


def games_played(engine: ExternalEnginePlayer) -> int:
    """The new simulations of the engine's last search (MoHex's ``GamesPlayed``)."""
    import re

    statistics = engine._guarded(
        "mohex-search-statistics",
        lambda client: client.send("mohex-search-statistics", 60, strict_blank_lines=True),
    )
    return int(re.search(r"GamesPlayed\s+(\d+)", statistics).group(1))


def test_an_analysis_right_after_mohexs_own_move_searches_its_whole_budget():
    """MoHex's max_games counts the visits of the subtree it reuses, so its analysis of the
    position after its own move searched a third of its budget (the stand-in: 500 new of 1 500;
    MoHex in round 11: 0.2 s). An analysis runs with the reuse switched off, then on again."""
    engine = fake_mohex(move_values=False)
    board = opening(5, ("c3",))
    try:
        board.play(engine.choose_move(board).move)  # White's a1: the reuse stays on for it
        engine.analyse(board)
        assert games_played(engine) == 1500
        assert "reuse_subtree 1" in engine._send("param_mohex", 10)
    finally:
        engine.close()


@pytest.mark.skipif(not MOHEX.exists(), reason="MoHex is not installed at /work/mohex")
def test_mohex_analyses_with_its_whole_budget_right_after_its_own_move():
    """7x7 after d4, 2 000 games a move: with its reuse on, MoHex's analysis of the position
    after its own move played 2 new games (Count 1 776, the rest its move's subtree); with it
    off, 1 952 (one run each, 28 Nov; MoHex may stop before max_games when the best move can
    no longer change, and its priors start nodes with games of their own)."""
    config = EngineConfig("MoHex", f"{MOHEX} --games 2000 --seed 1", move_timeout_s=120)
    engine = ExternalEnginePlayer(config, start_timeout_s=120)
    board = Board(7)
    board.play("d4")
    try:
        board.play(engine.choose_move(board).move)
        final = engine.analyse(board, seconds=60).snapshot
        assert games_played(engine) > 1000  # new simulations, not its move's subtree's
        assert final is not None and len(final.root_moves) > 1 and engine.starts == 1
        assert "reuse_subtree 1" in engine._send("param_mohex", 60)
    finally:
        engine.close()


@pytest.mark.skipif(not MOHEX.exists(), reason="MoHex is not installed at /work/mohex")
def test_mohex_analysis_of_a_position_it_decides_without_searching():
    """5x5 after c3: MoHex's virtual connections decide it, so ``reg_genmove`` answers
    without a search (and a fresh MoHex then refuses ``mohex-values``: "No previous
    search"). The analysis is its move alone: until round 13 without a value; now its
    connections (``vc-build``, Black's full connection of north and south) prove the position
    lost for White, the side to move: an estimate of 0, exact. Its move also comes proven
    (``choose_move`` with its values)."""
    config = EngineConfig("MoHex", f"{MOHEX} --games 3000 --seed 1", move_timeout_s=120)
    engine = ExternalEnginePlayer(config, start_timeout_s=120)
    board = opening(5, ("c3",))
    try:
        choice = engine.analyse(board, seconds=60)
        final = choice.snapshot
        assert board.stone_at(choice.move) is None and final.root_moves == (choice.move,)
        assert final.proven == "loss" and final.estimate == 0.0 and engine.starts == 1
        assert PositionAnalysis.from_snapshot(final, 5).exact
        engine.move_values = True
        moved = engine.choose_move(board).snapshot
        assert moved is not None and moved.proven == "loss" and moved.estimate == 0.0
    finally:
        engine.close()


def test_a_move_an_engine_gives_without_a_value_is_no_estimate():
    """A position MoHex decides without searching gives its move alone (NaN, one visit):
    its 0 wins of 1 visit had been kept as the position's analysis, a win rate of 0 (the
    game graph drew "Black 100%" beside strong's 0% for a position White wins, 11x11, 28
    Nov). A move without a value is no estimate: nothing is kept."""
    from hexswarm.engine.review import PositionAnalysis
    from hexswarm.engine.search.snapshot import has_estimate

    said = candidates_snapshot(
        [EngineCandidate(7, 1, math.nan, (7,))], to_move="white", player="engine:MoHex"
    )
    assert said is not None and math.isnan(said.estimate) and not has_estimate(said)
    assert PositionAnalysis.from_snapshot(said, 5, "engine:MoHex") is None
    valued = candidates_snapshot(
        [EngineCandidate(7, 600, 0.64, (7,))], to_move="white", player="engine:MoHex"
    )
    assert has_estimate(valued)
    assert PositionAnalysis.from_snapshot(valued, 5).win_rate == pytest.approx(0.64)

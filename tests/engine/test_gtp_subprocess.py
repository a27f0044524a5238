"""hexswarm-gtp as a real subprocess, driven by engine.gtp_client.GtpClient (as matches do).

Two engines are used: the protocol layer with a stand-in AI (``python -m
tests.engine.test_gtp_engine``: no numba, fast) and the real program (``python -m
hexswarm.engine.gtp``) with tiny search budgets.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hexswarm.engine.board import Board, Color
from hexswarm.engine.gtp_client import GtpClient, GtpClientError

ROOT = Path(__file__).resolve().parents[2]
STANDIN = [sys.executable, "-m", "tests.engine.test_gtp_engine"]
REAL = [sys.executable, "-m", "hexswarm.engine.gtp"]
TIMEOUT = 120  # seconds a response may take before the test fails instead of hanging
# (and an engine to exit after quit: 0.04-1.6 s at load 16 on 2 cores, measured; once more than
# the client's default 5 s in a whole-suite run at load 17-20, and then it was killed: -9)


def environment() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    env.setdefault("NUMBA_CACHE_DIR", "/tmp/nbcache-tests")
    return env


def start(argv: list[str], **kwargs) -> GtpClient:
    return GtpClient(argv, env=environment(), cwd=ROOT, stderr=subprocess.PIPE, **kwargs)


def raw_session(argv: list[str], data: bytes) -> tuple[int, str, str]:
    """Feed raw bytes to the engine's stdin, close it, and collect everything."""
    finished = subprocess.run(
        argv, input=data, capture_output=True, env=environment(), cwd=ROOT, timeout=TIMEOUT
    )
    return (
        finished.returncode,
        finished.stdout.decode("utf-8", "replace"),
        finished.stderr.decode("utf-8", "replace"),
    )


# ------------------------------------------------------------------ protocol layer (stand-in AI)


def test_client_round_trip_and_errors():
    with start(STANDIN) as engine:
        assert engine.send("protocol_version", timeout=TIMEOUT) == "2"
        assert engine.send("7 name", timeout=TIMEOUT) == "HexSwarm"
        assert engine.send("boardsize 5", timeout=TIMEOUT) == ""
        with pytest.raises(GtpClientError, match="unacceptable size"):
            engine.send("boardsize 5 27", timeout=TIMEOUT)
        board_text = engine.send("showboard", timeout=TIMEOUT)
        assert "a b c d e" in board_text and "black to move" in board_text
        assert engine.close(timeout=TIMEOUT) == 0  # a clean exit, however slow the machine


def test_malformed_input_gets_answers_and_eof_exits_cleanly():
    data = (
        b"1 name\r\n"  # CRLF
        b"\r\n"  # empty line: no response
        b"# just a comment\n"
        b"2 frobnicate\n"
        b"3 boardsize 99\n"
        b"4 play\n"
        b"5 play purple a1\n"
        b"6 play b zz99\n"
        b"7 genmove\n"
        b"8 known_command \xff\xfe\n"  # not UTF-8
        b"\x00\x07 9 name\n"  # control characters are dropped
        b"10 undo\n"
    )  # then EOF without quit
    status, out, err = raw_session(STANDIN, data)
    assert status == 0
    responses = out.split("\n\n")[:-1]
    assert responses[0] == "=1 HexSwarm"
    assert responses[1].startswith("?2 unknown command")
    assert responses[2].startswith("?3 unacceptable size")
    assert responses[3].startswith("?4 expected 2 argument")
    assert responses[4].startswith("?5 invalid color")
    assert responses[5].startswith("?6 cell 'zz99' is off the 5x5 board")
    assert responses[6].startswith("?7 expected 1 argument")
    assert responses[7] == "=8 false"
    assert responses[8] == "=9 HexSwarm"
    assert responses[9].startswith("?10 cannot undo")
    assert len(responses) == 10
    assert "Traceback" not in err


def test_interrupt_answers_with_the_best_move_so_far():
    # The stand-in searches until it is stopped; it prints a gfx block first, on which the
    # controller interrupts (as HexGui's stop button does).
    blocks = []

    def on_gfx(block: str) -> None:
        blocks.append(block)
        engine.interrupt()

    engine = start([*STANDIN, "--wait"], on_gfx=on_gfx)
    try:
        assert engine.send("genmove b", timeout=TIMEOUT) == "a1"
        assert blocks and blocks[0].startswith("uct\nVAR B a1")
        assert engine.send("name", timeout=TIMEOUT) == "HexSwarm"  # still serving
    finally:
        engine.close()


def test_quit_ends_the_process():
    engine = start(STANDIN)
    assert engine.send("quit", timeout=TIMEOUT) == ""
    assert engine.process.wait(timeout=TIMEOUT) == 0
    with pytest.raises(GtpClientError):
        engine.send("name", timeout=TIMEOUT)


def test_client_reports_an_engine_that_cannot_start():
    with pytest.raises(GtpClientError, match="cannot start"):
        GtpClient(["/nonexistent/engine-binary"])


# ------------------------------------------------------------------ the real program


def test_real_engine_plays_a_full_game_through_gtp_only():
    engine = start([*REAL, "--ai", "mc", "--seed", "3", "--set", "playouts_per_move=20"])
    try:
        engine.send("boardsize 5", timeout=TIMEOUT)
        engine.send("clear_board", timeout=TIMEOUT)
        referee = Board(5)
        colour = Color.BLACK
        while True:
            try:
                engine.send("final_score", timeout=TIMEOUT)
                break
            except GtpClientError:
                pass
            move = engine.send(f"genmove {colour.letter.lower()}", timeout=TIMEOUT)
            referee.play(move)  # raises if the engine played an illegal move
            colour = colour.opponent
        assert referee.winner is not None
        assert engine.send("final_score", timeout=TIMEOUT) == f"{referee.winner.letter}+"
        loser = referee.winner.opponent.letter.lower()
        assert engine.send(f"genmove {loser}", timeout=TIMEOUT) == "resign"
    finally:
        assert engine.close(timeout=TIMEOUT) == 0  # a clean exit, however slow the machine


def test_real_engine_setup_by_out_of_turn_play_then_genmove():
    engine = start([*REAL, "--ai", "random", "--seed", "1"])
    try:
        engine.send("boardsize 3", timeout=TIMEOUT)
        # b a1 is a move; b a2 is out of turn (a setup stone); w c1 is a move: Black to move.
        for command in ("play b a1", "play b a2", "play w c1"):
            engine.send(command, timeout=TIMEOUT)
        board = engine.send("showboard", timeout=TIMEOUT)
        assert "black to move" in board
        move = engine.send("genmove w", timeout=TIMEOUT)
        assert move in {"b1", "b2", "c2", "a3", "b3", "c3"}
        engine.send("undo", timeout=TIMEOUT)  # the move and its change of side to move
        assert "black to move" in engine.send("showboard", timeout=TIMEOUT)
        engine.send("undo", timeout=TIMEOUT)  # w c1
        assert "white to move" in engine.send("showboard", timeout=TIMEOUT)
    finally:
        engine.close()


def test_real_engine_interrupt_during_a_long_search():
    blocks = []

    def on_gfx(block: str) -> None:
        blocks.append(block)
        if len(blocks) == 1:
            engine.interrupt()

    # A budget of many minutes (10^8 playouts, a 600 s limit): only the interrupt can
    # make genmove answer within the test's timeout.
    engine = start(
        [*REAL, "--ai", "uct", "--playouts", "100000000", "--time", "600", "--gfx"],
        on_gfx=on_gfx,
    )
    try:
        engine.send("boardsize 5", timeout=TIMEOUT)
        move = engine.send("genmove b", timeout=TIMEOUT)
        Board(5).play(move)
        assert blocks[0].startswith("uct\n")
    finally:
        engine.close()


def test_real_engine_param_dialog_round_trip():
    engine = start([*REAL, "--ai", "random"])
    try:
        lines = engine.send("hexswarm-param", timeout=TIMEOUT).split("\n")
        level_line = next(line for line in lines if " level " in line)
        assert level_line.startswith("[list/") and level_line.endswith(" random")
        engine.send("hexswarm-param level mc", timeout=TIMEOUT)
        assert engine.send("hexswarm-settings", timeout=TIMEOUT).startswith("mc")
        with pytest.raises(GtpClientError, match="unknown AI level"):
            engine.send("hexswarm-param level grandmaster", timeout=TIMEOUT)
    finally:
        engine.close()


def test_real_engine_command_line_errors_exit_with_a_message():
    status, out, err = raw_session([*REAL, "--ai", "random", "--agents", "-5"], b"name\n")
    assert status == 2 and out == ""
    assert "hexswarm-gtp:" in err


def test_real_engine_plays_on_the_clock_and_draws_a_seed_per_game(tmp_path):
    """time_settings and time_left over real stdin/stdout: a genmove with 3 s left on a
    sudden-death clock answers well within them; each new game logs its own seed."""
    import time

    argv = [*REAL, "--ai", "mc", "--set", "playouts_per_move=10000000", "--threads", "1"]
    log_path = tmp_path / "stderr.txt"
    log_file = open(log_path, "w", encoding="utf-8")  # noqa: SIM115
    engine = GtpClient(argv, env=environment(), cwd=ROOT, stderr=log_file)
    try:
        engine.send("boardsize 5", timeout=TIMEOUT)
        engine.send("hexswarm-param playouts_per_move 50", timeout=TIMEOUT)  # warm the kernels
        engine.send("genmove b", timeout=TIMEOUT)
        engine.send("hexswarm-param playouts_per_move 10000000", timeout=TIMEOUT)
        engine.send("clear_board", timeout=TIMEOUT)
        assert engine.send("time_settings 60 0 0", timeout=TIMEOUT) == ""
        assert engine.send("time_left b 3 0", timeout=TIMEOUT) == ""
        start_time = time.monotonic()
        engine.send("genmove b", timeout=TIMEOUT)
        took = time.monotonic() - start_time
        assert took < 3 - 0.3  # 10 M playouts a move would take minutes: the clock ruled
        with pytest.raises(GtpClientError):
            engine.send("time_left b three 0", timeout=TIMEOUT)
        engine.send("clear_board", timeout=TIMEOUT)
    finally:
        assert engine.close(timeout=TIMEOUT) == 0  # a clean exit, however slow the machine
        log_file.close()
    seeds = [
        line.split("seed ")[1].split(" ")[0]
        for line in log_path.read_text(encoding="utf-8").splitlines()
        if "new game, seed" in line
    ]
    assert len(seeds) == 3 and len(set(seeds)) == 3  # boardsize, clear_board, clear_board

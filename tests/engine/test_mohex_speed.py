"""The speed benchmark against MoHex (engine.tools.mohex_speed): its reading of MoHex's
statistics, its alternation and its table, with stand-in engines (nothing here is timed)."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

import pytest
from hexswarm.engine.board import Board, HexError
from hexswarm.engine.gtp_client import GtpClosed, GtpRefused, GtpTimeout
from hexswarm.engine.tools.mohex_speed import (
    POSITIONS,
    TABLE_COLUMNS,
    Mohex,
    main,
    mohex_argv,
    parse_mohex_statistics,
    report,
    run_benchmark,
    table_rows,
)

ROOT = Path(__file__).resolve().parents[2]
FAKE_MOHEX = ROOT / "tests" / "engine" / "fake_mohex_engine.py"

# MoHex 2.0's answer to mohex-search-statistics after a 1 s genmove on 9x9 (abridged: the
# pattern counters after the tree statistics are left out).
MOHEX_ANSWER = "\n".join(
    [
        "",
        "Elapsed Time   1.69537s",
        "Count          2156",
        "GamesPlayed    2156",
        "Nodes          6825",
        "Knowledge      7 (0.3%)",
        "Expansions     145.0",
        "Time           1.00",
        "GameLen        70.9 dev=2.3 min=65.0 max=73.0",
        "InTree         5.7 dev=3.0 min=0.0 max=18.0",
        "KnowDepth      2.4 dev=1.6 min=0.0 max=5.0",
        "Aborted        0%",
        "Games/s        2153.6",
        "Score          0.67",
        "Sequence       g5 f4 h3 g3 h2 f6 g6 f8 g7 g8 f7 e8 e7 d8 d7 c8 b8 c7",
        " ",
        "Tree Statistics:",
        "Prior Positions     145",
        "Know Positions      6",
        " ",
        "Playout Statistics:",
        "Total               140459",
        "Local               63696 (45.3%)",
    ]
)  # the lines of one space are MoHex's


def test_parses_mohex_statistics():
    assert parse_mohex_statistics(MOHEX_ANSWER) == {
        "elapsed_s": 1.69537,
        "games": 2156.0,
        "nodes": 6825.0,
        "search_s": 1.0,
    }


def test_statistics_before_any_search_are_empty_and_partial_ones_refused():
    assert parse_mohex_statistics("Tree Statistics:\nPrior Positions     0\n \nTotal   0") == {}
    with pytest.raises(HexError, match="lack elapsed_s, nodes, search_s"):
        parse_mohex_statistics("GamesPlayed    10\n")


def test_every_position_is_legal_and_open():
    for size, positions in POSITIONS.items():
        assert positions[0] == ("empty", ())
        for _name, moves in positions:
            board = Board.from_moves(size, moves)
            assert board.winner is None


class FakeOurs:
    """Our side's stand-in: 8 000 playouts in 1 000 descents, 1 s a move, 0.8 s of it
    searching, 0.5 s of CPU; no search on the position named "decided"."""

    def __init__(self, spec="fake", seconds=1.0):
        self.spec, self.calls = spec, []

    def search(self, size, moves):
        self.calls.append((size, tuple(moves)))
        if moves == ("a1", "b1", "c1"):
            return -1, -1, 0.01, float("nan"), 0.01
        return 8000, 1000, 1.0, 0.8, 0.5


def test_alternates_and_tabulates_with_stand_in_engines():
    positions = {5: (("empty", ()), ("two", ("a1", "b2")), ("decided", ("a1", "b1", "c1")))}
    ours = FakeOurs()
    mohex = Mohex(mohex_argv(shlex.join([sys.executable, str(FAKE_MOHEX)]), 1.0))
    order = []
    try:
        runs = run_benchmark(
            ours, mohex, [5], 2, positions=positions, on_run=lambda r: order.append(r)
        )
    finally:
        mohex.close()
    assert mohex.process.returncode == 0
    assert ours.calls[0] == (5, ())  # the untimed warm-up comes first
    assert len(runs) == 2 * 3 * 2 and runs == order
    firsts = [(r.round, r.position, r.engine) for r in runs[::2]]
    assert firsts == [
        (0, "empty", "ours"), (0, "two", "mohex"), (0, "decided", "ours"),
        (1, "empty", "mohex"), (1, "two", "ours"), (1, "decided", "mohex"),
    ]  # fmt: skip
    for first, second in zip(runs[::2], runs[1::2], strict=True):
        assert {first.engine, second.engine} == {"ours", "mohex"}
        assert first.position == second.position
    theirs = [r for r in runs if r.engine == "mohex"]
    assert [r.searched for r in theirs] == [True, True, False] * 2
    assert all(r.playouts == r.descents == 1500 and r.search_s == 0.5 for r in theirs if r.searched)
    assert all(r.cpu_s >= 0 and r.wall_s > 0 for r in theirs)

    rows = table_rows(runs)
    assert [row[:3] for row in rows] == [
        ["5", "empty", "2/2"], ["5", "two", "2/2"], ["5", "decided", "0/0"], ["5", "all", "4/4"],
    ]  # fmt: skip
    assert all(len(row) == len(TABLE_COLUMNS) for row in rows)
    empty = dict(zip(TABLE_COLUMNS, rows[0], strict=True))
    assert empty["ours playouts/s (move)"] == "8,000"
    assert empty["ours playouts/s (search)"] == "10,000"
    assert empty["ours descents/s (search)"] == "1,250"
    assert empty["ours playouts/s (CPU)"] == "16,000"
    assert empty["MoHex sims/s (search)"] == "3,000"  # 1500 games in its Time of 0.50 s
    assert rows[2][3:] == ["-"] * (len(TABLE_COLUMNS) - 3)

    text = report(runs, {"machine": "test", "date": "today"})
    lines = text.splitlines()
    assert lines[:2] == ["- machine: test", "- date: today"]
    assert "- no search: mohex on 5x5 decided, round 0" in lines
    assert "- no search: ours on 5x5 decided, round 1" in lines
    table = [line for line in lines if line.startswith("|")]
    assert table[0] == "| " + " | ".join(TABLE_COLUMNS) + " |"
    assert len(table) == 2 + len(rows)


def test_a_refusal_or_an_exit_is_reported():
    mohex = Mohex([sys.executable, str(FAKE_MOHEX)])
    try:
        with pytest.raises(GtpRefused, match="nonsense: unknown command"):
            mohex.send("nonsense")
        mohex.send("quit")  # the stand-in answers and exits
        mohex.process.wait(timeout=30)
        with pytest.raises(GtpClosed):
            mohex.send("boardsize 5")
    finally:
        mohex.close()


def test_the_statistics_answer_keeps_its_lines_of_one_space():
    """GTP ends a response at an empty line only: MoHex's lines of one space stay inside."""
    mohex = Mohex([sys.executable, str(FAKE_MOHEX)])
    try:
        mohex.search(5, ("a1",))
        answer = mohex.send("mohex-search-statistics")
        assert "Tree Statistics:" in answer and "Total               0" in answer
        assert " " in answer.splitlines()
        assert mohex.send("clear_board") == ""  # its own answer, not the rest of the last one
    finally:
        mohex.close()


def test_a_silent_engine_times_out_instead_of_hanging():
    silent = [sys.executable, "-c", "import time; time.sleep(60)"]
    mohex = Mohex(silent, timeout=0.5)
    try:
        with pytest.raises(GtpTimeout):
            mohex.send("boardsize 5")
    finally:
        mohex.client.kill()
    assert mohex.process.returncode is not None


def test_the_command_line_reports_an_engine_that_cannot_start(tmp_path, capsys):
    raw = tmp_path / "runs.jsonl"
    missing = str(tmp_path / "no-such-mohex")
    code = main(["--mohex", missing, "--sizes", "9", "--rounds", "1", "--raw", str(raw)])
    assert code == 2
    assert f"cannot start {missing}" in capsys.readouterr().err
    assert raw.read_text() == ""  # opened, nothing run, closed
    with pytest.raises(SystemExit):
        main(["--sizes", "9,12"])
    assert "no positions for size 12" in capsys.readouterr().err


def test_the_command_line_runs_and_tabulates_with_stand_ins(tmp_path, monkeypatch, capsys):
    """``main`` end to end with a stand-in MoHex and our side's stand-in: the raw file holds
    every run, the table file the printed report with the command given."""
    monkeypatch.setattr("hexswarm.engine.tools.mohex_speed.Ours", FakeOurs)
    fake = shlex.join([sys.executable, str(FAKE_MOHEX)])
    out, raw = tmp_path / "table.md", tmp_path / "runs.jsonl"
    arguments = ["--mohex", fake, "--sizes", "9", "--rounds", "2", "--out", str(out)]
    assert main([*arguments, "--raw", str(raw)]) == 0
    printed = capsys.readouterr().out
    assert out.read_text() == printed
    assert (
        f"- command: python -m hexswarm.engine.tools.mohex_speed --mohex {shlex.quote(fake)}"
        in printed
    )
    runs = [json.loads(line) for line in raw.read_text().splitlines()]
    assert len(runs) == 2 * len(POSITIONS[9]) * 2
    assert {(r["engine"], r["playouts"]) for r in runs} == {("ours", 8000), ("mohex", 1500)}

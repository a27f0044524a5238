"""The real-board tactics suite (resources/tactics/real.json, 8x8 to 11x11, labelled by MoHex's
DFPN): what its file promises, the labeller's protocol (checked against a stand-in engine whose
DFPN is the second solver), external engines in the benchmark, and the search alone on a sample
of the suite at a fixed number of playouts and a fixed seed, so that a regression in the search
fails here whatever the machine's load."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

import pytest
from hexswarm.engine.board import Board
from hexswarm.engine.gtp_client import GtpRefused
from hexswarm.engine.players.tactics import immediate_wins
from hexswarm.engine.solver import winning_moves
from hexswarm.engine.tools.tactics_real import (
    REAL_SUITE,
    SIZES,
    MohexLabeller,
    check_with_mohex,
    merge,
)
from hexswarm.engine.tools.tactics_suite import (
    SUITE_FORMAT,
    _flat_monte_carlo_choice,
    load_suite,
    run_suite,
)

ROOT = Path(__file__).resolve().parents[2]
FAKE_DFPN = ROOT / "tests" / "engine" / "fake_dfpn_engine.py"
BROKEN = ROOT / "tests" / "engine" / "broken_gtp_engine.py"
SUITE = load_suite(REAL_SUITE)
DOCUMENT = json.loads(REAL_SUITE.read_text(encoding="utf-8"))


def test_the_suite_has_at_least_ten_positions_of_each_size_and_says_who_labelled_it():
    assert len(SUITE) == 57  # the issue asked for 60: the builds stopped at their time limits
    for size in SIZES:
        assert sum(p.size == size for p in SUITE) >= 10, size
    assert len({p.id for p in SUITE}) == len(SUITE)
    assert "MoHex" in DOCUMENT["labeller"] and "dfpn-solve-state" in DOCUMENT["labeller"]
    assert DOCUMENT["command"].startswith("python -m hexswarm.engine.tools.tactics_real ")
    assert all(" build " in command for command in DOCUMENT.get("builds", [DOCUMENT["command"]]))


def test_merging_builds_renumbers_ids_and_drops_repeated_positions():
    def entry(category, size, rows):
        return {"id": "x", "category": category, "size": size, "rows": rows, "winning": ["a1"]}

    first = {
        "command": "one",
        "seed": 1,
        "labeller": "L",
        "positions": [entry("mc-trap", 9, ["a"])],
    }
    second = {
        "command": "two",
        "seed": 2,
        "labeller": "L",
        "positions": [
            entry("mc-trap", 9, ["b"]),
            entry("mc-trap", 9, ["a"]),
            entry("bridge", 8, ["c"]),
        ],
    }
    merged = merge([first, second], "merge")
    assert [p["id"] for p in merged["positions"]] == [
        "real-bridge-8x8-01",
        "real-mc-trap-9x9-01",
        "real-mc-trap-9x9-02",
    ]
    assert merged["builds"] == ["one", "two"] and merged["seed"] == [1, 2]


@pytest.mark.parametrize("position", SUITE, ids=lambda p: p.id)
def test_every_position_is_won_with_a_small_winning_set_and_no_win_in_one(position):
    board = position.board()
    assert not board.is_over
    assert not immediate_wins(board, board.to_move)
    assert not immediate_wins(board, board.to_move.opponent)
    winning = position.winning_cells()
    assert winning and len(winning) <= board.empty_count // 3
    assert all(board.stone_at(cell) is None for cell in winning)


def test_the_smallest_traps_still_fool_flat_monte_carlo():
    """The trap check re-run on the 8x8 traps (the larger ones take a few seconds each)."""
    traps = [p for p in SUITE if p.category == "mc-trap" and p.size == 8]
    assert traps
    for position in traps:
        assert _flat_monte_carlo_choice(position.board()) not in position.winning_cells()


# --------------------------------------------------------------------------- the labeller

SMALL = [
    Board.from_rows(rows, to_move=to_move)
    for rows, to_move in (
        (("....", ".B..", "..W.", "...."), "black"),
        (("B...", ".W..", "..B.", "...W"), "black"),
        (("....", ".BW.", "....", "W..B"), "white"),
    )
]


@pytest.mark.parametrize("board", SMALL, ids=lambda b: "".join(str(b).split()))
def test_the_labellers_winning_set_is_the_engine_solvers_on_small_boards(board):
    """The labeller plays each cell, asks its engine who wins and takes the move back; with a
    stand-in whose DFPN is the second solver, its set is engine.solver's."""
    labeller = MohexLabeller(shlex.join([sys.executable, str(FAKE_DFPN)]), seconds=1)
    try:
        assert labeller.winning_set(board, most=99) == winning_moves(board)
        mover_wins = bool(winning_moves(board))
        assert (labeller.winner(board) is board.to_move) == mover_wins
    finally:
        labeller.close()


def test_an_unsettled_cell_leaves_the_position_unlabelled():
    labeller = MohexLabeller(shlex.join([sys.executable, str(FAKE_DFPN), "3"]), seconds=1)
    try:
        assert labeller.winner(SMALL[0]) is None
        assert labeller.winning_set(SMALL[0], most=99) is None
    finally:
        labeller.close()


def test_an_engine_without_mohexs_dfpn_is_refused_and_ended(monkeypatch):
    """The stand-in MoHex of the speed benchmark refuses ``param_dfpn``: the labeller says so
    and leaves no process behind."""
    import hexswarm.engine.tools.tactics_real as tactics_real

    started = []

    class Recorded(tactics_real.GtpClient):
        def __init__(self, argv):
            super().__init__(argv)
            started.append(self)

    monkeypatch.setattr(tactics_real, "GtpClient", Recorded)
    fake_mohex = ROOT / "tests" / "engine" / "fake_mohex_engine.py"
    with pytest.raises(GtpRefused, match="param_dfpn timelimit 1: unknown command"):
        MohexLabeller(shlex.join([sys.executable, str(fake_mohex)]), seconds=1)
    assert len(started) == 1 and started[0].process.returncode is not None


def test_too_many_winning_cells_leave_the_position_unlabelled():
    labeller = MohexLabeller(shlex.join([sys.executable, str(FAKE_DFPN)]), seconds=1)
    try:
        board = SMALL[0]
        assert len(winning_moves(board)) > 1
        assert labeller.winning_set(board, most=1) is None
    finally:
        labeller.close()


def test_checking_a_suite_records_every_cells_verdict_and_reports_a_wrong_label(tmp_path):
    """A two-position suite, one labelled by engine.solver and one with a losing cell added
    to its label: the check (with the second solver behind the stand-in) confirms the first
    and names the added cell as the one disagreement of the second."""
    rows = ["....", ".B..", "..W.", "...."]
    board = Board.from_rows(rows, to_move="black")
    names = sorted(board.cell_name(c) for c in winning_moves(board))
    losing = next(
        board.cell_name(c) for c in board.legal_moves() if board.cell_name(c) not in names
    )
    positions = [
        {
            "id": "right",
            "category": "x",
            "size": 4,
            "to_move": "black",
            "rows": rows,
            "winning": names,
        },
        {
            "id": "wrong",
            "category": "x",
            "size": 4,
            "to_move": "black",
            "rows": rows,
            "winning": sorted([*names, losing]),
        },
    ]
    suite = tmp_path / "suite.json"
    suite.write_text(json.dumps({"format": SUITE_FORMAT, "positions": positions}))
    labeller = MohexLabeller(shlex.join([sys.executable, str(FAKE_DFPN)]), seconds=1)
    try:
        right, wrong = check_with_mohex(suite, None, labeller, lambda text: None)
    finally:
        labeller.close()
    assert right["confirmed"] and right["agree"] == board.empty_count == len(right["cells"])
    assert sorted(n for n, wins in right["cells"].items() if wins) == names
    assert not wrong["confirmed"] and wrong["disagree"] == [losing] and not wrong["unresolved"]


# --------------------------------------------------------------------------- external engines


def test_an_external_engine_is_sent_the_position_and_graded():
    """A GTP engine that plays the first empty cell: the moves recorded are each position's
    first empty cell, so the stones reached it, and a hit is that cell being a winning one."""
    positions = [p for p in SUITE if p.size == 8][:4]
    records: list[dict] = []
    spec = "gtp:" + shlex.join([sys.executable, str(BROKEN), "good"])
    results = run_suite(spec, positions, time_s=None, records=records)
    expected_hits = 0
    for position, record in zip(positions, records, strict=True):
        board = position.board()
        first = board.legal_moves()[0]
        assert record["move"] == board.cell_name(first)
        assert record["hit"] == (first in position.winning_cells())
        expected_hits += record["hit"]
    assert results[-1].hits == expected_hits and results[-1].positions == len(positions)


# --------------------------------------------------------------------------- the search alone

SAMPLE = [p for p in SUITE if p.size in (8, 9)]
PLAYOUTS = 2_000
SEARCH = f"strong:time_s=none,playouts={PLAYOUTS},tactics=off"
# About PLAYOUTS over the 43-62 empty cells of the first move.
FLAT = f"mc:playouts_per_move={PLAYOUTS // 50}"
# Measured 27 Nov (seed 1, one thread, 3 s of CPU): the search 25 of 30 (it missed 1 bridge,
# 2 template III, 2 mc-trap); flat Monte-Carlo with the same playouts 12.
SEARCH_AT_LEAST = 23
FLAT_BELOW = 18


@pytest.fixture(scope="module")
def hits() -> dict[str, int]:
    return {spec: run_suite(spec, SAMPLE, time_s=None, seed=1)[-1].hits for spec in (SEARCH, FLAT)}


def test_the_sample_is_the_suites_8x8_and_9x9(hits):
    assert len(SAMPLE) == 30


def test_the_search_alone_finds_most_winning_moves_on_8x8_and_9x9(hits):
    assert hits[SEARCH] >= SEARCH_AT_LEAST, hits


def test_flat_monte_carlo_with_the_same_playouts_does_not(hits):
    assert hits[FLAT] < FLAT_BELOW, hits

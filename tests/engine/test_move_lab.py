"""The move lab (engine.tools.move_lab): the regret arithmetic and the oracle cache on a tiny
board with a stub oracle whose values are set by hand, the MoHex oracle's reading of a search
against the MoHex stand-in (no MoHex in CI), the position picking by seed, the paired
statistics, and a run that continues where it stopped."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest
from hexswarm.engine.board import Board, HexError
from hexswarm.engine.tools import move_lab
from hexswarm.engine.tools.move_lab import (
    LabPosition,
    MohexOracle,
    OracleCache,
    OracleValue,
    Run,
    evaluate_moves,
    game_positions,
    mean_interval,
    move_value,
    paired,
    pick_positions,
    position_key,
    regret,
    regret_rows,
    run_lab,
    summarize,
)

FAKE_MOHEX = Path(__file__).resolve().parent / "fake_mohex_engine.py"


class StubOracle:
    """Values set by hand, by position (cell names played from the empty board); counts its
    calls. A position it was not given is an error: the test says what must be asked."""

    command = "stub"

    def __init__(
        self,
        size: int,
        table: dict[tuple[str, ...], tuple[float, str | None]],
        proofs: dict[tuple[str, ...], float] | None = None,
    ):
        self.size = size
        self.table = {}
        self.proofs = {}
        for moves, (value, best) in table.items():
            board = self.board(moves)
            cell = None if best is None else board.cell_index(best)
            how = "proof" if value in (0.0, 1.0) else "search"
            self.table[position_key(board)] = OracleValue(value, cell, 100, how)
        for moves, value in (proofs or {}).items():
            self.proofs[position_key(self.board(moves))] = OracleValue(value, None, 0, "proof")
        self.calls: list[str] = []

    def board(self, moves: tuple[str, ...]) -> Board:
        board = Board(self.size)
        for name in moves:
            board.play(name)
        return board

    def evaluate(self, board: Board) -> OracleValue:
        key = position_key(board)
        self.calls.append(key)
        return self.table[key]

    def solve(self, board: Board) -> OracleValue:
        key = position_key(board)
        self.calls.append("exact:" + key)
        return self.proofs[key]


def three_by_three() -> tuple[Board, StubOracle]:
    """The empty 3x3 board, Black to move; the oracle's best is b2 (its value 1 - 0.3)."""
    oracle = StubOracle(
        3,
        {
            (): (0.7, "b2"),
            ("b2",): (0.3, "a1"),
            ("a1",): (0.6, "b2"),  # a1 is worth 0.4: regret 0.3
            ("c3",): (0.35, "b2"),  # c3 is worth 0.65: regret 0.05
            ("c1",): (0.2, "b2"),  # c1 looks better than the best move: regret -0.1
        },
    )
    return Board(3), oracle


def test_regret_is_the_best_moves_value_less_the_moves():
    board, oracle = three_by_three()
    cache = OracleCache("stub")
    cells = [board.cell_index(name) for name in ("a1", "c3", "b2", "c1")]
    evaluate_moves(board, cells, cache, oracle)
    assert move_value(board, board.cell_index("a1"), cache) == pytest.approx(0.4)
    assert regret(board, board.cell_index("a1"), cache) == pytest.approx(0.3)
    assert regret(board, board.cell_index("c3"), cache) == pytest.approx(0.05)
    assert regret(board, board.cell_index("b2"), cache) == 0.0
    assert regret(board, board.cell_index("c1"), cache) == pytest.approx(-0.1)
    # A move never evaluated has no regret (the cache alone does not ask the oracle).
    assert regret(board, board.cell_index("a2"), cache) is None


def test_each_position_is_asked_once_and_the_cache_round_trips(tmp_path):
    board, oracle = three_by_three()
    cache = OracleCache("stub")
    a1, c3 = board.cell_index("a1"), board.cell_index("c3")
    evaluate_moves(board, [a1, c3, a1], cache, oracle)
    # The position, the best move's position, then each distinct move: four searches.
    assert len(oracle.calls) == 4 == cache.searches
    assert len(set(oracle.calls)) == 4
    evaluate_moves(board, [c3, a1], cache, oracle)
    assert len(oracle.calls) == 4  # all cached
    path = tmp_path / "cache.json"
    cache.save(path)
    again = OracleCache.load(path, "stub")
    assert regret(board, a1, again) == pytest.approx(0.3)
    assert again.to_dict() == cache.to_dict()
    evaluate_moves(board, [a1, c3], again, oracle)
    assert len(oracle.calls) == 4 and again.searches == 0
    with pytest.raises(HexError):
        OracleCache.load(path, "another oracle")
    with pytest.raises(HexError):
        OracleCache("another oracle").get(board, oracle)


def test_a_winning_move_is_worth_one_without_asking():
    # 2x2: Black (top-bottom) has a1; a2 connects.
    board = Board(2)
    board.play("a1")
    board.play("b1")
    oracle = StubOracle(2, {("a1", "b1"): (0.9, "a2")})
    cache = OracleCache("stub")
    a2, b2 = board.cell_index("a2"), board.cell_index("b2")
    with pytest.raises(KeyError):  # b2 was not given to the stub: only asked when needed
        evaluate_moves(board, [a2, b2], cache, oracle)
    evaluate_moves(board, [a2], cache, oracle)
    assert oracle.calls.count(position_key(board)) == 1
    assert move_value(board, a2, cache) == 1.0
    assert regret(board, a2, cache) == 0.0


def test_in_a_decided_position_the_regret_is_exact():
    # Won for Black (by the oracle): b2 (its move) and c3 keep the win, a1 loses it.
    won = StubOracle(
        3,
        {(): (1.0, "b2"), ("a1",): (0.2, "b2")},  # a1's search says 0.8: not used
        proofs={("b2",): 0.0, ("c3",): 0.0, ("a1",): 1.0},
    )
    board = Board(3)
    cache = OracleCache("stub")
    cells = [board.cell_index(name) for name in ("a1", "c3", "b2")]
    evaluate_moves(board, cells, cache, won)
    assert all(call.startswith("exact:") for call in won.calls[1:]) and len(won.calls) == 4
    assert [regret(board, cell, cache) for cell in cells] == [1.0, 0.0, 0.0]
    # Lost for Black: every move loses, no move is asked about.
    lost = StubOracle(3, {(): (0.0, "b2")})
    cache = OracleCache("stub")
    evaluate_moves(board, cells, cache, lost)
    assert len(lost.calls) == 1
    assert [regret(board, cell, cache) for cell in cells] == [0.0, 0.0, 0.0]
    run = Run("positions.json", "stub", 1, ["p"], {"x@1": {"p": "a1"}}, {"x@1": {"p": 0.1}})
    (row,) = regret_rows([LabPosition("x@1", 3, (), "a1")], run, cache)
    assert row["best"]["p"] is True and row["oracle_best"] == "b2"


def test_position_picking_is_fixed_by_the_seed_and_drops_repeats():
    games = [
        ("g1", [40, 41, 30, 31, 32, 50, 51, 52]),
        ("g2", [40, 41, 30, 31, 20, 21, 22, 23]),  # its first positions repeat g1's
        ("g3", [10, 11, 12, 13, 14, 15, 16, 17]),
    ]
    candidates = [p for name, cells in games for p in game_positions(name, 9, cells, 3, 6)]
    assert [p.move_number for p in candidates[:4]] == [3, 4, 5, 6]
    assert candidates[0].id == "g1@3" and candidates[0].game_move == Board(9).cell_name(30)
    distinct = {position_key(p.board()) for p in candidates}
    picked = pick_positions(candidates, 100, seed=5)
    assert len(picked) == len(distinct) < len(candidates)
    assert "g2@3" not in {p.id for p in picked}  # g1@3 is the same position, first by id
    assert pick_positions(list(reversed(candidates)), 100, seed=5) == picked
    assert pick_positions(candidates, 4, seed=5) == picked[:4]
    assert [p.id for p in pick_positions(candidates, 100, seed=6)] != [p.id for p in picked]
    # Round trip through the positions file's form.
    assert [LabPosition.from_dict(p.to_dict()) for p in picked] == picked


def test_mean_interval_and_paired_separation():
    mean, low, high = mean_interval([1.0, 2.0, 3.0])
    assert mean == 2.0 and high - mean == pytest.approx(mean - low)
    assert high - mean == pytest.approx(1.959963984540054 * 1.0 / 3**0.5)
    rows = [
        {"regret": {"a": 0.0, "b": b}, "moves": {}, "move_number": 5}
        for b in (0.0, 0.3, 0.2, 0.25, 0.1, 0.3, 0.2)
    ]
    result = paired(rows, "a", "b")
    assert result["positions"] == 7
    assert result["mean_difference"] == pytest.approx(-1.35 / 7)
    assert result["interval"][1] < 0
    assert (result["first_better"], result["second_better"]) == (6, 0)
    # Over the first 3 positions the interval holds 0 (-0.167 +- 0.173); from 4 on it does not.
    assert result["separated_after"] == 4
    half = (result["interval"][1] - result["interval"][0]) / 2
    expected = 7 * (half / abs(result["mean_difference"])) ** 2
    assert result["positions_needed"] == pytest.approx(expected, abs=1)
    level = paired([{"regret": {"a": x, "b": -x}} for x in (0.1, -0.1, 0.1, -0.1)], "a", "b")
    assert level["separated_after"] is None


def test_mohex_oracle_reads_a_search_and_not_a_stale_tree():
    oracle = MohexOracle(f"{sys.executable} {FAKE_MOHEX} --no-reuse", dfpn_seconds=1)
    try:
        board = Board(5)
        board.play("c3")
        found = oracle.evaluate(board)
        # The stand-in's root: the first three empty cells, .640@600, .420@400, unvisited.
        assert (found.value, found.best, found.visits, found.how) == (0.64, 0, 1000, "search")
        board.play("a1")
        board.play("b1")  # three stones: "decided", answered without a search
        decided = oracle.evaluate(board)
        assert decided.how == "unsettled" and decided.value is None  # not the old tree's
    finally:
        oracle.close()


def test_a_run_continues_where_it_stopped(tmp_path):
    positions = [
        LabPosition("x@2", 3, ("b2",), "a1"),
        LabPosition("x@3", 3, ("b2", "a1"), "c1"),
    ]

    class Halves:
        """Every position worth 0.5 for the side to move, its best move its first empty
        cell."""

        command = "halves"
        calls = 0

        def evaluate(self, board: Board) -> OracleValue:
            Halves.calls += 1
            return OracleValue(0.5, board.legal_moves()[0], 10, "search")

    run = Run("positions.json", "halves", 7, players=["random"])
    cache = OracleCache("halves")
    saved = []
    run_lab(positions[:1], run, cache, Halves(), lambda: saved.append(1), log=lambda _t: None)
    first_move = run.moves["x@2"]["random"]
    calls = Halves.calls
    run_lab(positions, run, cache, Halves(), lambda: saved.append(1), log=lambda _t: None)
    assert run.moves["x@2"]["random"] == first_move and len(saved) == 3
    assert Halves.calls > calls
    rows = regret_rows(positions, run, cache)
    assert [r["id"] for r in rows] == ["x@2", "x@3"]
    assert all(r["regret"]["random"] == 0.0 for r in rows)  # every move worth 0.5
    summary = summarize(rows, ["random"])
    assert summary["players"]["random"]["positions"] == 2
    spent = move_lab.costs(run, cache)
    assert spent["players"]["random"]["moves"] == 2
    assert spent["oracle_calls"] == len(cache.values) == Halves.calls
    assert json.loads(json.dumps(Run.from_dict(run.to_dict()).to_dict())) == run.to_dict()


def test_the_command_line_picks_positions_from_a_match_folder(tmp_path):
    # the checkout's raw results: ./hexswarm.sh test runs a copy of tests/ and names the
    # checkout in HEXSWARM_CHECKOUT
    checkout = os.environ.get("HEXSWARM_CHECKOUT") or Path(__file__).resolve().parents[2]
    folder = Path(checkout) / "docs/results/mohex"
    if not folder.is_dir():
        pytest.skip("needs the source tree: run from the checkout or set HEXSWARM_CHECKOUT")
    match = next(iter(move_lab.default_folders(folder)))
    out = tmp_path / "positions.json"
    assert move_lab.main(["positions", str(match), "--out", str(out), "--count", "5"]) == 0
    first = move_lab.load_positions(out)
    assert len(first) == 5 and all(3 <= p.move_number <= 20 for p in first)
    move_lab.main(["positions", str(match), "--out", str(out), "--count", "5"])
    assert move_lab.load_positions(out) == first


def test_the_oracles_noise_is_two_searches_of_the_same_positions():
    board, oracle = three_by_three()
    cache = OracleCache("stub")
    evaluate_moves(board, [board.cell_index("a1"), board.cell_index("c3")], cache, oracle)
    for key in cache.values:
        assert position_key(move_lab.board_of_key(key)) == key

    class Shifted:
        command = "shifted"

        def evaluate(self, board: Board) -> OracleValue:
            found = oracle.evaluate(board)
            return OracleValue(found.value + 0.1, found.best, 100, "search")

    rows = move_lab.repeat_searches(cache, Shifted(), 3, seed=2, log=lambda _t: None)
    assert len(rows) == 3 and len({r["key"] for r in rows}) == 3
    summary = move_lab.repeat_summary(rows)
    assert summary["mean_difference"] == pytest.approx(0.1)
    assert summary["mean_absolute_difference"] == pytest.approx(0.1)
    assert summary["one_search_sd"] == pytest.approx(0.0, abs=1e-9)
    assert summary["same_best"] == 1.0

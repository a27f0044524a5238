"""The playout lab (engine.tools.playout_lab) and the playout-table variants it compares
(engine.patterns.PlayoutTable.variant, saves_link): labels against the exact solver, the
error estimate against its exact expectation, the 1-ply move on known answers, the variants'
weights against the board-level reference, and the command line end to end."""

from __future__ import annotations

import json
import math
import random

import numpy as np
import pytest
from hexswarm.engine.board import Board, HexError
from hexswarm.engine.patterns import (
    CODES,
    OWN,
    THEIRS,
    load_playout_table,
    pattern_code,
    playout_weights,
    saves_link,
)
from hexswarm.engine.solver import solve
from hexswarm.engine.tools import playout_lab
from hexswarm.engine.tools.playout_lab import (
    LabPosition,
    bucket_of,
    load_positions,
    one_ply_move,
    parse_policy,
    sample_game_positions,
    squared_errors,
    summarize,
)


def _random_games(size: int, count: int, seed: int) -> list[tuple[str, list[int]]]:
    rng = random.Random(seed)
    games = []
    for number in range(count):
        board = Board(size)
        cells = []
        while not board.is_over:
            cell = rng.choice(board.legal_moves())
            board.play(cell)
            cells.append(cell)
        games.append((f"random#{number}", cells))
    return games


def test_labels_agree_with_the_exact_solver():
    """The lab's labels (DFPN) against engine.solver's exhaustive search, a second method."""
    games = _random_games(5, 12, seed=3)
    positions, tried = sample_game_positions(
        games, 5, buckets=(2,), per_bucket=8, nodes=200_000, seed=1, log=lambda _: None
    )
    assert positions and all(t["settled"] <= t["tried"] for t in tried.values())
    for position in positions:
        board = position.board()
        assert not board.is_over and bucket_of(position.empties, (2,)) == 2
        mover_wins, _ = solve(board)
        assert position.mover_wins == mover_wins, position.id


def test_positions_round_trip_through_their_file(tmp_path):
    position = LabPosition("p", "test", 3, (4, 0), "black", 7, (1, 2), "real")
    path = tmp_path / "positions.json"
    path.write_text(
        json.dumps({"format": playout_lab.FORMAT, "positions": [position.to_dict()]}),
        encoding="utf-8",
    )
    assert load_positions(path) == [position]
    assert position.to_move == "black" and position.mover_wins and position.empties == 7
    path.write_text("{}", encoding="utf-8")
    with pytest.raises(HexError, match="not a playout-lab position file"):
        load_positions(path)


@pytest.mark.parametrize(("rate", "result"), [(0.3, 1.0), (0.8, 0.0), (0.5, 1.0), (1.0, 1.0)])
def test_the_corrected_error_is_unbiased(rate, result):
    """E[(p̂ - y)² - p̂(1 - p̂)/(N - 1)] = (p - y)² for p̂ the share of N Bernoulli(p) draws,
    summed exactly over the binomial distribution."""
    n = 12
    shares = np.arange(n + 1) / n
    probabilities = np.array(
        [math.comb(n, k) * rate**k * (1 - rate) ** (n - k) for k in range(n + 1)]
    )
    _, corrected = squared_errors(shares, np.full(n + 1, result), n)
    assert float(probabilities @ corrected) == pytest.approx((rate - result) ** 2)


def test_one_ply_takes_the_win_in_one():
    board = Board.from_rows(["BB.", "WW.", "..."], to_move="black")
    assert one_ply_move(board, parse_policy("uniform", None).policy, 8, seed=1) == 2


def test_summary_figures_by_hand():
    rows = [
        {"id": "a", "kind": "game", "empties": 12, "mover_wins": True, "p:x": 0.75,
         "move_wins:x": True},
        {"id": "b", "kind": "game", "empties": 17, "mover_wins": False, "p:x": 0.5},
        {"id": "c", "kind": "real", "empties": 40, "mover_wins": True, "p:x": 1.0,
         "move_wins:x": False},
    ]  # fmt: skip
    result = {"rows": rows, "playouts_per_second": {"x": 10.0}}
    figures = summarize(result, ["x"], playouts=5, buckets=(10, 20))["x"]
    assert figures["all"]["mse"] == pytest.approx((0.25**2 + 0.5**2 + 0) / 3)
    assert figures["games"]["positions"] == 2 and figures["real"]["positions"] == 1
    assert figures["10-19"]["p_when_won"] == 0.75 and figures["10-19"]["p_when_lost"] == 0.5
    assert figures["all"]["right_side"] == pytest.approx(2 / 3)  # 0.5 is on neither side
    assert figures["all"]["move_accuracy"] == 0.5 and "20-29" not in figures


def _owners_code(owners):
    return sum(o << (2 * i) for i, o in enumerate(owners))


def test_saves_link_by_its_definition():
    assert saves_link(_owners_code([OWN, THEIRS, OWN, 0, 0, 0]))
    assert saves_link(_owners_code([THEIRS, OWN, 0, 0, 0, OWN]))  # across the ring's end
    assert not saves_link(_owners_code([OWN, 0, OWN, THEIRS, 0, 0]))
    assert not saves_link(_owners_code([OWN, THEIRS, THEIRS, OWN, 0, 0]))
    assert sum(saves_link(code) for code in range(CODES)) > 0


def test_the_save_variant_weighs_the_answer_to_an_intrusion():
    """White intruded into Black's bridge c2-b4 at c3 (the last move): Black's answer b3
    weighs ``save`` times its local weight, by the board-level reference; the other cells'
    weights, and the far weights, do not change; ``local`` scales every near weight."""
    board = Board(7)
    for name in ("c2", "a7", "b4", "c3"):
        board.play(name)
    cells, last = board.cells, board.cell_index("c3")
    answer = board.cell_index("b3")
    table = load_playout_table("playout12-team-mohex-9x9")
    before = playout_weights(table, cells, 7, True, last)
    saved = playout_weights(table.variant(save=8.0), cells, 7, True, last)
    scaled = playout_weights(table.variant(local=0.5), cells, 7, True, last)
    assert saves_link(pattern_code(cells, 7, answer, True))
    assert saved[answer] == pytest.approx(8 * before[answer])
    far = board.cell_index("g1")
    assert saved[far] == before[far] and scaled[far] == before[far]
    assert scaled[answer] == pytest.approx(before[answer] / 2)
    changed = {c for c in before if saved[c] != before[c]}
    assert all(saves_link(pattern_code(cells, 7, c, True)) for c in changed)
    with pytest.raises(ValueError):
        table.variant(cap=0)


def test_command_line_end_to_end(tmp_path, capsys):
    positions = [
        LabPosition("lost", "test", 3, (4,), "black", 1),  # White to move loses
        LabPosition("won", "test", 3, (4, 0), "black", 1),  # Black to move wins
    ]
    path = tmp_path / "positions.json"
    path.write_text(
        json.dumps({"format": playout_lab.FORMAT, "positions": [p.to_dict() for p in positions]}),
        encoding="utf-8",
    )
    out = tmp_path / "run.json"
    code = playout_lab.main([
        "run", str(path), "--playouts", "16", "--move-playouts", "4", "--buckets", "5",
        "--policy", "uniform", "--policy", "patterns:playout6-mohex-9x9,save=2",
        "--tables", str(tmp_path / "tables"), "--json", str(out),
    ])  # fmt: skip
    assert code == 0
    printed = capsys.readouterr().out
    assert "| uniform |" in printed and "save=2" in printed
    document = json.loads(out.read_text(encoding="utf-8"))
    assert len(document["rows"]) == 2
    assert (tmp_path / "tables" / "playout6-mohex-9x9-save2.json").is_file()
    lost, won = document["rows"]
    assert "move:uniform" not in lost  # the 1-ply move only where the side to move wins
    assert won["move_wins:uniform"] in (True, False) and 0 <= won["p:uniform"] <= 1
    assert playout_lab.main(["run", str(path), "--policy", "uniform:x"]) == 2


def test_paired_difference_by_hand():
    rows = [
        {"mover_wins": True, "p:a": 0.5, "p:b": 1.0},
        {"mover_wins": False, "p:a": 0.0, "p:b": 0.5},
    ]
    # With 2 playouts: a's errors 0.25 - 0.25 = 0 and 0; b's 0 and 0.25 - 0.25 = 0.
    mean, half = playout_lab.paired_difference({"rows": rows}, "b", "a", playouts=2)
    assert mean == 0.0 and half == 0.0
    mean, half = playout_lab.paired_difference({"rows": rows}, "a", "b", playouts=1_000_001)
    assert mean == pytest.approx((0.25 - 0.25) / 2, abs=1e-6)
    rows[1]["p:b"] = 1.0  # b now errs by 1 where a is exact: a 0.25 - var, b 1
    mean, half = playout_lab.paired_difference({"rows": rows}, "b", "a", playouts=1_000_001)
    assert mean == pytest.approx(((0 - 0.25) + (1 - 0)) / 2, abs=1e-5) and half > 0

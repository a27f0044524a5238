"""The tactics suite in resources/tactics/suite.json: its answers are still the solver's, its
positions are what their category says, its templates are real templates, and the benchmark
counts hits."""

from __future__ import annotations

import json

import pytest
from hexswarm.engine.board import BLACK, WHITE, Board
from hexswarm.engine.players.tactics import immediate_wins
from hexswarm.engine.solver import solve, winning_moves
from hexswarm.engine.tools.tactics_suite import (
    CATEGORIES,
    DEFAULT_SUITE,
    SIZES,
    TEMPLATE_II,
    ZIGGURATS,
    _flat_monte_carlo_choice,
    _template_placements,
    load_suite,
    main,
    results_table,
    run_suite,
    write_suite,
)

SUITE = load_suite(DEFAULT_SUITE)


def test_the_suite_covers_every_category_and_size():
    present = {(p.category, p.size) for p in SUITE}
    for category in CATEGORIES:
        assert {size for c, size in present if c == category} == set(SIZES), category
    assert len({p.id for p in SUITE}) == len(SUITE)


@pytest.mark.parametrize("position", SUITE, ids=lambda p: p.id)
def test_stored_winning_moves_are_the_solvers(position):
    board = position.board()
    assert not board.is_over
    assert not immediate_wins(board, board.to_move)
    assert winning_moves(board) == position.winning_cells() != set()
    if position.category == "must-block":
        assert immediate_wins(board, board.to_move.opponent) == sorted(position.winning_cells())
    else:
        assert len(position.winning) <= max(1, board.empty_count // 3)
    if position.category == "mc-trap":
        assert _flat_monte_carlo_choice(board) not in position.winning_cells()


def _template_holds(size: int, stone: int, carrier: list[int], color) -> bool:
    """Our stone joined to its far edge by a solid chain, the opponent everywhere outside the
    carrier and to move: the template holds if we still connect."""
    board = Board(size)
    row, col = divmod(stone, size)
    # The line of cells from the stone to the far edge, in the stone's row or column.
    if color is BLACK:
        rows = range(row, size) if row < size // 2 else range(0, row + 1)
        chain = [r * size + col for r in rows]
    else:
        cols = range(col, size) if col < size // 2 else range(0, col + 1)
        chain = [row * size + c for c in cols]
    opponent = [c for c in range(size * size) if c not in chain and c not in carrier]
    mine = "black" if color is BLACK else "white"
    board.setup(**{mine: chain, ("white" if color is BLACK else "black"): opponent})
    board.setup(to_move=color.opponent)
    return not solve(board)[0]


@pytest.mark.parametrize("third_row", [False, True])
@pytest.mark.parametrize("color", [BLACK, WHITE])
def test_edge_templates_hold_and_are_minimal(third_row, color):
    """Every placement of template II / the ziggurats on a 7x7 board holds with the opponent to
    move, and fails without any one of its carrier cells."""
    assert len(ZIGGURATS[0]) == 8 and len(TEMPLATE_II) == 2
    size = 7
    placements = _template_placements(size, color, third_row)
    assert placements
    for stone, carrier in placements:
        assert _template_holds(size, stone, carrier, color)
        for cell in carrier:
            assert not _template_holds(size, stone, [c for c in carrier if c != cell], color)


def test_the_benchmark_counts_hits():
    blocks = [p for p in SUITE if p.category == "must-block"][:4]
    results = run_suite("uct:playouts=30,tactics=on", blocks, time_s=None)
    assert [(r.category, r.hits, r.positions) for r in results][-1] == ("all", 4, 4)
    table = results_table("uct:playouts=30,tactics=on", None, results)
    assert "| must-block | 4 | 4 |" in table


def test_a_run_writes_every_positions_move_and_hit(tmp_path, capsys):
    blocks = [p for p in SUITE if p.category == "must-block"][:2]
    suite, out = tmp_path / "blocks.json", tmp_path / "run.json"
    write_suite(blocks, suite, seed=1)
    spec = "uct:playouts=30,tactics=on"
    assert main(["run", spec, "--suite", str(suite), "--json", str(out)]) == 0
    document = json.loads(out.read_text())
    assert document["spec"] == spec and document["suite"] == "blocks.json"
    assert document["command"].endswith(f"--json {out}")
    assert [p["id"] for p in document["positions"]] == [p.id for p in blocks]
    for record, position in zip(document["positions"], blocks, strict=True):
        # the blocking cell is the one winning move here, and the player blocks
        assert record["move"] in position.winning and record["hit"] is True
    assert "| all | 2 | 2 |" in capsys.readouterr().out


def test_a_file_that_is_not_a_suite_gets_a_message(tmp_path, capsys):
    broken = tmp_path / "broken.json"
    broken.write_text("{ not json")
    assert main(["run", "uct", "--suite", str(broken)]) == 2
    assert "cannot read the tactics suite" in capsys.readouterr().err

"""The second exact solver (engine/tools/second_solver.py, proof-number search over Python
integers) against plain minimax on small boards, and a sample of the tactics labels and solved
openings re-checked with it. Neither side of these checks runs ``engine.solver``."""

from __future__ import annotations

import json
import random
from functools import cache

import pytest
from hexswarm.engine.tools import second_solver
from hexswarm.engine.tools.reference import flood_fill_winner, neighbours
from hexswarm.engine.tools.second_solver import Geometry, Position, winning_moves
from hexswarm.resources import resource_path

SUITE = {
    p["id"]: p for p in json.loads(resource_path("tactics", "suite.json").read_text())["positions"]
}


def minimax_winning_moves(cells: tuple[int, ...], size: int, black_to_move: bool) -> set[str]:
    """Every game played out to the end (no Hex knowledge but the winner of a board)."""

    @cache
    def mover_wins(state: tuple[int, ...], black: bool) -> bool:
        winner = flood_fill_winner(state, size)
        if winner:
            return winner == (1 if black else 2)
        stone = 1 if black else 2
        return any(
            not mover_wins(state[:cell] + (stone,) + state[cell + 1 :], not black)
            for cell, value in enumerate(state)
            if value == 0
        )

    stone = 1 if black_to_move else 2
    return {
        second_solver.cell_name(cell, size)
        for cell, value in enumerate(cells)
        if value == 0
        and not mover_wins(cells[:cell] + (stone,) + cells[cell + 1 :], not black_to_move)
    }


def random_position(rng: random.Random, size: int, min_stones: int) -> tuple[tuple[int, ...], bool]:
    """A position reached by random play that is not over (either side may be to move)."""
    while True:
        cells = [0] * (size * size)
        order = rng.sample(range(size * size), rng.randrange(min_stones, size * size - 1))
        for turn, cell in enumerate(order):
            cells[cell] = 1 + turn % 2
        if not flood_fill_winner(cells, size):
            return tuple(cells), len(order) % 2 == 0


def test_the_masks_neighbours_are_the_references():
    for size in (1, 2, 3, 5):
        geometry = Geometry.of(size)
        for cell in range(size * size):
            expected = sum(1 << n for n in neighbours(cell, size))
            assert geometry.neighbours(1 << cell) == expected, (size, cell)


@pytest.mark.parametrize("size", [2, 3, 4])
def test_winning_moves_equal_plain_minimax(size):
    rng = random.Random(size)
    for _ in range(40 if size < 4 else 12):
        cells, black_to_move = random_position(rng, size, min_stones=0 if size < 4 else 6)
        rows = ["".join(".BW"[cells[r * size + c]] for c in range(size)) for r in range(size)]
        position = Position.from_rows(rows, "black" if black_to_move else "white")
        assert winning_moves(position) == minimax_winning_moves(cells, size, black_to_move), rows


@pytest.mark.parametrize(
    "position_id",
    ["bridge-4x4-01", "must-block-5x5-01", "template2-5x5-02", "mc-trap-4x4-03", "bridge-6x6-01"],
)
def test_a_sample_of_the_suite_labels_agree(position_id):
    entry = SUITE[position_id]
    position = Position.from_rows(entry["rows"], entry["to_move"])
    assert winning_moves(position) == set(entry["winning"])


def test_the_stored_openings_up_to_4x4_agree():
    from hexswarm.engine.players import openings

    solved = json.loads(openings.OPENINGS_FILE.read_text())["solved"]
    for size in ("3", "4"):
        empty = Position.from_rows(["." * int(size)] * int(size), "black")
        assert winning_moves(empty) == set(solved[size]["winning"]), size


def test_bad_rows_are_refused_with_a_message():
    with pytest.raises(ValueError, match="row 2"):
        Position.from_rows(["..", ".X"], "black")
    with pytest.raises(ValueError, match="to_move"):
        Position.from_rows(["..", ".."], "red")
    with pytest.raises(ValueError, match="over"):
        winning_moves(Position.from_rows(["B.", "B."], "white"))


def test_a_check_resumes_keeping_what_it_settled(tmp_path, capsys):
    out = tmp_path / "labels.json"

    def run(max_size: int) -> list[dict]:
        arguments = ["check", "--suite", "suite", "--max-size", str(max_size), "--out", str(out)]
        assert second_solver.main([*arguments, "--resume"]) == 0
        return json.loads(out.read_text())["suites"]["suite"]

    assert all(r["checked"] is None for r in run(0))
    settled = [r for r in run(4) if r["checked"] is not None]
    assert len(settled) == 26 and all(r["checked"] for r in settled)
    assert [r for r in run(0) if r["checked"] is not None] == settled
    assert len(json.loads(out.read_text())["commands"]) == 3
    assert "suite: 26 of 26 re-solved labels agree (104 in all)" in capsys.readouterr().out

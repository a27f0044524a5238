"""The bundled edge-template studies say true things: each claims that a Black stone is joined
to the bottom edge, White to move, by play inside a named set of empty cells (its carrier).
Checked by the exact solver on a board where the stone is joined to the top by Black stones and
every cell outside the carrier is White's, by minimality (give White any one carrier cell and
the connection breaks), and for the ziggurat by a second method (plain minimax over the
carrier, engine.tools.reference) and by H-search, which derives it (and template IVa too,
since round 9)."""

from __future__ import annotations

import re

import pytest
from hexswarm.engine.analysis.connections import cells_of, h_search
from hexswarm.engine.board import BLACK, Board
from hexswarm.engine.solver import solve
from hexswarm.engine.tools.reference import carrier_game_connects
from hexswarm.resources.positions import (
    list_positions,
    load_position,
    position_comment,
)

TEMPLATES = {
    "09-edge-template-iii.sgf": ("d5", 8),
    "10-edge-template-iv.sgf": ("e5", 19),
}


def _study(file: str) -> tuple[Board, int, set[int]]:
    """The study's board, its stone and the carrier its comment names."""
    _entry, board = load_position(file)
    comment = position_comment(file)
    listed = re.search(r"empty cells: ([a-z0-9 ]+)\.", comment).group(1).split()
    return board, board.cell_index(TEMPLATES[file][0]), {board.cell_index(c) for c in listed}


def _black_holds(board: Board, stone: int, carrier: set[int]) -> bool:
    """Whether Black keeps ``stone`` joined to the bottom edge with White to move, every cell
    outside ``carrier`` White's and the stone joined to the top edge by a column of Black."""
    size = board.size
    column = [row * size + stone % size for row in range(stone // size + 1)]
    white = [c for c in range(size * size) if c not in carrier and c not in column]
    test = Board(size)
    test.setup(black=column, white=white, to_move="white")
    if test.is_over:
        return test.winner is BLACK
    white_wins, _proof = solve(test, budget=200_000_000)
    return not white_wins


@pytest.mark.parametrize("file", sorted(TEMPLATES))
def test_a_template_study_is_listed_and_set_up_as_it_says(file):
    assert file in {p.file for p in list_positions()}
    board, stone, carrier = _study(file)
    assert board.to_move is not BLACK and board.cells[stone] == BLACK.stone
    assert int((board.cells != 0).sum()) == 1 and len(carrier) == TEMPLATES[file][1]
    assert stone not in carrier and all(board.cells[c] == 0 for c in carrier)


@pytest.mark.parametrize("file", sorted(TEMPLATES))
def test_the_carrier_holds_and_every_cell_of_it_is_needed(file):
    board, stone, carrier = _study(file)
    assert _black_holds(board, stone, carrier)
    for cell in sorted(carrier):
        assert not _black_holds(board, stone, carrier - {cell}), board.cell_name(cell)


def test_the_ziggurat_by_plain_minimax_and_by_h_search():
    board, stone, carrier = _study("09-edge-template-iii.sgf")
    cells = tuple(int(c) for c in board.cells)
    ends = ([stone], "last")
    assert carrier_game_connects(cells, board.size, BLACK.stone, ends, sorted(carrier), False)
    conn = h_search(board.cells, board.size, BLACK)
    point = conn.point_of(stone)
    assert set(carrier) in [set(cells_of(f)) for f in conn.fulls(point, conn.edge_b)]


def test_the_fourth_row_study_is_derived_by_h_search_since_the_or_rule_keeps_every_full():
    """Template IVa comes out of the AND and OR rules once the OR rule keeps every full
    connection it meets, not only the first (round 9); the study's comment says so."""
    board, stone, carrier = _study("10-edge-template-iv.sgf")
    conn = h_search(board.cells, board.size, BLACK)
    found = [set(cells_of(f)) for f in conn.fulls(conn.point_of(stone), conn.edge_b)]
    assert carrier in found
    assert "derives it" in position_comment("10-edge-template-iv.sgf")

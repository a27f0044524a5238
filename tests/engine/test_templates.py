"""The built-in edge templates (engine.analysis.templates): every placement, for both colours,
both edges, both mirror images, on squares and rectangles, is a true full connection (the
exact solver, with the opponent to move and every cell outside the carrier the opponent's);
the drawing matches the bundled study of template IVa (an independent statement of its
carrier); H-search starts from them, and the root analysis's verdicts that use them agree with
the solver."""

from __future__ import annotations

import pytest
from hexswarm.engine.analysis.connections import cells_of, h_search
from hexswarm.engine.analysis.root import analyse
from hexswarm.engine.analysis.templates import (
    TEMPLATE_IVA,
    edge_template_placements,
    template_offsets,
)
from hexswarm.engine.board import BLACK, WHITE, Board
from hexswarm.engine.solver import solve
from hexswarm.resources.positions import load_position, position_comment


def _line_to_far_edge(anchor: int, edge: int, width: int, height: int, black: bool) -> list:
    """Cells joining ``anchor`` to the colour's other edge in a straight line."""
    row, col = divmod(anchor, width)
    if black:
        rows = range(row) if edge == 1 else range(row + 1, height)
        return [r * width + col for r in rows]
    cols = range(col) if edge == 1 else range(col + 1, width)
    return [row * width + c for c in cols]


def _holds(placement, width: int, height: int, color) -> bool:
    """Whether the owner wins with the opponent to move, the anchor joined to the far edge
    by a line of its stones, and every cell outside the carrier the opponent's."""
    black = color is BLACK
    line = _line_to_far_edge(placement.anchor, placement.edge, width, height, black)
    own = [placement.anchor, *line]
    carrier = set(cells_of(placement.carrier))
    other = [c for c in range(width * height) if c not in carrier and c not in own]
    board = Board(width, height)
    board.setup(**{color.value: own, color.opponent.value: other}, to_move=color.opponent)
    if board.is_over:
        return board.winner is color
    opponent_wins, _proof = solve(board, budget=100_000_000)
    return not opponent_wins


def test_the_drawing_is_the_bundled_study_of_template_iva():
    """The study (resources/positions) lists its carrier in words; the pattern placed at the
    study's stone gives the same nineteen cells."""
    _entry, board = load_position("10-edge-template-iv.sgf")
    listed = position_comment("10-edge-template-iv.sgf").split("empty cells: ")[1].split(".")[0]
    study = {board.cell_index(name) for name in listed.split()}
    stone = board.cell_index("e5")
    placed = [
        set(cells_of(p.carrier))
        for p in edge_template_placements(8, 8, True)
        if p.anchor == stone and p.edge == 1
    ]
    assert study in placed
    assert template_offsets(TEMPLATE_IVA)[0] == 4 and len(study) == 19


@pytest.mark.parametrize("color", [BLACK, WHITE])
def test_every_placement_on_a_square_holds_by_the_exact_solver(color):
    placements = edge_template_placements(8, 8, color is BLACK)
    # both edges, and both mirror images on each
    assert {p.edge for p in placements} == {0, 1} and len(placements) == 8
    shapes = {
        frozenset((c // 8 - p.anchor // 8, c % 8 - p.anchor % 8) for c in cells_of(p.carrier))
        for p in placements
    }
    assert len(shapes) == 4
    for placement in placements:
        assert placement.carrier.bit_count() == 19
        assert _holds(placement, 8, 8, color), (placement, color)


@pytest.mark.parametrize(
    ("width", "height", "color"),
    [(7, 9, BLACK), (9, 7, WHITE), (8, 7, BLACK), (7, 8, WHITE), (7, 5, BLACK), (5, 7, WHITE)],
)
def test_a_placement_on_a_rectangle_is_a_proven_square_one_moved_to_its_edge(width, height, color):
    """The solver takes squares only: a rectangle's placement, its edge moved onto the same
    edge of the 8x8 board (the template only sees its own cells and its edge), is one of the
    square's placements, which the test above proves."""
    black = color is BLACK
    square = set(edge_template_placements(8, 8, black))
    placements = edge_template_placements(width, height, black)
    along = width if black else height  # the template's edge row has seven cells
    assert len(placements) == 2 * 2 * (along - 6)
    for p in placements:

        def moved(cell: int, edge: int = p.edge) -> int:
            row, col = divmod(cell, width)
            if edge == 1:
                row, col = (row + 8 - height, col) if black else (row, col + 8 - width)
            assert 0 <= row < 8 and 0 <= col < 8
            return row * 8 + col

        carrier = sum(1 << moved(c) for c in cells_of(p.carrier))
        assert p._replace(anchor=moved(p.anchor), carrier=carrier) in square


def test_placements_fit_the_board_and_face_their_edge():
    for width, height in ((7, 7), (11, 11), (13, 9), (9, 13)):
        for black in (True, False):
            lines = height if black else width
            for p in edge_template_placements(width, height, black):
                row, col = divmod(p.anchor, width)
                line = row if black else col
                assert line == (lines - 4 if p.edge == 1 else 3)
                cells = cells_of(p.carrier)
                assert all(0 <= c < width * height for c in cells) and p.anchor not in cells
                far = [divmod(c, width)[0 if black else 1] for c in cells]
                assert (lines - 1 if p.edge == 1 else 0) in far  # it reaches its edge
    # too narrow for the seven cells on the edge's row: none
    assert edge_template_placements(6, 8, True) == ()
    assert edge_template_placements(8, 6, False) == ()


def test_h_search_starts_from_the_template_for_a_stone_and_for_an_empty_cell():
    board = Board(8)
    board.setup(white=["e6"])  # e is the fifth column: the fourth from White's right edge
    conn = h_search(board.cells, 8, WHITE)
    stone = conn.point_of(board.cell_index("e6"))
    right = {frozenset(cells_of(c)) for c in conn.fulls(stone, conn.edge_b)}
    expected = {
        frozenset(cells_of(p.carrier))
        for p in edge_template_placements(8, 8, False)
        if p.anchor == board.cell_index("e6") and p.edge == 1
    }
    assert len(expected) == 2 and expected <= right
    empty = board.cell_index("d3")  # an empty cell on the fourth column from the left
    left = {frozenset(cells_of(c)) for c in conn.fulls(empty, conn.edge_a)}
    assert any(len(c) == 19 for c in left)
    without = h_search(board.cells, 8, WHITE, edge_templates=False)
    assert not expected & {frozenset(cells_of(c)) for c in without.fulls(stone, without.edge_b)}


def test_an_intruded_template_is_not_claimed():
    board = Board(8)
    board.setup(black=["e5"], white=["c7"])  # c7 is in both mirror images' carriers
    conn = h_search(board.cells, 8, BLACK)
    stone = conn.point_of(board.cell_index("e5"))
    c7 = board.cell_index("c7")
    assert all(not (carrier >> c7) & 1 for carrier in conn.fulls(stone, conn.edge_b))
    assert all(carrier.bit_count() != 19 for carrier in conn.fulls(stone, conn.edge_b))


@pytest.mark.parametrize("color", [BLACK, WHITE])
def test_the_root_analysis_wins_by_a_template_as_the_solver_says(color):
    """A chain from the colour's first edge ends on the fourth line from its second edge, the
    rest of the board outside the template's carrier the opponent's: with the opponent to
    move the analysis proves it lost (by the template), and so does the solver."""
    size = 7
    black = color is BLACK
    placement = next(p for p in edge_template_placements(size, size, black) if p.edge == 1)
    own = [placement.anchor, *_line_to_far_edge(placement.anchor, 1, size, size, black)]
    carrier = set(cells_of(placement.carrier))
    other = [c for c in range(size * size) if c not in carrier and c not in own]
    board = Board(size)
    board.setup(**{color.value: own, color.opponent.value: other}, to_move=color.opponent)
    analysis = analyse(board)
    assert analysis.proven == "loss"
    opponent_wins, _proof = solve(board)
    assert not opponent_wins
    with_move = board.copy()
    with_move.setup(to_move=color)
    assert analyse(with_move).proven == "win" and solve(with_move)[0]

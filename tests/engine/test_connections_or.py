"""H-search's OR rule keeps every full connection it meets (round 9): what it gives is checked
against exact answers. Template IVa, which the rules missed before, is derived in every
orientation (both colours, both edges, both mirror images) and each carrier is a true full
connection by the exact solver; the Black one is the bundled study's carrier (an independent
statement of it)."""

from __future__ import annotations

import pytest
from hexswarm.engine.analysis.connections import cells_of, h_search
from hexswarm.engine.board import BLACK, WHITE, Board
from hexswarm.engine.solver import solve
from hexswarm.resources.positions import load_position, position_comment

SIZE = 8
# A stone on the fourth line from an edge where both mirror images of IVa fit on 8x8:
# (colour, edge, cell); Black's edges are the top (0) and bottom (1) rows, White's the left
# (0) and right (1) columns. The template leans one way along its edge: towards the low
# columns (rows, for White) facing the second edge, the high ones facing the first.
FOURTH_LINE = [(BLACK, 1, "f5"), (BLACK, 0, "c4"), (WHITE, 1, "e6"), (WHITE, 0, "d3")]


def _holds(board: Board, color, stone: int, edge: int, carrier: int) -> bool:
    """Whether ``color`` keeps ``stone`` joined to ``edge`` with the opponent to move, the
    stone joined to the other edge by a line of its stones and every other cell outside the
    carrier the opponent's."""
    row, col = divmod(stone, SIZE)
    if color is BLACK:
        line = [r * SIZE + col for r in (range(row) if edge == 1 else range(row + 1, SIZE))]
    else:
        line = [row * SIZE + c for c in (range(col) if edge == 1 else range(col + 1, SIZE))]
    own = {stone, *line}
    inside = set(cells_of(carrier))
    other = [c for c in range(SIZE * SIZE) if c not in inside and c not in own]
    test = Board(SIZE)
    test.setup(**{color.value: sorted(own), color.opponent.value: other}, to_move=color.opponent)
    if test.is_over:
        return test.winner is color
    opponent_wins, _proof = solve(test, budget=100_000_000)
    return not opponent_wins


@pytest.mark.parametrize(("color", "edge", "cell"), FOURTH_LINE)
def test_template_iva_is_derived_in_every_orientation_and_holds(color, edge, cell):
    board = Board(SIZE)
    board.setup(**{color.value: [cell]})
    stone = board.cell_index(cell)
    conn = h_search(board.cells, SIZE, color)
    target = (conn.edge_a, conn.edge_b)[edge]
    nineteen = [c for c in conn.fulls(conn.point_of(stone), target) if c.bit_count() == 19]
    # both mirror images of the template (and nothing smaller reaches the fourth line)
    assert len(nineteen) >= 2
    assert min(c.bit_count() for c in conn.fulls(conn.point_of(stone), target)) == 19
    for carrier in nineteen:
        assert _holds(board, color, stone, edge, carrier), [
            board.cell_name(c) for c in cells_of(carrier)
        ]


def test_the_derived_template_is_the_study_of_template_iva():
    _entry, board = load_position("10-edge-template-iv.sgf")
    listed = position_comment("10-edge-template-iv.sgf").split("empty cells: ")[1].split(".")[0]
    study = {board.cell_index(name) for name in listed.split()}
    conn = h_search(board.cells, board.size, BLACK)
    stone = conn.point_of(board.cell_index("e5"))
    assert study in [set(cells_of(c)) for c in conn.fulls(stone, conn.edge_b)]


def test_the_or_rule_gives_every_pair_of_disjoint_semis():
    """c4 reaches the bottom edge by b5, by c5, or by d4 (which touches d5, Black's stone on
    the edge): three one-cell semis, so three full connections, one for each pair. Before
    round 9 the rule stopped at the first combination a new semi made."""
    board = Board(5)
    board.setup(black=["c4", "d5"], white=["a1"])
    conn = h_search(board.cells, 5, BLACK)
    c4 = conn.point_of(board.cell_index("c4"))
    fulls = {
        frozenset(board.cell_name(c) for c in cells_of(f)) for f in conn.fulls(c4, conn.edge_b)
    }
    assert {frozenset(p) for p in (("b5", "c5"), ("b5", "d4"), ("c5", "d4"))} <= fulls

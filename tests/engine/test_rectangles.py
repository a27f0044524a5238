"""Rectangular boards: the rules against a second method, the square embedding the search
kernels play against the rectangle, every level on rectangles, and the limits' messages.

The full 10 000-game check is ``engine.tools.rectangles`` (its output in
``docs/results/rect/``); the properties here sample the same shapes."""

from __future__ import annotations

import numpy as np
import pytest
from hexswarm.engine.board import (
    BLACK,
    MAX_SIZE,
    WHITE,
    Board,
    CellNameError,
    HexError,
    IllegalMoveError,
    SetupEdit,
    cell_index,
    cell_name,
    neighbour_table,
)
from hexswarm.engine.game import Game, GameTreeError
from hexswarm.engine.kernels.winner import gale_winner_of_cells
from hexswarm.engine.players import LEVELS, create_player
from hexswarm.engine.search.environment import (
    embedded_board,
    hex_environment,
    rectangle_cell,
    square_cell,
    square_side,
)
from hexswarm.engine.tools.rectangles import check_game
from hexswarm.engine.tools.reference import rectangle_winner
from hexswarm.engine.warmup import warm_up
from hypothesis import given, settings
from hypothesis import strategies as st

CODE = {None: 0, BLACK: 1, WHITE: 2}
SHAPES = st.tuples(st.integers(1, 13), st.integers(1, 19)).flatmap(
    lambda wh: st.sampled_from([wh, wh[::-1]])  # 1x1 to 13x19, both ways round
)


def _stones(board: Board) -> dict[tuple[int, int], int]:
    """The board's stones as the reference takes them: (column, row) -> 1 or 2."""
    return {
        (cell % board.width, cell // board.width): int(board.cells[cell])
        for cell in np.flatnonzero(board.cells)
    }


# --------------------------------------------------------------------------- rules


@settings(max_examples=120)
@given(SHAPES, st.randoms(use_true_random=False))
def test_rules_agree_with_the_reference_and_the_embedding_at_every_move(shape, rng):
    """Random games to the last cell: Board's union-find, the depth-first reference over
    (column, row) points and the embedded square name the same winner after every move, and
    the thesis's Gale tour agrees on the filled square."""
    width, height = shape
    board = Board(width, height)
    order = list(range(width * height))
    rng.shuffle(order)
    for cell in order:
        board.play(cell, after_win=True)
        assert CODE[board.winner] == rectangle_winner(_stones(board), width, height)
        assert embedded_board(board).winner == board.winner
    square = embedded_board(board)
    side = square_side(width, height)
    assert int(gale_winner_of_cells(square.cells, side)) == CODE[board.winner] != 0


@pytest.mark.parametrize("seed", range(40))
def test_the_checking_tool_finds_no_disagreement(seed):
    """The tool the 10 000-game run uses, on a sample (its own checks: see its docstring)."""
    rng = np.random.default_rng(seed)
    width, height = (int(v) for v in rng.integers(1, 20, size=2))
    record = check_game(width, height, seed)
    assert record["problems"] == []
    assert record["winner"] in ("black", "white") and record["first_win_move"] >= 1


@given(SHAPES)
def test_neighbours_are_the_six_directions_inside_the_rectangle(shape):
    width, height = shape
    table = neighbour_table(width, height)
    for cell in range(width * height):
        row, col = divmod(cell, width)
        expected = {
            (r, c)
            for r, c in (
                (row, col - 1),
                (row, col + 1),
                (row - 1, col),
                (row - 1, col + 1),
                (row + 1, col),
                (row + 1, col - 1),
            )
            if 0 <= r < height and 0 <= c < width
        }
        got = {divmod(int(n), width) for n in table[cell] if n >= 0}
        assert got == expected


def test_names_count_columns_by_letter_and_rows_by_number():
    board = Board(3, 5)
    assert board.cell_name(0) == "a1" and board.cell_name(2) == "c1"
    assert board.cell_name(3) == "a2" and board.cell_name(14) == "c5"
    assert board.cell_index("c5") == 14 and cell_index("a2", 3, 5) == 3
    assert cell_name(25, 26, 1) == "z1"
    with pytest.raises(CellNameError, match="off the 3x5 board \\(a1..c5\\)"):
        board.cell_index("d1")
    with pytest.raises(CellNameError, match="off the 3x5 board"):
        board.cell_index("a6")
    wide = Board(26, 2)
    assert wide.cell_name(25) == "z1" and wide.cell_index("z2") == 51


def test_black_joins_top_and_bottom_and_white_left_and_right():
    tall = Board.from_rows(["B..", "B..", "B.."])  # a 3x3 sanity check of from_rows
    assert tall.winner is BLACK
    wide = Board.from_rows(["WWWW", "...."], to_move="black")  # 4 columns, 2 rows
    assert wide.shape == (4, 2) and wide.winner is WHITE
    column = Board.from_rows(["B", "B", "B"])  # 1 column, 3 rows
    assert column.shape == (1, 3) and column.winner is BLACK
    with pytest.raises(HexError, match="same number of cells"):
        Board.from_rows(["B..", "B."])


def test_shape_limits_and_square_only_calls_say_why():
    with pytest.raises(HexError, match="1 to 26 columns and rows"):
        Board(7, MAX_SIZE + 1)
    with pytest.raises(HexError, match="whole number"):
        Board(7, 2.5)
    board = Board(7, 11)
    assert board.shape == (7, 11) and not board.is_square and Board(5).size == 5
    with pytest.raises(HexError, match="needs a square board, and the board is 7x11"):
        _ = board.size
    with pytest.raises(GameTreeError, match="1 to 26"):
        Game(27, height=3)


def test_no_swap_on_a_rectangle():
    with pytest.raises(HexError, match="swap rule needs a square board"):
        Board(3, 5, swap_rule=True)
    board = Board(3, 5)
    board.play("b2")
    with pytest.raises(IllegalMoveError, match="no swap on a 3x5 board"):
        board.play("swap-pieces")
    game = Game(3, height=5)
    with pytest.raises(GameTreeError, match="swap rule needs a square board"):
        game.swap_rule = True
    game.root.set("RU", "swap")  # a record may say so: kept, not applied
    assert game.swap_rule is False and game.board.swap_rule is False


# --------------------------------------------------------------------------- the embedding


@given(SHAPES, st.data())
def test_cells_map_both_ways_and_filled_cells_are_refused(shape, data):
    width, height = shape
    for cell in range(width * height):
        assert rectangle_cell(square_cell(cell, width, height), width, height) == cell
    side = square_side(width, height)
    inside = {square_cell(c, width, height) for c in range(width * height)}
    outside = sorted(set(range(side * side)) - inside)
    if outside:
        with pytest.raises(HexError, match="outside the"):
            rectangle_cell(data.draw(st.sampled_from(outside)), width, height)


@given(SHAPES)
def test_the_filled_cells_belong_to_the_owner_of_the_long_sides(shape):
    width, height = shape
    square = embedded_board(Board(width, height))
    side = square_side(width, height)
    assert square.shape == (side, side)
    cells = square.cells.reshape(side, side)
    assert not cells[:height, :width].any()  # the rectangle itself is empty
    assert (cells[:, width:] == WHITE.stone).all()  # extra columns: White, on the right
    assert (cells[height:, :] == BLACK.stone).all()  # extra rows: Black, at the bottom
    assert square.legal_moves() == [square_cell(c, width, height) for c in range(width * height)]
    assert square.winner is None and square.to_move is BLACK


def test_the_embedding_keeps_the_history_and_the_side_to_move():
    board = Board(4, 7)
    board.play("b3")
    board.apply_setup(SetupEdit(white=(board.cell_index("d1"),), to_move=BLACK))
    board.play("a7")
    square = embedded_board(board)
    assert [square.cell_name(m.cell) for m in square.moves] == ["b3", "a7"]
    assert square.to_move is board.to_move is WHITE
    assert square.stone_at("d1") is WHITE and square.stone_at("e1") is WHITE  # filled
    square.undo()
    square.undo()
    assert square.stone_at("d1") is None  # the setup edit is one entry, as on the board
    assert embedded_board(Board(5)) is not None and embedded_board(Board(5)).shape == (5, 5)


def test_kernels_refuse_a_rectangle_that_was_not_embedded():
    with pytest.raises(HexError, match="embed it first"):
        hex_environment(Board(3, 4))


# --------------------------------------------------------------------------- every level


QUICK_SETTINGS = {
    "random": "",
    "mc": "playouts_per_move=200",
    "mcsds": "agents=2000,iterations=20",
    "sdst": "agents=3000,iterations=20",
    "uct": "playouts=3000",
    "anthill": "playouts=3000",
}


def _quick(level: str) -> str:
    family = LEVELS[level].family or level
    params = QUICK_SETTINGS[family]
    time = ",time_s=1" if "time_s" in {p.name for p in LEVELS[level].parameters} else ""
    return f"{level}:{params}{time}".rstrip(":").replace(":,", ":")


# Where a searched move is asserted: budgets on one thread, no time limit (a search of
# time_s=1 does what the machine's load lets it do: at load 19 SDST missed the 9x3 win in one
# with 6 of seeds 0-19, the test's seeds 0 and 1 among them). SDST needs more iterations than
# the quick ones there: at 100 it missed with 9 of seeds 0-199 (every other level and shape
# with none), at 300 with none of 0-199 (docs/results/ci/flake-audit.md).
WIN_IN_ONE_SETTINGS = {**QUICK_SETTINGS, "sdst": "agents=3000,iterations=300"}


def _budgeted(level: str) -> str:
    family = LEVELS[level].family or level
    return f"{level}:{WIN_IN_ONE_SETTINGS[family]},threads=1"


@pytest.fixture(scope="module")
def _compiled():
    warm_up()


def _threat(width: int, height: int, black_to_move: bool) -> tuple[Board, int]:
    """Black's column a misses only its middle cell: that cell wins for Black at once, and
    White must take it (White has nothing better: its stones are scattered)."""
    board = Board(width, height)
    middle = height // 2
    black = [board.cell_index(f"a{r + 1}") for r in range(height) if r != middle]
    white = [board.cell_index(f"{chr(ord('a') + width - 1)}{r + 1}") for r in (0, height - 1)]
    white += [] if black_to_move else [board.cell_index(f"b{height}")]
    board.setup(black=black, white=white, to_move=BLACK if black_to_move else WHITE)
    return board, board.cell_index(f"a{middle + 1}")


@pytest.mark.parametrize("shape", [(4, 7), (7, 5)])
@pytest.mark.parametrize("level", sorted(LEVELS))
def test_every_level_plays_rectangles_in_the_rectangles_cells(_compiled, level, shape):
    board = Board(*shape)
    board.play(board.cell_index("b2"))
    snapshots = []
    choice = create_player(_quick(level), seed=3).choose_move(board, on_snapshot=snapshots.append)
    assert choice.move in board.legal_moves()
    cells = range(board.cell_count)
    for snapshot in snapshots:
        assert all(m in cells for m in snapshot.root_moves)
        assert snapshot.best_move in cells
        assert all(m in cells for m in snapshot.principal_variation)
        assert all(m in cells for line in snapshot.root_lines for m in line)
        stack = [snapshot.tree] if snapshot.tree is not None else []
        while stack:
            node = stack.pop()
            assert all(m in cells for m in node.path)
            stack.extend(node.children)
    if snapshots:
        assert set(snapshots[-1].root_moves) <= set(board.legal_moves())


@pytest.mark.parametrize("shape", [(3, 7), (4, 9), (6, 5), (9, 3)])
@pytest.mark.parametrize("level", ["mc", "sdst", "uct", "strong-swarm"])
def test_a_win_in_one_is_taken_and_blocked_on_rectangles(_compiled, level, shape):
    """Black takes its win at once everywhere; White blocks it where White's way across is
    the shorter one (on a board wider than tall White is lost whatever it plays, so a search
    may see every move as equally lost)."""
    width, height = shape
    for black_to_move in (True, False) if width < height else (True,):
        board, answer = _threat(*shape, black_to_move)
        assert board.winner is None
        for seed in range(2):
            choice = create_player(_budgeted(level), seed=seed).choose_move(board)
            assert choice.move == answer, (board, board.cell_name(choice.move))


def test_root_moves_given_in_the_rectangles_cells_are_searched_there(_compiled):
    board = Board(3, 6)
    only = (board.cell_index("c6"), board.cell_index("a1"))
    player = create_player("uct:playouts=500,seed=1")
    choice = player.choose_move(board, root_moves=only)
    assert choice.move in only
    snapshot = choice.snapshot
    searched = {m for m, n in zip(snapshot.root_moves, snapshot.root_agents, strict=True) if n}
    assert searched == set(only)


def test_the_lab_studies_a_rectangle_through_the_embedding():
    from hexswarm.engine.tools.lab import hex_problem

    board = Board(3, 5)
    board.play("b2")
    problem = hex_problem(board)
    assert problem.title == "Hex 3x5 position" and problem.width == 14
    env = problem.environment()
    empties = [c for c in range(board.cell_count) if board.stone_at(c) is None]
    for action, square in enumerate(env.action_cells):
        cell = rectangle_cell(int(square), 3, 5)
        assert cell == empties[action]
        assert problem.move_name((), action) == board.cell_name(cell)


def test_playouts_and_gale_winner_take_rectangles():
    from hexswarm.engine.playout import gale_winner, random_playouts

    board = Board.from_rows(["BB.", "...", "W..", "...", "..."], to_move="white")
    wins = random_playouts(board, 400, seed=3)
    assert 0 < wins < 400
    # On a board wider than tall, Black's way is the short one: it wins most random games.
    assert random_playouts(Board(9, 3), 400, seed=3) > 300
    full = Board(4, 6)
    for cell in range(24):
        full.play(cell, after_win=True)
    assert gale_winner(full) == full.winner.value

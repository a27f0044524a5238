"""The rules: names, moves, swap, setup, undo, and three independent ways to find the winner."""

import numpy as np
import pytest
from hexswarm.engine import (
    BLACK,
    WHITE,
    Board,
    CellNameError,
    Color,
    GameOverError,
    HexError,
    IllegalMoveError,
    cell_index,
    cell_name,
)
from hexswarm.engine.board import column_letters
from hexswarm.engine.playout import gale_winner
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.naive import flood_fill_winner

# ----------------------------------------------------------------------------- names


@pytest.mark.parametrize("size", range(1, 27))
def test_every_cell_name_round_trips(size):
    names = [cell_name(cell, size) for cell in range(size * size)]
    assert len(set(names)) == size * size
    assert [cell_index(name, size) for name in names] == list(range(size * size))
    assert [cell_index(name.upper(), size) for name in names] == list(range(size * size))


def test_names_follow_the_hex_convention():
    assert cell_name(0, 11) == "a1"  # top-left
    assert cell_name(10, 11) == "k1"  # top-right: letters grow to the right
    assert cell_name(11, 11) == "a2"  # numbers grow downwards
    assert cell_name(120, 11) == "k11"
    assert cell_name(8, 19) == "i9"[0] + "1"  # no letter skipped, unlike Go
    assert [column_letters(c) for c in (0, 25, 26, 27, 51, 52)] == [
        "a",
        "z",
        "aa",
        "ab",
        "az",
        "ba",
    ]


@pytest.mark.parametrize(
    ("name", "fragment"),
    [
        ("", "malformed"),
        ("3c", "malformed"),
        ("c", "malformed"),
        ("c3x", "malformed"),
        ("l1", "off the 11x11"),
        ("a12", "off the 11x11"),
        ("a0", "off the 11x11"),
        ("é3", "malformed"),
    ],
)
def test_bad_names_are_rejected_clearly(name, fragment):
    with pytest.raises(CellNameError, match=fragment):
        cell_index(name, 11)


# ----------------------------------------------------------------------------- play


def test_colours_alternate_black_first_and_history_is_kept():
    board = Board(5)
    assert board.to_move is BLACK
    board.play("c3")
    board.play(cell_index("b2", 5))
    assert board.to_move is BLACK
    assert [(m.color, m.name(5)) for m in board.moves] == [(BLACK, "c3"), (WHITE, "b2")]
    assert board.stone_at("c3") is BLACK and board.stone_at("b2") is WHITE


@pytest.mark.parametrize(
    ("moves", "bad", "error", "fragment"),
    [
        (["c3"], "c3", IllegalMoveError, "already occupied"),
        ([], "z9", CellNameError, "off the 5x5"),
        ([], "??", CellNameError, "malformed"),
        ([], 25, CellNameError, "off the 5x5"),
        ([], "swap-pieces", IllegalMoveError, "swap rule is off"),
    ],
)
def test_illegal_input_raises_and_leaves_the_board_unchanged(moves, bad, error, fragment):
    board = Board(5)
    for move in moves:
        board.play(move)
    before = (board.cells.copy(), board.to_move, board.moves)
    with pytest.raises(error, match=fragment):
        board.play(bad)
    assert np.array_equal(board.cells, before[0])
    assert (board.to_move, board.moves) == before[1:]


def test_no_move_after_the_game_is_over():
    board = Board(2)
    for move in ("a1", "b1", "a2"):
        board.play(move)
    assert board.winner == "black"
    assert board.legal_moves() == []
    with pytest.raises(GameOverError, match="black has already won"):
        board.play("b2")


def test_errors_share_one_base_class():
    assert issubclass(IllegalMoveError, HexError) and issubclass(CellNameError, HexError)
    with pytest.raises(HexError):
        Board(0)
    with pytest.raises(HexError):
        Board(27)
    with pytest.raises(HexError):
        Color.parse("green")
    assert Color.parse("B") is BLACK and Color.parse("White") is WHITE


def test_undo_restores_everything():
    board = Board(4)
    seen = []
    for move in ("a1", "b2", "c3", "d4", "a2"):
        seen.append((board.cells.copy(), board.to_move, board.winner))
        board.play(move)
    for cells, to_move, winner in reversed(seen):
        board.undo()
        assert np.array_equal(board.cells, cells)
        assert (board.to_move, board.winner) == (to_move, winner)
    with pytest.raises(IllegalMoveError, match="nothing to undo"):
        board.undo()


def test_from_moves_plays_the_moves_in_order_by_name_or_index():
    board = Board.from_moves(5, ["c3", 0, "b4"])
    assert [m.cell for m in board.moves] == [board.cell_index("c3"), 0, board.cell_index("b4")]
    assert board.stone_at("c3") is BLACK and board.stone_at("a1") is WHITE
    assert board.to_move is WHITE and not board.swap_rule and board.size == 5
    with pytest.raises(IllegalMoveError):
        Board.from_moves(5, ["c3", "c3"])


def test_copy_is_independent():
    board = Board(3)
    board.play("b2")
    other = board.copy()
    other.play("a1")
    assert board.stone_at("a1") is None and len(board.moves) == 1


# ----------------------------------------------------------------------------- swap


def test_swap_pieces_mirrors_the_stone_and_changes_its_colour():
    board = Board(11, swap_rule=True)
    board.play("f3")  # column f (6), row 3
    move = board.play("swap-pieces")
    assert move.color is WHITE and move.swap == "swap-pieces"
    assert board.stone_at("f3") is None
    assert board.stone_at("c6") is WHITE  # column 3 = c, row 6
    assert board.to_move is BLACK
    board.undo()
    assert board.stone_at("f3") is BLACK and board.stone_at("c6") is None
    assert board.to_move is WHITE


def test_swap_sides_keeps_the_stone_and_the_same_colour_moves_again():
    board = Board(11, swap_rule=True)
    board.play("f3")
    board.play("swap-sides")
    assert board.stone_at("f3") is BLACK
    assert board.to_move is WHITE
    board.play("e7")
    assert board.stone_at("e7") is WHITE


def test_swap_only_as_the_second_move():
    board = Board(5, swap_rule=True)
    with pytest.raises(IllegalMoveError, match="second move"):
        board.play("swap-pieces")
    board.play("a1")
    assert board.swap_allowed()
    board.play("b1")
    assert not board.swap_allowed()
    with pytest.raises(IllegalMoveError, match="second move"):
        board.play("swap-sides")


def test_swap_on_the_diagonal_keeps_the_cell():
    board = Board(5, swap_rule=True)
    board.play("c3")
    board.play("swap-pieces")
    assert board.stone_at("c3") is WHITE


# ----------------------------------------------------------------------------- setup


def test_setup_places_removes_and_sets_side_to_move_as_one_undoable_edit():
    board = Board(5)
    board.play("c3")
    board.setup(black=["a1", "a2"], white=["e5"], empty=["c3"], to_move="black")
    assert board.stones(BLACK) == [0, 5] and board.stones(WHITE) == [24]
    assert board.to_move is BLACK
    assert len(board.moves) == 1  # setup edits are not moves
    board.undo()
    assert board.stones(BLACK) == [12] and board.stones(WHITE) == []
    assert board.to_move is WHITE


def test_setup_validates_before_changing_anything():
    board = Board(5)
    with pytest.raises(CellNameError):
        board.setup(black=["a1", "zz99"])
    assert board.stones(BLACK) == []


def test_setup_can_make_a_winner_and_remove_it():
    board = Board(3)
    board.setup(white=["a2", "b2", "c2"])
    assert board.winner == "white"
    assert sorted(board.winning_path()) == [3, 4, 5]
    board.setup(empty=["b2"])
    assert board.winner is None


def test_from_rows_reads_diagrams():
    board = Board.from_rows(
        """
        B . .
         W B .
          . . W
        """
    )
    assert board.size == 3 and board.to_move is BLACK  # equal counts: Black to move
    assert board.stones(BLACK) == [0, 4] and board.stones(WHITE) == [3, 8]


# ----------------------------------------------------------------------------- winner


def union_find_winner(cells, size):
    board = Board(size)
    board.setup(
        black=np.flatnonzero(cells == 1).tolist(), white=np.flatnonzero(cells == 2).tolist()
    )
    return {None: 0, "black": 1, "white": 2}[board.winner]


def incremental_winner(cells, size, order):
    """Play the stones one by one as setup edits, the winner checked incrementally at each step."""
    board = Board(size)
    for cell in order:
        if cells[cell] == 1:
            board.setup(black=[cell])
        elif cells[cell] == 2:
            board.setup(white=[cell])
    return {None: 0, "black": 1, "white": 2}[board.winner]


boards = st.integers(1, 13).flatmap(
    lambda size: st.tuples(
        st.just(size),
        st.lists(st.sampled_from([0, 1, 2]), min_size=size * size, max_size=size * size),
    )
)


@settings(max_examples=400, deadline=None)
@given(boards)
def test_three_winner_algorithms_agree_on_random_boards(data):
    size, values = data
    cells = np.array(values, dtype=np.int8)
    expected = flood_fill_winner(cells, size)
    board = Board(size)
    board.setup(
        black=np.flatnonzero(cells == 1).tolist(), white=np.flatnonzero(cells == 2).tolist()
    )
    assert gale_winner(board) == {0: None, 1: "black", 2: "white"}[expected]
    assert union_find_winner(cells, size) == expected


@settings(max_examples=300, deadline=None)
@given(
    st.integers(1, 13).flatmap(lambda n: st.tuples(st.just(n), st.randoms(use_true_random=False)))
)
def test_every_full_board_has_exactly_one_winner(data):
    size, rng = data
    cells = np.array([rng.choice((1, 2)) for _ in range(size * size)], dtype=np.int8)
    order = list(range(size * size))
    rng.shuffle(order)
    black_connected = flood_fill_winner(np.where(cells == 2, 0, cells), size) == 1
    white_connected = flood_fill_winner(np.where(cells == 1, 0, cells), size) == 2
    assert black_connected != white_connected  # exactly one, never both (Gale)
    expected = 1 if black_connected else 2
    board = Board(size)
    board.setup(
        black=np.flatnonzero(cells == 1).tolist(), white=np.flatnonzero(cells == 2).tolist()
    )
    assert gale_winner(board) == ("black" if expected == 1 else "white")
    assert incremental_winner(cells, size, order) == expected


def test_play_reports_the_winner_as_soon_as_the_chain_closes():
    rng = np.random.default_rng(5)
    for _ in range(50):
        board = Board(7)
        while board.winner is None:
            move = int(rng.choice(board.legal_moves()))
            board.play(move)
            assert (
                flood_fill_winner(board.cells, 7) == {None: 0, "black": 1, "white": 2}[board.winner]
            )


# ----------------------------------------------------------------------------- the thesis's figures

# Thesis matrix convention: 1 = Blue = vertical player (our Black), -1 = Red (our White),
# upper-left corner acute (our orientation).
FIGURE_5_3 = [
    [-1, 0, -1, 1, -1],
    [1, -1, -1, 1, 0],
    [0, 1, 1, -1, 0],
    [1, -1, -1, 0, -1],
    [1, 0, 0, 1, 0],
]
FIGURE_5_4 = [
    [-1, 1, 1, 1, 1, 1],
    [-1, -1, 1, -1, 1, -1],
    [-1, 1, -1, -1, 1, -1],
    [-1, -1, 1, 1, -1, -1],
    [-1, 1, -1, -1, 1, -1],
    [1, 1, 1, 1, 1, -1],
]


def board_from_matrix(matrix):
    size = len(matrix)
    flat = [v for row in matrix for v in row]
    board = Board(size)
    board.setup(
        black=[i for i, v in enumerate(flat) if v == 1],
        white=[i for i, v in enumerate(flat) if v == -1],
    )
    return board


def test_figure_5_3_blue_wins_with_the_acute_upper_left_corner():
    board = board_from_matrix(FIGURE_5_3)
    assert board.winner == "black"
    assert gale_winner(board) == "black"


def test_figure_5_3_red_wins_with_the_obtuse_upper_left_corner():
    # An obtuse upper-left corner is our board mirrored left-right.
    board = board_from_matrix([list(reversed(row)) for row in FIGURE_5_3])
    assert board.winner == "white"
    assert gale_winner(board) == "white"


def test_figure_5_4_full_board_blue_wins_by_gales_tour():
    board = board_from_matrix(FIGURE_5_4)
    assert board.empty_count == 0
    assert gale_winner(board) == "black"
    assert board.winner == "black"

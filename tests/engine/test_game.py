"""The game tree against a naive reference, and its record round trips.

The reference is the obvious model: a node is a list ``[move, children, parent]``, the cursor a
reference to one, and the position at the cursor is replayed from scratch on a new board.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hexswarm.engine.board import BLACK, SWAP_PIECES, WHITE, Board, HexError, SetupEdit
from hexswarm.engine.game import THINKING_PROPERTY, Game, GameNode, GameTreeError
from hexswarm.engine.records import parse_sgf, read_sgf, record_from_board, write_sgf
from hexswarm.engine.review import ANALYSIS_PROPERTY, PositionAnalysis
from hypothesis import given, settings
from hypothesis import strategies as st

DATA = Path(__file__).resolve().parents[1] / "data" / "records"


class Reference:
    """A list-of-lists game tree: play, back, forward, go to, promote, delete."""

    def __init__(self, size: int):
        self.size = size
        self.root: list = [None, [], None]
        self.cursor = self.root

    def path(self, node: list) -> list[list]:
        path = []
        while node is not None:
            path.append(node)
            node = node[2]
        return path[::-1]

    def board(self) -> Board:
        board = Board(self.size, swap_rule=True)
        for node in self.path(self.cursor)[1:]:
            board.play(node[0])
        return board

    def nodes(self) -> list[list]:
        found, stack = [], [self.root]
        while stack:
            node = stack.pop()
            found.append(node)
            stack.extend(reversed(node[1]))
        return found

    def play(self, move: str) -> None:
        for child in self.cursor[1]:
            if child[0] == move:
                self.cursor = child
                return
        child = [move, [], self.cursor]
        self.cursor[1].append(child)
        self.cursor = child

    def promote(self, node: list) -> None:
        while node[2] is not None:
            siblings = node[2][1]
            siblings.remove(node)
            siblings.insert(0, node)
            node = node[2]

    def delete(self, node: list) -> None:
        if any(step is node for step in self.path(self.cursor)):
            self.cursor = node[2]
        node[2][1].remove(node)


def shape(node) -> tuple:
    """The tree below ``node`` as nested tuples of move names, for either model."""
    if isinstance(node, GameNode):
        move = None if node.move is None else node.move[1]
        return (move, tuple(shape(child) for child in node.children))
    return (node[0], tuple(shape(child) for child in node[1]))


def game_nodes(game: Game) -> list[GameNode]:
    return list(game.nodes())


OPERATIONS = ("play", "play", "play", "back", "forward", "go_to", "promote", "delete")


@settings(max_examples=150, deadline=None)
@given(
    st.integers(2, 4),
    st.lists(st.tuples(st.sampled_from(OPERATIONS), st.integers(0, 10_000)), max_size=40),
)
def test_tree_operations_agree_with_a_list_of_lists(size, operations):
    game = Game(size, swap_rule=True)
    reference = Reference(size)
    for operation, number in operations:
        if operation == "play":
            board = reference.board()
            if board.is_over:
                continue
            choices = [board.cell_name(c) for c in board.legal_moves()]
            if board.swap_allowed():
                choices.append(SWAP_PIECES)
            move = choices[number % len(choices)]
            game.play(move)
            reference.play(move)
        elif operation == "back":
            assert game.back() == (reference.cursor[2] is not None)
            reference.cursor = reference.cursor[2] or reference.cursor
        elif operation == "forward":
            children = reference.cursor[1]
            index = number % (len(children) + 1)
            assert game.forward(index) == (index < len(children))
            if index < len(children):
                reference.cursor = children[index]
        else:
            # The nth node in file order is the same node in both models (same shapes).
            index = number % len(reference.nodes())
            node, ref_node = game_nodes(game)[index], reference.nodes()[index]
            if operation == "go_to":
                game.go_to(node)
                reference.cursor = ref_node
            elif operation == "promote":
                game.promote(node)
                reference.promote(ref_node)
            elif ref_node is reference.root:
                with pytest.raises(GameTreeError):
                    game.delete(node)
            else:
                game.delete(node)
                reference.delete(ref_node)
        assert shape(game.root) == shape(reference.root)
        assert [shape(n)[0] for n in game.cursor.path_from_root()] == [
            n[0] for n in reference.path(reference.cursor)
        ]
        expected = reference.board()
        assert (game.board.cells == expected.cells).all()
        assert game.board.to_move == expected.to_move
        assert game.board.moves == expected.moves
    # Every position along the cursor's path in one pass, against replaying each from scratch.
    ref_path = reference.path(reference.cursor)
    for depth, board in enumerate(game.replay(game.cursor.path_from_root())):
        expected = Board(size, swap_rule=True)
        for node in ref_path[1 : depth + 1]:
            expected.play(node[0])
        assert (board.cells == expected.cells).all() and board.to_move == expected.to_move


def test_playing_from_an_earlier_position_keeps_the_rest_of_the_game():
    # The lost-work report of issue 14: a 10-move game, go to move 5, play: moves 6-10 stay.
    game = Game(5)
    moves = ["a1", "b1", "c1", "d1", "e1", "a2", "b2", "c2", "d2", "e2"]
    for move in moves:
        game.play(move)
    end = game.cursor
    game.go_to(game.main_line()[5])
    branch = game.play("e5")
    assert [n.token for n in game.main_line()[1:]] == moves
    assert branch.parent is game.main_line()[5] and branch.parent.children[1] is branch
    game.go_to(end)
    assert game.board.stone_at("e2") is WHITE and game.board.stone_at("e5") is None
    game.promote(branch)
    assert [n.token for n in game.main_line()[1:]] == [*moves[:5], "e5"]


def test_play_follows_an_existing_child_and_refuses_illegal_moves_without_change():
    game = Game(3)
    first = game.play("b2")
    game.back()
    assert game.play("b2") is first and len(game.root.children) == 1
    with pytest.raises(HexError, match="occupied"):
        game.play("b2")
    assert game.cursor is first and first.children == []


def test_moves_out_of_turn_setup_edits_passes_and_resignations():
    game = Game(3)
    game.play("a1", WHITE)  # out of turn: a GUI setting up, or GTP play
    assert game.board.stone_at("a1") is WHITE and game.board.to_move is BLACK
    game.setup(SetupEdit(black=(4,), to_move=WHITE))
    assert game.board.stone_at("b2") is BLACK and game.board.to_move is WHITE
    game.play("pass")
    assert game.board.to_move is BLACK
    game.play("resign")
    assert game.winner_at() is WHITE and game.board.winner is None
    with pytest.raises(GameTreeError, match="resigned"):
        game.play("c3")
    game.back()
    assert game.winner_at() is None
    text = write_sgf(game)
    assert "W[a1]" in text and "AB[b2]PL[W]" in text and "W[pass]" in text
    again = parse_sgf(text)[0]
    assert (again.board_at().cells == game.board_at().cells).all()


def test_delete_moves_the_cursor_out_of_the_branch():
    game = Game(4)
    game.play("a1")
    kept = game.play("b1")
    game.back()
    doomed = game.play("c1")
    game.play("d1")
    parent = doomed.parent
    assert game.delete(doomed) is parent
    assert game.cursor is parent and game.board.stone_at("c1") is None
    assert game.cursor.children == [kept]


def test_a_game_from_a_board_holds_its_start_moves_and_edits():
    board = Board.from_rows(["B..", "...", "..W"], to_move=WHITE)
    board.play("b2")
    board.setup(black=["c1"])
    board.setup(to_move=WHITE)  # a pass by Black
    board.play("a3")
    game = Game.from_board(board)
    assert game.cursor is game.main_line()[-1]
    assert (game.board.cells == board.cells).all() and game.board.to_move == board.to_move
    assert [n.token for n in game.main_line()[1:]] == ["b2", None, "pass", "a3"]
    assert game.root.values("AB") == ["a1"] and game.root.get("PL") == "W"


def test_board_exposes_its_move_stack():
    board = Board(3, swap_rule=True)
    board.play("a1")
    board.play(SWAP_PIECES)
    board.setup(white=["c3"], to_move=BLACK)
    stack = board.move_stack
    assert [getattr(e, "swap", None) for e in stack[:2]] == [None, SWAP_PIECES]
    assert stack[2] == SetupEdit(white=(8,), to_move=BLACK)
    assert board.root().empty_count == 9 and board.root().move_stack == ()


def test_play_after_a_win_when_asked_the_game_stays_won():
    game = Game(2)
    for move in ("a1", "b1", "a2"):
        game.play(move)
    assert game.board.winner is BLACK
    with pytest.raises(HexError, match="over"):
        game.play("b2")
    game.play("b2", after_win=True)
    assert game.board.winner is BLACK and game.board.stone_at("b2") is WHITE
    game.back()
    assert game.board.stone_at("b2") is None and game.board.stone_at("a2") is BLACK


@pytest.mark.parametrize("path", sorted(DATA.glob("*.*sgf")), ids=lambda p: p.name)
def test_every_sample_record_round_trips_identically_apart_from_ap(path):
    record = read_sgf(path)
    text = write_sgf(record)
    again = parse_sgf(text)[0]
    assert write_sgf(again) == text
    original = {k: v for k, v in record.root.properties.items() if k != "AP"}
    assert {k: v for k, v in again.root.properties.items() if k != "AP"} == original
    assert [(d, n.properties) for n, d in again.root.walk()][1:] == [
        (d, n.properties) for n, d in record.root.walk()
    ][1:]


def test_variations_of_a_file_are_browsed_and_saved_back():
    record = read_sgf(DATA / "hexgui_variations.sgf")
    first = record.root.children[0]
    pieces, sides = first.children
    record.go_to(sides)
    # swap-sides: the stone stays and the swapper (White) moves again.
    assert record.board.to_move is WHITE and record.board.stone_at("f6") is BLACK
    record.play("e5")
    record.promote(sides)
    again = parse_sgf(write_sgf(record))[0]
    assert [n.token for n in again.main_line()[1:]] == ["f6", "swap-sides", "e5"]
    assert [n.token for n in again.root.children[0].children] == ["swap-sides", "swap-pieces"]


def test_record_from_board_still_fills_in_the_game_information():
    board = Board(3)
    board.play("b2")
    record = record_from_board(board, black="Ann", game_end=("white", "resign"), date="x")
    assert record.player_black == "Ann" and record.result == "B+R"
    assert record.game_end() == (WHITE, "resign") and record.moves()[0] == (BLACK, "b2")


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(0, 14), st.sampled_from([BLACK, WHITE, None])),
        min_size=1,
        max_size=25,
    ),
    st.sampled_from([None, BLACK, WHITE]),
    st.sampled_from([(4, 4), (3, 5), (5, 3)]),
)
def test_merged_setup_edits_make_one_node_with_the_position_of_all_of_them(clicks, to_move, shape):
    """Setup mode's clicks (a stone, or an empty cell) folded into one node give the position
    that applying every click one after another on a board gives (a second method), and a
    setup that comes back to the start leaves no node; on squares and rectangles (the fold
    took the board's size as a square's and raised on a rectangle's second stone)."""
    width, height = shape
    game = Game(width, height=height)
    game.play("a1")
    start = game.cursor
    before = game.board.copy()
    reference = game.board.copy()
    edits = [
        SetupEdit(black=(cell,))
        if color is BLACK
        else SetupEdit(white=(cell,))
        if color is WHITE
        else SetupEdit(empty=(cell,))
        for cell, color in clicks
    ]
    if to_move is not None:
        edits.append(SetupEdit(to_move=to_move))
    for edit in edits:
        game.setup(edit, merge=True)
        reference.apply_setup(edit)
    assert len(start.children) <= 1
    assert (game.board.cells == reference.cells).all() and game.board.to_move is reference.to_move
    if start.children:
        node = start.children[0]
        assert game.cursor is node and node.move is None and not node.children
        (read,) = parse_sgf(write_sgf(game))
        board = read.board_at(read.main_line()[-1])
        assert (board.cells == reference.cells).all() and board.to_move is reference.to_move
        assert game.back() and game.cursor is start  # one step takes the whole setup back
    else:
        assert game.cursor is start
    assert (game.board.cells == before.cells).all() and game.board.to_move is before.to_move


def test_without_merge_every_setup_edit_is_its_own_node():
    game = Game(4)
    game.setup(SetupEdit(black=(0,)))
    game.setup(SetupEdit(black=(1,)))
    assert len(game.main_line()) == 3
    game.setup(SetupEdit(black=(2,)), merge=True)  # folded into the last one
    assert len(game.main_line()) == 3 and game.cursor.setup_edit(4) == SetupEdit(black=(1, 2))


def test_a_nodes_analysis_is_read_again_only_when_its_text_changes():
    node = GameNode()
    first = PositionAnalysis(BLACK, 0.6, "c3", ("c3", "b4"), 100, 0.5, "uct")
    second = PositionAnalysis(WHITE, 0.3, "b4", ("b4",), 200, 0.5, "sdst")
    node.ai = first
    assert node.ai == first and node.ai is node.ai  # read once
    node.set(ANALYSIS_PROPERTY, second.to_text())  # as a record editor would change it
    assert node.ai == second
    node.set(ANALYSIS_PROPERTY, "not an analysis")
    assert node.ai is None and node.get(ANALYSIS_PROPERTY) == "not an analysis"
    node.ai = None
    assert node.ai is None and node.get(ANALYSIS_PROPERTY) is None


def test_a_moves_thinking_time_is_written_read_back_and_unreadable_values_are_unknown():
    game = Game(5)
    game.play("c3")
    game.cursor.thinking_seconds = 3.416
    (read,) = parse_sgf(write_sgf(game))
    node = read.main_line()[-1]
    assert "XT[3.42]" in write_sgf(game) and node.thinking_seconds == pytest.approx(3.42)
    for text in ("soon", "-1", "inf", "nan"):
        node.set(THINKING_PROPERTY, text)
        assert node.thinking_seconds is None, text
    node.thinking_seconds = None
    assert node.get(THINKING_PROPERTY) is None

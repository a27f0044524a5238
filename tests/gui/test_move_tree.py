"""The move tree and comment docks with real clicks and keys (pytest-qt), on a real window."""

from __future__ import annotations

from dataclasses import replace
from unittest import mock

from hexswarm.engine.board import BLACK, WHITE
from hexswarm.engine.records import read_sgf
from hexswarm.engine.review import GradeThresholds, PositionAnalysis
from hexswarm.gui import review as review_module
from hexswarm.gui.board_widget import BoardView
from hexswarm.gui.move_tree import NODE_ROLE
from hexswarm.gui.settings import GameSettings, SideSettings
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

HUMANS = GameSettings(size=5, black=SideSettings(), white=SideSettings())


def labels(tree) -> list[tuple[int, str]]:
    """Every item as (depth, text), in display order."""
    found = []

    def visit(item, depth):
        found.append((depth, item.text(0)))
        for index in range(item.childCount()):
            visit(item.child(index), depth + 1)

    for index in range(tree.topLevelItemCount()):
        visit(tree.topLevelItem(index), 0)
    return found


def click(qtbot, tree, node) -> None:
    item = tree.item_of(node)
    tree.scrollToItem(item)
    rect = tree.visualItemRect(item)
    qtbot.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def play_with_a_variation(window):
    """c3 b4 d2 on the main line, and b2 as a variation of White's first move."""
    window.start_new_game(HUMANS)
    c = window.controller
    for name in ("c3", "b4", "d2"):
        c.play(name)
    c.go_to(1)
    c.play("b2")
    return c


def test_every_variation_is_shown_and_a_click_goes_there(window, qtbot):
    c = play_with_a_variation(window)
    tree = window.move_tree
    assert labels(tree) == [
        (0, "Start"),
        (0, "1. Black c3"),
        (1, "2. White b2"),
        (0, "2. White b4"),
        (0, "3. Black d2"),
    ]
    assert tree.currentItem().data(0, NODE_ROLE) is c.game.cursor
    main_end = c.game.main_line()[-1]
    click(qtbot, tree, main_end)
    assert c.game.cursor is main_end and c.board.stone_at("d2") is BLACK
    assert tree.currentItem() is tree.item_of(main_end)
    assert c.board.stone_at("b2") is None


def test_keys_walk_the_tree_and_win_over_the_window_shortcuts(window, qtbot):
    c = play_with_a_variation(window)
    tree = window.move_tree
    window.show()
    tree.setFocus()
    qtbot.waitUntil(tree.hasFocus)
    qtbot.keyClick(tree, Qt.Key.Key_Left)  # b2 is the second variation: to the first, b4
    assert c.board.stone_at("b4") is WHITE and c.board.stone_at("b2") is None
    qtbot.keyClick(tree, Qt.Key.Key_Right)
    assert c.board.stone_at("b2") is WHITE
    qtbot.keyClick(tree, Qt.Key.Key_Up)
    assert c.move_number == 1
    qtbot.keyClick(tree, Qt.Key.Key_Down)  # forward follows the main continuation
    assert c.board.stone_at("b4") is WHITE
    qtbot.keyClick(tree, Qt.Key.Key_End)
    assert c.move_number == 3
    qtbot.keyClick(tree, Qt.Key.Key_PageUp)  # back to the fork: the move with variations
    assert c.game.cursor is c.game.root.children[0]
    qtbot.keyClick(tree, Qt.Key.Key_Home)
    assert c.move_number == 0
    qtbot.keyClick(tree, Qt.Key.Key_PageDown)
    assert c.game.cursor is c.game.root.children[0]


def test_promote_and_delete_from_the_keyboard(window, qtbot):
    c = play_with_a_variation(window)
    tree = window.move_tree
    side = c.game.cursor
    window.show()
    tree.setFocus()
    qtbot.waitUntil(tree.hasFocus)
    qtbot.keyClick(tree, Qt.Key.Key_Up, Qt.KeyboardModifier.ControlModifier)
    assert [n.token for n in c.game.main_line()[1:]] == ["c3", "b2"]
    assert labels(tree) == [
        (0, "Start"),
        (0, "1. Black c3"),
        (1, "2. White b4"),
        (1, "3. Black d2"),
        (0, "2. White b2"),
    ]
    with mock.patch("hexswarm.gui.move_tree.ask", return_value=QMessageBox.StandardButton.No):
        qtbot.keyClick(tree, Qt.Key.Key_Delete)
    assert side.parent is not None, "declined: nothing deleted"
    with mock.patch("hexswarm.gui.move_tree.ask", return_value=QMessageBox.StandardButton.Yes):
        qtbot.keyClick(tree, Qt.Key.Key_Delete)
    assert [n.token for n in c.game.main_line()[1:]] == ["c3", "b4", "d2"]
    assert c.move_number == 1 and len(labels(tree)) == 4


def test_deleting_a_branch_says_what_goes_with_it(window, qtbot):
    """Round 13: "Delete this move and the 1 after it in this branch?", and a branch with a
    comment in it went with no word about the comment."""
    c = play_with_a_variation(window)
    branch = c.game.root.children[0].children[0]  # White's b4, then Black's d2
    asked = []

    def answer(_parent, _title, text):
        asked.append(text)
        return QMessageBox.StandardButton.No

    with mock.patch("hexswarm.gui.move_tree.ask", side_effect=answer):
        window.move_tree.delete_branch(branch)
        branch.children[0].comment = "the point of this line"
        window.move_tree.delete_branch(branch)
        window.move_tree.delete_branch(branch.children[0])
    assert asked == [
        "Delete this move and the 1 move after it?",
        "Delete this move and the 1 move after it? 1 comment will be lost with them.",
        "Delete this move? 1 comment will be lost with it.",
    ]


def test_the_tree_marks_the_reviews_grades_and_says_what_they_cost(window, qtbot):
    """Round 13: after a review the move list marked the blunder ``b2??``; the move tree,
    where a player walks the variations, showed no grade. Its main-line moves carry the
    same marks, and their tooltips say what the move cost and what was better; the items
    are relabelled as grades arrive, not rebuilt (a rebuild lost the tree's scroll)."""
    window.start_new_game(HUMANS)
    c = window.controller
    for name in ("c3", "a1", "b4", "c2"):
        c.play(name)
    tree = window.move_tree
    line = c.game.main_line()
    shown = [tree.item_of(node) for node in line]
    # The searches said: White's a1 gave away the win c2 kept; Black's b4 a little.
    values = [(BLACK, 0.60, "c3"), (WHITE, 0.42, "c2"), (BLACK, 0.85, "d2"), (WHITE, 0.21, "b3")]
    for node, (color, win, best) in zip(line, values, strict=False):
        node.ai = PositionAnalysis(color, win, best, (best, "e5"), 100, 0.1, "tiny")
    line[2].comment = "too far"
    window.reviewer.refresh()  # what an analysis arriving does
    assert labels(tree) == [
        (0, "Start"),
        (0, "1. Black c3"),
        (0, "2. White a1??  \u270e"),
        (0, "3. Black b4?!"),
        (0, "4. White c2"),
    ]
    assert [tree.item_of(node) for node in line] == shown
    told, comment = tree.item_of(line[2]).toolTip(0).split("\n\n")
    assert told.startswith("Move 2 (White a1) was a blunder: 42% -> ") and told.endswith(
        "Better: c2"
    )
    assert comment == "too far"
    assert tree.item_of(line[3]).toolTip(0).startswith("Move 3 (Black b4) was an inaccuracy")
    assert tree.item_of(line[1]).toolTip(0).startswith("Move 1 (Black c3) was good: 60% -> ")
    # The better move played beside a1 is a variation: the review grades the main line.
    c.go_to(1)
    assert window.reviewer.play_better_move()
    assert (1, "2. White c2") in labels(tree)
    assert (0, "2. White a1??  \u270e") in labels(tree)
    # Thresholds changed: the marks follow.
    window.reviewer.review.settings = replace(
        window.reviewer.review.settings, thresholds=GradeThresholds(0.5, 0.6, 0.7)
    )
    window.reviewer.refresh()
    assert (0, "2. White a1  \u270e") in labels(tree)


def test_window_keys_switch_variations(window, qtbot):
    c = play_with_a_variation(window)
    window.act_previous_variation.trigger()
    assert c.board.stone_at("b4") is WHITE
    window.act_next_variation.trigger()
    assert c.board.stone_at("b2") is WHITE


def test_the_comment_pane_edits_the_node_and_the_file_keeps_it(window, qtbot, tmp_path):
    c = play_with_a_variation(window)
    pane = window.comment_pane
    node = c.game.cursor
    qtbot.keyClicks(pane, "b2 is slack")
    pane.store()  # what the pause after typing does
    assert node.comment == "b2 is slack" and window.document.dirty
    assert window.move_tree.item_of(node).text(0).endswith("\u270e")
    c.back()
    assert pane.toPlainText() == ""
    qtbot.keyClicks(pane, "the fork")
    c.go_to_node(node)  # moving on stores what was typed for the node left
    assert node.parent.comment == "the fork" and pane.toPlainText() == "b2 is slack"
    path = tmp_path / "commented.sgf"
    assert window.document.save_to(path)
    saved = read_sgf(path)
    assert saved.root.children[0].comment == "the fork"
    assert saved.root.children[0].children[1].comment == "b2 is slack"


def test_study_positions_explain_themselves_in_the_comment_pane(window):
    from hexswarm.resources.positions import list_positions, position_comment

    window.positions.actions[0].trigger()
    # The SGF's long explanation (the status bar has the index's one line).
    assert window.comment_pane.toPlainText() == position_comment(list_positions()[0].file)
    assert not window.document.dirty


def test_move_numbers_on_stones(window):
    window.start_new_game(HUMANS)
    for name in ("c3", "b4", "d2"):
        window.controller.play(name)
    view = BoardView.of(window.controller.board)
    board = window.controller.board
    assert view.move_numbers == tuple(
        sorted((board.cell_index(n), i) for i, n in enumerate(("c3", "b4", "d2"), start=1))
    )
    assert view.last_move == board.cell_index("d2")
    window.act_move_numbers.trigger()
    assert window.board_widget.show_move_numbers
    assert window.board_widget.grab().width() > 0  # paints with the numbers on
    window.act_move_numbers.trigger()
    assert not window.board_widget.show_move_numbers


def test_the_move_list_and_the_tree_share_one_grading_of_the_line(window, qtbot):
    """Round 14: ``GameReview.reviews`` replayed and graded the main line twice after every
    move (once for the move list, once for the move tree). One grading serves both, and any
    change the grades are made of (a move, an analysis, the thresholds) makes a new one."""
    window.start_new_game(HUMANS)
    c = window.controller
    for name in ("c3", "a1"):
        c.play(name)
    line = c.game.main_line()
    line[1].ai = PositionAnalysis(BLACK, 0.60, "c3", ("c3",), 100, 0.1, "tiny")
    line[2].ai = PositionAnalysis(WHITE, 0.42, "c2", ("c2",), 100, 0.1, "tiny")
    qtbot.wait(1)
    graded = []
    real = review_module.review_moves

    def counting(*args, **kwargs):
        graded.append(args[0])
        return real(*args, **kwargs)

    with mock.patch.object(review_module, "review_moves", counting):
        window.reviewer.refresh()  # what an analysis arriving does: every view redraws
        assert len(graded) == 1
        c.play("b4")  # a move: the move list and the tree redraw
        qtbot.wait(1)
        assert len(graded) == 2
        before = window.reviewer.review.reviews(c.game)
        line[1].ai = PositionAnalysis(BLACK, 0.90, "c3", ("c3",), 100, 0.1, "tiny")
        assert window.reviewer.review.reviews(c.game) is not before
        assert len(graded) == 3
        line[1].comment = "a comment changes no grade"
        window.reviewer.review.reviews(c.game)
        assert len(graded) == 3

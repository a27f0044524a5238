"""The move list and the move tree follow the game entry by entry (issue 32: rebuilding them
after every move cost the GUI thread more the longer the game), and the game graph draws once
per change however many signals announce it. Whatever happens to the game, what the views
show is what a view built afresh from the game shows."""

from __future__ import annotations

import random

import pytest
from hexswarm.engine.board import WHITE
from hexswarm.engine.records import parse_sgf, write_sgf
from hexswarm.engine.review import PositionAnalysis
from hexswarm.gui.move_list import MoveList
from hexswarm.gui.move_tree import NODE_ROLE
from hexswarm.gui.settings import GameSettings, SideSettings
from PySide6.QtCore import Qt

from tests.gui.test_move_tree import labels

HUMANS = GameSettings(size=5, black=SideSettings(), white=SideSettings())


def list_contents(move_list) -> tuple[list[tuple], int]:
    """Every entry as (text, tooltip, where it goes, text colour), and the current row."""
    entries = []
    for row in range(move_list.count()):
        item = move_list.item(row)
        colour = item.data(Qt.ItemDataRole.ForegroundRole)
        entries.append(
            (
                item.text(),
                item.toolTip(),
                item.data(Qt.ItemDataRole.UserRole),
                None if colour is None else colour.color().name(),
            )
        )
    return entries, move_list.currentRow()


def tree_contents(tree) -> tuple[list[tuple], object]:
    """Every item as (depth, text, node, bold, tooltip, expanded), and the selected node."""
    found = []

    def visit(item, depth):
        found.append(
            (
                depth,
                item.text(0),
                id(item.data(0, NODE_ROLE)),
                item.font(0).bold(),
                item.toolTip(0),
                item.isExpanded() or item.childCount() == 0,
            )
        )
        for index in range(item.childCount()):
            visit(item.child(index), depth + 1)

    for index in range(tree.topLevelItemCount()):
        visit(tree.topLevelItem(index), 0)
    current = tree.currentItem()
    return found, None if current is None else current.data(0, NODE_ROLE)


def assert_views_match_a_fresh_build(window) -> None:
    fresh = MoveList(window.controller, window.reviewer.review, window.player_name)
    fresh.refresh()
    assert list_contents(window.move_list) == list_contents(fresh)
    tree = window.move_tree
    shown = tree_contents(tree)
    tree.rebuild()
    assert shown == tree_contents(tree)


def annotate_main_line(window, rng: random.Random) -> None:
    """Analyses on the main line's positions, so the move list shows grades."""
    game = window.controller.game
    for node, board in zip(game.main_line(), game.replay(), strict=True):
        if board.is_over or not board.legal_moves():
            break
        best = board.cell_name(rng.choice(board.legal_moves()))
        node.ai = PositionAnalysis(board.to_move, rng.random(), best, (best,), 100, 0.1, "tiny")
    window.reviewer.refresh()


def random_step(window, rng: random.Random) -> str:
    """One thing a user (or an AI) does to the game; returns its name."""
    c = window.controller
    board = c.board
    legal = board.legal_moves() if not c.is_over else []
    steps = ["undo", "back", "forward", "go to", "variation", "comment", "grades", "load"]
    if legal:
        steps += ["play"] * 6 + ["play variation", "resign"]
    if c.game.cursor.parent is not None:
        steps += ["promote", "delete"]
    step = rng.choice(steps)
    if step == "play":
        c.play(rng.choice(legal))
    elif step == "play variation":
        c.play_variation(rng.choice(legal))
    elif step == "resign":
        c.resign()
    elif step == "undo":
        c.undo()
    elif step == "back":
        c.back()
    elif step == "forward":
        c.forward()
    elif step == "go to":
        c.go_to(rng.randrange(c.move_count + 1))
    elif step == "variation":
        c.go_to_variation(rng.choice((-1, 1)))
    elif step == "comment":
        c.set_comment(rng.choice(("", "a note", "another note")))
    elif step == "grades":
        annotate_main_line(window, rng)
    elif step == "load":
        (read,) = parse_sgf(write_sgf(c.game))
        c.load_game(read, at_end=rng.random() < 0.5)
    elif step == "promote":
        c.promote()
    elif step == "delete":
        window.move_tree.delete_branch(confirm=False)
    return step


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_move_list_and_tree_always_show_what_a_fresh_build_shows(window, seed):
    window.start_new_game(HUMANS)
    rng = random.Random(seed)
    done = []
    for _ in range(60):
        done.append(random_step(window, rng))
        assert_views_match_a_fresh_build(window)


def test_a_move_adds_one_entry_and_keeps_the_others(window):
    window.start_new_game(HUMANS)
    c = window.controller
    for name in ("c3", "b4"):
        c.play(name)
    tree, move_list = window.move_tree, window.move_list
    first_item = tree.item_of(c.game.main_line()[1])
    first_entry = move_list.item(1)
    c.play("d2")
    assert tree.item_of(c.game.main_line()[1]) is first_item  # not rebuilt
    assert move_list.item(1) is first_entry
    assert labels(tree)[-1] == (0, "3. Black d2")
    assert move_list.item(3).text() == "3. Black d2"
    c.go_to(1)
    c.play("b2")  # a variation: an item nested under 1. Black c3
    assert tree.item_of(c.game.main_line()[1]) is first_item
    assert (1, "2. White b2") in labels(tree)
    assert_views_match_a_fresh_build(window)
    # A move the game already holds (an AI replaying its move): no item changes.
    c.go_to_node(c.game.main_line()[2])
    items = {id(node): tree.item_of(node) for node in c.game.nodes()}
    c.play("d2")
    assert c.game.cursor is c.game.main_line()[3]
    assert all(tree.item_of(node) is items[id(node)] for node in c.game.nodes())
    assert tree.currentItem() is tree.item_of(c.game.cursor)
    assert_views_match_a_fresh_build(window)


def test_the_end_of_a_move_draws_the_game_graph_once(window, qtbot):
    """An AI's move keeps its search (``analysis_recorded``: the graph's line and the review's
    grades) and changes the position (the line again, the cursor): one drawing for all."""
    if window.dashboard is None:
        pytest.skip("no dashboard")
    window.show()
    graph = window.dashboard.game_graph
    qtbot.waitUntil(graph.isVisible)
    window.start_new_game(HUMANS)
    c = window.controller
    c.play("c3")
    qtbot.wait(20)
    renders = graph.renders
    # The end of White's search, as GameController._on_search_finished does it.
    c.game.cursor.ai = PositionAnalysis(WHITE, 0.4, "b4", ("b4",), 100, 0.1, "tiny")
    c.analysis_recorded.emit(c.game.cursor)
    c.play("b4")
    qtbot.waitUntil(lambda: graph.renders > renders)
    qtbot.wait(20)
    assert graph.renders == renders + 1
    assert graph.estimates.points() == ([1], [pytest.approx(0.6)])  # Black's view of 0.4
    x, _ = graph.curve.getOriginalDataset()
    assert list(x) == [1]
    assert graph.current_move_number == 2

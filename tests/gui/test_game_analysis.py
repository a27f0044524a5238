"""Analyse the whole game: every main-line position searched in the background (pytest-qt)."""

from __future__ import annotations

from dataclasses import replace

from hexswarm.engine.board import BLACK, WHITE
from hexswarm.gui.settings import GameSettings, SideSettings

HUMANS = GameSettings(size=5, black=SideSettings(), white=SideSettings(), analysis_spec="tiny")


def test_every_position_of_the_main_line_gets_an_estimate(window, qtbot):
    window.start_new_game(HUMANS)
    c = window.controller
    for name in ("c3", "b4", "d2"):
        c.play(name)
    c.go_to(1)
    c.play("a1")  # a variation: not part of the main line
    with qtbot.waitSignal(window.reviewer.analysis.finished, timeout=10_000) as finished:
        assert window.reviewer.analyse_game(1.0) == 4  # the start and the three moves
    assert finished.args == [True]
    line = c.game.main_line()
    assert all(node.ai is not None and node.ai.ai == "tiny" for node in line)
    assert c.game.cursor.ai is None
    assert [node.ai.to_move for node in line] == [BLACK, WHITE, BLACK, WHITE]
    assert (
        not window.reviewer.progress.isVisible()
        and "Analysed 4" in window.statusBar().currentMessage()
    )
    c.go_to_node(line[-1])  # the main line on screen: its estimates reach the game graph
    if window.dashboard is not None:
        window.reviewer.analyse_game(1.0)
        qtbot.waitUntil(lambda: not window.reviewer.analysis.running, timeout=10_000)
        numbers, _values = window.dashboard.game_graph.estimates.points()
        assert {0, 1, 2, 3} <= set(numbers)


def test_each_search_is_cut_at_its_time_and_stop_abandons_the_rest(window, qtbot, slow_player):
    window.start_new_game(replace(HUMANS, analysis_spec="slow"))
    c = window.controller
    c.play("c3")
    with qtbot.waitSignal(window.reviewer.analysis.finished, timeout=10_000) as finished:
        window.reviewer.analyse_game(0.05)  # the slow player would think 10 s per position
    assert finished.args == [True] and slow_player.stopped_searches == 2
    assert all(node.ai is not None for node in c.game.main_line())
    c.play("b4")
    window.reviewer.analyse_game(30.0)
    qtbot.waitUntil(lambda: slow_player.searches == 3)
    assert window.reviewer.analysis.running and not window.reviewer.stop_button.isHidden()
    with qtbot.waitSignal(window.reviewer.analysis.finished) as finished:
        window.reviewer.stop_button.click()
    assert finished.args == [False]
    qtbot.waitUntil(lambda: slow_player.stopped_searches == 3)
    assert not window.reviewer.analysis.running and window.reviewer.stop_button.isHidden()
    c.play("d2")  # the game on screen was never blocked
    assert c.move_number == 3


def test_the_game_graph_follows_the_line_on_screen(window, qtbot):
    if window.dashboard is None:
        return
    graph = window.dashboard.game_graph
    window.start_new_game(HUMANS)
    c = window.controller
    c.set_analysis(True)
    qtbot.waitUntil(lambda: c.game.root.ai is not None)
    for name in ("c3", "b4", "d2"):
        c.play(name)
        node = c.game.cursor
        qtbot.waitUntil(lambda node=node: node.ai is not None)
    c.go_to(1)
    c.play("a1")  # a variation: its own estimates, not the main line's move 3
    side = c.game.cursor
    qtbot.waitUntil(lambda: side.ai is not None)
    qtbot.waitUntil(lambda: 2 in graph.estimates.points()[0])
    numbers, values = graph.estimates.points()
    assert 3 not in numbers
    assert values[numbers.index(2)] == side.ai.for_player(BLACK)
    c.set_analysis(False)
    c.go_to_variation(-1)  # back to the main line: its estimates again, move 3 included
    numbers, values = graph.estimates.points()
    assert {0, 1, 2, 3} <= set(numbers)
    main_end = c.game.main_line()[-1]
    assert values[numbers.index(3)] == main_end.ai.for_player(BLACK)

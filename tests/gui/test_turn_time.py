"""Each player's thinking time, whatever kind of player (a person, a level, an engine that only
answers ``genmove``), and when a game's clocks start (off screen)."""

from __future__ import annotations

import re

import pytest
from hexswarm.engine.board import BLACK, WHITE
from hexswarm.engine.game import THINKING_PROPERTY
from hexswarm.engine.records import parse_sgf, write_sgf
from hexswarm.gui.game_controller import GameController
from hexswarm.gui.settings import GameSettings, SideSettings, save_game_settings

HUMAN = SideSettings(ai=False)


def ai(spec: str) -> SideSettings:
    return SideSettings(ai=True, spec=spec)


def shown_seconds(text: str) -> float:
    """The first number of the status bar's time ("0.4 s (total White 0 s)" while a search
    runs, "White's move 0.4 s (total White 0 s)" once its move is on the board)."""
    match = re.search(r"([0-9.]+) s", text)
    assert match is not None, text
    return float(match.group(1))


def analysed_snapshot(controller, node):
    """A finished search of ``node``'s position (what analysis mode would keep there)."""
    from tests.gui.players import make_snapshot

    board = controller.game.board_at(node)
    return make_snapshot(board, 0, "tiny", 1, board.legal_moves()[0], done=True)


def test_an_engine_without_analysis_is_timed_and_the_graph_says_it_has_no_evaluation(window, qtbot):
    """An engine that answers only ``genmove`` sends no snapshot: the status bar had shown
    "0.0 s (total White 0 s)" all through its thinking and after, and the game graph had
    waited for "estimates as the AI plays" that never come."""
    window.start_new_game(GameSettings(size=5, black=HUMAN, white=ai("movesonly"), ai_delay_ms=0))
    controller = window.controller
    assert controller.play("c3")
    qtbot.waitUntil(lambda: controller.searching, timeout=5000)
    qtbot.wait(350)
    assert shown_seconds(window.time_label.text()) >= 0.2  # it counts while the engine thinks
    qtbot.waitUntil(lambda: len(controller.board.moves) == 2, timeout=10_000)
    node = controller.game.cursor
    assert node.player == "movesonly"
    assert 0.45 <= node.thinking_seconds < 5  # the player thinks 0.5 s
    assert controller.thinking_time(WHITE) == pytest.approx(node.thinking_seconds)
    graph = window.dashboard.game_graph
    assert graph.estimates.points() == ([], [])  # nothing known, nothing drawn
    assert "no evaluation from movesonly" in graph.header_html(graph.engine_colors())
    # Positions evaluated by someone else (analysis mode, the review): nothing to say.
    analysed = controller.game.cursor.parent
    controller.record_analysis(analysed, analysed_snapshot(controller, analysed), "tiny")
    assert "no evaluation" not in graph.header_html(graph.engine_colors())
    assert graph.estimates.points()[0]  # drawn
    # Its next move: the status bar's total counts the first one.
    assert controller.play("d3")
    qtbot.waitUntil(lambda: controller.searching, timeout=5000)
    qtbot.wait(250)
    text = window.time_label.text()
    assert shown_seconds(text) >= 0.1 and "total White 1 s" in text  # 0.5 + 0.5 rounded


def test_the_graph_names_the_engine_without_evaluation_beside_the_estimates_it_has(window, qtbot):
    """An AI that evaluates (tiny) against one that does not: the first's points are drawn,
    the second is named as giving none."""
    window.start_new_game(
        GameSettings(size=5, black=ai("tiny"), white=ai("movesonly"), ai_delay_ms=0)
    )
    controller = window.controller
    qtbot.waitUntil(lambda: len(controller.board.moves) >= 3, timeout=10_000)
    controller.set_paused(True)
    graph = window.dashboard.game_graph
    numbers, _ = graph.estimates.points()
    assert numbers and set(numbers) <= {0, 1, 2, 3, 4}
    header = graph.header_html(graph.engine_colors())
    assert "tiny" in header and "no evaluation from movesonly" in header
    assert "no evaluation from tiny" not in header


def test_a_persons_thinking_time_is_kept_with_each_move_pauses_left_out(qtbot, player_factory):
    """From the moment the move before is shown to the click, without the pauses; the game's
    first move is not timed (the window opens with a game: see the clock's start); saved in
    the record as XT and read back."""
    controller = GameController(
        GameSettings(size=5, black=HUMAN, white=HUMAN), player_factory=player_factory
    )
    try:
        now = [1000.0]
        controller._turn.now = lambda: now[0]
        controller.new_game()
        now[0] += 30.0  # the window is open; nobody has played yet
        assert controller.play("c3")
        assert controller.game.cursor.get(THINKING_PROPERTY) is None
        qtbot.wait(50)  # the move is shown: White's turn runs
        now[0] += 3.0
        assert controller.play("b2")
        assert controller.game.cursor.thinking_seconds == pytest.approx(3.0)
        qtbot.wait(50)
        now[0] += 1.0
        controller.set_paused(True)
        now[0] += 10.0  # paused: not thinking
        controller.set_paused(False)
        now[0] += 0.5
        assert controller.turn_seconds() == pytest.approx(1.5)
        assert controller.play("d4")
        assert controller.game.cursor.thinking_seconds == pytest.approx(1.5)
        assert controller.thinking_time(BLACK) == pytest.approx(1.5)
        assert controller.thinking_time(WHITE) == pytest.approx(3.0)
        assert controller.line[1].seconds == pytest.approx(3.0)  # the move list's entries
        text = write_sgf(controller.game)
        assert "XT[3.00]" in text and "XT[1.50]" in text
        other = GameController(GameSettings(size=5), player_factory=player_factory)
        try:
            other.load_game(parse_sgf(text)[0])
            assert other.thinking_time(BLACK) == pytest.approx(1.5)
            assert other.thinking_time(WHITE) == pytest.approx(3.0)
        finally:
            other.shutdown()
    finally:
        controller.shutdown()


def test_a_move_tooltip_gives_its_thinking_time(window, qtbot):
    window.start_new_game(GameSettings(size=5, black=HUMAN, white=ai("movesonly"), ai_delay_ms=0))
    controller = window.controller
    assert controller.play("c3")
    qtbot.waitUntil(lambda: len(controller.board.moves) == 2, timeout=10_000)
    seconds = controller.game.cursor.thinking_seconds
    assert window.move_list.item(2).toolTip().endswith(f"thought {seconds:.1f} s")
    assert "thought" not in window.move_list.item(1).toolTip()  # the first move: not timed


# ------------------------------------------------------------------ when the clocks start


def test_a_remembered_clock_waits_for_the_first_move_at_launch(qtbot, settings_store, tmp_path):
    """With a clock in the settings, the game the window opens with at launch had started
    Black's clock at once, before the person had done anything."""
    from hexswarm.gui.main_window import MainWindow

    save_game_settings(
        settings_store, GameSettings(size=5, black=HUMAN, white=HUMAN, time_control="60")
    )
    window = MainWindow(settings_store, autosave_dir=tmp_path / "autosave", offer_restore=False)
    qtbot.addWidget(window)
    try:
        qtbot.waitUntil(lambda: window.controller.clock is not None, timeout=3000)
        clock = window.controller.clock
        qtbot.wait(300)
        assert clock.running is None and clock.left(BLACK).main_s == 60
        assert "1:00" in window.clock_panel.labels[BLACK].text()
        note = window.clock_panel.note
        assert note.isVisibleTo(window.clock_panel) and "next move" in note.text()
        assert window.controller.play("c3")
        assert clock.left(BLACK).main_s == 60  # the first move is not timed
        qtbot.waitUntil(lambda: clock.running is WHITE, timeout=3000)
        assert not note.isVisibleTo(window.clock_panel)
    finally:
        window.document.set_clean()
        window.close()


def test_an_ais_clock_starts_when_it_is_asked_for_the_first_move(qtbot, player_factory):
    controller = GameController(
        GameSettings(size=5, black=ai("slow"), white=HUMAN, time_control="60", ai_delay_ms=0),
        player_factory=player_factory,
    )
    try:
        controller.new_game()
        qtbot.waitUntil(lambda: controller.searching, timeout=3000)
        assert controller.clock.running is BLACK
    finally:
        controller.shutdown()


def test_an_opened_record_waits_for_a_move_or_a_resume(qtbot, player_factory):
    """A record opened in the middle of a game (or an autosave restored) with a person to
    move: the clock waits until the game goes on."""
    controller = GameController(
        GameSettings(size=5, black=HUMAN, white=HUMAN, time_control="60"),
        player_factory=player_factory,
    )
    try:
        controller.new_game()
        controller.play("c3")
        qtbot.waitUntil(lambda: controller.clock.running is WHITE, timeout=3000)
        controller.load_game(parse_sgf(write_sgf(controller.game))[0])
        qtbot.wait(100)
        assert controller.clock.running is None
        controller.set_paused(False)  # already not paused: nothing changes
        assert controller.clock.running is None
        controller.set_paused(True)
        controller.set_paused(False)  # Space twice: the person asks the game to go on
        assert controller.clock.running is WHITE
    finally:
        controller.shutdown()


def test_no_clock_runs_while_browsing_a_finished_game(qtbot, player_factory):
    """Going back through a game that has ended had run the clock of the person to move
    there again: a review could end "lost on time" at an early position."""
    controller = GameController(
        GameSettings(size=3, black=HUMAN, white=HUMAN, time_control="1"),
        player_factory=player_factory,
    )
    try:
        controller.new_game()
        for move in ("a1", "c1", "a2", "c2", "a3"):
            assert controller.play(move)
        assert controller.winner is BLACK and controller.game_finished
        controller.first()
        controller.forward()  # White to move at move 1, a person
        assert not controller.is_over and controller.clock.running is None
        assert not controller.waiting_to_start  # the clocks will not start: no such note
        controller.load_game(parse_sgf(write_sgf(controller.game))[0])  # opened, or restored
        controller.first()
        assert controller.clock.running is None and not controller.waiting_to_start
        qtbot.wait(1200)
        assert controller.time_loss() is None
        controller.last()
        assert controller.winner is BLACK and controller.time_loss() is None
    finally:
        controller.shutdown()


def test_the_status_bar_keeps_a_quick_moves_whole_time(window, qtbot, moves_only_player):
    """The time shown is brought up to date every 200 ms while the search runs; a move of
    0.15 s had been left at the "0.0 s" of its start."""
    moves_only_player.seconds = 0.15
    window.start_new_game(GameSettings(size=5, black=HUMAN, white=ai("movesonly"), ai_delay_ms=0))
    controller = window.controller
    assert controller.play("c3")
    qtbot.waitUntil(lambda: len(controller.board.moves) == 2, timeout=10_000)
    seconds = controller.game.cursor.thinking_seconds
    assert seconds >= 0.15
    # The move's whole time, as recorded (it had been read at the search's end, a moment
    # before the move was recorded with its time).
    assert shown_seconds(window.time_label.text()) == pytest.approx(seconds, abs=0.06)


def test_while_the_person_thinks_the_status_bar_says_how_long_the_ais_move_took(window, qtbot):
    """The AI's search time ("0.5 s (total White 1 s)") and its playouts a second had stayed
    in the status bar after its move, read as the person's time on the reply."""
    window.start_new_game(GameSettings(size=5, black=HUMAN, white=ai("slow"), ai_delay_ms=0))
    controller = window.controller
    assert controller.play("c3")
    qtbot.waitUntil(lambda: "playouts/s" in window.rate_label.text(), timeout=5000)
    qtbot.wait(300)
    running = window.time_label.text()
    assert "total White" in running and "move" not in running  # the search's, counting
    assert controller.move_now()
    qtbot.waitUntil(lambda: len(controller.board.moves) == 2, timeout=5000)
    seconds = controller.game.cursor.thinking_seconds
    assert seconds >= 0.25
    said = f"White's move {seconds:.1f} s (total White {seconds:.0f} s)"
    assert window.time_label.text() == said and window.rate_label.text() == ""
    qtbot.wait(300)  # the person thinks: nothing counts on, nothing changes
    assert window.time_label.text() == said
    # Back at the start: no move, no time; at the AI's move again: its time.
    controller.go_to(0)
    assert window.time_label.text() == ""
    controller.go_to(2)
    assert window.time_label.text() == said

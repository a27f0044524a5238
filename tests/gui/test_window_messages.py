"""The window's words and what a game keeps (pytest-qt, real window): one status message per
event and none that outlives its position, the save question naming what it comes before,
counts in words, one setup node per setup (a restored game's AI tags and graph:
test_positions_and_records)."""

from __future__ import annotations

from dataclasses import replace
from unittest import mock

from hexswarm.engine.board import BLACK, WHITE
from hexswarm.gui.settings import GameSettings, SideSettings
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QMessageBox, QPlainTextEdit

from tests.gui.test_main_window import click, show

HUMANS = GameSettings(size=5, black=SideSettings(), white=SideSettings(), analysis_spec="tiny")


def messages_of(window) -> list[str]:
    """Every message the status bar shows from now on (not the clearing ones)."""
    shown: list[str] = []
    window.statusBar().messageChanged.connect(lambda text: text and shown.append(text))
    return shown


def test_a_win_is_reported_once(window, qtbot):
    window.start_new_game(HUMANS)
    show(window, qtbot)
    for black, white in zip(("c1", "c2", "c3", "c4"), ("a1", "a2", "a3", "a4"), strict=True):
        click(window, black)
        click(window, white)
    shown = messages_of(window)
    click(window, "c5")  # Black connects top and bottom
    assert window.controller.winner is BLACK
    assert shown == ["Black wins."]  # once: game_over no longer says it again
    assert window.statusBar().currentMessage() == "Black wins."


def test_a_resignation_and_a_hint_are_reported_once(window, qtbot):
    window.start_new_game(HUMANS)
    shown = messages_of(window)
    with qtbot.waitSignal(window.controller.hint_ready, timeout=5000):
        window.controller.hint()
    assert len(shown) == 1 and shown[0].startswith("Hint for Black: ")
    shown.clear()
    with mock.patch("hexswarm.gui.main_window.ask", return_value=QMessageBox.StandardButton.Yes):
        window.resign()
    assert shown == ["Black resigned."]


def test_setup_done_goes_once_white_has_moved(window, qtbot):
    window.start_new_game(HUMANS)
    show(window, qtbot)
    c = window.controller
    window.act_setup.trigger()
    click(window, "c3")
    window.act_white_to_move.trigger()
    window.act_setup.trigger()
    assert window.statusBar().currentMessage() == "Setup done: White to move."
    click(window, "b2")  # White moves: the sentence is about a position no longer on screen
    assert c.board.stone_at("b2") is WHITE and c.board.to_move is BLACK
    assert window.statusBar().currentMessage() == ""
    # A message about the position on screen stays: a refused click says why.
    click(window, "b2")
    assert "occupied" in window.statusBar().currentMessage()


def test_setup_clicks_make_one_setup_node(window, qtbot):
    from tests.gui.test_move_tree import labels

    window.start_new_game(HUMANS)
    show(window, qtbot)
    c = window.controller
    click(window, "c3")
    window.act_setup.trigger()
    for name in ("a1", "b1", "e5"):
        click(window, name)
    click(window, "d4", Qt.MouseButton.RightButton)
    click(window, "b1")  # a second click on a stone removes it again
    window.act_black_to_move.trigger()  # White was to move after c3
    window.act_setup.trigger()
    setups = [text for _depth, text in labels(window.move_tree) if "Setup" in text]
    assert len(setups) == 1, labels(window.move_tree)
    entries = [window.move_list.item(i).text() for i in range(window.move_list.count())]
    assert entries[-1].startswith("Setup: ") and len(entries) == 3  # Start, c3, the setup
    assert "+Black a1 e5" in entries[-1] and "+White d4" in entries[-1]
    assert "Black to move" in entries[-1] and "b1" not in entries[-1]
    last = window.move_list.item(window.move_list.count() - 1)
    assert last.toolTip() == last.text()  # the whole entry, however narrow the dock
    board = c.board
    assert [board.stone_at(n) for n in ("a1", "b1", "e5", "d4")] == [BLACK, None, BLACK, WHITE]
    assert c.undo() and c.board.stone_at("a1") is None  # one undo takes the setup back


def test_the_save_question_names_what_it_comes_before(window, save_questions, monkeypatch):
    from hexswarm.gui.dialogs.new_game import NewGameDialog

    window.start_new_game(HUMANS)
    window.controller.play("c3")
    monkeypatch.setattr(NewGameDialog, "exec", lambda _self: QDialog.DialogCode.Accepted)
    save_questions.answers.append("cancel")
    assert not window.new_game_dialog()
    assert save_questions.details == [("starting a new game",)]
    assert window.controller.board.stone_at("c3") is BLACK  # cancelled: the game stays
    window.close()
    assert save_questions.details[-1] == ("closing",)


def test_opening_a_file_counts_its_moves_in_words(window, tmp_path):
    for text, words in (
        ("(;FF[4]GM[11]SZ[5];B[c3])", "1 move"),
        ("(;FF[4]GM[11]SZ[5];B[c3];W[b2])", "2 moves"),
        ("(;FF[4]GM[11]SZ[5](;B[c3])(;B[b2])(;B[a1]))", "1 move (2 variations"),
        ("(;FF[4]GM[11]SZ[5](;B[c3])(;B[b2]))", "1 move (1 variation:"),
    ):
        path = tmp_path / "game.sgf"
        path.write_text(text)
        assert window.document.open_file(path)
        assert window.statusBar().currentMessage().startswith(f"Opened game.sgf: {words}")


def test_a_long_status_message_can_be_read_whole(window, qtbot):
    """Round 15: "Opened club-night.sgf: 5 moves (game 1 of the 3 in the file; ...; cannot
    be opened: line 6, column 13 (node 3):" ended at the status bar's permanent labels, and
    went after 8 s. The status bar's tooltip holds the message whole while it is shown, and a
    long message stays longer."""
    from hexswarm.gui.main_window import STATUS_MS, status_ms

    long = "Opened club-night.sgf: 4 moves (" + "a reason that is long; " * 8 + ")."
    window.show_status(long)
    bar = window.statusBar()
    assert bar.currentMessage() == long and bar.toolTip() == long
    assert status_ms("Short.") == STATUS_MS < status_ms(long)
    bar.clearMessage()
    assert bar.toolTip() == ""


def test_a_long_message_is_cut_with_an_ellipsis_and_kept_whole_to_read(window, qtbot):
    """Round 16 at 1366 pixels: the collection's note and the cut file's warning were cut
    mid-word by the labels on the right. The bar ends a long message with "…" before them;
    a click on it (or View > Recent Messages) shows the latest messages whole."""
    from PySide6.QtTest import QTest

    window.resize(1366, 700)
    window.start_new_game(replace(HUMANS, size=9))
    show(window, qtbot)
    long = "Opened club-night.sgf: 4 moves (" + "a reason that is long; " * 12 + ")."
    window.show_status(long)
    bar = window.statusBar()
    drawn = bar.shown_message()
    assert bar.currentMessage() == long and drawn.endswith("\u2026") and len(drawn) < len(long)
    area = bar.message_rect()
    assert bar.fontMetrics().horizontalAdvance(drawn) <= area.width()
    assert area.right() < window.turn_label.geometry().left()
    window.show_status("Black wins.")
    assert bar.shown_message() == "Black wins."
    shown: list = []
    with mock.patch.object(QDialog, "exec", lambda dialog: shown.append(dialog)):
        QTest.mouseClick(bar, Qt.MouseButton.LeftButton, pos=area.center())
    assert len(shown) == 1 and shown[0].windowTitle() == "Recent Messages"
    dialog = window.message_log.dialog(window)
    qtbot.addWidget(dialog)
    text = dialog.findChild(QPlainTextEdit, "recent_messages").toPlainText()
    assert long in text and text.index(long) < text.index("Black wins.")
    assert window.act_messages in window.view_menu.actions()


def test_a_panels_status_line_wraps_onto_a_second_line(qtbot):
    """Round 16 at 1366 pixels: the Population panel's status line "uct · c5 wins: it
    completes a virtual connection between our edges" was cut at the panel's edge. It
    wraps, two lines high at the least and higher only when its text needs more lines (a
    count that changes at every refresh does not lay the window out again)."""
    from hexswarm.gui.dashboard.population import PopulationPanel

    panel = PopulationPanel(board_size=9)
    qtbot.addWidget(panel)
    panel.resize(300, 400)
    panel.show()
    qtbot.waitExposed(panel)
    line = "uct \u00b7 c5 wins: it completes a virtual connection between our edges"
    panel.status.setText(line)
    status = panel.status
    assert status.wordWrap() and status.minimumHeight() == status.maximumHeight()
    assert status.fontMetrics().horizontalAdvance(line) > status.width()  # one line is cut
    assert status.heightForWidth(status.width()) <= status.height()  # two lines hold it
    # A review's game graph header took three lines beside the board (round 17): the line
    # grows to what its text needs, and back to two lines.
    two_lines = status.maximumHeight()
    panel._status_base = " · ".join([line] * 4)
    panel.relabel()
    assert status.maximumHeight() > two_lines
    assert status.heightForWidth(status.width()) <= status.maximumHeight()
    panel._status_base = "short"
    panel.relabel()
    assert status.maximumHeight() == two_lines


def test_the_keyboard_focus_comes_back_to_the_window_after_a_dialog(window, qtbot):
    """Rounds 13-15 under Xvfb without a window manager: after a dialog closed, no window
    had the keyboard focus, and the keys went nowhere until ``xdotool windowfocus``. The
    offscreen platform does the same. The window takes the focus back when a dialog of its
    own closes with it; not when a window closes that did not have it."""
    from PySide6.QtGui import QGuiApplication
    from PySide6.QtWidgets import QDialog

    window.show()  # it takes the focus itself: nobody gave it without a window manager
    qtbot.waitUntil(lambda: QGuiApplication.focusWindow() is window.windowHandle())
    for _ in range(2):  # a second dialog too (each window is followed once)
        dialog = QDialog(window)
        dialog.show()
        dialog.activateWindow()
        qtbot.waitUntil(lambda d=dialog: QGuiApplication.focusWindow() is d.windowHandle())
        dialog.close()
        qtbot.waitUntil(lambda: QGuiApplication.focusWindow() is window.windowHandle())
    # A window without the focus closes: the focus stays where it is.
    other = QDialog(window)
    other.show()
    qtbot.waitUntil(lambda: other.windowHandle() is not None and other.isVisible())
    window.activateWindow()
    qtbot.waitUntil(lambda: QGuiApplication.focusWindow() is window.windowHandle())
    spare = QDialog(window)
    spare.show()
    spare.activateWindow()
    qtbot.waitUntil(lambda: QGuiApplication.focusWindow() is spare.windowHandle())
    other.close()
    qtbot.wait(50)
    assert QGuiApplication.focusWindow() is spare.windowHandle()
    spare.close()


def test_a_window_shown_where_no_window_has_the_focus_takes_it(window, qtbot, monkeypatch):
    """Round 16 under Xvfb without a window manager: the window opened without the keyboard
    focus (the offscreen platform gives it one), and Ctrl+N went nowhere. Shown where no
    window has the focus, it asks for it."""
    from hexswarm.gui import main_window as module

    asked = []
    monkeypatch.setattr(module.QGuiApplication, "focusWindow", staticmethod(lambda: None))
    monkeypatch.setattr(window, "activateWindow", lambda: asked.append(True))
    window.show()
    qtbot.waitUntil(lambda: len(asked) >= 1, timeout=3000)

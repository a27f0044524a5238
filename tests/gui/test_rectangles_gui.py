"""Rectangular boards in the GUI: the new-game dialog's columns, rows and Square, the settings
kept, the board widget's geometry and clicks on 7x11 and 11x7, and a game in the window with
the dashboard and the saved record on the rectangle."""

from __future__ import annotations

from hexswarm.engine.board import BLACK, WHITE, Board
from hexswarm.engine.records import parse_sgf, write_sgf
from hexswarm.gui.board_geometry import BoardGeometry
from hexswarm.gui.board_widget import BoardWidget
from hexswarm.gui.dialogs.new_game import NewGameDialog
from hexswarm.gui.settings import (
    GameSettings,
    SideSettings,
    load_game_settings,
    save_game_settings,
)
from hypothesis import given
from hypothesis import strategies as st
from PySide6.QtCore import QSettings, Qt
from PySide6.QtTest import QTest

from tests.gui.test_main_window import click, show

HUMANS_7X11 = GameSettings(
    size=7,
    height=11,
    black=SideSettings(),
    white=SideSettings(),
    analysis_spec="tiny",
)


def test_the_dialog_offers_columns_rows_and_square(qtbot):
    dialog = NewGameDialog(GameSettings(size=9, swap_rule=True))
    qtbot.addWidget(dialog)
    assert dialog.square_check.isChecked() and not dialog.rows_spin.isEnabled()
    dialog.size_spin.setValue(7)
    assert dialog.rows_spin.value() == 7  # a square stays square
    dialog.square_check.setChecked(False)
    assert dialog.rows_spin.isEnabled()
    dialog.rows_spin.setValue(11)
    assert not dialog.swap_check.isEnabled() and not dialog.swap_check.isChecked()
    assert "square board" in dialog.swap_check.toolTip()
    chosen = dialog.settings()
    assert chosen.shape == (7, 11) and chosen.height == 11 and not chosen.swap_rule
    dialog.preset_buttons[11].click()  # a preset is a square again, the swap choice back
    assert dialog.square_check.isChecked() and dialog.rows_spin.value() == 11
    assert dialog.swap_check.isEnabled() and dialog.swap_check.isChecked()
    assert dialog.settings().shape == (11, 11) and dialog.settings().height is None


def test_a_rectangle_is_kept_in_the_settings(tmp_path):
    path = str(tmp_path / "settings.ini")
    save_game_settings(QSettings(path, QSettings.Format.IniFormat), HUMANS_7X11)
    again = load_game_settings(QSettings(path, QSettings.Format.IniFormat))
    assert again.shape == (7, 11)
    square = GameSettings(size=9)
    save_game_settings(QSettings(path, QSettings.Format.IniFormat), square)
    assert load_game_settings(QSettings(path, QSettings.Format.IniFormat)).shape == (9, 9)


@given(st.integers(1, 26), st.integers(1, 26), st.integers(200, 1600), st.integers(200, 1200))
def test_every_cell_of_a_rectangle_is_hit_at_its_centre_and_fits(columns, rows, width, height):
    geometry = BoardGeometry.fit((columns, rows), width, height)
    for cell in range(columns * rows):
        x, y = geometry.center(cell)
        assert geometry.cell_at(x, y) == cell
        for px, py in geometry.corners(cell):
            assert -1e-6 <= px <= width + 1e-6 and -1e-6 <= py <= height + 1e-6
    edges = geometry.edge_polylines()
    assert len(edges["top"]) == len(edges["bottom"]) == 2 * columns + 1
    assert len(edges["left"]) == len(edges["right"]) == 2 * rows


def test_clicks_on_a_wide_board_name_its_cells(qtbot):
    widget = BoardWidget()
    qtbot.addWidget(widget)
    widget.resize(900, 500)
    widget.set_board(Board(11, 7))
    widget.show()
    qtbot.waitExposed(widget)
    clicked = []
    widget.cell_clicked.connect(clicked.append)
    for name in ("k1", "a7", "k7", "f4"):
        cell = Board(11, 7).cell_index(name)
        point = widget.cell_center(cell).toPoint()
        QTest.mouseClick(widget, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, point)
        assert clicked[-1] == cell


def test_a_game_on_7x11_in_the_window(window, qtbot):
    window.start_new_game(HUMANS_7X11)
    assert "New 7x11 game." in window.statusBar().currentMessage()
    show(window, qtbot)
    board = window.controller.board
    assert board.shape == (7, 11) and not board.swap_rule
    for name in ("g11", "a1", "d6"):
        click(window, name)
    assert board.stone_at("g11") is BLACK and board.stone_at("a1") is WHITE
    assert "g11" in window.move_list.item(1).text()
    record = parse_sgf(write_sgf(window.controller.game))[0]
    assert record.shape == (7, 11) and [t for _, t in record.moves()] == ["g11", "a1", "d6"]
    window.start_new_game(GameSettings(size=5, analysis_spec="tiny"))
    assert window.controller.board.shape == (5, 5)


def test_an_ai_answers_on_a_rectangle_in_the_window(window, qtbot):
    settings = GameSettings(
        size=4,
        height=9,
        black=SideSettings(),
        white=SideSettings(ai=True, spec="tiny"),
        ai_delay_ms=0,
        analysis_spec="tiny",
    )
    window.start_new_game(settings)
    show(window, qtbot)
    click(window, "b5")
    board = window.controller.board
    qtbot.waitUntil(lambda: len(board.moves) == 2, timeout=10_000)
    assert board.moves[1].color is WHITE and 0 <= board.moves[1].cell < 36


def test_the_dashboard_names_cells_on_the_boards_shape():
    from hexswarm.gui.dashboard.model import line_label, move_label

    assert move_label(76, (7, 11)) == "g11" and move_label(76, (11, 7)) == "k7"
    assert line_label((0, 76, -1), (7, 11)) == "a1 g11 swap"


def test_setup_mode_places_stones_one_by_one_on_a_rectangle(window, qtbot):
    """The second stone placed in setup mode on 7x11 did nothing (the click's handler raised
    "this needs a square board": the game folds the stones into one setup node with the
    square board's size, engine/game.py Game._merge_setup)."""
    window.start_new_game(HUMANS_7X11)
    c = window.controller
    c.set_setup_mode(True)
    for name in ("a2", "b2", "c2"):
        assert c.setup_stone(c.board.cell_index(name), BLACK)
    assert c.setup_stone(c.board.cell_index("g10"), WHITE)
    c.set_setup_mode(False)
    assert [c.board.stone_at(n) for n in ("a2", "b2", "c2", "g10")] == [BLACK] * 3 + [WHITE]
    assert len(c.game.main_line()) == 2  # the root and one setup node for the four stones
    assert c.play("d6")
    (read,) = parse_sgf(write_sgf(c.game))
    assert read.board_at(read.main_line()[-1]).stone_at("g10") is WHITE
    window.document.set_clean()

"""The new-game dialog: widgets generated from level metadata, settings returned and persisted."""

from __future__ import annotations

import pytest
from hexswarm.engine.players.levels import LEVELS as REAL_LEVELS
from hexswarm.engine.players.levels import LevelInfo, Parameter
from hexswarm.gui.dialogs.new_game import NewGameDialog, parameter_label
from hexswarm.gui.settings import (
    GameSettings,
    SideSettings,
    SpecError,
    format_spec,
    load_game_settings,
    parse_spec,
    save_game_settings,
)
from PySide6.QtCore import QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QCheckBox, QComboBox, QDialogButtonBox, QDoubleSpinBox, QSpinBox

LEVELS = {
    "random": LevelInfo("random", "Random", "Plays any empty cell.", ()),
    "sdst": LevelInfo(
        "sdst",
        "SDST",
        "Stochastic diffusion search in the whole tree.",
        (
            Parameter("agents", "int", 50000, "population size", 10, 1_000_000),
            Parameter("iterations", "int", 50, "", 1, 10_000),
            Parameter("time", "float", None, "seconds per move", 0.001, 600.0, optional=True),
            Parameter("seed", "int", 0, "", 0, 2**63 - 1),
            Parameter("policy", "choice", "tree", "", choices=("root", "tree")),
            Parameter("scatter", "float", 0.2, "", 0.0, 1.0),
            Parameter("swap", "bool", True, ""),
        ),
    ),
}


def test_parameter_labels():
    assert parameter_label("p_scatter") == "P scatter"
    assert parameter_label("time_s") == "Time (s)"
    assert parameter_label("agents") == "Agents"


def test_spec_round_trip_and_errors():
    level, params = parse_spec("sdst:agents=500, policy=tree")
    assert level == "sdst" and params == {"agents": "500", "policy": "tree"}
    assert format_spec("sdst", {"agents": 500, "swap": False}) == "sdst:agents=500,swap=false"
    assert parse_spec("random") == ("random", {})
    for bad in ("", "sdst:agents", "sd st", "sdst:=3"):
        with pytest.raises(SpecError):
            parse_spec(bad)


def test_widgets_are_generated_from_the_level_metadata(qtbot):
    dialog = NewGameDialog(GameSettings(), levels=LEVELS)
    qtbot.addWidget(dialog)
    page = dialog.black_panel.level_pages["sdst"]
    assert isinstance(page.editors["agents"].widget, QSpinBox)
    assert page.editors["agents"].widget.minimum() == 10
    assert page.editors["agents"].widget.maximum() == 1_000_000
    assert isinstance(page.editors["time"].value_widget, QDoubleSpinBox)
    assert page.editors["time"].text() == "none"  # optional, off by default
    assert page.editors["seed"].widget.maximum() == 2_000_000_000  # clamped to 32 bits
    assert isinstance(page.editors["policy"].widget, QComboBox)
    assert isinstance(page.editors["swap"].widget, QCheckBox)
    assert page.editors["agents"].widget.toolTip() == "population size"
    assert dialog.black_panel.level_pages["random"].editors == {}
    combo = dialog.black_panel.level_combo
    combo.setCurrentIndex(combo.findData("sdst"))
    assert dialog.black_panel.description.text().startswith("Stochastic diffusion")


def test_dialog_returns_the_chosen_settings(qtbot):
    initial = GameSettings(
        size=11,
        black=SideSettings(ai=False, spec="random"),
        white=SideSettings(ai=True, spec="sdst:agents=2000,policy=root"),
    )
    dialog = NewGameDialog(initial, levels=LEVELS)
    qtbot.addWidget(dialog)
    # The saved white spec is shown.
    white = dialog.white_panel
    assert white.ai_button.isChecked() and white.current_level() == "sdst"
    assert white.level_pages["sdst"].editors["agents"].widget.value() == 2000
    assert white.level_pages["sdst"].editors["policy"].widget.currentText() == "root"
    # Change things as a user would.
    dialog.preset_buttons[7].click()
    dialog.swap_check.setChecked(True)
    dialog.black_panel.ai_button.setChecked(True)
    black = dialog.black_panel
    black.level_combo.setCurrentIndex(black.level_combo.findData("sdst"))
    black.level_pages["sdst"].editors["iterations"].widget.setValue(80)
    black.level_pages["sdst"].editors["swap"].widget.setChecked(False)
    black.level_pages["sdst"].editors["time"].enabled_check.setChecked(True)
    black.level_pages["sdst"].editors["time"].value_widget.setValue(2.5)
    white.human_button.setChecked(True)
    dialog.delay_spin.setValue(1200)
    with qtbot.waitSignal(dialog.accepted):
        dialog.button_box.button(QDialogButtonBox.StandardButton.Ok).click()
    chosen = dialog.settings()
    assert chosen.size == 7 and chosen.swap_rule
    assert chosen.black == SideSettings(ai=True, spec="sdst:iterations=80,time=2.5,swap=false")
    assert chosen.white == SideSettings(ai=False, spec="sdst:agents=2000,policy=root")
    assert chosen.ai_delay_ms == 1200


def test_any_size_from_1_to_26(qtbot):
    dialog = NewGameDialog(GameSettings(), levels=LEVELS)
    qtbot.addWidget(dialog)
    dialog.size_spin.setValue(26)
    assert dialog.settings().size == 26
    dialog.size_spin.setValue(40)
    assert dialog.settings().size == 26
    dialog.size_spin.setValue(0)
    assert dialog.settings().size == 1


def test_bad_saved_specs_are_reported_not_fatal(qtbot):
    settings = GameSettings(white=SideSettings(ai=True, spec="sdst:agents=5,colour=blue"))
    dialog = NewGameDialog(settings, levels=LEVELS)
    qtbot.addWidget(dialog)
    assert any("agents" in w and "colour" in w for w in dialog.white_panel.warnings)
    # The valid default is kept for the out-of-range value.
    assert dialog.white_panel.level_pages["sdst"].editors["agents"].widget.value() == 50000


def test_players_only_hides_the_board_settings(qtbot):
    dialog = NewGameDialog(GameSettings(size=9), levels=LEVELS, players_only=True)
    qtbot.addWidget(dialog)
    assert not dialog.size_spin.isVisibleTo(dialog)
    assert dialog.settings().size == 9


def test_settings_persist_through_qsettings(tmp_path):
    path = str(tmp_path / "settings.ini")
    chosen = GameSettings(
        size=13,
        swap_rule=True,
        black=SideSettings(ai=True, spec="sdst:agents=1000"),
        white=SideSettings(ai=False, spec="mc"),
        ai_delay_ms=750,
        analysis_spec="sdst:agents=2000",
    )
    save_game_settings(QSettings(path, QSettings.Format.IniFormat), chosen)
    assert load_game_settings(QSettings(path, QSettings.Format.IniFormat)) == chosen


def test_hints_and_analysis_use_the_default_player_unless_another_is_chosen(qtbot):
    """Hints and analysis come from one AI (round 12: hints had MCSDS, analysis `strong`, and
    named different best moves): the strongest level by default; the dialog has one choice."""
    from hexswarm.engine.players import LEVELS, STRONGEST_LEVEL

    default = GameSettings()
    assert default.analysis_spec == STRONGEST_LEVEL == default.white.spec
    assert not hasattr(default, "hint_spec")
    dialog = NewGameDialog(GameSettings(analysis_spec="uct:playouts=5000"), levels=LEVELS)
    qtbot.addWidget(dialog)
    assert dialog.analysis_combo.currentData() == "uct"
    assert dialog.settings().analysis_spec == "uct:playouts=5000"  # same level: kept whole
    dialog.analysis_combo.setCurrentIndex(dialog.analysis_combo.findData("sdst"))
    assert dialog.settings().analysis_spec == "sdst"
    assert not hasattr(dialog, "hint_combo")


def test_corrupt_settings_fall_back_to_defaults(tmp_path):
    path = tmp_path / "settings.ini"
    path.write_text('[game]\nsize=500\nswap_rule=maybe\nblack_spec="sd st"\nai_delay_ms=x\n')
    loaded = load_game_settings(QSettings(str(path), QSettings.Format.IniFormat))
    default = GameSettings()
    assert loaded.size == default.size and loaded.swap_rule == default.swap_rule
    assert loaded.black.spec == default.black.spec and loaded.ai_delay_ms == default.ai_delay_ms
    assert loaded.white.spec == default.white.spec and loaded.analysis_spec == default.analysis_spec


def test_a_refused_saved_spec_is_reported_once_and_forgotten(tmp_path):
    """Issue 30: refused settings were remembered, and reported at every start."""
    path = tmp_path / "settings.ini"
    path.write_text('[game]\nblack_spec="sdst:agents=0"\nwhite_spec="uct:playouts=900"\n')
    store = QSettings(str(path), QSettings.Format.IniFormat)
    refused: list[str] = []
    loaded = load_game_settings(store, refused)
    assert len(refused) == 1 and "agents" in refused[0] and "at least 1" in refused[0]
    assert loaded.black.spec == GameSettings().black.spec
    assert loaded.white.spec == "uct:playouts=900"  # what was accepted stays
    store.sync()
    again: list[str] = []
    reloaded = load_game_settings(QSettings(str(path), QSettings.Format.IniFormat), again)
    assert again == [] and reloaded == loaded


def test_dialog_for_the_real_levels_makes_specs_the_registry_accepts(qtbot):
    from hexswarm.engine.players import LEVELS
    from hexswarm.engine.players import parse_spec as registry_parse

    dialog = NewGameDialog(GameSettings(), levels=LEVELS)
    qtbot.addWidget(dialog)
    panel = dialog.black_panel
    panel.ai_button.setChecked(True)
    for name, info in LEVELS.items():
        panel.level_combo.setCurrentIndex(panel.level_combo.findData(name))
        assert registry_parse(panel.side().spec)[0] == name
        # Change every numeric setting to its maximum allowed in the widget: still valid.
        page = panel.level_pages[name]
        assert set(page.editors) == {p.name for p in info.parameters}
        for editor in page.editors.values():
            if editor.kind in ("int", "float"):
                if editor.enabled_check is not None:
                    editor.enabled_check.setChecked(True)
                editor.value_widget.setValue(editor.value_widget.minimum())
        level, settings = registry_parse(panel.side().spec)
        assert level == name and settings is not None


def test_the_random_level_offers_only_what_it_uses(qtbot):
    from hexswarm.gui.dialogs.new_game import NewGameDialog
    from hexswarm.gui.settings import GameSettings

    dialog = NewGameDialog(GameSettings())
    qtbot.addWidget(dialog)
    page = dialog.black_panel.level_pages["random"]
    assert set(page.editors) == {"seed"}  # no Threads, no Time: it plays no playouts


# ------------------------------------------------------- the real level table (issues 14, 16)


def real_dialog(qtbot, settings: GameSettings | None = None) -> NewGameDialog:
    dialog = NewGameDialog(settings or GameSettings(), levels=REAL_LEVELS)
    qtbot.addWidget(dialog)
    return dialog


def type_into(editor, text: str) -> None:
    line = editor.value_widget.lineEdit()
    line.selectAll()
    QTest.keyClicks(line, text)


def test_the_dialog_has_a_widget_for_exactly_each_parameter_of_the_table(qtbot):
    dialog = real_dialog(qtbot)
    for panel in (dialog.black_panel, dialog.white_panel):
        assert list(panel.level_pages) == list(REAL_LEVELS)
        for name, page in panel.level_pages.items():
            assert list(page.editors) == [p.name for p in REAL_LEVELS[name].parameters]
            for parameter in REAL_LEVELS[name].parameters:
                assert page.editors[parameter.name].value() == parameter.default


def test_a_refused_value_is_said_under_its_field_as_typed(qtbot):
    """Issue 16: 0 agents reverted to 50 000 without a word. Issue 30: the word sat below the
    fold, and 10^12 typed was quoted as 10000000 (the field had dropped the keystrokes past
    its maximum). Now the field keeps what was typed until it is left, and the line under
    the field quotes it with the allowed range and the value the field keeps."""
    dialog = real_dialog(qtbot)
    dialog.show()
    page = dialog.white_panel.level_pages["sdst"]
    agents = page.editors["agents"]
    problem = agents.problem_label
    assert problem.isHidden()
    type_into(agents, "0")
    assert not problem.isHidden() and page.message.isHidden()  # a field's, not a rule's
    text = problem.text()
    assert "Agents: sdst" not in text and "agents must be at least 1, not 0" in text
    assert "from 1 to 5000000" in text and "keeps" in text
    form = page.layout()
    field_row = form.getWidgetPosition(agents.widget)[0]
    assert form.getWidgetPosition(problem)[0] == field_row + 1  # right under the field
    agents.value_widget.interpretText()  # leaving the field: the value reverts, the word stays
    assert agents.value_widget.value() == 50_000 and not problem.isHidden()
    type_into(agents, "1000000000000")
    assert agents.value_widget.lineEdit().text() == "1000000000000"  # not cut to 8 digits
    assert "at most 5000000, not 1000000000000" in problem.text()
    assert "the field keeps 50,000." in problem.text()  # not a prefix of what was typed
    type_into(agents, "2000")
    assert problem.isHidden()
    QTest.keyClick(agents.value_widget.lineEdit(), Qt.Key.Key_Return)  # taken on Enter
    assert agents.value_widget.value() == 2000
    assert page.spec() == "sdst:agents=2000"


def test_the_wheel_scrolls_the_settings_unless_a_field_has_focus(qtbot):
    """Issue 30: the wheel changed the value under the pointer while the user scrolled."""
    from tests.gui.input_events import wheel_over

    dialog = NewGameDialog(
        GameSettings(black=SideSettings(ai=True, spec="sdst"), white=SideSettings()),
        levels=REAL_LEVELS,
    )
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    panel = dialog.black_panel
    bar = panel.scroll.verticalScrollBar()
    assert bar.maximum() > 0  # the offscreen screen is small: the settings scroll
    spin = panel.level_pages["sdst"].editors["agents"].value_widget

    before = spin.value()
    wheel_over(spin)
    assert spin.value() == before and bar.value() > 0  # the form scrolled, the field did not
    spin.setFocus()
    qtbot.waitUntil(spin.hasFocus)
    wheel_over(spin)
    assert spin.value() != before  # a field with the focus answers the wheel


def test_a_saved_value_out_of_range_is_reported_with_the_range(qtbot):
    dialog = real_dialog(qtbot, GameSettings(white=SideSettings(ai=True, spec="uct:time=2")))
    assert dialog.white_panel.level_pages["uct"].editors["time_s"].text() == "2"  # an alias
    dialog = real_dialog(qtbot, GameSettings(white=SideSettings(ai=True, spec="mc:seed=-4")))
    assert any("seed must be at least 0, not -4" in w for w in dialog.white_panel.warnings)


def test_settings_of_more_than_a_minute_a_move_are_warned_about(qtbot):
    spec = "mcsds:agents=999999,iterations=999999"
    dialog = real_dialog(qtbot, GameSettings(size=11, white=SideSettings(ai=True, spec=spec)))
    warning = dialog.white_panel.time_warning
    assert not warning.isHidden() and "days a move on 11" in warning.text()
    assert dialog.black_panel.time_warning.isHidden()  # a human plays black
    page = dialog.white_panel.level_pages["mcsds"]
    page.editors["time_s"].enabled_check.setChecked(True)  # a time per move caps it
    assert warning.isHidden()
    page.editors["time_s"].enabled_check.setChecked(False)
    page.editors["iterations"].value_widget.setValue(50)
    assert warning.isHidden()  # 50 000 000 playouts on 11x11: about 20 s
    dialog.size_spin.setValue(19)
    page.editors["iterations"].value_widget.setValue(500)
    assert not warning.isHidden() and "on 19" in warning.text()
    dialog.white_panel.human_button.setChecked(True)
    assert warning.isHidden()


def test_the_dialog_fits_the_screen_and_the_settings_scroll(qtbot):
    """SDST's twenty-odd settings made the dialog taller than a laptop screen, its Start
    button out of reach: the dialog stays within the screen and the settings scroll."""
    dialog = NewGameDialog(
        GameSettings(black=SideSettings(ai=True, spec="sdst"), white=SideSettings()),
        levels=REAL_LEVELS,
    )
    qtbot.addWidget(dialog)
    dialog.show()
    area = dialog.screen().availableGeometry()
    assert dialog.height() <= area.height()
    panel = dialog.black_panel
    assert panel.scroll.widget() is panel.content and panel.content.isAncestorOf(panel.pages)
    page = panel.level_pages["sdst"]
    # The offscreen screen (800x600) is too small for them all: the last one scrolls into view.
    assert page.sizeHint().height() > panel.scroll.viewport().height()
    last = list(page.editors.values())[-1].widget
    panel.scroll.ensureWidgetVisible(last)
    assert panel.scroll.verticalScrollBar().value() > 0


def test_the_dialog_leaves_room_for_a_title_bar_and_the_settings_room_on_a_laptop(qtbot):
    """Rounds 13 and 15: the dialog stood at the top edge of the screen, where a window
    manager's title bar has no room; on a 1366x768 screen the strongest level's twelve lines
    of description stood above its settings, which had 160 pixels. The dialog is shown
    inside the screen with room for a title bar, and the description scrolls with the
    settings."""
    from hexswarm.gui.dialogs.new_game import TITLE_ROOM, inside
    from PySide6.QtCore import QRect

    dialog = NewGameDialog(
        GameSettings(black=SideSettings(ai=True, spec="strong"), white=SideSettings()),
        levels=REAL_LEVELS,
    )
    qtbot.addWidget(dialog)
    dialog.show()
    # The offscreen platform draws a frame (an 18-pixel title): the frame is on the screen.
    area = dialog.screen().availableGeometry()
    frame = dialog.frameGeometry()
    assert frame.top() >= area.top() and frame.left() >= area.left()
    laptop = QRect(0, 0, 1366, 768)
    dialog._fit_screen(laptop)
    dialog.layout().activate()
    assert dialog.height() <= laptop.height() - TITLE_ROOM
    panel = dialog.black_panel
    assert panel.scroll.isAncestorOf(panel.description)
    assert panel.scroll.viewport().height() >= 300, panel.scroll.viewport().height()
    # Where a window goes: a drawn title bar needs no more room; a dialog taller than the
    # screen keeps its top (its buttons scroll with the settings), never above the screen.
    assert inside(QRect(157, 0, 1032, 706), QRect(157, 0, 1032, 706), laptop) == (157, 40)
    assert inside(QRect(157, 0, 1032, 736), QRect(158, 30, 1030, 705), laptop) == (157, 0)
    assert inside(QRect(900, 500, 1032, 700), QRect(900, 500, 1032, 700), laptop) == (334, 68)


def test_a_rule_between_settings_is_shown_under_them_and_keeps_the_dialog_open(qtbot):
    initial = GameSettings(size=7, black=SideSettings(ai=True, spec="mcsds"))
    dialog = NewGameDialog(initial, levels=REAL_LEVELS)
    qtbot.addWidget(dialog)
    page = dialog.black_panel.level_pages["mcsds"]
    page.editors["test_playouts"].widget.setValue(3)  # valid alone; test is still "single"
    assert page.message.isVisibleTo(dialog)
    assert not dialog.black_panel.scroll.isAncestorOf(page.message)  # in sight, not scrolled
    assert "test_playouts > 1 needs test=majority" in page.message.text()
    other = dialog.black_panel.level_pages["sdst"]
    other.editors["test_playouts"].widget.setValue(3)
    assert not other.message.isVisibleTo(dialog)  # another level's page: not on show
    accepted = []
    dialog.accepted.connect(lambda: accepted.append(True))
    dialog.button_box.button(QDialogButtonBox.StandardButton.Ok).click()
    assert accepted == [] and dialog.result() != dialog.DialogCode.Accepted
    page.editors["test"].widget.setCurrentText("majority")
    assert not page.message.isVisibleTo(dialog)
    with qtbot.waitSignal(dialog.accepted):
        dialog.button_box.button(QDialogButtonBox.StandardButton.Ok).click()
    assert dialog.settings().black.spec == "mcsds:test=majority,test_playouts=3"


def test_the_ladder_is_offered_by_name_and_rating_and_the_thesis_levels_on_their_own(qtbot):
    """Issue 32: the level menus list the ladder's rungs (weakest to `strong`), each labelled
    with its measured 9x9 Elo, then a separator and every other level (the thesis's first);
    choosing a rung shows its settings and description and starts that rung."""
    from hexswarm.engine.players.levels import LADDER, LADDER_ELO

    dialog = real_dialog(qtbot)
    for combo in (dialog.black_panel.level_combo, dialog.analysis_combo):
        items = [(combo.itemText(i), combo.itemData(i)) for i in range(combo.count())]
        assert [data for _text, data in items[: len(LADDER)]] == list(LADDER)
        for text, name in items[: len(LADDER)]:
            assert text == REAL_LEVELS[name].label
            if LADDER_ELO[name] is not None:
                assert text.endswith(f"(9x9 Elo {LADDER_ELO[name]})")
        assert items[len(LADDER)] == ("", None)  # the separator
        rest = [data for _text, data in items[len(LADDER) + 1 :]]
        assert rest[:4] == ["random", "mc", "mcsds", "sdst"]
        assert sorted(rest) == sorted(set(REAL_LEVELS) - set(LADDER))
    panel = dialog.black_panel
    panel.ai_button.setChecked(True)
    for name in LADDER:
        panel.level_combo.setCurrentIndex(panel.level_combo.findData(name))
        assert panel.pages.currentWidget() is panel.level_pages[name]
        assert panel.description.text() == REAL_LEVELS[name].description
        assert panel.side().spec.partition(":")[0] == name
    panel.level_combo.setCurrentIndex(panel.level_combo.findData("sdst"))
    assert panel.pages.currentWidget() is panel.level_pages["sdst"]
    assert dialog.settings().black.spec.startswith("sdst")


def test_dialogs_are_wide_enough_for_their_titles_and_the_link_field_for_a_link(qtbot):
    """Issue 30: title bars cut to "AI Settings in ... e", a 150-px link field."""
    from hexswarm.gui.forms import LINK_FIELD_CHARS, fit_title, link_dialog, title_width
    from PySide6.QtGui import QFontMetrics
    from PySide6.QtWidgets import QLineEdit, QMessageBox

    dialog = NewGameDialog(GameSettings(), levels=REAL_LEVELS, players_only=True)
    qtbot.addWidget(dialog)
    assert dialog.minimumWidth() >= title_width("Players and AI Settings")
    box = QMessageBox(QMessageBox.Icon.Question, "AI Settings in the File", "Let them play?")
    qtbot.addWidget(box)
    fit_title(box)
    box.show()
    assert box.width() >= title_width("AI Settings in the File")
    box.close()
    links = link_dialog(None)
    qtbot.addWidget(links)
    links.show()
    field = links.findChild(QLineEdit)
    wanted = QFontMetrics(field.font()).horizontalAdvance("x" * LINK_FIELD_CHARS)
    assert field.width() >= wanted > 150
    links.close()

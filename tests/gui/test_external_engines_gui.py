"""External engines in the application (off screen): the engine manager, the new-game dialog's
engine players, and games against an external engine (the broken engine of
``tests/engine/broken_gtp_engine.py``, a real process) that crashes, answers garbage or resigns,
with the game kept."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import numpy as np
import pytest
from hexswarm.engine.board import BLACK, EMPTY, WHITE
from hexswarm.engine.players.external import EngineConfig, probe_engine
from hexswarm.gui.dialogs.engines import EngineManagerDialog
from hexswarm.gui.dialogs.new_game import NewGameDialog
from hexswarm.gui.game_events import SearchFailed, describe
from hexswarm.gui.main_window import MainWindow
from hexswarm.gui.settings import (
    GameSettings,
    SideSettings,
    load_engines,
    load_game_settings,
    save_engines,
    save_game_settings,
)
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QDialog, QLabel

BROKEN = Path(__file__).resolve().parents[1] / "engine" / "broken_gtp_engine.py"


def engine(name: str, mode: str, *extra: str, timeout: float | None = 10.0) -> EngineConfig:
    command = shlex.join([sys.executable, str(BROKEN), mode, *extra])
    return EngineConfig(name, command, move_timeout_s=timeout)


def fast_probe(config: EngineConfig):
    return probe_engine(config, 7, start_timeout_s=10)


def first_empty(board) -> int:
    return int(np.flatnonzero(board.cells == EMPTY)[0])


# ------------------------------------------------------------------ settings


def test_engines_round_trip_and_bad_entries_are_left_out(settings_store):
    engines = [engine("Good", "good"), EngineConfig("Mo Hex", "mohex 'a b'", "/tmp", None)]
    save_engines(settings_store, engines)
    assert load_engines(settings_store) == engines
    settings_store.beginWriteArray("engines", 3)
    settings_store.setArrayIndex(2)
    settings_store.setValue("name", "Good")  # the same name twice
    settings_store.setValue("command", "other")
    settings_store.endArray()
    refused: list[str] = []
    assert load_engines(settings_store, refused) == engines
    assert refused == ["engine 3 ('Good'): a second engine of that name"]


def test_a_saved_engine_player_needs_its_engine(settings_store):
    save_engines(settings_store, [engine("Good", "good")])
    save_game_settings(settings_store, GameSettings(white=SideSettings(True, "engine:Good")))
    assert load_game_settings(settings_store).white.spec == "engine:Good"
    save_engines(settings_store, [])
    refused: list[str] = []
    assert load_game_settings(settings_store, refused).white.spec != "engine:Good"
    assert "no engine of that name" in refused[0]


# ------------------------------------------------------------------ the manager


def fill_editor(dialog, qtbot, name, config, accept=True):
    """Fill the manager's open editor with ``config`` and press Test and Save."""

    def fill():
        editor = dialog.editor
        assert editor is not None
        editor.name_edit.setText(name)
        editor.command_edit.setText(config.command)
        editor.folder_edit.setText(config.folder)
        editor.ok_button.click()
        if not accept:
            qtbot.waitUntil(lambda: editor.message.isVisibleTo(editor), timeout=20_000)
            fill.message = editor.message.text()
            editor.reject()

    QTimer.singleShot(0, fill)
    return fill


def test_the_manager_says_an_engine_can_give_hints_and_analysis(qtbot):
    """Round 11: its text spoke only of engines as players."""
    dialog = EngineManagerDialog([], prober=fast_probe)
    qtbot.addWidget(dialog)
    labels = " ".join(label.text() for label in dialog.findChildren(QLabel))
    assert "play either side" in labels
    assert "hints and analysis" in labels


def test_the_manager_adds_a_working_engine_and_refuses_a_broken_one(qtbot, tmp_path):
    dialog = EngineManagerDialog([], prober=fast_probe)
    qtbot.addWidget(dialog)
    fill_editor(dialog, qtbot, "Good", engine("x", "good", timeout=None))
    assert dialog.add_engine()
    assert [e.name for e in dialog.engines()] == ["Good"]
    assert dialog.engines()[0].command.endswith("good")
    # An engine that exits at start is refused with its words; the list stays as it was.
    broken = fill_editor(dialog, qtbot, "Broken", engine("x", "no-start"), accept=False)
    assert not dialog.add_engine()
    assert "cannot find my weights file" in broken.message
    assert "exit status 2" in broken.message
    # Round 13: a mistyped option (mohex-gtp.sh --gams) was refused with the last line of the
    # usage that followed the error; the error line is quoted too.
    mistyped = fill_editor(dialog, qtbot, "Mistyped", engine("x", "bad-option"), accept=False)
    assert not dialog.add_engine()
    assert "unknown argument '--gams'" in mistyped.message
    # A name taken is refused before anything starts.
    taken = fill_editor(dialog, qtbot, "Good", engine("x", "good"), accept=False)
    assert not dialog.add_engine()
    assert "already an engine named 'Good'" in taken.message
    # Change it (a working folder), then remove it.
    dialog.list.setCurrentRow(0)
    fill_editor(
        dialog, qtbot, "Good", EngineConfig("x", engine("x", "good").command, str(tmp_path))
    )
    assert dialog.edit_engine()
    assert dialog.engines()[0].folder == str(tmp_path)
    assert dialog.remove_engine()
    assert dialog.engines() == []


def test_the_new_game_dialog_offers_the_engines_for_either_side(qtbot):
    engines = [engine("Good", "good"), engine("Other", "good")]
    settings = GameSettings(black=SideSettings(True, "engine:Other"))
    dialog = NewGameDialog(settings, engines=engines)
    qtbot.addWidget(dialog)
    assert dialog.black_panel.current_level() == "engine:Other"
    assert "external GTP engine" in dialog.black_panel.description.text()
    white = dialog.white_panel
    white.ai_button.setChecked(True)
    white.level_combo.setCurrentIndex(white.level_combo.findData("engine:Good"))
    chosen = dialog.settings()
    assert chosen.black == SideSettings(True, "engine:Other")
    assert chosen.white == SideSettings(True, "engine:Good")
    assert chosen.white.describe() == "Engine Good"
    # An engine removed since: a level is shown and the dialog says why.
    gone = NewGameDialog(GameSettings(white=SideSettings(True, "engine:Gone")), engines=engines)
    qtbot.addWidget(gone)
    assert any("no engine 'Gone'" in w for w in gone.white_panel.warnings)


# ------------------------------------------------------------------ games


@pytest.fixture
def engine_window(qtbot, settings_store, tmp_path):
    """A window whose White is the external engine ``White`` (set by the test), with the
    application's own player factory (so engine:NAME starts real processes)."""
    made = []

    def make(white: EngineConfig, size: int = 5) -> MainWindow:
        save_engines(settings_store, [white])
        save_game_settings(
            settings_store,
            GameSettings(
                size=size, white=SideSettings(True, f"engine:{white.name}"), ai_delay_ms=0
            ),
        )
        window = MainWindow(settings_store, autosave_dir=tmp_path / "autosave", offer_restore=False)
        qtbot.addWidget(window)
        window.resize(900, 700)
        made.append(window)
        messages: list[str] = []
        window.controller.event.connect(
            lambda event: messages.append(describe(event, window.controller.color_name))
        )
        window.failures = []
        window.controller.event.connect(
            lambda event: window.failures.append(event) if isinstance(event, SearchFailed) else 0
        )
        window.messages = messages
        window.controller.new_game()
        return window

    yield make
    for window in made:
        window.close()


def test_a_human_plays_an_external_engine(engine_window, qtbot, tmp_path):
    window = engine_window(engine("White", "good"))
    controller = window.controller
    assert controller.play("c3")
    qtbot.waitUntil(lambda: len(controller.board.moves) == 2, timeout=20_000)
    assert controller.board.moves[1].color is WHITE
    assert controller.board.moves[1].cell == 0  # the good engine's first empty cell: a1
    assert controller.play("c4")
    qtbot.waitUntil(lambda: len(controller.board.moves) == 4, timeout=20_000)
    assert controller.board.moves[3].cell == 1
    record = window.document.current_record()
    assert record.player_white == "Engine White" and record.ai_white == "engine:White"
    assert controller.line[1].player == "engine:White"
    # Saved and opened again: the record names the engine, and opening it is not a problem.
    path = window.document.save_to(tmp_path / "game.sgf") and tmp_path / "game.sgf"
    assert "XW[engine:White]" in path.read_text()
    statuses: list[str] = []
    window.document._show_status = statuses.append
    assert window.document.open_file(path)
    assert statuses and not any("not understood" in m for m in statuses)
    assert len(controller.board.moves) == 4


def test_a_crashing_engine_keeps_the_game_and_plays_after_a_restart(engine_window, qtbot, tmp_path):
    window = engine_window(engine("White", "crash-once", str(tmp_path / "crashed")))
    controller = window.controller
    assert controller.play("c3")
    qtbot.waitUntil(lambda: bool(window.failures), timeout=20_000)
    assert "White stopped (exit status 3)" in window.failures[0].message
    assert "segmentation fault (imitated)" in window.failures[0].message
    assert any("The game is kept and paused" in m for m in window.messages)
    assert len(controller.board.moves) == 1 and controller.paused
    controller.set_paused(False)  # Space: ask again; the engine starts again and plays
    qtbot.waitUntil(lambda: len(controller.board.moves) == 2, timeout=20_000)
    assert controller.board.moves[1].cell == first_empty_before(controller.board)


def first_empty_before(board) -> int:
    """The good engine's answer to the position before the last move."""
    previous = board.copy()
    previous.undo()
    return first_empty(previous)


@pytest.mark.parametrize(
    ("mode", "words"),
    [
        ("garbage", "answered 'genmove w' with 'the weather is fine', which is not a move"),
        ("illegal", "answered 'genmove w' with 'c3', which is illegal here"),
        ("hang", "did not answer 'genmove w' within 1 s"),
    ],
)
def test_a_broken_answer_is_refused_with_the_game_kept(engine_window, qtbot, mode, words):
    window = engine_window(engine("White", mode, timeout=1.0))
    controller = window.controller
    assert controller.play("c3")
    qtbot.waitUntil(lambda: bool(window.failures), timeout=20_000)
    assert words in window.failures[0].message
    assert [m.cell for m in controller.board.moves] == [controller.board.cell_index("c3")]
    assert controller.board.stone_at("c3") is BLACK and controller.paused


def test_an_engine_that_resigns_loses(engine_window, qtbot):
    window = engine_window(engine("White", "resign"))
    controller = window.controller
    assert controller.play("c3")
    qtbot.waitUntil(lambda: controller.is_over, timeout=20_000)
    assert controller.winner is BLACK and controller.resigned is WHITE


def test_the_engine_manager_from_the_menu_saves_the_engines(qtbot, settings_store, tmp_path):
    window = MainWindow(settings_store, autosave_dir=tmp_path / "autosave", offer_restore=False)
    qtbot.addWidget(window)

    def add_and_close():
        dialog = window.engine_manager
        dialog._prober = fast_probe
        fill_editor(dialog, qtbot, "Good", engine("x", "good"))
        dialog.add_engine()
        dialog.done(QDialog.DialogCode.Accepted)

    QTimer.singleShot(0, add_and_close)
    assert window.engines_dialog()
    assert [e.name for e in load_engines(settings_store)] == ["Good"]
    assert window.statusBar().currentMessage() == "1 external engine saved"  # not "engine(s)"
    window.close()


def test_an_engine_gives_hints_and_the_game_goes_on(engine_window, qtbot):
    window = engine_window(engine("White", "good"))
    controller = window.controller
    window.controller.set_settings(
        GameSettings(white=SideSettings(True, "engine:White"), analysis_spec="engine:White")
    )
    assert controller.play("a1")
    qtbot.waitUntil(lambda: len(controller.board.moves) == 2, timeout=20_000)  # White: b1
    hints = []
    controller.hint_ready.connect(hints.append)
    assert controller.hint()
    qtbot.waitUntil(lambda: bool(hints), timeout=20_000)
    assert hints[0].move == controller.board.cell_index("c1")  # for Black, not played
    assert len(controller.board.moves) == 2
    assert controller.play("e5")  # the engine had the hint's stone: it is given the game anew
    qtbot.waitUntil(lambda: len(controller.board.moves) == 4, timeout=20_000)
    assert controller.board.moves[3].cell == controller.board.cell_index("c1")


# ------------------------------------------------------------------ analysts and clocks


def humans_with_analyst(window, analyst: str, **settings) -> None:
    window.controller.new_game(
        GameSettings(
            size=5,
            black=SideSettings(False, "random"),
            white=SideSettings(False, "random"),
            analysis_spec=f"engine:{analyst}",
            **settings,
        )
    )


def test_an_external_engine_analyses_in_analysis_mode(engine_window, qtbot):
    window = engine_window(engine("Analyst", "analyze"))
    controller = window.controller
    humans_with_analyst(window, "Analyst")
    assert controller.play("a1")
    seen = []
    controller.snapshot_ready.connect(seen.append)
    controller.set_analysis(True)
    b1, c1 = controller.board.cell_index("b1"), controller.board.cell_index("c1")
    qtbot.waitUntil(lambda: any(s.root_moves == (b1, c1) for s in seen), timeout=20_000)
    latest = seen[-1]
    assert latest.estimate == pytest.approx(0.6) and latest.to_move == "white"
    if window.dashboard is not None and window.dashboard.overlay.settings.enabled:
        qtbot.waitUntil(lambda: bool(window.board_widget.candidates), timeout=5_000)
        assert {m.cell for m in window.board_widget.candidates} == {b1, c1}
    # Another position: the engine's stream is stopped and it analyses the new one, with the
    # game as the user made it (no move of the engine's was played).
    assert controller.play("e5")
    qtbot.waitUntil(
        lambda: any(s.root_moves[:1] == (b1,) and s.to_move == "black" for s in seen),
        timeout=20_000,
    )
    assert [m.cell for m in controller.board.moves] == [0, controller.board.cell_index("e5")]
    controller.set_analysis(False)
    assert not window.failures


def test_an_analyst_that_crashes_keeps_the_game(engine_window, qtbot):
    window = engine_window(engine("Analyst", "analyze-crash"))
    controller = window.controller
    humans_with_analyst(window, "Analyst")
    assert controller.play("c3")
    controller.set_analysis(True)
    qtbot.waitUntil(lambda: bool(window.failures), timeout=20_000)
    assert "Analyst stopped (exit status 4) while answering 'kata-analyze" in (
        window.failures[0].message
    )
    assert [m.cell for m in controller.board.moves] == [controller.board.cell_index("c3")]


def test_an_external_engine_on_the_clock_is_told_its_time(engine_window, qtbot, tmp_path):
    log = tmp_path / "clock.txt"
    window = engine_window(engine("White", "clock", str(log)))
    controller = window.controller
    controller.new_game(
        GameSettings(
            size=5, white=SideSettings(True, "engine:White"), ai_delay_ms=0, time_control="60+2"
        )
    )
    assert controller.play("c3")
    qtbot.waitUntil(lambda: len(controller.board.moves) == 2, timeout=20_000)
    assert controller.play("c4")
    qtbot.waitUntil(lambda: len(controller.board.moves) == 4, timeout=20_000)
    told = log.read_text().splitlines()
    assert told[0] == "kgs-time_settings fischer 60 2"
    assert [line.split()[:2] for line in told[1:]] == [["time_left", "w"]] * 2
    assert all(55 <= int(line.split()[2]) <= 62 for line in told[1:])  # +2 s a move
    assert controller.clock is not None and controller.clock.moves[WHITE] == 2


FAKE_MOHEX = Path(__file__).resolve().parents[1] / "engine" / "fake_mohex_engine.py"


def _three_moves_against_mohex(engine_window, qtbot, *options: str):
    """A window whose White is the MoHex stand-in (with ``options``); Black plays c3, c4, c2
    and MoHex answers each. Returns the window and the game's line of nodes."""
    command = shlex.join([sys.executable, str(FAKE_MOHEX), *options])
    window = engine_window(EngineConfig("MoHex", command, move_timeout_s=10.0))
    controller = window.controller
    for count, move in ((2, "c3"), (4, "c4"), (6, "c2")):
        assert controller.play(move)
        qtbot.waitUntil(lambda count=count: len(controller.board.moves) == count, timeout=20_000)
    return window, controller.game.cursor.path_from_root()


def test_mohex_as_a_player_puts_its_values_on_the_game_graph(engine_window, qtbot):
    """The MoHex stand-in (tests/engine/fake_mohex_engine.py) values its move a1 .640 for
    White after a search; with three stones on the board it moves without searching, and
    its tree's subtree below a1 values that position (round 12: kept, judged by its visits)."""
    window, line = _three_moves_against_mohex(engine_window, qtbot)
    searched = [n for n, node in enumerate(line) if node.ai is not None]
    assert searched == [1, 3, 5]  # the positions it moved from, 3 by its subtree
    analysis = line[1].ai
    assert (analysis.ai, analysis.best_move, analysis.to_move) == ("engine:MoHex", "a1", WHITE)
    assert analysis.win_rate == pytest.approx(0.64) and analysis.playouts == 1000
    graph = window.dashboard.game_graph
    numbers, values = graph.estimates.points()
    # Its searches' points (for Black), and the moves it played from them (indirect).
    assert numbers == [1, 2, 3, 4, 5, 6] and values == pytest.approx([0.36] * 6)
    header = graph.header_html(graph.engine_colors())
    assert "MoHex" in header and "no evaluation" not in header


def test_a_position_mohex_proves_is_drawn_as_proven(engine_window, qtbot):
    """Round 12 left it: a position MoHex's virtual connections decide (it moves without a
    search) carried an older search's values, and the graph did not tell proven from searched.
    The stand-in with ``--proves``: three stones, White (to move) has a semi connection, a
    proven win; five stones, Black's full connection, a proven loss for White. Those
    positions' analyses are exact (Black 0 and 1) and the graph draws them as stars, its
    header saying "(proven)"; the searched position stays a dot."""
    window, line = _three_moves_against_mohex(engine_window, qtbot, "--proves")
    assert not line[1].ai.exact and line[1].ai.win_rate == pytest.approx(0.64)
    won, lost = line[3].ai, line[5].ai
    assert won.exact and won.to_move is WHITE and won.win_rate == 1.0
    assert lost.exact and lost.win_rate == 0.0
    graph = window.dashboard.game_graph
    graph._render()
    numbers, values = graph.estimates.points()
    assert [graph.estimates.is_exact(n) for n in numbers] == [
        False, False, True, False, True, False
    ]  # fmt: skip
    assert values[2] == 0.0 and values[4] == 1.0  # Black's, after moves 3 and 5
    symbols = list(graph.points.data["symbol"])
    assert symbols == ["o", "o", "star", "o", "star", "o"]
    # Seen in the 9x9 game against MoHex: the star at a swing was under its triangle, and a
    # mark at 0 % or 100 % half cut off by the axis.
    assert graph.points.zValue() > max(graph.swing_marks.zValue(), graph.grade_marks.zValue())
    low, high = graph.plot.getViewBox().viewRange()[1]
    assert low < -0.05 and high > 1.05
    window.controller.go_to(3)
    graph.set_current_move(3)
    assert "Black 0% (proven)" in graph.header_html(graph.engine_colors())
    headers, rows = graph.table()
    assert headers[-1] == "proven" and [row[-1] for row in rows] == [0, 0, 1, 0, 1, 0]

"""The Lab window: figures load their parameters, a run goes one iteration per step or runs on,
the slider scrubs back, exports work, Hex positions and edited leaves run, nothing leaks."""

from __future__ import annotations

import csv

import pytest
from hexswarm.engine.board import Board, HexError
from hexswarm.gui.lab.window import LabWindow
from hexswarm.gui.main_window import MainWindow
from PySide6.QtCore import QObject
from PySide6.QtGui import QImage

from tests.gui.input_events import wheel_over


@pytest.fixture
def lab(qtbot):
    window = LabWindow(position=lambda: _position())
    qtbot.addWidget(window)
    window.show()
    yield window
    window.close()


def _position() -> Board:
    board = Board(4)
    board.play("b2")
    return board


def _root_shares(frame) -> list[float]:
    counts = frame.agents[0].astype(float)
    return list(counts / counts.sum())


def test_a_figure_loads_its_problem_and_parameters(lab):
    lab.load_figure("paper-6")
    assert lab.problem_box.currentText() == "paper tree"
    assert lab.algorithm_box.currentText() == "SDST, whole tree"
    assert (lab.agents_box.value(), lab.iterations_box.value()) == (100, 12)
    assert lab.scatter_box.value() == 1.0
    assert lab.backscatter_box.currentText() == "parent"
    lab.backscatter_box.setCurrentText("root")
    assert lab.build_experiment().config.backscatter_to_root
    assert "metapopulation stabilises" in lab.source_label.text()
    lab.load_figure("thesis-4.7")
    assert lab.problem_box.currentText() == "thesis tree"
    assert lab.values_edit.text() == "0.3333, 0.3333, 0, 1"
    assert lab.build_experiment().name == "thesis-4.7"


def test_the_swarm_options_come_from_the_level_table(lab):
    assert {"internal_diffusion", "uncontacted", "copy_activates", "halt"} <= set(
        lab.option_widgets
    )
    lab.load_figure("paper-6-copy-only")
    assert lab.option_widgets["internal_diffusion"].currentText() == "paper"
    assert lab.build_experiment().config.internal_diffusion == "paper"
    lab.load_figure("paper-6")
    assert lab.option_widgets["internal_diffusion"].currentText() == "thesis"
    lab.option_widgets["copy_activates"].setChecked(True)
    lab.option_widgets["halt"].setCurrentText("strong")
    config = lab.build_experiment().config
    assert config.copy_activates and config.halt == "strong"


def test_steps_go_one_iteration_at_a_time(lab, qtbot):
    lab.load_figure("thesis-4.6")
    lab.step()  # starts the run: the initial populations
    qtbot.waitUntil(lambda: len(lab.frames) == 1)
    for expected in (2, 3):
        lab.step()
        qtbot.waitUntil(lambda n=expected: len(lab.frames) == n)
    qtbot.wait(100)
    assert len(lab.frames) == 3  # no iteration runs without a step
    assert lab.iteration_label.text() == "2 / 2"
    assert lab.population_panel.snapshot.iteration == 2
    assert lab.tree_panel.snapshot.tree is not None


def test_a_continuous_run_reaches_the_papers_state_and_scrubs_back(lab, qtbot, tmp_path):
    lab.load_figure("paper-6")
    lab.delay_box.setValue(0)
    lab.run_continuously()
    qtbot.waitUntil(lambda: lab.finished_run, timeout=20_000)
    assert len(lab.frames) == 13
    final = _root_shares(lab.frames[-1])
    assert final[0] > 0.5  # seed 0: the root settles on the minimax move (left)
    lab.slider.setValue(3)
    assert lab.iteration_label.text() == "3 / 12"
    assert lab.tree_panel.snapshot.iteration == 3
    assert lab.cursor.value() == 3
    labels = [lab.tree_panel.labels[i].toPlainText() for i in range(1, 3)]
    assert set(labels) <= {"left", "right"}
    png = lab.export_png(tmp_path / "paper-6.png")
    assert QImage(str(png)).width() >= 600
    with lab.export_csv(tmp_path / "paper-6.csv").open() as handle:
        rows = list(csv.DictReader(handle))
    assert {int(r["iteration"]) for r in rows} == set(range(13))
    assert {r["population"] for r in rows} >= {"root", "left", "right left"}


def test_edited_leaves_and_bad_values(lab, qtbot):
    lab.problem_box.setCurrentText("paper tree")
    lab.values_edit.setText("0.9, 0.1, 0.2, 0.8")
    lab.algorithm_box.setCurrentText("SDST, fixed populations")
    lab.depth_box.setValue(2)
    lab.agents_box.setValue(300)
    lab.iterations_box.setValue(5)
    exp = lab.build_experiment()
    assert exp.name == "custom" and exp.problem.leaves == (0.9, 0.1, 0.2, 0.8)
    lab.delay_box.setValue(0)
    lab.run_continuously()
    qtbot.waitUntil(lambda: lab.finished_run, timeout=10_000)
    assert len(lab.frames) == 6
    lab.values_edit.setText("0.5, 2")
    with pytest.raises(HexError, match="between 0 and 1"):
        lab.build_experiment()
    lab.problem_box.setCurrentText("thesis tree")
    lab.algorithm_box.setCurrentText("SDST, whole tree")
    with pytest.raises(HexError, match="probability leaves"):
        lab.build_experiment()
    lab.values_edit.setText("0.5, x")
    with pytest.raises(HexError, match="not a list of numbers"):
        lab.build_experiment()


def test_the_current_hex_position(lab, qtbot):
    lab.problem_box.setCurrentText("Hex position")
    lab.algorithm_box.setCurrentText("SDS at the root (MCSDS)")
    lab.agents_box.setValue(300)
    lab.iterations_box.setValue(4)
    lab.delay_box.setValue(0)
    lab.run_continuously()
    qtbot.waitUntil(lambda: lab.finished_run, timeout=10_000)
    assert lab.frames[-1].agents[0].sum() == 300
    assert lab.experiment.problem.width == 15  # 4x4 with one stone
    assert lab.population_panel.series is not None


def test_reset_while_paused_and_closing_stop_the_worker(lab, qtbot):
    lab.load_figure("thesis-4.2")
    lab.step()
    qtbot.waitUntil(lambda: len(lab.frames) == 1)
    lab.reset()
    assert lab.frames == [] and lab.gate is None
    lab.step()
    qtbot.waitUntil(lambda: len(lab.frames) == 1)
    lab.close()
    assert lab.thread.isFinished()


def test_the_main_window_opens_the_lab(qtbot, settings_store, player_factory):
    main = MainWindow(settings_store, player_factory=player_factory, autosave=False)
    qtbot.addWidget(main)
    main.act_lab.trigger()
    assert main.lab_window.isVisible()
    assert main.lab_window.build_problem().kind == "bandit"
    main.close()
    assert main.lab_window.thread.isFinished()


def test_run_step_and_pause_stay_in_sight_and_the_wheel_scrolls_the_settings(qtbot):
    """Issue 30: the controls were under the scrolling settings, below the fold, and the
    wheel changed the spin box under the pointer (halt_band 0.020 -> 0.000)."""
    window = LabWindow(position=_position)
    qtbot.addWidget(window)
    window.resize(1024, 600)
    window.show()
    qtbot.waitExposed(window)
    scroll = window.settings_scroll
    for button in (window.run_button, window.step_button, window.pause_button):
        assert not scroll.isAncestorOf(button)  # not inside what scrolls
        top_left = button.mapTo(window, button.rect().topLeft())
        assert window.rect().contains(top_left) and button.isVisible()
    halt_band = window.option_editors["halt_band"]
    before = halt_band.value()
    guard = window.findChild(QObject, "wheel_guard")
    assert guard is not None
    wheel_over(halt_band.value_widget)
    assert halt_band.value() == before
    window.close()


def test_the_lab_opens_beside_the_window_it_was_opened_from():
    """Issue 30: the lab opened at (0, 0), over the main window. :func:`beside` puts it to the
    right of the main window when it fits, else to the left, else over its right part, always
    on the screen."""
    from hexswarm.gui.forms import beside
    from PySide6.QtCore import QRect

    screen = QRect(0, 0, 1600, 1000)
    assert beside((600, 500), QRect(0, 0, 900, 700), screen) == (908, 0)
    assert beside((600, 500), QRect(900, 100, 700, 700), screen) == (292, 100)
    x, y = beside((1280, 820), QRect(0, 0, 1024, 640), QRect(0, 0, 1366, 768))
    assert (x, y) == (1366 - 1280, 0)  # no room either side: on screen, over the right part
    x, y = beside((400, 300), QRect(100, 900, 300, 90), screen)
    assert x >= 0 and y + 300 <= 1000  # kept above the screen's bottom

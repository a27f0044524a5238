"""The Lab window: run the sources' experiments one iteration at a time and watch the agents.

Pick a problem (the bandit with editable arms, the thesis tree, the paper tree with editable
leaves, the current Hex position), an algorithm and its options; run step by step or
continuously; the figure's chart, the dashboard's population chart and tree view follow every
iteration; the slider scrubs back; PNG/CSV export. One click on a figure loads its problem and
parameters (``engine.tools.lab.EXPERIMENTS``).

The search runs on a worker QThread through ``engine.tools.lab.trace_search`` (the players' own
``SwarmSearch``); between iterations the worker waits at a :class:`StepGate` until the window
allows the next step. GUI thread only, except :class:`StepGate` and :class:`LabWorker`.
"""

from __future__ import annotations

import threading
import traceback
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pyqtgraph as pg
from hexswarm.engine.board import Board, HexError
from hexswarm.engine.players.levels import LEVELS
from hexswarm.engine.search.environment import PAPER_FIGURE_4_LEAVES, THESIS_FIGURE_4_3_LEAVES
from hexswarm.engine.search.swarm import RECRUITMENT, RELATE, SwarmConfig
from hexswarm.engine.tools.lab import (
    EXPERIMENTS,
    THESIS_BANDIT_ARMS,
    Experiment,
    Frame,
    LabRun,
    Problem,
    Series,
    Trace,
    bandit_problem,
    check_runnable,
    hex_problem,
    paper_tree_problem,
    thesis_tree_problem,
    trace_search,
)
from hexswarm.gui.dialogs.new_game import ParameterEditor
from hexswarm.gui.forms import guard_wheel, place_beside
from PySide6.QtCore import QObject, Qt, QThread, Signal, Slot
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSlider,
    QSpinBox,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from ..dashboard.panel import PALETTE, pen
from ..dashboard.population import PopulationPanel
from ..dashboard.tree_view import TreePanel
from ..engine_worker import start_engine_thread
from .charts import chart_widget, export_png, show_run

PROBLEMS = ("bandit", "thesis tree", "paper tree", "Hex position")
ALGORITHMS = {  # label -> SwarmConfig.policy
    "SDS at the root (MCSDS)": "root",
    "SDST, fixed populations": "fixed",
    "SDST, reallocation within layers": "layers",
    "SDST, whole tree": "tree",
}
# SwarmConfig fields the form sets itself (the rest get widgets from the level table).
COVERED_OPTIONS = {
    "policy",
    "agents",
    "depth",
    "p_scatter",
    "backscatter_to_root",
    "recruitment",
    "relate",
    "seed",
    "threads",
    "confidence",
}
MAX_RECORDED_DEPTH = 3  # populations recorded per iteration: a toy tree's nodes to this depth


class StepGate:
    """Lets a search run one iteration at a time, or freely with a delay. Thread-safe."""

    def __init__(self) -> None:
        self._condition = threading.Condition()
        self._permits = 0
        self._free = False
        self._delay_s = 0.0
        self._stopped = False

    def step(self) -> None:
        with self._condition:
            self._permits += 1
            self._condition.notify_all()

    def run_freely(self, free: bool, delay_s: float = 0.0) -> None:
        with self._condition:
            self._free, self._delay_s = free, delay_s
            self._condition.notify_all()

    def stop(self) -> None:
        with self._condition:
            self._stopped = True
            self._condition.notify_all()

    def wait(self) -> bool:
        """Block until the next iteration may run; False once stopped (worker thread)."""
        with self._condition:
            while True:
                if self._stopped:
                    return False
                if self._permits > 0:
                    self._permits -= 1
                    return True
                if self._free:
                    if self._delay_s > 0:
                        self._condition.wait(self._delay_s)
                    return not self._stopped
                self._condition.wait()


class LabWorker(QObject):
    """Runs one experiment's search (one seed) on its thread; reports every frame."""

    frame = Signal(int, object)  # run number, Frame
    finished = Signal(int, object)  # run number, Trace
    failed = Signal(int, str)
    _start = Signal(int, object, object)

    def __init__(self) -> None:
        super().__init__()
        self._start.connect(self._run)

    def start(self, run: int, exp: Experiment, gate: StepGate) -> None:
        """Queue run number ``run`` (any thread); its reports carry that number."""
        self._start.emit(run, exp, gate)

    @Slot(int, object, object)
    def _run(self, run: int, exp: Experiment, gate: StepGate) -> None:
        def on_frame(frame: Frame) -> bool:
            self.frame.emit(run, frame)
            return not gate.wait()

        try:
            trace = trace_search(
                exp.problem,
                exp.config,
                exp.recorded_paths,
                exp.iterations,
                snapshots=True,
                on_frame=on_frame,
            )
        except Exception as error:  # the window must survive a bad setting and say why
            self.failed.emit(run, "".join(traceback.format_exception_only(type(error), error)))
            return
        self.finished.emit(run, trace)


class NamedPopulationPanel(PopulationPanel):
    """The dashboard's population chart with the problem's move names in the legend."""

    def __init__(self, parent=None):
        super().__init__(parent, board_size=26, top_k=5)
        self.namer: Callable[[int], str] | None = None

    def _legend_html(self, series, snapshot=None) -> str:
        if self.namer is not None:
            series = replace(series, labels=tuple(self.namer(m) for m in series.moves))
        return super()._legend_html(series, snapshot)


class NamedTreePanel(TreePanel):
    """The dashboard's tree view with the problem's move names on the nodes."""

    def __init__(self, parent=None):
        super().__init__(parent, board_size=26)
        self.namer: Callable[[tuple[int, ...]], str] | None = None

    def _render(self) -> None:
        super()._render()
        if self.namer is None:
            return
        for index, label in enumerate(self.labels):
            if index < len(self.layout_nodes) and not self.layout_nodes[index].is_other:
                path = self.layout_nodes[index].path
                if path:
                    label.setText(self.namer(path))

    def describe(self, index: int) -> str:
        text = super().describe(index)
        node = self.layout_nodes[index]
        if self.namer is None or node.is_other:
            return text
        return f"{self.namer(node.path) if node.path else 'root'}\n{text.split(chr(10), 1)[1]}"


def _same_problem(a: Problem, b: Problem) -> bool:
    """Equal up to the rounding of the values shown in the window."""
    values_a, values_b = (a.arms or a.leaves), (b.arms or b.leaves)
    return (
        (a.kind, a.title, a.branching) == (b.kind, b.title, b.branching)
        and len(values_a) == len(values_b)
        and all(abs(x - y) < 5e-4 for x, y in zip(values_a, values_b, strict=True))
    )


def _floats(text: str) -> tuple[float, ...]:
    try:
        return tuple(float(part) for part in text.replace(";", ",").split(",") if part.strip())
    except ValueError as error:
        raise HexError(f"not a list of numbers: {text!r}") from error


class LabWindow(QMainWindow):
    """The swarm lab. ``position`` returns the game's current position (for the Hex problem).

    ``frames`` holds every recorded iteration of the current run; ``shown`` the one on screen.
    """

    def __init__(
        self, position: Callable[[], Board] | None = None, parent=None, *, anchor=None
    ) -> None:
        super().__init__(parent)
        self.anchor = anchor  # the window to open beside (default: the active window)
        self._placed = False
        self.setWindowTitle("HexSwarm - Swarm lab")
        self.position = position
        self.frames: list[Frame] = []
        self.shown = -1
        self.experiment: Experiment | None = None
        self.figure: Experiment | None = None  # the loaded figure, while its problem is kept
        self.gate: StepGate | None = None
        self.run_number = 0  # reports of older runs (before a reset) are dropped
        self.running = False
        self.finished_run = False
        self.worker = LabWorker()
        self.thread: QThread = start_engine_thread(self.worker, "hexswarm-lab")
        self.worker.frame.connect(self._frame_arrived)
        self.worker.finished.connect(self._run_finished)
        self.worker.failed.connect(self._run_failed)
        self._build()
        self.load_figure(EXPERIMENTS[0].name)

    # ------------------------------------------------------------------ layout
    def _build(self) -> None:
        side = QWidget(self)
        form_box = QVBoxLayout(side)
        form_box.addWidget(QLabel("<b>Figures</b> (click to load)"))
        self.figure_list = QListWidget(side)
        for exp in EXPERIMENTS:
            self.figure_list.addItem(exp.name)
            self.figure_list.item(self.figure_list.count() - 1).setToolTip(exp.summary)
        self.figure_list.itemClicked.connect(lambda item: self.load_figure(item.text()))
        form_box.addWidget(self.figure_list)
        form = QFormLayout()
        self.problem_box = QComboBox(side)
        self.problem_box.addItems(PROBLEMS)
        self.problem_box.currentTextChanged.connect(self._problem_changed)
        form.addRow("problem", self.problem_box)
        self.values_edit = QLineEdit(side)
        self.values_edit.setToolTip(
            "Bandit: each arm's chance to pay. Trees: each leaf's chance that Max wins, "
            "depth first (2, 4, 8, 16 ... values for a binary tree)."
        )
        self.values_edit.editingFinished.connect(self._values_edited)
        form.addRow("arms / leaves", self.values_edit)
        self.algorithm_box = QComboBox(side)
        self.algorithm_box.addItems(list(ALGORITHMS))
        form.addRow("algorithm", self.algorithm_box)
        self.depth_box = self._spin(
            form, "depth", 1, 8, 2, "fixed/layers: populations to this depth"
        )
        self.recruitment_box = QComboBox(side)
        self.recruitment_box.addItems(list(RECRUITMENT))
        form.addRow("recruitment", self.recruitment_box)
        self.relate_box = QComboBox(side)
        self.relate_box.addItems(list(RELATE))
        form.addRow("relate", self.relate_box)
        self.scatter_box = QDoubleSpinBox(side)
        self.scatter_box.setRange(0.0, 1.0)
        self.scatter_box.setSingleStep(0.05)
        self.scatter_box.setToolTip(
            "Whole tree: chance that a selected inactive agent is scattered"
        )
        form.addRow("p_scatter", self.scatter_box)
        self.backscatter_box = QComboBox(side)
        self.backscatter_box.addItems(["parent", "root"])
        self.backscatter_box.setToolTip("Whole tree: where uncontacted agents go back to")
        form.addRow("backscatter", self.backscatter_box)
        self.option_widgets = self._option_widgets(form)
        self.agents_box = self._spin(form, "agents", 1, 1_000_000, 200, "agents in all")
        self.iterations_box = self._spin(form, "iterations", 1, 100_000, 50, "")
        self.seed_box = self._spin(form, "seed", 0, 1_000_000, 0, "")
        self.delay_box = self._spin(form, "delay (ms)", 0, 5000, 120, "pause between iterations")
        form_box.addLayout(form)
        # The controls sit under the scrolling settings, always in sight (issue 30: they were
        # at the bottom of the settings, below the fold).
        controls = QWidget(self)
        controls_box = QVBoxLayout(controls)
        controls_box.setContentsMargins(4, 4, 4, 4)
        buttons = QHBoxLayout()
        self.run_button = QPushButton("Run", side)
        self.run_button.clicked.connect(self.run_continuously)
        self.step_button = QPushButton("Step", side)
        self.step_button.clicked.connect(self.step)
        self.pause_button = QPushButton("Pause", side)
        self.pause_button.clicked.connect(self.pause)
        self.reset_button = QPushButton("Reset", side)
        self.reset_button.clicked.connect(self.reset)
        for button in (self.run_button, self.step_button, self.pause_button, self.reset_button):
            button.setParent(controls)
            buttons.addWidget(button)
        controls_box.addLayout(buttons)
        exports = QHBoxLayout()
        png = QPushButton("Export PNG...", side)
        png.clicked.connect(self.ask_export_png)
        csv = QPushButton("Export CSV...", side)
        csv.clicked.connect(self.ask_export_csv)
        exports.addWidget(png)
        exports.addWidget(csv)
        controls_box.addLayout(exports)
        self.source_label = QLabel(side)
        self.source_label.setWordWrap(True)
        self.source_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        form_box.addWidget(self.source_label, 1)

        self.chart = chart_widget()
        self.chart.setMinimumHeight(260)
        self.cursor = pg.InfiniteLine(0, angle=90, pen=pen("#555555", 1, Qt.PenStyle.DashLine))
        self.population_panel = NamedPopulationPanel()
        self.tree_panel = NamedTreePanel()
        panels = QSplitter(Qt.Orientation.Horizontal)
        panels.addWidget(self.population_panel)
        panels.addWidget(self.tree_panel)
        right = QSplitter(Qt.Orientation.Vertical)
        right.addWidget(self.chart)
        right.addWidget(panels)
        slider_row = QWidget()
        slider_box = QHBoxLayout(slider_row)
        slider_box.setContentsMargins(4, 0, 4, 0)
        self.slider = QSlider(Qt.Orientation.Horizontal, slider_row)
        self.slider.setRange(0, 0)
        self.slider.valueChanged.connect(self.show_iteration)
        self.iteration_label = QLabel("iteration -", slider_row)
        slider_box.addWidget(QLabel("iteration"))
        slider_box.addWidget(self.slider, 1)
        slider_box.addWidget(self.iteration_label)
        right_box = QWidget()
        right_layout = QVBoxLayout(right_box)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addWidget(right, 1)
        right_layout.addWidget(slider_row)
        scroll = QScrollArea(self)
        scroll.setWidget(side)
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setMinimumWidth(side.sizeHint().width() + 20)
        self.settings_scroll = scroll
        left = QWidget(self)
        left_box = QVBoxLayout(left)
        left_box.setContentsMargins(0, 0, 0, 0)
        left_box.addWidget(scroll, 1)
        left_box.addWidget(controls)
        guard_wheel(side)  # the wheel scrolls the settings, not the field under the pointer
        main = QSplitter(Qt.Orientation.Horizontal)
        main.addWidget(left)
        main.addWidget(right_box)
        main.setStretchFactor(1, 1)
        self.setCentralWidget(main)
        self.resize(1280, 820)
        self._update_buttons()

    def _option_widgets(self, form: QFormLayout) -> dict[str, QWidget]:
        """A widget for every swarm option of the ``sdst`` level the form does not have
        already: the new-game dialog's editors, generated from ``engine.players.LEVELS``."""
        self.option_editors: dict[str, ParameterEditor] = {}
        fields = set(SwarmConfig.__dataclass_fields__) - COVERED_OPTIONS
        for parameter in LEVELS["sdst"].parameters:
            if parameter.name not in fields or parameter.optional:
                continue
            editor = ParameterEditor(parameter)
            editor.add_to(form, parameter.name)
            self.option_editors[parameter.name] = editor
        return {name: editor.value_widget for name, editor in self.option_editors.items()}

    def _set_option(self, name: str, value) -> None:
        editor = self.option_editors[name]
        editor.set_text(editor.parameter.format(value))

    def _option(self, name: str):
        return self.option_editors[name].value()

    def _spin(self, form: QFormLayout, label: str, low: int, high: int, value: int, tip: str):
        box = QSpinBox(self)
        box.setRange(low, high)
        box.setValue(value)
        box.setToolTip(tip)
        form.addRow(label, box)
        return box

    # ------------------------------------------------------------------ settings
    def load_figure(self, name: str) -> None:
        """Set the problem, algorithm and parameters of figure ``name`` and reset."""
        exp = next(e for e in EXPERIMENTS if e.name == name)
        self.figure = exp
        problem = exp.problem
        kind = {"bandit": "bandit", "hex": "Hex position"}.get(problem.kind)
        if kind is None:
            kind = "thesis tree" if problem.title.startswith("thesis") else "paper tree"
        self.problem_box.blockSignals(True)
        self.problem_box.setCurrentText(kind)
        self.problem_box.blockSignals(False)
        self._set_values(problem)
        config = exp.config
        label = next(k for k, v in ALGORITHMS.items() if v == config.policy)
        self.algorithm_box.setCurrentText(label)
        self.depth_box.setValue(config.depth)
        self.recruitment_box.setCurrentText(config.recruitment)
        self.relate_box.setCurrentText(config.relate)
        self.scatter_box.setValue(config.p_scatter)
        self.backscatter_box.setCurrentText("root" if config.backscatter_to_root else "parent")
        self.agents_box.setValue(config.agents)
        self.iterations_box.setValue(exp.iterations)
        self.seed_box.setValue(0)
        for name in self.option_widgets:
            self._set_option(name, getattr(config, name))
        self.source_label.setText(
            f"<b>{exp.name}</b>: {exp.summary}<br><br><i>The text:</i> {exp.source}"
            f"<br><br><i>Chosen:</i> {exp.chosen}"
        )
        matches = self.figure_list.findItems(name, Qt.MatchFlag.MatchExactly)
        if matches:
            self.figure_list.setCurrentItem(matches[0])
        self.reset()

    def _set_values(self, problem: Problem) -> None:
        values = problem.arms if problem.kind == "bandit" else problem.leaves
        self.values_edit.setText(", ".join(f"{v:.4g}" for v in values))
        self.values_edit.setEnabled(problem.kind != "hex")

    def _problem_changed(self, kind: str) -> None:
        self.figure = None
        self.source_label.setText("")
        defaults = {
            "bandit": bandit_problem(THESIS_BANDIT_ARMS),
            "thesis tree": thesis_tree_problem(THESIS_FIGURE_4_3_LEAVES),
            "paper tree": paper_tree_problem(PAPER_FIGURE_4_LEAVES),
        }
        if kind in defaults:
            self._set_values(defaults[kind])
        else:
            self.values_edit.setText("")
            self.values_edit.setEnabled(False)
            self.agents_box.setValue(2000)
            self.iterations_box.setValue(30)
        self.reset()

    def _values_edited(self) -> None:
        self.figure = None
        self.reset()

    def build_problem(self) -> Problem:
        kind = self.problem_box.currentText()
        if kind == "Hex position":
            if self.position is None:
                raise HexError("no game position to study: open the lab from the main window")
            return hex_problem(self.position())
        values = _floats(self.values_edit.text())
        if kind == "bandit":
            return bandit_problem(values)
        problem = (
            thesis_tree_problem(values) if kind == "thesis tree" else paper_tree_problem(values)
        )
        problem.environment()  # validates the leaves
        return problem

    def build_experiment(self) -> Experiment:
        """The experiment the controls describe (the loaded figure's curves if it still
        applies, else the root population's moves)."""
        problem = self.build_problem()
        config = SwarmConfig(
            policy=ALGORITHMS[self.algorithm_box.currentText()],
            agents=self.agents_box.value(),
            depth=self.depth_box.value(),
            p_scatter=self.scatter_box.value(),
            backscatter_to_root=self.backscatter_box.currentText() == "root",
            recruitment=self.recruitment_box.currentText(),
            relate=self.relate_box.currentText(),
            seed=self.seed_box.value(),
            threads=1,
            **{name: self._option(name) for name in self.option_widgets},
        )
        check_runnable(problem, config)
        figure = self.figure
        if figure is not None and _same_problem(figure.problem, problem):
            # The figure's exact values (1/3, not 0.3333).
            return replace(figure, config=config, iterations=self.iterations_box.value())
        width = problem.width
        shown = min(width, len(PALETTE))
        series = tuple(Series(problem.move_name((), a), (), a) for a in range(shown))
        record = MAX_RECORDED_DEPTH if problem.kind == "tree" else 0
        return Experiment(
            "custom",
            f"{problem.title}, {config.policy}",
            "",
            problem,
            config,
            series,
            record_depth=record,
            iterations=self.iterations_box.value(),
        )

    # ------------------------------------------------------------------ running
    def _start_if_needed(self) -> bool:
        if self.gate is not None:
            return True
        try:
            self.experiment = self.build_experiment()
        except HexError as error:
            QMessageBox.warning(self, "Swarm lab", str(error))
            return False
        problem = self.experiment.problem
        self.population_panel.namer = lambda move: problem.move_name((), int(move))
        # The panel's colours in the order of the moves, as in the figure's chart above it.
        self.population_panel.reset_colors()
        for move in range(min(problem.width, len(PALETTE))):
            self.population_panel.colors.color(move)
        self.tree_panel.namer = lambda path: problem.move_name(tuple(path[:-1]), int(path[-1]))
        self.gate = StepGate()
        self.finished_run = False
        self.run_number += 1
        self.worker.start(self.run_number, self.experiment, self.gate)
        return True

    def run_continuously(self) -> None:
        if self.finished_run or not self._start_if_needed():
            return
        self.running = True
        self.gate.run_freely(True, self.delay_box.value() / 1000)
        self._update_buttons()

    def step(self) -> None:
        """One more iteration (the first click shows the initial populations)."""
        if self.finished_run:
            return
        if self.gate is None:
            self._start_if_needed()
            return
        self.running = False
        self.gate.run_freely(False)
        self.gate.step()
        self._update_buttons()

    def pause(self) -> None:
        if self.gate is not None:
            self.gate.run_freely(False)
        self.running = False
        self._update_buttons()

    def reset(self) -> None:
        """Stop the run (if any) and clear the charts."""
        if self.gate is not None:
            self.gate.stop()
        self.gate = None
        self.running = False
        self.finished_run = False
        self.frames = []
        self.shown = -1
        self.slider.blockSignals(True)
        self.slider.setRange(0, 0)
        self.slider.blockSignals(False)
        self.iteration_label.setText("iteration -")
        self.population_panel.snapshot = None
        self.tree_panel.snapshot = None
        self.population_panel.render_now()
        self.tree_panel.render_now()
        self.chart.plot.clear()
        self._update_buttons()

    def _update_buttons(self) -> None:
        self.run_button.setEnabled(not self.running and not self.finished_run)
        self.step_button.setEnabled(not self.finished_run)
        self.pause_button.setEnabled(self.running)

    @Slot(int, object)
    def _frame_arrived(self, run: int, frame: Frame) -> None:
        if run != self.run_number or self.gate is None or frame.iteration != len(self.frames):
            return  # from a run that was reset
        following = self.shown == len(self.frames) - 1
        self.frames.append(frame)
        self.slider.setRange(0, len(self.frames) - 1)
        if following:
            last = len(self.frames) - 1
            self.slider.setValue(last)
            if self.shown != last:  # the slider did not move (the first frame)
                self.show_iteration(last)

    @Slot(int, object)
    def _run_finished(self, run: int, trace: Trace) -> None:
        if run != self.run_number or self.gate is None:
            return
        self.finished_run = True
        self.running = False
        self.gate = None
        self._update_buttons()

    @Slot(int, str)
    def _run_failed(self, run: int, message: str) -> None:
        if run != self.run_number:
            return
        self.reset()
        QMessageBox.warning(self, "Swarm lab", message)

    # ------------------------------------------------------------------ showing
    def current_run(self, upto: int | None = None) -> LabRun | None:
        """The current run as a one-seed :class:`LabRun`, to iteration ``upto``."""
        if not self.frames or self.experiment is None:
            return None
        frames = self.frames if upto is None else self.frames[: upto + 1]
        exp = self.experiment
        trace = Trace.from_frames(exp.config.seed, exp.recorded_paths, frames)
        return LabRun(exp, [trace])

    def show_iteration(self, index: int) -> None:
        """Show the populations after iteration ``index`` (the slider's value)."""
        if not 0 <= index < len(self.frames):
            return
        self.shown = index
        frame = self.frames[index]
        self.iteration_label.setText(f"{frame.iteration} / {self.frames[-1].iteration}")
        run = self.current_run()
        show_run(self.chart, run)
        self.cursor.setValue(frame.iteration)
        self.chart.plot.addItem(self.cursor)
        if frame.snapshot is not None:
            self.population_panel.show_snapshot(frame.snapshot)
            self.tree_panel.show_snapshot(frame.snapshot)
            self.population_panel.render_now()
            self.tree_panel.render_now()

    # ------------------------------------------------------------------ export
    def export_png(self, path: Path) -> Path:
        return export_png(self.chart, Path(path), width=max(self.chart.width(), 600))

    def export_csv(self, path: Path) -> Path:
        """Every recorded population per iteration of the current run (``NAME-runs.csv``
        format); raises HexError before any run."""
        run = self.current_run()
        if run is None:
            raise HexError("nothing to export yet: run or step first")
        return run.write_runs_csv(Path(path))

    def ask_export_png(self) -> None:
        self._ask_export("PNG images (*.png)", "png", self.export_png)

    def ask_export_csv(self) -> None:
        self._ask_export("CSV files (*.csv)", "csv", self.export_csv)

    def _ask_export(self, pattern: str, suffix: str, write) -> None:
        name = self.experiment.name if self.experiment is not None else "lab"
        path, _ = QFileDialog.getSaveFileName(self, "Export", f"{name}.{suffix}", pattern)
        if not path:
            return
        try:
            write(Path(path))
        except (OSError, HexError) as error:
            QMessageBox.warning(self, "Export failed", f"Could not save {path}:\n{error}")

    # ------------------------------------------------------------------ closing
    def shutdown(self) -> None:
        """Stop the run and the worker thread; idempotent."""
        if self.gate is not None:
            self.gate.stop()
            self.gate = None
        if self.thread.isRunning():
            self.thread.quit()
            self.thread.wait(10_000)

    def showEvent(self, event) -> None:  # noqa: N802 (Qt API)
        """The first time, open beside the window the lab was opened from (the application's
        active window), not over it at the screen's corner."""
        if not self._placed:
            self._placed = True
            place_beside(self, self.anchor or QApplication.activeWindow())
        super().showEvent(event)

    def closeEvent(self, event) -> None:  # noqa: N802 (Qt API)
        self.shutdown()
        super().closeEvent(event)

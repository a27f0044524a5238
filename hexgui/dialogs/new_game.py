"""The new-game dialog (also used mid-game as "Players and AI settings").

Returns a plain :class:`~hexgui.settings.GameSettings`. The per-level settings widgets are
generated from ``engine.players.LEVELS`` (each level's parameter metadata: name, type, default,
minimum, maximum, choices, help), so a new level or parameter appears here without GUI changes.

GUI thread only.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from hexswarm.engine.board import BLACK, MAX_SIZE, WHITE, Color, HexError
from hexswarm.engine.clock import BYO_YOMI, FISCHER, NONE, SUDDEN_DEATH, TimeControl
from hexswarm.engine.players.budget import SLOW_MOVE_SECONDS, estimated_move_seconds
from hexswarm.engine.players.external import EngineConfig
from hexswarm.engine.players.levels import LevelInfo, Parameter
from hexswarm.gui.forms import fit_title, guard_wheel
from hexswarm.gui.settings import (
    ENGINE_PREFIX,
    SIZE_PRESETS,
    GameSettings,
    SideSettings,
    SpecError,
    engine_name,
    format_spec,
    parse_spec,
)
from PySide6.QtCore import QRect, Qt, Signal
from PySide6.QtGui import QValidator
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QScrollArea,
    QSpinBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

INT_LIMIT = 2_000_000_000


def default_levels() -> Mapping[str, LevelInfo]:
    """``engine.players.LEVELS``: ordered mapping of level name -> LevelInfo."""
    from hexswarm.engine.players import LEVELS

    return LEVELS


def level_groups(levels: Mapping[str, Any]) -> list[list[str]]:
    """The levels in the order the level menus list them: the ladder's rungs from the
    weakest to ``strong`` (their labels carry their measured Elo), then every other level in
    the table's order (the thesis's levels first); empty groups left out."""
    from hexswarm.engine.players.levels import LADDER

    ladder = [name for name in LADDER if name in levels]
    others = [name for name in levels if name not in ladder]
    return [group for group in (ladder, others) if group]


def add_levels(combo: QComboBox, levels: Mapping[str, Any]) -> None:
    """Fill ``combo`` with ``levels`` (item data: the level's name) by :func:`level_groups`,
    a separator between the groups."""
    for number, group in enumerate(level_groups(levels)):
        if number:
            combo.insertSeparator(combo.count())
        for name in group:
            combo.addItem(getattr(levels[name], "label", name) or name, name)


def parameter_kind(parameter: Parameter) -> str:
    """``int``, ``float``, ``bool``, ``choice`` or ``str``: the widget a parameter gets."""
    return parameter.type if parameter.type in ("int", "float", "bool", "choice") else "str"


def parameter_label(name: str) -> str:
    """A form label for a parameter name: ``p_scatter`` -> ``P scatter``, ``time_s`` ->
    ``Time (s)`` (a trailing ``_s`` is the unit seconds)."""
    unit = ""
    if name.endswith("_s"):
        name, unit = name[:-2], " (s)"
    words = name.replace("_", " ").strip()
    return words[:1].upper() + words[1:] + unit


def _clamp_int(value: Any, fallback: int) -> int:
    """QSpinBox holds 32-bit ints: clamp limits like 2**63 - 1 (a seed's maximum)."""
    if value is None:
        return fallback
    return max(-INT_LIMIT, min(INT_LIMIT, int(value)))


class _ValidatingMixin:
    """A spin box that reports what its range refuses, instead of dropping the keystroke
    (above the maximum) or reverting on leaving the field (below the minimum) in silence.

    A number beyond the range stays in the field as typed (Qt's own spin box drops the
    keystroke that passes the maximum, so 10^12 typed read 1000000 and the message quoted a
    number nobody typed); leaving the field restores the value it keeps, which the message
    names."""

    refused_text: Callable[[str], None] | None = None

    def validate(self, text: str, pos: int):
        result = super().validate(text, pos)
        if result[0] != QValidator.State.Acceptable and self.refused_text is not None:
            self.refused_text(text)
            if result[0] == QValidator.State.Invalid and _looks_like_a_number(text):
                return QValidator.State.Intermediate, text, pos
        return result


def _looks_like_a_number(text: str) -> bool:
    """Whether ``text`` is a (possibly signed, grouped, decimal) number being typed."""
    digits = text.replace(",", "").replace("\u00a0", "").replace(" ", "").strip()
    digits = digits.removeprefix("-").removeprefix("+").replace(".", "", 1)
    return digits.isdigit()


class _SpinBox(_ValidatingMixin, QSpinBox):
    pass


class _DoubleSpinBox(_ValidatingMixin, QDoubleSpinBox):
    pass


class ParameterEditor:
    """One widget for one level parameter, reading and writing its value as spec text.

    An ``optional`` parameter (``None`` switches the feature off, like a time limit) gets a
    check box in front of its value: unchecked means ``none`` (the seed's: ``random``). A value
    typed that the parameter or the widget refuses sets :attr:`problem` (the message the page
    shows, with the allowed range and the value the field keeps) and calls ``on_problem``;
    :attr:`problem_label` shows it under the field (add it to the form after ``widget``:
    :meth:`add_to`).
    """

    def __init__(self, parameter: Parameter):
        self.parameter = parameter
        self.name: str = parameter.name
        self.kind = parameter_kind(parameter)
        self.optional = parameter.optional
        self.problem = ""
        self.on_problem: Callable[[], None] = lambda: None
        default = parameter.default
        help_text = parameter.help
        low, high = parameter.minimum, parameter.maximum
        if self.kind == "int":
            value_widget = _SpinBox()
            value_widget.setRange(_clamp_int(low, -INT_LIMIT), _clamp_int(high, INT_LIMIT))
            value_widget.setGroupSeparatorShown(True)
            value_widget.setValue(_clamp_int(default, value_widget.minimum()))
        elif self.kind == "float":
            value_widget = _DoubleSpinBox()
            value_widget.setDecimals(3)
            value_widget.setRange(
                float(low) if low is not None else -1e9,
                float(high) if high is not None else 1e9,
            )
            span = value_widget.maximum() - value_widget.minimum()
            value_widget.setSingleStep(0.05 if span <= 2 else 0.5)
            start = default if default is not None else max(value_widget.minimum(), 1.0)
            value_widget.setValue(min(float(start), value_widget.maximum()))
        elif self.kind == "bool":
            value_widget = QCheckBox()
            value_widget.setChecked(bool(default))
        elif self.kind == "choice":
            value_widget = QComboBox()
            for choice in parameter.choices:
                value_widget.addItem(str(choice), choice)
            if default is not None:
                value_widget.setCurrentIndex(max(0, value_widget.findText(str(default))))
        else:
            value_widget = QLineEdit("" if default is None else str(default))
        value_widget.setToolTip(help_text)
        self.value_widget = value_widget
        if isinstance(value_widget, _ValidatingMixin):
            # A number is taken when the field is left (or Enter pressed), not at every
            # keystroke: typing 10^12 into a field of at most 5 000 000 took 1 000 000 (a
            # prefix) as the value the field "keeps".
            value_widget.setKeyboardTracking(False)
            value_widget.refused_text = self._refused
            value_widget.lineEdit().textEdited.connect(self._edited)
        self.enabled_check: QCheckBox | None = None
        if self.optional:
            container = QWidget()
            row = QHBoxLayout(container)
            row.setContentsMargins(0, 0, 0, 0)
            check = QCheckBox()
            check.setToolTip(f"{help_text} (unchecked: {parameter.none_word})")
            check.setChecked(default is not None)
            check.toggled.connect(value_widget.setEnabled)
            value_widget.setEnabled(default is not None)
            row.addWidget(check)
            row.addWidget(value_widget, 1)
            self.enabled_check = check
            self.widget = container
        else:
            self.widget = value_widget
        self.widget.setObjectName(f"param_{self.name}")
        self.problem_label = warning_label(f"problem_{self.name}")
        self.default_text = self.text()

    def add_to(self, form: QFormLayout, label: str) -> None:
        """Put the field into ``form`` as a row named ``label``, its problem line under it."""
        form.addRow(label, self.widget)
        form.addRow(self.problem_label)

    def changed_signals(self) -> list:
        """The signals a change of the value (or of its on/off box) is announced by."""
        w = self.value_widget
        signals = {
            "int": lambda: [w.valueChanged],
            "float": lambda: [w.valueChanged],
            "bool": lambda: [w.toggled],
            "choice": lambda: [w.currentIndexChanged],
        }.get(self.kind, lambda: [w.textChanged])()
        return signals + ([self.enabled_check.toggled] if self.enabled_check else [])

    def check_text(self, text: str) -> str:
        """Why ``text`` cannot be this field's value ("" when it can): the parameter's own
        message, or the widget's narrower range (a 32-bit spin box)."""
        try:
            value = self.parameter.parse(text)
        except HexError as error:
            return str(error)
        w = self.value_widget
        if self.kind in ("int", "float") and not w.minimum() <= value <= w.maximum():
            return (
                f"{self.name}: this field takes {_number(w.minimum())} to {_number(w.maximum())} "
                f"(give other values in a spec), not {text}"
            )
        return ""

    def _refused(self, text: str) -> None:
        problem = self.check_text(text.replace(",", "").replace("\u00a0", "").strip())
        if problem:
            kept = self.value_widget.textFromValue(self.value_widget.value())
            self._set_problem(f"{problem}; the field keeps {kept}.")

    def _edited(self, text: str) -> None:
        if not self.check_text(text.replace(",", "").replace("\u00a0", "").strip()):
            self._set_problem("")

    def _set_problem(self, problem: str) -> None:
        if problem != self.problem:
            self.problem = problem
            self.problem_label.setText(problem)
            self.problem_label.setVisible(bool(problem))
            self.on_problem()

    def text(self) -> str:
        if self.enabled_check is not None and not self.enabled_check.isChecked():
            return self.parameter.none_word  # "none", or the seed's "random"
        w = self.value_widget
        if self.kind == "int":
            return str(w.value())
        if self.kind == "float":
            return f"{w.value():g}"
        if self.kind == "bool":
            return "true" if w.isChecked() else "false"
        if self.kind == "choice":
            return w.currentText()
        return w.text().strip()

    def value(self) -> Any:
        """The value shown, as the parameter's type (None when switched off)."""
        return self.parameter.parse(self.text())

    def set_text(self, text: str) -> str:
        """Show ``text`` (from a saved spec); "" if shown, else why not (the value stays)."""
        problem = self.check_text(text)
        if problem:
            return problem
        value = self.parameter.parse(text)
        w = self.value_widget
        if self.enabled_check is not None:
            self.enabled_check.setChecked(value is not None)
            if value is None:
                return ""
        if self.kind in ("int", "float"):
            w.setValue(value)
        elif self.kind == "bool":
            w.setChecked(value)
        elif self.kind == "choice":
            w.setCurrentIndex(w.findText(value))
        else:
            w.setText(value)
        return ""


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def warning_label(object_name: str) -> QLabel:
    """A hidden, word-wrapped red line for what the user should know before starting."""
    label = QLabel()
    label.setObjectName(object_name)
    label.setWordWrap(True)
    label.setStyleSheet("color: #c62828")
    label.setVisible(False)
    return label


class LevelPage(QWidget):
    """The settings of one AI level, generated from its parameters. A value typed that a
    field refuses is named under that field (what was typed, what is allowed, what the field
    keeps); the rules between settings that the values break are in :attr:`message`, which
    the side panel shows below the scrolling settings, where it is always in sight."""

    changed = Signal()

    def __init__(self, info: LevelInfo, parent: QWidget | None = None):
        super().__init__(parent)
        self.info = info
        self.level: str = info.name
        layout = QFormLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.editors: dict[str, ParameterEditor] = {}
        for parameter in info.parameters:
            editor = ParameterEditor(parameter)
            self.editors[editor.name] = editor
            editor.add_to(layout, parameter_label(parameter.name))
            for signal in editor.changed_signals():
                signal.connect(self.changed)
        self.message = warning_label(f"{self.level}_message")
        self.active = True  # the page on show (only its message may be seen)
        self.changed.connect(self.show_problems)

    def rule_problems(self) -> list[str]:
        """The level's rules between settings that the values shown break (the same words a
        spec or ``hexswarm-gtp`` would get)."""
        return self.info.problems(self.values())

    def show_problems(self) -> None:
        """Say which rules between settings the values shown break (each field says itself
        what it refused)."""
        problems = self.rule_problems()
        self.message.setText("\n".join(problems))
        self.message.setVisible(bool(problems) and self.active)

    def spec(self) -> str:
        """The level's spec string, with only the settings that differ from the defaults."""
        changed = {
            name: editor.text()
            for name, editor in self.editors.items()
            if editor.text() != editor.default_text
        }
        return format_spec(self.level, changed)

    def values(self) -> dict[str, Any]:
        """Every setting shown that its parameter accepts, by name, as its type (a text
        field being typed, such as a database path, may not be accepted yet)."""
        values = {}
        for name, editor in self.editors.items():
            with contextlib.suppress(HexError):
                values[name] = editor.value()
        return values

    def load(self, params: Mapping[str, str]) -> list[str]:
        """Show ``params`` (names or aliases); return what was unknown or refused, and why."""
        rejected = []
        for name, text in params.items():
            try:
                parameter = self.info.parameter(name)
            except HexError:
                rejected.append(f"{name} (no such setting)")
                continue
            problem = self.editors[parameter.name].set_text(text)
            if problem:
                rejected.append(problem)
        return rejected


class EnginePage(QWidget):
    """An external engine of the engine manager as a player: what it runs (its settings are
    the engine's own, given on its command line)."""

    def __init__(self, engine: EngineConfig, parent: QWidget | None = None):
        super().__init__(parent)
        self.engine = engine
        self.level = ENGINE_PREFIX + engine.name
        layout = QFormLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        command = QLabel(engine.command)
        command.setWordWrap(True)
        command.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addRow("Command line", command)
        layout.addRow("Working folder", QLabel(engine.folder or "(this application's folder)"))
        limit = engine.move_timeout_s
        layout.addRow("A move may take", QLabel("no limit" if limit is None else f"{limit:g} s"))

    def description(self) -> str:
        return (
            f"{self.engine.name}, an external GTP engine (Game > External Engines). It plays "
            "with its own settings; Move Now interrupts it if it understands # interrupt."
        )


def duration_text(seconds: float) -> str:
    """``about 3 min``-style words for a duration: seconds, minutes, hours or days."""
    for unit, length in (("days", 86_400), ("h", 3_600), ("min", 60)):
        if seconds >= length:
            return f"{seconds / length:.0f} {unit}"
    return f"{seconds:.0f} s"


class SidePanel(QGroupBox):
    """Human or AI for one colour; the AI's level and its generated settings."""

    def __init__(
        self,
        color: Color,
        levels: Mapping[str, Any],
        parent: QWidget | None = None,
        *,
        name: str | None = None,
        engines: Sequence[EngineConfig] = (),
    ):
        edges = "top-bottom" if color is BLACK else "left-right"
        super().__init__(f"{name or color.value.capitalize()} ({edges})", parent)
        self.color = color
        layout = QVBoxLayout(self)
        row = QHBoxLayout()
        self.human_button = QRadioButton("Human")
        self.ai_button = QRadioButton("AI")
        self.human_button.setObjectName(f"{color.value}_human")
        self.ai_button.setObjectName(f"{color.value}_ai")
        group = QButtonGroup(self)
        group.addButton(self.human_button)
        group.addButton(self.ai_button)
        row.addWidget(self.human_button)
        row.addWidget(self.ai_button)
        row.addStretch(1)
        layout.addLayout(row)
        self.level_combo = QComboBox()
        self.level_combo.setObjectName(f"{color.value}_level")
        self.pages = QStackedWidget()
        self.level_pages: dict[str, LevelPage] = {}
        for name, info in levels.items():
            page = LevelPage(info)
            self.level_pages[name] = page
            self.pages.addWidget(page)
        add_levels(self.level_combo, levels)
        self.engine_pages: dict[str, EnginePage] = {}
        for engine in engines:
            page = EnginePage(engine)
            self.engine_pages[page.level] = page
            self.pages.addWidget(page)
            self.level_combo.addItem(f"{engine.name} (external engine)", page.level)
        form = QFormLayout()
        form.addRow("Level", self.level_combo)
        layout.addLayout(form)
        # The description sits outside the stacked pages: a word-wrapped label inside a
        # stacked form gets the height of the shortest page and is cut off.
        self.description = QLabel()
        self.description.setWordWrap(True)
        self.description.setObjectName(f"{color.value}_description")
        # SDST alone has over twenty settings: the dialog grew taller than a laptop's screen,
        # its buttons out of reach. The settings scroll when the dialog cannot show them all,
        # and the level's description with them: fixed above them, its twelve lines (the
        # strongest level's) left the settings 160 pixels on a 768-pixel screen (round 16).
        self.content = QWidget()
        column = QVBoxLayout(self.content)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.description)
        column.addWidget(self.pages, 1)
        self.scroll = QScrollArea()
        self.scroll.setObjectName(f"{color.value}_settings")
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scroll.setWidget(self.content)
        layout.addWidget(self.scroll, 1)
        # Issue 30: a rule the settings break was said at the bottom of the scrolling page,
        # below the fold: it is said here, under the settings, always in sight.
        for page in self.level_pages.values():
            layout.addWidget(page.message)
        # Issue 16: settings of days a move were chosen without a word; say so beforehand.
        self.time_warning = warning_label(f"{color.value}_time_warning")
        layout.addWidget(self.time_warning)
        self.board_size = 11
        for page in self.level_pages.values():
            page.changed.connect(self.update_time_warning)
        self.level_combo.currentIndexChanged.connect(self._level_changed)
        self._level_changed(self.level_combo.currentIndex())
        self.ai_button.toggled.connect(self._update_enabled)
        self.human_button.setChecked(True)
        self._update_enabled()
        self.warnings: list[str] = []

    def _level_changed(self, index: int) -> None:
        data = self.level_combo.itemData(index)
        page = self.level_pages.get(data)
        for other in self.level_pages.values():
            other.active = other is page
            other.show_problems()
        text = page.info.description if page else ""
        if page is not None:
            self.pages.setCurrentWidget(page)
        if data in self.engine_pages:
            self.pages.setCurrentWidget(self.engine_pages[data])
            text = self.engine_pages[data].description()
        self.description.setText(text)
        self.update_time_warning()

    def _update_enabled(self) -> None:
        on = self.ai_button.isChecked()
        self.level_combo.setEnabled(on)
        self.pages.setEnabled(on)
        self.description.setEnabled(on)
        self.update_time_warning()

    def set_board_size(self, size: int) -> None:
        self.board_size = size
        self.update_time_warning()

    def update_time_warning(self) -> None:
        """Warn when the AI's settings imply more than about a minute a move on this board
        (estimated from the measured playout rates of ``engine.players.budget``)."""
        page = self.level_pages.get(self.current_level())
        seconds = 0.0
        if page is not None and self.ai_button.isChecked():
            seconds = estimated_move_seconds(
                page.info.family or page.level, page.values(), self.board_size
            )
        slow = seconds > SLOW_MOVE_SECONDS
        if slow:
            size = self.board_size
            self.time_warning.setText(
                f"These settings ask for about {duration_text(seconds)} a move on {size}\u00d7"
                f"{size} (estimated from measured playout speed, one core). Set a time per "
                "move or fewer playouts to play faster."
            )
        self.time_warning.setVisible(slow)

    def set_side(self, side: SideSettings) -> None:
        (self.ai_button if side.ai else self.human_button).setChecked(True)
        name = engine_name(side.spec)
        if name is not None:
            index = self.level_combo.findData(side.spec)
            if index < 0:
                self.warnings.append(f"there is no engine {name!r} any more; showing a level")
            else:
                self.level_combo.setCurrentIndex(index)
            return
        try:
            level, params = parse_spec(side.spec)
        except SpecError as error:
            self.warnings.append(str(error))
            return
        index = self.level_combo.findData(level)
        if index < 0:
            self.warnings.append(f"unknown AI level {level!r}; showing the first level")
            return
        self.level_combo.setCurrentIndex(index)
        rejected = self.level_pages[level].load(params)
        if rejected:
            self.warnings.append(f"{level}: ignored settings {', '.join(rejected)}")

    def current_level(self) -> str:
        return self.level_combo.currentData()

    def side(self) -> SideSettings:
        level = self.current_level()
        spec = level if level in self.engine_pages else self.level_pages[level].spec()
        return SideSettings(ai=self.ai_button.isChecked(), spec=spec)

    def rule_problems(self) -> list[str]:
        """The rules between settings the chosen AI's values break (none for a human or an
        external engine)."""
        if not self.ai_button.isChecked() or self.current_level() in self.engine_pages:
            return []
        return self.level_pages[self.current_level()].rule_problems()


def _number_box(
    name: str, low: float, high: float, value: float, suffix: str, decimals: int
) -> QDoubleSpinBox:
    box = QDoubleSpinBox()
    box.setObjectName(name)
    box.setRange(low, high)
    box.setDecimals(decimals)
    box.setSuffix(suffix)
    box.setValue(value)
    return box


class ClockBox(QGroupBox):
    """The game clock: no clock, sudden death, Fischer increment or byo-yomi periods, with
    the main time in minutes and the increment or the periods in seconds (engine.clock)."""

    KINDS = (NONE, SUDDEN_DEATH, FISCHER, BYO_YOMI)
    LABELS = ("No clock", "Sudden death", "Fischer increment", "Byo-yomi periods")

    def __init__(self, text: str, parent: QWidget | None = None):
        super().__init__("Clock", parent)
        row = QHBoxLayout(self)
        self.kind_combo = QComboBox()
        self.kind_combo.setObjectName("clock_kind")
        for kind, label in zip(self.KINDS, self.LABELS, strict=True):
            self.kind_combo.addItem(label, kind)
        # Byo-yomi and Fischer may start with no main time ("0+5x30": 30 s a move); sudden
        # death may not (round 13: 0 was refused for byo-yomi too, the field kept 10 min).
        self.main_spin = _number_box("clock_main", 0.0, 600.0, 10.0, " min", 1)
        self.main_spin.setToolTip("Main time for each side")
        self.increment_spin = _number_box("clock_increment", 0.1, 3600.0, 5.0, " s a move", 1)
        self.increment_spin.setToolTip("Fischer: added to a side's time after each of its moves")
        self.periods_spin = QSpinBox()
        self.periods_spin.setObjectName("clock_periods")
        self.periods_spin.setRange(1, 100)
        self.periods_spin.setValue(5)
        self.periods_spin.setSuffix(" periods")
        self.period_spin = _number_box("clock_period", 1.0, 3600.0, 30.0, " s each", 0)
        self.period_spin.setToolTip(
            "Byo-yomi: after the main time, a move made within a period keeps it; a period "
            "that runs out is used up; when the last one runs out the game is lost on time"
        )
        for widget in (
            self.kind_combo,
            self.main_spin,
            self.increment_spin,
            self.periods_spin,
            self.period_spin,
        ):
            row.addWidget(widget)
        row.addStretch(1)
        self.kind_combo.currentIndexChanged.connect(self._show_fields)
        self.set_time_control(text)

    def set_time_control(self, text: str) -> None:
        """Show the clock ``text`` (``none``, ``60``, ``300+5``, ``600+5x30``; unreadable:
        no clock)."""
        try:
            control = TimeControl.parse(text)
        except HexError:
            control = TimeControl()
        if not control.is_none:
            self.main_spin.setValue(control.main_s / 60)
        if control.increment_s:
            self.increment_spin.setValue(control.increment_s)
        if control.periods:
            self.periods_spin.setValue(control.periods)
            self.period_spin.setValue(control.period_s)
        self.kind_combo.setCurrentIndex(self.KINDS.index(control.kind))
        self._show_fields()

    def _show_fields(self) -> None:
        kind = self.kind_combo.currentData()
        self.main_spin.setMinimum(0.1 if kind == SUDDEN_DEATH else 0.0)
        self.main_spin.setVisible(kind != NONE)
        self.increment_spin.setVisible(kind == FISCHER)
        self.periods_spin.setVisible(kind == BYO_YOMI)
        self.period_spin.setVisible(kind == BYO_YOMI)

    def time_control(self) -> TimeControl:
        kind = self.kind_combo.currentData()
        if kind == NONE:
            return TimeControl()
        main = round(self.main_spin.value() * 60, 1)
        if kind == FISCHER:
            return TimeControl(main, increment_s=self.increment_spin.value())
        if kind == BYO_YOMI:
            return TimeControl(
                main, periods=self.periods_spin.value(), period_s=self.period_spin.value()
            )
        return TimeControl(main)


TITLE_ROOM = 40
"""Pixels kept free above a dialog for a window manager's title bar (and its border)."""


def inside(frame: QRect, client: QRect, area: QRect) -> tuple[int, int]:
    """Where to move a window (its frame's top left, as ``QWidget.move`` takes it) whose
    frame and client area are ``frame`` and ``client`` so that it lies in ``area``; a frame
    without a title bar yet (no window manager, or not drawn yet) gets :data:`TITLE_ROOM`
    above it for one."""
    room = 0 if client.top() > frame.top() else TITLE_ROOM
    left = min(frame.left(), area.right() + 1 - frame.width())
    top = min(frame.top(), area.bottom() + 1 - frame.height())
    return max(left, area.left()), max(top, area.top() + room)


class NewGameDialog(QDialog):
    """Board size (presets and 1..26; square, or a rectangle of columns x rows), swap rule
    (squares only), both sides, AI delay and the AI of hints and analysis.

    With ``players_only=True`` (Game > Players and AI Settings) the board settings are hidden:
    the dialog changes only who plays and how, for the next move of the game in progress.
    """

    def __init__(
        self,
        settings: GameSettings,
        parent: QWidget | None = None,
        *,
        players_only: bool = False,
        levels: Mapping[str, Any] | None = None,
        player_name: Callable[[Color], str] | None = None,
        engines: Sequence[EngineConfig] = (),
    ):
        super().__init__(parent)
        self.setWindowTitle("Players and AI Settings" if players_only else "New Game")
        fit_title(self)
        # The sides are named as the board's theme names them ("Blue"/"Red" in red and blue).
        name = player_name or (lambda color: color.value.capitalize())
        self._initial = settings
        self._levels = levels if levels is not None else default_levels()
        layout = QVBoxLayout(self)

        board_box = QGroupBox("Board")
        board_layout = QHBoxLayout(board_box)
        board_layout.addWidget(QLabel("Size"))
        columns, rows = settings.shape
        self.size_spin = QSpinBox()
        self.size_spin.setObjectName("size")
        self.size_spin.setRange(1, MAX_SIZE)
        self.size_spin.setValue(columns)
        self.size_spin.setSuffix(" columns")
        self.size_spin.setToolTip("Columns: White joins the left and right edges")
        board_layout.addWidget(self.size_spin)
        board_layout.addWidget(QLabel("\u00d7"))
        self.rows_spin = QSpinBox()
        self.rows_spin.setObjectName("rows")
        self.rows_spin.setRange(1, MAX_SIZE)
        self.rows_spin.setValue(rows)
        self.rows_spin.setSuffix(" rows")
        self.rows_spin.setToolTip("Rows: Black joins the top and bottom edges")
        board_layout.addWidget(self.rows_spin)
        self.square_check = QCheckBox("Square")
        self.square_check.setObjectName("square")
        self.square_check.setToolTip(
            "As many rows as columns; untick for a rectangle (as HexGui and SGF SZ[w:h] allow)"
        )
        self.square_check.setChecked(columns == rows)
        board_layout.addWidget(self.square_check)
        self.preset_buttons: dict[int, QPushButton] = {}
        for size in SIZE_PRESETS:
            button = QPushButton(f"{size}\u00d7{size}")
            button.setObjectName(f"preset_{size}")
            button.setAutoDefault(False)
            button.clicked.connect(lambda _=False, size=size: self._preset(size))
            board_layout.addWidget(button)
            self.preset_buttons[size] = button
        self.swap_check = QCheckBox("Swap rule")
        self.swap_check.setObjectName("swap_rule")
        self.swap_check.setChecked(settings.swap_rule)
        board_layout.addWidget(self.swap_check)
        board_layout.addStretch(1)
        layout.addWidget(board_box)
        board_box.setVisible(not players_only)
        self.clock_box = ClockBox(settings.time_control)
        layout.addWidget(self.clock_box)
        self.clock_box.setVisible(not players_only)  # the clock changes with a new game only

        sides = QHBoxLayout()
        self.black_panel = SidePanel(BLACK, self._levels, name=name(BLACK), engines=engines)
        self.white_panel = SidePanel(WHITE, self._levels, name=name(WHITE), engines=engines)
        self.black_panel.set_side(settings.black)
        self.white_panel.set_side(settings.white)
        self._swap_wanted = settings.swap_rule
        self.swap_check.toggled.connect(self._swap_toggled)
        self.size_spin.valueChanged.connect(self._shape_changed)
        self.rows_spin.valueChanged.connect(self._shape_changed)
        self.square_check.toggled.connect(self._shape_changed)
        self._shape_changed()
        sides.addWidget(self.black_panel)
        sides.addWidget(self.white_panel)
        layout.addLayout(sides)

        extra = QFormLayout()
        self.delay_spin = QSpinBox()
        self.delay_spin.setObjectName("ai_delay")
        self.delay_spin.setRange(0, 60_000)
        self.delay_spin.setSingleStep(100)
        self.delay_spin.setSuffix(" ms")
        self.delay_spin.setValue(settings.ai_delay_ms)
        self.delay_spin.setToolTip("Pause between two AI moves when both sides are AIs")
        extra.addRow("Delay between AI moves", self.delay_spin)
        self.analysis_combo = self._level_combo("analysis_level", settings.analysis_spec, engines)
        self.analysis_combo.setToolTip(
            "The AI that suggests a move (Hint) and estimates the positions in analysis mode "
            "and in the whole-game analysis: one AI, so a hint and the analysis agree"
        )
        extra.addRow("Hints and analysis come from", self.analysis_combo)
        self.assistance_check = QCheckBox("Hints and analysis while a person plays the AI")
        self.assistance_check.setObjectName("assistance")
        self.assistance_check.setChecked(settings.assistance)
        self.assistance_check.setToolTip(
            "Off for a rated game: in a game between a person and the AI, Hint, Analysis "
            "Mode and Review the Whole Game wait until the game has ended, and the dashboard "
            "shows no evaluation of the game (the AI's win rates, candidates and estimates) "
            "until then"
        )
        extra.addRow(self.assistance_check)
        # Help is the game's rule, like its clock: chosen with a new game only.
        self.assistance_check.setVisible(not players_only)
        layout.addLayout(extra)

        warnings = self.black_panel.warnings + self.white_panel.warnings
        if warnings:
            note = QLabel("Saved settings not understood: " + "; ".join(warnings))
            note.setWordWrap(True)
            layout.addWidget(note)

        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(
            "Apply" if players_only else "Start"
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.button_box = buttons
        layout.addWidget(buttons)
        guard_wheel(self)  # the wheel scrolls the settings, not the field under the pointer
        self._fit_screen()

    def _preset(self, size: int) -> None:
        self.square_check.setChecked(True)
        self.size_spin.setValue(size)

    def _swap_toggled(self, checked: bool) -> None:
        if self.swap_check.isEnabled():
            self._swap_wanted = checked

    def _shape_changed(self, *_args) -> None:
        """Keep a square square, offer the swap rule on squares only (the choice comes back
        when the board is square again), and tell the sides' time estimates the side of the
        square the search plays (a rectangle's longer side)."""
        square = self.square_check.isChecked()
        self.rows_spin.setEnabled(not square)
        if square and self.rows_spin.value() != self.size_spin.value():
            self.rows_spin.setValue(self.size_spin.value())  # comes back here once
            return
        columns, rows = self.size_spin.value(), self.rows_spin.value()
        self.swap_check.setEnabled(columns == rows)
        if columns == rows:
            self.swap_check.setChecked(self._swap_wanted)
            self.swap_check.setToolTip("The second player may take over the first stone (pie rule)")
        else:
            self.swap_check.setChecked(False)
            self.swap_check.setToolTip(
                "Only on a square board: swap-pieces mirrors the first stone across the long "
                "diagonal, which maps only a square onto itself"
            )
        for panel in (self.black_panel, self.white_panel):
            panel.set_board_size(max(columns, rows))

    def _level_combo(self, name: str, spec: str, engines: Sequence[EngineConfig]) -> QComboBox:
        """A choice of level or external engine, showing ``spec``'s (the first level if it
        does not parse)."""
        combo = QComboBox()
        combo.setObjectName(name)
        add_levels(combo, self._levels)
        for engine in engines:
            combo.addItem(f"{engine.name} (external engine)", ENGINE_PREFIX + engine.name)
        if engine_name(spec) is not None:
            level = spec
        else:
            try:
                level, _ = parse_spec(spec)
            except SpecError:
                level = ""
        combo.setCurrentIndex(max(0, combo.findData(level)))
        return combo

    @staticmethod
    def _chosen_spec(combo: QComboBox, initial: str) -> str:
        """The level chosen in ``combo``: ``initial`` with its settings if it is the same
        level, else the level's name alone."""
        level = combo.currentData()
        initial_level, _, params = initial.partition(":")
        return initial if level == initial_level and params else level

    def accept(self) -> None:
        """Start only with settings the search can run: a combination of settings that breaks
        a rule stays on screen with its message under the level's settings."""
        for panel in (self.black_panel, self.white_panel):
            if panel.rule_problems():
                panel.level_pages[panel.current_level()].show_problems()
                return
        super().accept()

    def _fit_screen(self, area: QRect | None = None) -> None:
        """As tall as the settings need, and no taller than the screen's ``area`` (default:
        the available part of the dialog's screen) less :data:`TITLE_ROOM` (then they
        scroll)."""
        panels = (self.black_panel, self.white_panel)
        for panel in panels:
            panel.scroll.setMinimumHeight(160)
            # Room for the scroll bar beside the widest page, so no field is hidden under it.
            bar = panel.scroll.verticalScrollBar().sizeHint().width()
            panel.scroll.setMinimumWidth(panel.pages.sizeHint().width() + bar)
        self.layout().activate()
        hint = self.sizeHint()
        # The scroll areas' own hint is small: grow by what the tallest page needs beyond it.
        extra = max(p.content.sizeHint().height() - p.scroll.sizeHint().height() for p in panels)
        height = hint.height() + max(0, extra)
        area = area if area is not None else self._screen_area()
        if area is not None:
            height = min(height, area.height() - TITLE_ROOM)
        self.resize(hint.width(), max(height, self.minimumSizeHint().height()))

    def _screen_area(self) -> QRect | None:
        screen = self.screen()
        return None if screen is None else screen.availableGeometry()

    def showEvent(self, event) -> None:  # noqa: N802 (Qt API)
        """Shown inside the screen with room for a title bar above it: centred over a window
        as tall as the screen, the dialog had been put at the top edge, where a window
        manager's title bar has no room (rounds 13 and 15)."""
        super().showEvent(event)
        area = self._screen_area()
        if area is not None:
            self.move(*inside(self.frameGeometry(), self.geometry(), area))

    def settings(self) -> GameSettings:
        """What the dialog shows, as settings (valid whether or not it was accepted)."""
        columns, rows = self.size_spin.value(), self.rows_spin.value()
        return GameSettings(
            size=columns,
            height=None if columns == rows else rows,
            swap_rule=self.swap_check.isChecked() and columns == rows,
            black=self.black_panel.side(),
            white=self.white_panel.side(),
            ai_delay_ms=self.delay_spin.value(),
            analysis_spec=self._chosen_spec(self.analysis_combo, self._initial.analysis_spec),
            time_control=self.clock_box.time_control().text(),
            assistance=self.assistance_check.isChecked(),
        )

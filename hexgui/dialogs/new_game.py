"""The new-game dialog (also used mid-game as "Players and AI settings").

Returns a plain :class:`~hexgui.settings.GameSettings`. The per-level settings widgets are
generated from ``engine.players.LEVELS`` (each level's parameter metadata: name, type, default,
minimum, maximum, choices, help), so a new level or parameter appears here without GUI changes.

GUI thread only.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from engine.board import BLACK, MAX_SIZE, WHITE, Color
from hexgui.settings import (
    SIZE_PRESETS,
    GameSettings,
    SideSettings,
    SpecError,
    format_spec,
    parse_spec,
)

INT_LIMIT = 2_000_000_000


def default_levels() -> Mapping[str, Any]:
    """``engine.players.LEVELS``: ordered mapping of level name -> LevelInfo."""
    from engine.players import LEVELS

    return LEVELS


def parameter_kind(parameter: Any) -> str:
    """``int``, ``float``, ``bool``, ``choice`` or ``str`` for a parameter's metadata."""
    if getattr(parameter, "choices", None):
        return "choice"
    kind = getattr(parameter, "type", str)
    name = kind.__name__ if isinstance(kind, type) else str(kind).lower()
    return name if name in ("int", "float", "bool") else "str"


def parameter_label(name: str) -> str:
    """A form label for a parameter name: ``p_scatter`` -> ``P scatter``, ``time_s`` ->
    ``Time (s)`` (a trailing ``_s`` is the unit seconds)."""
    unit = ""
    if name.endswith("_s"):
        name, unit = name[:-2], " (s)"
    words = name.replace("_", " ").strip()
    return words[:1].upper() + words[1:] + unit


def _to_bool(text: str) -> bool:
    return str(text).strip().lower() in ("1", "true", "yes", "on")


def _clamp_int(value: Any, fallback: int) -> int:
    """QSpinBox holds 32-bit ints: clamp limits like 2**63 - 1 (a seed's maximum)."""
    if value is None:
        return fallback
    return max(-INT_LIMIT, min(INT_LIMIT, int(value)))


class ParameterEditor:
    """One widget for one level parameter, reading and writing its value as spec text.

    An ``optional`` parameter (``None`` switches the feature off, like a time limit) gets a
    check box in front of its value: unchecked means ``none``.
    """

    def __init__(self, parameter: Any):
        self.parameter = parameter
        self.name: str = parameter.name
        self.kind = parameter_kind(parameter)
        self.optional = bool(getattr(parameter, "optional", False))
        default = getattr(parameter, "default", None)
        help_text = getattr(parameter, "help", "") or ""
        low = getattr(parameter, "minimum", None)
        high = getattr(parameter, "maximum", None)
        if self.kind == "int":
            value_widget = QSpinBox()
            value_widget.setRange(_clamp_int(low, -INT_LIMIT), _clamp_int(high, INT_LIMIT))
            value_widget.setGroupSeparatorShown(True)
            value_widget.setValue(_clamp_int(default, value_widget.minimum()))
        elif self.kind == "float":
            value_widget = QDoubleSpinBox()
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
        self.enabled_check: QCheckBox | None = None
        if self.optional:
            container = QWidget()
            row = QHBoxLayout(container)
            row.setContentsMargins(0, 0, 0, 0)
            check = QCheckBox()
            check.setToolTip(f"{help_text} (unchecked: none)")
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
        self.default_text = self.text()

    def text(self) -> str:
        if self.enabled_check is not None and not self.enabled_check.isChecked():
            return "none"
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

    def set_text(self, text: str) -> bool:
        """Show ``text`` (from a saved spec); False if it does not fit (the default stays)."""
        w = self.value_widget
        if self.enabled_check is not None:
            off = text.strip().lower() in ("none", "off", "")
            self.enabled_check.setChecked(not off)
            if off:
                return True
        try:
            if self.kind == "int":
                value = int(float(text))
                if not w.minimum() <= value <= w.maximum():
                    return False
                w.setValue(value)
            elif self.kind == "float":
                value = float(text)
                if not w.minimum() <= value <= w.maximum():
                    return False
                w.setValue(value)
            elif self.kind == "bool":
                w.setChecked(_to_bool(text))
            elif self.kind == "choice":
                index = w.findText(text)
                if index < 0:
                    return False
                w.setCurrentIndex(index)
            else:
                w.setText(text)
        except ValueError:
            return False
        return True


class LevelPage(QWidget):
    """The settings of one AI level, generated from its parameters."""

    def __init__(self, info: Any, parent: QWidget | None = None):
        super().__init__(parent)
        self.info = info
        self.level: str = info.name
        layout = QFormLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.editors: dict[str, ParameterEditor] = {}
        for parameter in getattr(info, "parameters", ()):
            editor = ParameterEditor(parameter)
            self.editors[editor.name] = editor
            layout.addRow(parameter_label(parameter.name), editor.widget)

    def spec(self) -> str:
        """The level's spec string, with only the settings that differ from the defaults."""
        changed = {
            name: editor.text()
            for name, editor in self.editors.items()
            if editor.text() != editor.default_text
        }
        return format_spec(self.level, changed)

    def load(self, params: Mapping[str, str]) -> list[str]:
        """Show ``params``; return the names that were unknown or out of range."""
        rejected = []
        for name, text in params.items():
            editor = self.editors.get(name)
            if editor is None or not editor.set_text(text):
                rejected.append(name)
        return rejected


class SidePanel(QGroupBox):
    """Human or AI for one colour; the AI's level and its generated settings."""

    def __init__(
        self,
        color: Color,
        levels: Mapping[str, Any],
        parent: QWidget | None = None,
        *,
        name: str | None = None,
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
            self.level_combo.addItem(getattr(info, "label", name) or name, name)
        form = QFormLayout()
        form.addRow("Level", self.level_combo)
        layout.addLayout(form)
        # The description sits outside the stacked pages: a word-wrapped label inside a
        # stacked form gets the height of the shortest page and is cut off.
        self.description = QLabel()
        self.description.setWordWrap(True)
        self.description.setObjectName(f"{color.value}_description")
        layout.addWidget(self.description)
        layout.addWidget(self.pages)
        layout.addStretch(1)
        self.level_combo.currentIndexChanged.connect(self._level_changed)
        self._level_changed(self.level_combo.currentIndex())
        self.ai_button.toggled.connect(self._update_enabled)
        self.human_button.setChecked(True)
        self._update_enabled()
        self.warnings: list[str] = []

    def _level_changed(self, index: int) -> None:
        self.pages.setCurrentIndex(index)
        page = self.level_pages.get(self.level_combo.itemData(index))
        self.description.setText(getattr(page.info, "description", "") if page else "")

    def _update_enabled(self) -> None:
        on = self.ai_button.isChecked()
        self.level_combo.setEnabled(on)
        self.pages.setEnabled(on)
        self.description.setEnabled(on)

    def set_side(self, side: SideSettings) -> None:
        (self.ai_button if side.ai else self.human_button).setChecked(True)
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
        page = self.level_pages[self.current_level()]
        return SideSettings(ai=self.ai_button.isChecked(), spec=page.spec())


class NewGameDialog(QDialog):
    """Board size (presets and 1..26), swap rule, both sides, AI delay and hint level.

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
    ):
        super().__init__(parent)
        self.setWindowTitle("Players and AI Settings" if players_only else "New Game")
        # The sides are named as the board's theme names them ("Blue"/"Red" in red and blue).
        name = player_name or (lambda color: color.value.capitalize())
        self._initial = settings
        self._levels = levels if levels is not None else default_levels()
        layout = QVBoxLayout(self)

        board_box = QGroupBox("Board")
        board_layout = QHBoxLayout(board_box)
        board_layout.addWidget(QLabel("Size"))
        self.size_spin = QSpinBox()
        self.size_spin.setObjectName("size")
        self.size_spin.setRange(1, MAX_SIZE)
        self.size_spin.setValue(settings.size)
        self.size_spin.setSuffix(" cells")
        board_layout.addWidget(self.size_spin)
        self.preset_buttons: dict[int, QPushButton] = {}
        for size in SIZE_PRESETS:
            button = QPushButton(f"{size}\u00d7{size}")
            button.setObjectName(f"preset_{size}")
            button.setAutoDefault(False)
            button.clicked.connect(lambda _=False, size=size: self.size_spin.setValue(size))
            board_layout.addWidget(button)
            self.preset_buttons[size] = button
        self.swap_check = QCheckBox("Swap rule")
        self.swap_check.setObjectName("swap_rule")
        self.swap_check.setToolTip("The second player may take over the first stone (pie rule)")
        self.swap_check.setChecked(settings.swap_rule)
        board_layout.addWidget(self.swap_check)
        board_layout.addStretch(1)
        layout.addWidget(board_box)
        board_box.setVisible(not players_only)

        sides = QHBoxLayout()
        self.black_panel = SidePanel(BLACK, self._levels, name=name(BLACK))
        self.white_panel = SidePanel(WHITE, self._levels, name=name(WHITE))
        self.black_panel.set_side(settings.black)
        self.white_panel.set_side(settings.white)
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
        self.hint_combo = QComboBox()
        self.hint_combo.setObjectName("hint_level")
        for name, info in self._levels.items():
            self.hint_combo.addItem(getattr(info, "label", name) or name, name)
        try:
            hint_level, _ = parse_spec(settings.hint_spec)
        except SpecError:
            hint_level = ""
        self._hint_params = settings.hint_spec.partition(":")[2]
        index = self.hint_combo.findData(hint_level)
        self.hint_combo.setCurrentIndex(max(0, index))
        extra.addRow("Hints come from", self.hint_combo)
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

    def settings(self) -> GameSettings:
        """What the dialog shows, as settings (valid whether or not it was accepted)."""
        hint_level = self.hint_combo.currentData()
        original_level = self._initial.hint_spec.partition(":")[0]
        hint_spec = (
            self._initial.hint_spec
            if hint_level == original_level and self._hint_params
            else hint_level
        )
        return GameSettings(
            size=self.size_spin.value(),
            swap_rule=self.swap_check.isChecked(),
            black=self.black_panel.side(),
            white=self.white_panel.side(),
            ai_delay_ms=self.delay_spin.value(),
            hint_spec=hint_spec,
        )

"""The engine manager (Game > External Engines): external GTP engines (MoHex, KataHex, another
HexSwarm...) by name, command line and working folder, each tested when it is added or changed.

An engine is added or changed only after it answered ``name``, ``version``,
``protocol_version``, ``list_commands`` and ``boardsize`` (:func:`engine.players.external.
probe_engine`, run on a Python thread: the window stays responsive while an engine loads).
What went wrong is shown in the editor, which stays open. The manager returns the list of
:class:`~engine.players.external.EngineConfig`; the window saves it
(:func:`hexgui.settings.save_engines`) and the new-game dialog offers the engines as players
and as the AI of hints and analysis (``engine:NAME``).

GUI thread only.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from hexswarm.engine.players.external import (
    DEFAULT_MOVE_TIMEOUT_S,
    EngineConfig,
    EngineIdentity,
    probe_engine,
)
from hexswarm.gui.dialogs.new_game import warning_label
from hexswarm.gui.forms import fit_title
from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

Prober = Callable[[EngineConfig], EngineIdentity]
"""Starts an engine, checks it, stops it; raises with a message (default: probe_engine)."""

EXAMPLES = (
    "Examples: /path/to/mohex --use-logfile=0 (MoHex, benzene), "
    "katahex gtp -config gtp.cfg -model model.bin.gz (KataHex), "
    "hexswarm-gtp --ai strong --time 2 (HexSwarm)"
)


class _ProbeRelay(QObject):
    """Carries a probe's outcome from its thread to the GUI thread (a queued signal)."""

    done = Signal(object, object)  # (EngineIdentity | None, error message | None)


class EngineEditor(QDialog):
    """Name, command line, working folder and the time a move may take, for one engine.
    OK tests the engine first; it is accepted only if the engine answered."""

    def __init__(
        self,
        engine: EngineConfig | None,
        taken_names: set[str],
        prober: Prober,
        parent: QWidget | None = None,
    ):
        super().__init__(parent)
        self.setWindowTitle("Change Engine" if engine else "Add Engine")
        fit_title(self)
        self._taken = taken_names
        self._prober = prober
        self._relay = _ProbeRelay(self)
        self._relay.done.connect(self._probed)
        self.identity: EngineIdentity | None = None
        self.testing = False
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.name_edit = QLineEdit(engine.name if engine else "")
        self.name_edit.setObjectName("engine_name")
        self.name_edit.setPlaceholderText("MoHex")
        form.addRow("Name", self.name_edit)
        self.command_edit = QLineEdit(engine.command if engine else "")
        self.command_edit.setObjectName("engine_command")
        self.command_edit.setMinimumWidth(420)
        self.command_edit.setPlaceholderText("/path/to/engine --option value")
        self.command_edit.setToolTip(EXAMPLES)
        form.addRow("Command line", self.command_edit)
        folder_row = QHBoxLayout()
        self.folder_edit = QLineEdit(engine.folder if engine else "")
        self.folder_edit.setObjectName("engine_folder")
        self.folder_edit.setPlaceholderText("(this application's folder)")
        browse = QPushButton("Browse...")
        browse.setAutoDefault(False)
        browse.clicked.connect(self._browse)
        folder_row.addWidget(self.folder_edit, 1)
        folder_row.addWidget(browse)
        form.addRow("Working folder", folder_row)
        limit_row = QHBoxLayout()
        self.limit_check = QCheckBox()
        self.limit_check.setObjectName("engine_limit")
        self.limit_spin = QDoubleSpinBox()
        self.limit_spin.setObjectName("engine_timeout")
        self.limit_spin.setRange(1, 86_400)
        self.limit_spin.setDecimals(0)
        self.limit_spin.setSuffix(" s")
        timeout = engine.move_timeout_s if engine else DEFAULT_MOVE_TIMEOUT_S
        self.limit_check.setChecked(timeout is not None)
        self.limit_spin.setValue(timeout or DEFAULT_MOVE_TIMEOUT_S)
        self.limit_spin.setEnabled(timeout is not None)
        self.limit_check.toggled.connect(self.limit_spin.setEnabled)
        limit_row.addWidget(self.limit_check)
        limit_row.addWidget(self.limit_spin, 1)
        form.addRow("A move may take", limit_row)
        layout.addLayout(form)
        hint = QLabel(EXAMPLES)
        hint.setWordWrap(True)
        hint.setEnabled(False)
        layout.addWidget(hint)
        self.status = QLabel()
        self.status.setObjectName("engine_status")
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.status)
        self.message = warning_label("engine_message")
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.message)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.ok_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setText("Test and Save")
        buttons.accepted.connect(self.test_and_accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def _browse(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, "Working folder", self.folder_edit.text())
        if folder:
            self.folder_edit.setText(folder)

    def config(self) -> EngineConfig:
        """The engine as typed (not checked)."""
        return EngineConfig(
            name=self.name_edit.text().strip(),
            command=self.command_edit.text().strip(),
            folder=self.folder_edit.text().strip(),
            move_timeout_s=self.limit_spin.value() if self.limit_check.isChecked() else None,
        )

    def _show_problem(self, text: str) -> None:
        self.message.setText(text)
        self.message.setVisible(bool(text))

    def test_and_accept(self) -> None:
        """Check the fields, then start the engine on a thread; :meth:`_probed` accepts."""
        if self.testing:
            return
        config = self.config()
        problems = config.problems()
        if config.name in self._taken:
            problems.insert(0, f"there is already an engine named {config.name!r}")
        if problems:
            self._show_problem("; ".join(problems))
            return
        self._show_problem("")
        self.testing = True
        self.ok_button.setEnabled(False)
        self.status.setText(
            f"Starting {config.name}: name, version, protocol_version, boardsize..."
        )
        relay = self._relay

        def run() -> None:
            try:
                identity = self._prober(config)
            except Exception as error:  # any failure is the engine's story, told to the user
                relay.done.emit(None, str(error))
                return
            relay.done.emit(identity, None)

        threading.Thread(target=run, name="engine-probe", daemon=True).start()

    def _probed(self, identity: EngineIdentity | None, error: str | None) -> None:
        self.testing = False
        self.ok_button.setEnabled(True)
        if identity is None:
            self.status.setText("")
            self._show_problem(f"The engine did not pass the test: {error}")
            return
        self.identity = identity
        self.status.setText(
            f"{identity.describe()} answered (GTP {identity.protocol_version}, "
            f"{len(identity.commands)} commands)."
        )
        self.accept()


class EngineManagerDialog(QDialog):
    """The list of engines with Add, Change and Remove. :meth:`engines` is the result."""

    def __init__(
        self,
        engines: list[EngineConfig],
        parent: QWidget | None = None,
        *,
        prober: Prober | None = None,
    ):
        super().__init__(parent)
        self.setWindowTitle("External Engines")
        fit_title(self)
        self._engines = list(engines)
        self._prober = prober or probe_engine
        self.editor: EngineEditor | None = None  # the open editor (tests fill it in)
        layout = QVBoxLayout(self)
        self.intro = QLabel(
            "GTP engines (MoHex, KataHex, another HexSwarm) that can stand in for HexSwarm's "
            "levels in the New Game dialog: to play either side, and as the AI of hints and "
            'analysis ("Hints and analysis come from": analysis mode, the whole-game '
            "review). Each is started and asked name, version, protocol_version and "
            "boardsize before it is kept."
        )
        self.intro.setWordWrap(True)
        layout.addWidget(self.intro)
        row = QHBoxLayout()
        self.list = QListWidget()
        self.list.setObjectName("engine_list")
        self.list.itemDoubleClicked.connect(lambda _item: self.edit_engine())
        row.addWidget(self.list, 1)
        buttons = QVBoxLayout()
        self.add_button = QPushButton("Add...")
        self.edit_button = QPushButton("Change...")
        self.remove_button = QPushButton("Remove")
        for name, button, slot in (
            ("engine_add", self.add_button, self.add_engine),
            ("engine_edit", self.edit_button, self.edit_engine),
            ("engine_remove", self.remove_button, self.remove_engine),
        ):
            button.setObjectName(name)
            button.setAutoDefault(False)
            button.clicked.connect(slot)
            buttons.addWidget(button)
        buttons.addStretch(1)
        row.addLayout(buttons)
        layout.addLayout(row)
        box = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        box.rejected.connect(self.accept)
        layout.addWidget(box)
        self.list.currentRowChanged.connect(self._update_buttons)
        self._fill()
        self.resize(640, 320)

    def engines(self) -> list[EngineConfig]:
        return list(self._engines)

    def _fill(self, current: int = 0) -> None:
        self.list.clear()
        for engine in self._engines:
            folder = f"  (in {engine.folder})" if engine.folder else ""
            item = QListWidgetItem(f"{engine.name}: {engine.command}{folder}")
            item.setToolTip(engine.command)
            self.list.addItem(item)
        if self._engines:
            self.list.setCurrentRow(min(current, len(self._engines) - 1))
        self._update_buttons()

    def _update_buttons(self) -> None:
        chosen = self.list.currentRow() >= 0
        self.edit_button.setEnabled(chosen)
        self.remove_button.setEnabled(chosen)

    def _open_editor(self, engine: EngineConfig | None, taken: set[str]) -> EngineConfig | None:
        self.editor = EngineEditor(engine, taken, self._prober, self)
        try:
            accepted = self.editor.exec() == QDialog.DialogCode.Accepted
            return self.editor.config() if accepted else None
        finally:
            self.editor = None

    def add_engine(self) -> bool:
        config = self._open_editor(None, {e.name for e in self._engines})
        if config is None:
            return False
        self._engines.append(config)
        self._fill(len(self._engines) - 1)
        return True

    def edit_engine(self) -> bool:
        row = self.list.currentRow()
        if row < 0:
            return False
        taken = {e.name for i, e in enumerate(self._engines) if i != row}
        config = self._open_editor(self._engines[row], taken)
        if config is None:
            return False
        self._engines[row] = config
        self._fill(row)
        return True

    def remove_engine(self) -> bool:
        row = self.list.currentRow()
        if row < 0:
            return False
        del self._engines[row]
        self._fill(row)
        return True

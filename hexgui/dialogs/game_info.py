"""The game's properties (Game > Properties): what its record holds, and "Replay with the
same seed".

Shows the game information the record saves (players, their AI settings, date, result, board,
swap rule, the game's random seed ``XS`` and its time control). The players' names and the
event can be written (round 13: a game of two people was saved as ``PB[Human] PW[Human]``
with no way to name them); OK returns them (:meth:`GameInfoDialog.names`), the rest is
read-only. "Replay with the same seed" closes the dialog with :data:`REPLAY`: the window then
starts a new game with the same settings and this seed, so AIs whose seed is left random play
as they did (the same moves answered by the same moves; time-limited levels vary with the
machine's speed).

GUI thread only.
"""

from __future__ import annotations

from hexswarm.engine.board import HexError
from hexswarm.engine.clock import time_control_of
from hexswarm.engine.game import Game
from hexswarm.gui.forms import fit_title
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

REPLAY = 2
"""The dialog's result when "Replay with the same seed" was chosen."""

EDITABLE = ("Black", "White", "Event")
"""The rows the user may write (``PB``, ``PW``, ``EV``); shown even when empty."""


def game_properties(game: Game) -> list[tuple[str, str]]:
    """``(label, value)`` rows of the game information of ``game`` (absent ones left out but
    the board, the swap rule, the seed and the clock)."""
    rows = [
        ("Black", game.player_black),
        ("White", game.player_white),
        ("Black's AI", game.ai_black),
        ("White's AI", game.ai_white),
        ("Date", game.date),
        ("Event", game.event),
        ("Result", game.result),
    ]
    shown = [(label, value) for label, value in rows if value]
    shown.append(("Board", f"{game.width}\u00d7{game.height}"))
    shown.append(("Swap rule", "on" if game.swap_rule else "off"))
    shown.append(("Seed", game.seed or "none recorded"))
    try:
        clock = time_control_of(game).describe()
    except HexError as error:
        clock = f"not understood ({error})"
    shown.append(("Clock", clock))
    return shown


class GameInfoDialog(QDialog):
    """The properties of ``game``; ``exec()`` returns :data:`REPLAY` when the user asks to
    replay it with its seed."""

    def __init__(self, game: Game, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("Game Properties")
        fit_title(self)
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.edits: dict[str, QLineEdit] = {}
        written = (game.player_black, game.player_white, game.event)
        for label, value in zip(EDITABLE, written, strict=True):
            edit = QLineEdit(value or "")
            edit.setObjectName(f"info_{label.lower()}")
            edit.setPlaceholderText(
                "the event, the club, the tournament" if label == "Event" else "a name"
            )
            form.addRow(label, edit)
            self.edits[label] = edit
        self.values: dict[str, QLabel] = {}
        for label, value in game_properties(game):
            if label in EDITABLE:
                continue
            field = QLabel(value)
            field.setObjectName(f"info_{label.lower().replace(' ', '_').replace(chr(39), '')}")
            field.setWordWrap(True)
            field.setTextInteractionFlags(field.textInteractionFlags() | field_selectable())
            form.addRow(label, field)
            self.values[label] = field
        layout.addLayout(form)
        note = QLabel(
            "An AI whose seed is left random (the default) plays with a seed drawn from the "
            "game's: replaying with the same seed and the same settings answers the same moves "
            "with the same moves (unless a level searches for a time, not a budget)."
        )
        note.setWordWrap(True)
        layout.addWidget(note)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.replay_button = QPushButton("Replay with the Same Seed")
        self.replay_button.setObjectName("replay_seed")
        self.replay_button.setEnabled(bool(game.seed))
        self.replay_button.setToolTip("A new game with these settings and this seed")
        buttons.addButton(self.replay_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.replay_button.clicked.connect(lambda: self.done(REPLAY))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def names(self) -> dict[str, str]:
        """What the editable rows hold now (:data:`EDITABLE` -> text, stripped; empty: none)."""
        return {label: edit.text().strip() for label, edit in self.edits.items()}


def field_selectable():
    """Text selectable with the mouse (to copy a seed or a spec)."""
    from PySide6.QtCore import Qt

    return Qt.TextInteractionFlag.TextSelectableByMouse

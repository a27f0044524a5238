"""The Positions menu: the bundled study positions (``resources/positions``), one action each.

Loading one asks to save unsaved work first, makes both sides human (nothing moves before the
user does), shows the position with the SGF's own comment in the comment dock and its
one-line explanation in the status bar.
GUI thread only.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from hexswarm.gui.window_actions import make_action
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QMessageBox

if TYPE_CHECKING:
    from hexswarm.gui.main_window import MainWindow


class PositionsMenu:
    """The study positions of ``window``; ``actions`` are the menu's entries, in order
    (``Alt+1`` ... ``Alt+9``, ``Alt+0`` for the first ten)."""

    def __init__(self, window: MainWindow):
        self._window = window
        self.actions: list[QAction] = []

    def fill(self, menu: QMenu) -> None:
        from hexswarm.resources.positions import list_positions

        try:
            positions = list_positions()
        except (OSError, ValueError) as error:
            action = menu.addAction(f"(study positions unavailable: {error})")
            action.setEnabled(False)
            return
        for index, position in enumerate(positions, start=1):
            shortcut = f"Alt+{index % 10}" if index <= 10 else ""
            action = make_action(
                self._window,
                position.title,
                shortcut,
                lambda position=position: self.load_position(position.file),
                tip=position.explanation,
            )
            menu.addAction(action)
            self.actions.append(action)
        menu.setToolTipsVisible(True)

    def load_position(self, file: str) -> bool:
        """Load a bundled study position by file name; its explanation goes to the status
        bar. Both sides become human so nothing moves before the user does."""
        from hexswarm.resources.positions import load_position, position_comment

        window = self._window
        controller = window.controller
        try:
            position, board = load_position(file)
            comment = position_comment(file) or position.explanation
        except (OSError, ValueError) as error:
            QMessageBox.warning(window, "Study position", f"Could not load {file}: {error}")
            return False
        if not window.document.maybe_save("opening a study position"):
            return False
        settings = controller.settings
        if settings.black.ai or settings.white.ai:
            controller.set_settings(
                replace(
                    settings,
                    black=replace(settings.black, ai=False),
                    white=replace(settings.white, ai=False),
                )
            )
        if window.dashboard is not None:
            window.dashboard.set_board_size(board.shape)
        controller.load_board(board, at_end=True)
        if comment:  # the SGF's long explanation; the status bar has the one-line one
            controller.set_comment(comment)
        window.document.set_clean()
        window.show_status(f"{position.title}: {position.explanation}")
        window.board_widget.set_caption("")
        return True

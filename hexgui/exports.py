"""File > Export: the board as an image, the game as a HexWorld or trmph link, the move list.

:class:`Exports` writes what is on screen (the position at the cursor) to a file or the
clipboard; a failure gives one message box and changes nothing. GUI thread only.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from hexswarm.gui.board_widget import BoardWidget
from hexswarm.gui.document import APP_TITLE
from hexswarm.gui.game_controller import GameController
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox, QWidget


class Exports:
    """The exports of the window ``parent``: ``store`` remembers the last directory,
    ``show_status`` tells the user what was done."""

    def __init__(
        self,
        parent: QWidget,
        controller: GameController,
        board_widget: BoardWidget,
        store: QSettings,
        show_status: Callable[[str], None],
        game_path: Callable[[], Path | None] = lambda: None,
    ):
        self._parent = parent
        self._controller = controller
        self._board_widget = board_widget
        self._store = store
        self._show_status = show_status
        self._game_path = game_path  # the game's file, if it has one (the image's name)

    def image_name(self) -> str:
        """The name the image export offers: the game's file name, or the name Save would
        offer, and the move shown (``2026-11-29 Ann vs Bo move 26.png``). Round 15: every
        diagram was offered ``board.png``, each export over the last."""
        from hexswarm.gui.document import suggested_name

        path = self._game_path()
        stem = path.stem if path is not None else Path(suggested_name(self._controller.game)).stem
        number = self._controller.move_number
        return f"{stem} {'start' if number == 0 else f'move {number}'}.png"

    def export_image_dialog(self) -> bool:
        directory = str(self._store.value("files/last_directory", str(Path.home())))
        path, chosen = QFileDialog.getSaveFileName(
            self._parent,
            "Export Board Image",
            str(Path(directory) / self.image_name()),
            "PNG image (*.png);;SVG image (*.svg)",
        )
        if not path:
            return False
        # The name is offered as .png: choosing the SVG filter must give SVG (round 15: the
        # filter was ignored while the name ended in .png), and a name typed as .svg too.
        svg = "SVG" in chosen or Path(path).suffix.lower() == ".svg"
        wanted = ".svg" if svg else ".png"
        if Path(path).suffix.lower() in (".png", ".svg"):
            path = str(Path(path).with_suffix(wanted))
        else:
            path += wanted
        return self.export_image(path)

    def export_image(self, path: str | Path) -> bool:
        """PNG: the board as drawn on screen; SVG: engine.records.image.board_svg."""
        path = Path(path)
        try:
            if path.suffix.lower() == ".svg":
                from hexswarm.engine.records.autosave import atomic_write_text
                from hexswarm.engine.records.image import board_svg

                atomic_write_text(path, board_svg(self._controller.board))
            else:
                if not self._board_widget.grab().save(str(path), "PNG"):
                    raise OSError("Qt could not write the PNG file")
        except Exception as error:  # noqa: BLE001
            QMessageBox.warning(
                self._parent, APP_TITLE, f"Could not export {path.name}.\n\n{error}"
            )
            return False
        self._show_status(f"Exported {path}.")
        return True

    def link_text(self, kind: str) -> str:
        """The HexWorld or trmph link of the game on screen (moves up to the cursor)."""
        from hexswarm.engine.records import links

        board = self._controller.board
        if kind == "hexworld":
            return links.hexworld_link(board, redblue=self._board_widget.theme_name == "redblue")
        return links.trmph_link(board)

    def copy_link(self, kind: str) -> None:
        try:
            text = self.link_text(kind)
        except Exception as error:  # noqa: BLE001
            QMessageBox.warning(self._parent, APP_TITLE, f"Could not make the link.\n\n{error}")
            return
        QApplication.clipboard().setText(text)
        self._show_status(f"Copied: {text}")

    def copy_move_list(self) -> None:
        from hexswarm.engine.records import move_list_text

        text = move_list_text(self._controller.board)
        QApplication.clipboard().setText(text)
        self._show_status("Copied the move list.")

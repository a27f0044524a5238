"""Take the screenshots of a 7x11 board (run under Xvfb).

    xvfb-run -a -s "-screen 0 1600x1000x24" \\
        python -m tests.gui.make_rect_screenshot docs/screenshots

``board-7x11.png``: a human (Black, joining the top and bottom rows, 11 apart) against the UCT
level (White, joining the left and right columns, 7 apart) on 7 columns x 11 rows; the human
plays five moves, the AI answers each through the square embedding, and the picture is taken
while the AI thinks about its sixth move, its candidate moves on the board. The dashboard
docks are hidden. ``new-game-7x11.png``: the new-game dialog set to 7 x 11 (Square unticked,
the swap rule greyed out).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QDockWidget

from tests.gui.make_screenshots import wait

HUMAN_MOVES = ("d6", "c8", "e3", "b10", "f2")
AI_SPEC = "uct:playouts=400000,seed=1"


def take(directory: Path) -> list[Path]:
    from hexswarm.engine.warmup import warm_up
    from hexswarm.gui.dialogs.new_game import NewGameDialog
    from hexswarm.gui.main_window import MainWindow
    from hexswarm.gui.settings import GameSettings, SideSettings

    app = QApplication.instance() or QApplication(sys.argv)
    warm_up()  # as the splash does: loading kernels is not thinking
    paths = [directory / "board-7x11.png", directory / "new-game-7x11.png"]
    with tempfile.TemporaryDirectory() as temp:
        store = QSettings(str(Path(temp) / "rect.ini"), QSettings.Format.IniFormat)
        window = MainWindow(store, autosave=False, offer_restore=False)
        for dock in window.findChildren(QDockWidget):
            if dock is not window.move_list_dock:
                dock.hide()
        window.resize(1100, 860)
        window.set_dark_mode("light")
        window.show()
        settings = GameSettings(
            size=7,
            height=11,
            black=SideSettings(),
            white=SideSettings(ai=True, spec=AI_SPEC),
            ai_delay_ms=0,
        )
        window.start_new_game(settings)
        c = window.controller
        for number, move in enumerate(HUMAN_MOVES):
            c.play(move)
            if number < len(HUMAN_MOVES) - 1:
                wait(app, lambda number=number: len(c.board.moves) >= 2 * number + 2, 120)
        wait(app, lambda: False, 3.0)  # the AI's sixth search shows its candidates
        assert c.board.shape == (7, 11) and len(c.board.moves) == 2 * len(HUMAN_MOVES) - 1
        window.grab().save(str(paths[0]))
        c.stop()
        dialog = NewGameDialog(settings, window)
        dialog.square_check.setChecked(False)
        dialog.show()
        wait(app, lambda: False, 0.5)
        dialog.grab().save(str(paths[1]))
        dialog.close()
        window.document.set_clean()
        window.close()
    return paths


if __name__ == "__main__":
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots")
    out.mkdir(parents=True, exist_ok=True)
    for path in take(out):
        print(path)

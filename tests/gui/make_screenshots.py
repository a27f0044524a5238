"""Take the README screenshots of a game in progress, in both themes (run under Xvfb).

    xvfb-run -a -s "-screen 0 1600x1000x24" python -m tests.gui.make_screenshots docs/screenshots

Uses the real application window with a temporary settings file; the dashboard docks are
hidden so the board and the game controls are what the picture shows.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QDockWidget

OPENING = ("f6", "e7", "d8", "g5", "e5", "f4", "h3", "c7", "c9", "d6")


def take(directory: Path) -> list[Path]:
    from hexgui.main_window import MainWindow
    from hexgui.settings import GameSettings, SideSettings

    app = QApplication.instance() or QApplication(sys.argv)
    saved = []
    with tempfile.TemporaryDirectory() as temp:
        for theme, name in (("classic", "game-classic.png"), ("redblue", "game-redblue.png")):
            store = QSettings(str(Path(temp) / f"{theme}.ini"), QSettings.Format.IniFormat)
            window = MainWindow(store, autosave=False, offer_restore=False)
            for dock in window.findChildren(QDockWidget):
                if dock is not window.move_list_dock:
                    dock.hide()
            window.resize(1200, 780)
            window.set_dark_mode("light")
            window.set_theme(theme)
            window.start_new_game(GameSettings(size=11, black=SideSettings(), white=SideSettings()))
            for move in OPENING:
                window.controller.play(move)
            window.show()
            for _ in range(20):
                app.processEvents()
            path = directory / name
            window.grab().save(str(path))
            saved.append(path)
            window.close()
    return saved


if __name__ == "__main__":
    target = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots")
    target.mkdir(parents=True, exist_ok=True)
    for path in take(target):
        print(path)

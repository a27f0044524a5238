"""The first window as a new user sees it, on one screen size and theme (run under Xvfb).

    for size in 1024x640 1366x768 1600x1000; do for mode in light dark; do
      xvfb-run -a -s "-screen 0 ${size}x24" python -m tests.gui.make_screen_screenshots \
          docs/screenshots/screens $mode
    done; done

A fresh settings file (the first start's layout for that screen), the chosen dark mode, a 9x9
game whose Black is the thesis's SDST with fewer agents (``SPEC``), caught mid-search: the
board's candidate marks, the Population panel with its cluster reading, the status bar. Saves
``<screen>-<mode>.png`` and prints the window's and the board's sizes.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

SPEC = "sdst:agents=20000,iterations=400,seed=1"
SHOWN_ITERATION = 60


def take(directory: Path, mode: str) -> Path:
    from hexswarm.engine.warmup import warm_up
    from hexswarm.gui.main_window import MainWindow
    from hexswarm.gui.settings import GameSettings, SideSettings

    app = QApplication.instance() or QApplication(sys.argv[:1])
    warm_up()
    area = app.primaryScreen().availableGeometry()
    with tempfile.TemporaryDirectory() as temp:
        store = QSettings(str(Path(temp) / "fresh.ini"), QSettings.Format.IniFormat)
        window = MainWindow(store, autosave=False, offer_restore=False)
        window.set_dark_mode(mode)
        window.show()
        window.start_new_game(
            GameSettings(size=9, black=SideSettings(ai=True, spec=SPEC), white=SideSettings())
        )
        deadline = time.monotonic() + 300
        while time.monotonic() < deadline:
            app.processEvents()
            shown = window.dashboard.population.snapshot
            if shown is not None and shown.iteration >= SHOWN_ITERATION:
                break
            time.sleep(0.01)
        settle = time.monotonic() + 0.6  # one more round of every panel
        while time.monotonic() < settle:
            app.processEvents()
            time.sleep(0.01)
        directory.mkdir(parents=True, exist_ok=True)
        path = directory / f"{area.width()}x{area.height()}-{mode}.png"
        window.grab().save(str(path))
        board = window.board_widget
        print(
            f"{path.name}: window {window.width()}x{window.height()} on a "
            f"{area.width()}x{area.height()} screen, board {board.width()}x{board.height()} "
            f"({board.width() * board.height() / (window.width() * window.height()):.0%} of it)"
        )
        window.controller.stop()
        window.document.set_clean()
        window.close()
    return path


if __name__ == "__main__":
    take(Path(sys.argv[1]), sys.argv[2] if len(sys.argv) > 2 else "light")

"""Take the screenshot of a game with clocks running (run under Xvfb).

    xvfb-run -a -s "-screen 0 1600x1000x24" \\
        python -m tests.gui.make_clock_screenshot docs/screenshots

A human (Black) against the MCSDS level (White) on 11x11 with a Fischer clock of 1 min + 2 s a
move: the human plays the opening moves, the AI answers on its clock, and the picture is taken
while the AI thinks (its clock green, Black's stopped). The dashboard docks are hidden.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QDockWidget

from tests.gui.make_screenshots import wait

HUMAN_MOVES = ("f6", "d8", "h3", "c9")
AI_SPEC = "mcsds:agents=20000,iterations=1000000"


def take(directory: Path) -> Path:
    from hexswarm.engine.board import WHITE
    from hexswarm.engine.warmup import warm_up
    from hexswarm.gui.main_window import MainWindow
    from hexswarm.gui.settings import GameSettings, SideSettings

    app = QApplication.instance() or QApplication(sys.argv)
    warm_up()  # as the splash does: loading kernels is not thinking
    path = directory / "game-clocks.png"
    with tempfile.TemporaryDirectory() as temp:
        store = QSettings(str(Path(temp) / "clocks.ini"), QSettings.Format.IniFormat)
        window = MainWindow(store, autosave=False, offer_restore=False)
        for dock in window.findChildren(QDockWidget):
            if dock is not window.move_list_dock:
                dock.hide()
        window.resize(1200, 800)
        window.set_dark_mode("light")
        window.show()
        settings = GameSettings(
            size=11,
            black=SideSettings(),
            white=SideSettings(ai=True, spec=AI_SPEC),
            time_control="60+2",
            ai_delay_ms=0,
        )
        window.start_new_game(settings)
        c = window.controller
        for number, move in enumerate(HUMAN_MOVES):
            wait(app, lambda: False, 1.5)  # the human's clock runs while "thinking"
            c.play(move)
            if number < len(HUMAN_MOVES) - 1:
                wait(app, lambda number=number: len(c.board.moves) >= 2 * number + 2, 60)
        started = time.monotonic()
        wait(app, lambda: time.monotonic() - started > 1.5, 5)  # White's clock visibly runs
        assert c.clock is not None and c.clock.running is WHITE, "the AI's clock should run"
        window.grab().save(str(path))
        c.stop()
        window.document.set_clean()
        window.close()
    return path


if __name__ == "__main__":
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots")
    out.mkdir(parents=True, exist_ok=True)
    print(take(out))

"""Take the study-desk screenshots (issue 32) with the real window (run under Xvfb).

    xvfb-run -a -s "-screen 0 1600x1000x24" \
        python -m tests.gui.make_study_screenshots docs/screenshots

* ``candidates-sdst-9x9.png`` / ``candidates-uct-13x13.png``: the candidate marks during a
  search (value, support, share ring), the mouse on the second candidate so its line shows;
* ``review-9x9.png``: a game of UCT (20 000 playouts) against a weak vanilla Monte-Carlo,
  reviewed by UCT at 0.5 s a position, shown at the position before its first mistake (the
  better line ghosted, the grades on the move list and the game graph).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from hexswarm.gui.latency_probe import run_for
from PySide6.QtCore import QPoint, QSettings, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication, QDockWidget

OPENINGS = {9: ("e5", "d6", "f4", "c7", "g3"), 13: ("g7", "f8", "h6", "e9", "j5", "d10")}


def hover(board, cell: int) -> None:
    """Move the mouse onto ``cell`` as a real pointer would (the board tracks the mouse)."""
    point = board.cell_center(cell)
    event = QMouseEvent(
        QMouseEvent.Type.MouseMove,
        point,
        board.mapToGlobal(QPoint(round(point.x()), round(point.y()))).toPointF(),
        Qt.MouseButton.NoButton,
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
    )
    board.mouseMoveEvent(event)


def window_for(temp: Path, name: str, docks: tuple[str, ...] = ()):
    from hexswarm.gui.main_window import MainWindow

    store = QSettings(str(temp / f"{name}.ini"), QSettings.Format.IniFormat)
    window = MainWindow(store, autosave=False, offer_restore=False)
    shown = {window.move_list_dock, *(window.dashboard.docks[d] for d in docks)}
    for dock in window.findChildren(QDockWidget):
        if dock not in shown:
            dock.hide()
    window.resize(1280, 820)
    window.set_dark_mode("light")
    window.show()
    return window


def candidates_picture(app, temp: Path, path: Path, size: int, spec: str) -> Path:
    from hexswarm.gui.settings import GameSettings, SideSettings

    window = window_for(temp, path.stem, docks=("population",))
    c = window.controller
    window.start_new_game(GameSettings(size=size, black=SideSettings(), white=SideSettings()))
    for move in OPENINGS[size]:
        c.play(move)
    ai = SideSettings(ai=True, spec=spec)
    side = {"black": "black", "white": "white"}[c.board.to_move.value]
    c.set_settings(GameSettings(size=size, **{side: ai}, ai_delay_ms=0))
    c.set_paused(False)
    run_for(60.0, until=lambda: c.searching)
    run_for(2.5)
    window.dashboard.refresh()
    marks = window.board_widget.candidates
    if len(marks) > 1:
        hover(window.board_widget, marks[1].cell)
        window.dashboard._board_hovered(marks[1].cell)
    for _ in range(10):
        app.processEvents()
    window.grab().save(str(path))
    c.stop()
    run_for(2.0, until=lambda: not c.searching)
    window.document.set_clean()
    window.close()
    return path


def review_picture(app, temp: Path, path: Path) -> Path:
    from hexswarm.gui.review import ReviewSettings
    from hexswarm.gui.settings import GameSettings, SideSettings

    window = window_for(temp, path.stem, docks=("game_graph",))
    c = window.controller
    stronger = SideSettings(ai=True, spec="uct:playouts=20000,seed=5")
    weak = SideSettings(ai=True, spec="mc:playouts_per_move=30,seed=5")
    settings = GameSettings(
        size=9, black=stronger, white=weak, ai_delay_ms=0, hint_spec="uct:time_s=0.5,seed=2"
    )
    window.start_new_game(settings)
    c.set_paused(False)
    run_for(300.0, until=lambda: c.is_over)
    c.set_paused(True)
    done = []
    window.reviewer.analysis.finished.connect(done.append)
    window.reviewer.review_game(ReviewSettings(seconds=0.5))
    run_for(600.0, until=lambda: bool(done))
    c.go_to(0)
    window.reviewer.step_mistake(1)
    for _ in range(10):
        app.processEvents()
    window.grab().save(str(path))
    window.document.set_clean()
    window.close()
    return path


def take(directory: Path) -> list[Path]:
    from hexswarm.engine.warmup import warm_up

    app = QApplication.instance() or QApplication(sys.argv)
    warm_up()
    with tempfile.TemporaryDirectory() as temp_name:
        temp = Path(temp_name)
        return [
            candidates_picture(
                app, temp, directory / "candidates-sdst-9x9.png", 9, "sdst:time_s=5,seed=3"
            ),
            candidates_picture(
                app, temp, directory / "candidates-uct-13x13.png", 13, "uct:time_s=5,seed=3"
            ),
            review_picture(app, temp, directory / "review-9x9.png"),
        ]


if __name__ == "__main__":
    target = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots")
    target.mkdir(parents=True, exist_ok=True)
    for saved in take(target):
        print(saved)

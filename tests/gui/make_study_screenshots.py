"""Take the study-desk screenshots (issue 32) with the real window (run under Xvfb).

    xvfb-run -a -s "-screen 0 1600x1000x24" \
        python -m tests.gui.make_study_screenshots docs/screenshots [review]

(``review``: only ``review-9x9.png``.)

* ``candidates-sdst-9x9.png`` / ``candidates-uct-13x13.png``: the candidate marks during a
  search (value, support, share ring), the mouse on the second candidate so its line shows;
* ``review-9x9.png``: a hand-made 9x9 game (:data:`BLUNDER_GAME`) in which Black, whose
  stones e5, f3 and d7 are joined by bridges and edge templates, does not answer White's
  intrusion e6 into the bridge e5-d7 and White cuts at d6; reviewed by a seeded UCT at 50 000
  playouts a position (a count, not seconds: the same grades on any machine and load; a game
  of two AIs reviewed at 0.5 s a position under load had no mistake to show), shown at the
  position before the worst graded move (the better line ghosted, the grades on the move list
  and the game graph).
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
REVIEW_ANALYST_AT_A_COUNT = "uct:playouts=50000,seed=2"
BLUNDER_GAME = "(;FF[4]GM[11]SZ[9];B[e5];W[c5];B[f3];W[g5];B[d7];W[e6];B[b2];W[d6];B[f6];W[e7])"
"""Move 7 (b2) leaves the intrusion at e6 unanswered: d6 kept Black's chain."""


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
    from hexswarm.engine.records import parse_sgf
    from hexswarm.engine.review import BLUNDER, MISTAKE
    from hexswarm.gui.review import ReviewSettings
    from hexswarm.gui.settings import GameSettings, SideSettings

    window = window_for(temp, path.stem, docks=("game_graph",))
    c = window.controller
    window.start_new_game(GameSettings(size=9, black=SideSettings(), white=SideSettings()))
    c.load_game(parse_sgf(BLUNDER_GAME)[0])
    done = []
    window.reviewer.analysis.finished.connect(done.append)
    window.reviewer.analysis.failed.connect(lambda message: print("review failed:", message))
    review = ReviewSettings(seconds=600.0, analyst=REVIEW_ANALYST_AT_A_COUNT)
    window.reviewer.review_game(review)
    run_for(1200.0, until=lambda: bool(done))
    grades = {
        node: review.grade
        for node, review in window.reviewer.review.reviews(c.game).items()
        if review.grade in (MISTAKE, BLUNDER)
    }
    print("graded:", {node.token: grade for node, grade in grades.items()})
    worst = next((n for n, g in grades.items() if g == BLUNDER), next(iter(grades), None))
    if worst is not None:
        c.go_to_node(worst.parent)
        window.reviewer.show_review_here()
    for _ in range(10):
        app.processEvents()
    if worst is not None:
        window.grab().save(str(path))
    window.document.set_clean()
    window.close()
    if worst is None:
        raise SystemExit("the review found no mistake: no picture of one")
    return path


def take(directory: Path, review_only: bool = False) -> list[Path]:
    from hexswarm.engine.warmup import warm_up

    app = QApplication.instance() or QApplication(sys.argv)
    warm_up()
    with tempfile.TemporaryDirectory() as temp_name:
        temp = Path(temp_name)
        saved = []
        if not review_only:
            saved += [
                candidates_picture(
                    app, temp, directory / "candidates-sdst-9x9.png", 9, "sdst:time_s=5,seed=3"
                ),
                candidates_picture(
                    app, temp, directory / "candidates-uct-13x13.png", 13, "uct:time_s=5,seed=3"
                ),
            ]
        saved.append(review_picture(app, temp, directory / "review-9x9.png"))
        return saved


if __name__ == "__main__":
    target = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots")
    target.mkdir(parents=True, exist_ok=True)
    for saved in take(target, review_only=sys.argv[2:3] == ["review"]):
        print(saved)

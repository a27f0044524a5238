"""Take the README screenshots of a game in progress, in both themes (run under Xvfb).

    xvfb-run -a -s "-screen 0 1600x1000x24" python -m tests.gui.make_screenshots docs/screenshots

Uses the real application window with a temporary settings file; the dashboard docks are
hidden so the board and the game controls are what the picture shows. After a few opening
moves the real UCT AI is asked for a hint, so the board shows its share of visits per cell.
A third picture shows a game with variations: the move tree and comment docks, move numbers on.
The dashboard pictures show the docks live during a search of the AI's fifth move on 9x9:
SDST, UCT and the anthill (population, tree and game graph), and the UCT one again on the
throughput tab.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QEventLoop, QSettings, QTimer
from PySide6.QtWidgets import QApplication, QDockWidget

OPENING = ("f6", "e7", "d8", "g5", "e5", "f4", "h3", "c7", "c9", "d6")
HINT_SPEC = "uct:playouts=40000,seed=1"


def take(directory: Path) -> list[Path]:
    from hexswarm.engine.warmup import warm_up
    from hexswarm.gui.main_window import MainWindow
    from hexswarm.gui.settings import GameSettings, SideSettings

    app = QApplication.instance() or QApplication(sys.argv)
    # As the application's splash does: otherwise the first search loads its kernels and the
    # status bar's clock counts that time as thinking.
    warm_up()
    saved = []
    with tempfile.TemporaryDirectory() as temp:
        for theme, name in (("classic", "game-classic.png"), ("redblue", "game-redblue.png")):
            store = QSettings(str(Path(temp) / f"{theme}.ini"), QSettings.Format.IniFormat)
            window = MainWindow(store, autosave=False, offer_restore=False)
            for dock in window.findChildren(QDockWidget):
                if dock is not window.move_list_dock:
                    dock.hide()
            # The hint then labels only its strongest candidates (the dashboard's search hints
            # would label every cell the agents visit).
            window.dashboard.set_hints_visible(False)
            window.resize(1200, 780)
            window.set_dark_mode("light")
            window.set_theme(theme)
            humans = GameSettings(
                size=11, black=SideSettings(), white=SideSettings(), analysis_spec=HINT_SPEC
            )
            window.start_new_game(humans)
            for move in OPENING:
                window.controller.play(move)
            window.show()
            loop = QEventLoop()
            window.controller.hint_ready.connect(lambda _choice, loop=loop: loop.quit())
            QTimer.singleShot(120_000, loop.quit)
            if window.controller.hint():
                loop.exec()
            for _ in range(20):
                app.processEvents()
            path = directory / name
            window.grab().save(str(path))
            saved.append(path)
            window.document.set_clean()  # nothing to save: close without asking
            window.close()
        saved.append(_variations(app, directory / "game-variations.png", Path(temp)))
        for level, spec in DASHBOARD_SPECS.items():
            saved.extend(_dashboard(app, directory, level, spec, Path(temp)))
    return saved


DASHBOARD_SPECS = {
    "sdst": "sdst:agents=20000,iterations=200,time_s=6,seed=3",
    "uct": "uct:time_s=6,seed=3",
    "anthill": "anthill:time_s=6,seed=3",
}
# The human's (White's) replies, in order of preference: the first empty one is played.
DASHBOARD_REPLIES = ("c7", "g3", "d4", "f6", "e6", "d6", "f4", "g4")


def wait(app: QApplication, condition, seconds: float) -> bool:
    """Run the event loop until ``condition()`` holds or ``seconds`` pass; whether it holds.
    (``lambda: False`` simply lets the window live for ``seconds``.)"""
    loop = QEventLoop()
    poll = QTimer()
    poll.timeout.connect(lambda: loop.quit() if condition() else None)
    poll.start(50)
    QTimer.singleShot(round(seconds * 1000), loop.quit)
    loop.exec()
    poll.stop()
    return condition()


def _dashboard(app: QApplication, directory: Path, level: str, spec: str, temp: Path) -> list[Path]:
    """The AI (Black) plays four moves against fixed replies; the pictures are taken 4 s into
    its fifth search, so the charts show a search in progress and the game graph four points."""
    from hexswarm.gui.main_window import MainWindow
    from hexswarm.gui.settings import GameSettings, SideSettings

    store = QSettings(str(temp / f"dashboard-{level}.ini"), QSettings.Format.IniFormat)
    window = MainWindow(store, autosave=False, offer_restore=False)
    window.resize(1500, 950)
    window.set_dark_mode("light")
    window.show()
    c = window.controller
    c.new_game(GameSettings(size=9, black=SideSettings(ai=True, spec=spec), white=SideSettings()))
    for _ in range(4):
        moves = c.move_count
        wait(app, lambda moves=moves: c.move_count > moves, 60)
        board = c.board
        c.play(next(r for r in DASHBOARD_REPLIES if board.cells[board.parse_move(r)] == 0))
    wait(app, lambda: False, 4.0)
    saved = [directory / f"dashboard-{level}-9x9.png"]
    window.grab().save(str(saved[0]))
    if level == "uct":
        window.dashboard.docks["throughput"].raise_()
        wait(app, lambda: False, 1.0)
        saved.append(directory / "dashboard-throughput-9x9.png")
        window.grab().save(str(saved[1]))
    c.stop()
    window.document.set_clean()
    window.close()
    return saved


def _variations(app: QApplication, path: Path, temp: Path) -> Path:
    """The opening with two side lines, comments, and the move tree beside the board."""
    from hexswarm.gui.main_window import MainWindow
    from hexswarm.gui.settings import GameSettings, SideSettings

    store = QSettings(str(temp / "variations.ini"), QSettings.Format.IniFormat)
    window = MainWindow(store, autosave=False, offer_restore=False)
    for dock in window.findChildren(QDockWidget):
        dock.setVisible(dock in (window.move_tree_dock, window.comment_dock))
    window.resize(1200, 780)
    window.set_dark_mode("light")
    window.set_show_move_numbers(True)
    window.start_new_game(GameSettings(size=11, black=SideSettings(), white=SideSettings()))
    c = window.controller
    for move in OPENING:
        c.play(move)
    c.go_to(4)
    c.play("f5")  # a side line from move 5
    c.set_comment("A side line from move 5 (comments are saved with the game).")
    c.play("e6")
    c.go_to(2)
    c.play("f7")  # another from move 3
    c.set_comment("Another try at move 3.")
    c.go_to_node(c.game.main_line()[8])
    c.set_comment("Back on the main line: every variation stays in the tree.")
    window.show()
    for _ in range(20):
        app.processEvents()
    window.grab().save(str(path))
    window.document.set_clean()
    window.close()
    return path


if __name__ == "__main__":
    target = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots")
    target.mkdir(parents=True, exist_ok=True)
    for path in take(target):
        print(path)

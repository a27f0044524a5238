"""Take the screenshots of external engines (run under Xvfb): the engine manager with MoHex and
HexSwarm's own GTP engine, and a 9x9 game of a human (Black) against MoHex (White) with the game
graph of MoHex's values.

    xvfb-run -a -s "-screen 0 1600x1000x24" python -m tests.gui.make_engine_screenshots \\
        docs/screenshots [MOHEX COMMAND LINE]

The default MoHex command line is this machine's build (``/work/mohex/mohex-gtp.sh --games
2000 --seed 1``). Both engines are tested by the manager's own check (probe_engine) first.
"""

from __future__ import annotations

import shlex
import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QDockWidget

from tests.gui.make_screenshots import wait

MOHEX = "/work/mohex/mohex-gtp.sh --games 2000 --seed 1"
HUMAN_MOVES = ("e5", "d7", "f3", "c6")


def take(directory: Path, mohex: str = MOHEX) -> list[Path]:
    from hexswarm.engine.players.external import EngineConfig, probe_engine
    from hexswarm.gui.dialogs.engines import EngineManagerDialog
    from hexswarm.gui.main_window import MainWindow
    from hexswarm.gui.settings import GameSettings, SideSettings, save_engines, save_game_settings

    app = QApplication.instance() or QApplication(sys.argv)
    ours = shlex.join([sys.executable, "-m", "hexswarm.engine.gtp"]) + " --ai strong --time 2"
    engines = [EngineConfig("MoHex", mohex), EngineConfig("HexSwarm GTP", ours, "", 60.0)]
    for engine in engines:
        print(f"{engine.name}: {probe_engine(engine, 9).describe()}", flush=True)
    saved = []
    manager = EngineManagerDialog(engines)
    manager.list.setCurrentRow(0)
    manager.show()
    app.processEvents()
    path = directory / "engine-manager.png"
    manager.grab().save(str(path))
    saved.append(path)
    manager.close()

    with tempfile.TemporaryDirectory() as temp:
        store = QSettings(str(Path(temp) / "engines.ini"), QSettings.Format.IniFormat)
        save_engines(store, engines)
        settings = GameSettings(size=9, white=SideSettings(True, "engine:MoHex"), ai_delay_ms=0)
        save_game_settings(store, settings)
        window = MainWindow(store, autosave=False, offer_restore=False)
        shown = {window.move_list_dock, window.dashboard.docks["game_graph"]}
        for dock in window.findChildren(QDockWidget):
            if dock not in shown:
                dock.hide()
        window.resize(1100, 900)
        window.set_dark_mode("light")
        window.start_new_game(settings)
        window.show()
        controller = window.controller
        for number, move in enumerate(HUMAN_MOVES):
            controller.play(move)
            if not wait(app, lambda n=number: len(controller.board.moves) >= 2 * n + 2, 120):
                raise SystemExit(f"MoHex did not answer move {move}")
        wait(app, lambda: False, 1)  # the graph draws once the event loop is free
        app.processEvents()
        path = directory / "game-against-mohex.png"
        window.grab().save(str(path))
        saved.append(path)
        window.document.set_clean()
        window.close()
    return saved


if __name__ == "__main__":
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots")
    for picture in take(out, *(sys.argv[2:3])):
        print(picture)

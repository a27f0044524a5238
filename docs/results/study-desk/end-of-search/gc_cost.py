"""What one collection of all generations costs the GUI thread once the application is up,
before and after ``gc.freeze`` (what ``hexswarm`` does at start-up: ``hexgui.app``).

    QT_QPA_PLATFORM=offscreen python docs/results/study-desk/end-of-search/gc_cost.py

Builds the main window, loads a search's kernels (one short UCT search), then times
``gc.collect()`` three times on the thread's CPU clock, freezes, and times it three more times.
"""

import gc
import os
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from hexswarm.engine.board import Board  # noqa: E402 (after the platform is chosen)
from hexswarm.engine.players import create_player  # noqa: E402
from hexswarm.gui.main_window import MainWindow  # noqa: E402
from PySide6.QtCore import QSettings  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402


def full_collection_ms() -> float:
    start = time.thread_time()
    gc.collect()
    return (time.thread_time() - start) * 1000.0


def main() -> None:
    app = QApplication([])
    store = QSettings(str(Path(tempfile.mkdtemp()) / "p.ini"), QSettings.Format.IniFormat)
    window = MainWindow(store, autosave=False, offer_restore=False)
    window.resize(1400, 900)
    window.show()
    app.processEvents()
    create_player("uct:playouts=2000").choose_move(Board(13))
    print("objects tracked", len(gc.get_objects()))
    print("full collection before freeze (ms):", [round(full_collection_ms(), 1) for _ in "abc"])
    gc.freeze()
    print("frozen", gc.get_freeze_count())
    print("full collection after freeze (ms):", [round(full_collection_ms(), 1) for _ in "abc"])
    window.document.set_clean()
    window.close()


if __name__ == "__main__":
    main()

"""``hexswarm``: start the desktop application.

    hexswarm                 start with a new game (or offer to restore an interrupted one)
    hexswarm GAME.sgf        open a record
    hexswarm --version       print the version and exit

Environment: ``HEXSWARM_TIMING=1`` prints the time to the first window on stderr;
``HEXSWARM_SCREENSHOT=file.png`` saves a picture of the first window and quits (used to check a
build on a machine without a person in front of it); ``NUMBA_CACHE_DIR`` overrides where compiled
kernels are kept.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from traceback import format_exc

from hexswarm.engine import __version__

APP_ID = "io.github.hexswarm.HexSwarm"


def _parse_arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="hexswarm", description="Play and study Hex.")
    parser.add_argument("--version", action="version", version=f"HexSwarm {__version__}")
    parser.add_argument("file", nargs="?", help="an SGF game record to open")
    # Qt's own options (-style, -platform ...) pass through to QApplication.
    arguments, _qt_arguments = parser.parse_known_args(argv)
    return arguments


def _app_icon():
    from hexswarm.resources import ICON_SIZES, icon_png, resource_path
    from PySide6.QtGui import QIcon, QPixmap

    icon = QIcon()
    for size in ICON_SIZES:
        pixmap = QPixmap()
        if pixmap.loadFromData(icon_png(size).read_bytes()):
            icon.addPixmap(pixmap)
    if icon.isNull():
        svg = resource_path("icons", "hexswarm.svg")
        if svg.is_file():
            icon = QIcon(str(svg))
    return icon


def main(argv: list[str] | None = None) -> int:
    """Run the application; returns the exit status."""
    started = time.perf_counter()
    argv = sys.argv[1:] if argv is None else argv
    arguments = _parse_arguments(argv)

    from hexswarm.engine.kernels import source_fingerprint
    from hexswarm.gui.startup import configure_numba_cache

    cache = configure_numba_cache(f"{__version__}-{source_fingerprint()}")

    from hexswarm.gui.startup import Splash, WarmUp
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QMessageBox

    app = QApplication.instance() or QApplication([sys.argv[0], *argv])
    app.setApplicationName("HexSwarm")
    app.setApplicationDisplayName("HexSwarm")
    app.setOrganizationName("HexSwarm")
    app.setApplicationVersion(__version__)
    app.setDesktopFileName(APP_ID)
    icon = _app_icon()
    app.setWindowIcon(icon)

    splash = Splash(icon.pixmap(96, 96) if not icon.isNull() else None, __version__)
    splash.show()
    app.processEvents()

    state: dict = {}
    from hexswarm.engine.warmup import cache_is_cold, default_processes

    # A first start compiles for minutes: then one process per core shares the work.
    warm_up = WarmUp(default_processes() if cache_is_cold(cache) else 1)
    splash.parallel = warm_up.processes > 1
    warm_up.progress.connect(splash.set_progress)

    def open_window(seconds: float, error: str) -> None:
        try:
            from hexswarm.gui.main_window import MainWindow

            window = MainWindow()
        except Exception:  # noqa: BLE001 - a windowed app has no console: say it in a dialog
            splash.close()
            QMessageBox.critical(
                None, "HexSwarm", "HexSwarm could not open its window:\n\n" + format_exc()
            )
            app.exit(1)
            return
        window.setWindowIcon(icon)
        window.show()
        splash.finish(window)
        state["window"] = window
        if os.environ.get("HEXSWARM_TIMING"):
            print(
                f"first window shown after {time.perf_counter() - started:.2f} s "
                f"(kernels ready in {seconds:.2f} s)",
                file=sys.stderr,
            )
        if error:
            QMessageBox.warning(
                window,
                "HexSwarm",
                f"Preparing the search kernels failed:\n{error}\n\nThe AI players may not work.",
            )
        if arguments.file:
            window.document.open_file(arguments.file)
        screenshot = os.environ.get("HEXSWARM_SCREENSHOT")
        if screenshot:
            QTimer.singleShot(1500, lambda: (window.grab().save(screenshot), window.close()))

    warm_up.finished.connect(open_window)
    warm_up.start()
    return app.exec()


if __name__ == "__main__":
    raise SystemExit(main())

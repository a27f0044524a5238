"""``hexswarm``: start the desktop application.

    hexswarm                 start with a new game (or offer to restore an interrupted one)
    hexswarm GAME.sgf        open a record
    hexswarm --version       print the version and exit

Environment: ``HEXSWARM_TIMING=1`` prints the time to the first window and to the kernels'
readiness on stderr (``HEXSWARM_TIMING=exit``: and quits then, to time a start);
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


def freeze_start_up_objects() -> int:
    """Leave every object alive now out of Python's garbage collections (``gc.freeze``);
    returns how many are left out. A collection of all generations went through the
    start-up's objects (modules, kernels, the window: about 165 000), 63 ms of the GUI
    thread's time on the development machine and several times that on a busy one, at a
    moment nobody chose (issue 32). Objects made later are collected as before; the few
    start-up objects that end as garbage in a reference cycle are never freed (a small,
    fixed amount)."""
    import gc

    gc.freeze()
    return gc.get_freeze_count()


def main(argv: list[str] | None = None) -> int:
    """Run the application; returns the exit status."""
    started = time.perf_counter()
    argv = sys.argv[1:] if argv is None else argv
    arguments = _parse_arguments(argv)

    from hexswarm.engine.warmup import configure_numba_cache

    cache = configure_numba_cache()

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

    # The kernels compile behind the window; a human needs none to play. Searches wait for
    # them from now on (an AI to move at once must not compile on its own thread), but the
    # compiling starts once the window is shown: it would slow the window down.
    warm_up = _kernel_warm_up(cache, started if os.environ.get("HEXSWARM_TIMING") else None)
    warm_up.activate()
    app.aboutToQuit.connect(warm_up.close)
    try:
        from hexswarm.gui.main_window import MainWindow

        # The record to open is the first game (a new game would replace it once the restore
        # question is settled).
        window = MainWindow(open_path=arguments.file)
    except Exception:  # noqa: BLE001 - a windowed app has no console: say it in a dialog
        QMessageBox.critical(
            None, "HexSwarm", "HexSwarm could not open its window:\n\n" + format_exc()
        )
        return 1
    window.setWindowIcon(icon)
    window.show()
    # Once the window is built, and again once the kernels are loaded (see the docstring).
    QTimer.singleShot(0, freeze_start_up_objects)
    warm_up.progress.connect(
        lambda _ready, _total, text: text == "ready" and freeze_start_up_objects()
    )
    warm_up.progress.connect(window.show_kernel_progress)
    if warm_up.last is not None:  # reported before the window was there to show it
        window.show_kernel_progress(*warm_up.last)
    if os.environ.get("HEXSWARM_TIMING"):
        # Once the event loop runs: the window's first frame is then painted.
        QTimer.singleShot(
            0,
            lambda: print(
                f"first window shown after {time.perf_counter() - started:.2f} s",
                file=sys.stderr,
                flush=True,
            ),
        )
    # A moment later: loading kernels here holds the GIL in stretches, which would delay the
    # first frame on a busy machine.
    QTimer.singleShot(50, warm_up.start)
    screenshot = os.environ.get("HEXSWARM_SCREENSHOT")
    if screenshot:
        QTimer.singleShot(1500, lambda: (window.grab().save(screenshot), window.close()))
    return app.exec()


def _kernel_warm_up(cache, started: float | None):
    """The kernels' warm-up, the stored game's AIs and the hints' and analysis's first;
    ``started`` (timing asked): print when they are all ready."""
    from hexswarm.engine.warmup import groups_for_spec
    from hexswarm.gui.main_window import default_settings_store
    from hexswarm.gui.settings import load_game_settings
    from hexswarm.gui.startup import KernelWarmUp

    settings = load_game_settings(default_settings_store())
    specs = [side.spec for side in (settings.black, settings.white) if side.ai]
    wanted = (*specs, settings.analysis_spec)
    first = [key for spec in wanted for key in groups_for_spec(spec)]
    warm_up = KernelWarmUp(cache, first=first)
    if started is not None:

        def report(_ready: int, total: int, text: str) -> None:
            if text == "ready":
                seconds = warm_up.background.seconds
                print(
                    f"kernels ready after {time.perf_counter() - started:.2f} s "
                    f"({total} groups; those of the game's AI and the hint ready "
                    f"{max((seconds.get(k, 0.0) for k in first), default=0.0):.2f} s after "
                    "the window)",
                    file=sys.stderr,
                    flush=True,
                )
                if os.environ.get("HEXSWARM_TIMING") == "exit":
                    from PySide6.QtWidgets import QApplication

                    QApplication.quit()

        warm_up.progress.connect(report)
    return warm_up


if __name__ == "__main__":
    raise SystemExit(main())

"""How quickly the main window answers while an AI searches: a benchmark, not a test.

    python -m hexswarm.gui.latency_probe                       # SDST on 11x11, dashboard shown
    python -m hexswarm.gui.latency_probe --spec "sdst:agents=20000" --seconds 10 --no-dashboard
    python -m hexswarm.gui.latency_probe --spec "uct:time_s=1" --size 13 --candidates 8 0 8 0

``--candidates`` measures one search per count given, in that order, with the board marking that
many candidate moves (0: the share colours only), so runs with and without the candidate marks
alternate in one process (the machine's load hits both alike).

A 10 ms QTimer on the GUI thread records how late each of its ticks arrives while the real
MainWindow (board, move list and, unless ``--no-dashboard``, the live dashboard) shows an AI
searching on the engine thread. The same is measured first with no search running, as a
baseline. Lateness = time between two ticks minus 10 ms; the GUI requirement is that it stays
under 50 ms. Prints max / p99 / median lateness and the search's playouts per second.

Runs off screen unless QT_QPA_PLATFORM says otherwise.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

TICK_MS = 10


def percentile(values: list[float], fraction: float) -> float:
    """The value below which ``fraction`` of ``values`` lie (nearest rank)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * len(ordered)) - 1))
    return ordered[index]


class TickRecorder:
    """Records the lateness of a repeating QTimer's ticks (GUI thread)."""

    def __init__(self) -> None:
        from PySide6.QtCore import Qt, QTimer

        self.lateness_ms: list[float] = []
        self._last: float | None = None
        self.timer = QTimer()
        self.timer.setTimerType(Qt.TimerType.PreciseTimer)
        self.timer.setInterval(TICK_MS)
        self.timer.timeout.connect(self._tick)

    def _tick(self) -> None:
        now = time.perf_counter()
        if self._last is not None:
            self.lateness_ms.append(max(0.0, (now - self._last) * 1000.0 - TICK_MS))
        self._last = now

    def start(self) -> None:
        self.lateness_ms.clear()
        self._last = None
        self.timer.start()

    def stop(self) -> list[float]:
        self.timer.stop()
        return list(self.lateness_ms)


def run_for(seconds: float, until=None) -> None:
    """Run the real Qt event loop for ``seconds`` or until ``until()`` is true (GUI thread)."""
    from PySide6.QtCore import QEventLoop, QTimer

    loop = QEventLoop()
    deadline = time.perf_counter() + seconds

    def check() -> None:
        if time.perf_counter() >= deadline or (until is not None and until()):
            loop.quit()

    checker = QTimer()
    checker.setInterval(20)
    checker.timeout.connect(check)
    checker.start()
    loop.exec()
    checker.stop()


def summary(name: str, lateness: list[float]) -> str:
    if not lateness:
        return f"{name}: no ticks recorded"
    return (
        f"{name}: {len(lateness)} ticks, lateness max {max(lateness):.1f} ms, "
        f"p99 {percentile(lateness, 0.99):.1f} ms, median {statistics.median(lateness):.1f} ms"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--spec", default="sdst", help="AI spec string (default: sdst)")
    parser.add_argument("--size", type=int, default=11)
    parser.add_argument("--seconds", type=float, default=8.0, help="measure this long at most")
    parser.add_argument("--no-dashboard", action="store_true", help="hide the dashboard docks")
    parser.add_argument(
        "--candidates",
        type=int,
        nargs="+",
        default=None,
        help="one measured search per count: the candidate moves marked on the board",
    )
    args = parser.parse_args(argv)

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    import tempfile

    from hexswarm.gui.main_window import MainWindow
    from hexswarm.gui.settings import GameSettings, SideSettings
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication, QDockWidget

    _app = QApplication.instance() or QApplication(sys.argv[:1])  # kept alive until return
    with tempfile.TemporaryDirectory() as temp:
        store = QSettings(str(Path(temp) / "probe.ini"), QSettings.Format.IniFormat)
        window = MainWindow(store, autosave=False, offer_restore=False)
        if args.no_dashboard:
            for dock in window.findChildren(QDockWidget):
                if dock is not window.move_list_dock:
                    dock.hide()
        window.resize(1400, 900)
        window.show()
        window.start_new_game(
            GameSettings(size=args.size, black=SideSettings(), white=SideSettings())
        )
        recorder = TickRecorder()

        recorder.start()
        run_for(2.0)
        baseline = recorder.stop()

        controller = window.controller
        snapshots = []
        controller.snapshot_ready.connect(snapshots.append)
        # The engine warms up (numba compile / cache load) on its first search: do one short
        # search first so the measurement sees a running search, not a compile.
        print(f"warming up {args.spec} ...", flush=True)
        controller.set_settings(
            GameSettings(
                size=args.size, black=SideSettings(ai=True, spec=args.spec), white=SideSettings()
            )
        )
        run_for(120.0, until=lambda: controller.searching)
        run_for(3.0)
        controller.stop()
        run_for(1.0, until=lambda: not controller.searching)
        snapshots.clear()

        rounds = []
        for count in args.candidates or [None]:
            if count is not None and window.dashboard is not None:
                window.dashboard.set_candidate_count(count)
            if rounds:  # another search of the same position: take the move back
                controller.set_paused(True)
                controller.undo()
                run_for(1.0)
            snapshots.clear()
            moves_before = len(controller.board.moves)
            controller.set_paused(False)
            run_for(10.0, until=lambda: controller.searching)
            recorder.start()
            started = time.perf_counter()
            run_for(args.seconds, until=lambda: not controller.searching)
            during = recorder.stop()
            searched = time.perf_counter() - started
            finished = len(controller.board.moves) > moves_before
            controller.stop()
            run_for(1.0, until=lambda: not controller.searching)
            rounds.append((count, during, searched, finished, snapshots[-1] if snapshots else None))
        window.document.set_clean()  # nothing to save: close without asking
        window.close()

    print(summary("idle (no search)", baseline))
    for count, during, searched, finished, last in rounds:
        marks = "" if count is None else f", {count} candidate marks"
        print(summary(f"during {args.spec} on {args.size}x{args.size}{marks}", during))
        if last is not None:
            print(
                f"  search: {last.playouts} playouts in {last.elapsed_s:.2f} s "
                f"({last.playouts_per_s:,.0f} playouts/s), iteration {last.iteration}, "
                f"measured for {searched:.1f} s "
                f"({'search finished' if finished else 'stopped'}), "
                f"dashboard {'hidden' if args.no_dashboard else 'shown'}"
            )
        else:
            print("  the search sent no snapshot")
    worst = max((max(r[1]) for r in rounds if r[1]), default=0.0)
    print("GUI answered within 50 ms" if worst < 50 else f"GUI was late by up to {worst:.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())

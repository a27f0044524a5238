"""How quickly the main window answers while an AI searches: a benchmark, not a test.

    python -m hexswarm.gui.latency_probe                       # SDST on 11x11, dashboard shown
    python -m hexswarm.gui.latency_probe --spec "sdst:agents=20000" --seconds 10 --no-dashboard
    python -m hexswarm.gui.latency_probe --spec "uct:time_s=1" --size 13 --candidates 8 0 8 0
    python -m hexswarm.gui.latency_probe --spec "uct:time_s=1" --size 13 --moves 60 --after 1

``--candidates`` measures one search per count given, in that order, with the board marking that
many candidate moves (0: the share colours only), so runs with and without the candidate marks
alternate in one process (the machine's load hits both alike).

``--moves N`` searches a position in the middle of a game instead of the empty board: N moves
(an even number: the AI plays Black) played by the AI, each with its search kept in the game
(the warm-up's final search stands for all), as after a real game, so the move list, the move
tree, the game graph and the review have a game's worth to show. ``--after S`` keeps recording
for S seconds after each search ended (the end of a search: its move played, the views brought
up to date), reported on a line of its own.

A 10 ms QTimer on the GUI thread records how late each of its ticks arrives while the real
MainWindow (board, move list and, unless ``--no-dashboard``, the live dashboard) shows an AI
searching on the engine thread. The same is measured first with no search running, as a
baseline. Lateness = time between two ticks minus 10 ms; the GUI requirement is that it stays
under 50 ms. Prints max / p99 / median lateness, the search's playouts per second and the GUI
thread's CPU time (``time.thread_time``) while it searched: what a loaded machine multiplies
into lateness, little distorted by the load itself.

Runs off screen unless QT_QPA_PLATFORM says otherwise.
"""

from __future__ import annotations

import argparse
import os
import random
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


class PanelLag:
    """How long each view takes to catch up with the search: for every snapshot the engine
    emits, the time until each view *paints* that snapshot or a later one.

    The emission time is taken on the engine thread (a direct connection to the worker's
    ``snapshot`` signal); a paint is seen by an event filter on the widget that draws the view,
    which looks up which snapshot the view holds at that moment. A view whose picture does not
    change for a new snapshot (the board's hints when no shade changed) has caught up as soon as
    it was handed the snapshot. GUI thread, except :meth:`emitted`.
    """

    def __init__(self) -> None:
        self.emitted_at: dict[int, float] = {}  # id(snapshot) -> perf_counter at emission
        self._keep: list[object] = []  # the snapshots, so their ids stay unique
        self.emissions: list[float] = []
        self.shown: dict[str, list[tuple[float, float]]] = {}  # view -> (paint, emission)
        self._filters: list[object] = []

    def emitted(self, snapshot) -> None:
        """Any thread: ``snapshot`` leaves the engine now."""
        now = time.perf_counter()
        self._keep.append(snapshot)
        self.emitted_at[id(snapshot)] = now
        self.emissions.append(now)

    def record(self, view: str, snapshot) -> None:
        """``view`` shows ``snapshot`` on screen now."""
        emitted = self.emitted_at.get(id(snapshot)) if snapshot is not None else None
        if emitted is not None:
            self.shown.setdefault(view, []).append((time.perf_counter(), emitted))

    def watch(self, view: str, widget, current) -> None:
        """Record ``current()`` (the snapshot ``view`` holds) whenever ``widget`` paints."""
        from PySide6.QtCore import QEvent, QObject

        lag = self

        class PaintFilter(QObject):
            def eventFilter(self, _obj, event):  # noqa: N802 (Qt API)
                if event.type() == QEvent.Type.Paint:
                    lag.record(view, current())
                return False

        paint_filter = PaintFilter()
        widget.installEventFilter(paint_filter)
        self._filters.append(paint_filter)

    def reset(self) -> None:
        self.emitted_at.clear()
        self._keep.clear()
        self.emissions.clear()
        self.shown.clear()

    def lags_ms(self, view: str) -> list[float]:
        """Per emitted snapshot: milliseconds until ``view`` painted it or a later one
        (snapshots that no paint caught up with before the end are left out)."""
        shown = sorted(self.shown.get(view, []))
        lags = []
        for emitted in self.emissions:
            for painted, painted_emission in shown:
                if painted_emission >= emitted and painted >= emitted:
                    lags.append((painted - emitted) * 1000.0)
                    break
        return lags

    def report(self) -> list[str]:
        lines = []
        for view in sorted(self.shown):
            lags = self.lags_ms(view)
            if lags:
                lines.append(
                    f"  lag to {view}: {len(lags)} of {len(self.emissions)} snapshots caught up, "
                    f"p50 {statistics.median(lags):.0f} ms, p99 {percentile(lags, 0.99):.0f} ms, "
                    f"max {max(lags):.0f} ms"
                )
        return lines


def watch_views(lag: PanelLag, window) -> None:
    """Watch the board, the status bar and every dashboard panel of ``window``."""
    from PySide6.QtWidgets import QGraphicsView

    dashboard = window.dashboard
    if dashboard is not None:
        for name, panel in dashboard.panels.items():
            for view in panel.findChildren(QGraphicsView):
                lag.watch(name, view.viewport(), lambda panel=panel: panel.snapshot)
        lag.watch("board", window.board_widget, lambda: dashboard.overlay.snapshot)
        overlay = dashboard.overlay
        show = overlay.show_snapshot

        def show_and_record(snapshot):
            before = (overlay._sent, overlay._sent_marks)
            changed = show(snapshot)
            if (overlay._sent, overlay._sent_marks) == before:
                lag.record("board", snapshot)  # nothing to repaint: the board is up to date
            return changed

        overlay.show_snapshot = show_and_record
    if hasattr(window, "status_snapshot"):  # the snapshot whose best move it names
        lag.watch("status bar", window.ai_label, lambda: window.status_snapshot)
    else:  # an older window: the status bar took every snapshot as it came
        delivered = {"status": None}
        window.controller.snapshot_ready.connect(lambda s: delivered.__setitem__("status", s))
        lag.watch("status bar", window.ai_label, lambda: delivered["status"])


def spread_docks(window) -> None:
    """The dashboard's docks as a large screen's first layout has them (population and tree on
    the right, the game graph and throughput tabbed below), whatever the screen (the
    offscreen one is small enough for the compact layout), so every run draws the same
    panels."""
    from PySide6.QtCore import Qt

    if window.dashboard is None:
        return
    docks = window.dashboard.docks
    right, bottom = Qt.DockWidgetArea.RightDockWidgetArea, Qt.DockWidgetArea.BottomDockWidgetArea
    for key, area in (
        ("population", right),
        ("tree", right),
        ("game_graph", bottom),
        ("throughput", bottom),
    ):
        window.addDockWidget(area, docks[key])
    window.tabifyDockWidget(docks["game_graph"], docks["throughput"])
    docks["game_graph"].raise_()


def random_moves(size: int, count: int, seed: int) -> list[int]:
    """``count`` distinct cells in a seeded order, none of them ending the game."""
    from hexswarm.engine.board import Board

    rng = random.Random(seed)
    board = Board(size)
    moves: list[int] = []
    cells = list(range(size * size))
    rng.shuffle(cells)
    for cell in cells:
        if len(moves) == count:
            break
        trial = board.copy()
        trial.play(cell)
        if trial.winner is None:
            board.play(cell)
            moves.append(cell)
    return moves


def played_game(size: int, moves: int, spec: str, search):
    """A game of ``moves`` moves (seeded, none of them winning) as ``spec`` would have played
    it: each node keeps ``search`` (a final snapshot) as its analysis and names the AI."""
    from hexswarm.engine.game import Game
    from hexswarm.engine.review import PositionAnalysis

    game = Game(size)
    for cell in random_moves(size, moves, seed=1):
        game.cursor.ai = PositionAnalysis.from_snapshot(search, size, spec)
        game.play(game.board.cell_name(cell)).player = spec
    return game


def freeze_as_the_application_does() -> None:
    """What ``hexswarm`` does once its window is up and its kernels are loaded: leave the
    objects alive then out of the garbage collections (nothing for a version of the
    application that does not)."""
    try:
        from hexswarm.gui.app import freeze_start_up_objects
    except ImportError:
        return
    freeze_start_up_objects()


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
    parser.add_argument(
        "--moves", type=int, default=0, help="search after this many moves (even) of a game"
    )
    parser.add_argument(
        "--after", type=float, default=0.0, help="also record this long after each search"
    )
    args = parser.parse_args(argv)
    if args.moves < 0 or args.moves % 2:
        parser.error("--moves must be even (the AI plays Black) and not negative")

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    import tempfile

    from hexswarm.gui.main_window import MainWindow
    from hexswarm.gui.settings import GameSettings, SideSettings
    from PySide6.QtCore import QSettings, Qt
    from PySide6.QtWidgets import QApplication, QDockWidget

    _app = QApplication.instance() or QApplication(sys.argv[:1])  # kept alive until return
    with tempfile.TemporaryDirectory() as temp:
        store = QSettings(str(Path(temp) / "probe.ini"), QSettings.Format.IniFormat)
        window = MainWindow(store, autosave=False, offer_restore=False)
        spread_docks(window)
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
        lag = PanelLag()
        # Direct: the time is taken on the engine thread, when the snapshot leaves the search.
        worker = window.controller._worker
        worker.snapshot.connect(lag.emitted, Qt.ConnectionType.DirectConnection)
        worker.finished.connect(
            lambda _id, choice: choice.snapshot is not None and lag.emitted(choice.snapshot),
            Qt.ConnectionType.DirectConnection,
        )
        watch_views(lag, window)

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
        # Until the search really runs: with a fresh kernel cache it waits for the background
        # compile first (minutes on a busy machine), searching all the while.
        run_for(1200.0, until=lambda: bool(snapshots))
        run_for(3.0)
        controller.stop()
        run_for(1.0, until=lambda: not controller.searching)
        if args.moves:
            controller.load_game(played_game(args.size, args.moves, args.spec, snapshots[-1]))
            run_for(1.0)
        freeze_as_the_application_does()
        snapshots.clear()

        rounds = []
        pooled_lags: dict[str, list[float]] = {}
        for count in args.candidates or [None]:
            if count is not None and window.dashboard is not None:
                window.dashboard.set_candidate_count(count)
            if rounds:  # another search of the same position: take the move back
                controller.set_paused(True)
                controller.back()
                run_for(1.0)
            snapshots.clear()
            moves_before = len(controller.board.moves)
            controller.set_paused(False)
            run_for(10.0, until=lambda: controller.searching)
            recorder.start()
            lag.reset()
            started, cpu = time.perf_counter(), time.thread_time()
            run_for(args.seconds, until=lambda: not controller.searching)
            during = list(recorder.lateness_ms)
            searched = time.perf_counter() - started
            run_for(args.after)
            after = recorder.stop()[len(during) :]
            cpu_ms = (time.thread_time() - cpu) * 1000.0
            finished = len(controller.board.moves) > moves_before
            controller.stop()
            run_for(1.0, until=lambda: not controller.searching)
            lag_lines = lag.report()
            for view in lag.shown:
                pooled_lags.setdefault(view, []).extend(lag.lags_ms(view))
            last = snapshots[-1] if snapshots else None
            rounds.append((count, during, searched, finished, last, lag_lines, after, cpu_ms))
        window.document.set_clean()  # nothing to save: close without asking
        window.close()

    print(summary("idle (no search)", baseline))
    position = f"{args.size}x{args.size}" + (f" after {args.moves} moves" if args.moves else "")
    for count, during, searched, finished, last, lag_lines, after, cpu_ms in rounds:
        marks = "" if count is None else f", {count} candidate marks"
        print(summary(f"during {args.spec} on {position}{marks}", during))
        if args.after:
            print("  " + summary(f"the {args.after:g} s after the search", after))
        print(f"  GUI thread CPU {cpu_ms:.0f} ms ({searched + args.after:.1f} s measured)")
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
        for line in lag_lines:
            print(line)
    searched_rounds = [r for r in rounds if r[4] is not None]
    pooled = [tick for r in searched_rounds for tick in r[1]]
    print(summary(f"all {len(searched_rounds)} searches together", pooled))
    if args.after:
        pooled_after = [tick for r in searched_rounds for tick in r[6]]
        print("  " + summary(f"the {args.after:g} s after each", pooled_after))
    cpu = [r[7] for r in searched_rounds]
    if cpu:
        print(f"  GUI thread CPU per search: median {statistics.median(cpu):.0f} ms")
    for view in sorted(pooled_lags):
        lags = pooled_lags[view]
        if lags:
            print(
                f"  lag to {view}, all searches: {len(lags)} snapshots, "
                f"p50 {statistics.median(lags):.0f} ms, p99 {percentile(lags, 0.99):.0f} ms"
            )
    worst = max((max(r[1]) for r in rounds if r[1]), default=0.0)
    print("GUI answered within 50 ms" if worst < 50 else f"GUI was late by up to {worst:.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""What the live dashboard costs the engine: playouts per second with the dashboard visible,
hidden, and not connected at all.

    python -m hexswarm.gui.dashboard.cost_probe --player "sdst:agents=20000,iterations=40" --size 11

Runs the same search several times on the engine's worker QThread (exactly as the application
does: :class:`hexgui.engine_worker.EngineWorker`) beside a window that holds a board widget and
the dashboard docks, alternating the modes so machine load drifts evenly over them:

* ``visible``: every dashboard dock shown, hints drawn on the board, the normal (paced) refresh;
* ``hidden``: the docks hidden and hints off (snapshots still reach the dashboard);
* ``off``: snapshots are not connected to the dashboard at all.

Prints playouts/s per run, the median per mode, the overhead of ``visible`` relative to
``hidden`` and ``off``, and how many times per second the panels were redrawn. Use a real
display (or ``xvfb-run``) to include painting costs; ``QT_QPA_PLATFORM=offscreen`` paints into
memory, which is close. A benchmark command, not a test: it prints numbers.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

MODES = ("visible", "hidden", "off")


def run_probe(
    spec: str, size: int, repeats: int, player_factory=None, gui_budget: float | None = None
) -> dict[str, list[tuple[float, ...]]]:
    """Runs per mode as ``(playouts per second, panel redraws per second, share of one core
    the GUI thread used, first drawing delay s, longest wait of a panel s)``.
    ``player_factory`` builds the player from ``spec`` (default: engine.players)."""
    from hexswarm.engine.board import Board
    from hexswarm.gui.board_widget import BoardWidget
    from hexswarm.gui.dashboard import Dashboard
    from hexswarm.gui.engine_worker import EngineWorker, SearchRequest, start_engine_thread
    from PySide6.QtCore import QEventLoop, QObject, Slot
    from PySide6.QtWidgets import QApplication, QMainWindow

    app = QApplication.instance() or QApplication(sys.argv[:1])
    window = QMainWindow()
    board_widget = BoardWidget(window)
    board_widget.set_board(Board(size))
    window.setCentralWidget(board_widget)
    options = {} if gui_budget is None else {"gui_budget": gui_budget}
    dashboard = Dashboard(board_widget, None, window, board_size=size, **options)
    dashboard.install(window)
    window.resize(1500, 950)
    window.show()
    app.processEvents()

    worker = EngineWorker(player_factory)
    thread = start_engine_thread(worker, "cost-probe-engine")
    results: dict[str, list[tuple[float, ...]]] = {mode: [] for mode in MODES}
    outcome: dict = {}
    loop = QEventLoop()

    def finished(position_id: int, choice) -> None:
        outcome["choice"] = choice
        loop.quit()

    def failed(position_id: int, message: str) -> None:
        outcome["error"] = message
        loop.quit()

    worker.finished.connect(finished)
    worker.failed.connect(failed)
    # When each panel was drawn and when the first snapshot of the search arrived: the delay of
    # the first drawing and the longest wait between two drawings of a visible panel.
    drawn: dict[str, list[float]] = {key: [] for key in dashboard.panels}
    arrivals: list[float] = []
    for key, panel in dashboard.panels.items():

        def timed(panel=panel, key=key, render=panel.render_now):
            render()
            drawn[key].append(time.perf_counter())

        panel.render_now = timed

    class ArrivalClock(QObject):
        """Notes when the first snapshot reaches the GUI thread (a QObject of the GUI thread,
        so the worker's signal is queued to it like to the dashboard)."""

        @Slot(object)
        def arrived(self, _snapshot) -> None:
            if not arrivals:
                arrivals.append(time.perf_counter())

    clock = ArrivalClock()

    try:
        position_id = 0
        for round_index in range(repeats + 1):  # round 0 warms the JIT cache and is discarded
            # Rotate the order every round so no mode always runs first or last.
            shift = round_index % len(MODES)
            for mode in MODES[shift:] + MODES[:shift]:
                position_id += 1
                for dock in dashboard.docks.values():
                    dock.setVisible(mode == "visible")
                dashboard.set_hints_visible(mode == "visible")
                dashboard.set_position(position_id)
                if mode != "off":
                    worker.snapshot.connect(clock.arrived)
                    worker.snapshot.connect(dashboard.offer_snapshot)
                arrivals.clear()
                for times in drawn.values():
                    times.clear()
                app.processEvents()
                renders_before = sum(p.renders for p in dashboard.panels.values())
                outcome.clear()
                started = time.perf_counter()
                gui_cpu_before = time.thread_time()
                worker.submit(SearchRequest(position_id, Board(size), spec))
                loop.exec(QEventLoop.ProcessEventsFlag.AllEvents)
                wall = time.perf_counter() - started
                gui_share = (time.thread_time() - gui_cpu_before) / wall
                if mode != "off":
                    worker.snapshot.disconnect(clock.arrived)
                    worker.snapshot.disconnect(dashboard.offer_snapshot)
                if "error" in outcome:
                    raise RuntimeError(outcome["error"])
                snapshot = outcome["choice"].snapshot
                if snapshot is None or snapshot.elapsed_s <= 0:
                    raise RuntimeError(f"{spec} returned no final snapshot to measure")
                renders = sum(p.renders for p in dashboard.panels.values()) - renders_before
                rate = snapshot.playouts / snapshot.elapsed_s
                first_draw, longest_gap = draw_delays(arrivals, drawn, started + wall)
                if round_index > 0:
                    results[mode].append((rate, renders / wall, gui_share, first_draw, longest_gap))
                    timing = ""
                    if mode == "visible":
                        timing = (
                            f", first drawing {1000 * first_draw:.0f} ms after the first "
                            f"snapshot, longest wait of a panel {1000 * longest_gap:.0f} ms"
                        )
                    print(
                        f"  round {round_index} {mode:7s} {rate:12,.0f} playouts/s "
                        f"({snapshot.playouts:,} in {snapshot.elapsed_s:.2f} s, "
                        f"{renders / wall:5.1f} panel redraws/s, GUI thread {gui_share:4.0%}"
                        f"{timing})",
                        flush=True,
                    )
    finally:
        dashboard.stop()
        thread.quit()
        thread.wait()
        window.close()
        del window
    return results


def draw_delays(
    arrivals: list[float], drawn: dict[str, list[float]], end: float
) -> tuple[float, float]:
    """Seconds from the first snapshot to the first drawing of any panel, and the longest
    time a panel that was drawn at all waited between two drawings (or from the first
    snapshot to its first drawing, or from its last drawing to the end of the search)."""
    if not arrivals:
        return 0.0, 0.0
    start = arrivals[0]
    firsts = [times[0] for times in drawn.values() if times]
    first_draw = min(firsts) - start if firsts else end - start
    longest = 0.0
    for times in drawn.values():
        if times:
            edges = [start, *times, end]
            longest = max(longest, max(b - a for a, b in zip(edges, edges[1:], strict=False)))
    return first_draw, longest


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--player", default="sdst:agents=20000,iterations=40")
    parser.add_argument("--size", type=int, default=11)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument(
        "--budget", type=float, default=None, help="GUI share of a core the dashboard may use"
    )
    args = parser.parse_args(argv)
    print(f"dashboard cost probe: {args.player} on {args.size}x{args.size}, {args.repeats} rounds")
    results = run_probe(args.player, args.size, args.repeats, gui_budget=args.budget)
    medians = {mode: statistics.median(r[0] for r in runs) for mode, runs in results.items()}
    redraws = {mode: statistics.median(r[1] for r in runs) for mode, runs in results.items()}
    gui = {mode: statistics.median(r[2] for r in runs) for mode, runs in results.items()}
    print()
    print("mode      median playouts/s   panel redraws/s   GUI thread (share of a core)")
    for mode in MODES:
        print(f"{mode:8s} {medians[mode]:18,.0f} {redraws[mode]:17.1f} {gui[mode]:17.0%}")
    visible = results["visible"]
    print(
        f"visible: first drawing {1000 * max(r[3] for r in visible):.0f} ms after the first "
        f"snapshot at worst, longest wait of a panel {1000 * max(r[4] for r in visible):.0f} ms"
    )
    for base in ("hidden", "off"):
        # Runs of one round are close in time: their ratio cancels most of the drift of a
        # machine shared with other work, so the median of per-round ratios is the estimate.
        ratios = [v[0] / b[0] for v, b in zip(results["visible"], results[base], strict=True)]
        cost = 1 - statistics.median(ratios)
        print(
            f"visible costs {cost:+.1%} of the playouts/s measured with the dashboard {base} "
            f"(median of per-round ratios; medians alone: "
            f"{1 - medians['visible'] / medians[base]:+.1%})"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

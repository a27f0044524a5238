"""Throughput: playouts per second and iterations per second over wall-clock time, across every
search of the session (so an AI-vs-AI game shows each move's search in turn). GUI thread only."""

from __future__ import annotations

import time

import pyqtgraph as pg
from hexswarm.engine.search.snapshot import SearchSnapshot
from PySide6.QtWidgets import QWidget

from .model import ThroughputHistory, format_count, nice_ceiling
from .panel import DashboardPanel, count_axes, pen, set_view_range, style_plot


class ThroughputPanel(DashboardPanel):
    """Two linked plots side by side (playouts/s, iterations/s) against seconds
    since the first snapshot: the dock below the board is wide and short. Samples accumulate
    even while the panel is hidden (cheap); drawing does not."""

    title = "throughput"
    file_stem = "throughput"

    def __init__(self, parent: QWidget | None = None, *, clock=time.monotonic):
        super().__init__(parent)
        self.history = ThroughputHistory()
        self._clock = clock
        self.graphics = pg.GraphicsLayoutWidget(self)
        self.graphics.setMinimumHeight(120)
        self.body.addWidget(self.graphics)
        self.playout_plot: pg.PlotItem = self.graphics.addPlot(
            row=0, col=0, axisItems=count_axes("left")
        )
        self.playout_plot.setLabel("left", "playouts/s")
        self.playout_plot.setLabel("bottom", "time (s)")
        self.iteration_plot: pg.PlotItem = self.graphics.addPlot(
            row=0, col=1, axisItems=count_axes("left")
        )
        self.iteration_plot.setLabel("left", "iterations/s")
        self.iteration_plot.setLabel("bottom", "time (s)")
        self.iteration_plot.setXLink(self.playout_plot)
        for plot in (self.playout_plot, self.iteration_plot):
            plot.getAxis("left").enableAutoSIPrefix(False)
            style_plot(plot)
            self.add_menu_actions(plot)
        self.playout_curve = self.playout_plot.plot([], [], pen=pen("#1f77b4", 1.5))
        self.iteration_curve = self.iteration_plot.plot([], [], pen=pen("#ff7f0e", 1.5))
        self.follow_palette([self.graphics], [self.playout_plot, self.iteration_plot])
        self.status.setText("no search yet")

    def show_snapshot(self, snapshot: SearchSnapshot) -> None:
        self.history.add(snapshot, self._clock())
        super().show_snapshot(snapshot)

    def clear(self) -> None:
        self.history.clear()
        super().clear()

    def _render(self) -> None:
        times, playout_rates, iteration_rates = self.history.series()
        self.playout_curve.setData(times, playout_rates, connect="finite")
        self.iteration_curve.setData(times, iteration_rates, connect="finite")
        x_range = (0.0, nice_ceiling(times[-1] if times else 1.0))
        if self.history.samples:
            last = self.history.samples[-1]
            playout_peak, iteration_peak = self.history.peaks(last.player)
            iterations = last.iterations_per_s
            iterations_text = format_count(iterations) if iterations >= 100 else f"{iterations:.3g}"
            # "now" (between the last two snapshots) beside the search's mean, which the
            # status bar shows: on a busy machine the two differ, and unlabelled they read
            # as a contradiction.
            mean = self.snapshot.playouts_per_s if self.snapshot is not None else 0.0
            self.status.setText(
                f"{last.player} now: {format_count(last.playouts_per_s)} playouts/s · "
                f"{iterations_text} iterations/s · mean of this search "
                f"{format_count(mean)} playouts/s · axes scaled to {last.player}'s peak"
            )
        else:
            playout_peak = iteration_peak = 0.0
            self.status.setText("no search yet")
        set_view_range(self.playout_plot, x_range, (0.0, nice_ceiling(playout_peak)))
        set_view_range(self.iteration_plot, x_range, (0.0, nice_ceiling(iteration_peak)))

    def table(self) -> tuple[list[str], list[list[object]]]:
        rows = [
            [
                round(s.time_s, 4),
                round(s.playouts_per_s, 2),
                round(s.iterations_per_s, 3),
                s.position_id,
                s.player,
            ]
            for s in self.history.samples
        ]
        return ["time_s", "playouts_per_s", "iterations_per_s", "position_id", "player"], rows

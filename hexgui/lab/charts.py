"""Charts of lab runs: mean and spread per iteration, and the cluster-threshold sweep.

Drawn with pyqtgraph, so the Lab window shows exactly what ``hexswarm-lab`` writes to PNG (the
command renders off screen). Needs a QApplication; GUI thread only.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pyqtgraph as pg
import pyqtgraph.exporters
from hexswarm.engine.tools.lab import LabRun, SweepRun, alpha_min
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication

from ..dashboard.panel import PALETTE, pen

CHART_WIDTH = 900


def _band_brush(color: str) -> QColor:
    brush = QColor(color)
    brush.setAlpha(50)
    return brush


INK = "#202020"


def _style(plot: pg.PlotItem) -> None:
    """Dark ink on white, whatever the application's palette (the PNG goes into documents)."""
    plot.showGrid(x=True, y=True, alpha=0.15)
    for side in ("left", "bottom"):
        axis = plot.getAxis(side)
        axis.setPen(INK)
        axis.setTextPen(INK)
    plot.addLegend(offset=(-10, 10), labelTextSize="9pt", labelTextColor=INK, brush="#ffffffd0")


def draw_mean_and_spread(
    plot: pg.PlotItem,
    iterations: np.ndarray,
    mean: np.ndarray,
    low: np.ndarray,
    high: np.ndarray,
    labels: list[str],
) -> None:
    """One line per series (``mean[:, k]``) over a band from ``low`` to ``high``."""
    for k, label in enumerate(labels):
        color = PALETTE[k % len(PALETTE)]
        if not np.array_equal(low[:, k], high[:, k]):
            lower = plot.plot(iterations, low[:, k], pen=pg.mkPen(None))
            upper = plot.plot(iterations, high[:, k], pen=pg.mkPen(None))
            plot.addItem(pg.FillBetweenItem(lower, upper, brush=_band_brush(color)))
        plot.plot(iterations, mean[:, k], pen=pen(color, 2.5), name=label)


def run_titles(run: LabRun | SweepRun) -> tuple[str, str]:
    """The chart's title and its note on what is drawn."""
    if isinstance(run, SweepRun):
        sweep = run.sweep
        return (
            f"{sweep.name}: {sweep.arms}-armed bandit, other arms beta = {sweep.beta}",
            f"{sweep.agents} agents, share averaged over iterations {sweep.burn_in}-"
            f"{sweep.iterations}, {run.shares.shape[0]} seeds",
        )
    exp = run.experiment
    seeds = len(run.traces)
    if seeds > 1:
        drawn = f"mean of {seeds} seeds, band: 10th-90th percentile of the seeds"
    else:
        drawn = f"seed {run.traces[0].seed}"
    return f"{exp.name}: {exp.problem.title}", f"{exp.summary}; {drawn}"


def draw_run(plot: pg.PlotItem, run: LabRun) -> None:
    """A lab run: each series' mean over the seeds, with the 10th-90th percentile band."""
    exp = run.experiment
    stats = run.summary()
    iterations = np.arange(stats["mean"].shape[0])
    _style(plot)
    draw_mean_and_spread(
        plot, iterations, stats["mean"], stats["p10"], stats["p90"], [s.label for s in exp.series]
    )
    plot.setLabel("bottom", "iteration")
    plot.setLabel("left", "agents")


def draw_sweep(plot: pg.PlotItem, run: SweepRun) -> None:
    """Measured equilibrium share of the best arm's cluster (mean and sd over seeds) against
    the mean-field prediction, the large-space formula and alpha_min."""
    sweep = run.sweep
    alphas = np.asarray(sweep.alphas)
    _style(plot)
    plot.legend.anchor((1, 1), (1, 1), offset=(-10, -10))
    mean = run.shares.mean(axis=0)
    sd = run.shares.std(axis=0)
    plot.addItem(
        pg.ErrorBarItem(x=alphas, y=mean, height=2 * sd, beam=0.008, pen=pen(PALETTE[0], 1))
    )
    plot.plot(
        alphas,
        mean,
        pen=None,
        symbol="o",
        symbolSize=7,
        symbolBrush=PALETTE[0],
        name="measured (mean, +-1 sd)",
    )
    plot.plot(
        alphas,
        run.predicted(),
        pen=pen(PALETTE[1], 2),
        name=f"mean field, {sweep.arms} arms (ours)",
    )
    plot.plot(
        alphas,
        run.limit(),
        pen=pen(PALETTE[2], 2, Qt.PenStyle.DashLine),
        name="(a(2-b)-1)/(a(a-b)), large space",
    )
    threshold = alpha_min(sweep.beta)
    plot.addItem(
        pg.InfiniteLine(threshold, angle=90, pen=pen(PALETTE[3], 1.5, Qt.PenStyle.DotLine))
    )
    plot.plot(
        [], [], pen=pen(PALETTE[3], 1.5, Qt.PenStyle.DotLine), name=f"alpha_min = {threshold:.3f}"
    )
    plot.setLabel("bottom", "alpha: test success rate of the best arm")
    plot.setLabel("left", "share of agents on the best arm")
    plot.setYRange(0, 1.02, padding=0)


def chart_widget(run: LabRun | SweepRun | None = None) -> pg.GraphicsLayoutWidget:
    """A white chart with a title and a note above the plot (``widget.plot``)."""
    widget = pg.GraphicsLayoutWidget()
    widget.setBackground("w")
    widget.title = widget.addLabel("", row=0, col=0, color=INK, size="12pt", bold=True)
    widget.note = widget.addLabel("", row=1, col=0, color="#555555", size="9pt")
    widget.plot = widget.addPlot(row=2, col=0)
    if run is not None:
        show_run(widget, run)
    return widget


def show_run(widget: pg.GraphicsLayoutWidget, run: LabRun | SweepRun) -> None:
    """Draw ``run`` into a :func:`chart_widget`, replacing what it showed."""
    title, note = run_titles(run)
    widget.title.setText(title, color=INK, size="12pt", bold=True)
    widget.note.setText(note, color="#555555", size="9pt")
    plot = widget.plot
    plot.clear()
    if plot.legend is not None:
        plot.legend.scene().removeItem(plot.legend)
        plot.legend = None
    if isinstance(run, SweepRun):
        draw_sweep(plot, run)
    else:
        draw_run(plot, run)


def save_png(run: LabRun | SweepRun, path: Path, *, width: int = CHART_WIDTH) -> Path:
    """Draw ``run`` off screen and write it as a PNG of ``width`` pixels."""
    widget = chart_widget(run)
    widget.resize(width, int(width * 0.62))
    # Lay the scene out as on screen: an unshown widget exports curves out of register with
    # their axes (off screen, showing costs nothing).
    widget.show()
    QApplication.processEvents()
    try:
        return export_png(widget, path, width=width)
    finally:
        widget.close()
        widget.deleteLater()


def export_png(widget: pg.GraphicsLayoutWidget, path: Path, *, width: int = CHART_WIDTH) -> Path:
    exporter = pyqtgraph.exporters.ImageExporter(widget.scene())
    exporter.parameters()["width"] = width
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    exporter.export(str(path))
    if not Path(path).exists():
        raise OSError(f"could not write the image {path}")
    return Path(path)

"""``hexswarm-tune-plot DIR [PNG]``: the learning curve of a ``hexswarm-tune`` run, from its log.

Every evaluated candidate's win rate with its 95% Wilson interval (accepted ones in colour,
dropped ones in grey), the current database's win rate and the best so far, step by step.
Drawn with pyqtgraph off screen, like ``hexswarm-lab``'s charts. GUI thread only.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

import numpy as np
import pyqtgraph as pg
from hexswarm.engine.tools.tune import LOG_FILE, read_steps

from .dashboard.panel import PALETTE, pen
from .lab.charts import INK, chart_widget, export_png


def _staircase(x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Points of a line that holds each value until the next step."""
    xs = np.repeat(x, 2)[1:]
    ys = np.repeat(y, 2)[:-1]
    return np.append(xs, x[-1] + 1), np.append(ys, y[-1])


def draw_learning_curve(plot: pg.PlotItem, steps: list[dict]) -> None:
    """Draw the log's ``steps`` (from :func:`engine.tools.tune.read_steps`) into ``plot``."""
    x = np.array([s["step"] for s in steps], dtype=float)
    rate = np.array([s["win_rate"] for s in steps])
    low = np.array([s["interval"][0] for s in steps])
    high = np.array([s["interval"][1] for s in steps])
    accepted = np.array([s["accepted"] for s in steps])
    plot.showGrid(x=True, y=True, alpha=0.15)
    for side in ("left", "bottom"):
        plot.getAxis(side).setPen(INK)
        plot.getAxis(side).setTextPen(INK)
    legend = plot.addLegend(offset=(-10, -10), labelTextSize="9pt", labelTextColor=INK)
    legend.setBrush("#ffffffd0")
    legend.anchor((1, 1), (1, 1), offset=(-10, -10))
    plot.addItem(
        pg.ErrorBarItem(x=x, y=rate, top=high - rate, bottom=rate - low, pen=pen("#b0b0b0", 1))
    )
    current = np.array([s["current_win_rate"] for s in steps])
    plot.plot(*_staircase(x, current), pen=pen(PALETTE[0], 1.5), name="current database")
    best = np.array([s["best_win_rate"] for s in steps])
    plot.plot(*_staircase(x, best), pen=pen(PALETTE[3], 2), name="best so far")
    for mask, colour, name in ((~accepted, "#909090", "dropped"), (accepted, PALETTE[0], "kept")):
        plot.plot(
            x[mask],
            rate[mask],
            pen=None,
            symbol="o",
            symbolSize=6,
            symbolPen=None,
            symbolBrush=colour,
            name=f"candidate, {name} (95% interval)",
        )
    plot.addItem(pg.InfiniteLine(0.5, angle=0, pen=pen(INK, 0.8)))
    plot.setLabel("bottom", "step (one match per candidate)")
    plot.setLabel("left", "win rate against the opponent")
    plot.setYRange(0, 1, padding=0.02)


def save_learning_curve(log_path: Path, png_path: Path, *, width: int = 900) -> Path:
    """Draw the run logged in ``log_path`` and write it as a PNG of ``width`` pixels."""
    from PySide6.QtWidgets import QApplication

    steps = read_steps(log_path)
    if not steps:
        raise ValueError(f"{log_path} has no steps to draw yet")
    settings = json.loads(log_path.read_text(encoding="utf-8").splitlines()[0])["settings"]
    last = steps[-1]
    widget = chart_widget()
    widget.title.setText(
        f"hexswarm-tune {settings['method']}: {settings['player']} with the candidate "
        f"vs {settings['opponent']}, {settings['size']}x{settings['size']}",
        color=INK,
        size="12pt",
        bold=True,
    )
    low, high = last["best_interval"]
    widget.note.setText(
        f"{len(steps)} steps of {settings['games']} games; best {last['best_win_rate']:.3f} "
        f"[{low:.3f}, {high:.3f}] at step {last['best_step']} (95% Wilson intervals)",
        color="#555555",
        size="9pt",
    )
    draw_learning_curve(widget.plot, steps)
    widget.resize(width, int(width * 0.62))
    widget.show()  # lay the scene out as on screen before exporting (see hexgui.lab.charts)
    QApplication.processEvents()
    try:
        return export_png(widget, png_path, width=width)
    finally:
        widget.close()
        widget.deleteLater()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="hexswarm-tune-plot",
        description="Draw the learning curve of a hexswarm-tune run as a PNG.",
    )
    parser.add_argument("dir", type=Path, help="the run's folder (with tune.jsonl) or the log")
    parser.add_argument("png", type=Path, nargs="?", help="the image (default DIR/curve.png)")
    options = parser.parse_args(argv)
    log = options.dir if options.dir.is_file() else options.dir / LOG_FILE
    png = options.png or log.parent / "curve.png"
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(["hexswarm-tune-plot"])
    try:
        save_learning_curve(log, png)
    except (OSError, ValueError) as error:
        print(f"hexswarm-tune-plot: {error}", file=sys.stderr)
        return 2
    finally:
        app.processEvents()
    print(f"hexswarm-tune-plot: wrote {png}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

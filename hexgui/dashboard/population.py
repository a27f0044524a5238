"""Population chart: agents (UCT: visits) behind each leading root move over the iterations, the
rest as "other", and the active-agent fraction below (thesis Fig. 4.2 and 4.6, drawn live).
GUI thread only."""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QLabel, QSizePolicy, QSpinBox, QWidget

from .model import (
    OTHER_LABEL,
    HistoryAccumulator,
    PopulationSeries,
    format_count,
    nice_ceiling,
    population_series,
)
from .panel import (
    OTHER_COLOR,
    PALETTE,
    DashboardPanel,
    MoveColors,
    pen,
    set_view_range,
    style_plot,
)

MAX_TOP_K = len(PALETTE)


def support_word(player: str) -> str:
    """What the root counts are called for ``player``: UCT counts visits, swarms count agents."""
    return "visits" if str(player).lower().startswith("uct") else "agents"


class PopulationPanel(DashboardPanel):
    """Top-k root moves' support over iterations plus the active fraction.

    ``board_size`` names the cells in the legend; set it when the game changes size.
    ``series`` is the data currently drawn (None before the first snapshot).
    """

    title = "population"
    file_stem = "population"

    def __init__(self, parent: QWidget | None = None, *, board_size: int = 11, top_k: int = 5):
        super().__init__(parent)
        self.board_size = board_size
        self.series: PopulationSeries | None = None
        self.colors = MoveColors()
        self.accumulator = HistoryAccumulator()
        self._legend_text: str | None = None

        self.controls.addWidget(QLabel("top"))
        self.top_k_box = QSpinBox(self)
        self.top_k_box.setRange(1, MAX_TOP_K)
        self.top_k_box.setValue(top_k)
        self.top_k_box.setToolTip("How many root moves get their own line; the rest is 'other'")
        self.top_k_box.valueChanged.connect(self._settings_changed)
        self.controls.addWidget(self.top_k_box)
        self.share_box = QCheckBox("%", self)
        self.share_box.setToolTip("Show each move's share of the root agents instead of counts")
        self.share_box.toggled.connect(self._settings_changed)
        self.controls.addWidget(self.share_box)
        self.other_box = QCheckBox("other", self)
        # Off at first: a swarm spread over a whole board keeps most agents on "other", which
        # would flatten the lines that matter; its count is always in the legend.
        self.other_box.setChecked(False)
        self.other_box.setToolTip(
            "Draw the agents of all remaining moves as one line (untick to zoom onto the top k)"
        )
        self.other_box.toggled.connect(self._settings_changed)
        self.controls.addWidget(self.other_box)

        self.legend = QLabel(self)
        self.legend.setTextFormat(Qt.TextFormat.RichText)
        self.legend.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.legend.setWordWrap(True)
        self.body.addWidget(self.legend)
        self.graphics = pg.GraphicsLayoutWidget(self)
        self.graphics.setMinimumHeight(160)
        self.body.addWidget(self.graphics)
        self.agents_plot: pg.PlotItem = self.graphics.addPlot(row=0, col=0)
        self.agents_plot.setLabel("left", "agents")
        style_plot(self.agents_plot)
        self.active_plot: pg.PlotItem = self.graphics.addPlot(row=1, col=0)
        self.active_plot.setLabel("left", "active")
        self.active_plot.setLabel("bottom", "iteration")
        for plot in (self.agents_plot, self.active_plot):
            plot.getAxis("bottom").enableAutoSIPrefix(False)
            plot.getAxis("left").enableAutoSIPrefix(False)
        self.active_plot.setXLink(self.agents_plot)
        style_plot(self.active_plot)
        self.graphics.ci.layout.setRowStretchFactor(0, 3)
        self.graphics.ci.layout.setRowStretchFactor(1, 1)
        # No clip-to-view or downsampling: the series are already thinned to a few hundred
        # points, and those options re-process every curve at every paint.
        for plot in (self.agents_plot, self.active_plot):
            self.add_menu_actions(plot)

        # Every curve is created here, once; snapshots only call setData on them.
        self.move_curves = [self.agents_plot.plot([], []) for _ in range(MAX_TOP_K)]
        self.other_curve = self.agents_plot.plot(
            [], [], pen=pen(OTHER_COLOR, 1.5, Qt.PenStyle.DashLine)
        )
        self.active_curve = self.active_plot.plot([], [], pen=pen("#7f7f7f", 1.5))
        self.follow_palette([self.graphics], [self.agents_plot, self.active_plot])

    @property
    def top_k(self) -> int:
        return self.top_k_box.value()

    @property
    def as_share(self) -> bool:
        return self.share_box.isChecked()

    def _palette_changed(self) -> None:
        self._legend_text = None  # the legend's text colour follows the palette

    def show_snapshot(self, snapshot) -> None:
        # Recorded even while hidden (cheap), so a UCT chart is complete when shown.
        self.accumulator.add(snapshot)
        super().show_snapshot(snapshot)

    def clear(self) -> None:
        self.accumulator = HistoryAccumulator(self.accumulator.capacity)
        self.colors.reset()
        super().clear()

    def reset_colors(self) -> None:
        """A new search: moves may get fresh colours."""
        self.colors.reset()

    def _settings_changed(self) -> None:
        self.agents_plot.setLabel("left", "share of agents" if self.as_share else "agents")
        self._dirty = True
        if self.isVisible():
            self.render_now()

    def _render(self) -> None:
        snapshot = self.snapshot
        if snapshot is None:
            self.series = None
            for curve in [*self.move_curves, self.other_curve, self.active_curve]:
                curve.setData([], [])
            self._set_legend("")
            self.status.setText("no search yet")
            return
        series = population_series(
            self.accumulator.complete(snapshot),
            self.board_size,
            top_k=self.top_k,
            as_share=self.as_share,
        )
        self.series = series
        self.colors.release_except(set(series.moves))
        x = list(series.iterations)
        for index, curve in enumerate(self.move_curves):
            if index < len(series.moves):
                color = self.colors.color(series.moves[index])
                if curve.opts.get("_hex_color") != color:
                    curve.setPen(pen(color, 2.0))
                    curve.opts["_hex_color"] = color
                curve.setData(x, list(series.values[index]))
            elif curve.xData is not None and len(curve.xData):
                curve.setData([], [])
        self.other_curve.setData(x, list(series.other))
        # A hidden item does not count for auto-range, so the top-k lines get the whole height.
        self.other_curve.setVisible(self.other_box.isChecked())
        self.active_curve.setData(list(series.active_iterations), list(series.active_fraction))
        top = max((max(v) for v in series.values if v), default=0.0)
        if self.other_box.isChecked() and series.other:
            top = max(top, max(series.other))
        last = max(series.iterations[-1] if series.iterations else 0, 1)
        x_range = (0.0, nice_ceiling(last))
        set_view_range(self.agents_plot, x_range, (0.0, nice_ceiling(top)))
        set_view_range(self.active_plot, x_range, (0.0, 1.0))
        self._set_legend(self._legend_html(series))
        self.status.setText(
            f"{snapshot.player} · iteration {snapshot.iteration} · "
            f"{snapshot.total_agents} {support_word(snapshot.player)} at the root"
        )

    def _legend_html(self, series: PopulationSeries) -> str:
        """One line: each drawn move in its colour with its current support, then "other"."""
        parts = []
        for index, label in enumerate(series.labels):
            value = series.values[index][-1] if series.values[index] else 0
            amount = f"{value:.0%}" if series.as_share else format_count(value)
            color = self.colors.color(series.moves[index])
            parts.append(f'<span style="color:{color}">&#9632;</span>&nbsp;{label}&nbsp;{amount}')
        if series.other:
            other = series.other[-1]
            amount = f"{other:.0%}" if series.as_share else format_count(other)
            parts.append(
                f'<span style="color:{OTHER_COLOR}">&#9476;</span>&nbsp;other&nbsp;{amount}'
            )
        return "&nbsp;&nbsp; ".join(parts)

    def _set_legend(self, html: str) -> None:
        """The legend is a rich-text label above the plot (not pyqtgraph's LegendItem, whose
        rows are graphics items rebuilt whenever the leading moves change)."""
        if html == self._legend_text:
            return
        self._legend_text = html
        self.legend.setText(f'<span style="color:{self.text_color}">{html}</span>')

    def table(self) -> tuple[list[str], list[list[object]]]:
        if self.series is None:
            return ["iteration", OTHER_LABEL, "active_fraction"], []
        return self.series.table()

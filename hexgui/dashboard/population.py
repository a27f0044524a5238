"""Population chart: agents (UCT: visits) behind each leading root move over the iterations, the
rest as "other", and the active-agent fraction below (thesis Fig. 4.2 and 4.6, drawn live).
GUI thread only."""

from __future__ import annotations

import math

import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QLabel, QSizePolicy, QSpinBox, QWidget

from .model import (
    OTHER_LABEL,
    PopulationSeries,
    cluster_reading,
    decided_without_search,
    format_count,
    is_external_engine,
    is_vanilla_monte_carlo,
    nice_ceiling,
    population_series,
    support_word,
    win_ratio_series,
)
from .panel import (
    OTHER_COLOR,
    PALETTE,
    DashboardPanel,
    MoveColors,
    count_axes,
    fraction_axis,
    pen,
    set_view_range,
    style_plot,
)

MAX_TOP_K = len(PALETTE)


def new_curve(plot: pg.PlotItem, line_pen=None) -> pg.PlotCurveItem:
    """An empty curve in ``plot``."""
    item = pg.PlotCurveItem([], [], pen=line_pen if line_pen is not None else pen("#1f77b4"))
    plot.addItem(item)
    return item


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
        self.search_spec = ""  # the spec of the search shown (its level's settings matter)
        self.series: PopulationSeries | None = None
        self.colors = MoveColors()
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
        # What a swarm's spread means (issue 30): the largest cluster's share as a number and,
        # for the thesis's own test, its cluster threshold (3.2.4).
        self.cluster_label = QLabel(self)
        self.cluster_label.setObjectName("cluster_reading")
        self.cluster_label.setWordWrap(True)
        self.cluster_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.cluster_label.setVisible(False)
        self.body.addWidget(self.cluster_label)
        self.graphics = pg.GraphicsLayoutWidget(self)
        self.graphics.setMinimumHeight(110)
        self.body.addWidget(self.graphics)
        self.agents_plot: pg.PlotItem = self.graphics.addPlot(
            row=0, col=0, axisItems=count_axes("left", "bottom")
        )
        self.agents_plot.setLabel("left", "agents")
        style_plot(self.agents_plot)
        self.active_plot: pg.PlotItem = self.graphics.addPlot(
            row=1, col=0, axisItems=count_axes("bottom")
        )
        self.active_plot.setLabel("left", "active")
        self.active_plot.setLabel("bottom", "iteration")
        for plot in (self.agents_plot, self.active_plot):
            plot.getAxis("bottom").enableAutoSIPrefix(False)
            plot.getAxis("left").enableAutoSIPrefix(False)
        self.active_plot.setXLink(self.agents_plot)
        fraction_axis(self.active_plot)
        # The two plots share the x axis: its numbers once, under the lower plot.
        self.agents_plot.getAxis("bottom").setStyle(showValues=False)
        style_plot(self.active_plot)
        self.graphics.ci.layout.setRowStretchFactor(0, 3)
        self.graphics.ci.layout.setRowStretchFactor(1, 1)
        # No clip-to-view or downsampling: the series are already thinned to a few hundred
        # points, and those options re-process every curve at every paint.
        for plot in (self.agents_plot, self.active_plot):
            self.add_menu_actions(plot)

        # Every curve is created here, once; snapshots only call setData on them. Plain
        # PlotCurveItems: PlotDataItem's wrapper re-derives its display data and pens at every
        # setData and every range change, which was half the cost of a refresh.
        self.move_curves = [new_curve(self.agents_plot) for _ in range(MAX_TOP_K)]
        self.other_curve = new_curve(self.agents_plot, pen(OTHER_COLOR, 1.5, Qt.PenStyle.DashLine))
        self.active_curve = new_curve(self.active_plot, pen("#7f7f7f", 1.5))
        # A search that sent one snapshot (a fast one: 2 000 playouts in 0.1 s) gives each
        # line one point, which a curve does not draw: the chart stood empty beside a legend
        # naming the moves (round 16). Then each point is a dot.
        self.single_points = pg.ScatterPlotItem(size=8, pen=None)
        self.agents_plot.addItem(self.single_points)
        self.single_active = pg.ScatterPlotItem(size=8, pen=None, brush=pg.mkBrush("#7f7f7f"))
        self.active_plot.addItem(self.single_active)
        self.follow_palette([self.graphics], [self.agents_plot, self.active_plot])

    @property
    def top_k(self) -> int:
        return self.top_k_box.value()

    @property
    def as_share(self) -> bool:
        return self.share_box.isChecked()

    def _draw_single_points(self, series: PopulationSeries, x: list) -> None:
        """Dots for the lines of one point (see ``single_points``); none otherwise."""
        if len(x) == 1:
            lines = [(m, v) for m, v in zip(series.moves, series.values, strict=False) if v]
            shown = [values for _move, values in lines]
            colors = [self.colors.color(move) for move, _values in lines]
            if self.other_box.isChecked() and series.other:
                shown.append(series.other)
                colors.append(OTHER_COLOR)
            self.single_points.setData(
                x * len(shown), [v[0] for v in shown], brush=[pg.mkBrush(c) for c in colors]
            )
        else:
            self.single_points.setData([], [])
        active = list(series.active_iterations)
        if len(active) == 1:
            self.single_active.setData(active, list(series.active_fraction))
        else:
            self.single_active.setData([], [])

    def _palette_changed(self) -> None:
        # The legend's text colour follows the palette now, not at the next search: after a
        # switch from dark to light an idle legend stayed white on white.
        html, self._legend_text = self._legend_text, None
        if html is not None and hasattr(self, "legend"):
            self._set_legend(html)

    def clear(self, note: str | None = None) -> None:
        self.colors.reset()
        super().clear(note)

    def reset_colors(self) -> None:
        """A new search: moves may get fresh colours."""
        self.colors.reset()

    def _settings_changed(self) -> None:
        self._axis_labels = None
        self._dirty = True
        if self.isVisible():
            self.render_now()

    def _render(self) -> None:
        snapshot = self.snapshot
        if snapshot is None:
            self.series = None
            for curve in [*self.move_curves, self.other_curve, self.active_curve]:
                curve.setData([], [])
            self.single_points.setData([], [])
            self.single_active.setData([], [])
            self._set_legend("")
            self.cluster_label.setText("")
            self.cluster_label.setVisible(False)
            # An empty chart must not keep the scale of the search it showed before.
            set_view_range(self.agents_plot, (0.0, 1.0), (0.0, 1.0))
            set_view_range(self.active_plot, (0.0, 1.0), (0.0, 1.0))
            self.status.setText(self.idle_note or "no search yet")
            return
        monte_carlo = is_vanilla_monte_carlo(snapshot.player)
        if monte_carlo:
            series = win_ratio_series(snapshot, self.board_size, top_k=self.top_k)
        else:
            series = population_series(
                snapshot,
                self.board_size,
                top_k=self.top_k,
                as_share=self.as_share,
            )
        self.series = series
        self._set_axis_labels(snapshot.player)
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
        self._draw_single_points(series, x)
        top = max((max(v) for v in series.values if v), default=0.0)
        if self.other_box.isChecked() and series.other:
            top = max(top, max(series.other))
        last = max(series.iterations[-1] if series.iterations else 0, 1)
        x_range = (0.0, nice_ceiling(last))
        y_top = 1.0 if monte_carlo else nice_ceiling(top)
        set_view_range(self.agents_plot, x_range, (0.0, y_top))
        set_view_range(self.active_plot, x_range, (0.0, 1.0))
        self._set_legend(self._legend_html(series, snapshot))
        reading, explanation = cluster_reading(snapshot, self.search_spec, self.board_size)
        if reading != self.cluster_label.text():
            self.cluster_label.setText(reading)
            self.cluster_label.setToolTip(explanation)
            self.cluster_label.setVisible(bool(reading))
        text = self.status_text(snapshot)
        self.status.setText(text)
        self.status.setToolTip(text)  # a narrow dock cuts the line; the tip shows all of it

    def status_text(self, snapshot) -> str:
        """The header line, in the words of the level: swarms have agents at the root, UCT
        visits, vanilla Monte-Carlo the same playouts for every move; then how the move was
        decided when it was not by the search alone (root tactics, the solver, the opening
        table)."""
        if decided_without_search(snapshot):
            return f"{snapshot.player} · {snapshot.note}"
        if is_vanilla_monte_carlo(snapshot.player):
            text = (
                f"{snapshot.player} · {format_count(snapshot.iteration)} playouts per move · "
                f"{len(snapshot.root_moves)} moves · win ratio per move"
            )
        elif support_word(snapshot.player) == "visits":
            text = (
                f"{snapshot.player} · {format_count(snapshot.total_agents)} visits at the root "
                f"· {format_count(snapshot.playouts)} playouts"
            )
        else:
            text = (
                f"{snapshot.player} · iteration {snapshot.iteration} · "
                f"{format_count(snapshot.total_agents)} agents at the root"
            )
        return f"{text} · {snapshot.note}" if snapshot.note else text

    def _set_axis_labels(self, player: str) -> None:
        if is_vanilla_monte_carlo(player):
            upper, lower = "win ratio", "all moves"
            bottom = "playouts per move"
        elif support_word(player) == "visits":
            upper = "share of visits" if self.as_share else "visits"
            lower, bottom = "win rate", "iteration"
        else:
            upper = "share of agents" if self.as_share else "agents"
            lower, bottom = "active", "iteration"
        wanted = (upper, lower, bottom)
        if getattr(self, "_axis_labels", None) != wanted:
            self._axis_labels = wanted
            self.agents_plot.setLabel("left", upper)
            self.active_plot.setLabel("left", lower)
            self.active_plot.setLabel("bottom", bottom)

    def _legend_html(self, series: PopulationSeries, snapshot=None) -> str:
        """One line: each drawn move in its colour with its current support (vanilla MC: its
        win ratio; UCT: visits and win rate), then "other". The searcher's choice (the move the
        board frames and the status bar names) comes first, in bold, marked "chosen"."""
        # A move decided without a search has one pseudo-visit and no playouts: no win rate.
        searched = snapshot is not None and snapshot.playouts > 0
        uct = searched and support_word(snapshot.player) == "visits"
        wins = {}
        if uct:
            for move, visits, won in zip(
                snapshot.root_moves, snapshot.root_agents, snapshot.root_active, strict=True
            ):
                wins[move] = won / visits if visits else 0.0
            # An engine's own value of each move where it gave one (NaN: it gave none).
            engine = is_external_engine(snapshot.player)
            if engine and len(snapshot.root_values) == len(snapshot.root_moves):
                for move, value in zip(snapshot.root_moves, snapshot.root_values, strict=True):
                    if math.isnan(value):
                        wins.pop(move, None)
                    else:
                        wins[move] = value
        parts = []
        for index, label in enumerate(series.labels):
            value = series.values[index][-1] if series.values[index] else 0
            amount = f"{value:.0%}" if series.as_share else format_count(value)
            move = series.moves[index]
            if snapshot is not None and move == snapshot.best_move:
                label = f"<b>{label}</b>&nbsp;chosen"
            if move in wins:
                amount += f"&nbsp;({wins[move]:.0%}&nbsp;won)"
            color = self.colors.color(move)
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

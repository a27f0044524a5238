"""What every dashboard panel shares: a header with export buttons, PNG/CSV export, a context
menu, and the rule that a hidden panel does no drawing work. GUI thread only."""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path

import pyqtgraph as pg
from hexswarm.engine.search.snapshot import SearchSnapshot
from PySide6 import QtGui
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QAction, QPalette, QPen, QTextDocument
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QMenu,
    QMessageBox,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from .model import format_count, write_csv

# Ten colours that stay distinguishable on white and on dark backgrounds (Tableau 10).
PALETTE = (
    "#1f77b4",
    "#ff7f0e",
    "#2ca02c",
    "#d62728",
    "#9467bd",
    "#8c564b",
    "#e377c2",
    "#17becf",
    "#bcbd22",
    "#7f7f7f",
)
OTHER_COLOR = "#9a9a9a"


class MoveColors:
    """A stable colour per root move for one search, so a move keeps its colour when the
    ranking changes. Reset when a new search starts."""

    def __init__(self) -> None:
        self._colors: dict[int, str] = {}

    def color(self, move: int) -> str:
        if move not in self._colors:
            used = set(self._colors.values())
            free = [c for c in PALETTE if c not in used]
            self._colors[move] = free[0] if free else PALETTE[len(self._colors) % len(PALETTE)]
        return self._colors[move]

    def release_except(self, moves: set[int]) -> None:
        """Forget moves no longer drawn so their colours can be reused."""
        for move in [m for m in self._colors if m not in moves]:
            del self._colors[move]

    def reset(self) -> None:
        self._colors.clear()


def style_plot(plot: pg.PlotItem) -> None:
    """Common look and the cheap way to draw a live chart: no grid (grid lines are redrawn
    with the axes and dominate the paint cost), no auto-range (the panel sets round ranges
    with :func:`set_view_range`, so axes are laid out again only when a range changes), no
    mouse zoom (the next refresh would undo it)."""
    plot.setMenuEnabled(True)
    plot.hideButtons()
    plot.disableAutoRange()
    plot.setMouseEnabled(x=False, y=False)


FRACTION_TICKS = [[(0.0, "0"), (0.5, "50%"), (1.0, "100%")], []]
"""Ticks of a 0..1 axis in a short plot: pyqtgraph's automatic ones (0, 0.2, ... 1.0) overlap
when the plot is a few tens of pixels high."""


def fraction_axis(plot: pg.PlotItem, side: str = "left") -> None:
    """Give ``plot``'s ``side`` axis the three :data:`FRACTION_TICKS`."""
    plot.getAxis(side).setTicks(FRACTION_TICKS)


class CountAxis(pg.AxisItem):
    """An axis of counts labelled as the board labels them (``500k``, ``1.5M``), not in
    pyqtgraph's scientific notation (``1e+06``)."""

    def tickStrings(self, values, scale, spacing):  # noqa: N802 (pyqtgraph's name)
        # Counts are whole: on a range of a few units (an empty chart spans 0..1) pyqtgraph
        # puts ticks between them, which would all read "0" or "1"; those stay unlabelled.
        labels = []
        for value in values:
            count = value * scale
            labels.append(format_count(count) if abs(count - round(count)) < 1e-6 else "")
        return labels


def count_axes(*sides: str) -> dict[str, CountAxis]:
    """A :class:`CountAxis` for each of ``sides``, as ``addPlot(axisItems=...)`` takes them."""
    return {side: CountAxis(side) for side in sides}


def set_view_range(plot: pg.PlotItem, x: tuple[float, float], y: tuple[float, float]) -> None:
    """Show ``x`` by ``y`` (small padding) unless that is already the range: setting an equal
    range would still make pyqtgraph lay the axes out again."""
    wanted = (tuple(map(float, x)), tuple(map(float, y)))
    if getattr(plot, "_hex_range", None) != wanted:
        plot._hex_range = wanted
        plot.setRange(xRange=wanted[0], yRange=wanted[1], padding=0.02)


class DashboardPanel(QWidget):
    """Base of the dashboard panels.

    Subclasses build their plot items once in ``__init__`` (placed in :attr:`body`), implement
    :meth:`_render` (update those items from :attr:`snapshot` with ``setData``) and
    :meth:`table` (the drawn data as CSV rows). :meth:`show_snapshot` stores the snapshot and
    draws only while the panel is visible; a panel that becomes visible draws what it missed.
    """

    title = "panel"
    file_stem = "panel"

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.snapshot: SearchSnapshot | None = None
        self.idle_note: str | None = None  # said while empty (clear)
        # Which position the snapshot shown is of, when the board shows another ("" when it
        # is the board's): set by the dashboard, which knows the positions (see relabel).
        self.position_note: Callable[[SearchSnapshot], str] | None = None
        self._status_base = ""  # the status line as _render left it
        self._status_measured: tuple[str, int] | None = None  # see _fit_status
        self.renders = 0  # how many times the plot items were updated (tests, cost probe)
        self._dirty = False
        outer = QVBoxLayout(self)
        outer.setContentsMargins(2, 2, 2, 2)
        outer.setSpacing(2)
        header = QHBoxLayout()
        header.setSpacing(4)
        self.status = QLabel("")
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        # A status line that changes width at every refresh must not re-layout the window
        # (that would repaint the board too): its width is whatever the header leaves.
        self.status.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.status.setMinimumWidth(40)
        # Wrapped, at least two lines high: a dock beside the board cut "uct · c5 wins: it
        # completes a virtual connection between our edges" at its edge (round 16). Its
        # height changes only when the text needs more lines or fewer (see _fit_status): a
        # count that changes at every refresh must not lay the window out again.
        self.status.setWordWrap(True)
        self.status.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.status.setFixedHeight(self.status_min_height())
        self.controls = QHBoxLayout()
        self.controls.setSpacing(4)
        header.addLayout(self.controls)
        header.addStretch(1)
        for text, tip, slot in (
            ("PNG", "Save this chart as a PNG image", self.ask_export_png),
            ("CSV", "Save the data of this chart as CSV", self.ask_export_csv),
        ):
            button = QToolButton(self)
            button.setText(text)
            button.setToolTip(tip)
            button.setAutoRaise(True)
            button.clicked.connect(slot)
            header.addWidget(button)
        outer.addLayout(header)
        # The status gets a line of its own: docks beside the board are narrow.
        outer.addWidget(self.status)
        self.body = QVBoxLayout()
        self.body.setContentsMargins(0, 0, 0, 0)
        outer.addLayout(self.body, 1)
        self.export_png_action = QAction("Export chart as PNG…", self)
        self.export_png_action.triggered.connect(self.ask_export_png)
        self.export_csv_action = QAction("Export data as CSV…", self)
        self.export_csv_action.triggered.connect(self.ask_export_csv)
        # Graphics views and plots that follow the application palette (light or dark theme).
        self._views: list[pg.GraphicsView] = []
        self._plots: list[pg.PlotItem] = []
        self.text_color = "#202020"

    # ------------------------------------------------------------------ palette
    def follow_palette(self, views, plots) -> None:
        """Draw ``views`` and ``plots`` in the palette's colours, now and on theme changes."""
        self._views += list(views)
        self._plots += list(plots)
        self.apply_palette()

    def apply_palette(self) -> None:
        palette = self.palette()
        background = palette.color(QPalette.ColorRole.Base)
        foreground = palette.color(QPalette.ColorRole.Text)
        self.text_color = foreground.name()
        for view in self._views:
            view.setBackground(background)
        for plot in self._plots:
            for name in ("left", "bottom", "right", "top"):
                axis = plot.getAxis(name)
                axis.setPen(foreground)
                axis.setTextPen(foreground)
        self._palette_changed()

    def _palette_changed(self) -> None:
        """Subclasses recolour their own text items here."""

    def changeEvent(self, event) -> None:  # noqa: N802 (Qt API)
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and self._views:
            self.apply_palette()

    # ------------------------------------------------------------------ feeding
    def show_snapshot(self, snapshot: SearchSnapshot) -> None:
        """Take the latest snapshot of the current position (called by the refresh timer)."""
        self.snapshot = snapshot
        self._dirty = True
        if self.isVisible():
            self.render_now()

    def render_now(self) -> None:
        self._dirty = False
        self.renders += 1
        self._render()
        self._status_base = self.status.text()
        self.relabel()

    def relabel(self) -> None:
        """Put :attr:`position_note` of the snapshot shown before the status line (after an
        undo the panels had kept the search of the position the AI moved from, without
        saying which position that was; round 14). Costs no redraw of the chart."""
        note = ""
        if self.snapshot is not None and self.position_note is not None:
            note = self.position_note(self.snapshot)
        text = f"{note} · {self._status_base}" if note else self._status_base
        if text != self.status.text():
            self.status.setText(text)
            self.status.setToolTip(text)  # a narrow dock cuts the line
        self._fit_status()

    def status_min_height(self) -> int:
        """The status line's height at the least: two lines."""
        return 2 * self.status.fontMetrics().lineSpacing() + 2

    def _fit_status(self) -> None:
        """As high as the status text needs at the panel's width, two lines at the least (a
        review's game graph header took three in a dock beside the board, round 17). The
        text is measured apart: QLabel's own measure is never below its fixed height."""
        status = self.status
        key = (status.text(), status.width())
        if key == self._status_measured or status.width() <= 0:
            return
        self._status_measured = key
        document = QTextDocument()
        document.setDefaultFont(status.font())
        document.setDocumentMargin(0)
        if QtGui.Qt.mightBeRichText(status.text()):  # QtCore's Qt lacks it
            document.setHtml(status.text())
        else:
            document.setPlainText(status.text())
        document.setTextWidth(status.width())
        needed = math.ceil(document.size().height()) + 2
        height = max(self.status_min_height(), needed)
        if height != status.maximumHeight():  # the height asked for, laid out or not
            status.setFixedHeight(height)

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt API)
        super().resizeEvent(event)
        self._fit_status()

    def flush(self) -> None:
        """Draw now what changed since the last drawing, if the panel is visible."""
        if self._dirty and self.isVisible():
            self.render_now()

    def clear(self, note: str | None = None) -> None:
        """Forget everything shown (a new game, a new search); ``note`` is what the empty
        panel then says instead of its usual "no search yet" (a panel that shows one search
        says it: :attr:`idle_note`)."""
        self.snapshot = None
        self.idle_note = note
        self._dirty = True
        if self.isVisible():
            self.render_now()

    def showEvent(self, event) -> None:  # noqa: N802 (Qt API)
        super().showEvent(event)
        if self._dirty:
            self.render_now()

    def _render(self) -> None:
        raise NotImplementedError

    def table(self) -> tuple[list[str], list[list[object]]]:
        raise NotImplementedError

    # ------------------------------------------------------------------ export
    def add_menu_actions(self, plot: pg.PlotItem) -> None:
        """Put the export actions into pyqtgraph's right-click menu of ``plot``."""
        menu = plot.getViewBox().menu
        menu.addSeparator()
        menu.addAction(self.export_png_action)
        menu.addAction(self.export_csv_action)

    def contextMenuEvent(self, event) -> None:  # noqa: N802 (Qt API)
        menu = QMenu(self)
        menu.addAction(self.export_png_action)
        menu.addAction(self.export_csv_action)
        menu.exec(event.globalPos())

    def export_png(self, path: str | Path) -> None:
        """Save the panel as drawn now (render first if it is stale); raises OSError."""
        if self._dirty:
            self.render_now()
        if not self.grab().save(str(path), "PNG"):
            raise OSError(f"could not write the image {path}")

    def export_csv(self, path: str | Path) -> None:
        """Save the data the panel draws as CSV; raises OSError."""
        if self._dirty:
            self.render_now()
        header, rows = self.table()
        write_csv(path, header, rows)

    def _ask_path(self, kind: str, pattern: str) -> str | None:
        path, _ = QFileDialog.getSaveFileName(
            self, f"Export {self.title} as {kind}", f"{self.file_stem}.{kind.lower()}", pattern
        )
        return path or None

    def ask_export_png(self) -> None:
        path = self._ask_path("PNG", "PNG images (*.png)")
        if path:
            self._report(lambda: self.export_png(path), path)

    def ask_export_csv(self) -> None:
        path = self._ask_path("CSV", "CSV files (*.csv)")
        if path:
            self._report(lambda: self.export_csv(path), path)

    def _report(self, action, path: str) -> None:
        try:
            action()
        except OSError as error:
            QMessageBox.warning(self, "Export failed", f"Could not save {path}:\n{error}")


def pen(color: str, width: float = 2.0, style=Qt.PenStyle.SolidLine) -> QPen:
    """A cosmetic pen for a curve (pyqtgraph mkPen with our defaults)."""
    return pg.mkPen(color=color, width=width, style=style)

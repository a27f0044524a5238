"""The board: paints a Hex position and turns mouse clicks into cell indices.

No game rules live here. The widget shows what it is given (:meth:`BoardWidget.set_board`,
overlays, previews, markers) and reports clicks; the :class:`~hexgui.game_controller.
GameController` decides what a click means. Geometry and hit-testing are in
:mod:`hexgui.board_geometry` (pure, tested); this module only paints.

GUI thread only, like every QWidget.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from hexswarm.engine.board import (
    BLACK,
    BLACK_STONE,
    EMPTY,
    WHITE,
    WHITE_STONE,
    Board,
    Color,
    mirror_cell,
)
from hexswarm.gui.board_geometry import BoardGeometry
from hexswarm.gui.themes import THEME_NAMES, Theme, theme
from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
    QPolygonF,
    QRadialGradient,
)
from PySide6.QtWidgets import QSizePolicy, QWidget

if TYPE_CHECKING:
    from hexswarm.gui.dashboard.overlay import CandidateMark

COORDINATE_MIN_PX = 9
"""Smallest pixel size of the coordinate letters and numbers (26x26 boards)."""


def coordinate_pixel_size(radius: float) -> int:
    """Pixel size of the coordinates beside cells of ``radius``: half a cell, at least
    :data:`COORDINATE_MIN_PX` (on 26x26 half a cell was 6 px, too small to read), at most 18."""
    return max(COORDINATE_MIN_PX, min(18, round(radius * 0.55)))


Overlay = dict[int, tuple[float, str]]


@dataclass(frozen=True, slots=True)
class BoardView:
    """An immutable copy of what the widget paints from a :class:`Board`."""

    shape: tuple[int, int]  # columns, rows
    cells: tuple[int, ...]
    to_move: Color
    last_move: int | None
    winner: Color | None
    winning_path: frozenset[int]
    move_numbers: tuple[tuple[int, int], ...] = ()  # (cell, number of the move that put it)

    @classmethod
    def of(cls, board: Board) -> BoardView:
        moves = board.moves
        last = None
        numbers: dict[int, int] = {}
        for number, move in enumerate(moves, start=1):
            if move.swap is None:
                numbers[move.cell] = number
            elif move.swap == "swap-pieces":
                numbers[mirror_cell(moves[0].cell, board.size)] = number
        if moves:
            move = moves[-1]
            if move.swap is None:
                last = move.cell
            elif move.swap == "swap-pieces":
                # The mirrored stone is the one that changed; mark it.
                last = mirror_cell(moves[0].cell, board.size)
            else:
                last = moves[0].cell
        return cls(
            board.shape,
            tuple(int(v) for v in board.cells),
            board.to_move,
            last,
            board.winner,
            frozenset(board.winning_path()),
            tuple((cell, n) for cell, n in sorted(numbers.items()) if board.cells[cell] != EMPTY),
        )


def _mix(low: QColor, high: QColor, t: float) -> QColor:
    t = min(1.0, max(0.0, t))
    return QColor(
        round(low.red() + (high.red() - low.red()) * t),
        round(low.green() + (high.green() - low.green()) * t),
        round(low.blue() + (high.blue() - low.blue()) * t),
    )


CANDIDATE_WORST = QColor("#e0523a")
CANDIDATE_MIDDLE = QColor("#f0c94a")
CANDIDATE_BEST = QColor("#5cb85c")


FADED_ALPHA = 90
"""The opacity (of 255) of a faded candidate mark's fill and ring (``CandidateMark.faded``)."""


def candidate_colour(quality: float) -> QColor:
    """The fill of a candidate mark: red at ``quality`` 0, yellow at 0.5, green at 1."""
    quality = min(1.0, max(0.0, quality))
    if quality < 0.5:
        return _mix(CANDIDATE_WORST, CANDIDATE_MIDDLE, quality * 2)
    return _mix(CANDIDATE_MIDDLE, CANDIDATE_BEST, quality * 2 - 1)


class BoardWidget(QWidget):
    """Paints a board and reports clicks.

    Signals:
      * ``cell_clicked(int)``: left click on a cell (index ``row * columns + col``).
      * ``cell_right_clicked(int)``: right click on a cell (setup mode uses it for White).
      * ``cell_hovered(int)``: the cell under the mouse changed (``-1`` when off the board).
    """

    cell_clicked = Signal(int)
    cell_right_clicked = Signal(int)
    cell_hovered = Signal(int)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setMouseTracking(True)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(240, 200)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        self._view = BoardView.of(Board(11))
        self._theme_name = "classic"
        self._dark = False
        self._theme = theme("classic")
        self._overlay: Overlay = {}
        self._best: int | None = None
        self._line: tuple[int, ...] = ()
        self._preview: tuple[int, ...] = ()
        self._candidates: dict[int, CandidateMark] = {}
        self._hover: int | None = None
        self._human_to_move = True
        self._setup_mode = False
        self._setup_color: Color = BLACK
        self._show_coordinates = True
        self._show_move_numbers = False
        self._status_caption = ""
        # (loser, "resigned" / "ran out of time") when the game ended without a connection
        self._game_end: tuple[Color, str] | None = None
        self._static_pixmap: QPixmap | None = None
        self._static_key: tuple | None = None
        self._stone_pixmaps: dict[tuple, QPixmap] = {}
        self._polygon_cache: dict[tuple[BoardGeometry, float], list[QPolygonF]] = {}

    # ------------------------------------------------------------------ inputs
    def set_board(self, board: Board) -> None:
        """Show ``board`` (copied now: later changes to it need another call)."""
        view = BoardView.of(board)
        if view.shape != self._view.shape:
            self._overlay, self._best, self._line, self._preview = {}, None, (), ()
            self._candidates = {}
        self._view = view
        self.update()

    def set_overlay(
        self, values: Overlay | None, best: int | None = None, line: tuple[int, ...] = ()
    ) -> None:
        """Colour empty cells by ``values[cell] = (intensity 0..1, label)``; mark ``best``;
        ``line`` (a principal variation from the position shown) is drawn as numbered ghosts
        while the mouse is over ``best``. ``None`` clears the overlay."""
        self._overlay = dict(values or {})
        self._best = best
        self._line = tuple(line)
        self.update()

    def set_candidates(self, marks: tuple[CandidateMark, ...]) -> None:
        """Mark candidate moves (``hexgui.dashboard.overlay.CandidateMark``) over the overlay:
        a fill coloured by ``quality``, the value and the support as text, the share as a ring;
        hovering one shows its ``line`` as numbered ghosts. While candidates are shown the
        overlay's own numbers are left out (its colours stay). ``()`` clears them."""
        self._candidates = {mark.cell: mark for mark in marks}
        self.update()

    @property
    def candidates(self) -> tuple[CandidateMark, ...]:
        return tuple(self._candidates.values())

    def set_preview(self, line: tuple[int, ...]) -> None:
        """Draw a variation from the position shown, ghosted and numbered 1, 2, ...
        (alternating colours starting with the side to move); ``()`` clears it."""
        self._preview = tuple(line)
        self.update()

    def set_theme(self, name: str, dark: bool | None = None) -> None:
        """Switch to the theme ``name`` (see :data:`hexgui.themes.THEME_NAMES`); ``dark``
        chooses its dark variant (``None`` keeps the current choice)."""
        if name not in THEME_NAMES:
            raise ValueError(f"unknown theme {name!r}; choose one of {', '.join(THEME_NAMES)}")
        if dark is not None:
            self._dark = bool(dark)
        self._theme_name = name
        self._theme = theme(name, self._dark)
        self.update()

    def set_dark(self, dark: bool) -> None:
        self.set_theme(self._theme_name, dark)

    def set_human_to_move(self, human: bool) -> None:
        """Whether a click would play (shows the hover ghost stone and a hand cursor)."""
        self._human_to_move = human
        self._update_cursor()
        self.update()

    def set_setup_mode(self, on: bool, color: Color = BLACK) -> None:
        """Setup mode draws an orange frame and a banner, and ghosts the setup colour."""
        self._setup_mode = on
        self._setup_color = color
        self._update_cursor()
        self.update()

    def set_game_end(self, loser: Color | None, how: str = "resigned") -> None:
        """The game ended without a connection: ``loser`` resigned or ran out of time (``how``
        says which, as the header shows it); None: it did not. The header then names the winner
        instead of a side to move."""
        end = None if loser is None else (loser, how)
        if end != self._game_end:
            self._game_end = end
            self.update()

    def set_show_coordinates(self, show: bool) -> None:
        self._show_coordinates = show
        self.update()

    def set_show_move_numbers(self, show: bool) -> None:
        """Number each stone with the move that placed it (HexGui's "show move numbers"); the
        last move's number is drawn in the last-move colour instead of the dot."""
        self._show_move_numbers = show
        self.update()

    @property
    def show_move_numbers(self) -> bool:
        return self._show_move_numbers

    def set_caption(self, text: str) -> None:
        """A short line drawn in the top-left corner (e.g. "White is thinking")."""
        self._status_caption = text
        self.update()

    # ------------------------------------------------------------------ queries
    @property
    def theme(self) -> Theme:
        return self._theme

    @property
    def theme_name(self) -> str:
        return self._theme_name

    @property
    def setup_mode(self) -> bool:
        return self._setup_mode

    @property
    def overlay(self) -> Overlay:
        return dict(self._overlay)

    @property
    def preview(self) -> tuple[int, ...]:
        return self._preview

    @property
    def hovered_cell(self) -> int | None:
        return self._hover

    def geometry_for_size(self) -> BoardGeometry:
        """The layout used for the current widget size (pure data; see board_geometry)."""
        return BoardGeometry.fit(
            self._view.shape, self.width(), self.height(), top=self._indicator_band()
        )

    def _indicator_font(self) -> QFont:
        font = QFont(self.font())
        font.setPixelSize(max(11, min(16, round(self.height() / 40))))
        font.setBold(True)
        return font

    def _indicator_band(self) -> float:
        """Height kept free above the board for the whose-turn line, so the top coordinate
        labels never run into it."""
        return 10 + QFontMetricsF(self._indicator_font()).height() + 4

    def cell_center(self, cell: int) -> QPointF:
        """Widget coordinates of the centre of ``cell`` (handy for tests and tooltips)."""
        x, y = self.geometry_for_size().center(cell)
        return QPointF(x, y)

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt API)
        return QSize(760, 560)

    # ------------------------------------------------------------------ mouse
    def _cell_at(self, pos: QPointF) -> int | None:
        return self.geometry_for_size().cell_at(pos.x(), pos.y())

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        cell = self._cell_at(event.position())
        if cell != self._hover:
            self._hover = cell
            mark = self._candidates.get(cell) if cell is not None else None
            self.setToolTip(mark.detail if mark is not None else "")
            self._update_cursor()
            self.cell_hovered.emit(-1 if cell is None else cell)
            self.update()
        super().mouseMoveEvent(event)

    def leaveEvent(self, event) -> None:  # noqa: N802
        if self._hover is not None:
            self._hover = None
            self.cell_hovered.emit(-1)
            self.update()
        super().leaveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        cell = self._cell_at(event.position())
        if cell is not None:
            if event.button() == Qt.MouseButton.LeftButton:
                self.cell_clicked.emit(cell)
            elif event.button() == Qt.MouseButton.RightButton:
                self.cell_right_clicked.emit(cell)
        super().mouseReleaseEvent(event)

    def _update_cursor(self) -> None:
        cell = self._hover
        if cell is None:
            self.unsetCursor()
        elif self._setup_mode:
            self.setCursor(Qt.CursorShape.CrossCursor)
        elif self._human_to_move and self._view.cells[cell] == EMPTY and self._view.winner is None:
            self.setCursor(Qt.CursorShape.PointingHandCursor)
        else:
            self.setCursor(Qt.CursorShape.ForbiddenCursor)

    # ------------------------------------------------------------------ painting
    def paintEvent(self, event) -> None:  # noqa: N802
        # The board itself (background, edges, empty cells, labels) changes only with the size,
        # theme or scale: it is drawn once into a pixmap, and a repaint during a search (the
        # overlay changes ~15 times a second) only blits it and draws what changed on top.
        geometry = self.geometry_for_size()
        painter = QPainter(self)
        painter.drawPixmap(0, 0, self._static_layer(geometry))
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        if self._hover is not None:
            painter.setPen(QPen(QColor(self._theme.cell_border), max(1.0, geometry.radius * 0.06)))
            painter.setBrush(QColor(self._theme.hover))
            painter.drawPolygon(self._polygon(geometry, self._hover))
        ghost_line = self._preview or self.hover_line()
        self._paint_overlay(painter, geometry)
        self._paint_candidates(painter, geometry, skip=frozenset(ghost_line))
        self._paint_stones(painter, geometry)
        self._paint_markers(painter, geometry)
        if ghost_line:
            self._paint_line(painter, geometry, ghost_line)
        self._paint_indicator(painter, geometry)
        painter.end()

    def _static_layer(self, geometry: BoardGeometry) -> QPixmap:
        ratio = self.devicePixelRatioF()
        key = (self.width(), self.height(), ratio, geometry, self._theme, self._show_coordinates)
        if self._static_key != key or self._static_pixmap is None:
            pixmap = QPixmap(
                max(1, round(self.width() * ratio)), max(1, round(self.height() * ratio))
            )
            pixmap.setDevicePixelRatio(ratio)
            pixmap.fill(QColor(self._theme.background))
            painter = QPainter(pixmap)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
            self._paint_edges(painter, geometry)
            self._paint_cells(painter, geometry)
            if self._show_coordinates:
                self._paint_labels(painter, geometry)
            painter.end()
            self._static_pixmap, self._static_key = pixmap, key
            self._stone_pixmaps.clear()
        return self._static_pixmap

    def _polygon(self, geometry: BoardGeometry, cell: int, scale: float = 1.0) -> QPolygonF:
        """The hexagon of ``cell`` (cached per layout and scale: repaints reuse them)."""
        key = (geometry, scale)
        polygons = self._polygon_cache.get(key)
        if polygons is None:
            if len(self._polygon_cache) > 8:
                self._polygon_cache.clear()
            polygons = [
                QPolygonF([QPointF(x, y) for x, y in geometry.corners(index, scale)])
                for index in range(geometry.cell_count)
            ]
            self._polygon_cache[key] = polygons
        return polygons[cell]

    def _paint_edges(self, painter: QPainter, geometry: BoardGeometry) -> None:
        t = self._theme
        width = geometry.radius * 0.5
        colors = {
            "top": t.first_edge,
            "bottom": t.first_edge,
            "left": t.second_edge,
            "right": t.second_edge,
        }
        outline = QColor(t.cell_border)
        for name, points in geometry.edge_polylines().items():
            path = QPainterPath()
            path.moveTo(*points[0])
            for point in points[1:]:
                path.lineTo(*point)
            # A thin darker rim first so a white edge stays visible on a light background.
            painter.setPen(
                QPen(
                    outline,
                    width + 2.0,
                    Qt.PenStyle.SolidLine,
                    Qt.PenCapStyle.RoundCap,
                    Qt.PenJoinStyle.RoundJoin,
                )
            )
            painter.drawPath(path)
            painter.setPen(
                QPen(
                    QColor(colors[name]),
                    width,
                    Qt.PenStyle.SolidLine,
                    Qt.PenCapStyle.RoundCap,
                    Qt.PenJoinStyle.RoundJoin,
                )
            )
            painter.drawPath(path)

    def _paint_cells(self, painter: QPainter, geometry: BoardGeometry) -> None:
        t = self._theme
        pen = QPen(QColor(t.cell_border), max(1.0, geometry.radius * 0.06))
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        painter.setPen(pen)
        painter.setBrush(QColor(t.cell))
        for cell in range(geometry.cell_count):
            painter.drawPolygon(self._polygon(geometry, cell))

    def _paint_overlay(self, painter: QPainter, geometry: BoardGeometry) -> None:
        if not self._overlay:
            return
        t = self._theme
        low, high = QColor(t.overlay_low), QColor(t.overlay_high)
        painter.setPen(Qt.PenStyle.NoPen)
        font = QFont(self.font())
        font.setPixelSize(max(6, round(geometry.radius * 0.5)))
        font.setBold(True)
        painter.setFont(font)
        # 33 shades are indistinguishable from a continuous scale and save a QColor per cell.
        shades = [_mix(low, high, step / 32) for step in range(33)]
        light_text, dark_text = QColor("#ffffff"), QColor("#202020")
        for cell, (intensity, label) in self._overlay.items():
            if not 0 <= cell < len(self._view.cells) or self._view.cells[cell] != EMPTY:
                continue
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(shades[round(32 * min(1.0, max(0.0, intensity)))])
            painter.drawPolygon(self._polygon(geometry, cell, 0.86))
            if label and not self._candidates:
                painter.setPen(light_text if intensity > 0.55 else dark_text)
                painter.drawText(
                    self._cell_rect(geometry, cell), Qt.AlignmentFlag.AlignCenter, label
                )

    def hover_line(self) -> tuple[int, ...]:
        """The principal variation of the candidate (or best move) under the mouse, if any."""
        mark = self._candidates.get(self._hover) if self._hover is not None else None
        if mark is not None:
            return mark.line
        return self._line if self._hover is not None and self._hover == self._best else ()

    def _paint_candidates(
        self, painter: QPainter, geometry: BoardGeometry, skip: frozenset[int] = frozenset()
    ) -> None:
        """Each candidate: a hexagon filled from red (``quality`` 0) through yellow to green
        (1), its value large and its support small, and a ring whose arc is its share of the
        root's support (a full circle is 100%). Cells in ``skip`` (under a ghost line) are
        left to the ghost stones."""
        if not self._candidates:
            return
        radius = geometry.radius
        value_font = QFont(self.font())
        value_font.setPixelSize(max(6, round(radius * 0.52)))
        value_font.setBold(True)
        support_font = QFont(self.font())
        support_font.setPixelSize(max(5, round(radius * 0.34)))
        ring_pen = QPen(QColor("#1d3557"), max(1.5, radius * 0.11))
        ring_pen.setCapStyle(Qt.PenCapStyle.FlatCap)
        track_pen = QPen(QColor(0, 0, 0, 70), max(1.0, radius * 0.05))
        faded_ring_pen = QPen(ring_pen)
        faded_ring_pen.setColor(QColor(0x1D, 0x35, 0x57, FADED_ALPHA))
        for cell, mark in self._candidates.items():
            if cell in skip or not 0 <= cell < len(self._view.cells):
                continue
            if self._view.cells[cell] != EMPTY:
                continue
            fill = candidate_colour(mark.quality)
            if mark.faded:  # too little support to read its value like the others'
                fill.setAlpha(FADED_ALPHA)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(fill)
            painter.drawPolygon(self._polygon(geometry, cell, 0.86))
            x, y = geometry.center(cell)
            ring = QRectF(x - radius * 0.7, y - radius * 0.7, radius * 1.4, radius * 1.4)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(track_pen)
            painter.drawEllipse(ring)
            painter.setPen(faded_ring_pen if mark.faded else ring_pen)
            # Qt angles are 1/16 degree, counter-clockwise from 3 o'clock: start at 12 o'clock
            # and run clockwise.
            painter.drawArc(ring, 90 * 16, -round(min(1.0, mark.share) * 360 * 16))
            text = QColor("#111111")
            if mark.faded:
                text.setAlpha(FADED_ALPHA + 40)
            painter.setPen(text)
            painter.setFont(value_font)
            painter.drawText(
                QRectF(x - radius, y - radius * 0.62, 2 * radius, radius * 0.8),
                Qt.AlignmentFlag.AlignCenter,
                mark.value_label,
            )
            painter.setFont(support_font)
            painter.drawText(
                QRectF(x - radius, y + radius * 0.08, 2 * radius, radius * 0.5),
                Qt.AlignmentFlag.AlignCenter,
                mark.support_label,
            )

    def _cell_rect(self, geometry: BoardGeometry, cell: int, scale: float = 1.0) -> QRectF:
        x, y = geometry.center(cell)
        r = geometry.radius * scale
        return QRectF(x - r, y - r, 2 * r, 2 * r)

    def _paint_stone(
        self, painter: QPainter, geometry: BoardGeometry, cell: int, color: Color, alpha: int = 255
    ) -> None:
        """A stone from a cached pixmap (gradients are slow to draw 121 times a frame)."""
        ratio = self.devicePixelRatioF()
        key = (color, alpha, geometry.radius, ratio)
        pixmap = self._stone_pixmaps.get(key)
        half = geometry.radius
        if pixmap is None:
            side = max(1, round(2 * half * ratio))
            pixmap = QPixmap(side, side)
            pixmap.setDevicePixelRatio(ratio)
            pixmap.fill(Qt.GlobalColor.transparent)
            stone_painter = QPainter(pixmap)
            stone_painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            self._draw_stone(stone_painter, half, half, half, color, alpha)
            stone_painter.end()
            self._stone_pixmaps[key] = pixmap
        x, y = geometry.center(cell)
        painter.drawPixmap(QPointF(x - half, y - half), pixmap)

    def _draw_stone(
        self, painter: QPainter, x: float, y: float, radius: float, color: Color, alpha: int
    ) -> None:
        base_name, light_name = self._theme.stone_colors(color)
        base, light = QColor(base_name), QColor(light_name)
        base.setAlpha(alpha)
        light.setAlpha(alpha)
        r = radius * 0.74
        gradient = QRadialGradient(QPointF(x - r * 0.35, y - r * 0.35), r * 1.3)
        gradient.setColorAt(0.0, light)
        gradient.setColorAt(1.0, base)
        painter.setBrush(QBrush(gradient))
        rim = QColor(self._theme.cell_border if color is WHITE else "#000000")
        rim.setAlpha(min(alpha, 160))
        painter.setPen(QPen(rim, max(1.0, radius * 0.04)))
        painter.drawEllipse(QPointF(x, y), r, r)

    def _paint_stones(self, painter: QPainter, geometry: BoardGeometry) -> None:
        for cell, value in enumerate(self._view.cells):
            if value == BLACK_STONE:
                self._paint_stone(painter, geometry, cell, BLACK)
            elif value == WHITE_STONE:
                self._paint_stone(painter, geometry, cell, WHITE)
        hover = self._hover
        if hover is not None and self._view.cells[hover] == EMPTY and not self._preview:
            if self._setup_mode:
                self._paint_stone(painter, geometry, hover, self._setup_color, 110)
            elif self._human_to_move and self._view.winner is None:
                self._paint_stone(painter, geometry, hover, self._view.to_move, 110)

    def _paint_markers(self, painter: QPainter, geometry: BoardGeometry) -> None:
        t = self._theme
        view = self._view
        if view.winning_path:
            pen = QPen(QColor(t.winning_chain), max(2.0, geometry.radius * 0.16))
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            for cell in view.winning_path:
                x, y = geometry.center(cell)
                r = geometry.radius * 0.8
                painter.drawEllipse(QPointF(x, y), r, r)
        if self._show_move_numbers:
            self._paint_move_numbers(painter, geometry)
        elif view.last_move is not None and view.cells[view.last_move] != EMPTY:
            x, y = geometry.center(view.last_move)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(t.last_move))
            r = geometry.radius * 0.2
            painter.drawEllipse(QPointF(x, y), r, r)
        if self._best is not None and 0 <= self._best < len(view.cells):
            pen = QPen(QColor(t.best_move), max(2.0, geometry.radius * 0.14))
            pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPolygon(self._polygon(geometry, self._best, 0.88))

    def _paint_move_numbers(self, painter: QPainter, geometry: BoardGeometry) -> None:
        view = self._view
        font = QFont(self.font())
        font.setPixelSize(max(6, round(geometry.radius * 0.62)))
        font.setBold(True)
        painter.setFont(font)
        for cell, number in view.move_numbers:
            if cell == view.last_move:
                color = QColor(self._theme.last_move)
            else:
                stone = BLACK if view.cells[cell] == BLACK_STONE else WHITE
                base = QColor(self._theme.stone_colors(stone)[0])
                color = QColor("#000000") if base.lightness() > 140 else QColor("#ffffff")
            painter.setPen(color)
            painter.drawText(
                self._cell_rect(geometry, cell), Qt.AlignmentFlag.AlignCenter, str(number)
            )

    def _paint_line(
        self, painter: QPainter, geometry: BoardGeometry, line: tuple[int, ...]
    ) -> None:
        color = self._view.to_move
        font = QFont(self.font())
        font.setPixelSize(max(6, round(geometry.radius * 0.62)))
        font.setBold(True)
        painter.setFont(font)
        occupied = set()
        for number, cell in enumerate(line, start=1):
            if 0 <= cell < len(self._view.cells) and cell not in occupied:
                occupied.add(cell)
                self._paint_stone(painter, geometry, cell, color, 140)
                base = QColor(self._theme.stone_colors(color)[0])
                text = QColor("#000000") if base.lightness() > 140 else QColor("#ffffff")
                painter.setPen(text)
                painter.drawText(
                    self._cell_rect(geometry, cell), Qt.AlignmentFlag.AlignCenter, str(number)
                )
            color = color.opponent

    def _paint_labels(self, painter: QPainter, geometry: BoardGeometry) -> None:
        font = QFont(self.font())
        font.setPixelSize(coordinate_pixel_size(geometry.radius))
        painter.setFont(font)
        painter.setPen(QColor(self._theme.text))
        box = geometry.radius * 1.2
        for text, (x, y) in geometry.label_positions():
            painter.drawText(
                QRectF(x - box, y - box / 2, 2 * box, box), Qt.AlignmentFlag.AlignCenter, text
            )

    def header(self) -> tuple[Color, str]:
        """The top-left line: the colour of its stone and its text (who moves, who won, or
        what a click does in setup mode)."""
        t = self._theme
        view = self._view
        if self._setup_mode:
            # The stone beside the text is the side to move next, as the text says last.
            placed = self._setup_color
            return view.to_move, (
                f"SETUP: click places {t.player_name(placed)}, right click "
                f"{t.player_name(placed.opponent)}; {t.player_name(view.to_move)} to move next"
            )
        if view.winner is not None:
            return view.winner, f"{t.player_name(view.winner)} wins"
        if self._game_end is not None:
            loser, how = self._game_end
            return (
                loser.opponent,
                f"{t.player_name(loser.opponent)} wins · {t.player_name(loser)} {how}",
            )
        text = f"{t.player_name(view.to_move)} to move"
        if self._status_caption:
            text += f" · {self._status_caption}"
        return view.to_move, text

    def _paint_indicator(self, painter: QPainter, geometry: BoardGeometry) -> None:
        """Top-left corner: a stone of the colour to move and what a click does; in setup
        mode an orange frame round the widget so a setup stone is never placed by mistake."""
        t = self._theme
        font = self._indicator_font()
        painter.setFont(font)
        metrics = QFontMetricsF(font)
        radius = metrics.height() * 0.45
        x, y = 10 + radius, 10 + radius
        if self._setup_mode:
            frame = QPen(QColor(t.setup_frame), 5)
            painter.setPen(frame)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(QRectF(2.5, 2.5, self.width() - 5, self.height() - 5))
        color, text = self.header()
        text_color = QColor(t.setup_frame if self._setup_mode else t.text)
        base, light = t.stone_colors(color)
        painter.setPen(QPen(QColor(t.cell_border), 1.0))
        gradient = QRadialGradient(QPointF(x - radius * 0.3, y - radius * 0.3), radius * 1.3)
        gradient.setColorAt(0.0, QColor(light))
        gradient.setColorAt(1.0, QColor(base))
        painter.setBrush(QBrush(gradient))
        painter.drawEllipse(QPointF(x, y), radius, radius)
        painter.setPen(text_color)
        painter.drawText(QPointF(x + radius + 6, y + metrics.ascent() / 2 - 1), text)

"""Where every cell of a Hex board sits on screen: pure geometry, no Qt, no painting.

The board (``columns`` x ``rows``; a rectangle is a parallelogram) is drawn as a rhombus of
pointy-top regular hexagons (CONVENTIONS.md): row ``r`` is
shifted half a cell to the right of row ``r - 1``, so ``a1`` sits in the acute top-left corner.
With circumradius ``R`` (centre to corner) and cell width ``w = sqrt(3) * R``, the centre of
cell (row ``r``, column ``c``) is::

    x = origin_x + w * (c + r / 2)
    y = origin_y + 1.5 * R * r

The hexagons tile the plane, so the hexagon containing a point is the one whose centre is
nearest: :meth:`BoardGeometry.cell_at` rounds the point's fractional lattice coordinates in
cube coordinates, which is exact (no pixel masks, no bounding-box guesses).

All methods are plain arithmetic on floats and are safe from any thread.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

SQRT3 = math.sqrt(3.0)

# Margin around the board in units of R: room for the coloured edges and the coordinate labels.
MARGIN_IN_RADII = 1.25

Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class BoardGeometry:
    """The layout of a ``columns`` x ``rows`` board: hexagon radius and the centre of ``a1``."""

    columns: int
    rows: int
    radius: float
    origin_x: float
    origin_y: float

    # ---------------------------------------------------------------- construction
    @classmethod
    def fit(
        cls, shape: int | tuple[int, int], width: float, height: float, top: float = 0.0
    ) -> BoardGeometry:
        """The largest layout of a board of ``shape`` (a square's side, or ``(columns,
        rows)``) that fits a ``width`` x ``height`` area with room for labels on all four
        sides, centred in it; a band of ``top`` pixels at the top stays free (the widget
        writes whose turn it is there)."""
        columns, rows = (shape, shape) if isinstance(shape, int) else shape
        height = max(1e-6, height - top)
        if columns < 1 or rows < 1:
            raise ValueError(f"a board has at least 1 column and 1 row, not {columns}x{rows}")
        units_x, units_y = cls.extent_in_radii(columns, rows)
        radius = max(1e-6, min(width / units_x, height / units_y))
        board_w = SQRT3 * radius * (columns - 1 + (rows - 1) / 2.0 + 1.0)
        board_h = radius * (1.5 * (rows - 1) + 2.0)
        left = (width - board_w) / 2.0
        top += (height - board_h) / 2.0
        return cls(columns, rows, radius, left + SQRT3 * radius / 2.0, top + radius)

    @staticmethod
    def extent_in_radii(columns: int, rows: int | None = None) -> tuple[float, float]:
        """Width and height of board plus margins, in units of the hexagon radius (the last
        row is shifted right by half a cell per row above it)."""
        rows = columns if rows is None else rows
        return (
            SQRT3 * (columns - 1 + (rows - 1) / 2.0 + 1.0) + 2 * MARGIN_IN_RADII,
            1.5 * (rows - 1) + 2.0 + 2 * MARGIN_IN_RADII,
        )

    @property
    def cell_count(self) -> int:
        return self.columns * self.rows

    # ---------------------------------------------------------------- cells
    @property
    def cell_width(self) -> float:
        """Distance between the centres of horizontally adjacent cells."""
        return SQRT3 * self.radius

    def lattice_center(self, row: float, col: float) -> Point:
        """Centre of lattice position (row, col); rows and columns off the board are allowed
        (used to place coordinate labels one cell outside the board)."""
        return (
            self.origin_x + self.cell_width * (col + row / 2.0),
            self.origin_y + 1.5 * self.radius * row,
        )

    def center(self, cell: int) -> Point:
        """Centre of ``cell`` (index ``row * columns + col``)."""
        row, col = divmod(cell, self.columns)
        return self.lattice_center(row, col)

    def corners(self, cell: int, scale: float = 1.0) -> list[Point]:
        """The six corners of ``cell``'s hexagon, clockwise from the top, optionally shrunk
        towards the centre by ``scale``."""
        cx, cy = self.center(cell)
        return hexagon_corners(cx, cy, self.radius * scale)

    def cell_at(self, x: float, y: float) -> int | None:
        """The cell whose hexagon contains (x, y), or ``None`` off the board.

        Points exactly on a shared border go to one of the two cells (consistently).
        """
        fx = (x - self.origin_x) / self.cell_width
        fy = (y - self.origin_y) / (1.5 * self.radius)
        row_f = fy
        col_f = fx - fy / 2.0
        row, col = cube_round(row_f, col_f)
        if 0 <= row < self.rows and 0 <= col < self.columns:
            return row * self.columns + col
        return None

    # ---------------------------------------------------------------- edges and labels
    def edge_polylines(self) -> dict[str, list[Point]]:
        """The board's outline split into its four edges, each a zig-zag along the outer
        sides of the border cells: keys ``top``, ``bottom`` (Black's) and ``left``, ``right``
        (White's). Corner hexagons contribute to both edges that meet there."""
        w, h = self.columns, self.rows
        # Hexagon corner k (clockwise from the top): 0 top, 1 upper right, 2 lower right,
        # 3 bottom, 4 lower left, 5 upper left.
        top = []
        for col in range(w):
            c = self.corners(col)
            top += [c[5], c[0]]
        top.append(self.corners(w - 1)[1])
        bottom = []
        for col in range(w):
            c = self.corners((h - 1) * w + col)
            bottom += [c[4], c[3]]
        bottom.append(self.corners((h - 1) * w + w - 1)[2])
        left = []
        for row in range(h):
            c = self.corners(row * w)
            left += [c[5], c[4]]
        right = []
        for row in range(h):
            c = self.corners(row * w + w - 1)
            right += [c[1], c[2]]
        return {"top": top, "bottom": bottom, "left": left, "right": right}

    def label_positions(self) -> list[tuple[str, Point]]:
        """Where to draw coordinate labels: column letters above and below the board, row
        numbers left and right of it, as (text, centre) pairs."""
        from hexswarm.engine.board import column_letters

        labels: list[tuple[str, Point]] = []
        lift = 1.6 * self.radius
        for col in range(self.columns):
            letters = column_letters(col)
            x, y = self.lattice_center(0, col)
            labels.append((letters, (x, y - lift)))
            x, y = self.lattice_center(self.rows - 1, col)
            labels.append((letters, (x, y + lift)))
        side = 0.95 * self.cell_width
        for row in range(self.rows):
            number = str(row + 1)
            x, y = self.lattice_center(row, 0)
            labels.append((number, (x - side, y)))
            x, y = self.lattice_center(row, self.columns - 1)
            labels.append((number, (x + side, y)))
        return labels


def hexagon_corners(cx: float, cy: float, radius: float) -> list[Point]:
    """Corners of a pointy-top regular hexagon, clockwise from the top (screen y grows down)."""
    points = []
    for k in range(6):
        angle = math.radians(-90.0 + 60.0 * k)
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return points


def cube_round(row_f: float, col_f: float) -> tuple[int, int]:
    """Round fractional axial coordinates (row, col) to the lattice hexagon containing them.

    In cube coordinates (col, row, -col-row) the hexagon of a lattice point is where rounding
    each coordinate and fixing the one with the largest rounding error gives that point.
    """
    s_f = -row_f - col_f
    row, col, s = round(row_f), round(col_f), round(s_f)
    d_row, d_col, d_s = abs(row - row_f), abs(col - col_f), abs(s - s_f)
    if d_col > d_row and d_col > d_s:
        col = -row - s
    elif d_row > d_s:
        row = -col - s
    return int(row), int(col)

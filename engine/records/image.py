"""Board diagrams as SVG, for slides and HexWiki-style figures.

The board is drawn as HexSwarm and HexGui show it (``CONVENTIONS.md``): a rhombus whose rows are
shifted half a cell to the right of the row above, ``a1`` in the top-left acute corner, columns
lettered left to right and rows numbered downwards. Behind the cells, a band in each owner's
colour marks the edges: Black's (top and bottom) and White's (left and right). Each cell is one
``<polygon class="cell" id="cell-a1">``; stones fill their cell. PNG export is the GUI's job (it
renders this or its own painter with Qt); this module has no dependency beyond the standard
library and may be called from any thread.
"""

from __future__ import annotations

import math
from xml.sax.saxutils import escape, quoteattr

from hexswarm.engine.board import (
    BLACK_STONE,
    SWAP_PIECES,
    WHITE_STONE,
    Board,
    HexError,
    column_letters,
    mirror_cell,
    shape_text,
)

THEMES: dict[str, dict[str, str]] = {
    # Black and White stones, as on a wooden board.
    "classic": {
        "empty": "#ecd9ad",
        "black": "#1d1d1d",
        "white": "#fbfbfb",
        "black_edge": "#1d1d1d",
        "white_edge": "#d6d6d6",
        "grid": "#6b5637",
        "text": "#3a3a3a",
        "marker_on_black": "#fbfbfb",
        "marker_on_white": "#1d1d1d",
        "marker_on_empty": "#1d1d1d",
        "winning": "#e8b21c",
    },
    # The thesis's colours: Blue plays Black's part (top-bottom), Red White's (left-right).
    "redblue": {
        "empty": "#f3efe6",
        "black": "#2f63c9",
        "white": "#d23b32",
        "black_edge": "#2f63c9",
        "white_edge": "#d23b32",
        "grid": "#7a7366",
        "text": "#3a3a3a",
        "marker_on_black": "#ffffff",
        "marker_on_white": "#ffffff",
        "marker_on_empty": "#3a3a3a",
        "winning": "#f2c230",
    },
}

_RADIUS = 20.0  # hexagon circumradius in SVG units; the picture scales freely
_WIDTH = math.sqrt(3.0) * _RADIUS  # distance between neighbouring cell centres
_EDGE_BAND = 1.9 * _RADIUS  # how far the coloured edge reaches beyond the outer cell centres


def _centre(row: float, col: float) -> tuple[float, float]:
    """Centre of (row, col) (fractions allowed, for labels), before the margin shift."""
    return (col + row / 2.0) * _WIDTH, row * 1.5 * _RADIUS


def _intersection(p, u, q, v) -> tuple[float, float]:
    """Where the line p + t*u meets the line q + s*v."""
    det = u[0] * -v[1] - u[1] * -v[0]
    t = ((q[0] - p[0]) * -v[1] - (q[1] - p[1]) * -v[0]) / det
    return p[0] + t * u[0], p[1] + t * u[1]


def _edge_corners(columns: int, rows: int) -> tuple[tuple[float, float], ...]:
    """Corners (top-left, top-right, bottom-right, bottom-left) of the parallelogram of edge
    bands around ``columns`` x ``rows`` cells."""
    along_row = (1.0, 0.0)
    along_column = (0.5, math.sqrt(3.0) / 2.0)  # a column runs down and to the right
    normal_left = (-math.sqrt(3.0) / 2.0, 0.5)

    def shifted(point, normal):
        return point[0] + _EDGE_BAND * normal[0], point[1] + _EDGE_BAND * normal[1]

    top = shifted(_centre(0, 0), (0.0, -1.0))
    bottom = shifted(_centre(rows - 1, 0), (0.0, 1.0))
    left = shifted(_centre(0, 0), normal_left)
    right = shifted(_centre(0, columns - 1), (-normal_left[0], -normal_left[1]))
    return (
        _intersection(top, along_row, left, along_column),
        _intersection(top, along_row, right, along_column),
        _intersection(bottom, along_row, right, along_column),
        _intersection(bottom, along_row, left, along_column),
    )


def _points(points) -> str:
    return " ".join(f"{x:.2f},{y:.2f}" for x, y in points)


def board_svg(
    board: Board,
    *,
    theme: str = "classic",
    coordinates: bool = True,
    last_move: bool = True,
    labels: dict[int, str] | None = None,
    winning_path: bool = True,
    title: str | None = None,
) -> str:
    """The position on ``board`` as a standalone SVG document (a string).

    * ``theme``: ``"classic"`` (black and white stones) or ``"redblue"`` (blue top-bottom,
      red left-right, the thesis's colours).
    * ``coordinates``: letters above and below, numbers left and right.
    * ``last_move``: a dot on the last stone played (after a swap, on the swapped stone).
    * ``labels``: ``{cell index: text}`` written on cells, e.g. move numbers or ``"A"``.
    * ``winning_path``: outline the winner's connected chain once the game is over.
    """
    if theme not in THEMES:
        raise HexError(f"unknown theme {theme!r}: use one of {', '.join(THEMES)}")
    colours = THEMES[theme]
    columns, rows = board.shape
    shape = shape_text(columns, rows)
    labels = dict(labels or {})
    for cell in labels:
        if not 0 <= cell < board.cell_count:
            raise HexError(f"a label for cell {cell}, which is off the {shape} board")

    corners = _edge_corners(columns, rows)
    label_points: list[tuple[float, float, str]] = []
    if coordinates:
        offset_row = 1.65  # rows beyond the edge band, for the letters
        offset_col = 1.8  # columns beyond the edge band, for the numbers
        for col in range(columns):
            letter = column_letters(col)
            label_points.append((*_centre(-offset_row, col), letter))
            label_points.append((*_centre(rows - 1 + offset_row, col), letter))
        for row in range(rows):
            label_points.append((*_centre(row, -offset_col), str(row + 1)))
            label_points.append((*_centre(row, columns - 1 + offset_col), str(row + 1)))
    xs = [x for x, _ in corners] + [x for x, _, _ in label_points]
    ys = [y for _, y in corners] + [y for _, y, _ in label_points]
    margin = _RADIUS
    left, top = min(xs) - margin, min(ys) - margin
    width, height = max(xs) + margin - left, max(ys) + margin - top

    def at(x: float, y: float) -> tuple[float, float]:
        return x - left, y - top

    marked = _last_stone(board) if last_move else None
    winners = set(board.winning_path()) if winning_path else set()
    font = 0.62 * _RADIUS
    title_text = title or f"Hex position, {shape}, {board.to_move} to move"
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.2f} {height:.2f}" '
        f'width="{width:.0f}" height="{height:.0f}" font-family="DejaVu Sans, Arial, sans-serif">',
        f"<title>{escape(title_text)}</title>",
    ]
    middle = at(sum(x for x, _ in corners) / 4.0, sum(y for _, y in corners) / 4.0)
    shifted = [at(x, y) for x, y in corners]
    owners = ("black", "white", "black", "white")  # top, right, bottom, left
    for index, owner in enumerate(owners):
        triangle = (shifted[index], shifted[(index + 1) % 4], middle)
        out.append(
            f'<polygon class="edge {owner}-edge" points="{_points(triangle)}" '
            f'fill="{colours[owner + "_edge"]}"/>'
        )

    for cell in range(board.cell_count):
        row, col = divmod(cell, columns)
        cx, cy = at(*_centre(row, col))
        hexagon = [
            (cx + _RADIUS * math.cos(math.radians(a)), cy + _RADIUS * math.sin(math.radians(a)))
            for a in (-90, -30, 30, 90, 150, 210)
        ]
        stone = int(board.cells[cell])
        fill = {BLACK_STONE: colours["black"], WHITE_STONE: colours["white"]}.get(
            stone, colours["empty"]
        )
        name = board.cell_name(cell)
        stroke = colours["winning"] if cell in winners else colours["grid"]
        stroke_width = 0.16 * _RADIUS if cell in winners else 0.06 * _RADIUS
        out.append(
            f'<polygon class="cell" id="cell-{name}" points="{_points(hexagon)}" fill="{fill}" '
            f'stroke="{stroke}" stroke-width="{stroke_width:.2f}" stroke-linejoin="round"/>'
        )
        on = {BLACK_STONE: "marker_on_black", WHITE_STONE: "marker_on_white"}.get(
            stone, "marker_on_empty"
        )
        if cell == marked:
            out.append(
                f'<circle class="last-move" cx="{cx:.2f}" cy="{cy:.2f}" '
                f'r="{0.28 * _RADIUS:.2f}" fill="{colours[on]}"/>'
            )
        if cell in labels:
            size_px = 0.8 * _RADIUS
            out.append(
                f'<text class="label" x="{cx:.2f}" y="{cy + _CENTRING * size_px:.2f}" '
                f'font-size="{size_px:.2f}" text-anchor="middle" fill="{colours[on]}">'
                f"{escape(str(labels[cell]))}</text>"
            )
    for x, y, text in label_points:
        x, y = at(x, y)
        out.append(
            f'<text class="coordinate" x="{x:.2f}" y="{y + _CENTRING * font:.2f}" '
            f'font-size="{font:.2f}" text-anchor="middle" fill={quoteattr(colours["text"])}>'
            f"{escape(text)}</text>"
        )
    out.append("</svg>")
    return "\n".join(out) + "\n"


_CENTRING = 0.36
"""Baseline offset, in font sizes, that centres digits and lower-case letters on a point.
Written into ``y`` rather than ``dominant-baseline="central"``: Qt's SVG renderer (SVG Tiny)
ignores that attribute and drew every coordinate half a line too high."""


def _last_stone(board: Board) -> int | None:
    """The cell of the last stone played (a swap marks the stone it moved or re-coloured)."""
    moves = board.moves
    if not moves:
        return None
    last = moves[-1]
    if last.swap is None:
        return last.cell
    first = moves[0]
    if last.swap == SWAP_PIECES:
        return mirror_cell(first.cell, board.size)
    return first.cell


__all__ = ["THEMES", "board_svg"]

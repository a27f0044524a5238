"""Hit-testing is exact hexagon geometry: checked against an independent point-in-polygon test."""

from __future__ import annotations

import math

from hexswarm.gui.board_geometry import BoardGeometry, hexagon_corners
from hypothesis import given, settings
from hypothesis import strategies as st

sizes = st.integers(min_value=1, max_value=26)
areas = st.tuples(st.floats(100, 3000), st.floats(100, 3000))


def inside_convex_polygon(point, polygon) -> bool:
    """Reference: a point is inside a convex polygon if it lies on the same side of every
    edge (cross products of one sign), strictly inside with a margin."""
    px, py = point
    signs = []
    for (ax, ay), (bx, by) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        signs.append((bx - ax) * (py - ay) - (by - ay) * (px - ax))
    return all(s > 1e-9 for s in signs) or all(s < -1e-9 for s in signs)


@given(sizes, areas)
def test_centre_of_every_cell_maps_to_that_cell(size, area):
    geometry = BoardGeometry.fit(size, *area)
    for cell in range(size * size):
        assert geometry.cell_at(*geometry.center(cell)) == cell


@settings(max_examples=200)
@given(
    sizes,
    areas,
    st.data(),
    st.floats(0.0, 2 * math.pi, exclude_max=True),
    st.floats(0.0, 0.999),
)
def test_points_just_inside_a_border_map_to_that_cell(size, area, data, angle, depth):
    """Any point of a cell's hexagon (up to 0.1% of the radius from its border) is that cell."""
    geometry = BoardGeometry.fit(size, *area)
    cell = data.draw(st.integers(0, size * size - 1))
    cx, cy = geometry.center(cell)
    # Walk from the centre towards the border along ``angle``: the hexagon's border is at
    # distance R * cos(30°) / cos(angle to the nearest edge normal).
    edge_normal = math.radians(60 * round((math.degrees(angle) - 0) / 60))
    to_normal = angle - edge_normal
    border = geometry.radius * math.cos(math.radians(30)) / math.cos(to_normal)
    distance = border * depth
    point = (cx + distance * math.cos(angle), cy + distance * math.sin(angle))
    assert inside_convex_polygon(point, geometry.corners(cell)) or depth == 0.0
    assert geometry.cell_at(*point) == cell


@given(sizes, areas, st.floats(0, 1), st.floats(0, 1))
def test_hit_testing_agrees_with_point_in_polygon_everywhere(size, area, fx, fy):
    geometry = BoardGeometry.fit(size, *area)
    x, y = fx * area[0], fy * area[1]
    found = geometry.cell_at(x, y)
    containing = [
        cell for cell in range(size * size) if inside_convex_polygon((x, y), geometry.corners(cell))
    ]
    if containing:
        assert found == containing[0]
    else:
        # On a border (within float noise) or off the board: then no hexagon strictly holds it.
        on_border = found is not None and not inside_convex_polygon((x, y), geometry.corners(found))
        assert found is None or on_border


def test_points_outside_the_rhombus_are_no_cell():
    geometry = BoardGeometry.fit(5, 800, 600)
    # Left of a1, above a1, right of the last cell of row 1, below the bottom-right cell.
    x, y = geometry.center(0)
    assert geometry.cell_at(x - geometry.cell_width, y) is None
    assert geometry.cell_at(x, y - 1.5 * geometry.radius) is None
    x, y = geometry.center(4)
    assert geometry.cell_at(x + geometry.cell_width, y) is None
    x, y = geometry.center(24)
    assert geometry.cell_at(x, y + 1.5 * geometry.radius) is None


def test_neighbouring_cells_share_a_border_at_the_midpoint_of_their_centres():
    """Just either side of the midpoint between two neighbours lies each of them."""
    geometry = BoardGeometry.fit(7, 900, 700)
    from hexswarm.engine.board import neighbour_table

    table = neighbour_table(7)
    for cell in range(49):
        ax, ay = geometry.center(cell)
        for other in table[cell]:
            if other < 0:
                continue
            bx, by = geometry.center(int(other))
            mx, my = (ax + bx) / 2, (ay + by) / 2
            eps = 1e-3
            assert geometry.cell_at(mx + (ax - mx) * eps, my + (ay - my) * eps) == cell
            assert geometry.cell_at(mx + (bx - mx) * eps, my + (by - my) * eps) == other


@given(sizes, areas)
def test_board_and_labels_fit_in_the_area(size, area):
    geometry = BoardGeometry.fit(size, *area)
    width, height = area
    for cell in range(size * size):
        for x, y in geometry.corners(cell):
            assert -1e-6 <= x <= width + 1e-6 and -1e-6 <= y <= height + 1e-6
    for _text, (x, y) in geometry.label_positions():
        assert 0 <= x <= width and 0 <= y <= height


def test_edges_follow_the_outer_cell_sides():
    geometry = BoardGeometry.fit(3, 600, 400)
    edges = geometry.edge_polylines()
    # Top: 2 corners per cell of row 1 plus the last upper-right corner.
    assert len(edges["top"]) == 7 and len(edges["bottom"]) == 7
    assert len(edges["left"]) == 6 and len(edges["right"]) == 6
    # Edges meet: the top edge ends where the right edge starts, left ends where bottom starts.
    assert edges["top"][-1] == edges["right"][0]
    assert edges["left"][-1] == edges["bottom"][0]
    assert edges["right"][-1] == edges["bottom"][-1]
    assert edges["top"][0] == edges["left"][0]


def test_hexagon_corners_are_regular():
    corners = hexagon_corners(10.0, 20.0, 5.0)
    for (ax, ay), (bx, by) in zip(corners, corners[1:] + corners[:1], strict=True):
        assert math.isclose(math.hypot(bx - ax, by - ay), 5.0)


def test_svg_labels_are_centred_on_their_cells_in_qts_renderer(qtbot):
    """Rendered by QtSvg (as Qt applications show the exported file): the ink of a cell's label
    is centred on the cell, vertically within a tenth of the cell's radius."""
    import re

    from hexswarm.engine.board import Board
    from hexswarm.engine.records.image import board_svg
    from PySide6.QtCore import QByteArray
    from PySide6.QtGui import QColor, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    svg = board_svg(Board(1), labels={0: "8"}, coordinates=False)
    renderer = QSvgRenderer(QByteArray(svg.encode()))
    size = renderer.defaultSize()
    image = QImage(size.width() * 4, size.height() * 4, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    renderer.render(painter)
    painter.end()
    points = re.search(r'class="cell"[^>]*points="([^"]+)"', svg).group(1).split()
    xs = [4 * float(p.split(",")[0]) for p in points]
    ys = [4 * float(p.split(",")[1]) for p in points]
    centre_x, centre_y = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    radius = (max(ys) - min(ys)) / 2
    ink = QColor(re.search(r'class="label"[^>]*fill="([^"]+)"', svg).group(1)).name()
    rows = [
        y
        for y in range(image.height())
        for x in range(image.width())
        if (x - centre_x) ** 2 + (y - centre_y) ** 2 < (0.7 * radius) ** 2
        and QColor(image.pixel(x, y)).name() == ink
    ]
    assert rows
    # (with dominant-baseline="central", which QtSvg ignores, it sat 0.3 radius too high)
    assert abs((min(rows) + max(rows)) / 2 - centre_y) < 0.1 * radius

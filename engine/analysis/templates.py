"""Edge templates that H-search cannot derive, as built-in full connections (ours; the
templates are the classic ones of Hex players, each carrier here proven by the exact solver in
``tests/engine/test_templates.py``).

A template joins a stone (or an empty cell, counted as the owner's once played) to the edge it
faces by play inside its **carrier**, even when the opponent moves first. Bridges, template II
and template IIIa (the ziggurat) come out of H-search's AND and OR rules; template IVa does
not (its defence needs a reply that keeps *two* semi connections alive at once), so it is
declared here and placed by :func:`edge_template_placements`.

Each template is drawn as Black sees it, facing the bottom edge, as :meth:`Board.from_rows`
writes rows: ``X`` the stone, ``*`` a carrier cell, ``.`` a cell outside; the last row touches
the edge. The other placements follow from the board's symmetries: the left-right mirror of
the edge's frame (row offset ``dr``, column offset ``dc`` -> ``dr, -dc - dr``), the half turn
(to the top edge: ``-dr, -dc``) and, for White, the transpose (rows and columns exchanged).
They hold on rectangles as on squares: a placement only needs its cells on the board.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

# Template IVa: a stone on the fourth row, nineteen carrier cells.
TEMPLATE_IVA = (
    "....X*.",
    "..*****",
    ".******",
    "*******",
)
TEMPLATES = {"IVa": TEMPLATE_IVA}


class Placement(NamedTuple):
    """One template on a board: ``anchor`` (its stone's cell), ``edge`` (0: the colour's
    first edge, top or left; 1: its second, bottom or right), ``carrier`` (bit set over
    cell indices, ``row * width + col``) and the template's ``name``."""

    anchor: int
    edge: int
    carrier: int
    name: str


def template_offsets(rows: tuple[str, ...]) -> tuple[int, tuple[tuple[int, int], ...]]:
    """The depth of a drawn template (rows from its stone to the edge, the stone's included)
    and its carrier as ``(dr, dc)`` offsets from the stone, facing the bottom edge."""
    ((stone_row, stone_col),) = [
        (r, c) for r, line in enumerate(rows) for c, mark in enumerate(line) if mark == "X"
    ]
    offsets = tuple(
        (r - stone_row, c - stone_col)
        for r, line in enumerate(rows)
        for c, mark in enumerate(line)
        if mark == "*"
    )
    return len(rows) - stone_row, offsets


def _mirror(offsets):
    return tuple((dr, -dc - dr) for dr, dc in offsets)


@lru_cache(maxsize=64)
def edge_template_placements(width: int, height: int, black: bool) -> tuple[Placement, ...]:
    """Every placement of the built-in templates for one colour on a ``width`` x ``height``
    board whose carrier lies on the board (whether its cells are empty is the caller's
    question). Black's edges are the top (0) and bottom (1) rows, White's the left (0) and
    right (1) columns."""
    found = []
    for name, rows in TEMPLATES.items():
        depth, offsets = template_offsets(rows)
        for shape in sorted({offsets, _mirror(offsets)}):
            for edge in (0, 1):
                sign = 1 if edge == 1 else -1
                # In the edge's frame: ``line`` counts rows towards the edge, ``along`` runs
                # beside it; Black's frame is the board's, White's its transpose.
                lines, alongs = (height, width) if black else (width, height)
                line = lines - depth if edge == 1 else depth - 1
                if not 0 <= line < lines:
                    continue
                for along in range(alongs):
                    carrier = 0
                    for dr, dc in shape:
                        r, c = line + sign * dr, along + sign * dc
                        if not (0 <= r < lines and 0 <= c < alongs):
                            break
                        row, col = (r, c) if black else (c, r)
                        carrier |= 1 << (row * width + col)
                    else:
                        row, col = (line, along) if black else (along, line)
                        found.append(Placement(row * width + col, edge, carrier, name))
    return tuple(found)

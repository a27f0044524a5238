"""Virtual connections by H-search (Anshelevich, "A hierarchical approach to computer Hex",
2002; ours, written for this project from the published rules).

A **point** of a colour X is an empty cell, a group of X's stones, or one of X's two edges
(stones touching an edge belong to the edge's point). Two points are *connected* when X's
stones join them (an empty endpoint counts as X's once X plays it; an edge is reached by a
stone on its row or column). A connection has a **carrier**, a set of empty cells outside its
endpoints:

* **full** connection: X connects the two points by playing only inside the carrier, even
  when the opponent moves first;
* **semi** connection: X connects them by playing first at its **key**, a cell of the carrier,
  then only inside the carrier.

Rules, applied until nothing new is found (a work queue of new full connections):

* base: two adjacent points are fully connected with an empty carrier;
* AND: a full connection ``x-m`` (carrier A) and ``m-y`` (carrier B), A and B disjoint and
  neither holding the other's far end: through a group ``m``, a full ``x-y`` with carrier
  ``A|B``; through an empty cell ``m``, a semi ``x-y`` with key ``m`` and carrier ``A|B|{m}``.
  Edges are never the middle point (a chain through an edge is no chain), so a claimed
  connection is always a chain of stones;
* OR: semi connections ``x-y`` whose carriers have no common cell make a full ``x-y`` with the
  union as carrier (whatever the opponent plays, one semi is untouched and X plays its key).
  Every such subset the bounded search (:data:`OR_STEPS`) meets gives a full connection, not
  only the first: the threats deeper than bridges need the ones that avoid each other's cells.

Limits keep it fast: at most :data:`FULL_LIMIT` full and :data:`SEMI_LIMIT` semi connections
per pair of points, the smallest carriers first (a new one is dropped if an old one's carrier
is inside it, and replaces the old ones whose carriers hold it). The bridge and edge
templates II, IIIa (the ziggurat) and IVa come out of the rules (tests check them; IVa since
round 9's OR rule, in every orientation, against the exact solver).

Every claim holds (checked in the tests against a brute force of the carrier game and the
exact solver); the search only misses connections. Carriers are Python ints used as bit sets
over the cell indices.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import NamedTuple

import numpy as np
from hexswarm.engine.analysis.inferior import BLACK_EDGE, WHITE_EDGE, ring_table
from hexswarm.engine.board import BLACK, EMPTY, Color

# Round 9 (docs/results/vc): 16/32/40 instead of 8/16/24 let the opponent's threats of 4 of
# the 6 must-play mistakes against MoHex be seen, at about the same cost a call.
FULL_LIMIT = 16
SEMI_LIMIT = 32
OR_STEPS = 64  # subset-search steps per OR attempt
STOP_CHECK_POPS = 32  # connections taken from the queue between two looks at a stop flag
MAX_CARRIER = 40  # cells: larger carriers are not kept (they only slow the search)
# Between two empty cells only small connections are kept (the bridge and its semis): the
# cell-to-cell ones are the most numerous and the least useful.
MAX_CELL_CARRIER = 3


def bits(cells) -> int:
    """The bit set of ``cells``."""
    value = 0
    for cell in cells:
        value |= 1 << int(cell)
    return value


def cells_of(carrier: int) -> list[int]:
    """The cells of bit set ``carrier``, in index order."""
    out = []
    while carrier:
        low = carrier & -carrier
        out.append(low.bit_length() - 1)
        carrier ^= low
    return out


class Semi(NamedTuple):
    """A semi connection: its carrier (bit set, the key included) and its key cell."""

    carrier: int
    key: int


@dataclass(slots=True)
class Connections:
    """The virtual connections of ``color`` on one position (from :func:`h_search`).

    Points are numbered: an empty cell is its index; a group of ``color``'s stones is
    ``size*size + k``; :attr:`edge_a` and :attr:`edge_b` are the colour's first edge (top or
    left) and second edge (bottom or right). ``full[(p, q)]`` (``p < q``) lists carriers,
    ``semi[(p, q)]`` lists :class:`Semi`; ``group_cells[k]`` holds group ``size*size+k``'s
    stones. ``stone_point[cell]`` is the point of a stone of the colour (-1 otherwise).
    """

    size: int
    color: Color
    group_cells: list[list[int]]
    stone_point: np.ndarray
    full: dict[tuple[int, int], list[int]] = field(default_factory=dict)
    semi: dict[tuple[int, int], list[Semi]] = field(default_factory=dict)
    complete: bool = True  # False: stopped by its budget
    steps: int = 0  # AND combinations examined (what ``budget`` counts)

    @property
    def edge_a(self) -> int:
        return self.size * self.size

    @property
    def edge_b(self) -> int:
        return self.size * self.size + 1

    def point_of(self, cell: int) -> int:
        """The point holding ``cell``: itself when empty, its group for a stone of the
        colour, -1 for the opponent's stone."""
        point = int(self.stone_point[cell])
        return point if point >= 0 else (cell if point == -1 else -1)

    def is_group(self, point: int) -> bool:
        return point >= self.size * self.size

    def fulls(self, p: int, q: int) -> list[int]:
        return self.full.get((min(p, q), max(p, q)), [])

    def semis(self, p: int, q: int) -> list[Semi]:
        return self.semi.get((min(p, q), max(p, q)), [])

    @property
    def edge_fulls(self) -> list[int]:
        """Carriers of the full connections between the colour's two edges."""
        return self.fulls(self.edge_a, self.edge_b)

    @property
    def edge_semis(self) -> list[Semi]:
        """The semi connections between the colour's two edges."""
        return self.semis(self.edge_a, self.edge_b)


def _groups(cells: np.ndarray, size: int, color: Color) -> tuple[list[list[int]], np.ndarray]:
    """The colour's groups (edges first, stones touching an edge in the edge's group) and
    each cell's point code: the group's point, -1 for empty, -2 for the opponent's stone."""
    n2 = size * size
    stone = color.stone
    ring = ring_table(size)
    edge = BLACK_EDGE if color is BLACK else WHITE_EDGE
    point = np.full(n2, -1, dtype=np.int64)
    point[(cells != EMPTY) & (cells != stone)] = -2
    groups: list[list[int]] = [[], []]

    def first_edge(cell: int) -> bool:
        row, col = divmod(cell, size)
        return (row if color is BLACK else col) == 0

    def flood(start: int, index: int) -> None:
        stack = [start]
        point[start] = n2 + index
        while stack:
            cell = stack.pop()
            groups[index].append(cell)
            for nb in ring[cell]:
                nb = int(nb)
                if nb >= 0 and cells[nb] == stone and point[nb] == -1:
                    point[nb] = n2 + index
                    stack.append(nb)

    # Edge groups first: the stones touching each edge, with everything joined to them.
    for index in (0, 1):
        for cell in range(n2):
            touches = cells[cell] == stone and point[cell] == -1 and edge in ring[cell]
            if touches and first_edge(cell) == (index == 0):
                flood(cell, index)
    for cell in range(n2):
        if cells[cell] == stone and point[cell] == -1:
            groups.append([])
            flood(cell, len(groups) - 1)
    return groups, point


def _adjacent_points(conn: Connections, cells: np.ndarray) -> set[tuple[int, int]]:
    """The pairs of points that touch (cell-cell, cell-group, cell-edge)."""
    size = conn.size
    ring = ring_table(size)
    edge = BLACK_EDGE if conn.color is BLACK else WHITE_EDGE
    pairs: set[tuple[int, int]] = set()
    for empty in np.flatnonzero(cells == EMPTY):
        cell = int(empty)
        row, col = divmod(cell, size)
        line = row if conn.color is BLACK else col
        for entry in ring[cell]:
            nb = int(entry)
            if nb >= 0:
                other = conn.point_of(nb)
            elif nb == edge:
                other = conn.edge_a if line == 0 else conn.edge_b
            else:
                other = -1
            if other >= 0 and other != cell:
                pairs.add((min(cell, other), max(cell, other)))
    return pairs


class _HSearch:
    def __init__(
        self,
        conn: Connections,
        cells: np.ndarray,
        stop_when_connected: bool,
        budget: int | None,
        should_stop: Callable[[], bool] | None = None,
    ):
        self.conn = conn
        self.budget = budget
        self.should_stop = should_stop
        self.stop_when_connected = stop_when_connected
        self.edges = (conn.edge_a, conn.edge_b)
        self.n2 = conn.size * conn.size
        self.queue: deque[tuple[int, int, int]] = deque()
        # Full connections by point: neighbour point -> carriers (shared lists with conn.full).
        self.by_point: dict[int, dict[int, list[int]]] = {}
        for p, q in sorted(_adjacent_points(conn, cells)):
            self.add_full(p, q, 0)

    def add_full(self, p: int, q: int, carrier: int) -> None:
        key = (p, q) if p < q else (q, p)
        found = self.conn.full.get(key)
        if found is None:
            found = self.conn.full[key] = []
            self.by_point.setdefault(p, {})[q] = found
            self.by_point.setdefault(q, {})[p] = found
        count = carrier.bit_count()
        place = len(found)
        holds_old = False
        for i, old in enumerate(found):
            if old & carrier == old:
                return  # an old carrier inside the new one: nothing new
            if old & carrier == carrier:
                holds_old = True
            if place == len(found) and old.bit_count() > count:
                place = i
        if place >= FULL_LIMIT:
            return
        found.insert(place, carrier)
        if holds_old:
            found[:] = [old for old in found if old == carrier or old & carrier != carrier]
        del found[FULL_LIMIT:]
        self.queue.append((p, q, carrier))
        semis = self.conn.semi.get(key)
        if semis:
            semis[:] = [s for s in semis if s.carrier & carrier != carrier]

    def add_semi(self, p: int, q: int, carrier: int, key_cell: int) -> None:
        key = (p, q) if p < q else (q, p)
        fulls = self.conn.full.get(key)
        if fulls:
            for full in fulls:
                if full & carrier == full:
                    return
        found = self.conn.semi.get(key)
        if found is None:
            found = self.conn.semi[key] = []
        # One pass: no old carrier inside the new one, where it goes (by size), and whether
        # it holds an old one (then those go).
        count = carrier.bit_count()
        place = len(found)
        holds_old = False
        for i, old in enumerate(found):
            old_carrier = old.carrier
            if old_carrier & carrier == old_carrier:
                return
            if old_carrier & carrier == carrier:
                holds_old = True
            if place == len(found) and old_carrier.bit_count() > count:
                place = i
        if place >= SEMI_LIMIT:
            return
        semi = Semi(carrier, key_cell)
        found.insert(place, semi)
        if holds_old:
            found[:] = [old for old in found if old is semi or old.carrier & carrier != carrier]
        del found[SEMI_LIMIT:]
        if len(found) > 1:
            self.or_rule(p, q, semi, found)

    def or_rule(self, p: int, q: int, new: Semi, semis: list[Semi]) -> None:
        """Full connections from ``new`` and other semis whose carriers share no cell: every
        such combination the step budget reaches (not only the first: a second full
        connection that avoids the first one's cells is what a later OR or AND needs)."""
        others = [s.carrier for s in semis if s is not new]
        steps = [OR_STEPS]

        def extend(start: int, common: int, union: int) -> None:
            for i in range(start, len(others)):
                if steps[0] <= 0:
                    return
                steps[0] -= 1
                narrowed = common & others[i]
                if narrowed == common:
                    continue  # no progress: this semi shares all the common cells
                if narrowed == 0:
                    self.add_full(p, q, union | others[i])
                else:
                    extend(i + 1, narrowed, union | others[i])

        extend(0, new.carrier, new.carrier)

    def run(self) -> None:
        n2 = self.n2
        queue, full, by_point = self.queue, self.conn.full, self.by_point
        add_semi, add_full = self.add_semi, self.add_full
        steps = 0
        should_stop, popped = self.should_stop, 0
        while queue:
            if self.stop_when_connected and full.get(self.edges):
                return
            self.conn.steps = steps
            if self.budget is not None and steps > self.budget:
                self.conn.complete = False
                return
            popped += 1
            if should_stop is not None and popped % STOP_CHECK_POPS == 0 and should_stop():
                self.conn.complete = False  # as cut by the budget: what was found holds
                return
            x, y, carrier = queue.popleft()
            if carrier not in full[(x, y) if x < y else (y, x)]:
                continue  # replaced by a smaller carrier since
            for middle, end in ((x, y), (y, x)):
                if middle >= n2 and middle - n2 < 2:
                    continue  # never through an edge
                end_bit = 1 << end if end < n2 else 0
                middle_bit = 1 << middle if middle < n2 else 0
                end_is_cell = end < n2
                for other, carriers in list(by_point.get(middle, {}).items()):
                    if other == end or carrier >> other & 1 and other < n2:
                        continue
                    limit = MAX_CELL_CARRIER if end_is_cell and other < n2 else MAX_CARRIER
                    if middle_bit:
                        limit -= 1
                    steps += len(carriers)
                    for second in list(carriers):
                        if second & carrier or second & end_bit:
                            continue
                        union = carrier | second
                        if union.bit_count() > limit:
                            continue
                        if middle_bit:
                            add_semi(end, other, union | middle_bit, middle)
                        else:
                            add_full(end, other, union)
        self.conn.steps = steps


def h_search(
    cells: np.ndarray,
    size: int,
    color: Color,
    stop_when_connected: bool = False,
    budget: int | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> Connections:
    """The virtual connections of ``color`` on the position ``cells`` (a board's cells).
    ``stop_when_connected``: stop as soon as the colour's edges are fully connected (the
    position is decided; the other connections are then incomplete). ``budget``: stop after
    about that many AND combinations (``Connections.complete`` is then False); what was found
    holds all the same, the search only misses more. ``should_stop`` (a Stop, any thread) is
    asked every :data:`STOP_CHECK_POPS` connections taken from the queue and ends the search
    the same way."""
    groups, point = _groups(cells, size, color)
    conn = Connections(size, color, groups, point)
    search = _HSearch(conn, cells, stop_when_connected, budget, should_stop)
    search.run()
    return conn

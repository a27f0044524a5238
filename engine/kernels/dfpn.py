"""Depth-first proof-number search (DFPN) for Hex boards of any size up to 13x13.

Ours, from the published method: Nagai's DFPN (2002), which runs proof-number search depth
first under two thresholds and keeps every node's numbers in a transposition table, with the
1+epsilon trick of Pawlewicz and Lew (2007), which lets a child run until its disproof number
passes ``(1 + epsilon)`` times the second-best sibling's rather than one more than it, so the
search switches between siblings far less often.

Numbers are *negamax*: a node's ``(pn, dn)`` are the proof and disproof numbers of "the side to
move wins". A node is won (``pn == 0``) when one child is lost for its mover (``dn == 0``), so

    pn(node) = min over children of dn(child),   dn(node) = sum over children of pn(child).

A position is an int8 cell array (``engine.board``'s stones: 0 empty, 1 Black, 2 White), played
and taken back in place, with a Zobrist key. The Hex knowledge at a node (:func:`connection`
finds each side's chains joined by bridges with pairwise disjoint cells, and its *key* cells):

* the mover wins (``pn = 0``) when its edges are joined that way, or when it has a key cell
  (one stone there joins them: the node's winning cell);
* it loses (``dn = 0``) when the opponent's edges are joined that way;
* *must-play*: when the opponent has key cells, only the cells all their connections need can
  stop it (none: lost), so only those are tried;
* of the moves, the *dead* cells (their colour never changes the winner:
  :func:`engine.patterns.dead_table`, looked up from the six neighbours) are left out. That
  keeps the value: if a dead cell won, the mover would win with the opponent to move and so
  with any move at all. (When every candidate is dead one of them stays.)

The table: ``keys`` (uint64), ``numbers`` (int64 ``[slots, 2]``: pn, dn), ``best`` (int16: a
won node's winning cell, else -1) and ``work`` (int64: nodes spent under the entry, which
decides what a full bucket of two slots keeps). ``counters``: ``NODES`` (calls so far),
``LIMIT`` (stop past it), ``ABORTED`` (set when stopped; the table stays valid, so a later call
continues where this one stopped), ``STAMP`` (marks of :func:`connection`'s work arrays).
"""

from typing import NamedTuple

import numpy as np
from hexswarm.engine.kernels.jit import inline_jit, jit

INFINITY = np.int64(1) << np.int64(40)
NODES, LIMIT, ABORTED, STAMP = range(4)
# ``edges`` columns: the cell lies on Black's top, Black's bottom, White's left, White's right.
TOP, BOTTOM, LEFT, RIGHT = range(4)
# ``ring`` entries off the board, for the dead-cell code (engine.patterns: OWN is Black's).
RING_BLACK_EDGE, RING_WHITE_EDGE, RING_CORNER = -1, -2, -3
_OWN, _THEIRS, _OFF = 1, 2, 3


class DfpnArrays(NamedTuple):
    """Everything :func:`mid` reads or writes besides the position (``engine.dfpn.prove``
    builds it): the board's constant arrays, the table and the work arrays, shared by every
    node of one search."""

    neighbours: np.ndarray  # int64 [cells, 6]: engine.dfpn.geometry's, -1 off the board
    edges: np.ndarray  # bool [cells, 4]: TOP, BOTTOM, LEFT, RIGHT
    ring: np.ndarray  # int32 [cells, 6]: a neighbour or RING_BLACK_EDGE ... RING_CORNER
    dead: np.ndarray  # engine.patterns.dead_table()
    order: np.ndarray  # int64 [cells]: the moves' order, centre first
    zobrist: np.ndarray  # uint64 [cells, 2]: a stone's key change, per colour
    keys: np.ndarray  # the table (module docstring), from here on
    numbers: np.ndarray
    best: np.ndarray
    work: np.ndarray
    parents: np.ndarray  # connection's work arrays, from here on
    pairs: np.ndarray
    links: np.ndarray
    used: np.ndarray
    counters: np.ndarray  # int64: NODES, LIMIT, ABORTED, STAMP


@inline_jit
def _find(parent, node):
    while parent[node] != node:
        parent[node] = parent[parent[node]]
        node = parent[node]
    return node


@inline_jit
def _touches(cells, neighbours, edges, joined, color, edge, group, cell):
    """Whether the empty ``cell`` is next to ``group`` (a root in ``joined``), or on ``edge``
    when the group holds that edge's node."""
    if edges[cell, edge] and _find(joined, cells.shape[0] + edge % 2) == group:
        return True
    for k in range(6):
        other = neighbours[cell, k]
        if other >= 0 and cells[other] == color and _find(joined, other) == group:
            return True
    return False


@inline_jit
def _bridge_cells(cells, neighbours, edges, joined, used, stamp, color, edge, group, cell, out):
    """How many empty cells next to ``cell`` outside the bridges (not marked ``stamp``) touch
    ``group``; they are written to ``out``. Two make a bridge from a stone on ``cell``."""
    count = 0
    for k in range(6):
        other = neighbours[cell, k]
        if other < 0 or cells[other] != 0 or used[0, other] == stamp:
            continue
        if _touches(cells, neighbours, edges, joined, color, edge, group, other):
            out[count] = other
            count += 1
    return count


@jit
def connection(cells, neighbours, edges, color, parents, pairs, links, used, counters, keys_out):
    """How close ``color`` is to joining its edges, counting bridges (two empty cells each next
    to the same two chains, or to a chain and an edge): the two are joined whatever the
    opponent plays, through the other cell, as long as no two bridges share a cell.

    Returns ``(status, count)``: ``status`` 2 when chains and bridges with pairwise disjoint
    cells already join the edges (a connection that holds with the opponent to move); 1 when
    one stone on an empty *key* cell outside those bridges would make one (``keys_out[:count]``
    are the key cells: next to both edges' groups, or next to one and a bridge away from the
    other, or a bridge away from both with four distinct cells); else 0. With status 1 the
    cells every key cell's connection needs (the key cell and its new bridges when there is
    one key cell, and the bridges inside the edges' two groups) are marked in ``used[0]`` with
    ``counters[STAMP]``: an opponent's move elsewhere lets ``color`` connect. For each two
    chains the first two common cells make their bridge, taken greedily in cell order: a
    connection can be missed, but every one found holds.

    Work arrays: ``parents`` int64 ``[2, cells + 2]`` (the chains, then the chains joined by
    bridges; the last two nodes are the edges), ``pairs`` int64 ``[2, (cells + 2) ** 2]``,
    ``links`` int64 ``[14 * cells + 1, 5]``, ``used`` int64 ``[2, cells]``."""
    size = cells.shape[0]
    nodes = size + 2
    a_node, b_node = size, size + 1
    first_edge = TOP if color == 1 else LEFT
    parent = parents[0]
    joined = parents[1]
    for node in range(nodes):
        parent[node] = node
    for cell in range(size):
        if cells[cell] != color:
            continue
        if edges[cell, first_edge]:
            parent[_find(parent, cell)] = _find(parent, a_node)
        if edges[cell, first_edge + 1]:
            parent[_find(parent, cell)] = _find(parent, b_node)
        for k in range(6):
            other = neighbours[cell, k]
            if other >= 0 and cells[other] == color:
                parent[_find(parent, cell)] = _find(parent, other)
    counters[STAMP] += 1
    stamp = counters[STAMP]
    count_links = 0
    roots = np.empty(8, dtype=np.int64)
    for cell in range(size):
        if cells[cell] != 0:
            continue
        count = 0
        if edges[cell, first_edge]:
            roots[count] = _find(parent, a_node)
            count += 1
        if edges[cell, first_edge + 1]:
            roots[count] = _find(parent, b_node)
            count += 1
        for k in range(6):
            other = neighbours[cell, k]
            if other >= 0 and cells[other] == color:
                root = _find(parent, other)
                seen = False
                for i in range(count):
                    seen = seen or roots[i] == root
                if not seen:
                    roots[count] = root
                    count += 1
        for i in range(count):
            for j in range(count):
                if roots[i] >= roots[j]:
                    continue
                pair = roots[i] * nodes + roots[j]
                if pairs[0, pair] != stamp:
                    pairs[0, pair] = stamp
                    pairs[1, pair] = cell
                elif pairs[1, pair] >= 0:
                    links[count_links, 0] = roots[i]
                    links[count_links, 1] = roots[j]
                    links[count_links, 2] = pairs[1, pair]
                    links[count_links, 3] = cell
                    links[count_links, 4] = 0
                    pairs[1, pair] = -1
                    count_links += 1
    for node in range(nodes):
        joined[node] = _find(parent, node)
    for link in range(count_links):
        first, second = links[link, 2], links[link, 3]
        if used[0, first] == stamp or used[0, second] == stamp:
            continue
        x = _find(joined, links[link, 0])
        y = _find(joined, links[link, 1])
        if x == y:
            continue
        joined[x] = y
        used[0, first] = stamp
        used[0, second] = stamp
        links[link, 4] = 1
    top = _find(joined, a_node)
    bottom = _find(joined, b_node)
    if top == bottom:
        return 2, 0
    # Key cells, and in used[1] how many of their connections need each cell.
    near_top = np.empty(6, dtype=np.int64)
    near_bottom = np.empty(6, dtype=np.int64)
    found = 0
    for cell in range(size):
        used[1, cell] = 0
    for cell in range(size):
        if cells[cell] != 0 or used[0, cell] == stamp:
            continue
        on_top = _touches(cells, neighbours, edges, joined, color, first_edge, top, cell)
        on_bottom = _touches(cells, neighbours, edges, joined, color, first_edge + 1, bottom, cell)
        up = 0
        down = 0
        if not on_top:
            up = _bridge_cells(
                cells, neighbours, edges, joined, used, stamp, color, first_edge, top, cell,
                near_top,
            )  # fmt: skip
            if up < 2:
                continue
        if not on_bottom:
            down = _bridge_cells(
                cells, neighbours, edges, joined, used, stamp, color, first_edge + 1, bottom,
                cell, near_bottom,
            )  # fmt: skip
            if down < 2:
                continue
        if up and down:
            distinct = up
            for i in range(down):
                shared = False
                for j in range(up):
                    shared = shared or near_bottom[i] == near_top[j]
                if not shared:
                    distinct += 1
            if distinct < 4:
                continue
        keys_out[found] = cell
        found += 1
        used[1, cell] += 1
        for i in range(up):
            used[1, near_top[i]] += 1
        for i in range(down):
            shared = False
            for j in range(up):
                shared = shared or near_bottom[i] == near_top[j]
            if not shared:
                used[1, near_bottom[i]] += 1
    if found == 0:
        return 0, 0
    counters[STAMP] += 1
    needed = counters[STAMP]
    for cell in range(size):
        if used[1, cell] == found:
            used[0, cell] = needed
    for link in range(count_links):
        if links[link, 4] and _find(joined, links[link, 0]) in (top, bottom):
            used[0, links[link, 2]] = needed
            used[0, links[link, 3]] = needed
    return 1, found


@inline_jit
def dead_cell(cells, ring, dead, cell):
    """Whether the empty ``cell`` is dead by its six neighbours (Black's view of the code)."""
    code = 0
    for k in range(6):
        other = ring[cell, k]
        if other == RING_BLACK_EDGE:
            owner = _OWN
        elif other == RING_WHITE_EDGE:
            owner = _THEIRS
        elif other == RING_CORNER:
            owner = _OFF
        else:
            stone = cells[other]
            owner = 0 if stone == 0 else (_OWN if stone == 1 else _THEIRS)
        code |= owner << (2 * k)
    return dead[0, code]


@inline_jit
def _slot(keys, work, key):
    """The slot of ``key`` in its bucket of two, or the one to overwrite (the less work)."""
    mask = np.uint64(keys.shape[0] - 2)
    first = np.int64(key & mask)
    if keys[first] == key:
        return first
    if keys[first + 1] == key:
        return first + 1
    return first if work[first] <= work[first + 1] else first + 1


@inline_jit
def _lookup(arrays, key):
    """The table's ``(pn, dn)`` of ``key``; ``(1, 1)``, a new node's, when it is not there."""
    keys, numbers = arrays.keys, arrays.numbers
    slot = _slot(keys, arrays.work, key)
    if keys[slot] == key:
        return numbers[slot, 0], numbers[slot, 1]
    return np.int64(1), np.int64(1)


@inline_jit
def _store(arrays, key, pn, dn, cell, spent):
    """Put ``key``'s numbers, winning ``cell`` and the nodes ``spent`` under it in the table."""
    keys, numbers, best, work = arrays.keys, arrays.numbers, arrays.best, arrays.work
    slot = _slot(keys, work, key)
    if keys[slot] != key:
        work[slot] = 0
    keys[slot] = key
    numbers[slot, 0] = pn
    numbers[slot, 1] = dn
    best[slot] = cell
    work[slot] += spent


@inline_jit
def _connection(cells, arrays, color, found):
    """:func:`connection` of ``color`` with the work arrays of ``arrays`` (a DfpnArrays)."""
    return connection(
        cells, arrays.neighbours, arrays.edges, color, arrays.parents, arrays.pairs,
        arrays.links, arrays.used, arrays.counters, found,
    )  # fmt: skip


@jit
def mid(cells, color, key, threshold_pn, threshold_dn, arrays, epsilon):
    """Search the position (``color`` to move, ``key`` its Zobrist key) until its proof or
    disproof number reaches its threshold; its numbers end in the table (``arrays``, a
    :class:`DfpnArrays`)."""
    arrays.counters[NODES] += 1
    started = arrays.counters[NODES]
    size = cells.shape[0]
    found = np.empty(size, dtype=np.int64)
    status, count = _connection(cells, arrays, color, found)
    if status == 1:  # a key cell: the mover plays it and is connected
        _store(arrays, key, 0, INFINITY, found[0], 1)
        return
    if status == 2:  # connected already, so every move wins: the first empty cell
        for cell in range(size):
            if cells[cell] == 0:
                _store(arrays, key, 0, INFINITY, cell, 1)
                return
    status, count = _connection(cells, arrays, 3 - color, found)
    if status == 2:
        _store(arrays, key, INFINITY, 0, -1, 1)
        return
    # Must-play: with key cells of the opponent's, a move outside the cells their connections
    # all need lets it play one and connect (none left: lost).
    stamp = arrays.counters[STAMP]
    moves = np.empty(size, dtype=np.int64)
    count_moves = 0
    for index in range(size):
        cell = arrays.order[index]
        if cells[cell] != 0:
            continue
        if status == 1 and arrays.used[0, cell] != stamp:
            continue
        if count_moves == 0 or not dead_cell(cells, arrays.ring, arrays.dead, cell):
            moves[count_moves] = cell
            count_moves += 1
    if count_moves == 0:
        _store(arrays, key, INFINITY, 0, -1, 1)
        return
    if count_moves > 1 and dead_cell(cells, arrays.ring, arrays.dead, moves[0]):
        # the first candidate stood in for the dead ones: drop it now others stay
        count_moves -= 1
        for i in range(count_moves):
            moves[i] = moves[i + 1]
    count = count_moves
    child_keys = np.empty(count, dtype=np.uint64)
    for i in range(count):
        child_keys[i] = key ^ arrays.zobrist[moves[i], color - 1]
    pn = INFINITY
    dn = np.int64(0)
    while True:
        pn = INFINITY
        dn = np.int64(0)
        chosen = -1
        second = INFINITY
        chosen_pn = np.int64(0)
        for i in range(count):
            child_pn, child_dn = _lookup(arrays, child_keys[i])
            dn = min(dn + child_pn, INFINITY)
            if child_dn < pn:
                second = pn
                pn = child_dn
                chosen = i
                chosen_pn = child_pn
            elif child_dn < second:
                second = child_dn
        if (
            pn >= threshold_pn
            or dn >= threshold_dn
            or arrays.counters[NODES] >= arrays.counters[LIMIT]
        ):
            break
        # The child's disproof threshold is ours for proof; its proof threshold is what is
        # left of our disproof threshold once the other children's proof numbers are counted.
        child_threshold_pn = min(threshold_dn - dn + chosen_pn, INFINITY)
        widened = max(second + 1, np.int64(np.ceil(second * (1.0 + epsilon))))
        child_threshold_dn = min(threshold_pn, widened, INFINITY)
        cell = moves[chosen]
        cells[cell] = color
        child_key = child_keys[chosen]
        mid(cells, 3 - color, child_key, child_threshold_pn, child_threshold_dn, arrays, epsilon)
        cells[cell] = 0
    if arrays.counters[NODES] >= arrays.counters[LIMIT] and pn != 0 and dn != 0:
        arrays.counters[ABORTED] = 1
    winner = moves[chosen] if pn == 0 else -1
    _store(arrays, key, pn, dn, winner, arrays.counters[NODES] - started + 1)

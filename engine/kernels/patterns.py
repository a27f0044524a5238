"""Pattern playouts (ours, after MoHex 2.0's learned playout policy; docs/search.md).

Every empty cell has a weight for each player, read from the learned table
(:class:`engine.patterns.PlayoutTable`, as integers: ``kernel_weights``) by its 6-cell code,
which is the knowledge scratch's ``around`` (the owners of its six neighbours, kept up to date
as stones are played): a stone changes only its six neighbours' codes, so a move refreshes at
most six cells' weights and the two players' weight totals, exactly (integers).

A move of player ``p`` after the opponent's move ``last``:

* the *near* cells are the empty cells among the 12 pattern cells around ``last`` (its six
  neighbours and six bridge points); each weighs its *local* weight ``L_c`` (the row ``near``
  of the table), every other empty cell its capped *global* weight ``G_c`` (at most
  ``WEIGHT_SCALE``, the open-board level);
* with ``L`` the near cells' total and ``G`` the others', one draw ``u = below(L + G)``
  chooses the cell where ``u`` falls: among the near cells in the neighbourhood's order
  when ``u < L``, else (``u - L``) among the far cells in the live cells' order. The scan
  of the live cells is MoHex's too: a few nanoseconds a cell, cheaper than rejection
  sampling, whose acceptance fell with the global weights late in a playout (measured).

The live cells are ``order[:live]``, kept by swap-removal (``where[cell]`` its index), so the
playout fills the board: Black's ``rows`` at the end are what RAVE reads, and the winner is
judged once on the full board by the caller. ``engine.tools.reference.reference_pattern_playouts``
repeats every draw from codes recomputed from scratch.
"""

import numpy as np
from hexswarm.engine.kernels.jit import inline_jit, jit
from hexswarm.engine.kernels.rng import MULTIPLIER, SHIFT_12, SHIFT_25, SHIFT_27, SHIFT_32

EMPTY, BLACK, WHITE = 0, 1, 2
WEIGHT_SCALE = 1024  # engine.patterns.WEIGHT_SCALE: the capped global weight's ceiling
NEAR_CELLS = 12
# The 12 pattern cells around a cell: the ring of engine.kernels.knowledge, then the bridge
# points (engine.patterns.TWELVE).
NEAR_ROWS = np.array([0, 1, 1, 0, -1, -1, 1, 2, 1, -1, -2, -1], dtype=np.int64)
NEAR_COLUMNS = np.array([1, 0, -1, -1, 0, 1, 1, -1, -2, -1, 1, 2], dtype=np.int64)


@jit
def near_table(size):
    """``near[12 * cell + k]``: the ``k``-th pattern cell around ``cell`` (-1 off the board)."""
    n = size * size
    near = np.full(max(n, 1) * NEAR_CELLS, -1, dtype=np.int32)
    for cell in range(n):
        row = cell // size
        col = cell - row * size
        for k in range(NEAR_CELLS):
            r = row + NEAR_ROWS[k]
            c = col + NEAR_COLUMNS[k]
            if 0 <= r < size and 0 <= c < size:
                near[NEAR_CELLS * cell + k] = r * size + c
    return near


@inline_jit
def _advance(x):
    x ^= x >> SHIFT_12
    x ^= x << SHIFT_25
    x ^= x >> SHIFT_27
    return x


@inline_jit
def _bounded(x, bound):
    return np.int64((((x * MULTIPLIER) >> SHIFT_32) * np.uint64(bound)) >> SHIFT_32)


@jit
def pattern_moves(
    weights,
    cells,
    ring,
    around,
    near,
    cell_weights,
    where,
    near_mark,
    order,
    empty_count,
    black_to_move,
    last_cell,
    cell_row,
    cell_bit,
    rows,
    x,
):
    """Fill the empty cells ``order[:empty_count]`` by the pattern policy (module docstring);
    returns the generator state. ``weights`` is ``KnowledgePolicy.weights`` (int64[4, 4096]:
    row ``2 * side + near``); ``cells``/``ring``/``around`` the knowledge scratch's, set up for
    the start position; ``rows`` Black's rows, completed here; ``last_cell`` the opponent's
    last move (-1: none). ``order`` is permuted (it keeps the same cells)."""
    totals = np.zeros(2, dtype=np.int64)
    for i in range(empty_count):
        c = order[i]
        where[c] = i
        near_mark[c] = -1
        a = around[c]
        for side in range(2):
            w = weights[2 * side, a]
            cell_weights[2 * c + side] = w
            totals[side] += w
    live = empty_count
    mover = BLACK if black_to_move else WHITE
    last = last_cell
    for move in range(empty_count):
        side = mover - 1
        local_total = 0
        near_global = 0
        if last >= 0:
            for k in range(NEAR_CELLS):
                v = near[NEAR_CELLS * last + k]
                if v >= 0 and cells[v] == EMPTY:
                    near_mark[v] = move
                    local_total += weights[2 * side + 1, around[v]]
                    near_global += cell_weights[2 * v + side]
        far_total = totals[side] - near_global
        x = _advance(x)
        u = _bounded(x, local_total + far_total)
        cell = -1
        if u < local_total:
            for k in range(NEAR_CELLS):
                v = near[NEAR_CELLS * last + k]
                if v >= 0 and cells[v] == EMPTY:
                    w = weights[2 * side + 1, around[v]]
                    if u < w:
                        cell = v
                        break
                    u -= w
        else:
            u -= local_total
            for j in range(live):
                c = order[j]
                if near_mark[c] != move:
                    w = cell_weights[2 * c + side]
                    if u < w:
                        cell = c
                        break
                    u -= w
        # Out of the live cells (swap with the last live one) and out of the totals.
        j = where[cell]
        moved = order[live - 1]
        order[j] = moved
        where[moved] = j
        order[live - 1] = cell
        where[cell] = live - 1
        live -= 1
        totals[0] -= cell_weights[2 * cell]
        totals[1] -= cell_weights[2 * cell + 1]
        cells[cell] = mover
        if mover == BLACK:
            rows[cell_row[cell]] |= cell_bit[cell]
        # Seen from its neighbour i, the cell is neighbour i + 3 (bits 2 (i + 3) mod 12).
        stone = np.int64(mover)
        for i in range(6):
            v = ring[6 * cell + i]
            around[v] += stone << (2 * ((i + 3) % 6))
            if cells[v] == EMPTY:  # an edge cell holds its owner: never empty
                a = around[v]
                for s in range(2):
                    w = weights[2 * s, a]
                    totals[s] += w - cell_weights[2 * v + s]
                    cell_weights[2 * v + s] = w
        last = cell
        mover = BLACK + WHITE - mover
    return x

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
  when ``u < L``, else (``u - L``) among the far cells in cell order, found by skipping
  whole board rows by their totals (kept per row and player) and scanning one row. MoHex
  scans every cell at every move; rejection sampling was slower here too, its acceptance
  falling with the global weights late in a playout (measured).

The playout fills the board: Black's ``rows`` at the end are what RAVE reads, and the winner
is judged once on the full board by the caller.
``engine.tools.reference.reference_pattern_playouts`` repeats every draw from codes recomputed
from scratch.
"""

import numpy as np
from hexswarm.engine.kernels.jit import jit
from hexswarm.engine.kernels.rng import advance, bounded

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


@jit
def pattern_moves(
    weights,
    cells,
    ring,
    around,
    near,
    cell_weights,
    near_mark,
    order,
    empty_count,
    black_to_move,
    last_cell,
    size,
    cell_row,
    cell_bit,
    rows,
    x,
):
    """Fill the empty cells ``order[:empty_count]`` by the pattern policy (module docstring);
    returns the generator state. ``weights`` is ``KnowledgePolicy.weights`` (int64[4, 4096]:
    row ``2 * side + near``); ``cells``/``ring``/``around`` the knowledge scratch's, set up for
    the start position; ``rows`` Black's rows, completed here; ``last_cell`` the opponent's
    last move (-1: none). ``order`` is only read."""
    # Per player, the total weight of the empty cells, and per board row (row_totals[side,
    # row]): the far draw skips whole rows by their totals, then scans one row.
    totals = np.zeros(2, dtype=np.int64)
    row_totals = np.zeros((2, size), dtype=np.int64)
    for i in range(empty_count):
        c = order[i]
        near_mark[c] = -1
        a = around[c]
        r = cell_row[c]
        for side in range(2):
            w = weights[2 * side, a]
            cell_weights[2 * c + side] = w
            totals[side] += w
            row_totals[side, r] += w
    mover = BLACK if black_to_move else WHITE
    last = last_cell
    # The near cells of this move and their local weights, kept for the draw.
    near_cells = np.empty(NEAR_CELLS, dtype=np.int64)
    near_weights = np.empty(NEAR_CELLS, dtype=np.int64)
    for move in range(empty_count):
        side = mover - 1
        local_total = 0
        near_global = 0
        found = 0
        if last >= 0:
            base = NEAR_CELLS * last
            for k in range(NEAR_CELLS):
                v = near[base + k]
                if v >= 0 and cells[v] == EMPTY:
                    near_mark[v] = move
                    w = weights[2 * side + 1, around[v]]
                    near_cells[found] = v
                    near_weights[found] = w
                    found += 1
                    local_total += w
                    near_global += cell_weights[2 * v + side]
        x = advance(x)
        u = bounded(x, local_total + totals[side] - near_global)
        cell = -1
        if u < local_total:
            for k in range(found):
                w = near_weights[k]
                if u < w:
                    cell = near_cells[k]
                    break
                u -= w
        else:
            # Among the far cells in cell order: the near cells leave their rows' totals for
            # the scan of the rows, then the row found is scanned cell by cell.
            u -= local_total
            for k in range(found):
                v = near_cells[k]
                row_totals[side, cell_row[v]] -= cell_weights[2 * v + side]
            r = 0
            while u >= row_totals[side, r]:
                u -= row_totals[side, r]
                r += 1
            for k in range(found):
                v = near_cells[k]
                row_totals[side, cell_row[v]] += cell_weights[2 * v + side]
            for c in range(r * size, r * size + size):
                if cells[c] == EMPTY and near_mark[c] != move:
                    w = cell_weights[2 * c + side]
                    if u < w:
                        cell = c
                        break
                    u -= w
        r = cell_row[cell]
        for s in range(2):
            w = cell_weights[2 * cell + s]
            totals[s] -= w
            row_totals[s, r] -= w
        cells[cell] = mover
        if mover == BLACK:
            rows[r] |= cell_bit[cell]
        # Seen from its neighbour i, the cell is neighbour i + 3 (bits 2 (i + 3) mod 12).
        stone = np.int64(mover)
        for i in range(6):
            v = ring[6 * cell + i]
            around[v] += stone << (2 * ((i + 3) % 6))
            if cells[v] == EMPTY:  # an edge cell holds its owner: never empty
                a = around[v]
                rv = cell_row[v]
                for s in range(2):
                    w = weights[2 * s, a]
                    change = w - cell_weights[2 * v + s]
                    totals[s] += change
                    row_totals[s, rv] += change
                    cell_weights[2 * v + s] = w
        last = cell
        mover = BLACK + WHITE - mover
    return x

"""Uniform random playouts: fill the empty cells at random, then judge the full board once.

Filling every empty cell in uniformly random order with alternating colours and taking the
winner of the full board is the same as playing a uniformly random game to its end: stones never
hurt their owner in Hex and a full board has exactly one winner (Gale). This is the thesis's
"uniform distribution" requirement (5.2.2), met without simulating move by move.

Representation for speed (see shared/NUMBA_NOTES.md):

* a position is given by ``black_rows`` — one uint64 bitmask of Black's stones per row (bit c =
  column c) — and the list of empty cells; on a full board White owns every other cell, so
  Black's masks alone decide the winner;
* only the mover's share of the empty cells is drawn (a partial Fisher–Yates), the rest is the
  opponent's;
* Black wins if a flood of its rows from the top edge reaches the bottom edge.
"""

import numpy as np
from hexswarm.engine.kernels.jit import inline_jit, jit
from hexswarm.engine.kernels.rng import MULTIPLIER, SHIFT_12, SHIFT_25, SHIFT_27, SHIFT_32

ONE = np.uint64(1)
ZERO = np.uint64(0)  # compare uint64 with uint64: numba turns uint64 == int into float maths


@inline_jit
def _spread_in_row(seeds, row_mask):
    """Grow ``seeds`` along ``row_mask`` to whole horizontal runs (cells (r, c±1) touch)."""
    while True:
        grown = seeds | (((seeds << ONE) | (seeds >> ONE)) & row_mask)
        if grown == seeds:
            return seeds
        seeds = grown


@inline_jit
def black_connects(black_rows, size, reach):
    """True if Black's stones (``black_rows``) join the top edge to the bottom edge.

    ``reach`` is scratch of length ``size``. Down-sweeps and up-sweeps alternate until nothing
    changes (paths may snake up and down); a sweep stops early at a row nothing reaches yet,
    since the rows below it can only be reached through it.
    """
    reach[0] = black_rows[0]
    if reach[0] == ZERO:
        return False
    for r in range(1, size):
        reach[r] = ZERO
    while True:
        changed = False
        # Downwards: (r+1, c) touches (r, c) and (r, c+1).
        for r in range(1, size):
            above = reach[r - 1]
            current = reach[r]
            seeds = ((above | (above >> ONE)) & black_rows[r]) | current
            if seeds != current:
                seeds = _spread_in_row(seeds, black_rows[r])
                reach[r] = seeds
                changed = True
            elif current == ZERO:
                break
        if reach[size - 1] != ZERO:
            return True
        if not changed:
            return False
        changed = False
        # Upwards: (r, c) touches (r+1, c) and (r+1, c-1).
        for r in range(size - 2, -1, -1):
            below_row = reach[r + 1]
            current = reach[r]
            seeds = ((below_row | (below_row << ONE)) & black_rows[r]) | current
            if seeds != current:
                reach[r] = _spread_in_row(seeds, black_rows[r])
                changed = True
        if not changed:
            return False


@inline_jit
def hex_connected(masks, size, reach):
    """Whether the stones in ``masks`` (Black's rows, or White's columns: the transposed board)
    join the two edges, on a board that need not be full; a row without a stone cannot be
    crossed, so most positions need no flood at all."""
    crossable = True
    for r in range(size):
        if masks[r] == ZERO:
            crossable = False
    connected = False
    if crossable:
        connected = black_connects(masks, size, reach)
    return connected


@inline_jit
def playout(
    black_rows,
    order,
    empty_count,
    black_to_move,
    size,
    cell_row,
    cell_bit,
    rows,
    reach,
    state,
    slot,
):
    """One uniform random game from the position; returns True if Black wins.

    ``order`` holds the empty cells in any order and is shuffled in place: a partial
    Fisher–Yates from any permutation still draws a uniform subset, so callers keep it between
    playouts instead of copying the empty list each time. ``cell_row[c]``/``cell_bit[c]`` are
    each cell's row and bitmask (see :func:`cell_tables`); ``rows`` and ``reach`` are scratch
    uint64[size]; ``state[slot]`` is the caller's generator (xorshift64*, as engine.kernels.rng,
    inlined here with the state in a register: this loop is the hottest in the project).
    """
    for r in range(size):
        rows[r] = black_rows[r]
    mover_share = (empty_count + 1) // 2
    x = state[slot]
    for i in range(mover_share):
        x ^= x >> SHIFT_12
        x ^= x << SHIFT_25
        x ^= x >> SHIFT_27
        bound = np.uint64(empty_count - i)
        j = i + np.intp((((x * MULTIPLIER) >> SHIFT_32) * bound) >> SHIFT_32)
        cell = order[j]
        order[j] = order[i]
        order[i] = cell
    state[slot] = x
    if black_to_move:
        start, stop = 0, mover_share
    else:
        start, stop = mover_share, empty_count
    for i in range(start, stop):
        cell = order[i]
        rows[cell_row[cell]] |= cell_bit[cell]
    return black_connects(rows, size, reach)


@jit
def cell_tables(size):
    """Row index (int32) and row bitmask (uint64) of every cell, for setting stones fast."""
    cell_row = np.empty(size * size, dtype=np.intp)
    cell_bit = np.empty(size * size, dtype=np.uint64)
    for cell in range(size * size):
        row = cell // size
        cell_row[cell] = row
        cell_bit[cell] = ONE << np.uint64(cell - row * size)
    return cell_row, cell_bit


@jit
def playout_batch(black_rows, empties, empty_count, black_to_move, size, count, state, slot):
    """``count`` playouts from one position with generator ``slot``; returns Black's wins."""
    rows = np.empty(size, dtype=np.uint64)
    reach = np.empty(size, dtype=np.uint64)
    order = empties[:empty_count].copy()
    cell_row, cell_bit = cell_tables(size)
    wins = 0
    for _ in range(count):
        if playout(
            black_rows,
            order,
            empty_count,
            black_to_move,
            size,
            cell_row,
            cell_bit,
            rows,
            reach,
            state,
            slot,
        ):
            wins += 1
    return wins


@jit
def rows_from_cells(cells, size):
    """Black's row bitmasks of an int8 cell array (1 = Black)."""
    rows = np.zeros(size, dtype=np.uint64)
    for cell in range(size * size):
        if cells[cell] == 1:
            row = cell // size
            rows[row] |= ONE << np.uint64(cell - row * size)
    return rows


@jit
def empty_cells(cells):
    """Indices of the empty cells, int32."""
    count = 0
    for cell in range(cells.shape[0]):
        if cells[cell] == 0:
            count += 1
    out = np.empty(count, dtype=np.int32)
    k = 0
    for cell in range(cells.shape[0]):
        if cells[cell] == 0:
            out[k] = cell
            k += 1
    return out

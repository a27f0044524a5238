"""Pattern playouts (ours, after MoHex 2.0's learned playout policy; docs/search.md).

Every empty cell has four weights, one per table row ``2 * side + near`` (its global and its
local weight for each player), read from the learned table (:class:`engine.patterns.
PlayoutTable`, as integers): the 12-cell weight from the hash (``kernel_hash``) by the cell's
absolute 12-cell code, else the 6-cell weight (``kernel_weights``) by its neighbour code, the
knowledge scratch's ``around``. The 12-cell code is ``around`` and ``bridges`` (the owners
of its six bridge points), both kept up to date as stones are played: a stone changes the
codes of its 12 pattern cells only, so a move refreshes at most 12 cells, each by one probe
that gives all four weights, and the two players' global totals, exactly (integers). A probe
is made only for a code the hash's key filter (``engine.patterns.key_filter``, a bit per
hash value, in the cache where the hash is not) may hold; the others take the 6-cell row.
A cell keeps its four weights packed in one int64, as the table does; the empty pattern
cells around a stone are gathered once, for the refresh and as the next move's near cells.

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
# engine.kernels.knowledge's edge cells (n + TOP_EDGE, ...): not imported, that module
# imports this one.
TOP_EDGE, BOTTOM_EDGE, LEFT_EDGE, RIGHT_EDGE, NO_EDGE = 0, 1, 2, 3, 4
# A cell's four integer weights, one per table row 2 * side + near, are packed in one int64, row
# r in bits ROW_SHIFT[r] and up (ROW_MASK): the 6-cell rows (PlayoutTable.kernel_rows, by
# ``around`` code) and the open-addressing hash of 12-cell weights (kernel_hash: int64 pairs
# (key, weights) in one array, so that a probe reads one cache line; linear probing over the
# pairs from (key * HASH_MULTIPLIER mod 2**64) >> (64 - bits), key NO_KEY where empty; the key
# a cell's absolute 24-bit code, its rows without a 12-cell weight the 6-cell ones). One probe,
# else one read of the 6-cell rows, gives both players' global and local weights of a cell.
HASH_MULTIPLIER = 0x9E3779B97F4A7C15
NO_KEY = -1
# The tree's 12-cell prior hash (engine.patterns.PatternTable.kernel_hash12) packs a key (its
# low 32 bits) and the index of its gamma (the high ones) in one int64 a slot.
KEY_MASK = (1 << 32) - 1
# Global weights are at most WEIGHT_SCALE (11 bits), local ones engine.patterns's
# LOCAL_WEIGHT_LIMIT = 2**20 (21 bits): 64 bits in all.
ROW_SHIFT = np.array([0, 11, 32, 43], dtype=np.int64)
ROW_MASK = np.array([2**11 - 1, 2**21 - 1, 2**11 - 1, 2**21 - 1], dtype=np.int64)
WEIGHT_SCALE = 1024  # engine.patterns.WEIGHT_SCALE: the capped global weight's ceiling
# The same layout read in place: a player's global weight at bit WHITE_GLOBAL * side, its
# local weight LOCAL_FROM_GLOBAL bits above.
GLOBAL_MASK = np.int64(2**11 - 1)
LOCAL_MASK = np.int64(2**21 - 1)
WHITE_GLOBAL = 32
LOCAL_FROM_GLOBAL = 11
_MULTIPLIER = np.uint64(HASH_MULTIPLIER)
_ONE, _ZERO, _SIX, _LOW_SIX = np.uint64(1), np.uint64(0), np.uint64(6), np.uint64(63)
NEAR_CELLS = 12
# The 12 pattern cells around a cell: the ring of engine.kernels.knowledge, then the bridge
# points (engine.patterns.TWELVE).
NEAR_ROWS = np.array([0, 1, 1, 0, -1, -1, 1, 2, 1, -1, -2, -1], dtype=np.int64)
NEAR_COLUMNS = np.array([1, 0, -1, -1, 0, 1, 1, -1, -2, -1, 1, 2], dtype=np.int64)


@jit
def near_table(size):
    """``near[12 * cell + k]``: the ``k``-th pattern cell around ``cell``; off the board, the
    edge cell ``n + TOP_EDGE`` ... ``n + NO_EDGE`` (engine.kernels.knowledge.ring_table's
    rule: beyond a row the top or bottom edge, beyond a column the left or right one, beyond
    both nobody's)."""
    n = size * size
    near = np.empty(max(n, 1) * NEAR_CELLS, dtype=np.int32)
    for cell in range(n):
        row = cell // size
        col = cell - row * size
        for k in range(NEAR_CELLS):
            r = row + NEAR_ROWS[k]
            c = col + NEAR_COLUMNS[k]
            row_in = 0 <= r < size
            col_in = 0 <= c < size
            if row_in and col_in:
                v = r * size + c
            elif col_in:
                v = n + (TOP_EDGE if r < 0 else BOTTOM_EDGE)
            elif row_in:
                v = n + (LEFT_EDGE if c < 0 else RIGHT_EDGE)
            else:
                v = n + NO_EDGE
            near[NEAR_CELLS * cell + k] = v
    return near


@jit
def bridge_codes(cells, near, size, codes):
    """``codes[cell]``: the owners of the six bridge points of every board cell (2 bits each,
    entry 6 + i of the 12-cell pattern in bits 2 i), from scratch; ``cells`` the knowledge
    scratch's board then edge cells. With ``around`` (the six neighbours) it makes the
    absolute 12-cell code ``around | codes << 12``."""
    for cell in range(size * size):
        code = np.int64(0)
        for i in range(6):
            code |= np.int64(cells[near[NEAR_CELLS * cell + 6 + i]]) << (2 * i)
        codes[cell] = code


@jit
def hash_shift(keys):
    """``64 - bits`` for a hash of ``2**bits`` slots (``keys``: one a slot; the playout hash
    has two int64 a slot, so its shift is one more)."""
    bits = 0
    while (1 << bits) < keys.size:
        bits += 1
    return np.uint64(64 - bits)


@jit
def lookup_weight(weights, hash12, filter12, around, bridges, row):
    """The integer weight of a cell of neighbour code ``around`` and bridge code ``bridges``
    in table row ``row`` (``2 * side + near``): from its entry in the hash if there, else
    from the packed 6-cell rows ``weights``; the hash is probed only when the key filter
    ``filter12`` (:func:`engine.patterns.key_filter`) may hold the code. The same look-up is
    written out in :func:`pattern_moves` (an inlined helper taking arrays cost 5x the 6-cell
    kernel's move, measured); this one is for tests."""
    code = around | (bridges << 12)
    product = np.uint64(code) * _MULTIPLIER
    bit = product >> (hash_shift(filter12) - np.uint64(6))
    packed = weights[around]
    if (filter12[np.int64(bit >> _SIX)] >> (bit & _LOW_SIX)) & _ONE != _ZERO:
        mask = hash12.size // 2 - 1
        slot = np.int64(product >> (hash_shift(hash12) + _ONE))
        while hash12[2 * slot] != code and hash12[2 * slot] != NO_KEY:
            slot = (slot + 1) & mask
        if hash12[2 * slot] == code:
            packed = hash12[2 * slot + 1]
    return (packed >> ROW_SHIFT[row]) & ROW_MASK[row]


@jit
def pattern_moves(
    weights,
    hash12,
    filter12,
    cells,
    ring,
    around,
    bridges,
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
    returns the generator state. ``weights`` (int64[4096]: the packed 6-cell rows by
    ``around`` code), ``hash12`` (the 12-cell hash) and ``filter12`` (its key filter) are
    ``KnowledgePolicy``'s; ``cells``/``ring``/``around`` the knowledge scratch's, set up for
    the start position; ``bridges`` (the bridge points' codes, :func:`bridge_codes`) is set
    up here and kept up to date like ``around``; ``cell_weights`` (int64[n]) holds each
    empty cell's four weights packed as in ``weights`` (0 once the cell is taken); ``rows``
    Black's rows, completed here; ``last_cell`` the opponent's last move (-1: none).
    ``order`` is only read."""
    n = size * size
    shift = hash_shift(hash12) + _ONE  # two int64 a slot
    mask = hash12.size // 2 - 1
    filter_shift = hash_shift(filter12) - _SIX  # 64 bits a word
    bridge_codes(cells, near, size, bridges)
    # Per player, the total global weight of the empty cells, and per board row
    # (row_totals[side, row]): the far draw skips whole rows by their totals, then scans one.
    totals = np.zeros(2, dtype=np.int64)
    row_totals = np.zeros((2, size), dtype=np.int64)
    for c in range(n):
        cell_weights[c] = 0  # a stone's: the far scan reads every cell of its row
    for i in range(empty_count):
        c = order[i]
        near_mark[c] = -1
        # lookup_weight, written out (as after each move below).
        code = around[c] | (bridges[c] << 12)
        product = np.uint64(code) * _MULTIPLIER
        bit = product >> filter_shift
        packed = weights[around[c]]
        if (filter12[np.int64(bit >> _SIX)] >> (bit & _LOW_SIX)) & _ONE != _ZERO:
            slot = np.int64(product >> shift)
            while hash12[2 * slot] != code and hash12[2 * slot] != NO_KEY:
                slot = (slot + 1) & mask
            if hash12[2 * slot] == code:
                packed = hash12[2 * slot + 1]
        cell_weights[c] = packed
        black_weight = packed & GLOBAL_MASK
        white_weight = (packed >> WHITE_GLOBAL) & GLOBAL_MASK
        totals[0] += black_weight
        totals[1] += white_weight
        row_totals[0, cell_row[c]] += black_weight
        row_totals[1, cell_row[c]] += white_weight
    mover = BLACK if black_to_move else WHITE
    # The near cells of the move to draw (the empty ones among the 12 pattern cells around
    # the last move, in the neighbourhood's order) and their local weights. Gathered where the
    # last move's weights are refreshed: the same cells.
    near_cells = np.empty(NEAR_CELLS, dtype=np.int64)
    near_weights = np.empty(NEAR_CELLS, dtype=np.int64)
    found = 0
    if last_cell >= 0:
        base = NEAR_CELLS * last_cell
        for k in range(NEAR_CELLS):
            v = near[base + k]
            near_cells[found] = v
            found += cells[v] == EMPTY  # edge cells are never empty
    for move in range(empty_count):
        side = mover - 1
        global_shift = WHITE_GLOBAL * side
        local_shift = global_shift + LOCAL_FROM_GLOBAL
        local_total = 0
        near_global = 0
        for k in range(found):
            v = near_cells[k]
            near_mark[v] = move
            packed = cell_weights[v]
            w = (packed >> local_shift) & LOCAL_MASK
            near_weights[k] = w
            local_total += w
            near_global += (packed >> global_shift) & GLOBAL_MASK
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
            # the scan of the rows, then the row found is scanned cell by cell (a stone
            # weighs 0 there).
            u -= local_total
            for k in range(found):
                v = near_cells[k]
                row_totals[side, cell_row[v]] -= (cell_weights[v] >> global_shift) & GLOBAL_MASK
            r = 0
            while u >= row_totals[side, r]:
                u -= row_totals[side, r]
                r += 1
            for k in range(found):
                v = near_cells[k]
                row_totals[side, cell_row[v]] += (cell_weights[v] >> global_shift) & GLOBAL_MASK
            for c in range(r * size, r * size + size):
                if near_mark[c] != move:
                    w = (cell_weights[c] >> global_shift) & GLOBAL_MASK
                    if u < w:
                        cell = c
                        break
                    u -= w
        r = cell_row[cell]
        packed = cell_weights[cell]
        black_weight = packed & GLOBAL_MASK
        white_weight = (packed >> WHITE_GLOBAL) & GLOBAL_MASK
        totals[0] -= black_weight
        totals[1] -= white_weight
        row_totals[0, r] -= black_weight
        row_totals[1, r] -= white_weight
        cell_weights[cell] = 0
        cells[cell] = mover
        if mover == BLACK:
            rows[r] |= cell_bit[cell]
        # Seen from its pattern cell k (neighbour or bridge point i = k mod 6), the cell is
        # entry i + 3 of the same group.
        stone = np.int64(mover)
        base = NEAR_CELLS * cell
        for i in range(6):
            around[ring[6 * cell + i]] += stone << (2 * ((i + 3) % 6))
            v = near[base + 6 + i]
            if v < n:
                bridges[v] += stone << (2 * ((i + 3) % 6))
        # The empty pattern cells around the stone: the next move's near cells, and the only
        # cells whose codes changed, so whose weights are refreshed (one look-up each).
        found = 0
        for k in range(NEAR_CELLS):
            v = near[base + k]
            near_cells[found] = v
            found += cells[v] == EMPTY
        for k in range(found):
            v = near_cells[k]
            code = around[v] | (bridges[v] << 12)
            product = np.uint64(code) * _MULTIPLIER
            bit = product >> filter_shift
            packed = weights[around[v]]
            if (filter12[np.int64(bit >> _SIX)] >> (bit & _LOW_SIX)) & _ONE != _ZERO:
                slot = np.int64(product >> shift)
                while hash12[2 * slot] != code and hash12[2 * slot] != NO_KEY:
                    slot = (slot + 1) & mask
                if hash12[2 * slot] == code:
                    packed = hash12[2 * slot + 1]
            old = cell_weights[v]
            black_change = (packed & GLOBAL_MASK) - (old & GLOBAL_MASK)
            white_change = ((packed >> WHITE_GLOBAL) & GLOBAL_MASK) - (
                (old >> WHITE_GLOBAL) & GLOBAL_MASK
            )
            totals[0] += black_change
            totals[1] += white_change
            row_totals[0, cell_row[v]] += black_change
            row_totals[1, cell_row[v]] += white_change
            cell_weights[v] = packed
        mover = BLACK + WHITE - mover
    return x

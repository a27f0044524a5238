"""Playouts with Hex knowledge: the multi-agent playout policy (Go thesis, seed 002, ch. 3).

"Every time one movement will be generated during the Monte Carlo simulations, one agent is
randomly selected in the agent database and this agent will be responsible for selecting the
movement" (seed 002, 3.x). An *agent* is an ordering of heuristics; the first heuristic that
applies gives the move, and a uniformly random empty cell is every agent's last resort:

* ``WIN``: the mover has a cell that connects its edges at once: it takes it and wins;
* ``BLOCK``: the opponent has exactly one such cell: the mover occupies it;
* ``BRIDGE``: the opponent's last move took one carrier cell of a bridge between two of the
  mover's stones: the mover plays the other carrier cell (the MoHex playout rule);
* ``TEMPLATE``: the same for the mover's edge template II (a stone on the second row from one
  of its edges, with the two edge cells next to it as carrier).

The fixed policies are databases of one agent (``engine.knowledge``): ``bridge`` =
[BRIDGE], ``template`` = [BRIDGE, TEMPLATE], ``win`` = [WIN, BLOCK, BRIDGE, TEMPLATE].

How it is fast (docs/benchmarks.md): the board is an int8 array followed by five *edge cells*
(top and bottom hold Black, left and right White, the last, beyond a corner, nobody), so every
cell has six neighbours and an edge is just a stone of its owner. Every cell keeps ``around``,
the owners of its six neighbours (2 bits each), updated as stones are played, so the answers to
an intrusion are one look-up in ``SHAPE`` (the empty neighbours ``i + 1`` whose neighbours
``i`` and ``i + 2`` hold the mover) and a mask of which of those carriers belong to a bridge (two
board cells) or a template (one edge cell). Random moves are a Fisher–Yates draw over the
playout's empty cells that skips cells an answer already took (no index of where each cell is).
The move loop calls no helper that takes arrays: numba counts references for every array handed
to an inlined helper, which cost more than the rest of a move (measured). Connectivity is
tracked only when some agent uses ``WIN`` or ``BLOCK`` (the policy's ``tracks`` flag): each
player's stones reached from each of its edges grow by a small flood after every move (each
stone joins a reach set at most once, so a whole playout costs linear time), and the empty cells
next to both reach sets are that player's winning cells (a count and the sum of their indices,
so the only one is known). A tracked playout stops as soon as someone connects; an untracked one
fills the board and judges it once, like the uniform kernel (the winner is the same, stones
never hurt their owner).

Draws, in this order, repeated by ``engine.tools.reference.reference_policy_playouts`` step by step:
the agent (per playout, or per move, only when there are several); a tie among the answers,
sorted by cell index (only when there are several); for a random move, ``j = drawn +
below(empty_count - drawn)``, ``order[drawn]`` and ``order[j]`` swapped, ``drawn`` advanced,
again until the cell drawn is empty.

A policy, for the kernels, is a :class:`~engine.kernels.layout.UniformPolicy` (uniform
playouts) or a :class:`~engine.kernels.layout.KnowledgePolicy` (its ``agents`` an int8 array
with one row per agent: heuristic codes, padded with ``NO_HEURISTIC``; or, of kind
``UNIFORM_POLICY``, the uniform policy told apart at run time); see ``engine.knowledge``.
"""

import numpy as np
from hexswarm.engine.kernels.jit import inline_jit, jit
from hexswarm.engine.kernels.layout import (
    BLOCK,
    BRIDGE,
    NO_HEURISTIC,
    PATTERN_POLICY,
    UNIFORM_POLICY,
    WIN,
    KnowledgeScratch,
)
from hexswarm.engine.kernels.patterns import near_table, pattern_moves
from hexswarm.engine.kernels.playout import black_connects, cell_tables, playout
from hexswarm.engine.kernels.rng import advance, bounded

EMPTY, BLACK, WHITE, NOBODY = 0, 1, 2, 3
# The edge cells follow the board's n cells: n + TOP_EDGE, ... (a diagonal step off a corner
# leaves the board in two directions at once and lands on NO_EDGE, which nobody owns).
TOP_EDGE, BOTTOM_EDGE, LEFT_EDGE, RIGHT_EDGE, NO_EDGE = 0, 1, 2, 3, 4
EDGE_CELLS = 5
EDGE_OWNERS = np.array([BLACK, BLACK, WHITE, WHITE, NOBODY], dtype=np.int8)
# The six neighbours in order around a cell: consecutive ones touch each other, so the
# neighbours two apart (i, i + 2) form a bridge whose carrier is neighbour i + 1.
RING_ROWS = np.array([0, 1, 1, 0, -1, -1], dtype=np.int64)
RING_COLUMNS = np.array([1, 0, -1, -1, 0, 1], dtype=np.int64)
# The ring directions by increasing cell index of the neighbour (c - size, c - size + 1, c - 1,
# c + 1, c + size - 1, c + size): ties among answers are broken in cell order.
INDEX_ORDER = (4, 5, 3, 0, 2, 1)


def _pick_tables():
    """``PICK[6 * mask + r]``: the ring direction of the ``r``-th set bit of ``mask`` in cell
    order; ``BIT_COUNT[mask]``: how many bits ``mask`` has."""
    pick = np.zeros(64 * 6, dtype=np.int8)
    count = np.zeros(64, dtype=np.int8)
    for mask in range(64):
        chosen = [d for d in INDEX_ORDER if mask >> d & 1]
        count[mask] = len(chosen)
        pick[6 * mask : 6 * mask + len(chosen)] = chosen
    return pick, count


def _rotations(mask):
    """(bit i moved to i + 1, bit i + 2 moved to i + 1) of a 6-bit ring mask."""
    return ((mask << 1) | (mask >> 5)) & 63, ((mask >> 1) | (mask << 5)) & 63


def _shape_table():
    """``SHAPE[4096 * (mover - 1) + around]``: the 6-bit mask of the empty neighbours ``i + 1``
    whose neighbours ``i`` and ``i + 2`` both hold ``mover`` (a stone or one of its edges), for
    ``around`` the 2-bit owners of a cell's six neighbours (bits 2i, 2i + 1: neighbour i)."""
    table = np.zeros(2 * 4096, dtype=np.uint8)
    for mover in (BLACK, WHITE):
        for around in range(4096):
            owners = [(around >> (2 * i)) & 3 for i in range(6)]
            held = sum(1 << i for i in range(6) if owners[i] == mover)
            empty = sum(1 << i for i in range(6) if owners[i] == EMPTY)
            before, after = _rotations(held)
            table[4096 * (mover - 1) + around] = empty & before & after
    return table


PICK, BIT_COUNT = _pick_tables()
SHAPE = _shape_table()
# ``around`` of a cell holds the owner of its neighbour i in bits 2i, 2i + 1; a stone played on
# neighbour i of a cell is, seen from that neighbour, in direction i + 3: bits AROUND_SHIFT[i].
AROUND_SHIFT = np.array([6, 8, 10, 0, 2, 4], dtype=np.int64)

# Per player and cell, in ``flags``: reached from edge A / B (stones), next to a stone reached
# from A / B or to the edge itself (empty cells), winning (empty cells next to both).
REACH_A, REACH_B, TOUCH_A, TOUCH_B, WINNING = 1, 2, 4, 8, 16

# How a knowledge playout sets up its start position (``start``): from the position given
# (board cells, neighbour codes, reach sets), the same and kept for the playouts that follow
# from that position, or copied from the one kept. Several playouts from one leaf (UCT's
# ``leaf_playouts``, SDS's groups of equal leaves) set it up once: the set-up cost 0.2-0.35 µs
# of a 2-3 µs ``template`` playout on 11x11, more with more stones (docs/benchmarks.md).
START_BUILD, START_SAVE, START_RESTORE = 0, 1, 2


@jit
def ring_table(size):
    """``ring[6 * cell + i]``: neighbour ``i`` of ``cell`` in ring order; off the board, the
    edge cell ``n + TOP_EDGE`` ... ``n + NO_EDGE`` (``n = size * size``)."""
    n = size * size
    ring = np.empty(max(n, 1) * 6, dtype=np.int32)
    for cell in range(n):
        row = cell // size
        col = cell - row * size
        for i in range(6):
            r = row + RING_ROWS[i]
            c = col + RING_COLUMNS[i]
            row_in = 0 <= r < size
            col_in = 0 <= c < size
            if row_in and col_in:
                ring[6 * cell + i] = r * size + c
            elif col_in:
                ring[6 * cell + i] = n + (TOP_EDGE if r < 0 else BOTTOM_EDGE)
            elif row_in:
                ring[6 * cell + i] = n + (LEFT_EDGE if c < 0 else RIGHT_EDGE)
            else:
                ring[6 * cell + i] = n + NO_EDGE
    return ring


@inline_jit
def carrier_kinds(on_board):
    """Which neighbours ``i + 1`` (6-bit ring masks) of a cell whose neighbours on the board
    are the ring mask ``on_board`` are carriers of a bridge (both ``i`` and ``i + 2`` on the
    board: bits 0-5) or of an edge template II (exactly one of them off the board, i.e. an
    edge: bits 6-11). The intrusion test of the playouts (through :func:`carrier_table`) and
    of the tree's priors (``engine.kernels.uct``)."""
    before = ((on_board << 1) | (on_board >> 5)) & 63
    after = ((on_board >> 1) | (on_board << 5)) & 63
    return (before & after & on_board) | (((before ^ after) & on_board) << 6)


@jit
def carrier_table(size, ring):
    """:func:`carrier_kinds` of every cell of the board."""
    n = size * size
    kinds = np.zeros(max(n, 1), dtype=np.int16)
    for cell in range(n):
        on_board = 0
        for i in range(6):
            if ring[6 * cell + i] < n:
                on_board |= 1 << i
        kinds[cell] = carrier_kinds(on_board)
    return kinds


@jit
def empty_board_around(size, ring, cells):
    """``around`` of every cell on the empty board (edge cells hold their owners)."""
    n = size * size
    around = np.zeros(n + EDGE_CELLS, dtype=np.int64)
    for cell in range(n):
        for i in range(6):
            around[cell] |= np.int64(cells[ring[6 * cell + i]]) << (2 * i)
    return around


def make_knowledge_scratch(size):
    """Per-thread arrays for :func:`knowledge_playout` (Python side; the fields are named in
    :class:`~engine.kernels.layout.KnowledgeScratch`).

    ``cells``: the board then the edge cells (owners set here, never changed); ``around``: per
    cell, the owners of its six neighbours, kept up to date as stones are played. The
    ``saved_`` arrays hold a start position set up once (:data:`START_SAVE`) for the next
    playouts from it (:data:`START_RESTORE`): ``saved_counts`` is (counts, sums, winner).
    """
    size = max(int(size), 1)
    n = size * size
    ring = ring_table(size)
    cells = np.zeros(n + EDGE_CELLS, dtype=np.int8)
    cells[n:] = EDGE_OWNERS
    empty_around = empty_board_around(size, ring, cells)
    return KnowledgeScratch(
        cells=cells,
        ring=ring,
        carriers=carrier_table(size, ring),
        around=empty_around.copy(),
        empty_around=empty_around,
        flags=np.zeros(2 * (n + EDGE_CELLS), dtype=np.uint8),
        counts=np.zeros(2, dtype=np.int64),
        sums=np.zeros(2, dtype=np.int64),
        stack=np.zeros(n, dtype=np.int32),
        shape_table=SHAPE,
        pick_table=PICK,
        bit_count=BIT_COUNT,
        saved_cells=cells.copy(),
        saved_around=empty_around.copy(),
        saved_flags=np.zeros(2 * (n + EDGE_CELLS), dtype=np.uint8),
        saved_counts=np.zeros(5, dtype=np.int64),
        near=near_table(size),
        bridges=np.zeros(n, dtype=np.int64),
        cell_weights=np.zeros(n, dtype=np.int64),
        near_mark=np.zeros(n, dtype=np.int32),
    )


@inline_jit
def answer_masks(shape_table, around, kinds, mover):
    """(bridge, template): 6-bit masks (ring order) of an intruder's empty neighbours that
    restore one of ``mover``'s bridges, or edge templates II, that the intruder broke, from its
    ``around`` code and carrier ``kinds`` (:func:`carrier_table`).

    A carrier ``i + 1`` is restored when neighbours ``i`` and ``i + 2`` both hold the mover:
    two stones (bridge), or a stone and one of the mover's edges (template). One table look-up:
    reading the intruder's six neighbours at every move cost more than the rest of the move."""
    shape = np.int64(shape_table[4096 * (mover - 1) + around])
    kinds = np.int64(kinds)
    return shape & kinds & 63, shape & (kinds >> 6)


@inline_jit
def _answer_direction(pick_table, bit_count, mask, x):
    """The ring direction of the answer in ``mask`` (not empty): the only one, or one drawn
    among them in cell order. Returns (direction, generator)."""
    found = bit_count[mask]
    pick = 0
    if found > 1:
        x = advance(x)
        pick = bounded(x, found)
    return pick_table[6 * mask + pick], x


@inline_jit
def _draw_agent(agent_count, x):
    """An agent index (``rng.below(agent_count)``) and the generator; no draw for one agent."""
    if agent_count > 1:
        x = advance(x)
        return bounded(x, agent_count), x
    return 0, x


@inline_jit
def _touched(f, touch_bit, other_bit):
    """An empty cell's flags ``f`` once it is next to a reach set (``touch_bit``): (new flags,
    whether it just became a winning cell, next to both)."""
    if f & touch_bit != 0:
        return f, False
    f |= touch_bit
    if f & other_bit != 0 and f & WINNING == 0:
        return f | WINNING, True
    return f, False


@inline_jit
def _grow(cells, ring, flags, counts, sums, stack, stride, player, start, side):
    """Add ``player``'s stone ``start`` and the stones joined to it to reach set ``side``
    (0 = A, 1 = B); mark the empty cells next to them. Edge cells are marked reached in both
    sets once for all, so the flood never enters them."""
    offset = player * stride
    reach_bit = REACH_A if side == 0 else REACH_B
    touch_bit = TOUCH_A if side == 0 else TOUCH_B
    other_bit = TOUCH_B if side == 0 else TOUCH_A
    stone = player + 1
    flags[offset + start] |= reach_bit
    stack[0] = start
    top = 1
    while top > 0:
        top -= 1
        u = stack[top]
        for i in range(6):
            v = ring[6 * u + i]
            value = cells[v]
            if value == stone:
                if flags[offset + v] & reach_bit == 0:
                    flags[offset + v] |= reach_bit
                    stack[top] = v
                    top += 1
            elif value == EMPTY:
                f, winning = _touched(flags[offset + v], touch_bit, other_bit)
                flags[offset + v] = f
                if winning:
                    counts[player] += 1
                    sums[player] += v


@inline_jit
def _edge_cell(size, player, side, k):
    """The ``k``-th cell along edge ``side`` (0 = A: top/left, 1 = B: bottom/right) of
    ``player`` (0 = Black: top/bottom rows, 1 = White: left/right columns)."""
    line = 0 if side == 0 else size - 1
    if player == 0:
        return line * size + k
    return k * size + line


@jit
def _start_connectivity(cells, ring, flags, counts, sums, stack, size):
    """Reach sets and winning cells of both players from scratch; returns the stone (BLACK or
    WHITE) of a player already connected, else EMPTY."""
    n = size * size
    stride = n + EDGE_CELLS
    for i in range(2 * stride):
        flags[i] = 0
    winner = EMPTY
    for player in range(2):
        counts[player] = 0
        sums[player] = 0
        offset = player * stride
        for e in range(EDGE_CELLS):
            flags[offset + n + e] = REACH_A | REACH_B
        for side in range(2):
            touch_bit = TOUCH_A if side == 0 else TOUCH_B
            other_bit = TOUCH_B if side == 0 else TOUCH_A
            reach_bit = REACH_A if side == 0 else REACH_B
            for k in range(size):
                cell = _edge_cell(size, player, side, k)
                if cells[cell] == EMPTY:
                    f, winning = _touched(flags[offset + cell], touch_bit, other_bit)
                    flags[offset + cell] = f
                    if winning:
                        counts[player] += 1
                        sums[player] += cell
                elif cells[cell] == player + 1 and flags[offset + cell] & reach_bit == 0:
                    _grow(cells, ring, flags, counts, sums, stack, stride, player, cell, side)
        for k in range(size):
            cell = _edge_cell(size, player, 1, k)
            if cells[cell] == player + 1 and flags[offset + cell] & REACH_A != 0:
                winner = player + 1
    return winner


@jit
def knowledge_playout(
    policy,
    knowledge,
    black_rows,
    order,
    empty_count,
    black_to_move,
    last_cell,
    size,
    cell_row,
    cell_bit,
    rows,
    reach,
    state,
    slot,
    start,
):
    """One playout by the agents of ``policy`` from the position (Black's ``black_rows``, the
    empty cells ``order[:empty_count]``, White elsewhere); True if Black wins.

    ``last_cell`` is the opponent's last move (-1 if none): the bridge and template answers
    look at it. ``order`` is permuted in place (it keeps the same cells); ``knowledge`` comes
    from :func:`make_knowledge_scratch`; ``start`` (:data:`START_BUILD` ...) says whether to
    set the position up, and keep it, or to copy the one kept (the same position, from the
    last playout with :data:`START_SAVE` on this scratch: the caller's promise); the rest as
    for ``engine.kernels.playout.playout``. A called function, never inlined; the playout
    loops (the searches', :func:`policy_playout_batch`) call it themselves, not through an
    inlined wrapper, whose binding of the tuples counted their arrays once more a playout
    (``engine.kernels.jit.inline_jit``).
    """
    if len(policy) == 1:
        # The uniform policy (UniformPolicy has one field): numba prunes this branch (or the
        # rest) at compile time, by the tuple's length; it is here so that the uniform
        # searches type the call below.
        return playout(
            black_rows, order, empty_count, black_to_move, size, cell_row, cell_bit, rows,
            reach, state, slot,
        )  # fmt: skip
    if policy.kind == UNIFORM_POLICY:
        # The uniform policy as a KnowledgePolicy (engine.knowledge.run_time_policy: kernels
        # compiled once for every policy), told apart here at run time, once a playout.
        return playout(
            black_rows, order, empty_count, black_to_move, size, cell_row, cell_bit, rows,
            reach, state, slot,
        )  # fmt: skip
    agents = policy.agents
    per_playout = policy.per_playout
    tracks = policy.tracks
    cells, ring, carriers = knowledge.cells, knowledge.ring, knowledge.carriers
    around, empty_around, flags = knowledge.around, knowledge.empty_around, knowledge.flags
    counts, sums, stack = knowledge.counts, knowledge.sums, knowledge.stack
    # The tables come in the scratch tuple: a global array read in the loop costs a call.
    shape, pick, bit_count = knowledge.shape_table, knowledge.pick_table, knowledge.bit_count
    saved_cells, saved_around = knowledge.saved_cells, knowledge.saved_around
    saved_flags, saved_counts = knowledge.saved_flags, knowledge.saved_counts
    # Every array is taken from the tuples here, so that they die before the loops below:
    # a tuple used after them kept its arrays' reference counts alive around every loop
    # (an increment and a decrement of each array a playout, not pruned: 10-15 % of a
    # template playout, measured in docs/results/search-api/).
    pattern = policy.kind == PATTERN_POLICY
    weights, hash12, filter12 = policy.weights, policy.hash12, policy.filter12
    bridges, near = knowledge.bridges, knowledge.near
    cell_weights, near_mark = knowledge.cell_weights, knowledge.near_mark
    n = size * size
    stride = n + EDGE_CELLS
    for r in range(size):
        rows[r] = black_rows[r]
    winner = EMPTY
    if start == START_RESTORE:
        cells[:] = saved_cells
        around[:] = saved_around
        if tracks:
            flags[:] = saved_flags
            counts[:], sums[:], winner = saved_counts[:2], saved_counts[2:4], saved_counts[4]
    else:
        for r in range(size):
            bits = black_rows[r]
            for c in range(size):
                cells[r * size + c] = BLACK if bits & cell_bit[r * size + c] != 0 else WHITE
        for i in range(empty_count):
            cells[order[i]] = EMPTY
        for cell in range(stride):
            around[cell] = empty_around[cell]
        if empty_count < n:
            for cell in range(n):
                if cells[cell] != EMPTY:
                    for i in range(6):
                        around[ring[6 * cell + i]] += np.int64(cells[cell]) << AROUND_SHIFT[i]
        if tracks:
            winner = _start_connectivity(cells, ring, flags, counts, sums, stack, size)
        if start == START_SAVE:
            saved_cells[:] = cells
            saved_around[:] = around
            if tracks:
                saved_flags[:] = flags
                saved_counts[:2], saved_counts[2:4], saved_counts[4] = counts, sums, winner
    if pattern:
        # Learned pattern playouts: a run-time branch, once a playout, so that the searches
        # keep one compiled knowledge path (compile time, issue 30).
        state[slot] = pattern_moves(
            weights, hash12, filter12, cells, ring, around, bridges, near, cell_weights,
            near_mark, order, empty_count, black_to_move, np.int64(last_cell), size, cell_row,
            cell_bit, rows, state[slot],
        )  # fmt: skip
        return black_connects(rows, size, reach)
    # The generator stays in a register (x) and is written back once: a call to rng.below per
    # move, like any call passing arrays, cost more than the move itself (measured).
    x = state[slot]
    agent_count = agents.shape[0]
    heuristic_count = agents.shape[1]
    agent = 0
    if winner == EMPTY and per_playout:
        agent, x = _draw_agent(agent_count, x)
    mover = BLACK if black_to_move else WHITE
    last = last_cell
    drawn = 0
    played = 0
    # The move loop calls no helper that takes arrays (except the rare flood): numba's inlining
    # still counts references for every array handed over, which cost more than the move.
    while winner == EMPTY and played < empty_count:
        opponent = BLACK + WHITE - mover
        if not per_playout:
            agent, x = _draw_agent(agent_count, x)
        cell = -1
        intruded = last >= 0 and cells[last] == opponent
        bridge = -1  # not read yet
        template = -1
        for k in range(heuristic_count):
            heuristic = agents[agent, k]
            if heuristic == NO_HEURISTIC:
                break
            if heuristic == WIN:
                if counts[mover - 1] > 0:
                    winner = mover  # it takes the winning cell: the game is over
                    break
            elif heuristic == BLOCK:
                if counts[opponent - 1] == 1:
                    cell = sums[opponent - 1]
            elif intruded:
                if bridge < 0:
                    bridge, template = answer_masks(shape, around[last], carriers[last], mover)
                mask = bridge if heuristic == BRIDGE else template
                if mask != 0:
                    direction, x = _answer_direction(pick, bit_count, mask, x)
                    cell = ring[6 * last + direction]
            if cell >= 0:
                break
        if winner != EMPTY:
            break
        if cell < 0:
            # Fisher–Yates over the empty cells of the start; cells an answer took are skipped.
            while True:
                x = advance(x)
                j = drawn + bounded(x, empty_count - drawn)
                cell = order[j]
                order[j] = order[drawn]
                order[drawn] = cell
                drawn += 1
                if cells[cell] == EMPTY:
                    break
        played += 1
        cells[cell] = mover
        # Seen from its neighbour i, the cell is neighbour i + 3: bits AROUND_SHIFT[i].
        stone = np.int64(mover)
        base = 6 * cell
        around[ring[base]] += stone << 6
        around[ring[base + 1]] += stone << 8
        around[ring[base + 2]] += stone << 10
        around[ring[base + 3]] += stone
        around[ring[base + 4]] += stone << 2
        around[ring[base + 5]] += stone << 4
        if mover == BLACK:
            rows[cell_row[cell]] |= cell_bit[cell]
        if tracks:
            offset = (mover - 1) * stride
            if flags[offset + cell] & WINNING != 0:
                winner = mover  # this move connected the mover's edges
            else:
                other = (opponent - 1) * stride
                if flags[other + cell] & WINNING != 0:
                    flags[other + cell] &= ~np.uint8(WINNING)
                    counts[opponent - 1] -= 1
                    sums[opponent - 1] -= cell
                f = flags[offset + cell]
                if f & TOUCH_A != 0:
                    _grow(cells, ring, flags, counts, sums, stack, stride, mover - 1, cell, 0)
                if f & TOUCH_B != 0:
                    _grow(cells, ring, flags, counts, sums, stack, stride, mover - 1, cell, 1)
        last = cell
        mover = opponent
    state[slot] = x
    if winner == EMPTY:
        return black_connects(rows, size, reach)
    return winner == BLACK


@inline_jit
def start_of_playout(k, count):
    """``start`` for playout ``k`` of ``count`` from one position: the first sets the
    position up (and keeps it if more follow), the others copy it."""
    if k > 0:
        return START_RESTORE
    return START_SAVE if count > 1 else START_BUILD


@jit
def policy_playout_batch(
    policy,
    knowledge,
    black_rows,
    empties,
    empty_count,
    black_to_move,
    last_cell,
    size,
    count,
    state,
    slot,
):
    """``count`` playouts by ``policy`` from one position with generator ``slot``; returns
    Black's wins. ``knowledge`` from :func:`make_knowledge_scratch` (one per thread).

    Calls :func:`knowledge_playout` itself, as the searches' playout loops do: an inlined
    wrapper between them copied the policy and knowledge tuples once a playout
    (``engine.kernels.jit.inline_jit``)."""
    rows = np.empty(size, dtype=np.uint64)
    reach = np.empty(size, dtype=np.uint64)
    order = empties[:empty_count].copy()
    cell_row, cell_bit = cell_tables(size)
    # One type for the last cell (an int32 cell of an environment, or an int64): each
    # combination of argument types compiles knowledge_playout once more.
    last = np.int64(last_cell)
    wins = 0
    for k in range(count):
        if knowledge_playout(
            policy, knowledge, black_rows, order, empty_count, black_to_move, last, size,
            cell_row, cell_bit, rows, reach, state, slot, start_of_playout(k, count),
        ):  # fmt: skip
            wins += 1
    return wins

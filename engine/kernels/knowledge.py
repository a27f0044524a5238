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

Unlike the uniform kernel (``engine.kernels.playout``), these playouts are played move by move:
the answers depend on the last move. Connectivity is tracked only when some agent uses ``WIN``
or ``BLOCK`` (the policy's ``tracks`` flag): each player's stones reached from each of its
edges grow by a small flood after every move (each stone joins a reach set at most once, so a
whole playout costs linear time), and the empty cells next to both reach sets are that
player's winning cells (a count and the sum of their indices, so the only one is known). A
tracked playout stops as soon as someone connects; an untracked one fills the board and judges
it once, like the uniform kernel (the winner is the same, stones never hurt their owner).

Ties are broken the same way everywhere (``engine.reference`` repeats this step by step): the
candidate answers are sorted by cell index and one is drawn with ``below`` when there are
several; the agent is drawn with ``below`` per move (or once per playout) when there are several.

A policy, for the kernels, is the tuple ``(UNIFORM_POLICY,)`` (uniform playouts) or
``(KNOWLEDGE_POLICY, agents, per_playout, tracks)``, ``agents`` an int8 array with one row per
agent (heuristic codes, padded with ``NO_HEURISTIC``); see ``engine.knowledge``.
"""

import numpy as np
from numba.extending import overload

from engine.kernels.jit import JIT_OPTIONS, inline_jit, jit
from engine.kernels.playout import black_connects, cell_tables, playout
from engine.kernels.rng import MULTIPLIER, SHIFT_12, SHIFT_25, SHIFT_27, SHIFT_32
from engine.knowledge import BLOCK, NO_HEURISTIC, TEMPLATE, WIN

EMPTY, BLACK, WHITE = 0, 1, 2
# Off-board neighbours in the ring table: which edge lies there (a diagonal step off a corner
# leaves the board in both directions and belongs to no edge).
TOP, BOTTOM, LEFT, RIGHT, NO_EDGE = -1, -2, -3, -4, -5
# The six neighbours in order around a cell: consecutive ones touch each other, so the
# neighbours two apart (i, i + 2) form a bridge whose carrier is the cell and neighbour i + 1.
RING_ROWS = np.array([0, 1, 1, 0, -1, -1], dtype=np.int64)
RING_COLUMNS = np.array([1, 0, -1, -1, 0, 1], dtype=np.int64)

# Per player and cell, in ``flags``: reached from edge A / B (stones), next to a stone reached
# from A / B or to the edge itself (empty cells), winning (empty cells next to both).
REACH_A, REACH_B, TOUCH_A, TOUCH_B, WINNING = 1, 2, 4, 8, 16


@jit
def ring_table(size):
    """``ring[6 * cell + i]``: neighbour ``i`` of ``cell`` in ring order, or an edge code."""
    ring = np.empty(max(size * size, 1) * 6, dtype=np.int32)
    for cell in range(size * size):
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
                ring[6 * cell + i] = TOP if r < 0 else BOTTOM
            elif row_in:
                ring[6 * cell + i] = LEFT if c < 0 else RIGHT
            else:
                ring[6 * cell + i] = NO_EDGE
    return ring


@jit
def edge_table(size, ring):
    """Bit ``1 << (-code - 1)`` set for every edge (TOP=1, BOTTOM=2, LEFT=4, RIGHT=8) a cell
    touches."""
    edges = np.zeros(max(size * size, 1), dtype=np.uint8)
    for cell in range(size * size):
        for i in range(6):
            code = ring[6 * cell + i]
            if NO_EDGE < code < 0:
                edges[cell] |= np.uint8(1 << (-code - 1))
    return edges


def make_knowledge_scratch(size):
    """Per-thread arrays for :func:`knowledge_playout` (Python side)::

    (cells, where, ring, edges, flags, counts, sums, stack, candidates)
    """
    size = max(int(size), 1)
    cells = size * size
    ring = ring_table(size)
    return (
        np.zeros(cells, dtype=np.int8),
        np.zeros(cells, dtype=np.int32),
        ring,
        edge_table(size, ring),
        np.zeros(2 * cells, dtype=np.uint8),
        np.zeros(2, dtype=np.int64),
        np.zeros(2, dtype=np.int64),
        np.zeros(cells, dtype=np.int32),
        np.zeros(6, dtype=np.int32),
    )


@inline_jit
def _advance(x):
    """One xorshift64* step of ``engine.kernels.rng``, on a state kept in a register."""
    x ^= x >> SHIFT_12
    x ^= x << SHIFT_25
    x ^= x >> SHIFT_27
    return x


@inline_jit
def _bounded(x, bound):
    """``rng.below``'s integer in ``[0, bound)`` from the advanced state ``x``."""
    return np.int64((((x * MULTIPLIER) >> SHIFT_32) * np.uint64(bound)) >> SHIFT_32)


@inline_jit
def _edge_bits(player):
    """(edge A bit, edge B bit) of player 0 (Black: top, bottom) or 1 (White: left, right)."""
    if player == 0:
        return 1, 2
    return 4, 8


@inline_jit
def _touch(flags, offset, cell, touch_bit, other_bit, counts, sums, player):
    """Mark empty ``cell`` as next to one of ``player``'s reach sets; it wins if both."""
    f = flags[offset + cell]
    if f & touch_bit == 0:
        f |= touch_bit
        if f & other_bit != 0 and f & WINNING == 0:
            f |= WINNING
            counts[player] += 1
            sums[player] += cell
        flags[offset + cell] = f


@inline_jit
def _grow(cells, ring, flags, counts, sums, stack, size, player, start, side):
    """Add ``player``'s stone ``start`` and the stones joined to it to reach set ``side``
    (0 = A, 1 = B); mark the empty cells next to them."""
    offset = player * size * size
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
            if v < 0:
                continue
            if cells[v] == stone:
                if flags[offset + v] & reach_bit == 0:
                    flags[offset + v] |= reach_bit
                    stack[top] = v
                    top += 1
            elif cells[v] == EMPTY:
                _touch(flags, offset, v, touch_bit, other_bit, counts, sums, player)


@jit
def _start_connectivity(cells, ring, edges, flags, counts, sums, stack, size):
    """Reach sets and winning cells of both players from scratch; returns the stone (BLACK or
    WHITE) of a player already connected, else EMPTY."""
    n = size * size
    for i in range(2 * n):
        flags[i] = 0
    winner = EMPTY
    for player in range(2):
        counts[player] = 0
        sums[player] = 0
        offset = player * n
        a_bit, b_bit = _edge_bits(player)
        for cell in range(n):
            if cells[cell] == EMPTY:
                if edges[cell] & a_bit != 0:
                    _touch(flags, offset, cell, TOUCH_A, TOUCH_B, counts, sums, player)
                if edges[cell] & b_bit != 0:
                    _touch(flags, offset, cell, TOUCH_B, TOUCH_A, counts, sums, player)
        for cell in range(n):
            if cells[cell] == player + 1:
                if edges[cell] & a_bit != 0 and flags[offset + cell] & REACH_A == 0:
                    _grow(cells, ring, flags, counts, sums, stack, size, player, cell, 0)
                if edges[cell] & b_bit != 0 and flags[offset + cell] & REACH_B == 0:
                    _grow(cells, ring, flags, counts, sums, stack, size, player, cell, 1)
        for cell in range(n):
            if flags[offset + cell] & REACH_A != 0 and edges[cell] & b_bit != 0:
                winner = player + 1
    return winner


@inline_jit
def _place_tracked(cells, ring, flags, counts, sums, stack, size, cell, mover):
    """Update the reach sets after ``mover`` (BLACK/WHITE) played ``cell`` (already set in
    ``cells``); True if that move connected the mover's edges."""
    n = size * size
    player = mover - 1
    connected = flags[player * n + cell] & WINNING != 0
    for p in range(2):
        if flags[p * n + cell] & WINNING != 0:
            flags[p * n + cell] &= ~np.uint8(WINNING)
            counts[p] -= 1
            sums[p] -= cell
    if not connected:
        f = flags[player * n + cell]
        if f & TOUCH_A != 0:
            _grow(cells, ring, flags, counts, sums, stack, size, player, cell, 0)
        if f & TOUCH_B != 0:
            _grow(cells, ring, flags, counts, sums, stack, size, player, cell, 1)
    return connected


@inline_jit
def _is_edge_of(code, mover):
    if mover == BLACK:
        return code in (TOP, BOTTOM)
    return code in (LEFT, RIGHT)


@inline_jit
def intrusion_answers(cells, ring, intruder, mover, template, candidates):
    """The empty cells that restore the mover's bridges (``template`` False) or edge templates
    II (True) whose carrier cell ``intruder`` the opponent just took: sorted into
    ``candidates``; returns how many."""
    count = 0
    for i in range(6):
        carrier = ring[6 * intruder + (i + 1) % 6]
        if carrier < 0 or cells[carrier] != EMPTY:
            continue
        a = ring[6 * intruder + i]
        b = ring[6 * intruder + (i + 2) % 6]
        a_stone = a >= 0 and cells[a] == mover
        b_stone = b >= 0 and cells[b] == mover
        if template:
            found = (a_stone and _is_edge_of(b, mover)) or (b_stone and _is_edge_of(a, mover))
        else:
            found = a_stone and b_stone
        if found:
            k = count
            while k > 0 and candidates[k - 1] > carrier:
                candidates[k] = candidates[k - 1]
                k -= 1
            candidates[k] = carrier
            count += 1
    return count


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
):
    """One playout by the agents of ``policy`` from the position (Black's ``black_rows``, the
    empty cells ``order[:empty_count]``, White elsewhere); True if Black wins.

    ``last_cell`` is the opponent's last move (-1 if none): the bridge and template answers
    look at it. ``order`` is permuted in place (it keeps the same cells); ``knowledge`` comes
    from :func:`make_knowledge_scratch`; the rest as for ``engine.kernels.playout.playout``.
    """
    agents = policy[1]
    per_playout = policy[2]
    tracks = policy[3]
    cells, where, ring, edges, flags, counts, sums, stack, candidates = knowledge
    n = size * size
    for cell in range(n):
        cells[cell] = BLACK if black_rows[cell_row[cell]] & cell_bit[cell] != 0 else WHITE
    for i in range(empty_count):
        cells[order[i]] = EMPTY
        where[order[i]] = i
    for r in range(size):
        rows[r] = black_rows[r]
    # The generator stays in a register (x) and is written back once: a call to rng.below per
    # move, like any call passing arrays, cost more than the move itself (measured).
    x = state[slot]
    winner = EMPTY
    if tracks:
        winner = _start_connectivity(cells, ring, edges, flags, counts, sums, stack, size)
    agent_count = agents.shape[0]
    agent = 0
    if winner == EMPTY and per_playout and agent_count > 1:
        x = _advance(x)
        agent = _bounded(x, agent_count)
    mover = BLACK if black_to_move else WHITE
    last = last_cell
    filled = 0
    while winner == EMPTY and filled < empty_count:
        opponent = BLACK + WHITE - mover
        if not per_playout and agent_count > 1:
            x = _advance(x)
            agent = _bounded(x, agent_count)
        cell = -1
        for k in range(agents.shape[1]):
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
            elif last >= 0 and cells[last] == opponent:
                found = intrusion_answers(
                    cells, ring, last, mover, heuristic == TEMPLATE, candidates
                )
                if found == 1:
                    cell = candidates[0]
                elif found > 1:
                    x = _advance(x)
                    cell = candidates[_bounded(x, found)]
            if cell >= 0:
                break
        if winner != EMPTY:
            break
        if cell < 0:
            x = _advance(x)
            cell = order[filled + _bounded(x, empty_count - filled)]
        # Swap the cell to the front of the empty part of ``order``.
        position = where[cell]
        other = order[filled]
        order[position] = other
        where[other] = position
        order[filled] = cell
        where[cell] = filled
        filled += 1
        cells[cell] = mover
        if mover == BLACK:
            rows[cell_row[cell]] |= cell_bit[cell]
        if tracks and _place_tracked(cells, ring, flags, counts, sums, stack, size, cell, mover):
            winner = mover
        last = cell
        mover = opponent
    state[slot] = x
    if winner == EMPTY:
        return black_connects(rows, size, reach)
    return winner == BLACK


def policy_playout(
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
):
    """One playout by ``policy``: the uniform kernel itself for the uniform policy (same
    draws, same results), else :func:`knowledge_playout`. True if Black wins.

    Inside kernels the choice is made by numba at compile time (see the overload below): the
    uniform policy is a tuple of another type, ``(UNIFORM_POLICY,)``, so the searches compiled
    for it contain the uniform kernel alone, exactly as before the policies existed (a test
    at run time in the hot loop cost the swarm searches ~20%, measured).
    """
    if len(policy) == 1:
        return playout(
            black_rows, order, empty_count, black_to_move, size, cell_row, cell_bit, rows,
            reach, state, slot,
        )  # fmt: skip
    return knowledge_playout(
        policy, knowledge, black_rows, order, empty_count, black_to_move, last_cell, size,
        cell_row, cell_bit, rows, reach, state, slot,
    )  # fmt: skip


# Inlining this overload makes numba's SSA check report the uniform kernel's loop variables
# "not in scope" (NumbaIRAssumptionWarning). In the SDS kernels the results are those of before
# (same digests, checked), but inlined into UCT's descent loop it gave wrong machine code (found
# by the UCT work, which now calls it instead): the warning is left visible on purpose, and a
# plain ``if len(policy) == 1`` in an inline function (what UCT does) is the safer way.
@overload(policy_playout, inline="always", jit_options=JIT_OPTIONS)
def _policy_playout_for_types(
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
):
    if len(policy.types) == 1:

        def uniform_playout(
            policy, knowledge, black_rows, order, empty_count, black_to_move, last_cell, size,
            cell_row, cell_bit, rows, reach, state, slot,
        ):  # fmt: skip
            return playout(
                black_rows, order, empty_count, black_to_move, size, cell_row, cell_bit, rows,
                reach, state, slot,
            )  # fmt: skip

        return uniform_playout

    def agents_playout(
        policy, knowledge, black_rows, order, empty_count, black_to_move, last_cell, size,
        cell_row, cell_bit, rows, reach, state, slot,
    ):  # fmt: skip
        return knowledge_playout(
            policy, knowledge, black_rows, order, empty_count, black_to_move, last_cell, size,
            cell_row, cell_bit, rows, reach, state, slot,
        )  # fmt: skip

    return agents_playout


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
    Black's wins. ``knowledge`` from :func:`make_knowledge_scratch` (one per thread)."""
    rows = np.empty(size, dtype=np.uint64)
    reach = np.empty(size, dtype=np.uint64)
    order = empties[:empty_count].copy()
    cell_row, cell_bit = cell_tables(size)
    wins = 0
    for _ in range(count):
        if policy_playout(
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
        ):
            wins += 1
    return wins

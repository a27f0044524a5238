"""Exact Hex solving on boards of at most 64 cells: bitboards, proof sets, a transposition table.

A position is two uint64 masks (bit ``r * size + c`` for the cell in row ``r``, column ``c``) and
the side to move. :func:`solve_position` returns whether the side to move wins and a *proof set*:
empty cells ``P`` such that the result stands even if the loser is given every empty cell outside
``P`` (the winner's strategy lives inside ``P``). Proof sets are what make the search small:

* win by ``m`` with the opponent lost in the child with proof ``S``: proof ``S | {m}``;
* the opponent's winning strategy after our move ``m``, with proof ``S``, ignores our stones
  outside ``S``, so *every* move outside ``S`` loses too (Hex is monotone: an extra stone never
  hurts its owner, and a stone we would own anyway changes nothing). The moves still worth
  trying shrink to the intersection of the proofs seen so far, and a loss's proof is the union
  of the tried moves and their proofs;
* must-play: if the opponent has an immediate winning cell, a pass loses with proof ``{cell}``,
  so only that cell is worth trying (two such cells: lost at once).

This is the mustplay reasoning of Hex solvers (ours: written for this project from the idea;
proof sets after Hayward & van Rijswijck's Hex solving literature). The kernel is tested against
plain minimax (``tests/naive_search.py``) on the smallest boards.

Layout of ``masks`` (uint64): ``FULL``, ``NOT_FIRST_COLUMN``, ``NOT_LAST_COLUMN``, ``TOP``,
``BOTTOM``, ``LEFT``, ``RIGHT``. ``order`` lists the cells, centre first (the order moves are
tried in). The transposition table is four arrays of one length, a power of two.
"""

import numpy as np
from hexswarm.engine.kernels.jit import inline_jit, jit

FULL, NOT_FIRST_COLUMN, NOT_LAST_COLUMN, TOP, BOTTOM, LEFT, RIGHT = range(7)
NODES, ABORTED = 0, 1  # slots of the ``counters`` array

ZERO = np.uint64(0)
ONE = np.uint64(1)
_MIX_BLACK = np.uint64(0x9E3779B97F4A7C15)
_MIX_WHITE = np.uint64(0xC2B2AE3D27D4EB4F)
_MIX_FINAL = np.uint64(0x94D049BB133111EB)
_SHIFT_31 = np.uint64(31)

RESULT_EMPTY, RESULT_WIN, RESULT_LOSS = 0, 1, 2


@inline_jit
def _expand(stones, size, masks):
    """``stones`` and every cell touching one of them."""
    n = np.uint64(size)
    side = np.uint64(size - 1)
    grown = (
        stones
        | ((stones << ONE) & masks[NOT_FIRST_COLUMN])
        | ((stones >> ONE) & masks[NOT_LAST_COLUMN])
        | (stones >> n)
        | (stones << n)
        | ((stones >> side) & masks[NOT_FIRST_COLUMN])
        | ((stones << side) & masks[NOT_LAST_COLUMN])
    )
    return grown & masks[FULL]


@inline_jit
def _group(stones, seeds, size, masks):
    """The stones connected to ``seeds`` through ``stones``."""
    reached = stones & seeds
    while True:
        grown = _expand(reached, size, masks) & stones
        if grown == reached:
            return reached
        reached = grown


@inline_jit
def immediate_wins(stones, empty, edge_a, edge_b, size, masks):
    """The empty cells where one more stone joins ``edge_a`` to ``edge_b``."""
    from_a = _group(stones, edge_a, size, masks)
    from_b = _group(stones, edge_b, size, masks)
    touch_a = (_expand(from_a, size, masks) | edge_a) & empty
    touch_b = (_expand(from_b, size, masks) | edge_b) & empty
    return touch_a & touch_b


@jit
def connected(stones, edge_a, edge_b, size, masks):
    """Whether ``stones`` join ``edge_a`` to ``edge_b``."""
    return (_group(stones, edge_a, size, masks) & edge_b) != ZERO


@inline_jit
def _lowest_bit(mask):
    return mask & (~mask + ONE)


@inline_jit
def _slot(black, white, black_to_move, table_bits):
    key = black * _MIX_BLACK ^ (white + np.uint64(black_to_move)) * _MIX_WHITE
    key ^= key >> _SHIFT_31
    key *= _MIX_FINAL
    return np.int64(key >> np.uint64(64 - table_bits))


@jit
def solve_position(
    black, white, black_to_move, size, masks, order, keys, results, proofs, counters, budget
):
    """``(mover_wins, proof)`` for the position (nobody has connected yet).

    ``keys`` is a ``(slots, 2)`` uint64 array, ``results`` int8 (``RESULT_*`` plus 4 when Black
    is to move), ``proofs`` uint64; slots a power of two. ``counters[NODES]`` counts the nodes
    searched; past ``budget`` nodes the search gives up, sets ``counters[ABORTED]`` and its
    answer means nothing.
    """
    counters[NODES] += 1
    if counters[NODES] > budget:
        counters[ABORTED] = 1
        return False, ZERO
    empty = masks[FULL] & ~(black | white)
    if black_to_move:
        mine, theirs = black, white
        my_a, my_b, their_a, their_b = masks[TOP], masks[BOTTOM], masks[LEFT], masks[RIGHT]
    else:
        mine, theirs = white, black
        my_a, my_b, their_a, their_b = masks[LEFT], masks[RIGHT], masks[TOP], masks[BOTTOM]
    wins = immediate_wins(mine, empty, my_a, my_b, size, masks)
    if wins != ZERO:
        return True, _lowest_bit(wins)
    threats = immediate_wins(theirs, empty, their_a, their_b, size, masks)
    if threats != ZERO:
        first = _lowest_bit(threats)
        second = _lowest_bit(threats ^ first)
        if second != ZERO:
            return False, first | second
    table_bits = 0
    while (1 << table_bits) < results.shape[0]:
        table_bits += 1
    slot = _slot(black, white, black_to_move, table_bits)
    tag = 4 if black_to_move else 0
    stored = results[slot]
    if stored != RESULT_EMPTY and keys[slot, 0] == black and keys[slot, 1] == white:
        if stored == RESULT_WIN + tag:
            return True, proofs[slot]
        if stored == RESULT_LOSS + tag:
            return False, proofs[slot]
    candidates = threats if threats != ZERO else empty
    loss_proof = threats
    for index in range(order.shape[0]):
        cell = order[index]
        bit = ONE << np.uint64(cell)
        if (candidates & bit) == ZERO:
            continue
        # One call site with a computed flag: literal True/False arguments would make numba
        # compile a variant per literal, which recursion cannot resolve.
        child_black = black | bit if black_to_move else black
        child_white = white if black_to_move else white | bit
        child_wins, child_proof = solve_position(
            child_black,
            child_white,
            not black_to_move,
            size,
            masks,
            order,
            keys,
            results,
            proofs,
            counters,
            budget,
        )
        if counters[ABORTED]:
            return False, ZERO
        if not child_wins:
            proof = child_proof | bit
            keys[slot, 0] = black
            keys[slot, 1] = white
            results[slot] = RESULT_WIN + tag
            proofs[slot] = proof
            return True, proof
        loss_proof |= child_proof | bit
        candidates &= child_proof
    keys[slot, 0] = black
    keys[slot, 1] = white
    results[slot] = RESULT_LOSS + tag
    proofs[slot] = loss_proof
    return False, loss_proof


@jit
def winning_cells(
    black,
    white,
    black_to_move,
    size,
    masks,
    order,
    keys,
    results,
    proofs,
    counters,
    budget,
    first_only,
):
    """The mask of empty cells after which the side to move wins (``counters`` as above);
    with ``first_only``, only the first one found in ``order``."""
    empty = masks[FULL] & ~(black | white)
    if black_to_move:
        mine, my_a, my_b = black, masks[TOP], masks[BOTTOM]
    else:
        mine, my_a, my_b = white, masks[LEFT], masks[RIGHT]
    winners = ZERO
    for index in range(order.shape[0]):
        cell = order[index]
        bit = ONE << np.uint64(cell)
        if (empty & bit) == ZERO:
            continue
        if connected(mine | bit, my_a, my_b, size, masks):
            winners |= bit
            if first_only:
                return winners
            continue
        child_black = black | bit if black_to_move else black
        child_white = white if black_to_move else white | bit
        child_wins, _ = solve_position(
            child_black,
            child_white,
            not black_to_move,
            size,
            masks,
            order,
            keys,
            results,
            proofs,
            counters,
            budget,
        )
        if counters[ABORTED]:
            return ZERO
        if not child_wins:
            winners |= bit
            if first_only:
                return winners
    return winners

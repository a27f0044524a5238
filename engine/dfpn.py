"""Proving real-board Hex positions (up to 13x13) by depth-first proof-number search.

>>> from hexswarm.engine.board import Board
>>> proof = prove(Board.from_rows(["B..", "...", "..."], to_move="white"), nodes=10_000)
>>> proof.winner.name, Board(3).cell_name(proof.move)
('WHITE', 'b2')

:mod:`engine.solver` solves boards of at most 64 cells exhaustively with proof sets; this one
runs DFPN (``engine.kernels.dfpn`` explains the method and its Hex knowledge) on any square
board up to 13x13, within a budget of nodes and seconds, and says when it did not settle the
position. It is the tool for endgames of 9x9-13x13 boards, where few empty cells remain or one
side's threats leave few moves.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

import numpy as np
from hexswarm.engine.board import BLACK, Board, Color, HexError, neighbour_table
from hexswarm.engine.kernels import dfpn as kernel
from hexswarm.engine.patterns import RING, dead_table

MAX_SIZE = 13
DEFAULT_NODES = 1_000_000
TABLE_BITS = 20  # 2**20 entries: 34 MB
EPSILON = 0.25  # the 1+epsilon trick's widening of a child's disproof threshold
_CHUNK = 1_000  # nodes between two looks at the clock (0.05-0.3 s under heavy load)
_BLACK_TO_MOVE = np.uint64(0x5BD1E9955BD1E995)


@dataclass(frozen=True, slots=True)
class Proof:
    """The outcome of :func:`prove`: ``winner`` with perfect play (None: not settled within
    the budget), ``move`` a winning cell of the side to move when it is the winner (else
    None), the nodes searched and the seconds taken, and the root's proof and disproof numbers
    (``proof_number == 0``: the side to move wins; ``disproof_number == 0``: it loses)."""

    winner: Color | None
    move: int | None
    nodes: int
    seconds: float
    proof_number: int
    disproof_number: int

    @property
    def settled(self) -> bool:
        return self.winner is not None


@cache
def geometry(size: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The kernel's constant arrays for a ``size`` board: neighbours, edge flags, the ring of
    each cell for the dead-cell code, the centre-first move order, Zobrist keys."""
    neighbours = neighbour_table(size)
    edges = np.zeros((size * size, 4), dtype=np.bool_)
    ring = np.empty((size * size, 6), dtype=np.int32)
    for row in range(size):
        for col in range(size):
            cell = row * size + col
            edges[cell] = (row == 0, row == size - 1, col == 0, col == size - 1)
            for k, (dr, dc) in enumerate(RING):
                r, c = row + dr, col + dc
                off_rows, off_cols = not 0 <= r < size, not 0 <= c < size
                if off_rows and off_cols:
                    ring[cell, k] = kernel.RING_CORNER
                elif off_rows:
                    ring[cell, k] = kernel.RING_BLACK_EDGE
                elif off_cols:
                    ring[cell, k] = kernel.RING_WHITE_EDGE
                else:
                    ring[cell, k] = r * size + c
    centre = (size - 1) / 2

    def distance(cell: int) -> tuple[float, int]:
        dr, dc = cell // size - centre, cell % size - centre
        return (max(abs(dr), abs(dc), abs(dr + dc)), cell)

    order = np.array(sorted(range(size * size), key=distance), dtype=np.int64)
    # A move's key change: its stone's random key and the change of the side to move.
    stones = np.random.default_rng(size).integers(1, 2**63, size=(size * size, 2), dtype=np.int64)
    zobrist = stones.astype(np.uint64) ^ _BLACK_TO_MOVE
    for array in (neighbours, edges, ring, order, zobrist):
        array.setflags(write=False)
    return neighbours, edges, ring, order, zobrist


def _key(cells: np.ndarray, zobrist: np.ndarray, black_to_move: bool) -> np.uint64:
    """The position's key: its stones' keys, and :data:`_BLACK_TO_MOVE` when Black is to move
    (so one move changes the key by its ``zobrist`` entry)."""
    key = _BLACK_TO_MOVE if black_to_move else np.uint64(0)
    for cell in np.flatnonzero(cells):
        key ^= zobrist[cell, int(cells[cell]) - 1] ^ _BLACK_TO_MOVE
    return key


def prove(
    board: Board,
    nodes: int = DEFAULT_NODES,
    seconds: float | None = None,
    table_bits: int = TABLE_BITS,
    epsilon: float = EPSILON,
    should_stop: Callable[[], bool] | None = None,
) -> Proof:
    """Who wins ``board`` with perfect play, within ``nodes`` search nodes and (when given)
    ``seconds``; a winning move when the side to move wins. Square boards up to 13x13 whose
    game is not over. The transposition table has ``2 ** table_bits`` slots at most (fewer
    when ``nodes`` could not fill them); ``epsilon`` widens the thresholds (module doc).
    ``should_stop`` (any thread may make it true) is asked between chunks of nodes, as the
    clock is: a stopped search says what it settled so far (usually nothing)."""
    if not board.is_square or not 1 <= board.size <= MAX_SIZE:
        raise HexError(f"the proof-number solver handles square boards up to {MAX_SIZE}x{MAX_SIZE}")
    if board.is_over:
        raise HexError(f"the game is over: {board.winner} has already won")
    if nodes < 1 or table_bits < 2:
        raise HexError("the solver needs a budget of at least one node and a table of 4 slots")
    started = time.perf_counter()
    neighbours, edges, ring, order, zobrist = geometry(board.size)
    cells = board.cells.astype(np.int8).copy()
    black_to_move = board.to_move is BLACK
    color = 1 if black_to_move else 2
    key = _key(cells, zobrist, black_to_move)
    # No larger than the search can fill: a table is allocated (and cleared) on every call.
    slots = 1 << min(table_bits, max(8, (2 * nodes).bit_length()))
    length = board.size * board.size
    arrays = kernel.DfpnArrays(
        neighbours=neighbours,
        edges=edges,
        ring=ring,
        dead=dead_table(),
        order=order,
        zobrist=zobrist,
        keys=np.zeros(slots, dtype=np.uint64),
        numbers=np.ones((slots, 2), dtype=np.int64),  # an empty slot reads as a new node
        best=np.full(slots, -1, dtype=np.int16),
        work=np.zeros(slots, dtype=np.int64),
        parents=np.zeros((2, length + 2), dtype=np.int64),
        pairs=np.zeros((2, (length + 2) ** 2), dtype=np.int64),
        links=np.zeros((14 * length + 1, 5), dtype=np.int64),
        used=np.zeros((2, length), dtype=np.int64),
        counters=np.zeros(4, dtype=np.int64),
    )
    counters = arrays.counters
    # Without a time limit or a stop flag one call runs the whole budget, so the nodes searched
    # do not depend on the clock; with one, calls of _CHUNK nodes (each resumes from the root
    # through the table) are timed or stopped between.
    chunk = nodes if seconds is None and should_stop is None else _CHUNK
    while True:
        counters[kernel.LIMIT] = min(nodes, counters[kernel.NODES] + chunk)
        counters[kernel.ABORTED] = 0
        kernel.mid(cells, color, key, kernel.INFINITY, kernel.INFINITY, arrays, float(epsilon))
        if not counters[kernel.ABORTED] or counters[kernel.NODES] >= nodes:
            break
        if seconds is not None and time.perf_counter() - started >= seconds:
            break
        if should_stop is not None and should_stop():
            break
    slot = _root_slot(arrays.keys, key)
    pn, dn = (int(v) for v in arrays.numbers[slot]) if slot is not None else (1, 1)
    winner = board.to_move if pn == 0 else board.to_move.opponent if dn == 0 else None
    move = int(arrays.best[slot]) if pn == 0 and slot is not None else None
    return Proof(
        winner=winner,
        move=move,
        nodes=int(counters[kernel.NODES]),
        seconds=time.perf_counter() - started,
        proof_number=pn,
        disproof_number=dn,
    )


def _root_slot(keys: np.ndarray, key: np.uint64) -> int | None:
    first = int(key & np.uint64(keys.shape[0] - 2))
    for slot in (first, first + 1):
        if keys[slot] == key:
            return slot
    return None

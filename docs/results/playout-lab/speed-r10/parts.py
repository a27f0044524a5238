"""Where a pattern playout's time goes, on its own (no search): cf160ed's kernel copied with
parts switched off (``stop``: 0 the start position's set-up alone, 1 and the pattern set-up,
2 the whole playout; ``probe``: no hash probe, the 6-cell rows alone; ``refresh``: no
refresh of the 12 cells after a move; ``connect``: no winner test), and this checkout's
kernel with its key filter and with a filter that lets every code through (every probe made,
as before). Switching a part off changes the draws, so those rows are costs, not playouts
of the policy. All variants alternate position by position in one process (cost.py's
method, CPU time); the full variants must end in the same state (checked).

    python parts.py SIZE ROUNDS COUNT
"""

import random
import sys
import time

import numpy as np
from hexswarm.engine.board import Board
from hexswarm.engine.kernels.knowledge import AROUND_SHIFT, make_knowledge_scratch
from hexswarm.engine.kernels.patterns import (
    _MULTIPLIER,
    NEAR_CELLS,
    NO_KEY,
    ROW_MASK,
    ROW_SHIFT,
    bridge_codes,
    hash_shift,
    pattern_moves,
)
from hexswarm.engine.kernels.playout import black_connects, cell_tables
from hexswarm.engine.kernels.rng import advance, bounded
from hexswarm.engine.knowledge import pattern_weights
from numba import njit

EMPTY, BLACK, WHITE = 0, 1, 2
ALL_CODES = np.full(1, 2**64 - 1, dtype=np.uint64)


def make(stop, probe=True, refresh=True, connect=True, kern=None, filter12=None):
    """A playout loop of the base kernel with parts switched off, or of ``kern`` (this
    checkout's) with ``filter12``."""
    custom = kern
    with_filter = filter12 is not None
    filter12 = ALL_CODES if filter12 is None else filter12

    # stop: 0 = build only, 1 = + pattern set-up, 2 = full
    @njit(nogil=True)
    def kern0(
        weights,
        hash12,
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
        n = size * size
        shift = hash_shift(hash12) + np.uint64(1)
        mask = hash12.size // 2 - 1
        bridge_codes(cells, near, size, bridges)
        totals = np.zeros(2, dtype=np.int64)
        row_totals = np.zeros((2, size), dtype=np.int64)
        for i in range(empty_count):
            c = order[i]
            near_mark[c] = -1
            code = around[c] | (bridges[c] << 12)
            if probe:
                slot = np.int64((np.uint64(code) * _MULTIPLIER) >> shift)
                while hash12[2 * slot] != code and hash12[2 * slot] != NO_KEY:
                    slot = (slot + 1) & mask
                packed = hash12[2 * slot + 1] if hash12[2 * slot] == code else weights[around[c]]
            else:
                packed = weights[around[c]]
            for row in range(4):
                cell_weights[4 * c + row] = (packed >> ROW_SHIFT[row]) & ROW_MASK[row]
            for side in range(2):
                totals[side] += cell_weights[4 * c + 2 * side]
                row_totals[side, cell_row[c]] += cell_weights[4 * c + 2 * side]
        if stop < 2:
            return x
        mover = BLACK if black_to_move else WHITE
        last = last_cell
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
                    if v < n and cells[v] == EMPTY:
                        near_mark[v] = move
                        w = cell_weights[4 * v + 2 * side + 1]
                        near_cells[found] = v
                        near_weights[found] = w
                        found += 1
                        local_total += w
                        near_global += cell_weights[4 * v + 2 * side]
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
                u -= local_total
                for k in range(found):
                    v = near_cells[k]
                    row_totals[side, cell_row[v]] -= cell_weights[4 * v + 2 * side]
                r = 0
                while u >= row_totals[side, r]:
                    u -= row_totals[side, r]
                    r += 1
                for k in range(found):
                    v = near_cells[k]
                    row_totals[side, cell_row[v]] += cell_weights[4 * v + 2 * side]
                for c in range(r * size, r * size + size):
                    if cells[c] == EMPTY and near_mark[c] != move:
                        w = cell_weights[4 * c + 2 * side]
                        if u < w:
                            cell = c
                            break
                        u -= w
            r = cell_row[cell]
            for s in range(2):
                w = cell_weights[4 * cell + 2 * s]
                totals[s] -= w
                row_totals[s, r] -= w
            cells[cell] = mover
            if mover == BLACK:
                rows[r] |= cell_bit[cell]
            stone = np.int64(mover)
            base = NEAR_CELLS * cell
            for i in range(6):
                around[ring[6 * cell + i]] += stone << (2 * ((i + 3) % 6))
                v = near[base + 6 + i]
                if v < n:
                    bridges[v] += stone << (2 * ((i + 3) % 6))
            if refresh:
                for k in range(NEAR_CELLS):
                    v = near[base + k]
                    if v < n and cells[v] == EMPTY:
                        rv = cell_row[v]
                        code = around[v] | (bridges[v] << 12)
                        if probe:
                            slot = np.int64((np.uint64(code) * _MULTIPLIER) >> shift)
                            while hash12[2 * slot] != code and hash12[2 * slot] != NO_KEY:
                                slot = (slot + 1) & mask
                            packed = (
                                hash12[2 * slot + 1]
                                if hash12[2 * slot] == code
                                else weights[around[v]]
                            )
                        else:
                            packed = weights[around[v]]
                        for row in range(4):
                            w = (packed >> ROW_SHIFT[row]) & ROW_MASK[row]
                            if not row & 1:
                                change = w - cell_weights[4 * v + row]
                                totals[row >> 1] += change
                                row_totals[row >> 1, rv] += change
                            cell_weights[4 * v + row] = w
            last = cell
            mover = BLACK + WHITE - mover
        return x

    kern = custom if custom is not None else kern0

    @njit(nogil=True)
    def many(
        count,
        weights,
        hash12,
        cells,
        ring,
        around,
        empty_around,
        bridges,
        near,
        cw,
        nm,
        black_rows,
        empties,
        empty_count,
        black_to_move,
        last_cell,
        size,
        cell_row,
        cell_bit,
        rows,
        reach,
    ):
        x = np.uint64(12345)
        n = size * size
        wins = 0
        order = empties.copy()
        for _ in range(count):
            for r in range(size):
                rows[r] = black_rows[r]
            for r in range(size):
                bits = black_rows[r]
                for c in range(size):
                    cells[r * size + c] = BLACK if bits & cell_bit[r * size + c] != 0 else WHITE
            for i in range(empty_count):
                cells[order[i]] = EMPTY
            for cell in range(n + 5):
                around[cell] = empty_around[cell]
            for cell in range(n):
                if cells[cell] != EMPTY:
                    for i in range(6):
                        around[ring[6 * cell + i]] += np.int64(cells[cell]) << AROUND_SHIFT[i]
            if with_filter:
                x = kern(weights, hash12, filter12, cells, ring, around, bridges, near, cw, nm,
                         order, empty_count, black_to_move, last_cell, size, cell_row, cell_bit,
                         rows, x)  # fmt: skip
            elif stop >= 1:
                x = kern(weights, hash12, cells, ring, around, bridges, near, cw, nm, order,
                         empty_count, black_to_move, last_cell, size, cell_row, cell_bit, rows,
                         x)  # fmt: skip
            if connect and black_connects(rows, size, reach):
                wins += 1
        return wins, x

    return many


def positions(size, seed=5):
    rng = random.Random(seed)
    out = []
    for k in (2, 3, 8, 14, 20, 26, 32, 40):
        b = Board(size)
        while len(b.moves) < k:
            c = rng.randrange(size * size)
            if b.cells[c] == 0:
                b.play(c)
        out.append(b)
    return out


def main():
    size, rounds, count = (int(a) for a in sys.argv[1:4])
    weights, hash12, filter12 = pattern_weights("playout12-team-save-mohex-9x9")
    variants = {
        "base: start position only": make(0, connect=False),
        "base: + pattern set-up": make(1, connect=False),
        "base: + pattern set-up, no probes": make(1, probe=False, connect=False),
        "base: whole playout, no winner test": make(2, connect=False),
        "base: whole playout": make(2),
        "base: no probes": make(2, probe=False),
        "base: no refresh": make(2, refresh=False),
        "this: every code probed": make(2, kern=pattern_moves, filter12=ALL_CODES),
        "this: key filter": make(2, kern=pattern_moves, filter12=filter12),
    }
    same = ("base: whole playout", "this: every code probed", "this: key filter")
    cell_row, cell_bit = cell_tables(size)
    scratch = make_knowledge_scratch(size)
    base_weights = np.zeros(4 * size * size, dtype=np.int64)
    rows = np.zeros(size, np.uint64)
    reach = np.zeros(size, np.uint64)
    cases = []
    for b in positions(size):
        cells = np.asarray(b.cells)
        black_rows = np.zeros(size, np.uint64)
        for c in np.flatnonzero(cells == 1):
            black_rows[c // size] |= np.uint64(1) << np.uint64(c % size)
        empties = np.flatnonzero(cells == 0).astype(np.int32)
        last = np.int64(b.moves[-1].cell)
        cases.append((black_rows, empties, empties.size, len(b.moves) % 2 == 0, last))
    cpu = {k: 0.0 for k in variants}
    playouts = 0
    for r in range(rounds + 1):
        for black_rows, empties, empty_count, black_to_move, last in cases:
            ends = {}
            for name, many in variants.items():
                cw = base_weights if name.startswith("base") else scratch.cell_weights
                t = time.process_time()
                ends[name] = many(count, weights, hash12, scratch.cells, scratch.ring,
                                  scratch.around, scratch.empty_around, scratch.bridges,
                                  scratch.near, cw, scratch.near_mark, black_rows, empties,
                                  empty_count, black_to_move, last, size, cell_row, cell_bit,
                                  rows, reach)  # fmt: skip
                if r:
                    cpu[name] += time.process_time() - t
            assert len({ends[name] for name in same}) == 1, ends
            if r:
                playouts += count
    print(
        f"# {size}x{size}: {playouts} playouts a variant ({rounds} rounds x {len(cases)} "
        f"positions x {count}), CPU us a playout; "
        f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}"
    )
    for name, seconds in cpu.items():
        print(f"{size}x{size} {name:38s} {seconds / playouts * 1e6:7.2f}")


main()

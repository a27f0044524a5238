"""One pattern playout, set-up to winner, paired in one process: the kernel of a base
checkout (``engine/kernels/patterns.py`` saved to a file) against this checkout's, on the
save table, from random positions (2-40 stones), the two alternating position by position;
CPU time (time.process_time) a playout, round 0 (compiling) left out. Both must end every
batch in the same state (the same draws): checked.

    git show cf160ed:engine/kernels/patterns.py > /tmp/kernel_base.py
    python kernel_paired.py /tmp/kernel_base.py SIZE ROUNDS COUNT
"""

import importlib.util
import platform
import random
import sys
import time

import numpy as np
from hexswarm.engine.board import Board
from hexswarm.engine.kernels.knowledge import AROUND_SHIFT, make_knowledge_scratch
from hexswarm.engine.kernels.patterns import pattern_moves
from hexswarm.engine.kernels.playout import black_connects, cell_tables
from hexswarm.engine.knowledge import pattern_weights
from numba import njit

spec = importlib.util.spec_from_file_location("kernel_base", sys.argv[1])
base = importlib.util.module_from_spec(spec)
sys.modules["kernel_base"] = base  # numba's cache finds the module of a cached kernel by name
spec.loader.exec_module(base)
size, rounds, count = (int(a) for a in sys.argv[2:5])
EMPTY, BLACK, WHITE = 0, 1, 2


def runner(kernel, with_filter):
    @njit(nogil=True)
    def many(count, tables, cells, ring, around, empty_around, bridges, near, cell_weights,
             near_mark, black_rows, empties, black_to_move, last_cell, size, cell_row,
             cell_bit, rows, reach):  # fmt: skip
        # knowledge_playout's START_BUILD set-up, the kernel, the winner: one playout.
        x = np.uint64(12345)
        n = size * size
        wins = 0
        for _ in range(count):
            for r in range(size):
                rows[r] = black_rows[r]
                for c in range(size):
                    bit = black_rows[r] & cell_bit[r * size + c]
                    cells[r * size + c] = BLACK if bit != 0 else WHITE
            for i in range(empties.size):
                cells[empties[i]] = EMPTY
            for cell in range(n + 5):
                around[cell] = empty_around[cell]
            for cell in range(n):
                if cells[cell] != EMPTY:
                    for i in range(6):
                        around[ring[6 * cell + i]] += np.int64(cells[cell]) << AROUND_SHIFT[i]
            if with_filter:
                x = kernel(tables[0], tables[1], tables[2], cells, ring, around, bridges, near,
                           cell_weights, near_mark, empties, empties.size, black_to_move,
                           last_cell, size, cell_row, cell_bit, rows, x)  # fmt: skip
            else:
                x = kernel(tables[0], tables[1], cells, ring, around, bridges, near,
                           cell_weights, near_mark, empties, empties.size, black_to_move,
                           last_cell, size, cell_row, cell_bit, rows, x)  # fmt: skip
            if black_connects(rows, size, reach):
                wins += 1
        return wins, x

    return many


weights, hash12, filter12 = pattern_weights("playout12-team-save-mohex-9x9")
variants = {
    "base": runner(base.pattern_moves, False),
    "this": runner(pattern_moves, True),
}
rng = random.Random(5)
positions = []
for stones in (2, 3, 8, 14, 20, 26, 32, 40):
    board = Board(size)
    while len(board.moves) < stones:
        c = rng.randrange(size * size)
        if board.cells[c] == 0:
            board.play(c)
    cells = np.asarray(board.cells)
    black_rows = np.zeros(size, np.uint64)
    for c in np.flatnonzero(cells == 1):
        black_rows[c // size] |= np.uint64(1) << np.uint64(c % size)
    empties = np.flatnonzero(cells == 0).astype(np.int32)
    positions.append((black_rows, empties, stones % 2 == 0, np.int64(board.moves[-1].cell)))
cell_row, cell_bit = cell_tables(size)
scratch = make_knowledge_scratch(size)
n = size * size
base_weights = np.zeros(4 * n, dtype=np.int64)  # the base kernel's four weights a cell
rows = np.zeros(size, np.uint64)
reach = np.zeros(size, np.uint64)
cpu = {name: 0.0 for name in variants}
playouts = 0
for round_number in range(rounds + 1):
    for black_rows, empties, black_to_move, last in positions:
        ends = {}
        for name, many in variants.items():
            tables = (weights, hash12, filter12)
            cw = base_weights if name == "base" else scratch.cell_weights
            start = time.process_time()
            ends[name] = many(count, tables, scratch.cells, scratch.ring, scratch.around,
                              scratch.empty_around, scratch.bridges, scratch.near, cw,
                              scratch.near_mark, black_rows, empties, black_to_move, last,
                              size, cell_row, cell_bit, rows, reach)  # fmt: skip
            if round_number:
                cpu[name] += time.process_time() - start
        assert ends["base"] == ends["this"], ends  # the same draws, the same generator
        if round_number:
            playouts += count
print(
    f"# {size}x{size}: {playouts} playouts each ({rounds} rounds x {len(positions)} positions"
    f" x {count}), alternating; {platform.node()}, "
    f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}"
)
for name, seconds in cpu.items():
    print(f"{size}x{size} {name:5s} {seconds / playouts * 1e6:7.2f} us a playout")
print(f"{size}x{size} base/this {cpu['base'] / cpu['this']:.2f}")

"""The pattern kernel alone: ``pattern_moves`` of a copy of engine/kernels/patterns.py (the
first argument; a variant, see kernel-speed-12.txt) filling the empty 9x9 board 5 000 times,
playouts per CPU second. Run from a checkout:
python docs/results/pattern-playouts/kernel_speed.py VARIANT.py [TABLE]"""

import importlib.util
import sys
import time

import numpy as np
from hexswarm.engine.kernels.knowledge import make_knowledge_scratch
from hexswarm.engine.kernels.playout import cell_tables
from hexswarm.engine.knowledge import pattern_weights
from numba import njit

spec = importlib.util.spec_from_file_location("variant", sys.argv[1])
variant = importlib.util.module_from_spec(spec)
spec.loader.exec_module(variant)
pattern_moves = variant.pattern_moves
table = sys.argv[2] if len(sys.argv) > 2 else None
weights, keys12, weights12 = pattern_weights(table)
SIZE = 9
scratch = make_knowledge_scratch(SIZE)
cell_row, cell_bit = cell_tables(SIZE)
order = np.arange(SIZE * SIZE, dtype=np.int32)
rows = np.zeros(SIZE, dtype=np.uint64)


@njit
def many(count, w, k, v, cells, ring, around, empty_around, bridges, near, cw, nm, order, rows):
    x = np.uint64(12345)
    n = SIZE * SIZE
    for _ in range(count):
        cells[:n] = 0
        around[:] = empty_around
        x = pattern_moves(w, k, v, cells, ring, around, bridges, near, cw, nm, order, n, True,
                          np.int64(-1), SIZE, cell_row, cell_bit, rows, x)  # fmt: skip
    return x


arguments = (weights, keys12, weights12, scratch.cells, scratch.ring, scratch.around,
             scratch.empty_around, scratch.bridges, scratch.near, scratch.cell_weights,
             scratch.near_mark, order, rows)  # fmt: skip
many(10, *arguments)
start = time.process_time()
many(5000, *arguments)
print(sys.argv[1], table, round(5000 / (time.process_time() - start)))

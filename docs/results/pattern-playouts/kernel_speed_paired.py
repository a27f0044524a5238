"""The pattern kernel alone, paired in one process: main's ``pattern_moves`` (one hash of
12-cell keys and weights in two arrays, a probe per player and row) against this checkout's
(one probe per refreshed cell giving its four weights, kept per cell), on the same playout
table, each filling the empty 9x9 board ``COUNT`` times per round, rounds alternating;
playouts per CPU second (round 0, which compiles, left out). Run from a checkout:

    git show main:engine/kernels/patterns.py > /tmp/kernel_main.py
    git show main:engine/patterns.py > /tmp/patterns_main.py
    python docs/results/pattern-playouts/kernel_speed_paired.py /tmp/kernel_main.py \\
        /tmp/patterns_main.py [TABLE] [ROUNDS]
"""

import importlib.util
import sys
import time

import numpy as np
from hexswarm.engine.kernels.knowledge import make_knowledge_scratch
from hexswarm.engine.kernels.patterns import pattern_moves
from hexswarm.engine.kernels.playout import cell_tables
from hexswarm.engine.patterns import load_playout_table
from numba import njit


def module(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    loaded = importlib.util.module_from_spec(spec)
    sys.modules[name] = loaded  # dataclasses look their module up
    spec.loader.exec_module(loaded)
    return loaded


old_kernel = module(sys.argv[1], "kernel_main")
old_patterns = module(sys.argv[2], "patterns_main")
table_name = sys.argv[3] if len(sys.argv) > 3 else "playout12-mohex-9x9"
rounds = int(sys.argv[4]) if len(sys.argv) > 4 else 5
table = load_playout_table(table_name)
old_table = old_patterns.load_playout_table(table_name)
weights = old_table.kernel_weights()
assert np.array_equal(weights, table.kernel_weights())
SIZE, COUNT = 9, 2000
cell_row, cell_bit = cell_tables(SIZE)
order = np.arange(SIZE * SIZE, dtype=np.int32)


def runner(kernel):
    @njit
    def many(count, tables, cells, ring, around, empty, bridges, near, cw, nm, order, rows):
        x = np.uint64(12345)
        n = SIZE * SIZE
        black = 0
        for _ in range(count):
            cells[:n] = 0
            around[:] = empty
            x = kernel(*tables, cells, ring, around, bridges, near, cw, nm, order, n, True,
                       np.int64(-1), SIZE, cell_row, cell_bit, rows, x)  # fmt: skip
            black += rows[0] != 0
        return x, black

    return many


variants = {
    "main": (runner(old_kernel.pattern_moves), (weights, *old_table.kernel_hash())),
    "this": (runner(pattern_moves), (table.kernel_rows(), table.kernel_hash())),
}
results = {name: [] for name in variants}
draws = {}
for round_number in range(rounds + 1):
    for name, (many, tables) in variants.items():
        scratch = make_knowledge_scratch(SIZE)
        rows = np.zeros(SIZE, dtype=np.uint64)
        arguments = (tables, scratch.cells, scratch.ring, scratch.around,
                     scratch.empty_around, scratch.bridges, scratch.near, scratch.cell_weights,
                     scratch.near_mark, order, rows)  # fmt: skip
        start = time.process_time()
        draws[name] = many(COUNT, *arguments)
        elapsed = time.process_time() - start
        if round_number:  # round 0 compiles
            results[name].append(COUNT / elapsed)
# The same generator and weights: the same playouts, so the same final state.
assert draws["main"] == draws["this"], draws
print(f"table {table_name}, {rounds} rounds of {COUNT} playouts each, alternating")
for name, rates in results.items():
    print(
        f"{name:5s} playouts/s median {np.median(rates):9.0f}  rounds {[round(r) for r in rates]}"
    )
print(f"ratio this/main (medians): {np.median(results['this']) / np.median(results['main']):.2f}")

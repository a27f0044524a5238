"""CPU seconds to compile ``pattern_moves`` alone (its helpers included), base or this
checkout's, in a fresh process with an empty NUMBA_CACHE_DIR:

    NUMBA_CACHE_DIR=$(mktemp -d) python compile_time.py base /tmp/kernel_base.py
    NUMBA_CACHE_DIR=$(mktemp -d) python compile_time.py this
"""

import importlib.util
import sys
import time

import numpy as np
from hexswarm.engine.kernels.knowledge import make_knowledge_scratch
from hexswarm.engine.kernels.playout import cell_tables
from hexswarm.engine.knowledge import pattern_weights

weights, hash12, filter12 = pattern_weights("playout12-team-save-mohex-9x9")
size = 9
scratch = make_knowledge_scratch(size)
cell_row, cell_bit = cell_tables(size)
order = np.arange(size * size, dtype=np.int32)
rows = np.zeros(size, np.uint64)
common = (scratch.cells, scratch.ring, scratch.around, scratch.bridges, scratch.near)
if sys.argv[1] == "base":
    spec = importlib.util.spec_from_file_location("kernel_base", sys.argv[2])
    module = importlib.util.module_from_spec(spec)
    sys.modules["kernel_base"] = module
    spec.loader.exec_module(module)
    tables = (weights, hash12)
    cell_weights = np.zeros(4 * size * size, dtype=np.int64)
else:
    from hexswarm.engine.kernels import patterns as module

    tables = (weights, hash12, filter12)
    cell_weights = scratch.cell_weights
start = time.process_time()
module.pattern_moves(*tables, *common, cell_weights, scratch.near_mark, order, order.size, True,
                     np.int64(-1), size, cell_row, cell_bit, rows, np.uint64(1))  # fmt: skip
print(f"{sys.argv[1]}: pattern_moves compiled in {time.process_time() - start:.2f} CPU s")

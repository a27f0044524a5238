import sys, time, importlib.util, numpy as np

spec = importlib.util.spec_from_file_location("exp", sys.argv[1])
exp = importlib.util.module_from_spec(spec)
spec.loader.exec_module(exp)
from numba import njit
from hexswarm.engine.kernels.knowledge import make_knowledge_scratch
from hexswarm.engine.kernels.playout import cell_tables
from hexswarm.engine.knowledge import pattern_weights

table = sys.argv[2] if len(sys.argv) > 2 else None
W, K, V = pattern_weights(table)
size = 9
n = 81
ks = make_knowledge_scratch(size)
cell_row, cell_bit = cell_tables(size)
order = np.arange(n, dtype=np.int32)
rows = np.zeros(size, dtype=np.uint64)
pm = exp.pattern_moves


@njit
def many(
    count,
    W,
    K,
    V,
    cells,
    ring,
    around,
    empty_around,
    bridges,
    near,
    cw,
    nm,
    order,
    size,
    cell_row,
    cell_bit,
    rows,
):
    x = np.uint64(12345)
    for k in range(count):
        for c in range(81):
            cells[c] = 0
        for c in range(around.size):
            around[c] = empty_around[c]
        x = pm(
            W,
            K,
            V,
            cells,
            ring,
            around,
            bridges,
            near,
            cw,
            nm,
            order,
            81,
            True,
            np.int64(-1),
            size,
            cell_row,
            cell_bit,
            rows,
            x,
        )
    return x


args = (
    W,
    K,
    V,
    ks.cells,
    ks.ring,
    ks.around,
    ks.empty_around,
    ks.bridges,
    ks.near,
    ks.cell_weights,
    ks.near_mark,
    order,
    size,
    cell_row,
    cell_bit,
    rows,
)
many(10, *args)
c = time.process_time()
many(5000, *args)
print(sys.argv[1], table, round(5000 / (time.process_time() - c)))

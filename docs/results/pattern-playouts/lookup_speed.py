import time, numpy as np
from numba import njit
from hexswarm.engine.kernels.patterns import hash_shift, HASH_MULTIPLIER, NO_KEY
from hexswarm.engine.patterns import load_playout_table

t = load_playout_table()
W = t.kernel_weights()
K, V = t.kernel_hash()
rng = np.random.default_rng(1)
real = K[K >= 0]
codes = np.where(
    rng.random(100000) < 0.5,
    rng.choice(real, 100000) & ((1 << 24) - 1),
    rng.integers(0, 1 << 24, 100000),
).astype(np.int64)


@njit
def run(W, K, V, codes):
    shift = hash_shift(K)
    mask = K.size - 1
    tot = 0
    for rep in range(10):
        for i in range(codes.size):
            code = codes[i]
            key = code | np.int64(2) << 24
            slot = np.int64((np.uint64(key) * HASH_MULTIPLIER) >> shift)
            while K[slot] != key and K[slot] != NO_KEY:
                slot = (slot + 1) & mask
            tot += V[slot] if K[slot] == key else W[2, code & 4095]
    return tot


run(W, K, V, codes)
c = time.process_time()
run(W, K, V, codes)
print("ns/lookup", (time.process_time() - c) / 1e6 * 1e9)
print("hash slots", K.size, "entries", (K >= 0).sum())

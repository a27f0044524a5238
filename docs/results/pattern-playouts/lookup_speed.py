"""One 12-cell hash probe alone: 10 x 100 000 look-ups in the default playout table's hash,
half of them codes it holds. Run from a checkout:
python docs/results/pattern-playouts/lookup_speed.py"""

import time

import numpy as np
from hexswarm.engine.kernels.patterns import HASH_MULTIPLIER, NO_KEY, hash_shift
from hexswarm.engine.patterns import load_playout_table
from numba import njit

table = load_playout_table()
weights = table.kernel_weights()
keys, values = table.kernel_hash()
rng = np.random.default_rng(1)
held = keys[keys >= 0] & ((1 << 24) - 1)
codes = np.where(
    rng.random(100_000) < 0.5, rng.choice(held, 100_000), rng.integers(0, 1 << 24, 100_000)
).astype(np.int64)


@njit
def probe_all(weights, keys, values, codes):
    shift = hash_shift(keys)
    mask = keys.size - 1
    total = 0
    for _ in range(10):
        for code in codes:
            key = code | np.int64(2) << 24
            slot = np.int64((np.uint64(key) * HASH_MULTIPLIER) >> shift)
            while keys[slot] != key and keys[slot] != NO_KEY:
                slot = (slot + 1) & mask
            total += values[slot] if keys[slot] == key else weights[2, code & 4095]
    return total


probe_all(weights, keys, values, codes)
start = time.process_time()
probe_all(weights, keys, values, codes)
print("ns/lookup", (time.process_time() - start) / 1e6 * 1e9)
print("hash slots", keys.size, "entries", int((keys >= 0).sum()))

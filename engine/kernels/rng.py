"""A tiny per-thread random generator usable inside kernels: xorshift64*.

numba's own ``np.random`` has one hidden state per thread that Python cannot seed, so every
kernel carries an explicit state: a ``uint64`` array with one slot per worker. All arithmetic
stays in uint64 (mixing in int64 silently gives negative indices).
"""

import numpy as np
from hexswarm.engine.kernels.jit import inline_jit, jit

MULTIPLIER = np.uint64(0x2545F4914F6CDD1D)
SHIFT_12, SHIFT_25, SHIFT_27, SHIFT_32 = np.uint64(12), np.uint64(25), np.uint64(27), np.uint64(32)
_GOLDEN = 0x9E3779B97F4A7C15
_MASK64 = (1 << 64) - 1


def seed_states(seed: int, count: int) -> np.ndarray:
    """``count`` independent, never-zero generator states derived from ``seed`` by splitmix64."""
    states = np.empty(count, dtype=np.uint64)
    x = (int(seed) * 0x632BE59BD9B4E019 + 0x1234567) & _MASK64
    for i in range(count):
        x = (x + _GOLDEN) & _MASK64
        z = x
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        z ^= z >> 31
        states[i] = z or 1
    return states


@jit
def next_u64(state, slot):
    """Advance generator ``slot`` of ``state`` and return 64 random bits."""
    x = state[slot]
    x ^= x >> SHIFT_12
    x ^= x << SHIFT_25
    x ^= x >> SHIFT_27
    state[slot] = x
    return x * MULTIPLIER


@jit
def below(state, slot, bound):
    """A uniform integer in ``[0, bound)`` (multiply-shift on the high 32 bits; bound < 2**32)."""
    high = next_u64(state, slot) >> SHIFT_32
    return np.int64((high * np.uint64(bound)) >> SHIFT_32)


@jit
def uniform(state, slot):
    """A float in ``[0, 1)`` with 53 random bits."""
    return (next_u64(state, slot) >> np.uint64(11)) * (1.0 / 9007199254740992.0)


@inline_jit
def advance(x):
    """One xorshift64* step of the state ``x`` itself (no array): for move loops that keep the
    generator in a register and write it back once (a call passing arrays per move cost more
    than the move, measured in engine.kernels.knowledge)."""
    x ^= x >> SHIFT_12
    x ^= x << SHIFT_25
    x ^= x >> SHIFT_27
    return x


@inline_jit
def unit(x):
    """:func:`uniform`'s float in ``[0, 1)`` from the advanced state ``x`` (its 53 bits fit an
    int64, whose conversion is exact and cheaper than a uint64's: the same value)."""
    return np.float64(np.int64((x * MULTIPLIER) >> np.uint64(11))) * (1.0 / 9007199254740992.0)


@inline_jit
def bounded(x, bound):
    """:func:`below`'s integer in ``[0, bound)`` from the advanced state ``x``."""
    return np.int64((((x * MULTIPLIER) >> SHIFT_32) * np.uint64(bound)) >> SHIFT_32)

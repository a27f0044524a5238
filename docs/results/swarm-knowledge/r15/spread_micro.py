"""The spreading of a new block's agents (engine.kernels.anthill.spread_agents, round 15):
the loop with a modulo an agent against the same placement without it, on blocks of 60 moves
and 4 agents a move, each compiled here (copies of the loop, not the kernel). CPU ns a block.

    python spread_micro.py
"""

import time

import numpy as np
from numba import njit


@njit(cache=False)
def spread_mod(prior, hold, active, first, count, k, reps):
    for _ in range(reps):
        live = 0
        for i in range(count):
            if not (prior.shape[0] > 0 and prior[first + i] == 0.0):
                live += 1
        base = first * k
        move = 0
        for i in range(count * k):
            if 0 < live < count:
                while prior[first + move] == 0.0:
                    move = (move + 1) % count
            hold[base + i] = move
            active[base + i] = 0
            move = (move + 1) % count
        first = (first + count) % 100000
    return hold[5]


@njit(cache=False)
def spread_nomod(prior, hold, active, first, count, k, reps):
    for _ in range(reps):
        live = 0
        for i in range(count):
            if not (prior.shape[0] > 0 and prior[first + i] == 0.0):
                live += 1
        base = first * k
        move = 0
        for i in range(count * k):
            if 0 < live < count:
                while prior[first + move] == 0.0:
                    move += 1
                    if move == count:
                        move = 0
            hold[base + i] = move
            active[base + i] = 0
            move += 1
            if move == count:
                move = 0
        first = (first + count) % 100000
    return hold[5]


prior = np.random.rand(200000) + 0.01
hold = np.zeros(200000 * 4, np.int32)
active = np.zeros(200000 * 4, np.uint8)
for f in (spread_mod, spread_nomod):
    f(prior, hold, active, 0, 60, 4, 10)
for _ in range(3):
    for f in (spread_mod, spread_nomod):
        t = time.process_time()
        f(prior, hold, active, 0, 60, 4, 200000)
        dt = time.process_time() - t
        print(f.__name__, f"{dt / 200000 * 1e9:.0f} ns a 60-move block (240 agents)")

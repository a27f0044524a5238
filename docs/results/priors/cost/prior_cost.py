"""What pattern priors (and prior pruning) cost per playout at `strong`'s search settings:
CPU seconds of one search of PLAYOUTS playouts (RAVE, 8 `template` playouts a leaf,
exploration and expansion as the preset), with and without priors, paired in one process and
alternating (which side runs first swaps each round), on the empty 9x9 board and on positions
12 and 30 random moves deep (seeded).

    python docs/results/priors/cost/prior_cost.py PLAYOUTS ROUNDS [TABLE,TABLE...]

With tables named (e.g. ``hex6-mohex-9x9-296g,hex12-mohex-9x9-296g``), each of them with and
without pruning takes the place of the default table's two rows.
"""

import statistics
import sys
import time

import numpy as np
from hexswarm.engine.board import Board
from hexswarm.engine.knowledge import playout_policy
from hexswarm.engine.search.environment import hex_environment
from hexswarm.engine.search.limits import SearchLimits
from hexswarm.engine.search.uct import UctConfig, UctSearch

playouts = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000
rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 7
STRONG = {"rave": True, "leaf_playouts": 8, "seed": 1}
tables = sys.argv[3].split(",") if len(sys.argv) > 3 else ["hex6-mohex-9x9"]
variants = {"rave": UctConfig(**STRONG)}
for table in tables:
    name = "rave+priors" if len(sys.argv) <= 3 else f"rave+{table}"
    variants[name] = UctConfig(**STRONG, priors=table)
    variants[f"{name}+pruning"] = UctConfig(**STRONG, priors=table, prior_pruning=True)


def position(depth, seed):
    rng = np.random.default_rng(seed)
    board = Board(9)
    while len(board.moves) < depth:
        board.play(int(rng.choice(np.flatnonzero(board.cells == 0))))
        if board.winner is not None:
            board.undo()
    return board


def cpu(config, env):
    started = time.process_time()
    UctSearch(config).run(env, SearchLimits(playouts=playouts))
    return time.process_time() - started


with open("/proc/loadavg") as file:
    load = file.read().split()[:3]
now = time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime())
print(f"# {now}, load {load}, {playouts} playouts, {rounds} rounds, template playouts")
policy = playout_policy("template")
for depth in (0, 12, 30):
    env = hex_environment(position(depth, 5), policy)
    for config in variants.values():  # compile (or load) first
        UctSearch(config).run(env, SearchLimits(playouts=800))
    seconds = {name: [] for name in variants}
    for k in range(rounds):
        order = list(variants.items())
        for name, config in order if k % 2 == 0 else order[::-1]:
            seconds[name].append(cpu(config, env))
    base = seconds["rave"]
    for name, values in seconds.items():
        ratios = [v / b for v, b in zip(values, base, strict=True)]
        print(
            f"depth {depth:2d} {name:34s} median {statistics.median(values):.3f} s, "
            f"{playouts / statistics.median(values):9.0f} playouts/s, "
            f"against rave {statistics.median(ratios):.3f} "
            f"(rounds {', '.join(f'{r:.2f}' for r in ratios)})",
            flush=True,
        )

"""Playouts per second of uniform, template and patterns (the 12-cell table, the default, and
the 6-cell one as ``patterns6``) from the empty board, 9x9-13x13, one thread, the policies
alternating in one process (three rounds; the median printed).
Rates by the process's CPU time (the machine is shared: CPU time is what a playout costs) and
by wall time. Run from a checkout: python docs/results/pattern-playouts/speed.py"""

import datetime
import os
import platform
import statistics
import time

from hexswarm.engine import Board
from hexswarm.engine.knowledge import PlayoutPolicy, playout_policy
from hexswarm.engine.playout import random_playouts

POLICIES = ("uniform", "template", "patterns", "patterns6")
COUNTS = {"uniform": 200_000, "template": 40_000, "patterns": 10_000, "patterns6": 10_000}
KERNEL_POLICIES = {name: playout_policy(name) for name in POLICIES[:3]}
KERNEL_POLICIES["patterns6"] = PlayoutPolicy("patterns", None, "playout6-mohex-9x9")
now = datetime.datetime.now(datetime.UTC)
print(f"# {platform.machine()}, {os.cpu_count()} cores, {now:%Y-%m-%d %H:%M} UTC")
print(f"# load average before: {' '.join(f'{v:.2f}' for v in os.getloadavg())}")
print(
    "| size | policy | playouts/s (CPU) | playouts/s (wall) | CPU rate vs uniform | vs template |"
)
print("|---:|---|---:|---:|---:|---:|")
for size in (9, 11, 13):
    board = Board(size)
    cpu = {name: [] for name in POLICIES}
    wall = {name: [] for name in POLICIES}
    for name in POLICIES:
        random_playouts(board, 64, policy=KERNEL_POLICIES[name])  # load the kernels first
    for round_ in range(3):
        for name in POLICIES:
            count = COUNTS[name]
            c0, w0 = time.process_time(), time.perf_counter()
            random_playouts(board, count, policy=KERNEL_POLICIES[name], seed=round_)
            cpu[name].append(count / (time.process_time() - c0))
            wall[name].append(count / (time.perf_counter() - w0))
    med = {name: statistics.median(cpu[name]) for name in POLICIES}
    for name in POLICIES:
        print(
            f"| {size} | {name} | {med[name]:,.0f} | {statistics.median(wall[name]):,.0f} | "
            f"{med[name] / med['uniform']:.3f} | {med[name] / med['template']:.2f} |"
        )
print(f"# load average after: {' '.join(f'{v:.2f}' for v in os.getloadavg())}")

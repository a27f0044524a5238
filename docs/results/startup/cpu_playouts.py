"""Playouts per CPU second on the empty 11x11 board, one thread, by policy.

python cpu_playouts.py LABEL
"""

import sys
import time

from hexswarm.engine.board import Board
from hexswarm.engine.playout import random_playouts

board = Board(11)
for policy in ("uniform", "template", "win"):
    random_playouts(board, 10, seed=0, policy=policy)  # load the kernels first
rates = []
for policy, count in (("uniform", 200_000), ("template", 20_000), ("win", 20_000)):
    cpu = time.process_time()
    random_playouts(board, count, seed=1, policy=policy)
    rates.append(f"{policy} {count / (time.process_time() - cpu):,.0f}/s-CPU")
print(sys.argv[1], " ".join(rates), flush=True)

import time, sys
from hexswarm.engine.board import Board
from hexswarm.engine.playout import random_playouts
board = Board(11)
for policy in ("uniform", "template", "win"):
    random_playouts(board, 10, seed=0, policy=policy)  # load
out = []
for policy, n in (("uniform", 200_000), ("template", 20_000), ("win", 20_000)):
    cpu = time.process_time()
    random_playouts(board, n, seed=1, policy=policy, threads=1) if "threads" in random_playouts.__code__.co_varnames else random_playouts(board, n, seed=1, policy=policy)
    out.append(f"{policy} {n / (time.process_time() - cpu):,.0f}/s-CPU")
print(sys.argv[1], " ".join(out), flush=True)

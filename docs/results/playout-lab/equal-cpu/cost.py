import random
import time

from hexswarm.engine.board import Board
from hexswarm.engine.players import create_player

S = "playout=patterns,playout_table=playout12-team-save-mohex-9x9"
configs = {
    "template8@40000": "strong:seed=1,time_s=none,playouts=40000",
    "save1@4000": f"strong:seed=1,time_s=none,playouts=4000,{S},leaf_playouts=1",
    "save2@6000": f"strong:seed=1,time_s=none,playouts=6000,{S},leaf_playouts=2",
}
rng = random.Random(5)
boards = []
for n in (2, 2, 3, 8, 14, 20, 26, 32):
    b = Board(9)
    while len(b.moves) < n:
        c = rng.randrange(81)
        if b.cells[c] == 0:
            b.play(c)
    boards.append(b)
players = {k: create_player(v) for k, v in configs.items()}
for p in players.values():
    p.choose_move(boards[0])
tot = {k: [0, 0.0] for k in configs}
for _r in range(3):
    for b in boards:
        for k, p in players.items():
            t = time.process_time()
            ch = p.choose_move(b)
            tot[k][0] += ch.snapshot.playouts
            tot[k][1] += time.process_time() - t
for k, (n, cpu) in tot.items():
    print(
        f"{k:16s} playouts {n:8d} cpu {cpu:6.2f}s  cpu/move {cpu / 24 * 1000:6.1f} ms  "
        f"playouts/CPU-s {n / cpu:8.0f}"
    )

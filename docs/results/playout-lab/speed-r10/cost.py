"""CPU time a move of `strong` with template playouts (8 a leaf) and with the save table's
pattern playouts (one a leaf), the players taking turns position by position in one process
(equal-cpu/cost.py's method, more players and sizes). Run it once on each checkout compared:
`template8@40000` is the anchor both runs share, so a checkout's pattern cost is read as a
ratio to it, measured in the same process.

    python cost.py SIZE ROUNDS [PATTERN_PLAYOUTS ...] [--extra=SETTINGS]

`--extra=SETTINGS` (e.g. `--extra=expand_after=10`) is appended to every pattern config
(the `save1@N` rows); the anchor and `template1@4000` stay as they are.
"""

import platform
import random
import sys
import time

from hexswarm.engine.board import Board
from hexswarm.engine.players import create_player

extras = [a.removeprefix("--extra=") for a in sys.argv[1:] if a.startswith("--extra=")]
args = [a for a in sys.argv[1:] if not a.startswith("--extra=")]
size = int(args[0])
rounds = int(args[1])
budgets = [int(b) for b in args[2:]] or [4000]
S = "playout=patterns,playout_table=playout12-team-save-mohex-9x9,leaf_playouts=1"
S = ",".join([S, *extras])
configs = {
    "template8@40000": "strong:seed=1,time_s=none,playouts=40000",
    "template1@4000": "strong:seed=1,time_s=none,playouts=4000,leaf_playouts=1",
    **{f"save1@{b}": f"strong:seed=1,time_s=none,playouts={b},{S}" for b in budgets},
}
rng = random.Random(5)
boards = []
for n in (2, 2, 3, 8, 14, 20, 26, 32):
    b = Board(size)
    while len(b.moves) < n:
        c = rng.randrange(size * size)
        if b.cells[c] == 0:
            b.play(c)
    boards.append(b)
players = {k: create_player(v) for k, v in configs.items()}
for p in players.values():
    p.choose_move(boards[0])  # compiles or loads the kernels
total = {k: [0, 0.0] for k in configs}
for _ in range(rounds):
    for b in boards:
        for k, p in players.items():
            t = time.process_time()
            choice = p.choose_move(b)
            total[k][1] += time.process_time() - t
            total[k][0] += choice.snapshot.playouts
moves = rounds * len(boards)
anchor = total["template8@40000"][1]
print(
    f"# {size}x{size}, {rounds} rounds x {len(boards)} positions, {platform.node()}, "
    f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}"
    + (f", pattern configs with {','.join(extras)}" if extras else "")
)
for k, (n, cpu) in total.items():
    print(
        f"{size}x{size} {k:16s} playouts {n:8d} cpu/move {cpu / moves * 1000:7.1f} ms  "
        f"playouts/CPU-s {n / cpu:8.0f}  cpu/anchor {cpu / anchor:6.3f}"
    )

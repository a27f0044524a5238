"""Where a simulation's CPU goes at one playout a leaf: `strong` at two budgets, so that the
slope (CPU a move over playouts a move) is the cost of one descent and its playout, the root
tactics and the rest of a move's fixed cost left out; with the save table's pattern playouts,
with `template` playouts, and with `template` playouts without the pattern priors and without
RAVE too; and the pattern playouts with MoHex's expansion threshold (a leaf grows its
children, and their priors, at its 10th visit instead of its first). The players take turns
position by position in one process (cost.py's positions).

    python descent.py SIZE ROUNDS
"""

import platform
import random
import sys
import time

from hexswarm.engine.board import Board
from hexswarm.engine.players import create_player

size = int(sys.argv[1])
rounds = int(sys.argv[2])
BUDGETS = (3000, 6000)
S = "playout=patterns,playout_table=playout12-team-save-mohex-9x9"
kinds = {
    "patterns": S,
    "patterns, expand_after=10": f"{S},expand_after=10",
    "template": "playout=template",
    "template, no priors": "playout=template,priors=none",
    "template, no priors, no RAVE": "playout=template,priors=none,rave=false",
}
configs = {
    (kind, b): f"strong:seed=1,time_s=none,playouts={b},leaf_playouts=1,{extra}"
    for kind, extra in kinds.items()
    for b in BUDGETS
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
    p.choose_move(boards[0])
total = {k: [0, 0.0] for k in configs}
for _ in range(rounds):
    for b in boards:
        for k, p in players.items():
            t = time.process_time()
            choice = p.choose_move(b)
            total[k][1] += time.process_time() - t
            total[k][0] += choice.snapshot.playouts
print(
    f"# {size}x{size}, {rounds} rounds x {len(boards)} positions, {platform.node()}, "
    f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}"
)
for kind in kinds:
    (n0, t0), (n1, t1) = total[(kind, BUDGETS[0])], total[(kind, BUDGETS[1])]
    slope = (t1 - t0) / (n1 - n0)
    fixed = (t0 - slope * n0) / (rounds * len(boards))
    print(
        f"{size}x{size} {kind:30s} us a descent and its playout {slope * 1e6:6.2f}  "
        f"fixed ms a move {fixed * 1000:6.1f}  (cpu {t0:.2f} s / {n0} playouts, "
        f"{t1:.2f} s / {n1})"
    )

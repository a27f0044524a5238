"""Sweep: test_searchers_swap_a_strong_opening_and_not_a_weak_one over seeds."""

import sys

from hexswarm.engine.board import SWAP_PIECES, Board
from hexswarm.engine.players import create_player

QUICK = {
    "mc": "mc:playouts_per_move=3000",
    "mcsds": "mcsds:agents=3000,iterations=30",
    "sdst": "sdst:agents=20000,iterations=30",
    "uct": "uct:playouts=20000",
}
strong = Board(5, swap_rule=True)
strong.play("c3")
weak = Board(5, swap_rule=True)
weak.play("a1")
names = sys.argv[1].split(",")
seeds = range(int(sys.argv[2]), int(sys.argv[3]))
fails = {}
for name in names:
    for seed in seeds:
        s = create_player(QUICK[name], seed=seed).choose_move(strong).move == SWAP_PIECES
        w = create_player(QUICK[name], seed=seed).choose_move(weak).move != SWAP_PIECES
        if not (s and w):
            fails.setdefault(name, []).append((seed, s, w))
    print(name, len(seeds), "fail:", fails.get(name, []), flush=True)

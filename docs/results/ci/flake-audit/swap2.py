"""Sweep the swap test for one spec: seeds a..b, threads t."""

import sys

from hexswarm.engine.board import SWAP_PIECES, Board
from hexswarm.engine.players import create_player

spec, a, b, t = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
strong = Board(5, swap_rule=True)
strong.play("c3")
weak = Board(5, swap_rule=True)
weak.play("a1")
fails = []
for seed in range(a, b):
    s = create_player(f"{spec},seed={seed},threads={t}").choose_move(strong).move == SWAP_PIECES
    w = create_player(f"{spec},seed={seed},threads={t}").choose_move(weak).move != SWAP_PIECES
    if not (s and w):
        fails.append((seed, s, w))
print(spec, f"threads={t}", f"seeds {a}..{b - 1}:", len(fails), "fail", fails, flush=True)

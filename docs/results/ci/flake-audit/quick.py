"""Sweep the seeded tactical tests of test_players over seeds a..b at threads t (QUICK specs)."""

import sys

from hexswarm.engine.board import Board
from hexswarm.engine.players import create_player

QUICK = {
    "mc": "mc:playouts_per_move=300",
    "mcsds": "mcsds:agents=3000,iterations=30",
    "sdst": "sdst:agents=6000,iterations=30",
    "uct": "uct:playouts=20000",
}
a, b, t = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])


def threat(black_to_move):
    board = Board(5)
    white = ["a1", "e5", "a5"] + ([] if not black_to_move else ["e1"])
    board.setup(
        black=["c1", "c2", "c4", "c5"], white=white, to_move="black" if black_to_move else "white"
    )
    return board


cases = []
win = threat(True)
block = threat(False)
for n in ("mc", "mcsds", "sdst", "uct"):
    cases.append((f"win_in_one/{n}", n, win, {win.cell_index("c3")}))
for n in ("sdst", "uct"):
    cases.append((f"threat_blocked/{n}", n, block, {block.cell_index("c3")}))
b3 = Board(3)
for n in ("mcsds", "sdst", "uct"):
    cases.append(
        (f"3x3_opening/{n}", n, b3, {b3.cell_index(c) for c in ("a2", "a3", "b2", "c1", "c2")})
    )
b4 = Board(4)
for n in ("sdst", "uct"):
    cases.append((f"4x4_opening/{n}", n, b4, {b4.cell_index(c) for c in ("a4", "b3", "c2", "d1")}))
for name, level, board, good in cases:
    bad = [
        s
        for s in range(a, b)
        if create_player(f"{QUICK[level]},seed={s},threads={t}").choose_move(board).move not in good
    ]
    print(name, f"threads={t} seeds {a}..{b - 1}:", len(bad), "fail", bad, flush=True)

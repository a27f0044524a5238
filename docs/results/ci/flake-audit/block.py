"""Sweep: test_every_level_with_win_playouts_blocks_the_only_threat over seeds."""

import sys

from hexswarm.engine.board import Board
from hexswarm.engine.players import create_player

SEARCHING_LEVELS = {
    "mc": "mc:playouts_per_move=30",
    "mcsds": "mcsds:agents=300,iterations=4",
    "sdst": "sdst:agents=300,iterations=4",
    "uct": "uct:playouts=300",
}
board = Board.from_rows(
    """
        . . . B
        W W W .
        . B . .
        . B . .
        """,
    to_move="black",
)
expected = board.cell_index("d2")
seeds = range(int(sys.argv[1]), int(sys.argv[2]))
for level in sorted(SEARCHING_LEVELS):
    bad = [
        s
        for s in seeds
        if create_player(f"{SEARCHING_LEVELS[level]},threads=1,playout=win,seed={s}")
        .choose_move(board)
        .move
        != expected
    ]
    print(level, len(seeds), "fail:", bad, flush=True)

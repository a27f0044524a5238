"""`strong`'s playouts a move at 1 s on 9x9, one thread, under the machine's load as it is:
a few positions of an opening, one line each (stones, playouts, seconds, load average)."""

import os
import time

from hexswarm.engine.board import Board
from hexswarm.engine.players import create_player

board = Board(9)
player = create_player("strong:seed=1,threads=1")
for name in ["e5", "c7", "d3", "f4", "g3", "b8"]:
    start = time.perf_counter()
    choice = player.choose_move(board)
    playouts = choice.snapshot.playouts if choice.snapshot else None
    seconds = round(time.perf_counter() - start, 2)
    print(len(board.moves), playouts, seconds, os.getloadavg()[0], flush=True)
    board.play(name)

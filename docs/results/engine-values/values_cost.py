"""How long the commands that give MoHex's values with its move take (the application's
``ExternalEnginePlayer(..., move_values=True)``), command by command, in a MoHex self-play game.

    nice -n 19 python docs/results/engine-values/values_cost.py SIZE GAMES MOVES > OUT.jsonl

One JSON line a move (its cell, the wall time of ``choose_move``, each command sent with its
seconds, the estimate and candidates returned), then one line with the machine and the load.
MoHex is ``/work/mohex/mohex-gtp.sh --games GAMES --seed 1`` (one thread).
"""

import json
import os
import platform
import sys
import time

from hexswarm.engine.board import Board
from hexswarm.engine.players.external import EngineConfig, ExternalEnginePlayer

size, games, moves = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
command = f"/work/mohex/mohex-gtp.sh --games {games} --seed 1"
engine = ExternalEnginePlayer(
    EngineConfig("MoHex", command, move_timeout_s=600), start_timeout_s=120, move_values=True
)
engine.start()
client = engine._client
send = client.send
log: list[tuple[str, float]] = []


def timed(text, *args, **kwargs):
    started = time.perf_counter()
    try:
        return send(text, *args, **kwargs)
    finally:
        log.append((text.split()[0], time.perf_counter() - started))


client.send = timed
board = Board(size)
for number in range(1, moves + 1):
    del log[:]
    started = time.perf_counter()
    choice = engine.choose_move(board)
    total = time.perf_counter() - started
    final = choice.snapshot
    row = {
        "move": number,
        "cell": board.cell_name(choice.move),
        "total_s": round(total, 4),
        "commands": [(word, round(seconds, 5)) for word, seconds in log],
        "estimate": None if final is None else round(final.estimate, 3),
        "candidates": None if final is None else len(final.root_moves),
        "visits": None if final is None else final.playouts,
    }
    print(json.dumps(row), flush=True)
    board.play(choice.move)
    if board.is_over:
        break
engine.close()
machine = {
    "size": size,
    "games": games,
    "command": command,
    "load": os.getloadavg(),
    "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
    "machine": platform.machine(),
    "cpus": os.cpu_count(),
}
print(json.dumps(machine))

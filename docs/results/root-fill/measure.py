"""What root_fill changes in a game, and its cost a playout (docs/results/root-fill/README.md).

    python docs/results/root-fill/measure.py GAMES SIZE PLAYOUTS SEED

1. GAMES games, ``strong:playouts=PLAYOUTS,time_s=none,root_fill=true`` (A) against the same
   without root_fill (B), colours alternating, two random opening stones from SEED: for each
   side, the cells the fill-in places at its moves and how often a kept tree is reused
   (``reused_visits`` > 0 in the final snapshot).
2. The cost: on every third position of those games where the fill-in places a stone, both
   searches (``tactics=off``, ``reuse=false``, so the same budget and no analysis) alternate,
   twice each, CPU time (``time.process_time``) per playout; and the fill-in's own CPU time.
   CPU time, not wall time: under load both still share the cache with other processes.
"""

from __future__ import annotations

import datetime
import os
import platform
import statistics
import sys
import time

import numpy as np
from hexswarm.engine.analysis.inferior import inferior_cells
from hexswarm.engine.board import EMPTY, Board
from hexswarm.engine.players import create_player


def added_cells(board: Board) -> int:
    inferior = inferior_cells(board)
    if inferior.winner is not None:
        return -1
    return int(np.count_nonzero((board.cells == EMPTY) & (inferior.filled != EMPTY)))


def main(games: int, size: int, playouts: int, seed: int) -> None:
    base = f"strong:playouts={playouts},time_s=none"
    print(
        f"# {datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC, {platform.node()}, "
        f"{platform.processor() or platform.machine()}, load average {os.getloadavg()}"
    )
    print(f"# A = {base},root_fill=true; B = {base}; {games} games on {size}x{size}, seed {seed}")
    rng = np.random.default_rng(seed)
    stats = {"A": {"moves": 0, "reused": 0, "filled": []}, "B": {"moves": 0, "reused": 0}}
    positions = []
    for game in range(games):
        players = {
            "A": create_player(f"{base},root_fill=true,seed={seed + game}"),
            "B": create_player(f"{base},seed={seed + game}"),
        }
        order = ("A", "B") if game % 2 == 0 else ("B", "A")
        board = Board(size)
        for cell in rng.choice(size * size, 2, replace=False):
            board.play(int(cell))
        turn = 0
        while not board.is_over:
            side = order[turn % 2]
            filled = added_cells(board)
            if filled > 0:
                positions.append(board.copy())
            choice = players[side].choose_move(board)
            snapshot = choice.snapshot
            stats[side]["moves"] += 1
            if snapshot is not None and snapshot.extra.get("reused_visits", 0) > 0:
                stats[side]["reused"] += 1
            if side == "A" and filled >= 0:
                stats["A"]["filled"].append(filled)
            board.play(choice.move)
            turn += 1
        a_colour = "black" if order[0] == "A" else "white"
        print(f"game {game + 1}: {board.winner.value} won, A was {a_colour}")
    for side in ("A", "B"):
        s = stats[side]
        print(
            f"{side}: {s['moves']} moves, a kept tree reused at {s['reused']} "
            f"({s['reused'] / max(1, s['moves']):.2f})"
        )
    filled = stats["A"]["filled"]
    print(
        f"A's positions: cells the fill-in places, mean {statistics.mean(filled):.2f}, "
        f"max {max(filled)}, at least one in {sum(f > 0 for f in filled)} of {len(filled)}"
    )

    sample = positions[::3]
    per_playout = {"plain": [], "fill": []}
    fill_ms = []
    specs = {
        "plain": f"{base},tactics=off,reuse=false,seed=1",
        "fill": f"{base},tactics=off,reuse=false,seed=1,root_fill=true",
    }
    for i, board in enumerate(sample):
        start = time.process_time()
        inferior_cells(board)
        fill_ms.append(1000 * (time.process_time() - start))
        for rep in range(2):
            for name in ("plain", "fill") if (i + rep) % 2 == 0 else ("fill", "plain"):
                player = create_player(specs[name])
                start = time.process_time()
                snapshot = player.choose_move(board).snapshot
                spent = time.process_time() - start
                per_playout[name].append(1e6 * spent / max(1, snapshot.playouts))
    plain, fill = (np.array(per_playout[k]) for k in ("plain", "fill"))
    ratio = fill / plain
    print(
        f"cost on {len(sample)} positions, 2 paired runs each: CPU us a playout, median "
        f"plain {np.median(plain):.2f}, fill {np.median(fill):.2f} (the fill-in included); "
        f"fill/plain median {np.median(ratio):.3f}, quartiles "
        f"{np.percentile(ratio, 25):.3f}-{np.percentile(ratio, 75):.3f}"
    )
    print(f"the fill-in alone: median {statistics.median(fill_ms):.1f} ms CPU a position")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:5]))

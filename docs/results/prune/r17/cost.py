"""Playouts a CPU-second of `strong` with each pruning option of the tree against `strong` as
shipped, in one process, the players taking turns position by position (ABBA order each
round, so drift in the load falls on both alike), all at a fixed budget a move.

    python cost.py SGF_DIR ROUNDS BUDGET OPTION ...

Positions: the empty 9x9 board, then the boards after moves 10, 20 and 30 of the first games
of SGF_DIR still open there (10 positions), less those the root tactics decide without a
search. Time is process CPU time (``time.process_time``),
so other sessions' load counts only through the cache and the clock rate."""

import platform
import sys
import time
from pathlib import Path

from hexswarm.engine.players import create_player
from hexswarm.engine.records.sgf import read_sgf

sgf_dir, rounds, budget = Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
options = sys.argv[4:]
games = sorted(sgf_dir.glob("*.sgf"))
boards = [read_sgf(games[0]).board_at(move_number=0)]
labels = ["empty"]
for path in games:
    game = read_sgf(path)
    if len(game.moves()) > 32:
        for n in (10, 20, 30):
            boards.append(game.board_at(move_number=n))
            labels.append(f"{path.stem}@{n}")
    if len(boards) >= 10:
        break
base = f"strong:seed=1,time_s=none,playouts={budget}"
configs = {"strong": base, **{option: f"{base},{option}=true" for option in options}}
players = {k: create_player(v) for k, v in configs.items()}
for p in players.values():
    p.choose_move(boards[0])  # compiles or loads the kernels
# Only positions the search plays (the root tactics decide some middle games at once).
kept = [i for i, b in enumerate(boards) if players["strong"].choose_move(b).snapshot.playouts]
boards, labels = [boards[i] for i in kept], [labels[i] for i in kept]
names = list(configs)
total = {k: [[0, 0.0] for _ in boards] for k in names}
for r in range(rounds):
    for i, b in enumerate(boards):
        order = names if (r + i) % 2 == 0 else names[::-1]
        for k in order:
            t = time.process_time()
            choice = players[k].choose_move(b)
            total[k][i][1] += time.process_time() - t
            total[k][i][0] += choice.snapshot.playouts
print(
    f"# 9x9, {rounds} rounds x {len(boards)} positions, {budget} playouts a move, "
    f"{platform.node()}, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}"
)
print(
    "| position | "
    + " | ".join(f"{k} playouts/CPU-s" for k in names)
    + " | "
    + " | ".join(f"{k} / strong" for k in names[1:])
    + " |"
)
print("|---" * (2 * len(names)) + "|")
rows = list(range(len(boards))) + [None]
for i in rows:

    def rate(k, i=i):
        if i is None:
            n = sum(x[0] for x in total[k])
            cpu = sum(x[1] for x in total[k])
        else:
            n, cpu = total[k][i]
        return n / cpu

    label = "all" if i is None else labels[i]
    rates = [rate(k) for k in names]
    print(
        f"| {label} | "
        + " | ".join(f"{x:,.0f}" for x in rates)
        + " | "
        + " | ".join(f"{x / rates[0]:.3f}" for x in rates[1:])
        + " |"
    )

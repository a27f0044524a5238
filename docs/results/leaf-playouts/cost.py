"""CPU time a move of `strong` at several `leaf_playouts` (L) and budgets, the players taking
turns position by position in one process (the method of playout-lab/equal-cpu/cost.py and
speed-r10/cost.py; those scripts hard-code their pattern-playout configs and random-stone
positions, so this one takes L and budgets from the command line and plays real positions).

    python cost.py SIZE ROUNDS SGF_DIR L:P:P ... [--anchor=40000] [--with=KEY=VALUE,...]

Positions: the empty board, then the boards after moves 10 and 20 (and 30 on 11x11) of the
first games of SGF_DIR still open there, 8 middle-game positions in all. `strong` as shipped
(8 a leaf) at the anchor budget (`--anchor`, default 40 000) is always played. For each L,
the budget that uses the anchor's CPU a move is read off the straight line through that L's
first and last budgets (CPU a move is linear in the budget: the root tactics and the rest of
a move's fixed cost are its intercept). ``--with`` adds settings to every player but the
anchor (round 13: ``--with=intrusion_bonus=40``, docs/results/intrusion-priors/).
"""

import platform
import sys
import time
from pathlib import Path

from hexswarm.engine.players import create_player
from hexswarm.engine.records.sgf import read_sgf

anchors = [int(a.removeprefix("--anchor=")) for a in sys.argv[1:] if a.startswith("--anchor=")]
anchor_budget = anchors[-1] if anchors else 40000
extras = [a.removeprefix("--with=") for a in sys.argv[1:] if a.startswith("--with=")]
extra = "".join(f",{e}" for e in extras)
mark = "+" if extra else ""  # a player with the extra settings, never the anchor's name
args = [a for a in sys.argv[1:] if not a.startswith(("--anchor=", "--with="))]
size, rounds, sgf_dir = int(args[0]), int(args[1]), Path(args[2])
wanted = {}
for arg in args[3:]:
    leaf, *budgets = arg.split(":")
    wanted[int(leaf)] = [int(b) for b in budgets]

games = sorted(sgf_dir.glob("*.sgf"))
boards = [read_sgf(games[0]).board_at(move_number=0)]
depths = (10, 20) if size <= 9 else (10, 20, 30)
for path in games:
    game = read_sgf(path)
    found = []
    for n in depths:
        if len(game.moves()) > n + 2:
            found.append(game.board_at(move_number=n))
    if len(found) == len(depths):
        boards.extend(found)
    if len(boards) >= 9:
        break
boards = boards[:9]
assert all(b.size == size and not b.is_over for b in boards)

ANCHOR = f"L8@{anchor_budget}"
configs = {ANCHOR: f"strong:seed=1,time_s=none,playouts={anchor_budget}"}
for leaf, budgets in wanted.items():
    for p in budgets:
        configs[f"L{leaf}@{p}{mark}"] = (
            f"strong:seed=1,time_s=none,playouts={p},leaf_playouts={leaf}{extra}"
        )
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
anchor_ms = total[ANCHOR][1] / moves * 1000
print(
    f"# {size}x{size}, {rounds} rounds x {len(boards)} positions (empty board, moves "
    f"{'/'.join(map(str, depths))} of games in {sgf_dir.name}), {platform.node()}, "
    f"{'players but the anchor with ' + extra[1:] + ', ' if extra else ''}"
    f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}"
)
for k, (n, cpu) in total.items():
    print(
        f"{size}x{size} {k:10s} playouts {n:8d} cpu/move {cpu / moves * 1000:7.1f} ms  "
        f"playouts/CPU-s {n / cpu:8.0f}  cpu/anchor {cpu / total[ANCHOR][1]:6.3f}"
    )
for leaf, budgets in wanted.items():
    (p1, p2) = budgets[0], budgets[-1]
    m1 = total[f"L{leaf}@{p1}{mark}"][1] / moves * 1000
    m2 = total[f"L{leaf}@{p2}{mark}"][1] / moves * 1000
    slope = (m2 - m1) / (p2 - p1)
    equal = p1 + (anchor_ms - m1) / slope
    print(
        f"{size}x{size} L={leaf:<2d} {slope * 1000:6.2f} us a playout in the search; "
        f"anchor's CPU at {equal:8.0f} playouts a move "
        f"({equal / anchor_budget:5.3f} of {anchor_budget})"
    )

"""Cost of the candidate data (root_values, root_lines) in a snapshot, SDST tree policy and UCT
on 13x13: paired, alternating, in one process."""

import os
import platform
import statistics
import time

from hexswarm.engine.board import Board
from hexswarm.engine.search.environment import hex_environment
from hexswarm.engine.search.limits import SearchLimits
from hexswarm.engine.search.swarm import SwarmConfig, SwarmSearch
from hexswarm.engine.search.uct import UctConfig, UctSearch
from hexswarm.engine.warmup import warm_up

warm_up()
board = Board(13)
for m in ("g7", "f8", "h6", "e9"):
    board.play(board.parse_move(m))
env = hex_environment(board)
print(
    f"# {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {platform.node()}, "
    f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}"
)
for name, search, limits in (
    (
        "sdst tree, 50000 agents, 50 iterations",
        SwarmSearch(SwarmConfig(policy="tree", agents=50000, seed=1)),
        SearchLimits(iterations=50),
    ),
    ("uct, 100000 playouts", UctSearch(UctConfig(seed=1)), SearchLimits(playouts=100_000)),
):
    search.run(env, limits)
    full, extra = [], []
    for _ in range(30):  # alternate: the whole snapshot, then the candidate data alone
        t = time.perf_counter()
        snap = search.snapshot(done=True)
        full.append(time.perf_counter() - t)
        t = time.perf_counter()
        if isinstance(search, SwarmSearch):
            counts, actives = search.root_counts()
            search.root_values(counts, actives)
            search.root_lines(counts, actives)
        else:
            visits, wins, _ = search.root_stats()
            search.root_lines(visits)
        extra.append(time.perf_counter() - t)
    print(
        f"{name}: snapshot() median {1000 * statistics.median(full):.2f} ms "
        f"(p90 {1000 * sorted(full)[26]:.2f}); candidate data (root_values+root_lines) median "
        f"{1000 * statistics.median(extra):.2f} ms; {len(snap.root_lines)} lines, "
        f"lengths {[len(l) for l in snap.root_lines]}"
    )

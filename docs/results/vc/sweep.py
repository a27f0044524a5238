"""The limits of H-search (this branch's rules), one setting a line: on the 14 mistakes, which
positions get a must-play region from the root analysis (``analyse`` at ``ANALYSIS_STEPS``),
and the CPU milliseconds of one H-search call per colour on 10 random middle games of 9x9 and
13x13 (``analysis_bench.middle_games``, seed 1): median and maximum.

    python docs/results/vc/sweep.py > docs/results/vc/sweep.txt
"""

from __future__ import annotations

import os
import platform
import statistics
import time

import hexswarm.engine.analysis.connections as connections
from hexswarm.engine.analysis.inferior import inferior_cells
from hexswarm.engine.analysis.root import analyse
from hexswarm.engine.players.tactics import ANALYSIS_STEPS
from hexswarm.engine.tools.analysis_bench import middle_games
from hexswarm.engine.tools.tactics_suite import load_suite

# MAX_CARRIER, FULL_LIMIT, SEMI_LIMIT, OR_STEPS
SETTINGS = [
    (24, 8, 16, 64),  # the limits before round 9
    (40, 8, 16, 64),
    (24, 16, 32, 64),
    (40, 12, 24, 64),
    (40, 16, 24, 64),
    (40, 16, 32, 16),
    (40, 16, 32, 64),  # kept
    (60, 16, 32, 256),
]


def main() -> None:
    print(
        f"# {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {platform.machine()}, "
        f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at start (under load)"
    )
    positions = load_suite("docs/results/mistakes/all-mistakes.json")
    boards = [(b, inferior_cells(b).filled) for s in (9, 13) for b in middle_games(1, s, 10)]
    print(
        "| MAX_CARRIER, FULL_LIMIT, SEMI_LIMIT, OR_STEPS | regions of 14 | positions with a "
        "region | 9x9 ms median / max | 13x13 ms median / max |"
    )
    print("|---|---:|---|---|---|")
    for setting in SETTINGS:
        names = ("MAX_CARRIER", "FULL_LIMIT", "SEMI_LIMIT", "OR_STEPS")
        for name, value in zip(names, setting, strict=True):
            setattr(connections, name, value)
        found = [
            p.id.removeprefix("mistake-")
            for p in positions
            if analyse(p.board(), ANALYSIS_STEPS).must_play is not None
        ]
        times: dict[int, list[float]] = {9: [], 13: []}
        for board, filled in boards:
            for color in (board.to_move, board.to_move.opponent):
                started = time.process_time()
                connections.h_search(filled, board.size, color)
                times[board.size].append(1000 * (time.process_time() - started))
        cost = " | ".join(
            f"{statistics.median(t):.0f} / {max(t):.0f}" for t in (times[9], times[13])
        )
        print(f"| {setting} | {len(found)} | {' '.join(found)} | {cost} |", flush=True)


if __name__ == "__main__":
    main()

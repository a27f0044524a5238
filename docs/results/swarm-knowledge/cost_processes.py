"""CPU seconds per playout of two levels' searches, each in processes of its own, alternating.

    python cost_processes.py SPEC_A SPEC_B [ROUNDS]

Both specs run in this checkout (its ``.venv``; ``NUMBA_CACHE_DIR`` as set). Round 0 loads
(or compiles) the kernels and is not counted; then each round runs one process per spec, in
alternating order: it builds the level's player (``reuse=false``, ``tactics=off``: the search
alone, from scratch, at every position), searches the first position once to warm up, then
times its moves on every position of ``POSITIONS`` (CPU time, ``time.process_time``) and
counts their playouts. The table gives each spec's median CPU microseconds per playout over
the rounds and the median of the rounds' ratios (B / A). Why processes and not one process
for both: see docs/results/startup/speed_processes.py (the order and the memory of one
process biased a one-process A/B by as much as 1.3-1.5x).

The positions are from the 9x9 games of docs/results/rave/strong-rave-vs-strong-20k (their
two opening stones, then every tenth move up to move 40).
"""

import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
GAMES = HERE.parent / "rave" / "strong-rave-vs-strong-20k"
POSITIONS = [(game, moves) for game in (1, 2, 3, 4) for moves in (2, 10, 20, 30, 40)]


def positions():
    from hexswarm.engine.records.sgf import read_sgf

    boards = []
    for game, moves in POSITIONS:
        record = read_sgf(GAMES / f"game-{game:04d}.sgf")
        line = record.main_line()
        if moves < len(line):
            board = record.board_at(line[moves])
            if board.winner is None:
                boards.append(board)
    return boards


def child(spec: str) -> None:
    """Warm up and time every position once in this process; print JSON."""
    from hexswarm.engine.players import create_player

    player = create_player(f"{spec},reuse=false,tactics=off,seed=1")
    boards = positions()
    player.choose_move(boards[0])  # load (or compile) and warm up
    cpu = 0.0
    playouts = 0
    for board in boards:
        start = time.process_time()
        choice = player.choose_move(board)
        cpu += time.process_time() - start
        playouts += int(choice.snapshot.playouts)
    print(json.dumps({"us_per_playout": cpu / playouts * 1e6, "playouts": playouts,
                      "positions": len(boards)}))  # fmt: skip


def run_child(spec: str) -> dict:
    out = subprocess.run(
        [sys.executable, __file__, "--child", spec], check=True, capture_output=True, text=True
    ).stdout
    return json.loads(out.strip().splitlines()[-1])


def main() -> None:
    if sys.argv[1] == "--child":
        child(sys.argv[2])
        return
    specs = {"A": sys.argv[1], "B": sys.argv[2]}
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    for side in specs:  # round 0: fill the cache
        run_child(specs[side])
    print(f"# round 0 (cache filled) done; NUMBA_CACHE_DIR={os.environ.get('NUMBA_CACHE_DIR')}")
    times: dict[str, list[float]] = {"A": [], "B": []}
    played: dict[str, set[int]] = {"A": set(), "B": set()}
    for round_ in range(rounds):
        order = ["A", "B"] if round_ % 2 == 0 else ["B", "A"]
        for side in order:
            result = run_child(specs[side])
            times[side].append(result["us_per_playout"])
            played[side].add(result["playouts"])
        print(f"# round {round_ + 1} ({' then '.join(order)}): "
              f"A {times['A'][-1]:.3f}, B {times['B'][-1]:.3f} µs/playout", flush=True)  # fmt: skip
    ratios = [b / a for a, b in zip(times["A"], times["B"], strict=True)]
    print("| spec | playouts a process | µs/playout (CPU, median) | rounds |")
    print("|---|---:|---:|---|")
    for side in specs:
        print(f"| A: `{specs[side]}` |".replace("A:", f"{side}:") +
              f" {', '.join(map(str, sorted(played[side])))} |"
              f" {statistics.median(times[side]):.3f} |"
              f" {' '.join(f'{t:.2f}' for t in times[side])} |")  # fmt: skip
    print(f"\nB / A (median of the rounds' ratios): {statistics.median(ratios):.3f}; "
          f"ratios {' '.join(f'{r:.3f}' for r in ratios)}")  # fmt: skip


if __name__ == "__main__":
    main()

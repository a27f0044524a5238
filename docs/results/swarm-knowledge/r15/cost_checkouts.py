"""CPU microseconds a playout of one level's search in two checkouts, each in processes of its
own, alternating (round 15, helper ant15: a change meant to keep the draws identical, timed
against the code before it), with a digest of every search's root visits to show the draws
are the same.

    python cost_checkouts.py OLD_DIR NEW_DIR SPEC [ROUNDS]

Each checkout runs with its own ``.venv`` and ``.numba-cache``. Round 0 loads (or compiles)
the kernels and is not counted. A child builds the level's player (``reuse=false``,
``tactics=off``, ``seed=1``), searches the first position once to warm up, then times its
moves on the positions of ``../cost_processes.py`` (CPU time) and hashes the root visits of
every search. The table gives each checkout's median and the median of the rounds' ratios
(NEW / OLD).
"""

import hashlib
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))


def child(spec: str) -> None:
    from cost_processes import positions
    from hexswarm.engine.players import create_player

    player = create_player(f"{spec},reuse=false,tactics=off,seed=1")
    boards = positions()
    player.choose_move(boards[0])
    cpu = 0.0
    playouts = 0
    digest = hashlib.sha256()
    for board in boards:
        start = time.process_time()
        choice = player.choose_move(board)
        cpu += time.process_time() - start
        playouts += int(choice.snapshot.playouts)
        digest.update(json.dumps([int(v) for v in choice.snapshot.extra["root_visits"]]).encode())
    print(json.dumps({"us_per_playout": cpu / playouts * 1e6, "playouts": playouts,
                      "visits": digest.hexdigest()[:16]}))  # fmt: skip


def run_child(checkout: str, spec: str) -> dict:
    env = dict(os.environ, NUMBA_CACHE_DIR=f"{checkout}/.numba-cache")
    out = subprocess.run(
        [f"{checkout}/.venv/bin/python", __file__, "--child", spec],
        check=True, capture_output=True, text=True, env=env, cwd=checkout,
    ).stdout  # fmt: skip
    return json.loads(out.strip().splitlines()[-1])


def main() -> None:
    if sys.argv[1] == "--child":
        child(sys.argv[2])
        return
    sides = {"OLD": sys.argv[1], "NEW": sys.argv[2]}
    spec = sys.argv[3]
    rounds = int(sys.argv[4]) if len(sys.argv) > 4 else 5
    for side in sides:
        run_child(sides[side], spec)
    print("# round 0 (caches filled) done")
    times: dict[str, list[float]] = {s: [] for s in sides}
    seen: dict[str, set[str]] = {s: set() for s in sides}
    for round_ in range(rounds):
        order = ["OLD", "NEW"] if round_ % 2 == 0 else ["NEW", "OLD"]
        for side in order:
            result = run_child(sides[side], spec)
            times[side].append(result["us_per_playout"])
            seen[side].add(f"{result['playouts']} playouts, visits {result['visits']}")
        print(f"# round {round_ + 1} ({' then '.join(order)}): OLD {times['OLD'][-1]:.3f}, "
              f"NEW {times['NEW'][-1]:.3f} µs/playout", flush=True)  # fmt: skip
    ratios = [n / o for o, n in zip(times["OLD"], times["NEW"], strict=True)]
    print(f"spec `{spec}`\n")
    print("| checkout | searches | µs/playout (CPU, median) | rounds |")
    print("|---|---|---:|---|")
    for side, path in sides.items():
        print(f"| {side} {path} | {'; '.join(sorted(seen[side]))} |"
              f" {statistics.median(times[side]):.3f} |"
              f" {' '.join(f'{t:.2f}' for t in times[side])} |")  # fmt: skip
    print(f"\nNEW / OLD (median of the rounds' ratios): {statistics.median(ratios):.3f}; "
          f"ratios {' '.join(f'{r:.3f}' for r in ratios)}")  # fmt: skip


if __name__ == "__main__":
    main()

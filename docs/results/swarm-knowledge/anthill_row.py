"""The benchmark's anthill row at fixed work (``hexswarm-bench``'s ``anthill(tests=64,leaf=8)``:
an empty 7x7 board, uniform playouts, 100 000 playouts, seed 1), one process per checkout and
round, the checkouts alternating (their order reversed every round), CPU time.

    python anthill_row.py ROUNDS LABEL=CHECKOUT [LABEL=CHECKOUT ...]

Each checkout runs with its own ``.venv`` and numba cache (``CHECKOUT/.numba-row-cache``);
round 0 fills the caches and is not counted. A child warms up on 2 000 playouts, then times the
search; it prints its CPU seconds, playouts a CPU second and a checksum of the root's visits
(equal checksums: the same draws). The table: each checkout's median over the rounds and the
median ratio of its CPU time to the first checkout's, round by round.
"""

import json
import os
import statistics
import subprocess
import sys
import time


def child() -> None:
    from hexswarm.engine.board import Board
    from hexswarm.engine.search.anthill import AnthillConfig, AnthillSearch
    from hexswarm.engine.search.environment import hex_environment
    from hexswarm.engine.search.limits import SearchLimits

    env = hex_environment(Board(7))
    config = AnthillConfig(seed=1, tests=64, leaf_playouts=8)
    AnthillSearch(config).run(env, SearchLimits(playouts=2_000))
    search = AnthillSearch(config)
    start = time.process_time()
    search.run(env, SearchLimits(playouts=100_000))
    cpu = time.process_time() - start
    visits = search.trees[0].visits
    kids = search.trees[0].children(0)
    checksum = sum((i + 1) * int(visits[c]) for i, c in enumerate(kids))
    print(json.dumps({"cpu": cpu, "rate": search.playouts / cpu, "checksum": checksum}))


def run(checkout: str) -> dict:
    env = dict(os.environ, NUMBA_CACHE_DIR=os.path.join(checkout, ".numba-row-cache"))
    out = subprocess.run(
        [os.path.join(checkout, ".venv/bin/python"), __file__, "--child"],
        check=True, capture_output=True, text=True, env=env, cwd=checkout,
    ).stdout  # fmt: skip
    return json.loads(out.strip().splitlines()[-1])


def main() -> None:
    if sys.argv[1] == "--child":
        child()
        return
    rounds = int(sys.argv[1])
    sides = dict(arg.split("=", 1) for arg in sys.argv[2:])
    for label, checkout in sides.items():
        print(f"# round 0 {label}: {run(checkout)}", flush=True)
    cpu: dict[str, list[float]] = {label: [] for label in sides}
    sums: dict[str, set[int]] = {label: set() for label in sides}
    labels = list(sides)
    for r in range(rounds):
        order = labels if r % 2 == 0 else labels[::-1]
        for label in order:
            result = run(sides[label])
            cpu[label].append(result["cpu"])
            sums[label].add(result["checksum"])
        print(f"# round {r + 1}: " + ", ".join(f"{k} {cpu[k][-1]:.2f} s" for k in labels),
              flush=True)  # fmt: skip
    first = labels[0]
    print(
        "| checkout | CPU s (median) | playouts/CPU s | CPU / first's (median ratio) | checksums |"
    )
    print("|---|---:|---:|---:|---|")
    for label in labels:
        ratio = statistics.median(c / f for c, f in zip(cpu[label], cpu[first], strict=True))
        median = statistics.median(cpu[label])
        print(f"| {label} | {median:.2f} | {100_000 / median / 1000:.0f} k | {ratio:.3f} | "
              f"{' '.join(map(str, sorted(sums[label])))} |")  # fmt: skip


if __name__ == "__main__":
    main()

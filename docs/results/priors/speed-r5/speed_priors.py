"""Playouts per second of `strong`'s search with each kind of priors, two checkouts, each in
processes of its own (its own NUMBA_CACHE_DIR), alternating (the method of
docs/results/startup/speed_processes.py: two copies of the code in one process are biased).

    python speed_priors.py BASE_PYTHON NEW_PYTHON [ROUNDS [PLAYOUTS]]

``BASE_PYTHON`` and ``NEW_PYTHON`` are the interpreters of two installed checkouts. Round 0
fills both caches and is not counted; then each round runs one process per checkout, in
alternating order. A process searches, for each position (the empty 9x9 board and two seeded
middle-game positions) and each priors setting (none, ``hex6-mohex-9x9``,
``hex12-mohex-9x9-296g``), once to warm up and once timed (CPU time, ``PLAYOUTS`` playouts,
`strong`'s search settings: RAVE, 8 `template` playouts a leaf, seed 1). Both checkouts must
find the same root statistics (checked: the priors' values and the generator's draws are the
same). The table: each checkout's median playouts per second (CPU) and the median of the
rounds' ratios of time a playout (new / base).
"""

import hashlib
import json
import os
import statistics
import subprocess
import sys
import time

POSITIONS = {"empty": 0, "16 moves": 16, "30 moves": 30}
PRIORS = ("none", "hex6-mohex-9x9", "hex12-mohex-9x9-296g")
CASES = [(p, q) for p in POSITIONS for q in PRIORS]


def position(depth, seed=5):
    import numpy as np
    from hexswarm.engine.board import Board

    rng = np.random.default_rng(seed)
    board = Board(9)
    while len(board.moves) < depth:
        board.play(int(rng.choice(np.flatnonzero(board.cells == 0))))
        if board.winner is not None:
            board.undo()
    return board


def searches():
    """(position name, priors setting, a function making a fresh search, its environment)
    for every case, in CASES' order: `strong`'s search settings, the position's last move as
    the priors' last move."""
    from hexswarm.engine.knowledge import playout_policy
    from hexswarm.engine.search.environment import hex_environment
    from hexswarm.engine.search.uct import UctConfig, UctSearch

    policy = playout_policy("template")
    for name, depth in POSITIONS.items():
        board = position(depth)
        last = int(board.moves[-1].cell) if board.moves else -1
        env = hex_environment(board, policy)
        for priors in PRIORS:
            table = None if priors == "none" else priors
            config = UctConfig(rave=True, leaf_playouts=8, seed=1, priors=table)
            yield name, priors, lambda c=config, k=last: UctSearch(c, last_cell=k), env


def child(playouts: int) -> None:
    """Warm up and time every case once in this process; print JSON."""
    from hexswarm.engine.search.limits import SearchLimits

    results = {}
    for name, priors, new_search, env in searches():
        new_search().run(env, SearchLimits(playouts=2_000))
        search = new_search()
        cpu = time.process_time()
        search.run(env, SearchLimits(playouts=playouts))
        seconds = time.process_time() - cpu
        tree = search.trees[0]
        kids = tree.children(0)
        outcome = hashlib.sha256(
            repr([(int(tree.visits[c]), int(tree.wins[c])) for c in kids]).encode()
        ).hexdigest()[:16]
        results[f"{name} {priors}"] = [playouts / seconds, outcome, tree.node_count]
    print(json.dumps(results))


def run_child(python: str, cache: str, playouts: int) -> dict:
    env = dict(os.environ, NUMBA_CACHE_DIR=cache)
    out = subprocess.run(
        [python, __file__, "--child", str(playouts)],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return json.loads(out.strip().splitlines()[-1])


def main() -> None:
    if sys.argv[1] == "--child":
        child(int(sys.argv[2]))
        return
    pythons = {"base": sys.argv[1], "new": sys.argv[2]}
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 7
    playouts = int(sys.argv[4]) if len(sys.argv) > 4 else 40_000
    caches = {
        side: os.environ.get(f"{side.upper()}_CACHE", f"/tmp/speed-priors-{side}-cache")
        for side in pythons
    }
    with open("/proc/loadavg") as file:
        load = " ".join(file.read().split()[:3])
    now = time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime())
    print(f"# {now}, load average {load}, {rounds} rounds, {playouts} playouts a search")
    for side in pythons:  # round 0: fill the caches
        run_child(pythons[side], caches[side], 2_000)
    print("# round 0 (caches filled) done", flush=True)
    rates = {(side, case): [] for side in pythons for case in CASES}
    nodes = {}
    for round_ in range(rounds):
        order = ["base", "new"] if round_ % 2 == 0 else ["new", "base"]
        results = {side: run_child(pythons[side], caches[side], playouts) for side in order}
        for case in CASES:
            key = " ".join(case)
            if results["base"][key][1:] != results["new"][key][1:]:
                raise SystemExit(f"{key}: the checkouts' searches differ")
            nodes[case] = results["base"][key][2]
            for side in pythons:
                rates[side, case].append(results[side][key][0])
        with open("/proc/loadavg") as file:
            load = " ".join(file.read().split()[:3])
        print(f"# round {round_ + 1} done, load average {load}", flush=True)
    print(
        "| position | priors | nodes | base playouts/s (CPU) | new playouts/s (CPU) "
        "| new/base time a playout (median of rounds) | ratios |"
    )
    print("|---|---|---:|---:|---:|---:|---|")
    for case in CASES:
        base, new = rates["base", case], rates["new", case]
        ratios = [b / n for n, b in zip(new, base, strict=True)]
        print(
            f"| {case[0]} | {case[1]} | {nodes[case]} | {statistics.median(base):.0f} "
            f"| {statistics.median(new):.0f} | {statistics.median(ratios):.3f} "
            f"| {' '.join(f'{r:.2f}' for r in ratios)} |"
        )
    # Each checkout's cost of each priors setting against none, paired within a process.
    print()
    print("| position | priors | base: time a playout against none | new: against none |")
    print("|---|---|---:|---:|")
    for name in POSITIONS:
        for priors in PRIORS[1:]:
            cells = []
            for side in pythons:
                none = rates[side, (name, "none")]
                with_ = rates[side, (name, priors)]
                cells.append(statistics.median(a / b for a, b in zip(none, with_, strict=True)))
            print(f"| {name} | {priors} | {cells[0]:.3f} | {cells[1]:.3f} |")


if __name__ == "__main__":
    main()

"""CPU seconds per playout of two checkouts, each in processes of its own, alternating.

    python speed_processes.py BASE_PYTHON NEW_PYTHON [ROUNDS]

``BASE_PYTHON`` and ``NEW_PYTHON`` are the interpreters of two installed checkouts (each its
own venv with ``pip install -e .``; each keeps its own ``NUMBA_CACHE_DIR``, see
``speed_processes.sh``). Round 0 fills both caches and is not counted; then each round runs one
process per checkout, in alternating order, which loads the kernels, runs every workload of
``policy_branch.py`` once to warm up and once timed. The table gives each checkout's median CPU
microseconds per playout and the median of the rounds' ratios (new / base); both run the same
seeds and their results must be equal (checked).

Why not both in one process (``policy_branch.py``): with the same ``engine/`` loaded twice
(main against main, ``aa-in-one-process.txt``) the package imported as ``hexswarm`` ran the
searches 1.3-1.5x slower than its copy ``hexswarm_base``: a bias of the method, as large as
the differences it was used to measure.
"""

import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
CASES = [(policy, name) for policy in ("uniform", "template") for name in
         ("playouts", "mcsds", "sdst", "uct")]  # fmt: skip


def child() -> None:
    """Warm up and time every case once in this process; print JSON."""
    sys.path.insert(0, str(HERE))
    from policy_branch import version

    workloads = version("hexswarm")
    results = {}
    for policy, name in CASES:
        run = workloads(policy)[name]
        run()  # load (or compile) and warm up
        cpu = time.process_time()
        playouts, outcome = run()
        seconds = time.process_time() - cpu
        results[f"{policy} {name}"] = [seconds / playouts * 1e6, repr(outcome)]
    print(json.dumps(results))


def run_child(python: str, cache: str) -> dict:
    env = dict(os.environ, NUMBA_CACHE_DIR=cache)
    out = subprocess.run(
        [python, __file__, "--child"], env=env, check=True, capture_output=True, text=True
    ).stdout
    return json.loads(out.strip().splitlines()[-1])


def main() -> None:
    if sys.argv[1] == "--child":
        child()
        return
    pythons = {"base": sys.argv[1], "new": sys.argv[2]}
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    caches = {side: os.environ.get(f"{side.upper()}_CACHE", f"/tmp/speed-{side}-cache")
              for side in pythons}  # fmt: skip
    for side in pythons:  # round 0: fill the caches
        run_child(pythons[side], caches[side])
    print("# round 0 (caches filled) done", flush=True)
    times = {(side, case): [] for side in pythons for case in CASES}
    for round_ in range(rounds):
        order = ["base", "new"] if round_ % 2 == 0 else ["new", "base"]
        results = {side: run_child(pythons[side], caches[side]) for side in order}
        for case in CASES:
            key = f"{case[0]} {case[1]}"
            if results["base"][key][1] != results["new"][key][1]:
                raise SystemExit(f"{key}: the versions' results differ")
            for side in pythons:
                times[side, case].append(results[side][key][0])
        print(f"# round {round_ + 1} done", flush=True)
    print(
        "| policy | workload | base µs/playout (CPU) | new µs/playout (CPU) "
        "| new/base (median of rounds) | ratios |"
    )
    print("|---|---|---|---|---|---|")
    for case in CASES:
        base, new = times["base", case], times["new", case]
        ratios = [n / b for n, b in zip(new, base, strict=True)]
        print(
            f"| {case[0]} | {case[1]} | {statistics.median(base):.3f} "
            f"| {statistics.median(new):.3f} | {statistics.median(ratios):.3f} "
            f"| {' '.join(f'{r:.2f}' for r in ratios)} |"
        )


if __name__ == "__main__":
    main()

"""CPU seconds per playout of two checkouts, each in processes of its own, alternating.

    python speed_processes.py BASE_PYTHON NEW_PYTHON [ROUNDS] [WORKLOADS]

``BASE_PYTHON`` and ``NEW_PYTHON`` are the interpreters of two installed checkouts (each its
own venv with ``pip install -e .``; each keeps its own ``NUMBA_CACHE_DIR``, see
``speed_processes.sh``). Round 0 fills both caches and is not counted; then each round runs one
process per checkout, in alternating order, which loads the kernels, runs every workload once
to warm up and once timed. The table gives each checkout's median CPU microseconds per
playout and the median and range of the rounds' ratios (new / base); both run the same seeds
and their results must be equal (checked), unless a workload is listed in the file's
``MAY_DIFFER`` (then the table says whether they were).

``WORKLOADS`` is a Python file (run by both checkouts' interpreters, so written against the
API of both) that defines ``COLUMNS`` (the names of a case's parts), ``CASES`` (tuples of
strings), ``workload(case)`` (a function that runs the case once and returns ``(playouts,
outcome)``) and optionally ``MAY_DIFFER``; by default ``policy_branch.py`` (every playout
policy's searches on 9x9; ``../search-api/descent_workloads.py`` is another).

Why not both in one process (``policy_branch.py``): with the same ``engine/`` loaded twice
(main against main, ``aa-in-one-process.txt``) the package imported as ``hexswarm`` ran the
searches 1.3-1.5x slower than its copy ``hexswarm_base``: a bias of the method, as large as
the differences it was used to measure.
"""

import importlib.util
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEFAULT_WORKLOADS = HERE / "policy_branch.py"


def load_workloads(path: str):
    """The workloads file ``path`` as a module (its folder importable, for its helpers)."""
    sys.path.insert(0, str(Path(path).resolve().parent))
    spec = importlib.util.spec_from_file_location("workloads", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def key(case: tuple[str, ...]) -> str:
    return " ".join(case)


def child(path: str) -> None:
    """Warm up and time every case once in this process; print JSON."""
    workloads = load_workloads(path)
    results = {}
    for case in workloads.CASES:
        run = workloads.workload(case)
        run()  # load (or compile) and warm up
        cpu = time.process_time()
        playouts, outcome = run()
        seconds = time.process_time() - cpu
        results[key(case)] = [seconds / playouts * 1e6, repr(outcome)]
    print(json.dumps(results))


def run_child(python: str, cache: str, path: str) -> dict:
    env = dict(os.environ, NUMBA_CACHE_DIR=cache)
    out = subprocess.run(
        [python, __file__, "--child", path], env=env, check=True, capture_output=True, text=True
    ).stdout
    return json.loads(out.strip().splitlines()[-1])


def load_average() -> str:
    with open("/proc/loadavg") as file:
        return " ".join(file.read().split()[:3])


def main() -> None:
    if sys.argv[1] == "--child":
        child(sys.argv[2])
        return
    pythons = {"base": sys.argv[1], "new": sys.argv[2]}
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    path = str(Path(sys.argv[4]).resolve()) if len(sys.argv) > 4 else str(DEFAULT_WORKLOADS)
    workloads = load_workloads(path)
    cases, may_differ = workloads.CASES, set(getattr(workloads, "MAY_DIFFER", ()))
    caches = {side: os.environ.get(f"{side.upper()}_CACHE", f"/tmp/speed-{side}-cache")
              for side in pythons}  # fmt: skip
    for side in pythons:  # round 0: fill the caches
        run_child(pythons[side], caches[side], path)
    print(f"# round 0 (caches filled) done, load {load_average()}", flush=True)
    times = {(side, case): [] for side in pythons for case in cases}
    same = dict.fromkeys(cases, True)
    for round_ in range(rounds):
        order = ["base", "new"] if round_ % 2 == 0 else ["new", "base"]
        results = {side: run_child(pythons[side], caches[side], path) for side in order}
        for case in cases:
            same[case] &= results["base"][key(case)][1] == results["new"][key(case)][1]
            if not same[case] and case not in may_differ:
                raise SystemExit(f"{key(case)}: the versions' results differ")
            for side in pythons:
                times[side, case].append(results[side][key(case)][0])
        done = f"# round {round_ + 1} ({' then '.join(order)}) done"
        print(f"{done}, load {load_average()}", flush=True)
    columns = " | ".join(workloads.COLUMNS)
    print(
        f"| {columns} | base µs/playout (CPU) | new µs/playout (CPU) "
        "| new/base (median of rounds) | min-max | ratios | same results |"
    )
    print("|---" * (len(workloads.COLUMNS) + 6) + "|")
    for case in cases:
        base, new = times["base", case], times["new", case]
        ratios = [n / b for n, b in zip(new, base, strict=True)]
        print(
            f"| {' | '.join(case)} | {statistics.median(base):.3f} "
            f"| {statistics.median(new):.3f} | {statistics.median(ratios):.3f} "
            f"| {min(ratios):.2f}-{max(ratios):.2f} | {' '.join(f'{r:.2f}' for r in ratios)} "
            f"| {'yes' if same[case] else 'no'} |",
            flush=True,
        )


if __name__ == "__main__":
    main()

"""The cold compile of the ``dfpn`` warm-up group alone, two checkouts, each in a fresh process
with an empty numba cache, alternating (issue 28: ``mid``'s work arrays as one named tuple).

    python docs/results/dfpn/compile_dfpn.py BASE_PYTHON NEW_PYTHON [ROUNDS]

``BASE_PYTHON`` and ``NEW_PYTHON`` are the interpreters of two installed checkouts. Each round
runs one process per checkout (base first in odd rounds, new first in even ones); a process
imports the warm-up's modules, then compiles the ``dfpn`` group (``prove`` on a 2x2 board: the
kernels ``connection`` and ``mid`` with their inlined helpers) and reports the CPU seconds of
that compile and numba's compile seconds of each kernel
(``engine.tools.compile_bench.compiled_versions``). The whole ``compile_bench`` (every group,
cold then warm) takes several CPU minutes per checkout, too long for the loaded machine of
this session; the group compiled alone counts every kernel it needs.
"""

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "startup"))
from speed_processes import load_average  # noqa: E402 - the paired speed script's

CHILD = """
import json, time
from hexswarm.engine import warmup
from hexswarm.engine.tools.compile_bench import compiled_versions
runs = warmup._group_runs()  # the imports, outside the timing
cpu, wall = time.process_time(), time.perf_counter()
runs["dfpn"]()
cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
print(json.dumps({"cpu": cpu, "wall": wall, "kernels": compiled_versions()}))
"""


def run(python: str) -> dict:
    with tempfile.TemporaryDirectory(prefix="compile-dfpn-") as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache)
        out = subprocess.run(
            [python, "-c", CHILD], env=env, check=True, capture_output=True, text=True
        ).stdout
    return json.loads(out.strip().splitlines()[-1])


def main() -> None:
    pythons = {"base": sys.argv[1], "new": sys.argv[2]}
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    print(f"# {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {os.cpu_count()} cores, "
          f"load before {load_average()}")  # fmt: skip
    cpu = {side: [] for side in pythons}
    kernels = {side: {} for side in pythons}
    for round_ in range(rounds):
        order = ["base", "new"] if round_ % 2 == 0 else ["new", "base"]
        for side in order:
            result = run(pythons[side])
            cpu[side].append(result["cpu"])
            for name, _count, seconds in result["kernels"]:
                kernels[side].setdefault(name, []).append(sum(seconds))
        print(
            f"# round {round_ + 1} ({' then '.join(order)}) done, load {load_average()}",
            flush=True,
        )
    print("| checkout | CPU s to compile the dfpn group (median) | each round |")
    print("|---|---:|---|")
    for side in pythons:
        each = " ".join(f"{value:.1f}" for value in cpu[side])
        print(f"| {side} | {statistics.median(cpu[side]):.1f} | {each} |")
    ratios = [n / b for n, b in zip(cpu["new"], cpu["base"], strict=True)]
    print(f"new/base per round: {' '.join(f'{r:.2f}' for r in ratios)}, "
          f"median {statistics.median(ratios):.2f}")  # fmt: skip
    print("| kernel | base: numba's compile s (median) | new |")
    print("|---|---:|---:|")
    for name in sorted(set(kernels["base"]) | set(kernels["new"])):
        values = [statistics.median(kernels[s][name]) if name in kernels[s] else 0.0
                  for s in pythons]  # fmt: skip
        print(f"| {name} | {values[0]:.2f} | {values[1]:.2f} |")


if __name__ == "__main__":
    main()

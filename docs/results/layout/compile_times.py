"""Cold compile seconds of every kernel group, in engine/warmup.py's order, in one process.

Run with a fresh, empty ``NUMBA_CACHE_DIR``; ``PYTHONPATH`` may point at another checkout's
``hexswarm`` package to measure it with the same interpreter. Prints JSON: per group the wall
and the process CPU seconds (CPU time is what other processes on a loaded machine inflate
least), and the load average at the end.
"""

import json
import os
import time

import numba
from hexswarm.engine import warmup

rows = []
for label, run in warmup._steps():
    wall, cpu = time.perf_counter(), time.process_time()
    run()
    rows.append(
        {
            "group": label,
            "wall_s": round(time.perf_counter() - wall, 2),
            "cpu_s": round(time.process_time() - cpu, 2),
        }
    )
report = {
    "tree": os.path.dirname(warmup.__file__),
    "numba": numba.__version__,
    "cache": os.environ.get("NUMBA_CACHE_DIR"),
    "rows": rows,
    "total_cpu_s": round(sum(r["cpu_s"] for r in rows), 2),
    "load": os.getloadavg(),
}
print(json.dumps(report, indent=1))

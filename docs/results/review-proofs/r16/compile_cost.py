"""CPU seconds to make one kernel group ready in a fresh process: compiled (a cold numba cache)
or loaded (the same cache, warm). Runs ``engine.warmup.run_group`` in a child process with
``NUMBA_CACHE_DIR`` set to ``--cache`` (created empty when absent) and reports the child's CPU
(user + system, its Python start and imports included) and the group's own thread CPU.

    rm -rf /tmp/cold && nice -n 19 python compile_cost.py --cache /tmp/cold dfpn dfpn solver solver
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time

CHILD = (
    "import time; t = time.process_time();"
    "import hexswarm.engine.warmup as m; i = time.process_time();"
    "m.run_group({group!r}); print(time.process_time() - i)"
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("groups", nargs="+")
    parser.add_argument("--cache", required=True)
    args = parser.parse_args()
    seen: set[str] = set()
    for group in args.groups:
        env = dict(os.environ, NUMBA_CACHE_DIR=args.cache)
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.monotonic()
        output = subprocess.run(
            [sys.executable, "-c", CHILD.format(group=group)],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
        print(
            json.dumps(
                {
                    "group": group,
                    "cache": "warm" if group in seen else "cold",
                    "process_cpu_s": round(cpu, 2),
                    "group_cpu_s": round(float(output.split()[-1]), 2),
                    "wall_s": round(time.monotonic() - started, 2),
                    "load_average": round(os.getloadavg()[0], 2),
                    "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
                }
            ),
            flush=True,
        )
        seen.add(group)


if __name__ == "__main__":
    main()

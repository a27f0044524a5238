"""Elapsed of the test_clock genmove (0.9 s move time): cold (the first search in the
process) and warm."""

import sys

from hexswarm.engine.gtp import GtpEngine


def run():
    e = GtpEngine(level="uct", settings={"playouts": "100000000", "threads": "1"}, size=7)
    for c in ("time_settings 30 0 0", "time_left b 10 0", "genmove b"):
        assert e.execute(c).ok, c
    return e.last_snapshot.elapsed_s


print(sys.argv[1], [round(run(), 3) for _ in range(3)], flush=True)

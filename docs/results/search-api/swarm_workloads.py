"""The swarm searches' playout loop (``engine.kernels.sds.evaluate_tests``), for
``../startup/speed_processes.py``: MCSDS (policy ``root``, the thesis's MCSDS level) and SDST
(policy ``tree``) from the empty 9x9 and 13x13 boards, uniform and template playouts, one
thread, seed 1, at a fixed number of iterations (issue 29: does the inlined
``policy_playout`` cost the swarm's loop what it cost UCT's?).

    BASE_CACHE=... NEW_CACHE=... python docs/results/startup/speed_processes.py \
        BASE_PYTHON NEW_PYTHON 3 docs/results/search-api/swarm_workloads.py

The outcome compared between the checkouts: best action, playouts, root counts, history.
"""

import os
import zlib

import numpy as np

AGENTS = 4000
ITERATIONS = {  # (search, size, playouts): iterations (about 0.3-1 CPU s a search here)
    ("mcsds", 9, "uniform"): 450,
    ("mcsds", 9, "template"): 80,
    ("mcsds", 13, "template"): 45,
    ("sdst", 9, "uniform"): 450,
    ("sdst", 9, "template"): 100,
}
COLUMNS = ("search", "size", "playouts", "iterations")
CASES = [(s, str(n), p, str(i)) for (s, n, p), i in ITERATIONS.items()]
if os.environ.get("SWARM_WORKLOADS"):  # e.g. "mcsds 9 template": only those
    _chosen = os.environ["SWARM_WORKLOADS"].split(",")
    CASES = [case for case in CASES if " ".join(case[:3]) in _chosen]


def workload(case: tuple[str, str, str, str]):
    """A function running ``case`` once: (playouts, outcome)."""
    name, size, policy, iterations = case[0], int(case[1]), case[2], int(case[3])
    from hexswarm.engine.board import Board
    from hexswarm.engine.search.environment import hex_environment
    from hexswarm.engine.search.limits import SearchLimits
    from hexswarm.engine.search.swarm import SwarmConfig, SwarmSearch

    env = hex_environment(Board(size), policy)
    config = SwarmConfig(policy="root" if name == "mcsds" else "tree", agents=AGENTS, seed=1)

    def run():
        result = SwarmSearch(config).run(env, SearchLimits(iterations=iterations))
        history = zlib.crc32(np.asarray(result.history, dtype=np.int64).tobytes())
        return result.playouts, (result.best_action, result.counts.tolist(), history)

    return run

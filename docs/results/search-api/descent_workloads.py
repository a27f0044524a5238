"""UCT's searches, for ``../startup/speed_processes.py``: the process-paired re-measurement of
the shared descent's cost (issue 28).

    bash docs/results/startup/speed_processes.sh ce43eca 7 \
        docs/results/search-api/descent_workloads.py main

The base runs a checkout from before the shared descent (``ce43eca``: UCT's own
``uct_iterations``), the new one a checkout after it (``main``: ``engine/kernels/descent.py``),
each installed in its own venv, each process with its own numba cache, alternating. Written
against both checkouts' APIs (``UctSearch(env, playouts=...).run()`` before the one search
interface, ``UctSearch(config).run(env, limits)`` after it).

Why processes (not ``descent_ab*.py``, two copies in one process): the same ``engine/`` loaded
twice in one process ran 1.3-1.5x apart (``../startup/aa-in-one-process.txt``).

The workloads: ``raw`` (uniform playouts with no search: a control, the same kernel in both
checkouts), ``template`` (template playouts with no search: ``strong``'s playout kernel alone,
``engine.kernels.knowledge.knowledge_playout``), ``uct`` (the ``uct`` level's search: uniform
playouts, one a leaf) and ``strong`` (``strong``'s search: RAVE, pattern priors
``hex6-mohex-9x9``, 8 template playouts a leaf), one thread, seed 1, from the empty 9x9 and
13x13 boards, at fixed playouts.
"""

import os

PLAYOUTS = {  # (workload, size): playouts a search (about 0.3-1 CPU s each on this machine)
    ("raw", 9): 1_000_000,
    ("raw", 13): 400_000,
    ("template", 9): 300_000,
    ("template", 13): 120_000,
    ("uct", 9): 200_000,
    ("uct", 13): 100_000,
    ("strong", 9): 60_000,
    ("strong", 13): 30_000,
}
COLUMNS = ("workload", "size", "playouts")
CASES = [(name, str(size), str(count)) for (name, size), count in PLAYOUTS.items()]
if os.environ.get("DESCENT_WORKLOADS"):  # e.g. "uct 9,strong 9": only those, for a bisection
    _chosen = os.environ["DESCENT_WORKLOADS"].split(",")
    CASES = [case for case in CASES if f"{case[0]} {case[1]}" in _chosen]


def workload(case: tuple[str, str, str]):
    """A function running ``case`` once: (playouts, outcome), for either checkout's API."""
    name, size = case[0], int(case[1])
    from hexswarm.engine.board import Board
    from hexswarm.engine.playout import random_playouts
    from hexswarm.engine.search import uct
    from hexswarm.engine.search.environment import hex_environment

    board, count = Board(size), PLAYOUTS[name, size]
    if name == "raw":
        return lambda: (count, int(random_playouts(board, count, seed=3)))
    if name == "template":
        return lambda: (count, int(random_playouts(board, count, seed=3, policy="template")))
    settings = {"seed": 1}
    policy = "uniform"
    if name == "strong":
        settings.update(rave=True, priors="hex6-mohex-9x9", leaf_playouts=8)
        policy = "template"
    env = hex_environment(board, policy)

    def run():
        if hasattr(uct, "UctConfig"):  # main: UctSearch(config).run(env, limits)
            from hexswarm.engine.search.limits import SearchLimits

            search = uct.UctSearch(uct.UctConfig(**settings))
            result = search.run(env, SearchLimits(playouts=count))
        else:  # ce43eca: UctSearch(env, playouts=..., **settings).run()
            search = uct.UctSearch(env, playouts=count, **settings)
            result = search.run()
        nodes = search.trees[0].node_count
        return result.playouts, (result.best_action, result.visits.tolist(), nodes)

    return run

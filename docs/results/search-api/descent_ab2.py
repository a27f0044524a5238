"""Paired A/B in one process: this checkout's descent (``tree_iterations`` with its
``engine/kernels/uct.py``) against a base copy of both files, alternating pair by pair, CPU
seconds, the same seeds: the searches are identical (asserted: node counts and root visits).

The base copy (from ``main`` before the change), and UCT's own loop before the shared
descent (``ce43eca``) for the row marked so::

    mkdir -p /tmp/h2-ab
    git show main:engine/kernels/uct.py > /tmp/h2-ab/base_uct.py
    git show main:engine/kernels/descent.py | \
      sed 's/from hexswarm.engine.kernels.uct import/from base_uct import/' \
      > /tmp/h2-ab/base_descent.py
    git show ce43eca:engine/kernels/uct.py > /tmp/h2-ab/old_uct.py

    python descent_ab2.py PLAYOUTS PAIRS
"""

import statistics
import sys
import time

import numpy as np

sys.path.insert(0, "/tmp/h2-ab")  # base_uct.py, base_descent.py (see above)
import base_descent  # noqa: E402
import old_uct  # noqa: E402
from hexswarm.engine.board import Board  # noqa: E402
from hexswarm.engine.search.anthill import AnthillConfig, AnthillSearch  # noqa: E402
from hexswarm.engine.search.environment import hex_environment  # noqa: E402
from hexswarm.engine.search.limits import SearchLimits  # noqa: E402
from hexswarm.engine.search.uct import STATE_STRIDE, UctConfig, UctSearch, _ucb_tables  # noqa: E402


def _base_iterate(self, worker, index, count):
    tree = worker.tree
    return base_descent.tree_iterations(
        self.env,
        tree.arrays(),
        tree.population(),
        self.rules,
        count,
        self.exploration,
        self.expand_after,
        self.max_depth,
        _ucb_tables(),
        worker.scratch,
        worker.chain_parent,
        worker.chain_action,
        worker.chain_depth,
        worker.path,
        worker.carriers,
        worker.depth_counts,
        worker.board,
        self.states,
        index * STATE_STRIDE,
        self.leaf_playouts,
        self.rave,
        worker.amaf,
        self.prior_arrays,
    )


class BaseUct(UctSearch):
    _iterate = _base_iterate


class OldUct(UctSearch):
    """UCT's own loop before the shared descent (``ce43eca``'s ``uct_iterations``)."""

    def _iterate(self, worker, index, count):
        return old_uct.uct_iterations(
            self.env,
            worker.tree.arrays(),
            count,
            self.exploration,
            self.expand_after,
            self.max_depth,
            _ucb_tables(),
            worker.scratch,
            worker.chain_parent,
            worker.chain_action,
            worker.chain_depth,
            worker.path,
            worker.depth_counts,
            worker.board,
            self.states,
            index * STATE_STRIDE,
            self.leaf_playouts,
            self.rave,
            worker.amaf,
            self.prior_arrays,
        )


class BaseAnthill(AnthillSearch):
    _iterate = _base_iterate


def cpu(search, env, limits):
    started = time.process_time()
    result = search.run(env, limits)
    return time.process_time() - started, search.trees[0].node_count, result


playouts = int(sys.argv[1]) if len(sys.argv) > 1 else 50_000
rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 7
limits = SearchLimits(playouts=playouts)
uct, ant = UctConfig(seed=1), AnthillConfig(seed=1)
uct_rave = UctConfig(seed=1, rave=True)
strong = UctConfig(seed=1, rave=True, leaf_playouts=8)
cases = [
    ("uct", lambda: UctSearch(uct), lambda: BaseUct(uct)),
    ("uct against ce43eca's own loop", lambda: UctSearch(uct), lambda: OldUct(uct)),
    ("uct rave", lambda: UctSearch(uct_rave), lambda: BaseUct(uct_rave)),
    ("uct rave leaf=8", lambda: UctSearch(strong), lambda: BaseUct(strong)),
    ("anthill tests=1", lambda: AnthillSearch(ant), lambda: BaseAnthill(ant)),
]
with open("/proc/loadavg") as file:
    load = file.read().split()[:3]
now = time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime())
print(f"# {now}, load {load}, {playouts} playouts, {rounds} alternating pairs")
for size in (7, 9, 11):
    env = hex_environment(Board(size))
    for name, new, old in cases:
        for make in (new, old):  # compile (or load) first
            cpu(make(), env, SearchLimits(playouts=200))
        ratios, news, olds = [], [], []
        for k in range(rounds):
            # Alternate which side runs first in a pair.
            if k % 2 == 0:
                a, nodes_a, result_a = cpu(new(), env, limits)
                b, nodes_b, result_b = cpu(old(), env, limits)
            else:
                b, nodes_b, result_b = cpu(old(), env, limits)
                a, nodes_a, result_a = cpu(new(), env, limits)
            assert nodes_a == nodes_b and np.array_equal(result_a.visits, result_b.visits)
            ratios.append(a / b)
            news.append(a)
            olds.append(b)
        pairs = ", ".join(f"{r:.2f}" for r in ratios)
        print(
            f"{size}x{size} {name}: new/base CPU {statistics.median(ratios):.3f} "
            f"(pairs {pairs}); base {statistics.median(olds):.3f} s, "
            f"new {statistics.median(news):.3f} s",
            flush=True,
        )

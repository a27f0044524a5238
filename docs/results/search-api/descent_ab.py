"""Paired A/B in one process: the branch's shared descent (``tree_iterations``) against main's
``uct_iterations`` / ``anthill_iterations`` (``ce43eca``'s ``engine/kernels/uct.py`` and
``anthill.py`` copied to /tmp/sa-ab as ``base_uct.py`` / ``base_anthill.py``, the latter
importing the former), alternating, CPU seconds, the same seeds: the searches are identical
(asserted: node counts and root visits).

    python descent_ab.py PLAYOUTS PAIRS
"""

import statistics
import sys
import time

import numpy as np

sys.path.insert(0, "/tmp/sa-ab")  # base_uct.py, base_anthill.py (see above)
import base_anthill  # noqa: E402
import base_uct  # noqa: E402
from hexswarm.engine.board import Board  # noqa: E402
from hexswarm.engine.search.anthill import AnthillConfig, AnthillSearch  # noqa: E402
from hexswarm.engine.search.environment import hex_environment  # noqa: E402
from hexswarm.engine.search.limits import SearchLimits  # noqa: E402
from hexswarm.engine.search.uct import STATE_STRIDE, UctConfig, UctSearch, _ucb_tables  # noqa: E402


class BaseUct(UctSearch):
    def _iterate(self, worker, index, count):
        return base_uct.uct_iterations(
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
    def _iterate(self, worker, index, count):
        tree, r = worker.tree, self.rules
        return base_anthill.anthill_iterations(
            self.env,
            tree.arrays(),
            tree.population(),
            r.agents_per_move,
            r.rival,
            r.take_rival,
            r.relate,
            r.weight,
            r.tests,
            r.test_first,
            r.depth,
            self.exploration,
            _ucb_tables(),
            count,
            self.expand_after,
            self.max_depth,
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


def cpu(search, env, limits):
    started = time.process_time()
    result = search.run(env, limits)
    return time.process_time() - started, search.trees[0].node_count, result


playouts = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000
rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 5
limits = SearchLimits(playouts=playouts)
uct, ant = UctConfig(seed=1), AnthillConfig(seed=1)
swarm = AnthillConfig(seed=1, tests=64, leaf_playouts=8)
cases = [
    ("uct", lambda: UctSearch(uct), lambda: BaseUct(uct)),
    ("anthill tests=1", lambda: AnthillSearch(ant), lambda: BaseAnthill(ant)),
    ("anthill tests=64 leaf=8", lambda: AnthillSearch(swarm), lambda: BaseAnthill(swarm)),
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
        for _ in range(rounds):
            a, nodes_a, result_a = cpu(new(), env, limits)
            b, nodes_b, result_b = cpu(old(), env, limits)
            assert nodes_a == nodes_b and np.array_equal(result_a.visits, result_b.visits)
            ratios.append(a / b)
            news.append(a)
            olds.append(b)
        pairs = ", ".join(f"{r:.2f}" for r in ratios)
        print(
            f"{size}x{size} {name}: after/before CPU {statistics.median(ratios):.3f} "
            f"(pairs {pairs}); before {statistics.median(olds):.3f} s, "
            f"after {statistics.median(news):.3f} s",
            flush=True,
        )

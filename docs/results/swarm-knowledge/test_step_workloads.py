"""Workloads for docs/results/startup/speed_processes.py: the anthill's test step alone, and
`strong-swarm`'s whole search, on 9x9 positions (two checkouts, each in processes of its own).

    python ../startup/speed_processes.py BASE_PYTHON NEW_PYTHON ROUNDS test_step_workloads.py

Cases (``COLUMNS``: what, spec):

* ``tests``: the tests after a descent alone. A `strong-swarm` search (20 000 playouts, the
  level's settings and priors) builds a tree on each position, untimed; the timed run then
  calls :func:`engine.kernels.anthill.test_carriers` on its root ``REPEATS`` times (each call
  ``tests`` tests, 64 for the preset) from a compiled loop, on copies of the population and
  the generator. The "playouts" of the table are tests: its figure is CPU microseconds a test.
  The outcome (the populations and generators after the calls) must be equal in both
  checkouts: the same draws decide the same way.
* ``search``: the level's search from scratch at fixed playouts on every position (CPU
  microseconds a playout); the outcome (each position's root visits and root population) must
  be equal too.

The positions are ``cost_processes.positions()`` (from the 9x9 games of
docs/results/rave/strong-rave-vs-strong-20k).
"""

import hashlib

import numpy as np
from cost_processes import positions
from hexswarm.engine.kernels.anthill import test_carriers
from numba import njit

SPEC = "strong-swarm:playouts=10000,time_s=none,priors=hex12-mohex-9x9-550g"
COLUMNS = ("what", "spec")
CASES = [("tests", SPEC), ("search", SPEC)]
TREE_PLAYOUTS = 20_000
REPEATS = 2_000


@njit
def _repeat_tests(tree, population, rules, path, carriers, use_rave, bias, state, repeats):
    for _ in range(repeats):
        test_carriers(tree, population, rules, path, 1, carriers, use_rave, bias, state, 0)


def _searches(spec: str, playouts: int):
    """Per position: the level's AnthillSearch run from scratch for ``playouts`` playouts."""
    from hexswarm.engine.players import create_player
    from hexswarm.engine.players.uct_player import tree_config
    from hexswarm.engine.search.environment import hex_environment
    from hexswarm.engine.search.limits import SearchLimits

    player = create_player(f"{spec},reuse=false,tactics=off,seed=1")
    while not hasattr(player, "search_class"):  # the opening table's and tactics' wrappers
        player = player.player
    settings = player.settings
    for board in positions():
        env = hex_environment(board, player.playout_policy())
        config = tree_config(player.search_class.config_class, settings, 1)
        search = player.search_class(config)
        result = search.run(env, SearchLimits(playouts=playouts))
        yield search, result


def _digest(outcome) -> str:
    """A short hash of an outcome's repr (the table compares them; the lists are long)."""
    return hashlib.sha256(repr(outcome).encode()).hexdigest()[:16]


def workload(case):
    what, spec = case
    if what == "search":

        def search_all():
            done = 0
            outcome = []
            for search, result in _searches(spec, 10_000):
                done += result.playouts
                agents, actives = search.root_population()
                outcome.append((result.visits.tolist(), agents.tolist(), actives.tolist()))
            return done, _digest(outcome)

        return search_all

    from hexswarm.engine.kernels.layout import AnthillAgents
    from hexswarm.engine.kernels.uct import PRIOR_BIAS, PRIOR_ON

    trees = []
    for search, _ in _searches(spec, TREE_PLAYOUTS):
        tree = search.trees[0]
        priors = search.prior_arrays.settings
        bias = float(priors[PRIOR_BIAS]) if search.rave and priors[PRIOR_ON] > 0 else 0.0
        trees.append((search, tree, bias))

    def tests():
        done = 0
        outcome = []
        for search, tree, bias in trees:
            population = AnthillAgents(hold=tree.hold.copy(), active=tree.active.copy())
            state = search.states[:1].copy()
            path = np.zeros(4, dtype=np.int64)
            carriers = np.zeros(4, dtype=np.int64)
            _repeat_tests(
                tree.arrays(),
                population,
                search.rules,
                path,
                carriers,
                bool(search.rave),
                bias,
                state,
                REPEATS,
            )
            done += REPEATS * search.rules.tests
            hold, active = population.hold, population.active
            outcome.append((int(np.sum(hold)), int(active.sum()), int(state[0])))
        return done, _digest(outcome)

    return tests

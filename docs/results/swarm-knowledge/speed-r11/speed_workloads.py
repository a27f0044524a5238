"""Workloads for docs/results/startup/speed_processes.py (round 11): the anthill's test step
alone on 9x9, and `strong-swarm`'s whole search on 9x9 and on 11x11 positions, two checkouts
each in processes of its own.

    python ../../startup/speed_processes.py BASE_PYTHON NEW_PYTHON ROUNDS speed_workloads.py

Cases (``COLUMNS``: what, size):

* ``tests``: as ``../test_step_workloads.py``: a `strong-swarm` search (20 000 playouts)
  builds a tree on each position, untimed; the timed run calls
  :func:`engine.kernels.anthill.test_carriers` on its root ``REPEATS`` times (64 tests a call)
  from a compiled loop (compiled in each process, not cached: numba cannot reload a kernel of
  a module loaded from a file path). The
  figure is CPU microseconds a *test*; the populations and generators after the calls must be
  equal in both checkouts.
* ``search``: the preset's search from scratch, 10 000 playouts, on every position (CPU
  microseconds a playout); the root visits and root population must be equal too.

9x9 positions: ``cost_processes.positions()`` (docs/results/rave/strong-rave-vs-strong-20k).
11x11 positions: the same moves (2, 10, 20, 30, 40) of games 1-4 of
docs/results/swarm-knowledge/strong-swarm-1s-vs-strong-1s-11x11-fb5f6aa.
"""

import hashlib
import sys
from pathlib import Path

import numpy as np
from hexswarm.engine.kernels.anthill import test_carriers
from numba import njit

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from cost_processes import POSITIONS  # noqa: E402
from cost_processes import positions as positions_9x9  # noqa: E402

SPEC = "strong-swarm:playouts=10000,time_s=none"
GAMES_11X11 = HERE.parent / "strong-swarm-1s-vs-strong-1s-11x11-fb5f6aa"
COLUMNS = ("what", "size")
CASES = [("tests", "9"), ("search", "9"), ("search", "11")]
TREE_PLAYOUTS = 20_000
SEARCH_PLAYOUTS = 10_000
REPEATS = 2_000


@njit
def _repeat_tests(tree, population, rules, path, carriers, use_rave, bias, state, repeats):
    for _ in range(repeats):
        test_carriers(tree, population, rules, path, 1, carriers, use_rave, bias, state, 0)


def positions_11x11():
    from hexswarm.engine.records.sgf import read_sgf

    boards = []
    for game, moves in POSITIONS:
        record = read_sgf(GAMES_11X11 / f"game-{game:04d}.sgf")
        line = record.main_line()
        if moves < len(line):
            board = record.board_at(line[moves])
            if board.winner is None:
                boards.append(board)
    return boards


def _searches(size: str, playouts: int):
    """Per position: the level's AnthillSearch run from scratch for ``playouts`` playouts."""
    from hexswarm.engine.players import create_player
    from hexswarm.engine.players.uct_player import tree_config
    from hexswarm.engine.search.environment import hex_environment
    from hexswarm.engine.search.limits import SearchLimits

    player = create_player(f"{SPEC},reuse=false,tactics=off,seed=1")
    while not hasattr(player, "search_class"):  # the opening table's and tactics' wrappers
        player = player.player
    boards = positions_9x9() if size == "9" else positions_11x11()
    for board in boards:
        env = hex_environment(board, player.playout_policy())
        config = tree_config(player.search_class.config_class, player.settings, 1)
        search = player.search_class(config)
        result = search.run(env, SearchLimits(playouts=playouts))
        yield search, result


def _digest(outcome) -> str:
    return hashlib.sha256(repr(outcome).encode()).hexdigest()[:16]


def workload(case):
    what, size = case
    if what == "search":

        def search_all():
            done = 0
            outcome = []
            for search, result in _searches(size, SEARCH_PLAYOUTS):
                done += result.playouts
                agents, actives = search.root_population()
                outcome.append((result.visits.tolist(), agents.tolist(), actives.tolist()))
            return done, _digest(outcome)

        return search_all

    from hexswarm.engine.kernels.layout import AnthillAgents
    from hexswarm.engine.kernels.uct import PRIOR_BIAS, PRIOR_ON

    trees = []
    for search, _ in _searches(size, TREE_PLAYOUTS):
        priors = search.prior_arrays.settings
        bias = float(priors[PRIOR_BIAS]) if search.rave and priors[PRIOR_ON] > 0 else 0.0
        trees.append((search, search.trees[0], bias))

    def tests():
        done = 0
        outcome = []
        for search, tree, bias in trees:
            population = AnthillAgents(hold=tree.hold.copy(), active=tree.active.copy())
            state = search.states[:1].copy()
            path = np.zeros(4, dtype=np.int64)
            carriers = np.zeros(4, dtype=np.int64)
            _repeat_tests(
                tree.arrays(), population, search.rules, path, carriers,
                bool(search.rave), bias, state, REPEATS,
            )  # fmt: skip
            done += REPEATS * search.rules.tests
            hold, active = population.hold, population.active
            outcome.append((int(np.sum(hold)), int(active.sum()), int(state[0])))
        return done, _digest(outcome)

    return tests

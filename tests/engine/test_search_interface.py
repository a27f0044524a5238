"""Every search has one call shape, ``search.run(env, limits, on_snapshot, should_stop)``
(``engine.search.limits``): each honours each limit, stops at once when asked, and reports
snapshots with growing counts and a final one. One test per behaviour, over every search."""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from hexswarm.engine.board import Board, HexError
from hexswarm.engine.search.anthill import AnthillConfig, AnthillSearch
from hexswarm.engine.search.environment import hex_environment
from hexswarm.engine.search.limits import SearchLimits
from hexswarm.engine.search.montecarlo import MonteCarloSearch
from hexswarm.engine.search.swarm import SwarmConfig, SwarmSearch
from hexswarm.engine.search.uct import UctConfig, UctSearch
from hexswarm.engine.warmup import warm_up

AGENTS = 60


@dataclass(frozen=True)
class Kind:
    """A search and the most playouts one of its steps can run (a playout limit may leave at
    most that many unused): a Monte-Carlo round plays once after each open move, a swarm
    iteration tests every agent, a tree descent plays one playout from its leaf."""

    make: Callable[[], object]
    step_playouts: Callable[[int], int]  # of the position's open moves


SEARCHES = {
    "mc": Kind(lambda: MonteCarloSearch(seed=1), lambda width: width),
    "mcsds": Kind(
        lambda: SwarmSearch(SwarmConfig(policy="root", agents=AGENTS, seed=1), player="mcsds"),
        lambda width: AGENTS,
    ),
    "sdst": Kind(
        lambda: SwarmSearch(SwarmConfig(policy="tree", agents=AGENTS, seed=1)), lambda w: AGENTS
    ),
    "uct": Kind(lambda: UctSearch(UctConfig(seed=1)), lambda width: 1),
    "anthill": Kind(lambda: AnthillSearch(AnthillConfig(seed=1)), lambda width: 1),
}


@pytest.fixture(scope="module", autouse=True)
def _kernels():
    warm_up()


@pytest.fixture
def env():
    board = Board(5)
    board.play("c3")  # no move ends the game: every search runs its playouts
    return hex_environment(board)


@pytest.mark.parametrize("name", SEARCHES)
def test_an_iteration_limit_is_run_exactly(name, env):
    result = SEARCHES[name].make().run(env, SearchLimits(iterations=7))
    assert result.iterations == 7
    assert result.snapshot.iteration == 7 and result.snapshot.done
    assert not result.stopped and result.playouts > 0


@pytest.mark.parametrize("name", SEARCHES)
def test_a_playout_limit_is_never_passed_and_leaves_less_than_a_step(name, env):
    limit = 1_000
    result = SEARCHES[name].make().run(env, SearchLimits(playouts=limit))
    step = SEARCHES[name].step_playouts(int(env.action_count))
    assert limit - step < result.playouts <= limit
    assert result.snapshot.playouts == result.playouts


@pytest.mark.parametrize("name", SEARCHES)
def test_the_first_limit_reached_ends_the_search(name, env):
    """Playouts and iterations together: the smaller one rules, whichever it is."""
    few_iterations = SEARCHES[name].make().run(env, SearchLimits(playouts=10**9, iterations=3))
    assert few_iterations.iterations == 3
    few_playouts = SEARCHES[name].make().run(env, SearchLimits(playouts=200, iterations=10**9))
    assert few_playouts.playouts <= 200


@pytest.mark.parametrize("name", SEARCHES)
def test_a_time_limit_alone_ends_the_search_after_using_its_time(name, env):
    """No count limit: only the clock ends the search (the load of a shared machine can only
    make it later, hence the generous upper bound)."""
    limit = 0.3
    started = time.perf_counter()
    result = SEARCHES[name].make().run(env, SearchLimits(seconds=limit))
    wall = time.perf_counter() - started
    assert result.snapshot.elapsed_s >= 0.5 * limit
    assert wall < limit + 20
    assert not result.stopped


@pytest.mark.parametrize("name", SEARCHES)
def test_should_stop_stops_the_search_at_its_first_yes(name, env):
    """An unbounded search (no limit: the caller stops it) asks between kernel batches, and
    returns at the first yes without asking again or running another batch."""
    asked = []

    def should_stop() -> bool:
        asked.append(time.perf_counter())
        return len(asked) >= 3

    started = time.perf_counter()
    result = SEARCHES[name].make().run(env, SearchLimits(), should_stop=should_stop)
    assert len(asked) == 3
    assert result.stopped and result.snapshot.done
    assert time.perf_counter() - asked[-1] < 5.0  # only the final snapshot after the yes
    assert asked[0] - started < 20.0


@pytest.mark.parametrize("name", SEARCHES)
def test_snapshots_count_up_and_the_last_one_is_final(name, env):
    snapshots = []
    result = SEARCHES[name].make().run(env, SearchLimits(seconds=0.6), snapshots.append)
    assert len(snapshots) >= 2
    assert snapshots[-1] is result.snapshot and result.snapshot.done
    assert not any(s.done for s in snapshots[:-1])
    playouts = [s.playouts for s in snapshots]
    iterations = [s.iteration for s in snapshots]
    assert playouts == sorted(playouts) and playouts[0] < playouts[-1]
    assert iterations == sorted(iterations) and iterations[0] < iterations[-1]
    assert all(s.to_move == "white" and len(s.root_moves) == env.action_count for s in snapshots)


@pytest.mark.parametrize("name", SEARCHES)
def test_a_search_nothing_would_end_is_refused(name, env):
    with pytest.raises(HexError, match="needs a limit"):
        SEARCHES[name].make().run(env, SearchLimits())


@pytest.mark.parametrize(
    ("limits", "message"),
    [
        ({"playouts": 0}, "playouts must be at least 1, not 0"),
        ({"iterations": -3}, "iterations must be at least 1, not -3"),
        ({"iterations": 2.5}, "iterations must be a whole number, not 2.5"),
        ({"playouts": True}, "playouts must be a whole number, not True"),
        ({"seconds": 0}, "seconds must be positive and finite, not 0"),
        ({"seconds": math.inf}, "seconds must be positive and finite, not inf"),
        ({"seconds": "1"}, "seconds must be a number, not '1'"),
    ],
)
def test_bad_limits_are_refused_with_what_was_wrong(limits, message):
    with pytest.raises(HexError, match=f"search limit {message}"):
        SearchLimits(**limits)


@pytest.mark.parametrize("name", ["mcsds", "sdst", "uct", "anthill"])
def test_a_search_that_keeps_its_tree_runs_once(name, env):
    """The swarms and the tree searches keep what they grew (for reading, or for reuse):
    another run would start from it, so it is refused (Monte-Carlo keeps nothing)."""
    search = SEARCHES[name].make()
    search.run(env, SearchLimits(iterations=1), should_stop=lambda: True)
    with pytest.raises(HexError, match="runs once"):
        search.run(env, SearchLimits(iterations=1))

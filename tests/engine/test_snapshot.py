"""One snapshot throttle and one root history for every search (engine.search.snapshot)."""

from __future__ import annotations

import pytest
from hexswarm.engine.board import Board
from hexswarm.engine.search.anthill import AnthillSearch
from hexswarm.engine.search.environment import bandit_environment, hex_environment
from hexswarm.engine.search.limits import SearchLimits
from hexswarm.engine.search.montecarlo import MonteCarloSearch
from hexswarm.engine.search.snapshot import (
    HISTORY_LIMIT,
    RootHistory,
    SnapshotThrottle,
)
from hexswarm.engine.search.swarm import SwarmConfig, SwarmSearch
from hexswarm.engine.search.uct import UctSearch


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_throttle_counts_the_interval_from_when_a_snapshot_was_taken():
    clock = FakeClock()
    handed: list[str] = []
    throttle = SnapshotThrottle(handed.append, interval_s=0.1, clock=clock)

    def slow(name: str):
        def take() -> str:
            clock.now += 0.05  # taking it costs time
            return name

        return take

    throttle.offer(slow("early"))  # nothing is due at the start
    clock.now = 0.1
    throttle.offer(slow("first"))  # due; taken at 0.1, handed at 0.15
    clock.now = 0.22
    throttle.offer(slow("too soon"))  # 0.07 after the first was taken
    clock.now = 0.3
    throttle.offer(slow("second"))
    assert throttle.final("last") == "last"
    assert handed == ["first", "second", "last"]
    # No callback: nothing is taken at all.
    idle = SnapshotThrottle(None, clock=clock)
    clock.now = 10.0
    idle.offer(lambda: pytest.fail("taken without a callback"))


def test_root_history_halves_beyond_its_limit_and_keeps_the_ends():
    history = RootHistory(limit=4)
    for iteration in range(1, 8):
        history.add(iteration, (iteration, 1), (iteration, 0))
    # Thinned by halves, keeping the first and the latest: at most `limit` samples.
    assert len(history.iterations) <= 4
    assert history.iterations[0] == 1 and history.iterations[-1] == 7
    assert history.iterations == sorted(history.iterations)
    for iteration, support, active in zip(
        history.iterations, history.support, history.active, strict=True
    ):
        assert support == (iteration, 1) and active == (iteration, 0)
    assert history.active_fraction[-1] == pytest.approx(7 / 8)
    history.add(7, (0, 2), (0, 2))  # the same iteration again replaces its sample
    assert history.support[-1] == (0, 2) and history.active_fraction[-1] == 1.0
    with pytest.raises(ValueError):
        RootHistory(limit=1)
    assert RootHistory().limit == HISTORY_LIMIT


def _searches():
    bandit = bandit_environment((0.2, 0.5, 0.8))
    hex_env = hex_environment(Board(3))
    return {
        "mc": lambda cb: MonteCarloSearch().run(hex_env, SearchLimits(iterations=40), cb),
        "swarm": lambda cb: SwarmSearch(SwarmConfig(agents=60)).run(
            bandit, SearchLimits(iterations=30), cb
        ),
        "uct": lambda cb: UctSearch().run(hex_env, SearchLimits(playouts=400), cb),
        "anthill": lambda cb: AnthillSearch().run(hex_env, SearchLimits(playouts=400), cb),
    }


@pytest.mark.parametrize("name", ["mc", "swarm", "uct", "anthill"])
def test_every_search_reports_its_root_history_in_one_shape(name):
    """Each search's last snapshot carries its own history (no GUI-side rebuilding): samples
    by increasing iteration, support and active per root move, the last one the final
    distribution."""
    snapshots = []
    _searches()[name](snapshots.append)
    final = snapshots[-1]
    assert final.done
    rows = len(final.history)
    assert rows >= 1
    assert rows == len(final.history_iterations) == len(final.history_active)
    assert rows == len(final.active_fraction_history)
    assert list(final.history_iterations) == sorted(set(final.history_iterations))
    width = len(final.root_moves)
    assert all(len(r) == width for r in (*final.history, *final.history_active))
    assert final.history[-1] == final.root_agents
    assert final.history_active[-1] == final.root_active

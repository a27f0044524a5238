"""Each search is compiled once for every playout policy (issue 30: compile time).

The policy is one type for all kinds (``engine.kernels.layout.KernelPolicy``), told apart at
run time: searching with knowledge or pattern playouts after uniform ones must not compile a
single kernel again (before, every Hex search was compiled twice: a third of the kernels'
compile time). Counted by numba itself: the versions each kernel holds in this process.
"""

from __future__ import annotations

from hexswarm.engine.board import Board
from hexswarm.engine.knowledge import POLICIES
from hexswarm.engine.playout import random_playouts
from hexswarm.engine.search.anthill import AnthillSearch
from hexswarm.engine.search.environment import hex_environment
from hexswarm.engine.search.limits import SearchLimits
from hexswarm.engine.search.montecarlo import MonteCarloSearch
from hexswarm.engine.search.swarm import SwarmConfig, SwarmSearch
from hexswarm.engine.search.uct import UctSearch
from hexswarm.engine.tools.compile_bench import compiled_versions


def search_with(policy: str) -> None:
    board = Board(4)
    board.play("b2")
    env = hex_environment(board, policy)
    random_playouts(board, 3, seed=1, policy=policy)
    for search in (UctSearch(), AnthillSearch()):
        search.run(env, SearchLimits(playouts=30))
    for allocation in ("root", "tree"):
        SwarmSearch(SwarmConfig(policy=allocation, agents=16)).run(env, SearchLimits(iterations=2))
    MonteCarloSearch().run(env, SearchLimits(iterations=2))


def versions() -> dict[str, int]:
    return {name: count for name, count, _seconds in compiled_versions()}


def test_searches_compile_once_for_every_playout_policy():
    search_with("uniform")
    uniform = versions()
    # The searches' kernels, each held once (called from Python: counted warm or cold).
    for kernel in ("descent.tree_iterations", "sds.evaluate_tests", "sds.form_hypotheses"):
        assert uniform.get(kernel) == 1, kernel
    others = [policy for policy in POLICIES if policy != "uniform"]
    assert {"template", "win", "patterns"} <= set(others)
    for policy in others:
        search_with(policy)
        again = {name: count for name, count in versions().items() if count > uniform.get(name, 1)}
        assert again == {}, policy

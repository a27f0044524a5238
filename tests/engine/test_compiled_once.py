"""Only the playout loops are compiled per playout policy type (issue 30: compile time).

The uniform policy is a tuple type of its own (``UniformPolicy``) so that the swarm and
Monte-Carlo playout loops (``sds.evaluate_tests``, ``sds.evaluate_leaves``) run the uniform
kernel without a test per playout. Every other kernel that takes the environment (the swarm's
phases, the exact outcomes, the tree searches' descent) must receive it without a policy
(``without_playouts``), the descent its policy apart as one type (``run_time_policy``): else
numba compiles each of them once more for the knowledge policies, which made up a third of the
kernels' compile time. Checked on the types numba compiled the kernels for in this process,
which other tests may only add to with the same types: the test holds in any order. (A kernel
called only from other kernels that came from numba's cache lists no types here: the kernels
named below are called from Python.)
"""

from __future__ import annotations

import sys

import pytest
from hexswarm.engine.board import Board
from hexswarm.engine.kernels.layout import NO_PLAYOUTS, Environment, KnowledgePolicy, UniformPolicy
from hexswarm.engine.knowledge import POLICIES, run_time_policy
from hexswarm.engine.playout import random_playouts
from hexswarm.engine.search.anthill import AnthillSearch
from hexswarm.engine.search.environment import hex_environment, without_playouts
from hexswarm.engine.search.limits import SearchLimits
from hexswarm.engine.search.montecarlo import MonteCarloSearch
from hexswarm.engine.search.swarm import SwarmConfig, SwarmSearch
from hexswarm.engine.search.uct import UctSearch
from numba.core.registry import CPUDispatcher

PLAYOUT_LOOPS = {"sds.evaluate_tests", "sds.evaluate_leaves"}


def search_with(policy: str) -> None:
    board = Board(4)
    board.play("b2")
    env = hex_environment(board, policy)
    random_playouts(board, 3, seed=1, policy=policy)
    for search in (UctSearch(), AnthillSearch()):
        search.run(env, SearchLimits(playouts=30))
    for allocation in ("root", "tree", "layers"):
        config = SwarmConfig(policy=allocation, agents=16, depth=2)
        SwarmSearch(config).run(env, SearchLimits(iterations=2))
    MonteCarloSearch().run(env, SearchLimits(iterations=2))


def policy_types(kernel: CPUDispatcher) -> set:
    """The policy tuple classes (``tuple`` for none) of the environments ``kernel`` was
    compiled for here, and of its separate policy argument (the descent's)."""
    found = set()
    for signature in kernel.signatures:
        for argument in signature:
            if getattr(argument, "instance_class", None) is Environment:
                policy = argument.types[Environment._fields.index("playout_policy")]
                found.add(getattr(policy, "instance_class", tuple))
            elif getattr(argument, "instance_class", None) in (UniformPolicy, KnowledgePolicy):
                found.add(("argument", argument.instance_class))
    return found


def environment_kernels() -> dict[str, CPUDispatcher]:
    """Every kernel of the search modules compiled here for an environment argument."""
    kernels = {}
    for module_name in ("sds", "descent", "uct", "anthill", "environment"):
        module = sys.modules[f"hexswarm.engine.kernels.{module_name}"]
        for name, value in vars(module).items():
            if (
                isinstance(value, CPUDispatcher)
                and value.py_func.__module__ == module.__name__
                and policy_types(value)
            ):
                kernels[f"{module_name}.{name}"] = value
    return kernels


def test_without_playouts_and_run_time_policy_keep_one_type():
    board = Board(4)
    for name in POLICIES:
        env = hex_environment(board, name)
        bare = without_playouts(env)
        assert bare.playout_policy == NO_PLAYOUTS
        assert all(a is b for a, b in zip(bare[:-1], env[:-1], strict=True))
        policy = run_time_policy(env.playout_policy)
        assert type(policy) is KnowledgePolicy
        assert policy.kind == env.playout_policy.kind
        if name != "uniform":
            assert policy is env.playout_policy
    assert type(hex_environment(board).playout_policy) is UniformPolicy


@pytest.mark.parametrize("policy", ["template", "patterns"])
def test_only_the_playout_loops_are_compiled_per_policy_type(policy):
    search_with("uniform")
    search_with(policy)
    kernels = environment_kernels()
    # The descent and the swarm's phases were compiled here (or loaded) ...
    for name in ("descent.tree_iterations", "sds.form_hypotheses", "sds.root_outcomes"):
        assert name in kernels, name
    for name, kernel in kernels.items():
        types = policy_types(kernel)
        if name in PLAYOUT_LOOPS:
            # ... and the playout loops for each policy type: uniform without a test a playout.
            assert types == {UniformPolicy, KnowledgePolicy}, name
        else:
            # One version for every policy: no policy in the environment (``tuple``: the
            # empty one) and a policy argument (the descent's, its playout loop's) of one type.
            assert types <= {tuple, ("argument", KnowledgePolicy)}, name
    assert policy_types(kernels["descent.tree_iterations"]) == {
        tuple,
        ("argument", KnowledgePolicy),
    }

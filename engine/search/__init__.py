"""The searches behind the AI levels, on any environment (Hex, a bandit, a toy game tree).

* ``engine.search.swarm``: SDS at the root (MCSDS) and SDS in the tree (SDST) with the fixed,
  layers and whole-tree allocation policies;
* ``engine.search.montecarlo``: vanilla Monte-Carlo;
* ``engine.search.uct``: the UCT baseline;
* ``engine.search.snapshot``: what a running search reports (immutable snapshots).

Call :func:`warm_up` once at start-up (splash screen, test session): it compiles or loads from
numba's cache every search kernel, so no search blocks on a compile later.
"""

from __future__ import annotations


def warm_up() -> None:
    """Compile (or load) every search kernel by running each search once on tiny inputs."""
    from engine.board import Board
    from engine.playout import warm_up as warm_up_playouts
    from engine.search.environment import (
        PAPER_FIGURE_4_LEAVES,
        bandit_environment,
        explicit_tree_environment,
        hex_environment,
    )
    from engine.search.montecarlo import monte_carlo_search
    from engine.search.swarm import POLICIES, RECRUITMENT, RELATE, SwarmConfig, SwarmSearch
    from engine.search.uct import UctSearch

    warm_up_playouts()
    board = Board(3)
    board.play("a1")
    environments = (
        hex_environment(board),
        bandit_environment((0.2, 0.8)),
        explicit_tree_environment(PAPER_FIGURE_4_LEAVES),
    )
    for env in environments:
        for policy in POLICIES:
            SwarmSearch(env, SwarmConfig(policy=policy, agents=12, iterations=2, depth=2)).run()
        UctSearch(env, playouts=20).run()
    hex_env = environments[0]
    for recruitment in RECRUITMENT:
        for relate in RELATE:
            config = SwarmConfig(agents=8, iterations=1, recruitment=recruitment, relate=relate)
            SwarmSearch(hex_env, config).run()
    # The options beyond the thesis use two more kernels (apply_test_outcomes, and recruit's
    # copy-activating branch compiles with it).
    options = SwarmConfig(
        agents=8, iterations=1, test="sequential", test_playouts=3, evidence=True, reference="mean"
    )
    SwarmSearch(hex_env, options).run()
    monte_carlo_search(hex_env, 2)
    # Knowledge playouts (engine.knowledge) compile the Hex searches once more, for any of them.
    knowledge_env = hex_environment(board, "win")
    for policy in POLICIES:
        config = SwarmConfig(policy=policy, agents=12, iterations=2, depth=2)
        SwarmSearch(knowledge_env, config).run()
    UctSearch(knowledge_env, playouts=20).run()
    monte_carlo_search(knowledge_env, 2)

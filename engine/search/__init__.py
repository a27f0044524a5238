"""The searches behind the AI levels, on any environment (Hex, a bandit, a toy game tree).

* ``engine.search.swarm``: SDS at the root (MCSDS) and SDS in the tree (SDST) with the fixed,
  layers and whole-tree allocation policies;
* ``engine.search.montecarlo``: vanilla Monte-Carlo;
* ``engine.search.uct``: the UCT baseline;
* ``engine.search.anthill``: the anthill (ours), agents choosing the moves of UCT's tree;
* ``engine.search.snapshot``: what a running search reports (immutable snapshots).

Call :func:`warm_up` once at start-up (splash screen, test session): it compiles or loads from
numba's cache every search kernel, so no search blocks on a compile later.
"""

from __future__ import annotations

from collections.abc import Callable


def warm_up_groups() -> dict[str, Callable[[], None]]:
    """The search kernel groups :func:`warm_up` compiles (or loads): each group's key (named
    for the user in :data:`engine.warmup.GROUP_LABELS`) and the function that compiles it."""
    import numpy as np
    from hexswarm.engine.board import Board
    from hexswarm.engine.kernels.environment import action_count_py
    from hexswarm.engine.search.anthill import AnthillSearch
    from hexswarm.engine.search.environment import (
        PAPER_FIGURE_4_LEAVES,
        bandit_environment,
        explicit_tree_environment,
        hex_environment,
    )
    from hexswarm.engine.search.montecarlo import monte_carlo_search
    from hexswarm.engine.search.swarm import POLICIES, RECRUITMENT, RELATE, SwarmConfig, SwarmSearch
    from hexswarm.engine.search.uct import UctSearch

    board = Board(3)
    board.play("a1")
    hex_env = hex_environment(board)
    toys = (bandit_environment((0.2, 0.8)), explicit_tree_environment(PAPER_FIGURE_4_LEAVES))

    def swarms(env) -> None:
        for policy in POLICIES:
            SwarmSearch(env, SwarmConfig(policy=policy, agents=12, iterations=2, depth=2)).run()

    def swarms_on_toys() -> None:
        for env in toys:
            swarms(env)
            UctSearch(env, playouts=20).run()
            AnthillSearch(env, playouts=20).run()

    def recruitment_and_relate() -> None:
        for recruitment in RECRUITMENT:
            for relate in RELATE:
                config = SwarmConfig(agents=8, iterations=1, recruitment=recruitment, relate=relate)
                SwarmSearch(hex_env, config).run()
        # The options beyond the thesis use two more kernels (apply_test_outcomes, and
        # recruit's copy-activating branch compiles with it).
        options = SwarmConfig(
            agents=8,
            iterations=1,
            test="sequential",
            test_playouts=3,
            evidence=True,
            reference="mean",
        )
        SwarmSearch(hex_env, options).run()

    def uct(env) -> None:
        # Tree reuse between moves (UCTPlayer) copies the subtree under the moves played; its
        # two kernels compiled lazily on the GUI's engine thread in the middle of a game.
        every = np.arange(action_count_py(env), dtype=np.int64)
        for search in (UctSearch(env, playouts=20), AnthillSearch(env, playouts=20)):
            search.run()
            tree = search.trees[0]
            tree.subtree([int(tree.actions[tree.children(0).start])], every)

    # Knowledge playouts (engine.knowledge) compile the Hex searches once more: their
    # playout policy is a tuple of another type (see engine.kernels.knowledge).
    knowledge_env = hex_environment(board, "win")

    return {
        "swarm": lambda: swarms(hex_env),
        "uct": lambda: uct(hex_env),
        "mc": lambda: monte_carlo_search(hex_env, 2),
        "variants": recruitment_and_relate,
        "toys": swarms_on_toys,
        "knowledge-uct": lambda: uct(knowledge_env),
        "knowledge-swarm": lambda: swarms(knowledge_env),
        "knowledge-mc": lambda: monte_carlo_search(knowledge_env, 2),
    }


def warm_up() -> None:
    """Compile (or load) every search kernel by running each search once on tiny inputs."""
    from hexswarm.engine.playout import warm_up as warm_up_playouts

    warm_up_playouts()
    for run in warm_up_groups().values():
        run()

"""The anthill search driver (ours, issue 12): agents choose the moves of a tree search.

The kernel and its rules are in :mod:`engine.kernels.anthill`. This driver is UCT's
(:class:`engine.search.uct.UctSearch`: budgets, time management, root parallelism, growth,
reuse of the subtree under the moves played) with the agents beside the nodes, and snapshots
that report the root *population*: agents and active agents per move, with its history, as
the swarm levels do; the tree view counts the agents that hold each move.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from hexswarm.engine.board import HexError
from hexswarm.engine.kernels.anthill import (
    RIVAL_AGENT,
    RIVAL_BEST,
    RIVAL_CHALLENGER,
    RIVAL_MOVE,
    RIVAL_SAMPLED,
    RIVAL_VISITS,
    copy_populations,
    root_population,
    settle_root_population,
)
from hexswarm.engine.kernels.descent import anthill_rules
from hexswarm.engine.kernels.layout import AnthillAgents
from hexswarm.engine.search.snapshot import TreeNode
from hexswarm.engine.search.swarm import RELATE
from hexswarm.engine.search.uct import UctConfig, UctSearch, UctTree

DEFAULT_AGENTS_PER_MOVE = 4
DEFAULT_SWARM_DEPTH = 1  # agents choose at the root (measured: deeper swarms lose to UCT)
RIVALS = {
    "move": RIVAL_MOVE,
    "agent": RIVAL_AGENT,
    "best": RIVAL_BEST,
    "visits": RIVAL_VISITS,
    "sampled": RIVAL_SAMPLED,
    "challenger": RIVAL_CHALLENGER,
}
REDRAWS = ("uniform", "rival")
EVIDENCE = ("playouts", "descents")
STARTS = ("even", "priors")


class AnthillTree(UctTree):
    """A UCT tree with ``agents_per_move`` agents beside each child (its parent's population)."""

    def __init__(
        self,
        max_nodes: int,
        agents_per_move: int,
        capacity: int = 4096,
        rave: bool = False,
        priors: bool = False,
    ):
        if agents_per_move < 1:
            raise ValueError(f"agents_per_move must be at least 1, not {agents_per_move}")
        self.agents_per_move = int(agents_per_move)
        self.hold = np.zeros(0, dtype=np.int32)
        self.active = np.zeros(0, dtype=np.uint8)
        super().__init__(max_nodes, capacity, rave=rave, priors=priors)

    def root_hypotheses(self) -> tuple[np.ndarray, np.ndarray]:
        """The root population's agents: the action each holds and whether it is active (empty
        before the root is expanded)."""
        kids = self.children(0)
        if not len(kids):
            return np.zeros(0, dtype=np.int32), np.zeros(0, dtype=np.uint8)
        k = self.agents_per_move
        agents = slice(kids.start * k, kids.stop * k)
        return self.actions[kids.start + self.hold[agents]], self.active[agents].copy()

    def _grow_nodes(self, capacity: int) -> None:
        used = self.node_count * self.agents_per_move
        size = capacity * self.agents_per_move
        for name in ("hold", "active"):
            old = getattr(self, name)
            grown = np.zeros(size, dtype=old.dtype)
            grown[: min(used, old.size)] = old[: min(used, old.size)]
            setattr(self, name, grown)
        super()._grow_nodes(capacity)

    @property
    def nbytes(self) -> int:
        return super().nbytes + self.hold.nbytes + self.active.nbytes

    def used_bytes(self) -> int:
        """The tree's bytes in use plus its agents' (``agents_per_move`` beside each node)."""
        per_agent = self.hold.itemsize + self.active.itemsize
        return super().used_bytes() + self.node_count * self.agents_per_move * per_agent

    def population(self) -> AnthillAgents:
        return AnthillAgents(hold=self.hold, active=self.active)

    def empty_like(self, capacity: int) -> AnthillTree:
        return AnthillTree(
            self.max_nodes,
            self.agents_per_move,
            capacity=capacity,
            rave=self.has_rave,
            priors=self.has_priors,
        )

    def _copy_extra(self, node: int, kept: UctTree) -> None:
        assert isinstance(kept, AnthillTree)
        copy_populations(
            self.arrays(), node, self.population(), self.agents_per_move, kept.population()
        )

    def holders(self, node: int) -> np.ndarray:
        """Agents and active agents of ``node``'s population per child (rows: children in
        block order)."""
        kids = self.children(node)
        counts = np.zeros((len(kids), 2), dtype=np.int64)
        if len(kids):
            k = self.agents_per_move
            agents = slice(kids.start * k, kids.stop * k)
            np.add.at(counts[:, 0], self.hold[agents], 1)
            np.add.at(counts[:, 1], self.hold[agents], self.active[agents].astype(np.int64))
        return counts


@dataclass(frozen=True, slots=True)
class AnthillConfig(UctConfig):
    """What an anthill search is: UCT's settings (the tree, its growth, leaf playouts, reuse)
    and the swarm's (``agents_per_move`` to ``swarm_depth``, described in
    :mod:`engine.players.levels`, whose table takes these defaults and choices)."""

    agents_per_move: int = DEFAULT_AGENTS_PER_MOVE
    rival: str = "visits"
    redraw: str = "rival"
    relate: str = "none"
    evidence: str = "playouts"
    tests: int = 1
    test_first: bool = False
    swarm_depth: int = DEFAULT_SWARM_DEPTH
    spread: float = 1.0
    start: str = "even"

    def __post_init__(self) -> None:
        UctConfig.__post_init__(self)
        for name, allowed in (
            ("rival", tuple(RIVALS)),
            ("redraw", REDRAWS),
            ("relate", tuple(RELATE)),
            ("evidence", EVIDENCE),
            ("start", STARTS),
        ):
            value = getattr(self, name)
            if value not in allowed:
                raise HexError(f"{name} must be one of {', '.join(allowed)}, not {value!r}")
        for name in ("agents_per_move", "tests", "swarm_depth"):
            if getattr(self, name) < 1:
                raise HexError(f"{name} must be at least 1, not {getattr(self, name)}")
        if not self.spread > 0:
            raise HexError(f"spread must be above 0, not {self.spread}")
        if self.start == "priors" and self.priors in (None, "none"):
            raise HexError("start=priors needs priors (the agents are placed by them)")
        if self.knowledge_after:
            # Its agents choose among every move at the swarm's depths, pruned or not.
            raise HexError("knowledge_after is UCT's: the anthill's agents do not skip its marks")


class AnthillSearch(UctSearch):
    """The anthill from one position: ``AnthillSearch(config).run(env, limits)``, with
    :class:`UctSearch`'s options (``tree`` to continue, ``last_cell``, ``root_actions``,
    labels); with ``root_actions`` the root population holds only those moves."""

    config_class = AnthillConfig
    config: AnthillConfig  # made by UctSearch from config_class

    def __init__(self, config: AnthillConfig | None = None, *, player: str = "anthill", **options):
        if options.get("tree") is not None and not isinstance(options["tree"], AnthillTree):
            raise HexError("an anthill search needs AnthillTree trees")
        super().__init__(config, player=player, **options)
        config = self.config
        self.agents_per_move = config.agents_per_move
        self.tests = config.tests
        self.rules = anthill_rules(
            config.swarm_depth,
            config.agents_per_move,
            RIVALS[config.rival],
            config.redraw == "rival",
            RELATE[config.relate],
            1.0 / config.leaf_playouts if config.evidence == "descents" else 1.0,
            config.tests,
            config.test_first,
            config.spread,
            config.start == "priors",
        )
        self.swarm_depth = config.swarm_depth

    def _restrict_root(self, tree: UctTree, root_actions, env) -> None:
        """UCT's restriction, then the root population over the moves left: the agents that
        held one of them keep it, the others start again spread over them
        (:func:`engine.kernels.anthill.settle_root_population`)."""
        assert isinstance(tree, AnthillTree)  # new_tree makes them; a kept tree is checked
        held, held_active = tree.root_hypotheses()
        super()._restrict_root(tree, root_actions, env)
        settle_root_population(
            tree.arrays(),
            tree.population(),
            self.agents_per_move,
            self.rules.start_priors,
            held,
            held_active,
        )

    def new_tree(self, max_nodes: int) -> AnthillTree:
        return AnthillTree(
            max_nodes, self.agents_per_move, rave=self.rave, priors=self.priors is not None
        )

    # ------------------------------------------------------------------ observation
    def root_population(self) -> tuple[np.ndarray, np.ndarray]:
        """Agents and active agents of the root population per action, over every tree."""
        agents = np.zeros(self.width, dtype=np.int64)
        actives = np.zeros(self.width, dtype=np.int64)
        for tree in self.trees:
            root_population(tree.arrays(), tree.population(), self.agents_per_move, agents, actives)
        return agents, actives

    def tree_summary(self, max_depth: int = 3, max_children: int = 6) -> TreeNode:
        """The most held part of the first tree: a node's ``agents`` are the agents of its
        parent's population holding its move (the root: its whole population), ``value`` the
        win rate of its record for the player who made its move. Below the swarm's layers,
        where UCB1 chooses and the populations are idle, the counts are visits and wins, as in
        UCT's summary."""
        tree = self.trees[0]
        assert isinstance(tree, AnthillTree)  # new_tree makes them; a kept tree is checked
        visits, wins = tree.visits, tree.wins

        def support(node: int) -> np.ndarray:
            """Per child of ``node``: (agents, active agents), or (visits, wins) below the
            swarm."""
            if len(path_of[node]) < self.swarm_depth:
                return tree.holders(node)
            kids = tree.children(node)
            return np.stack([visits[kids.start : kids.stop], wins[kids.start : kids.stop]], 1)

        path_of: dict[int, tuple[int, ...]] = {0: ()}

        def build(node: int, path: tuple[int, ...], agents: int, active: int) -> TreeNode:
            path_of[node] = path
            holders = support(node)
            kids = [i for i in range(holders.shape[0]) if holders[i, 0] > 0]
            kids.sort(key=lambda i: (-holders[i, 0], -visits[tree.children(node)[i]]))
            shown = kids[:max_children] if len(path) < max_depth else []
            first = tree.children(node).start if holders.shape[0] else 0
            n = visits[node]
            return TreeNode(
                path=path,
                depth=len(path),
                agents=agents,
                active=active,
                value=float(wins[node] / n) if n else 0.0,
                children=tuple(
                    build(
                        first + i,
                        (*path, int(self.labels[tree.actions[first + i]])),
                        int(holders[i, 0]),
                        int(holders[i, 1]),
                    )
                    for i in shown
                ),
                collapsed_children=len(kids) - len(shown),
                collapsed_agents=int(sum(int(holders[i, 0]) for i in kids[len(shown) :])),
                ends_game=tree.terminal(node),
            )

        root = support(0)
        try:
            return build(0, (), int(root[:, 0].sum()), int(root[:, 1].sum()))
        finally:
            # build's closure holds build itself: unbind it, or the search (and its tree's
            # arrays, tens of MB) waits for the cycle collector after every move. (Not `del`:
            # ruff then takes the recursive calls for undefined names.)
            build = None  # type: ignore[assignment]  # unbinding is the point

    def root_support(self, visits: np.ndarray, wins: np.ndarray) -> tuple[np.ndarray, ...]:
        """The root population: agents and active agents per move."""
        return self.root_population()

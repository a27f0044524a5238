"""The swarm searches: SDS at the root (MCSDS) and SDS in the tree (SDST), on any environment.

:class:`SwarmSearch` owns the arrays (agents, node table, pair table, population index) and
drives the numba phases of ``engine.kernels.sds`` one iteration at a time:

==============  ======================================================================
policy          one iteration (thesis/paper reference)
==============  ======================================================================
``root``        test (one playout per agent) -> [relate] -> diffuse      (MCSDS, 3.2)
``fixed``       populations at every node to depth D; test by chaining one agent per
                population -> [relate] -> diffuse in each population  (Table 1, 4.2.2)
``layers``      as ``fixed`` with ``agents / D`` agents per layer; uncontacted agents
                are reallocated within their layer, rollout-style        (4.3.1)
``tree``        all agents start at the root; test -> [relate] -> backscatter ->
                scatter (active recruitment, ``p_scatter``) -> internal diffusion
                                                                  (SDST, Table 2, 4.3.2)
==============  ======================================================================

Threads: the playouts of one iteration are split into ``threads`` fixed contiguous ranges,
each with its own generator slot and scratch, run on plain Python threads over ``nogil``
kernels; every other phase is sequential on slot 0. A run is therefore a pure function of
(environment, settings, seed, threads).

Call :meth:`SwarmSearch.run` from one thread; ``on_snapshot`` and ``should_stop`` are called on
that same thread, between kernel batches.
"""

from __future__ import annotations

import dataclasses
import math
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import numpy as np
from hexswarm.engine.board import HexError
from hexswarm.engine.kernels.environment import (
    BANDIT,
    EXPLICIT_TREE,
    HEX,
    action_count_py,
    make_scratch,
)
from hexswarm.engine.kernels.layout import (
    DESCENDING,
    USED,
    Environment,
    SwarmAgents,
    SwarmTree,
)
from hexswarm.engine.kernels.rng import seed_states
from hexswarm.engine.kernels.sds import (
    ACTIVE,
    CONTEXT_FREE,
    CONTEXT_SENSITIVE,
    DUAL_ACTIVE,
    DUAL_PASSIVE,
    PASSIVE,
    REFERENCE_MEAN,
    REFERENCE_SHARED,
    REFERENCE_WIN,
    RELATE_NONE,
    apply_results,
    apply_shared_outcomes,
    apply_test_outcomes,
    backscatter,
    evaluate_tests,
    expand_nodes,
    form_hypotheses,
    population_counts,
    random_hypotheses,
    random_walk_place,
    reallocate_in_layers,
    recruit,
    relate,
    scatter,
    sort_leaves,
)
from hexswarm.engine.kernels.tree import (
    NODE_COUNT,
    PAIR_COUNT,
    ROOT_LOSES,
    ROOT_WINS,
    count_populations,
    find_child,
    known_outcome,
    rehash_pairs,
)
from hexswarm.engine.playout import split_evenly
from hexswarm.engine.search.environment import action_labels, side_to_move, without_playouts
from hexswarm.engine.search.limits import SearchLimits
from hexswarm.engine.search.snapshot import (
    CANDIDATE_LINES,
    PV_LENGTH,
    RootHistory,
    SearchSnapshot,
    SnapshotCallback,
    SnapshotThrottle,
    StopCheck,
    TreeNode,
)
from hexswarm.engine.search.timing import TimeBudget

RECRUITMENT = {
    "passive": PASSIVE,
    "active": ACTIVE,
    "dual-passive": DUAL_PASSIVE,
    "dual-active": DUAL_ACTIVE,
}
RELATE = {"none": RELATE_NONE, "context-free": CONTEXT_FREE, "context-sensitive": CONTEXT_SENSITIVE}
POLICIES = ("root", "fixed", "layers", "tree")
TESTS = ("single", "majority", "sequential")
REFERENCES = {"win": REFERENCE_WIN, "mean": REFERENCE_MEAN, "shared": REFERENCE_SHARED}
INTERNAL_DIFFUSION = ("thesis", "paper")
UNCONTACTED = ("keep", "reset")
HALTING = ("none", "strong", "weak")
MAX_TEST_PLAYOUTS = 255  # results are kept in uint8


@dataclass(frozen=True, slots=True)
class OptionRule:
    """A rule between settings that are each valid alone: ``holds(values)`` reads the settings
    by name (a mapping). Declared once here, where the kernels' limits are known, and checked
    wherever values are entered: the level table's settings classes (specs, the new-game
    dialog, ``hexswarm-gtp``) and :class:`SwarmSearch` itself (the lab builds configs directly)."""

    names: tuple[str, ...]
    holds: Callable[[Mapping[str, Any]], bool]
    message: str


SWARM_OPTION_RULES = (
    OptionRule(
        ("reference", "evidence"),
        lambda v: not (v["reference"] == "shared" and v["evidence"]),
        "reference=shared keeps its evidence per hypothesis: drop evidence=true",
    ),
    OptionRule(
        ("test", "test_playouts"),
        lambda v: v["test"] != "single" or v["test_playouts"] == 1,
        "test_playouts > 1 needs test=majority or test=sequential",
    ),
)


def broken_rules(rules: Sequence[OptionRule], values: Mapping[str, Any]) -> list[str]:
    """The messages of the ``rules`` that ``values`` break (rules about settings that
    ``values`` does not hold are skipped)."""
    return [
        rule.message
        for rule in rules
        if all(name in values for name in rule.names) and not rule.holds(values)
    ]


# reference=shared: UCB1's constant in the confidence bounds (ours; UCT's measured default).
SHARED_EXPLORATION = 0.5
# reference=shared: records decide at depths below this, the thesis's test deeper (ours: with
# records at every depth almost no agent stayed inactive to be scattered and the tree starved).
SHARED_DEPTH = 1

STATE_STRIDE = 8  # uint64 generator slots per 64-byte cache line
CONFIDENCE_STREAK = 3  # iterations the top share must stay above the threshold


@dataclass(frozen=True, slots=True)
class SwarmConfig:
    """What a swarm search is (validated by :class:`SwarmSearch`); how long it runs is a
    :class:`engine.search.limits.SearchLimits` (the thesis: 50 iterations). The level table
    (``engine.players.levels``) takes these defaults, and the choices declared above, for the
    swarm levels; ``engine.players.swarm_players.swarm_config`` builds a config from a level's
    settings by field name."""

    policy: str = "root"
    agents: int = 50_000
    depth: int = 2  # fixed/layers: populations at depths 0..depth-1
    p_scatter: float = 0.2
    backscatter_to_root: bool = False
    recruitment: str = "passive"
    relate: str = "none"
    confidence: float | None = None
    threads: int = 1
    seed: int = 0
    # Beyond the thesis's defaults (docs/search.md, "Making clusters form" and "Faithfulness
    # options"): every default below is the thesis's behaviour.
    test: str = "single"  # single playout | majority of test_playouts | sequential majority
    test_playouts: int = 1
    reference: str = "win"  # win: more wins than losses | mean: beat the population's mean
    # | shared: at the root, the move's shared record is not ruled out (confidence bounds)
    evidence: bool = False  # agents keep the playouts of their hypothesis across iterations
    internal_diffusion: str = "thesis"  # thesis: re-draw at random | paper: Table 2, copy only
    uncontacted: str = "keep"  # fixed populations: uncontacted agents keep or lose activity
    copy_activates: bool = False  # thesis 4.2.1: a recruited agent becomes active
    halt: str = "none"  # thesis 3.2.2's strong (cluster) or weak (activity) criterion
    halt_threshold: float = 0.5  # share of the agents the cluster/activity must reach
    halt_band: float = 0.02  # ... and stay within (plus or minus this share of the agents)
    halt_iterations: int = 5  # ... for this many iterations

    @property
    def thesis_test(self) -> bool:
        """Whether the test and its outcome are the thesis's (one playout, win = active)."""
        return self.test == "single" and self.reference == "win" and not self.evidence


@dataclass(frozen=True, slots=True)
class SwarmResult:
    """The outcome of a search. ``best_action`` indexes the environment's actions;
    ``estimate`` is the root player's estimated win rate after it (0..1)."""

    best_action: int
    estimate: float
    counts: np.ndarray  # root agents per action
    actives: np.ndarray  # root active agents per action
    iterations: int
    playouts: int
    tests: int
    stopped: bool
    snapshot: SearchSnapshot
    history: tuple[tuple[int, ...], ...]


def _check_options(config: SwarmConfig) -> None:
    """Clear messages for settings the kernels cannot honour."""
    for name, value, allowed in (
        ("test", config.test, TESTS),
        ("reference", config.reference, tuple(REFERENCES)),
        ("internal_diffusion", config.internal_diffusion, INTERNAL_DIFFUSION),
        ("uncontacted", config.uncontacted, UNCONTACTED),
        ("halt", config.halt, HALTING),
    ):
        if value not in allowed:
            raise HexError(f"{name} must be one of {', '.join(allowed)}, not {value!r}")
    if not 1 <= config.test_playouts <= MAX_TEST_PLAYOUTS:
        raise HexError(f"test_playouts must be between 1 and {MAX_TEST_PLAYOUTS}")
    for message in broken_rules(SWARM_OPTION_RULES, dataclasses.asdict(config)):
        raise HexError(message)
    if not 0.0 < config.halt_threshold <= 1.0 or not 0.0 <= config.halt_band <= 1.0:
        raise HexError("halt_threshold must be in (0, 1] and halt_band in [0, 1]")
    if config.halt_iterations < 1:
        raise HexError("halt_iterations must be at least 1")


class HaltingCriterion:
    """Thesis 3.2.2: "A strong criterion requires that the number of agents pointing at the
    same hypothesis stabilises and stay bounded for a given number of iterations while a weak
    criterion requires the same thing only for the total number of active agents."

    Made precise as in Nasuto and Bishop's criteria (ours where the thesis gives no number):
    the watched count (strong: the root agents of the most supported hypothesis; weak: the
    active root agents) must be at least ``halt_threshold`` of the root agents and stay within
    ``halt_band`` of the root agents around its value when it first got there, for
    ``halt_iterations`` iterations in a row (strong: with the same hypothesis on top).
    """

    def __init__(self, config: SwarmConfig):
        self.mode = config.halt
        self.threshold = config.halt_threshold
        self.band = config.halt_band
        self.needed = config.halt_iterations
        self.anchor: tuple[int, float] | None = None  # (hypothesis, share) when the run began
        self.run = 0

    def update(self, counts: np.ndarray, actives: np.ndarray) -> bool:
        """Record one iteration's root population; True when the search may halt."""
        if self.mode == "none":
            return False
        total = int(counts.sum())
        if total == 0:
            return False
        if self.mode == "strong":
            top = int(np.argmax(counts))
            share = counts[top] / total
        else:
            top = -1
            share = actives.sum() / total
        anchored = (
            self.anchor is not None
            and self.anchor[0] == top
            and abs(share - self.anchor[1]) <= self.band
        )
        if share < self.threshold:
            self.anchor, self.run = None, 0
        elif anchored:
            self.run += 1
        else:
            self.anchor, self.run = (top, float(share)), 1
        return self.run >= self.needed


def _power_of_two_at_least(n: int) -> int:
    size = 1
    while size < n:
        size *= 2
    return size


class SwarmSearch:
    """One search from one position. Not reusable: make a new one per move.

    ``action_labels`` maps an action to what the snapshot reports as a root move (for Hex the
    cell index); ``player``/``to_move`` label the snapshot.
    """

    def __init__(
        self,
        config: SwarmConfig,
        *,
        player: str = "sdst",
        position_id: int = 0,
        tree_summary: bool = True,
    ):
        if config.policy not in POLICIES:
            raise HexError(f"unknown swarm policy {config.policy!r}")
        if config.agents < 1 or config.threads < 1:
            raise HexError("agents and threads must be at least 1")
        _check_options(config)
        self.config = config
        self.player = player
        self.position_id = position_id
        self.tree_summary = tree_summary and config.policy != "root"
        self.threads = config.threads
        # One generator per thread, each on its own cache line (a shared line made the
        # threads' playouts ping-pong it and ran no faster than one thread).
        self.states = seed_states(config.seed, (self.threads + 1) * STATE_STRIDE)
        self.env: Environment | None = None
        self.phases_env: Environment | None = None
        self._ran = False

    def prepare(self, env) -> None:
        """Set up the agents, the node table and the pair table for ``env`` (the search's one
        run), so that they can be read before the first iteration; :meth:`run` on the same
        ``env`` goes on from here."""
        if self.env is env:
            return
        if self.env is not None:
            raise HexError("a search runs once: make a new one for another run")
        config = self.config
        self.env = env
        # Every kernel but the playout loop (evaluate_tests) takes this one: compiled once for
        # every playout policy (see without_playouts).
        self.phases_env = without_playouts(env)
        self.width = action_count_py(env)
        if self.width < 1:
            raise HexError("no legal move to search")
        self.action_labels = action_labels(env)
        self.to_move = side_to_move(env)
        self.scratches = [make_scratch(env) for _ in range(self.threads + 1)]
        kind = env.kind
        game_depth = self.width if kind == HEX else (env.leaf_depth if kind == EXPLICIT_TREE else 1)
        # The allocation policy run: the config's, but a bandit has no tree (root only).
        self.policy = "root" if kind == BANDIT else config.policy
        if self.policy == "root":
            self.max_path = 1
        elif self.policy in ("fixed", "layers"):
            self.max_path = min(config.depth, game_depth)
        else:
            self.max_path = game_depth
        self.max_path += 1
        self.recruitment = RECRUITMENT[config.recruitment]
        self.relate = RELATE[config.relate]
        self.reference = REFERENCES[config.reference]
        # Node table and pair table (grown on demand by _ensure_room).
        self.node_capacity = 0
        self.node_parent = np.zeros(0, dtype=np.int32)
        self.node_action = np.zeros(0, dtype=np.int32)
        self.node_depth = np.zeros(0, dtype=np.int32)
        self.node_start = np.zeros(1, dtype=np.int32)
        self.counters = np.zeros(2, dtype=np.int64)
        # Per node, for the player to move there: playouts won and run (comparative tests).
        self.node_wins = np.zeros(0, dtype=np.int64)
        self.node_tests = np.zeros(0, dtype=np.int64)
        # reference=shared: per node, the record of the pair leading to it and its own record
        # over the whole search, for the player to move at the parent and at the node.
        self.shared_pair_wins = np.zeros(0, dtype=np.int64)
        self.shared_pair_tests = np.zeros(0, dtype=np.int64)
        self.shared_node_wins = np.zeros(0, dtype=np.int64)
        self.shared_node_tests = np.zeros(0, dtype=np.int64)
        self.shared_node_best = np.zeros(0, dtype=np.float64)
        self.pair_keys = np.full(0, -1, dtype=np.int64)
        self.pair_child = np.zeros(0, dtype=np.int32)
        self.pair_outcome = np.zeros(0, dtype=np.int8)
        self._grow_nodes(1024)
        self._grow_pairs(4096)
        self.node_parent[0] = -1
        self.node_action[0] = -1
        self.node_depth[0] = 0
        self.counters[NODE_COUNT] = 1
        self.root_tests = np.zeros(self.width, dtype=np.int64)
        self.root_wins = np.zeros(self.width, dtype=np.int64)
        self.iteration = 0
        self.playouts = 0
        self.tests = 0
        self.history: list[tuple[int, ...]] = []  # every iteration's root counts (the result's)
        self.root_history = RootHistory()  # the snapshots' (thinned)
        self._start = time.perf_counter()
        self._stopped = self._timed_out = False
        self._budget: TimeBudget | None = None
        self._init_agents()
        self._index()

    # ------------------------------------------------------------------ storage
    def _grow_nodes(self, capacity: int) -> None:
        old = self.node_capacity
        for name, dtype in (
            ("node_parent", np.int32),
            ("node_action", np.int32),
            ("node_depth", np.int32),
            ("node_wins", np.int64),
            ("node_tests", np.int64),
            ("shared_pair_wins", np.int64),
            ("shared_pair_tests", np.int64),
            ("shared_node_wins", np.int64),
            ("shared_node_tests", np.int64),
            ("shared_node_best", np.float64),
        ):
            array = np.zeros(capacity, dtype=dtype)
            array[:old] = getattr(self, name)[:old]
            setattr(self, name, array)
        self.node_start = np.zeros(capacity + 1, dtype=np.int32)
        self.node_capacity = capacity
        self._indexed = False

    def _grow_pairs(self, capacity: int) -> None:
        capacity = _power_of_two_at_least(capacity)
        keys = np.full(capacity, -1, dtype=np.int64)
        child = np.full(capacity, -1, dtype=np.int32)
        outcome = np.zeros(capacity, dtype=np.int8)
        if self.pair_keys.size:
            rehash_pairs(self.pair_keys, self.pair_child, self.pair_outcome, keys, child, outcome)
        self.pair_keys, self.pair_child, self.pair_outcome = keys, child, outcome

    def _ensure_room(self, new_nodes: int, new_pairs: int) -> None:
        nodes = int(self.counters[NODE_COUNT])
        if nodes + new_nodes > self.node_capacity:
            self._grow_nodes(max(2 * self.node_capacity, nodes + new_nodes))
        pairs = int(self.counters[PAIR_COUNT])
        if 2 * (pairs + new_pairs) > self.pair_keys.size:
            self._grow_pairs(4 * (pairs + new_pairs))

    def _tree(self) -> SwarmTree:
        return SwarmTree(
            node_parent=self.node_parent,
            node_action=self.node_action,
            node_depth=self.node_depth,
            counters=self.counters,
            pair_keys=self.pair_keys,
            pair_child=self.pair_child,
            pair_outcome=self.pair_outcome,
        )

    def _agents(self) -> SwarmAgents:
        return SwarmAgents(
            node=self.agent_node,
            hypothesis=self.hypothesis,
            active=self.active,
            contacted=self.contacted,
            mark=self.mark,
            hypothesis_snapshot=self.hypothesis_snapshot,
        )

    def _index(self) -> None:
        count_populations(
            self.agent_node, int(self.counters[NODE_COUNT]), self.node_start, self.members
        )
        self._indexed = True

    # ------------------------------------------------------------------ initialisation
    def _init_agents(self) -> None:
        config = self.config
        policy = self.policy
        if policy == "fixed" and self.max_path > 2:
            nodes = self._build_fixed_tree(config.depth)
            if len(nodes) > config.agents:
                raise HexError(
                    f"fixed populations to depth {config.depth} need {len(nodes)} populations "
                    f"but there are only {config.agents} agents: lower depth or add agents"
                )
            per = config.agents // len(nodes)
            agent_node = np.repeat(np.asarray(nodes, dtype=np.int32), per)
            extra = config.agents - agent_node.size
            agent_node = np.concatenate([np.zeros(extra, dtype=np.int32), agent_node])
        elif policy == "layers" and self.max_path > 2:
            layers = self.max_path - 1
            per = max(1, config.agents // layers)
            layer = np.repeat(np.arange(layers, dtype=np.int32), per)
            agent_node = np.zeros(layer.size, dtype=np.int32)
            self._alloc_agents(agent_node)
            self._ensure_room(layer.size * layers + 1, layer.size * layers + 1)
            random_walk_place(
                self.phases_env,
                self._tree(),
                self._agents(),
                layer,
                self.scratches[0],
                self.states,
                0,
            )
            agent_node = self.agent_node
        else:
            agent_node = np.zeros(config.agents, dtype=np.int32)
        self._alloc_agents(agent_node)
        random_hypotheses(self.phases_env, self._tree(), self._agents(), self.states, 0)

    def _alloc_agents(self, agent_node: np.ndarray) -> None:
        count = agent_node.size
        self.agent_node = agent_node.astype(np.int32)
        self.hypothesis = np.zeros(count, dtype=np.int32)
        self.active = np.zeros(count, dtype=np.uint8)
        self.contacted = np.zeros(count, dtype=np.uint8)
        self.mark = np.zeros(count, dtype=np.uint8)
        self.hypothesis_snapshot = np.zeros(count, dtype=np.int32)
        self.members = np.zeros(count, dtype=np.int32)
        self.leaf_node = np.zeros(count, dtype=np.int32)
        self.leaf_action = np.zeros(count, dtype=np.int32)
        self.leaf_exact = np.zeros(count, dtype=np.int8)
        self.results = np.zeros(count, dtype=np.uint8)
        self.result_tests = np.zeros(count, dtype=np.uint8)
        # Kept evidence per agent: (node, hypothesis, wins, playouts) of its current hypothesis.
        self.evidence = (
            np.full(count, -1, dtype=np.int32),
            np.full(count, -1, dtype=np.int32),
            np.zeros(count, dtype=np.int32),
            np.zeros(count, dtype=np.int32),
        )
        self.progress = np.zeros(2, dtype=np.int64)
        self.alive = np.zeros(count, dtype=np.int32)
        self.next_agent = np.zeros(count, dtype=np.int32)
        self.order = np.zeros(count, dtype=np.int32)
        self.order_spare = np.zeros(count, dtype=np.int32)
        self.node_counts = np.zeros(1025, dtype=np.int32)
        self.action_counts = np.zeros(self.width + 1, dtype=np.int32)
        self.path_agents = np.zeros(max(4 * count, 64), dtype=np.int32)
        self.path_hypothesis = np.zeros(self.path_agents.size, dtype=np.int32)
        self.path_child = np.zeros(0, dtype=np.int32)  # reference=shared: sized when needed

    def _build_fixed_tree(self, depth: int) -> list[int]:
        """Every unfinished node to depth ``depth - 1`` (paper Table 1)."""
        nodes = [0]
        frontier = np.zeros(1, dtype=np.int32)
        for _ in range(depth - 1):
            upper = frontier.size * self.width
            if upper + len(nodes) > 2_000_000:
                raise HexError(f"fixed populations to depth {depth} would need too many nodes")
            self._ensure_room(upper, upper)
            next_nodes = np.zeros(max(upper, 1), dtype=np.int32)
            count = expand_nodes(
                self.phases_env, self._tree(), frontier, next_nodes, self.scratches[0]
            )
            frontier = next_nodes[:count].copy()
            nodes.extend(int(n) for n in frontier)
        return nodes

    # ------------------------------------------------------------------ one iteration
    def _form_hypotheses(self) -> int:
        root_count = int(self.node_start[1] - self.node_start[0])
        self.contacted[:] = 0
        self.progress[DESCENDING] = -1
        # Room for a typical iteration's new pairs; a level that needs more makes the kernel
        # return early, and the table doubles (reserving root_count * max_path up front made a
        # 200 MB table whose cache misses dominated the descent).
        self._ensure_room(0, root_count // 4 + 1024)
        while not form_hypotheses(
            self.phases_env,
            self._tree(),
            self._agents(),
            self.node_start,
            self.members,
            self.progress,
            self.alive,
            self.next_agent,
            self.leaf_node,
            self.leaf_action,
            self.leaf_exact,
            self.path_hypothesis,
            self.path_agents,
            self.scratches[0],
            self.states,
            0,
        ):
            descending, used = int(self.progress[DESCENDING]), int(self.progress[USED])
            if 2 * (int(self.counters[PAIR_COUNT]) + descending) > self.pair_keys.size:
                self._grow_pairs(2 * self.pair_keys.size)
            if used + descending > self.path_agents.size:
                size = max(2 * self.path_agents.size, used + descending)
                for name in ("path_agents", "path_hypothesis"):
                    bigger = np.zeros(size, dtype=np.int32)
                    bigger[:used] = getattr(self, name)[:used]
                    setattr(self, name, bigger)
        return root_count

    def _evaluate(self, count: int, pool, should_stop, emit) -> bool:
        """Run the playouts of hypotheses ``0..count-1``; False if stopped part-way."""
        tree = self._tree()
        node_count = int(self.counters[NODE_COUNT])
        if self.node_counts.size < node_count + 1:
            self.node_counts = np.zeros(2 * node_count + 1, dtype=np.int32)
        sort_leaves(
            self.leaf_node,
            self.leaf_action,
            count,
            node_count,
            self.width,
            self.order,
            self.order_spare,
            self.node_counts,
            self.action_counts,
        )
        shares = split_evenly(count, self.threads)
        bounds = np.concatenate([[0], np.cumsum(shares)]).astype(np.int64)
        batch = max(256, 800_000 // max(self.width, 1))
        done = [int(b) for b in bounds[:-1]]

        def run(thread: int) -> int:
            lo = done[thread]
            hi = min(int(bounds[thread + 1]), lo + batch)
            if lo >= hi:
                return 0
            return evaluate_tests(
                self.env,
                tree,
                self.order,
                self.leaf_node,
                self.leaf_action,
                self.leaf_exact,
                self.results,
                self.result_tests,
                self.config.test_playouts,
                self.config.test == "sequential",
                lo,
                hi,
                self.scratches[thread + 1],
                self.states,
                (thread + 1) * STATE_STRIDE,
            )

        while any(done[t] < bounds[t + 1] for t in range(self.threads)):
            if pool is None:
                self.playouts += run(0)
            else:
                self.playouts += sum(pool.map(run, range(self.threads)))
            for t in range(self.threads):
                done[t] = min(int(bounds[t + 1]), done[t] + batch)
            if any(done[t] < bounds[t + 1] for t in range(self.threads)):
                if self._should_halt(should_stop):
                    return False
                emit()
        return True

    def _apply_results(self, count: int) -> None:
        """Test outcome: the thesis's rule, or the kept-evidence/comparative decision."""
        config = self.config
        used = int(self.progress[USED])
        if config.thesis_test:
            apply_results(
                self._tree(),
                self._agents(),
                count,
                self.results,
                used,
                self.path_hypothesis,
                self.path_agents,
                self.root_tests,
                self.root_wins,
            )
        elif self.reference == REFERENCE_SHARED:
            self._ensure_room(used, 0)
            if self.path_child.size < used:
                self.path_child = np.zeros(self.path_agents.size, dtype=np.int32)
            apply_shared_outcomes(
                self.phases_env,
                self._tree(),
                self._agents(),
                (
                    self.shared_pair_wins,
                    self.shared_pair_tests,
                    self.shared_node_wins,
                    self.shared_node_tests,
                ),
                self.shared_node_best,
                count,
                self.results,
                self.result_tests,
                used,
                self.path_hypothesis,
                self.path_agents,
                self.path_child,
                self.root_tests,
                self.root_wins,
                SHARED_EXPLORATION,
                SHARED_DEPTH,
            )
            self._index()  # the records made nodes: the population index must cover them
        else:
            apply_test_outcomes(
                self._tree(),
                self._agents(),
                self.evidence,
                self.node_wins,
                self.node_tests,
                count,
                self.results,
                self.result_tests,
                used,
                self.path_hypothesis,
                self.path_agents,
                self.root_tests,
                self.root_wins,
                self.reference,
                config.evidence,
                self.states,
                0,
            )
        if config.uncontacted == "reset":
            # Only agents that took part in a test this iteration keep an activity.
            self.active[self.contacted == 0] = 0

    def _diffuse(self) -> None:
        config = self.config
        env, state = self.phases_env, self.states
        if self.relate != RELATE_NONE:
            relate(
                self._tree(), self._agents(), self.node_start, self.members, self.relate, state, 0
            )
        policy = self.policy
        if policy == "tree":
            backscatter(
                env,
                self._tree(),
                self._agents(),
                self.node_start,
                self.members,
                config.backscatter_to_root,
                state,
                0,
            )
            self._ensure_room(self.agent_node.size + 1, self.agent_node.size + 1)
            self._index()
            scatter(
                env,
                self._tree(),
                self._agents(),
                self.node_start,
                self.members,
                config.p_scatter,
                self.scratches[0],
                state,
                0,
            )
            self._index()
        elif policy == "layers" and self.max_path > 2:
            room = self.agent_node.size * self.max_path + 1
            self._ensure_room(room, room)
            if not self._indexed:
                self._index()  # agents have not moved since the iteration began: same index
            reallocate_in_layers(
                env,
                self._tree(),
                self._agents(),
                self.node_start,
                self.members,
                self.scratches[0],
                state,
                0,
            )
            self._index()
        recruit(
            env,
            self._tree(),
            self._agents(),
            self.node_start,
            self.members,
            self.recruitment,
            config.internal_diffusion == "thesis",
            config.copy_activates,
            state,
            0,
        )

    # ------------------------------------------------------------------ driver
    def _should_halt(self, should_stop: StopCheck | None) -> bool:
        if should_stop is not None and should_stop():
            self._stopped = True
            return True
        # A timed search uses its time: iterations until the next would end past the limit
        # by more than half its length (engine.search.timing).
        if self._budget is not None and self._budget.next_batch(1) == 0:
            self._stopped = True
            self._timed_out = True
            return True
        return False

    def run(
        self,
        env,
        limits: SearchLimits,
        on_snapshot: SnapshotCallback | None = None,
        should_stop: StopCheck | None = None,
    ) -> SwarmResult:
        """Iterate on ``env`` until the first of ``limits`` (:mod:`engine.search.limits`;
        a playout limit stops before an iteration that could pass it: ``agents *
        test_playouts``), the confidence threshold, the halting criterion or a stop request;
        return the root's most supported action."""
        limits.require_end(should_stop)
        if self._ran:
            raise HexError("a search runs once: make a new one for another run")
        self._ran = True
        self.prepare(env)
        self._start = time.perf_counter()
        seconds = limits.seconds
        self._budget = None if seconds is None else TimeBudget(seconds, start=self._start)
        self._stopped = False
        self._timed_out = False
        throttle = SnapshotThrottle(on_snapshot)
        most_playouts = self.agent_node.size * self.config.test_playouts

        def limit_reached() -> bool:
            if limits.iterations is not None and self.iteration >= limits.iterations:
                return True
            return limits.playouts is not None and self.playouts + most_playouts > limits.playouts

        def emit() -> None:
            throttle.offer(lambda: self.snapshot(done=False))

        pool = ThreadPoolExecutor(max_workers=self.threads) if self.threads > 1 else None
        streak = 0
        halting = HaltingCriterion(self.config)
        try:
            while not limit_reached():
                if self._should_halt(should_stop):
                    break
                started = time.perf_counter()
                if not self._indexed:
                    self._index()
                count = self._form_hypotheses()
                if not self._evaluate(count, pool, should_stop, emit):
                    break
                self.tests += count
                self._apply_results(count)
                self._diffuse()
                self.iteration += 1
                if self._budget is not None:
                    self._budget.record(1, time.perf_counter() - started)
                counts, actives = self.root_counts()
                self._record_history(counts, actives)
                emit()
                if self.config.confidence is not None:
                    total = counts.sum()
                    share = counts.max() / total if total else 0.0
                    streak = streak + 1 if share >= self.config.confidence else 0
                    if streak >= CONFIDENCE_STREAK:
                        break
                if halting.update(counts, actives):
                    break
        finally:
            if pool is not None:
                pool.shutdown(wait=True)
        final = throttle.final(self.snapshot(done=True))
        counts, actives = self.root_counts()
        best = self.best_action(counts, actives)
        return SwarmResult(
            best_action=best,
            estimate=self.estimate(best, counts, actives),
            counts=counts,
            actives=actives,
            iterations=self.iteration,
            playouts=self.playouts,
            tests=self.tests,
            stopped=self._stopped and not self._timed_out,
            snapshot=final,
            history=tuple(self.history),
        )

    # ------------------------------------------------------------------ observation
    def root_counts(self) -> tuple[np.ndarray, np.ndarray]:
        """Root agents and active root agents per action (from the current population index)."""
        counts = np.zeros(self.width, dtype=np.int64)
        actives = np.zeros(self.width, dtype=np.int64)
        if not self._indexed:
            self._index()
        population_counts(
            self._agents(), self.node_start, self.members, 0, self.width, counts, actives
        )
        return counts, actives

    def best_action(self, counts: np.ndarray, actives: np.ndarray) -> int:
        """The hypothesis held by most root agents; ties go to more active agents, then to
        the better accumulated win rate, then to the lower action index. With
        ``reference=shared`` the move whose root record has the best lower bound."""
        rates = self.root_wins / np.maximum(self.root_tests, 1)
        if self.reference == REFERENCE_SHARED and self.root_tests.sum() > 0:
            # The root record's best lower bound: the move the evidence is surest of.
            tests = np.maximum(self.root_tests, 1)
            bonus = SHARED_EXPLORATION * np.sqrt(np.log(self.root_tests.sum()) / tests)
            return int(np.argmax(np.where(self.root_tests > 0, rates - bonus, -np.inf)))
        order = np.lexsort((-np.arange(self.width), rates, actives, counts))
        return int(order[-1])

    def estimate(self, action: int, counts: np.ndarray, actives: np.ndarray) -> float:
        """The root player's win rate after ``action``: accumulated tests through it, or the
        active share of its supporters before any test finished."""
        if self.root_tests[action] > 0:
            return float(self.root_wins[action] / self.root_tests[action])
        if counts[action] > 0:
            return float(actives[action] / counts[action])
        return 0.5

    def _record_history(self, counts: np.ndarray, actives: np.ndarray) -> None:
        self.history.append(tuple(int(c) for c in counts))
        self.root_history.add(self.iteration, counts, actives)

    def snapshot(self, *, done: bool) -> SearchSnapshot:
        """An immutable picture of the search now (root distribution, history, tree)."""
        counts, actives = self.root_counts()
        best = self.best_action(counts, actives)
        tree = self._tree_summary() if self.tree_summary else None
        return SearchSnapshot(
            position_id=self.position_id,
            player=self.player,
            to_move=self.to_move,
            iteration=self.iteration,
            playouts=self.playouts,
            elapsed_s=time.perf_counter() - self._start,
            root_moves=tuple(int(m) for m in self.action_labels),
            root_agents=tuple(int(c) for c in counts),
            root_active=tuple(int(a) for a in actives),
            best_move=int(self.action_labels[best]),
            estimate=self.estimate(best, counts, actives),
            principal_variation=self.principal_variation(),
            root_values=self.root_values(counts, actives),
            root_lines=self.root_lines(counts, actives),
            **self.root_history.snapshot_fields(),
            tree=tree,
            done=done,
            extra={
                "policy": self.config.policy,
                "tests": self.tests,
                "agents": int(self.agent_node.size),
                "nodes": int(self.counters[NODE_COUNT]),
                "populations": int(np.count_nonzero(np.diff(self._populations()))),
            },
        )

    def _populations(self) -> np.ndarray:
        return self.node_start[: int(self.counters[NODE_COUNT]) + 1]

    def _node_stats(self, node: int) -> tuple[np.ndarray, np.ndarray]:
        counts = np.zeros(self.width, dtype=np.int64)
        actives = np.zeros(self.width, dtype=np.int64)
        population_counts(
            self._agents(), self.node_start, self.members, node, self.width, counts, actives
        )
        return counts, actives

    def _child(self, node: int, action: int) -> int:
        return int(find_child(self.pair_keys, self.pair_child, self.width, node, action))

    def principal_variation(self, limit: int = PV_LENGTH) -> tuple[int, ...]:
        """Labels of the most supported hypothesis at the root, then in the population it
        points to, and so on while populations are not empty."""
        counts, actives = self.root_counts()
        if counts.sum() == 0:
            return ()
        return self._line(int(np.lexsort((actives, counts))[-1]), limit)

    def _line(self, action: int, limit: int = PV_LENGTH) -> tuple[int, ...]:
        """Root action ``action``, then the most supported hypothesis of the population it
        points to, and so on while populations are not empty."""
        if not self._indexed:
            self._index()
        pv = [int(self.action_labels[action])]
        node = 0
        starts = self._populations()
        while len(pv) < limit:
            child = self._child(node, action)
            if child < 0 or child + 1 >= starts.size or starts[child + 1] == starts[child]:
                break
            node = child
            counts, actives = self._node_stats(node)
            if counts.sum() == 0:
                break
            action = int(np.lexsort((actives, counts))[-1])
            pv.append(int(self.action_labels[action]))
        return tuple(pv)

    def root_lines(self, counts: np.ndarray, actives: np.ndarray) -> tuple[tuple[int, ...], ...]:
        """The principal variations of the :data:`CANDIDATE_LINES` root moves most agents
        hold (ties: more active agents, then the lower action)."""
        order = np.lexsort((np.arange(self.width), -actives, -counts))[:CANDIDATE_LINES]
        return tuple(self._line(int(action)) for action in order if counts[action] > 0)

    def root_values(self, counts: np.ndarray, actives: np.ndarray) -> tuple[float, ...]:
        """Per action, :meth:`estimate` where there is evidence, ``nan`` where there is none."""
        return tuple(
            self.estimate(a, counts, actives)
            if self.root_tests[a] > 0 or counts[a] > 0
            else math.nan
            for a in range(self.width)
        )

    def _ends_game(self, node: int, action: int) -> bool:
        """Whether ``action`` from ``node`` was found to end the game."""
        outcome = known_outcome(self.pair_keys, self.pair_outcome, self.width, node, action)
        return int(outcome) in (ROOT_WINS, ROOT_LOSES)

    def _tree_summary(self, max_depth: int = 4, max_children: int = 6, max_nodes: int = 40):
        """The top of the metapopulation: at each node the children whose moves most agents
        there hold (then by population size); the moves that end the game included."""
        if not self._indexed:
            self._index()
        starts = self._populations()
        sizes = np.diff(starts)
        node_count = sizes.size
        populated = np.flatnonzero(sizes > 0)
        parents = self.node_parent[populated]
        active_per_node = np.bincount(self.agent_node, weights=self.active, minlength=node_count)[
            :node_count
        ]
        budget = [max_nodes]
        counts, actives = self.root_counts()
        best = self.best_action(counts, actives)

        def build(node: int, path: tuple[int, ...], value: float) -> TreeNode:
            budget[0] -= 1
            depth = len(path)
            children: list[TreeNode] = []
            collapsed = collapsed_agents = 0
            if depth < max_depth:
                counts, actives = self._node_stats(node)
                kids = populated[parents == node]
                # Children: the populated child nodes, plus the moves held here with no
                # population below (a move that ends the game, or one the allocation policy
                # gave no population yet: the agents holding it are often the whole story).
                entries = [(int(sizes[kid]), int(kid), int(self.node_action[kid])) for kid in kids]
                with_child = {action for _, _, action in entries}
                for action in np.flatnonzero(counts > 0).tolist():
                    if action not in with_child:
                        entries.append((int(counts[action]), -1, action))
                # The move chosen here (at the root the move played, below it the principal
                # variation's) first, then by the agents here holding each move, then by the
                # population below: ranking by the child's population alone left the chosen
                # move out of the drawn tree when other children held more agents deeper down.
                top = best if node == 0 else int(np.lexsort((actives, counts))[-1])
                entries.sort(
                    key=lambda e: (e[2] != top, -counts[e[2]], -actives[e[2]], -e[0], e[2])
                )
                for rank, (agents, kid, action) in enumerate(entries):
                    if rank < max_children and budget[0] > 0:
                        held = counts[action]
                        kid_value = float(actives[action] / held) if held else 0.0
                        kid_path = (*path, int(self.action_labels[action]))
                        if kid < 0:
                            budget[0] -= 1
                            children.append(
                                TreeNode(
                                    path=kid_path,
                                    depth=depth + 1,
                                    agents=agents,
                                    active=int(actives[action]),
                                    value=kid_value,
                                    ends_game=self._ends_game(node, action),
                                    held_only=True,
                                )
                            )
                        else:
                            children.append(build(kid, kid_path, kid_value))
                    else:
                        collapsed += 1
                        # Agents of populations only: a game-ending move's holders live in
                        # this node's population, counted already.
                        collapsed_agents += agents if kid >= 0 else 0
            return TreeNode(
                path=path,
                depth=depth,
                agents=int(sizes[node]),
                active=int(active_per_node[node]),
                value=value,
                children=tuple(children),
                collapsed_children=collapsed,
                collapsed_agents=collapsed_agents,
                ends_game=depth > 0
                and self._ends_game(int(self.node_parent[node]), int(self.node_action[node])),
            )

        try:
            return build(0, (), 1.0 - self.estimate(best, counts, actives))
        finally:
            # build's closure holds build itself: unbind it, or the search (and its tree's
            # arrays, tens of MB) waits for the cycle collector after every move. (Not `del`:
            # ruff then takes the recursive calls for undefined names.)
            build = None  # type: ignore[assignment]  # unbinding is the point

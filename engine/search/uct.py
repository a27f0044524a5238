"""UCT search driver: one tree by default (seeds 003/004), root parallelism as an option.

``parallel="none"`` grows one tree on one thread; ``parallel="root"`` grows ``threads``
independent trees, each with its own generator (seeded from ``seed``), and sums their root
children's statistics. Work runs in bounded kernel batches between which ``should_stop`` is
polled and snapshots are taken. The most visited move is played (seed 004: "play the most
simulated move"); a move that wins at once is exact (no playout) and is played whatever the
counts.

Limits (:class:`engine.search.limits.SearchLimits`): ``iterations`` counts descents over all
trees, ``playouts`` allows ``playouts // leaf_playouts`` descents (each runs ``leaf_playouts``
playouts from its leaf, an option of ours that spreads the cost of a descent over several
playouts), ``seconds`` is used in batches sized from the measured speed
(:mod:`engine.search.timing`); the first limit reached ends the search. Memory: at most
``max_nodes`` nodes per tree; when they are used up the tree stops growing and the remaining
iterations play out from its leaves.

RAVE (``rave=True``, Hex only; ours, after MoHex 2.0, docs/search.md): every playout also
updates all-moves-as-first counts of the children along its path, and children are chosen by a
blend of those counts and UCB1 (:func:`engine.kernels.uct.rave_child`).

Reuse between moves: :meth:`UctTree.subtree` keeps the part of a finished search's tree under
the moves played since (our move and the opponent's reply) as the tree of the next search.

Call :meth:`UctSearch.run` from one thread; callbacks run on that thread.
"""

from __future__ import annotations

import dataclasses
import math
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import numpy as np
from hexswarm.engine.board import HexError
from hexswarm.engine.dfpn import geometry
from hexswarm.engine.kernels.descent import no_agents, tree_iterations, uct_rules
from hexswarm.engine.kernels.environment import HEX, action_count_py, make_scratch
from hexswarm.engine.kernels.layout import AnthillAgents
from hexswarm.engine.kernels.patterns import NEAR_CELLS, NO_KEY, near_table
from hexswarm.engine.kernels.rng import seed_states
from hexswarm.engine.kernels.tree import ROOT_LOSES, ROOT_WINS
from hexswarm.engine.kernels.tree_knowledge import TreeKnowledgeArrays
from hexswarm.engine.kernels.uct import (
    ACTION,
    BEST,
    BLOCK,
    BLOCK_COLUMNS,
    BLOCK_VALUE_COLUMNS,
    BLOCKS,
    COUNT,
    COUNTER_COLUMNS,
    FIRST,
    MAY_GROW,
    NODE_COLUMNS,
    NODES,
    PRIOR_BIAS,
    PRIOR_INTRUSION,
    PRIOR_ON,
    PRIOR_ROOT_LAST,
    PRIOR_SETTINGS,
    PROVEN,
    PRUNED,
    RAVE_COLUMNS,
    RAVE_VISITS,
    RAVE_WINS,
    SECOND,
    TABLE_SIZE,
    TRIED,
    UNEXPANDED,
    VISITS,
    WINS,
    PriorArrays,
    UcbTables,
    UctTreeArrays,
    child_priors,
    copy_subtree,
    hex_board,
    root_children,
    subtree_size,
    ucb_tables,
)
from hexswarm.engine.knowledge import run_time_policy
from hexswarm.engine.patterns import CODES, LOCAL_CLASSES, dead_table, killer_table, load_table
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
from hexswarm.engine.search.swarm import STATE_STRIDE, OptionRule, broken_rules
from hexswarm.engine.search.timing import TimeBudget

PARALLEL = ("none", "root")
DEFAULT_EXPLORATION = 0.5  # the measured sweep, docs/experiments.md
DEFAULT_EXPAND_AFTER = 1
DEFAULT_MAX_NODES = 8_000_000  # about 135 MB per tree at ~16.6 bytes a node (docs/benchmarks.md)
DEFAULT_PRIOR_BIAS = 2.47  # MoHex 2.0's progressive bias constant
PROBE_ITERATIONS = 256  # the first batch of a timed search, before its speed is known

_TABLES: UcbTables | None = None
_NO_AGENTS = no_agents()
_NO_PRIORS = (
    np.ones((2, CODES), dtype=np.float64),
    np.ones(LOCAL_CLASSES, dtype=np.float64),
    np.zeros(NEAR_CELLS, dtype=np.int32),
)
_NO_HASH12 = (
    np.full(1, NO_KEY, dtype=np.int64),
    np.zeros(1, dtype=np.float64),
    np.zeros((2, CODES), dtype=np.bool_),
)
_NO_LOCAL = (
    np.ones((1, 1, 1), dtype=np.float64),
    np.full(1, NO_KEY, dtype=np.int64),
    np.zeros(1, dtype=np.float64),
)
_NO_CAPTURE = (np.zeros((2, CODES), dtype=np.uint8), np.zeros((2, CODES), dtype=np.bool_))


def prior_arrays(
    env,
    table: str | None,
    bias: float,
    last_cell: int,
    pruning: bool = False,
    intrusion_bonus: float = 0.0,
    prune_captured: bool = False,
    prune_vulnerable: bool = False,
) -> PriorArrays:
    """The kernels' priors (:class:`engine.kernels.uct.PriorArrays`) from the pattern table
    named ``table`` (:func:`engine.patterns.load_table`; its 12-cell gammas hashed, or one
    empty slot), or inert arrays of the same types when ``table`` is None. ``last_cell``: the
    move before the root (-1).
    With ``pruning`` the gamma of every dead pattern (:func:`engine.patterns.dead_table`) is
    0: such a move gets prior 0, which the kernel's choice skips (MoHex 2.0's prior pruning of dead
    cells; a dead cell's colour never changes the winner, so its move is never better than
    another). ``intrusion_bonus``: the gamma added to the answers that restore a bridge or edge
    template II the last move intruded into (:func:`engine.kernels.uct.child_priors`; 0: none).
    With ``prune_vulnerable`` the gamma of every pattern with a killer
    (:func:`engine.patterns.killer_table`: an opponent answer that kills the mover's stone) is
    0; with ``prune_captured`` the kernel gives 0 to a cell the opponent captures with one of
    its killers (:func:`engine.kernels.uct.captured_by_opponent`, which reads the killer's
    ring on the board)."""
    settings = np.zeros(PRIOR_SETTINGS, dtype=np.float64)
    settings[PRIOR_ROOT_LAST] = -1.0
    if table is None or env.kind != HEX:
        return PriorArrays(*_NO_PRIORS, settings, *_NO_HASH12, *_NO_LOCAL, *_NO_CAPTURE)
    patterns = load_table(table)
    settings[PRIOR_ON], settings[PRIOR_BIAS], settings[PRIOR_ROOT_LAST] = 1.0, bias, last_cell
    settings[PRIOR_INTRUSION] = intrusion_bonus
    near = near_table(max(int(env.size), 1))
    gammas, hash12, local = _raw_gammas(table)
    if pruning:
        gammas = np.where(dead_table(), 0.0, gammas)
    if prune_vulnerable:
        gammas = np.where(killer_table() != 0, 0.0, gammas)
    capture = (killer_table(), dead_table()) if prune_captured else _NO_CAPTURE
    delta = patterns.delta.astype(np.float64)
    return PriorArrays(gammas, delta, near, settings, *hash12, *local, *capture)


_RAW_GAMMAS: dict[str, tuple] = {}


def _raw_gammas(table: str) -> tuple:
    """(gamma[2, 4096] by raw 6-cell code, the 12-cell hash, the local gammas) of the
    table, cached."""
    if table not in _RAW_GAMMAS:
        patterns = load_table(table)
        gammas = patterns.raw_gammas()
        if not (gammas > 0.0).all():
            raise HexError(f"pattern table {table!r} has a gamma <= 0 (0 marks a pruned move)")
        hash12 = patterns.kernel_hash12() if patterns.gamma12 else _NO_HASH12
        has_local = patterns.local12 or patterns.local6
        local = patterns.kernel_local() if has_local else _NO_LOCAL
        _RAW_GAMMAS[table] = (gammas, hash12, local)
    return _RAW_GAMMAS[table]


def _ucb_tables() -> UcbTables:
    global _TABLES
    if _TABLES is None:
        _TABLES = UcbTables(*ucb_tables(TABLE_SIZE))
    return _TABLES


@dataclass(frozen=True, slots=True)
class UctResult:
    best_action: int
    estimate: float  # root player's win rate through the chosen move
    visits: np.ndarray
    wins: np.ndarray
    playouts: int
    iterations: int
    stopped: bool
    snapshot: SearchSnapshot


class UctTree:
    """The arrays of one UCT tree (layout in :mod:`engine.kernels.uct`: a row per node, a row
    per block, and with ``rave`` a row of RAVE counts per node), grown by doubling up to
    ``max_nodes`` nodes."""

    def __init__(
        self,
        max_nodes: int = DEFAULT_MAX_NODES,
        capacity: int = 4096,
        rave: bool = False,
        priors: bool = False,
    ):
        if max_nodes < 2:
            raise ValueError(f"a tree needs room for at least 2 nodes, not {max_nodes}")
        self.max_nodes = int(max_nodes)
        self.has_rave = bool(rave)
        self.has_priors = bool(priors)
        self.rave = np.zeros((0, RAVE_COLUMNS), dtype=np.int32)
        self.prior = np.zeros(0, dtype=np.float64)
        self.nodes = np.zeros((0, NODE_COLUMNS), dtype=np.int32)
        self.blocks = np.zeros((0, BLOCK_COLUMNS), dtype=np.int32)
        self.block_values = np.zeros((0, BLOCK_VALUE_COLUMNS), dtype=np.float64)
        self.counters = np.zeros(COUNTER_COLUMNS, dtype=np.int64)
        self.counters[NODES] = 1
        self.counters[MAY_GROW] = 1
        self._grow_nodes(min(capacity, self.max_nodes))
        self._grow_blocks(max(16, self.node_capacity // 8))
        self.nodes[0, ACTION] = -1  # the root's action
        self.nodes[0, BLOCK] = UNEXPANDED

    @property
    def node_capacity(self) -> int:
        return self.nodes.shape[0]

    @property
    def block_capacity(self) -> int:
        return self.blocks.shape[0]

    @property
    def node_count(self) -> int:
        return int(self.counters[NODES])

    @property
    def block_count(self) -> int:
        return int(self.counters[BLOCKS])

    @property
    def actions(self) -> np.ndarray:
        """The action into each node (a view)."""
        return self.nodes[:, ACTION]

    @property
    def visits(self) -> np.ndarray:
        return self.nodes[:, VISITS]

    @property
    def wins(self) -> np.ndarray:
        """Playouts through each node won by the player who made the move into it."""
        return self.nodes[:, WINS]

    def terminal(self, node: int) -> bool:
        """Whether the move into ``node`` ended the game, or in-tree knowledge proved its
        result (or pruned it)."""
        return bool(self.nodes[node, BLOCK] < UNEXPANDED)

    @property
    def root_proven(self) -> int:
        """The root's result proven by in-tree knowledge: ``ROOT_WINS``, ``ROOT_LOSES``, or 0."""
        return int(self.counters[PROVEN])

    @property
    def rave_visits(self) -> np.ndarray:
        """RAVE samples of each node's move (a view; empty without RAVE)."""
        return self.rave[:, RAVE_VISITS]

    @property
    def rave_wins(self) -> np.ndarray:
        """Of those, the samples won by the player who makes the node's move."""
        return self.rave[:, RAVE_WINS]

    @property
    def nbytes(self) -> int:
        extra = self.rave.nbytes + self.prior.nbytes
        return self.nodes.nbytes + self.blocks.nbytes + self.block_values.nbytes + extra

    def used_bytes(self) -> int:
        """Bytes of the nodes and blocks in use (what a tree of this size needs at least)."""
        per_block = self.blocks.itemsize * BLOCK_COLUMNS
        per_block += self.block_values.itemsize * BLOCK_VALUE_COLUMNS
        per_node = self.nodes.itemsize * NODE_COLUMNS
        if self.has_rave:
            per_node += self.rave.itemsize * RAVE_COLUMNS
        if self.has_priors:
            per_node += self.prior.itemsize
        return self.node_count * per_node + self.block_count * per_block

    def _grow_nodes(self, capacity: int) -> None:
        self.nodes = _resized(self.nodes, capacity, self.node_count)
        if self.has_rave:
            self.rave = _resized(self.rave, capacity, self.node_count)
        if self.has_priors:
            self.prior = _resized(self.prior, capacity, self.node_count)
        self.counters[MAY_GROW] = 1 if capacity < self.max_nodes else 0

    def _grow_blocks(self, capacity: int) -> None:
        self.blocks = _resized(self.blocks, capacity, self.block_count)
        self.block_values = _resized(self.block_values, capacity, self.block_count)

    def make_room(self, width: int) -> bool:
        """Grow after the kernel stopped for want of room; False when nothing could grow (the
        kernel then searches on without expanding)."""
        if self.block_count >= self.block_capacity:
            self._grow_blocks(min(2 * self.block_capacity, self.max_nodes))
            return True
        if self.node_count + width > self.node_capacity and self.node_capacity < self.max_nodes:
            self._grow_nodes(
                min(max(2 * self.node_capacity, self.node_count + width), self.max_nodes)
            )
            return True
        self.counters[MAY_GROW] = 0
        return False

    def arrays(self) -> UctTreeArrays:
        return UctTreeArrays(
            self.nodes, self.blocks, self.block_values, self.counters, self.rave, self.prior
        )

    # ------------------------------------------------------------------ reading
    def children(self, node: int) -> range:
        block = int(self.nodes[node, BLOCK])
        if block < 0:
            return range(0)
        first = int(self.blocks[block, FIRST])
        return range(first, first + int(self.blocks[block, COUNT]))

    def child_by_action(self, node: int, action: int) -> int:
        """The child of ``node`` reached by ``action``, or -1."""
        kids = self.children(node)
        if not len(kids):
            return -1
        hits = np.flatnonzero(self.nodes[kids.start : kids.stop, ACTION] == action)
        return kids.start + int(hits[0]) if hits.size else -1

    def subtree(self, actions: list[int], action_map: np.ndarray) -> UctTree | None:
        """A new tree holding the subtree reached from the root by ``actions`` (old action
        numbers), with actions renumbered by ``action_map``; None when that node was never
        expanded (nothing worth keeping)."""
        node = 0
        for action in actions:
            node = self.child_by_action(node, action)
            if node < 0:
                return None
        if self.nodes[node, BLOCK] < 0:
            return None
        nodes, blocks = subtree_size(self.arrays(), node)
        kept = self.empty_like(capacity=max(4096, min(2 * nodes, self.max_nodes)))
        if blocks > kept.block_capacity:
            kept._grow_blocks(max(2 * blocks, 16))
        flip = len(actions) % 2 == 1  # the other player is to move at the new root
        copy_subtree(self.arrays(), node, action_map.astype(np.int32), kept.arrays(), flip)
        # The root's moves are never pruned (engine.kernels.tree_knowledge): a move pruned
        # below the old root is a leaf again at the new one.
        kids = kept.children(0)
        moves = kept.nodes[kids.start : kids.stop]
        moves[moves[:, BLOCK] == PRUNED, BLOCK] = UNEXPANDED
        self._copy_extra(node, kept)
        return kept

    def restrict_root(self, actions) -> int | None:
        """Search only ``actions`` at the root (the rest of the tree is unchanged): an
        unexpanded root gets a block of just those children (returned, for their priors: see
        :class:`UctSearch`); an expanded one (a reused tree) keeps those children, with their
        statistics, RAVE counts, priors and subtrees, and drops the others (returns None).
        The tree must have room for the children (:class:`UctSearch` makes it)."""
        actions = np.unique(np.asarray(actions, dtype=np.int32))
        if actions.size == 0:
            raise ValueError("the root needs at least one move to search")
        nodes, blocks, counters = self.nodes, self.blocks, self.counters
        block = int(nodes[0, BLOCK])
        if block < 0:
            first, block = int(counters[NODES]), int(counters[BLOCKS])
            if first + actions.size > self.node_capacity or block >= self.block_capacity:
                raise ValueError("no room in the tree for the root's children")
            children = slice(first, first + actions.size)
            nodes[children] = 0
            nodes[children, BLOCK] = UNEXPANDED
            nodes[children, ACTION] = actions
            if self.has_rave:
                self.rave[children] = 0
            if self.has_priors:
                self.prior[children] = 0.0
            blocks[block] = 0
            blocks[block, FIRST] = first
            blocks[block, COUNT] = actions.size
            blocks[block, BEST] = blocks[block, SECOND] = -1
            nodes[0, BLOCK] = block
            counters[NODES] = first + actions.size
            counters[BLOCKS] = block + 1
            return block
        first, count = int(blocks[block, FIRST]), int(blocks[block, COUNT])
        keep = np.isin(nodes[first : first + count, ACTION], actions)
        tried = np.arange(count) < blocks[block, TRIED]
        # The kernel keeps a block's tried children at its head: keep that order.
        order = np.concatenate([np.flatnonzero(keep & tried), np.flatnonzero(keep & ~tried)])
        kept = slice(first, first + order.size)
        nodes[kept] = nodes[first : first + count][order]
        if self.has_rave:
            self.rave[kept] = self.rave[first : first + count][order]
        if self.has_priors:
            self.prior[kept] = self.prior[first : first + count][order]
        blocks[block, COUNT] = order.size
        blocks[block, TRIED] = int(np.count_nonzero(keep & tried))
        blocks[block, BEST] = blocks[block, SECOND] = -1  # node numbers changed: rescan
        return None

    def empty_like(self, capacity: int) -> UctTree:
        """A new empty tree of this kind, node budget and RAVE."""
        return UctTree(
            self.max_nodes, capacity=capacity, rave=self.has_rave, priors=self.has_priors
        )

    def _copy_extra(self, node: int, kept: UctTree) -> None:
        """Copy what a subclass keeps beside the nodes for the subtree under ``node``."""

    def population(self) -> AnthillAgents | None:
        """The agents beside the nodes: none in UCT's tree (``None``: see
        :func:`engine.kernels.descent.no_agents`)."""
        return _NO_AGENTS


def _resized(array: np.ndarray, capacity: int, used: int) -> np.ndarray:
    grown = np.zeros((capacity, *array.shape[1:]), dtype=array.dtype)
    used = min(used, array.shape[0])
    grown[:used] = array[:used]
    return grown


def knowledge_arrays(env) -> TreeKnowledgeArrays:
    """The work arrays of in-tree knowledge for one tree
    (:mod:`engine.kernels.tree_knowledge`): the cells, the board's geometry
    (:func:`engine.dfpn.geometry`), the dead-cell table, and
    :func:`engine.kernels.dfpn.connection`'s work arrays (tiny ones off Hex)."""
    size = max(int(env.size), 1) if env.kind == HEX else 1
    length = size * size
    neighbours, edges, ring, _, _ = geometry(size)
    return TreeKnowledgeArrays(
        np.zeros(length, dtype=np.int8),
        neighbours,
        edges,
        ring,
        dead_table(),
        np.zeros((2, length + 2), dtype=np.int64),
        np.zeros((2, (length + 2) ** 2), dtype=np.int64),
        np.zeros((14 * length + 1, 5), dtype=np.int64),
        np.zeros((2, length), dtype=np.int64),
        np.zeros(4, dtype=np.int64),
        np.zeros(length, dtype=np.int64),
    )


class _Worker:
    """One tree and the per-thread scratch its kernel needs."""

    def __init__(self, env, tree: UctTree, max_depth: int):
        self.tree = tree
        self.scratch = make_scratch(env)
        bound = max_depth + 2
        self.chain_parent = np.arange(-1, bound - 1, dtype=np.int32)
        self.chain_action = np.full(bound, -1, dtype=np.int32)
        self.chain_depth = np.arange(bound, dtype=np.int32)
        self.path = np.zeros(bound, dtype=np.int64)
        self.carriers = np.zeros(bound, dtype=np.int64)  # the anthill's: who chose each move
        # The all-moves-as-first counts of a descent's playouts (RAVE; see record_amaf).
        self.amaf = np.zeros((2, max(action_count_py(env), 1)), dtype=np.int32)
        self.depth_counts = np.zeros(bound, dtype=np.int64)
        self.board = hex_board(env)
        self.knowledge = knowledge_arrays(env)
        self.done = 0
        self.playouts = 0


TREE_OPTION_RULES = (
    OptionRule(
        ("priors", "rave"),
        lambda v: v["priors"] in (None, "none") or v["rave"],
        "pattern priors need rave=true (they start each move's RAVE record)",
    ),
    OptionRule(
        ("prior_pruning", "priors"),
        lambda v: not v["prior_pruning"] or v["priors"] not in (None, "none"),
        "prior_pruning needs priors (it gives dead cells a prior of 0)",
    ),
    OptionRule(
        ("prune_captured", "priors"),
        lambda v: not v["prune_captured"] or v["priors"] not in (None, "none"),
        "prune_captured needs priors (it gives the opponent's captured cells a prior of 0)",
    ),
    OptionRule(
        ("prune_vulnerable", "priors"),
        lambda v: not v["prune_vulnerable"] or v["priors"] not in (None, "none"),
        "prune_vulnerable needs priors (it gives vulnerable cells a prior of 0)",
    ),
    OptionRule(
        ("intrusion_bonus", "priors"),
        lambda v: v["intrusion_bonus"] == 0.0 or v["priors"] not in (None, "none"),
        "intrusion_bonus needs priors (it is added to the answers' prior weights)",
    ),
    OptionRule(
        ("proven_playouts", "knowledge_after", "rave"),
        lambda v: not v["proven_playouts"] or (v["knowledge_after"] > 0 and v["rave"]),
        "proven_playouts needs knowledge_after and rave=true (its playouts feed only RAVE)",
    ),
    OptionRule(
        ("playouts", "leaf_playouts"),
        lambda v: v["playouts"] >= v["leaf_playouts"],
        "playouts must be at least leaf_playouts (a descent runs leaf_playouts playouts)",
    ),
)
"""Rules between the tree searches' settings (UCT, the anthill), checked by their configs and
by the level table wherever values are entered (see ``engine.search.swarm.OptionRule``)."""


@dataclass(frozen=True, slots=True)
class UctConfig:
    """What a UCT search is (its settings; how long it runs is a :class:`SearchLimits`).
    The level table (``engine.players.levels``) takes these defaults and choices, and the
    players build a config from a level's settings by field name
    (``engine.players.common.search_config``)."""

    exploration: float = DEFAULT_EXPLORATION
    threads: int = 1
    parallel: str = "none"
    seed: int = 0
    expand_after: int = DEFAULT_EXPAND_AFTER
    max_nodes: int = DEFAULT_MAX_NODES
    leaf_playouts: int = 1
    rave: bool = False
    priors: str | None = None  # a pattern table (engine.patterns), None: no priors
    prior_bias: float = DEFAULT_PRIOR_BIAS
    prior_pruning: bool = False  # dead cells (by their 6-cell pattern) get prior 0: never chosen
    # Cells the opponent captures (a stone there dies after its answer on the pair's other cell,
    # whose own ring says it is then dead too) get prior 0 (engine.kernels.uct.child_priors).
    prune_captured: bool = False
    # Vulnerable cells (an opponent answer next to it makes the stone dead, by its 6-cell
    # pattern: engine.patterns.killer_table; the captured ones among them) get prior 0.
    prune_vulnerable: bool = False
    # The gamma added to the answers to an intrusion into a bridge or edge template II (0: off).
    intrusion_bonus: float = 0.0
    # Visits at which a node gets its Hex knowledge, once (engine.kernels.tree_knowledge; 0: off).
    knowledge_after: int = 0
    # With knowledge_after and RAVE: a descent scored exactly (a proven node, a move that ends
    # the game) still runs its leaf playouts, for the RAVE records only (engine.kernels.descent).
    proven_playouts: bool = False

    def __post_init__(self) -> None:
        if self.parallel not in PARALLEL:
            raise HexError(f"parallel must be one of {', '.join(PARALLEL)}, not {self.parallel!r}")
        for name in ("threads", "expand_after", "leaf_playouts"):
            if getattr(self, name) < 1:
                raise HexError(f"{name} must be at least 1, not {getattr(self, name)}")
        if self.max_nodes < 2:
            raise HexError(f"a tree needs room for at least 2 nodes, not {self.max_nodes}")
        if self.knowledge_after < 0:
            raise HexError(f"knowledge_after must be 0 (off) or more, not {self.knowledge_after}")
        if not self.intrusion_bonus >= 0.0:
            raise HexError(f"intrusion_bonus must be 0 (off) or more, not {self.intrusion_bonus}")
        for message in broken_rules(TREE_OPTION_RULES, dataclasses.asdict(self)):
            raise HexError(message)


class UctSearch:
    """UCT from one position: ``UctSearch(config).run(env, limits)``. It runs once (make one
    per position); its tree stays readable afterwards (``trees``, for reuse: ``tree`` starts
    the next search from a kept subtree). ``root_actions`` restricts the root's moves;
    ``last_cell`` is the cell of the move before the root (priors; -1: none). ``player`` and
    ``position_id`` label the snapshots."""

    config_class: type[UctConfig] = UctConfig

    def __init__(
        self,
        config: UctConfig | None = None,
        *,
        tree: UctTree | None = None,
        root_actions=None,
        last_cell: int = -1,
        player: str = "uct",
        position_id: int = 0,
    ):
        self.config = config = config if config is not None else self.config_class()
        if not isinstance(config, self.config_class):
            raise HexError(f"{type(self).__name__} needs a {self.config_class.__name__}")
        if tree is not None and config.parallel != "none":
            raise HexError("a kept tree can only be searched with parallel='none'")
        if tree is not None and (tree.has_rave, tree.has_priors) != (
            config.rave,
            config.priors is not None,
        ):
            raise HexError("a kept tree must have been searched with the same rave and priors")
        self.exploration = float(config.exploration)
        self.expand_after = int(config.expand_after)
        self.leaf_playouts = int(config.leaf_playouts)
        self.rave = bool(config.rave)
        self.priors = config.priors
        self.knowledge_after = int(config.knowledge_after)
        self.proven_playouts = bool(config.proven_playouts)
        self.trees_count = config.threads if config.parallel == "root" else 1
        self.kept_tree = tree
        self.root_actions = root_actions
        self.last_cell = last_cell
        self.player, self.position_id = player, position_id
        self.rules = uct_rules()  # how moves are chosen: UCT's rule at every depth
        # Iterations per kernel batch without a time limit (None: sized from the width);
        # snapshots and should_stop come between batches, and the draws do not depend on it.
        self.batch_iterations: int | None = None
        self.states = seed_states(config.seed, self.trees_count * STATE_STRIDE)
        self.workers: list[_Worker] = []
        self.playouts = 0
        self.root_history = RootHistory()
        self.budget: TimeBudget | None = None
        self._start = time.perf_counter()

    def _begin(self, env, limits: SearchLimits) -> None:
        """Set up the trees and workers for ``env`` (the search's one run)."""
        if self.workers:
            raise HexError("a search runs once: make a new one for another run")
        if self.rave and env.kind != HEX:
            raise HexError("rave needs a Hex environment (it counts who took each cell)")
        if self.knowledge_after > 0 and env.kind != HEX:
            raise HexError("knowledge_after needs a Hex environment (it reads Hex positions)")
        if limits.playouts is not None and limits.playouts < self.leaf_playouts:
            raise HexError(
                f"a playout limit of {limits.playouts} is less than one descent's "
                f"leaf_playouts ({self.leaf_playouts})"
            )
        config = self.config
        # The descent takes the playout policy apart, as one type for every policy, and tells
        # it apart once a leaf: one compiled descent for every policy (see without_playouts).
        self.env = without_playouts(env)
        self.playout_policy = run_time_policy(env.playout_policy)
        self.width = action_count_py(env)
        self.prior_arrays = prior_arrays(
            env,
            config.priors,
            config.prior_bias,
            self.last_cell,
            config.prior_pruning,
            config.intrusion_bonus,
            config.prune_captured,
            config.prune_vulnerable,
        )
        self.labels = action_labels(env)
        self.to_move = side_to_move(env)
        self.root_mask = np.ones(self.width, dtype=bool)
        root_actions = self.root_actions
        if root_actions is not None:
            self.root_mask[:] = False
            self.root_mask[np.asarray(root_actions, dtype=np.int64)] = True
        # Iterations per tree (each runs leaf_playouts playouts), None: no count limit.
        caps = [limits.iterations]
        if limits.playouts is not None:
            caps.append(limits.playouts // self.leaf_playouts)
        cap = min((c for c in caps if c is not None), default=None)
        self.shares = None if cap is None else split_evenly(cap, self.trees_count)
        self.chunk = self.batch_iterations or max(64, 200_000 // max(self.width, 1))
        if env.kind == HEX:
            self.max_depth = self.width
        else:
            # The toy tree's leaves; a bandit: one level.
            self.max_depth = max(1, int(env.leaf_depth))
        tree = self.kept_tree
        trees = (
            [tree]
            if tree is not None
            else [self.new_tree(config.max_nodes) for _ in range(self.trees_count)]
        )
        for t in trees:
            if t.node_count + self.width > t.node_capacity:
                t._grow_nodes(min(max(2 * t.node_capacity, t.node_count + self.width), t.max_nodes))
            if root_actions is not None:
                self._restrict_root(t, root_actions, env)
        self.workers = [_Worker(env, t, self.max_depth) for t in trees]
        self.reused_visits = int(trees[0].visits[0])

    def _restrict_root(self, tree: UctTree, root_actions, env) -> None:
        """Search only ``root_actions`` at ``tree``'s root (:meth:`UctTree.restrict_root`),
        giving a new root block the priors the kernel would have given it at expansion."""
        block = tree.restrict_root(root_actions)
        if block is not None and self.priors is not None:
            settings = self.prior_arrays.settings
            child_priors(
                tree.arrays(),
                block,
                env.action_cells,
                int(env.size),
                env.black_rows,
                env.white_columns,
                bool(env.root_black),
                int(settings[PRIOR_ROOT_LAST]),
                self.prior_arrays,
            )

    def new_tree(self, max_nodes: int) -> UctTree:
        """An empty tree for one worker."""
        return UctTree(max_nodes, rave=self.rave, priors=self.priors is not None)

    @property
    def trees(self) -> list[UctTree]:
        return [w.tree for w in self.workers]

    @property
    def done(self) -> list[int]:
        return [w.done for w in self.workers]

    def _run_batch(self, index: int, count: int) -> int:
        """``count`` iterations on tree ``index`` (growing it as needed; fewer when its root
        gets proven); returns playouts."""
        worker = self.workers[index]
        tree = worker.tree
        playouts = 0
        while count > 0:
            done, run = self._iterate(worker, index, count)
            count -= done
            worker.done += done
            playouts += run
            if tree.root_proven:
                # The kernel returned on a proven root: the search is over (descents from here
                # would each score the proven win, one kernel call apiece).
                break
            if count > 0:
                tree.make_room(self.width)
        return playouts

    def _iterate(self, worker: _Worker, index: int, count: int) -> tuple[int, int]:
        """The kernel's run of up to ``count`` iterations on ``worker``'s tree: ``(iterations
        done, playouts)``; fewer iterations when the tree wants room."""
        tree = worker.tree
        return tree_iterations(
            self.env,
            tree.arrays(),
            tree.population(),
            self.rules,
            count,
            self.exploration,
            self.expand_after,
            self.max_depth,
            _ucb_tables(),
            worker.scratch,
            worker.chain_parent,
            worker.chain_action,
            worker.chain_depth,
            worker.path,
            worker.carriers,
            worker.depth_counts,
            worker.board,
            self.states,
            index * STATE_STRIDE,
            self.leaf_playouts,
            self.rave,
            worker.amaf,
            self.prior_arrays,
            self.playout_policy,
            self.knowledge_after,
            worker.knowledge,
            self.proven_playouts,
        )

    def _next_count(self) -> int:
        """Iterations per tree for the next batch (0: finished, or a root proven)."""
        if any(w.tree.root_proven for w in self.workers):
            return 0
        count = self.chunk
        if self.budget is not None:
            count = self.budget.next_batch(PROBE_ITERATIONS)
        if self.shares is not None:
            left = max(s - w.done for s, w in zip(self.shares, self.workers, strict=True))
            count = min(count, left)
        return count

    def run(
        self,
        env,
        limits: SearchLimits,
        on_snapshot: SnapshotCallback | None = None,
        should_stop: StopCheck | None = None,
    ) -> UctResult:
        """Search ``env`` until the first of ``limits`` or ``should_stop``
        (:mod:`engine.search.limits`)."""
        limits.require_end(should_stop)
        self._begin(env, limits)
        self._start = time.perf_counter()
        if limits.seconds is not None:
            self.budget = TimeBudget(limits.seconds, start=self._start)
        stopped = False
        throttle = SnapshotThrottle(on_snapshot)
        pool = ThreadPoolExecutor(max_workers=self.trees_count) if self.trees_count > 1 else None
        try:
            while True:
                if should_stop is not None and should_stop():
                    stopped = True
                    break
                count = self._next_count()
                if count <= 0:
                    break
                started = time.perf_counter()
                if pool is None:
                    self.playouts += self._run_batch(0, count)
                else:
                    counts = (
                        [count] * len(self.workers)
                        if self.shares is None
                        else [
                            min(count, s - w.done)
                            for s, w in zip(self.shares, self.workers, strict=True)
                        ]
                    )
                    self.playouts += sum(pool.map(self._run_batch, range(len(counts)), counts))
                if self.budget is not None:
                    self.budget.record(count, time.perf_counter() - started)
                self._record_history()
                throttle.offer(lambda: self.snapshot(False))
        finally:
            if pool is not None:
                pool.shutdown(wait=True)
        final = throttle.final(self.snapshot(True))
        visits, wins, terminal = self.root_stats()
        best = self.best_action(visits, wins, terminal)
        return UctResult(
            best_action=best,
            estimate=final.estimate,
            visits=visits,
            wins=wins,
            playouts=self.playouts,
            iterations=sum(self.done),
            stopped=stopped,
            snapshot=final,
        )

    # ------------------------------------------------------------------ observation
    def root_stats(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        visits = np.zeros(self.width, dtype=np.float64)
        wins = np.zeros(self.width, dtype=np.float64)
        terminal = np.zeros(self.width, dtype=np.int8)
        for tree in self.trees:
            root_children(tree.arrays(), visits, wins, terminal)
        return visits, wins, terminal

    def best_action(self, visits, wins, terminal) -> int:
        """An exact win first, then a move not proven lost nor pruned by in-tree knowledge,
        then the most visited move, then the better win rate; among the root's moves only
        (``root_actions``), even before any of them was visited."""
        rate = wins / np.maximum(visits, 1)
        allowed = self.root_mask.astype(np.int8)
        open_move = (terminal != ROOT_LOSES) & (terminal != -PRUNED)
        order = np.lexsort(
            (-np.arange(self.width), rate, visits, open_move, terminal == ROOT_WINS, allowed)
        )
        return int(order[-1])

    def depth_counts(self) -> np.ndarray:
        """Playouts by the number of moves between the root and their start position."""
        return np.sum([w.depth_counts for w in self.workers], axis=0)

    def _most_visited_child(self, tree: UctTree, node: int) -> int:
        kids = tree.children(node)
        if not len(kids):
            return -1
        visits = tree.visits[kids.start : kids.stop]
        if visits.max() <= 0:
            return -1
        return kids.start + int(np.argmax(visits))

    def principal_variation(self, limit: int = PV_LENGTH) -> tuple[int, ...]:
        """Most visited children from the root of the first tree."""
        tree = self.trees[0]
        pv: list[int] = []
        node = 0
        while len(pv) < limit:
            node = self._most_visited_child(tree, node)
            if node < 0:
                break
            pv.append(int(self.labels[tree.actions[node]]))
        return tuple(pv)

    def root_lines(self, visits: np.ndarray) -> tuple[tuple[int, ...], ...]:
        """The principal variations of the :data:`CANDIDATE_LINES` most visited root moves
        (visits summed over the trees), each continued by the most visited children of the
        first tree."""
        tree = self.trees[0]
        order = np.lexsort((np.arange(self.width), -visits))[:CANDIDATE_LINES]
        lines = []
        for action in order:
            if visits[action] <= 0:
                break
            line = [int(self.labels[action])]
            node = tree.child_by_action(0, int(action))
            while node >= 0 and len(line) < PV_LENGTH:
                node = self._most_visited_child(tree, node)
                if node < 0:
                    break
                line.append(int(self.labels[tree.actions[node]]))
            lines.append(tuple(line))
        return tuple(lines)

    def tree_summary(self, max_depth: int = 3, max_children: int = 6) -> TreeNode:
        """The most visited part of the first tree (``agents`` = visits, ``active`` = wins of
        the player who made the node's move)."""
        return self._summary_node(self.trees[0], 0, (), max_depth, max_children)

    def _summary_node(
        self, tree: UctTree, node: int, path: tuple[int, ...], max_depth: int, max_children: int
    ) -> TreeNode:
        # A method, not a closure that calls itself: such a closure holds itself in a cycle,
        # and the search (and its tree's arrays, tens of MB) would wait for the cycle
        # collector after every move.
        visits, wins = tree.visits, tree.wins
        kids = [k for k in tree.children(node) if visits[k] > 0]
        kids.sort(key=lambda k: -visits[k])
        shown = kids[:max_children] if len(path) < max_depth else []
        hidden = kids[len(shown) :]
        n = visits[node]
        return TreeNode(
            path=path,
            depth=len(path),
            agents=int(n),
            active=int(wins[node]),
            value=float(wins[node] / n) if n else 0.0,
            children=tuple(
                self._summary_node(
                    tree, k, (*path, int(self.labels[tree.actions[k]])), max_depth, max_children
                )
                for k in shown
            ),
            collapsed_children=len(hidden),
            collapsed_agents=int(sum(int(visits[k]) for k in hidden)),
            ends_game=tree.terminal(node),
        )

    def snapshot(self, done: bool) -> SearchSnapshot:
        visits, wins, terminal = self.root_stats()
        best = self.best_action(visits, wins, terminal)
        estimate = float(wins[best] / visits[best]) if visits[best] else 0.5
        support, active = self.root_support(visits, wins)
        return SearchSnapshot(
            position_id=self.position_id,
            player=self.player,
            to_move=self.to_move,
            iteration=sum(self.done),
            playouts=self.playouts,
            elapsed_s=time.perf_counter() - self._start,
            root_moves=tuple(int(m) for m in self.labels),
            root_agents=tuple(int(v) for v in support),
            root_active=tuple(int(w) for w in active),
            best_move=int(self.labels[best]),
            estimate=estimate,
            principal_variation=self.principal_variation(),
            root_values=tuple(
                float(w / v) if v > 0 else math.nan for v, w in zip(visits, wins, strict=True)
            ),
            root_lines=self.root_lines(visits),
            tree=self.tree_summary(),
            done=done,
            extra={
                "trees": len(self.workers),
                "nodes": sum(t.node_count for t in self.trees),
                "reused_visits": self.reused_visits,
                "root_visits": tuple(int(v) for v in visits),
            },
            **self.history_fields(),
        )

    def root_support(self, visits: np.ndarray, wins: np.ndarray) -> tuple[np.ndarray, ...]:
        """What the snapshot counts per root move: UCT's visits and wins."""
        return visits, wins

    def _record_history(self) -> None:
        """A root sample for the snapshots' history, after each batch (none before the root
        has a visit)."""
        support, active = self.root_support(*self.root_stats()[:2])
        if support.sum() > 0:
            self.root_history.add(sum(self.done), support, active)

    def history_fields(self) -> dict:
        """The snapshot's history of the root counts (thinned: :class:`RootHistory`)."""
        return self.root_history.snapshot_fields()

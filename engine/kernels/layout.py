"""The data the kernels share, declared once, with names.

Every structure a kernel takes as one argument is a ``typing.NamedTuple`` of numpy arrays and
scalars. numba compiles a named tuple exactly as the plain tuple it is (a field read is a
static index resolved at compile time: the same machine code, and no more compile time;
measured in ``docs/results/layout/``), so kernels read ``env.size`` where they read ``env[1]``.
Python code builds them with keywords or positionally, and may still unpack them.

This module imports numpy only (not numba), so the level table and the GUI can build the
policy tuples without loading the compiler; the kernels import nothing from above them.

Perspective and contracts of the fields are stated here; the functions that build each layout
are named in its docstring. The UCT tree's arrays are declared in ``engine.kernels.uct``.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

# Environment kinds (``Environment.kind``).
HEX = 0
BANDIT = 1
EXPLICIT_TREE = 2

# Playout policy kinds (``UniformPolicy.kind``, ``KnowledgePolicy.kind``) and the heuristic
# codes of ``KnowledgePolicy.agents`` (``engine.knowledge`` names them).
UNIFORM_POLICY = 0
KNOWLEDGE_POLICY = 1
# Learned pattern playouts (engine.kernels.patterns): a KnowledgePolicy too, told apart at run
# time by its kind, so the searches are not compiled once more for it.
PATTERN_POLICY = 2
WIN, BLOCK, BRIDGE, TEMPLATE = 0, 1, 2, 3
NO_HEURISTIC = -1


class UniformPolicy(NamedTuple):
    """Uniform random playouts (the thesis's). A type of its own with one field: numba
    compiles the swarm and Monte-Carlo playout loops with the uniform kernel alone
    (``len(policy) == 1`` is decided at compile time; see
    ``engine.kernels.sds.evaluate_tests``). The kernels that play no playout get no
    policy (``NO_PLAYOUTS``), the tree descent a ``KnowledgePolicy`` of kind UNIFORM_POLICY."""

    kind: int


class KnowledgePolicy(NamedTuple):
    """Playouts by a database of agents, or (``kind`` PATTERN_POLICY) by learned pattern
    weights (``engine.knowledge``; built by ``PlayoutPolicy.kernel_policy``), or (``kind``
    UNIFORM_POLICY, ``engine.knowledge.run_time_policy``) uniform playouts told apart at run
    time, for the kernels compiled once for every policy."""

    kind: int  # KNOWLEDGE_POLICY, PATTERN_POLICY or UNIFORM_POLICY
    agents: np.ndarray  # int8, a row per agent: heuristic codes padded with NO_HEURISTIC
    per_playout: bool  # one agent draws a whole playout (else one agent per move)
    tracks: bool  # some agent uses WIN or BLOCK: connectivity is tracked move by move
    # PATTERN_POLICY: int64[4096], the four integer weights (rows 2 * side + near) of each
    # ``around`` code packed in one (engine.patterns.PlayoutTable.kernel_rows); empty otherwise.
    weights: np.ndarray
    # PATTERN_POLICY: the 12-cell weights' hash (int64 key and weights pairs, kernel_hash),
    # which take precedence over ``weights``; one empty pair otherwise.
    hash12: np.ndarray
    # PATTERN_POLICY: uint64, a bit per hash value of a 12-cell code, set for every key of
    # ``hash12`` (engine.patterns.key_filter): a code whose bit is clear is not probed for.
    # Otherwise one word of set bits (every code probed for).
    filter12: np.ndarray


NO_PLAYOUTS: tuple[()] = ()
"""``Environment.playout_policy`` for the kernels that play no playout
(``engine.search.environment.without_playouts``): they then compile once for every policy."""


class Environment(NamedTuple):
    """What the generic search kernels know about the game (``engine.kernels.environment``;
    built by ``engine.search.environment``). Fields unused by a kind hold empty arrays or 0.

    Perspective: results are for the *root player*, the player to move at the root.
    """

    kind: int  # HEX, BANDIT or EXPLICIT_TREE
    size: int  # Hex: the board's side (0 otherwise)
    root_black: bool  # Hex: Black moves at the root
    black_rows: np.ndarray  # Hex: uint64, Black's stones of row r as bits (bit c: column c)
    white_columns: np.ndarray  # Hex: uint64, White's stones of column c as bits (bit r: row r)
    action_cells: np.ndarray  # Hex: int32, action i plays cell action_cells[i] (the empties)
    arm_probabilities: np.ndarray  # bandit: float64, arm i pays 1 with this probability
    leaf_values: np.ndarray  # explicit tree: float64, the root player's chance at each leaf
    leaf_depth: int  # explicit tree: the depth of its leaves
    branching: int  # explicit tree: moves a node; bandit: arms
    action_count: int  # actions numbered 0 .. action_count - 1 at the root
    # How Hex leaves are played out; NO_PLAYOUTS for the kernels that play none.
    playout_policy: UniformPolicy | KnowledgePolicy | tuple[()]


class KnowledgeScratch(NamedTuple):
    """Per-thread arrays of a knowledge playout (``engine.kernels.knowledge``; built by
    ``make_knowledge_scratch``). ``cells`` is the board then the five edge cells; ``around``
    per cell the 2-bit owners of its six neighbours; ``saved_*`` a start position kept for the
    next playouts from it (``saved_counts``: counts, sums, winner)."""

    cells: np.ndarray
    ring: np.ndarray
    carriers: np.ndarray
    around: np.ndarray
    empty_around: np.ndarray
    flags: np.ndarray
    counts: np.ndarray
    sums: np.ndarray
    stack: np.ndarray
    # The tables ride in the scratch: a global array read in the move loop costs a call.
    shape_table: np.ndarray
    pick_table: np.ndarray
    bit_count: np.ndarray
    saved_cells: np.ndarray
    saved_around: np.ndarray
    saved_flags: np.ndarray
    saved_counts: np.ndarray
    # Pattern playouts (engine.kernels.patterns): the 12 cells around each cell, per cell
    # the owners of its six bridge points, its four weights packed in one int64 (as the
    # table's rows; 0 for a stone) and the move at which it was last near the last move.
    near: np.ndarray
    bridges: np.ndarray
    cell_weights: np.ndarray
    near_mark: np.ndarray


class LeafScratch(NamedTuple):
    """Per-thread arrays for evaluating leaves (``engine.kernels.sds.evaluate_tests`` and
    ``move_outcome``; built by ``make_scratch``)."""

    work_cells: np.ndarray  # int32: the leaf's empty cells, permuted by a playout
    used: np.ndarray  # uint8 per cell: marks while a leaf is built (left all 0)
    leaf_rows: np.ndarray  # uint64: Black's rows at the leaf
    rows: np.ndarray  # uint64: a playout's rows, or a connection test's masks
    reach: np.ndarray  # uint64: the flood fill's reached cells per row
    path: np.ndarray  # int32: the explicit tree's actions to a leaf (leaf_depth + 1 slots)
    fixed_state: np.ndarray  # uint64[1]: a generator that leaf indexing never advances
    cell_row: np.ndarray  # int64: the row of each cell
    cell_bit: np.ndarray  # uint64: the bit of each cell in its row
    knowledge: KnowledgeScratch


class SwarmTree(NamedTuple):
    """The swarm searches' tree of nodes and (node, action) pairs (``engine.kernels.tree``;
    owned by ``engine.search.swarm.SwarmSearch``). Node 0 is the root."""

    node_parent: np.ndarray  # int32, -1 at the root
    node_action: np.ndarray  # int32: the action into the node
    node_depth: np.ndarray  # int32: moves below the root
    counters: np.ndarray  # int64: NODE_COUNT, PAIR_COUNT
    pair_keys: np.ndarray  # int64: node * action_count + action, -1 for a free slot
    pair_child: np.ndarray  # int32: the child node, -1 while not created
    pair_outcome: np.ndarray  # int8: UNKNOWN, ONGOING, ROOT_WINS or ROOT_LOSES


class SwarmAgents(NamedTuple):
    """The agents of the swarm searches (``engine.kernels.sds``; owned by ``SwarmSearch``).
    Agent ``i`` lives in the population of node ``node[i]`` and holds ``hypothesis[i]``, an
    action at that node; it is active when the last test it took part in was won by the
    player to move at its node."""

    node: np.ndarray  # int32
    hypothesis: np.ndarray  # int32
    active: np.ndarray  # uint8
    contacted: np.ndarray  # uint8: used to form a hypothesis in this iteration's test
    # uint8, one phase's mark at a time: the relate phase's copy of the activity, the
    # diffusion's recruited mark (2: recruited and to be activated), scatter's moved flag.
    mark: np.ndarray
    hypothesis_snapshot: np.ndarray  # int32: the hypotheses at the start of a diffusion phase


# The slots of ``form_hypotheses``'s ``progress`` array (int64[2]), which make it resumable.
DESCENDING = 0  # hypotheses still descending (-1: not started)
USED = 1  # entries of the path buffers in use


class HexPath(NamedTuple):
    """The Hex position along a tree search's current path, move by move (per thread;
    ``engine.kernels.uct.hex_board`` builds it). ``live[:empty]`` are the empty cells, a
    permutation of the root's kept by swap-removal (``where[cell]`` its index)."""

    live: np.ndarray  # int32
    where: np.ndarray  # int32 per cell
    black_rows: np.ndarray  # uint64: Black's rows as bits
    white_columns: np.ndarray  # uint64: White's columns as bits
    work: np.ndarray  # int32: a playout's copy of live[:empty]
    action_of: np.ndarray  # int32 per cell: the action that plays it (-1: not an action)


class AnthillAgents(NamedTuple):
    """The anthill's agents (``engine.kernels.anthill``; owned by
    ``engine.search.anthill.AnthillTree``): a node's population is ``k = agents_per_move``
    agents per move, stored with its block of children: agent ``first * k + i`` of the block
    starting at child ``first``."""

    hold: np.ndarray  # int32: the move the agent holds (an index in its block)
    active: np.ndarray  # uint8


class AnthillRules(NamedTuple):
    """How the anthill's agents choose and learn (``engine.kernels.anthill``), passed to the
    tree searches' one descent loop (``engine.kernels.descent.tree_iterations``). ``depth`` 0
    is UCT: no depth has agents, the rest is not read. Built by
    ``engine.kernels.descent.anthill_rules`` (the types must not vary: one compiled loop for
    every anthill, and one for UCT, which passes no population)."""

    depth: int  # agents choose the move at depths 0 .. depth - 1 (0: UCT, no agents)
    agents_per_move: int  # k: a node's population holds k agents per move
    rival: int  # RIVAL_* of engine.kernels.anthill: the other move of a test
    take_rival: bool  # an agent that fails and polls an inactive one takes the rival
    relate: int  # RELATE_NONE, CONTEXT_FREE or CONTEXT_SENSITIVE (engine.kernels.sds)
    weight: float  # what one playout of a record counts as in a test's draw (1: a trial)
    tests: int  # agents tested per population a descent passes
    test_first: bool  # the carrier is tested when drawn, before its move is followed
    spread: float  # a test's posterior spread is multiplied by this (1: the posterior's)
    start_priors: bool  # a new population's agents are placed in proportion to its priors

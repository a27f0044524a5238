"""A search tree on arrays: a node table plus a hash table of (node, action) pairs.

Shared by the swarm (SDS/SDST) kernels and the UCT kernel. Nothing here knows about Hex.

* Node ``n``: ``node_parent[n]``, ``node_action[n]`` (the action that leads to it from its
  parent) and ``node_depth[n]``; node 0 is the root (the searched position), parent -1.
  ``counters[NODE_COUNT]`` nodes are in use.
* Actions are numbered ``0 .. action_count-1`` by the environment (for Hex: indices into the
  root position's empty cells).
* The pair table maps ``key = node * action_count + action`` (open addressing, linear probing,
  ``pair_keys == -1`` marks a free slot) to the child node (``pair_child``, -1 while the child
  has not been created) and to the cached exact outcome of playing the action
  (``pair_outcome``: :data:`UNKNOWN`, :data:`ONGOING`, :data:`ROOT_WINS`, :data:`ROOT_LOSES`).
  A hash instead of a dense ``children[node, action]`` matrix keeps memory proportional to the
  pairs actually met, even on 26x26 boards.

Capacity: kernels never grow arrays. The Python owner (``engine.search.swarm.SearchTree``)
guarantees room before each phase (nodes and pair slots; the pair table is kept at most half
full) or calls a resumable kernel again after growing.
"""

import numpy as np
from hexswarm.engine.kernels.jit import inline_jit, jit

UNKNOWN = 0
ONGOING = 1
ROOT_WINS = 2  # the game is over after the action and the root's player to move has won
ROOT_LOSES = 3

NODE_COUNT = 0
PAIR_COUNT = 1

# Multiplicative hashing in int64 (wrapping): a uint64 version went through float conversions
# in numba and cost ~25x more per lookup.
_HASH_MULTIPLIER = np.int64(0x5851F42D4C957F2D)


@inline_jit
def pair_slot(pair_keys, key):
    """Slot of ``key`` in the pair table, or of the free slot where it would go."""
    mask = pair_keys.shape[0] - 1
    slot = ((key * _HASH_MULTIPLIER) >> 29) & mask
    found = pair_keys[slot]
    while found != key and found != -1:
        slot = (slot + 1) & mask
        found = pair_keys[slot]
    return slot


@inline_jit
def pair_insert(pair_keys, pair_child, pair_outcome, counters, key):
    """Slot of ``key``, inserting it (no child, outcome unknown) if absent."""
    slot = pair_slot(pair_keys, key)
    if pair_keys[slot] == -1:
        pair_keys[slot] = key
        pair_child[slot] = -1
        pair_outcome[slot] = UNKNOWN
        counters[PAIR_COUNT] += 1
    return slot


@inline_jit
def find_child(pair_keys, pair_child, action_count, node, action):
    """The child node reached by ``action`` from ``node``, or -1 if it was never created.

    (Helpers here have a single exit: numba then prunes the reference counting of the arrays
    they touch; early returns made a lookup ~30x slower.)"""
    slot = pair_slot(pair_keys, np.int64(node) * action_count + action)
    child = np.int32(-1)
    if pair_keys[slot] != -1:
        child = pair_child[slot]
    return child


@inline_jit
def known_outcome(pair_keys, pair_outcome, action_count, node, action):
    """The cached outcome of playing ``action`` from ``node`` (:data:`UNKNOWN` if never met)."""
    slot = pair_slot(pair_keys, np.int64(node) * action_count + action)
    outcome = np.int8(UNKNOWN)
    if pair_keys[slot] != -1:
        outcome = pair_outcome[slot]
    return outcome


@jit
def rehash_pairs(old_keys, old_child, old_outcome, new_keys, new_child, new_outcome):
    """Copy every pair into a larger (power-of-two) table whose keys are all -1."""
    for i in range(old_keys.shape[0]):
        key = old_keys[i]
        if key != -1:
            slot = pair_slot(new_keys, key)
            new_keys[slot] = key
            new_child[slot] = old_child[i]
            new_outcome[slot] = old_outcome[i]


@inline_jit
def new_node(node_parent, node_action, node_depth, counters, parent, action):
    """Append a node below ``parent`` and return its index (room is guaranteed by the owner)."""
    node = counters[NODE_COUNT]
    node_parent[node] = parent
    node_action[node] = action
    node_depth[node] = node_depth[parent] + 1 if parent >= 0 else 0
    counters[NODE_COUNT] = node + 1
    return np.int32(node)


@inline_jit
def action_on_path(node_parent, node_action, node, action):
    """True if ``action`` was already played on the way from the root to ``node``."""
    found = False
    while node > 0 and not found:
        found = node_action[node] == action
        node = node_parent[node]
    return found


@jit
def count_populations(agent_node, node_count, node_start, members):
    """Group the agents by node (a counting sort).

    Afterwards the agents of node ``n`` are ``members[node_start[n]:node_start[n + 1]]`` in
    increasing agent order; this is the "population snapshot" each SDS sub-phase reads.
    """
    for n in range(node_count + 1):
        node_start[n] = 0
    for agent in range(agent_node.shape[0]):
        node_start[agent_node[agent] + 1] += 1
    for n in range(node_count):
        node_start[n + 1] += node_start[n]
    # Fill using node_start[n] as a moving cursor, then shift the cursors back.
    for agent in range(agent_node.shape[0]):
        n = agent_node[agent]
        members[node_start[n]] = agent
        node_start[n] += 1
    for n in range(node_count, 0, -1):
        node_start[n] = node_start[n - 1]
    node_start[0] = 0

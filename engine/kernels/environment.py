"""What the generic search kernels need to know about the game: the environments.

The SDS phases (``engine.kernels.sds``) and UCT (``engine.kernels.uct``) are written once, for
any environment. Everything game-specific is here, behind three functions:

* :func:`random_legal_action`: a random legal action at a tree node (the number of actions
  is ``env.action_count``; for Hex the actions on the path to a node are no longer legal there);
* :func:`move_outcome`: the *exact* result of playing an action at a node, if it ends the game
  (a Hex move that connects its player's edges is a win without any playout);
* one partial evaluation (thesis: the "test") of the position after an action at a node: a
  Hex playout by the environment's playout policy from the leaf :func:`build_hex_leaf` sets
  up (the uniform kernel or ``engine.kernels.knowledge.knowledge_playout``, which the
  searches' playout loops call), or
  :func:`toy_evaluation`: a pull of a bandit arm, or a random descent of an explicit toy game
  tree to a leaf, won with the leaf's probability.

An environment is an :class:`~engine.kernels.layout.Environment` (a named tuple: numba
compiles it as a plain tuple) built by ``engine.search.environment``; its ``playout_policy``
is a policy of ``engine.kernels.layout`` (``engine.knowledge`` builds it): Hex leaves are
evaluated by playouts of that policy, uniform for the thesis.

numba note: helpers take the tuple's arrays out in straight-line code at the top and have a
single exit; otherwise numba cannot prune the arrays' reference counting and a one-line helper
costs ~100 ns (measured).

Perspective: every result here is for the *root player*, the player to move at the root of the
search. An evaluation is True when the root player wins; the player to move at a node of
depth ``d`` is the root player when ``d`` is even.

Actions: for Hex, action ``i`` is the cell ``action_cells[i]`` (the root's empty cells), and an
action already played on the path to a node is illegal there ("exclusive" actions). For the
bandit and the explicit tree, actions ``0 .. branching-1`` are legal everywhere.
"""

import numpy as np
from hexswarm.engine.kernels.jit import inline_jit
from hexswarm.engine.kernels.knowledge import make_knowledge_scratch
from hexswarm.engine.kernels.layout import BANDIT, EXPLICIT_TREE, HEX, LeafScratch
from hexswarm.engine.kernels.playout import cell_tables, hex_connected
from hexswarm.engine.kernels.rng import below, uniform
from hexswarm.engine.kernels.tree import ONGOING, ROOT_LOSES, ROOT_WINS, action_on_path

ONE = np.uint64(1)


@inline_jit
def random_legal_action(env, node_parent, node_action, node, state, slot):
    """A uniformly random legal action at ``node`` (which must not be a finished game)."""
    return random_action(
        env.kind == HEX, env.action_count, node_parent, node_action, node, state, slot
    )


@inline_jit
def random_action(exclusive, total, node_parent, node_action, node, state, slot):
    """:func:`random_legal_action` on arrays only, for hot loops.

    ``exclusive`` (Hex): the actions on the path to ``node`` are illegal there, so draw again
    until the action is not on the path. Expected draws ``total / (total - depth)``, each
    walking the path; a long path only arises when few actions remain, so this stays cheap.
    (An explicit list of the free actions for deep nodes made *every* call cost ~80 ns, deep
    or not: numba then kept the reference counting of the arrays in the loop; measured.)
    """
    action = np.int32(below(state, slot, total))
    while exclusive and action_on_path(node_parent, node_action, node, action):
        action = np.int32(below(state, slot, total))
    return action


@inline_jit
def _place_stone(rows, cell, size, mover_black):
    """Add the mover's stone on ``cell`` to ``rows``: Black's row masks, or White's column
    masks (the transposed board)."""
    row = cell // size
    col = cell - row * size
    if mover_black:
        rows[row] |= ONE << np.uint64(col)
    else:
        rows[col] |= ONE << np.uint64(row)


@inline_jit
def _hex_mover_connects(env, node_parent, node_action, node_depth, node, action, rows, reach):
    """Whether the player to move at ``node`` connects its edges by playing ``action``."""
    size = env.size
    root_black = env.root_black
    black_rows = env.black_rows
    white_columns = env.white_columns
    action_cells = env.action_cells
    depth = node_depth[node]
    mover_is_root = depth % 2 == 0
    mover_black = mover_is_root == root_black
    # Black's stones as row masks; White's as column masks (the transposed board), so that
    # White's left-right connection is Black's top-bottom test on the transpose.
    for r in range(size):
        rows[r] = black_rows[r] if mover_black else white_columns[r]
    k = node
    while k > 0:
        # The stone of node k was placed by the player to move at depth node_depth[k] - 1.
        if (node_depth[k] - 1) % 2 == depth % 2:
            _place_stone(rows, action_cells[node_action[k]], size, mover_black)
        k = node_parent[k]
    _place_stone(rows, action_cells[action], size, mover_black)
    return hex_connected(rows, size, reach)


@inline_jit
def _explicit_leaf_index(
    env, node_parent, node_action, node_depth, node, action, path, state, slot
):
    """Index of a leaf of the explicit tree: the path's actions, then random ones to the end.
    A node below a probability leaf indexes that leaf (``path`` has ``leaf_depth + 1`` slots)."""
    branching = env.branching
    leaf_depth = env.leaf_depth
    depth = node_depth[node]
    k = node
    while k > 0:
        path[node_depth[k] - 1] = node_action[k]
        k = node_parent[k]
    path[depth] = action
    for d in range(depth + 1, leaf_depth):
        path[d] = below(state, slot, branching)
    index = 0
    for d in range(leaf_depth):
        index = index * branching + path[d]
    return index


@inline_jit
def move_outcome(env, node_parent, node_action, node_depth, node, action, scratch):
    """The exact result of playing ``action`` at ``node``: ONGOING, ROOT_WINS or ROOT_LOSES.

    Hex: only the mover can have completed a connection. Bandit: never terminal.

    Explicit tree: the leaves are at ``leaf_depth`` and hold the root player's chance to win
    there. A 0 or 1 leaf ends the game exactly. A leaf between (thesis Fig. 4.3: "the
    probability to win for Max ... if the rest of the game is played randomly") is not an end:
    it is evaluated by a draw (:func:`toy_evaluation`), so the move to it is ONGOING. The
    kernels know only exact endings, so one ply below such a leaf the game ends with the
    leaf's rounded outcome: that bounds the tree. Only searches that put populations *on* the
    leaves (whole-tree SDST, UCT) reach it, and their values there are then wrong
    (docs/lab.md).
    """
    kind = env.kind
    leaf_values = env.leaf_values
    rows = scratch.leaf_rows
    reach = scratch.reach
    path = scratch.path
    fixed_state = scratch.fixed_state
    outcome = ONGOING
    if kind == HEX:
        if _hex_mover_connects(
            env, node_parent, node_action, node_depth, node, action, rows, reach
        ):
            outcome = ROOT_WINS if node_depth[node] % 2 == 0 else ROOT_LOSES
    elif kind == EXPLICIT_TREE and node_depth[node] + 1 >= env.leaf_depth:
        index = _explicit_leaf_index(
            env, node_parent, node_action, node_depth, node, action, path, fixed_state, 0
        )
        value = leaf_values[index]
        below_leaf = node_depth[node] + 1 > env.leaf_depth
        if below_leaf or value == 0.0 or value == 1.0:
            outcome = ROOT_WINS if value >= 0.5 else ROOT_LOSES
    return outcome


@inline_jit
def toy_evaluation(env, node_parent, node_action, node_depth, node, action, scratch, state, slot):
    """One partial evaluation of a toy problem's position after ``action`` at ``node``: True if
    the root player wins. ``scratch`` comes from :func:`make_scratch` and belongs to one
    thread. Bandit: a pull of the arm; explicit tree: a random descent to a leaf, won with the
    leaf's probability. (Hex leaves are played out by the searches' playout loops, with
    :func:`build_hex_leaf` and the playout policy's kernel, ``engine.kernels.knowledge``.)
    """
    arm_probabilities = env.arm_probabilities
    leaf_values = env.leaf_values
    path = scratch.path
    win = False
    if env.kind == BANDIT:
        win = uniform(state, slot) < arm_probabilities[action]
    elif env.kind == EXPLICIT_TREE:
        index = _explicit_leaf_index(
            env, node_parent, node_action, node_depth, node, action, path, state, slot
        )
        win = uniform(state, slot) < leaf_values[index]
    return win


@inline_jit
def build_hex_leaf(
    size,
    root_black,
    base,
    action_cells,
    node_parent,
    node_action,
    node_depth,
    node,
    action,
    work_cells,
    used,
    leaf_rows,
    cell_row,
    cell_bit,
):
    """The position after the path to ``node`` and then ``action``: Black's row masks into
    ``leaf_rows`` and its empty cells into ``work_cells`` (in any order). Returns the number
    of empty cells. Arrays are passed one by one, not in tuples: this sits in the hottest
    loop of every search (see the module note on numba)."""
    for r in range(size):
        leaf_rows[r] = base[r]
    # The final action, then the path's actions; colour by the depth at which each was played.
    k = node
    played_depth = node_depth[node]
    cell = action_cells[action]
    while True:
        used[cell] = 1
        if (played_depth % 2 == 0) == root_black:
            leaf_rows[cell_row[cell]] |= cell_bit[cell]
        if k <= 0:
            break
        played_depth = node_depth[k] - 1
        cell = action_cells[node_action[k]]
        k = node_parent[k]
    count = 0
    for i in range(action_cells.shape[0]):
        c = action_cells[i]
        if used[c] == 0:
            work_cells[count] = c
            count += 1
        used[c] = 0
    return count


@inline_jit
def hex_leaf_black_to_move(root_black, node_depth, node):
    """Whether Black moves first in the playout from the leaf (``node``, then one action)."""
    return root_black == ((node_depth[node] + 1) % 2 == 0)


def make_scratch(env) -> LeafScratch:
    """Per-thread scratch arrays for the evaluations and :func:`move_outcome` (Python side)."""
    size = max(int(env.size), 1)
    cell_row, cell_bit = cell_tables(size)
    return LeafScratch(
        work_cells=env.action_cells.astype(np.int32).copy(),
        used=np.zeros(size * size, dtype=np.uint8),
        leaf_rows=np.zeros(size, dtype=np.uint64),
        rows=np.zeros(size, dtype=np.uint64),
        reach=np.zeros(size, dtype=np.uint64),
        path=np.zeros(max(int(env.leaf_depth), 1) + 1, dtype=np.int32),
        fixed_state=np.ones(1, dtype=np.uint64),  # leaf indexing draws nothing random
        cell_row=cell_row,
        cell_bit=cell_bit,
        knowledge=make_knowledge_scratch(size),
    )


def action_count_py(env) -> int:
    """:func:`action_count` without entering numba."""
    return int(env.action_count)

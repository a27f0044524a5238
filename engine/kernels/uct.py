"""UCT (Kocsis & Szepesvari 2006; seeds 003 and 004): Monte-Carlo tree search with UCB1.

One iteration: from the root, while the node is expanded and every child has been tried, go to
the child maximising ``q + C * sqrt(ln N(parent) / N(child))``; at an expanded node with an
untried child, try the next one; at a leaf visited ``expand_after`` times, expand it first.
The tried child is scored by one random playout, or exactly if its move ends the game; every
node on the path is updated (backpropagation). With ``expand_after = 1`` this is the textbook
UCT of seed 004 (a node is added by its first playout and its children are tried in a uniformly
random order).

Layout, for speed (ours): a node's children sit side by side in one *block*, created all at
once when the node is expanded. The untried children are the block's tail (``TRIED``
counts the tried head); the next one to try is drawn uniformly from the tail and swapped to its
head (a Fisher-Yates step taken only when needed: most blocks near the leaves never have more
than a few children tried). The UCB scan reads contiguous memory, and nothing is allocated per
iteration. UCB1 uses tables of
``1/n``, ``1/sqrt(n)`` and ``sqrt(ln N)`` (:func:`ucb_tables`) instead of a log, a square root and
two divisions per child, and a full scan of a block is skipped while one of its two leaders at
the last scan is provably still the argmax (the others can only have risen by a known bound).

Tree arrays (``tree`` tuple, see :data:`TREE_FIELDS`), node 0 is the root. Each node and each
block is one row, so a step of the descent reads one cache line per node instead of one per
field (the tree outgrows the caches; docs/benchmarks.md has the measured effect):

* ``nodes`` (int32, a row per node): ``VISITS``, ``WINS`` (the playouts through the node won by
  the player who *made the move into it*, so the parent maximises wins/visits), ``BLOCK`` (its
  block, or ``UNEXPANDED``, or ``-ROOT_WINS``/``-ROOT_LOSES`` when its move ended the game,
  known from its first visit) and ``ACTION`` (the action into it);
* ``blocks`` (int32, a row per block): ``FIRST`` (its first child), ``COUNT``, ``TRIED``, and
  the cached argmax: ``BEST`` and ``SECOND`` (the two leaders at the last scan);
  ``block_values`` (float64): ``BOUND`` (the best value of the others then), ``SCALE``
  (C * sqrt(ln N) then), ``SPREAD`` (the largest 1/sqrt(n) of the others);
* ``counters``: nodes and blocks in use, and whether the owner may still grow the arrays.

The environment (Hex or a toy problem) is the same as the swarm kernels'. For Hex the position
along the current path is kept move by move (:func:`hex_board`: the empty cells by swap-removal,
Black's rows and White's columns as bitmasks), so neither the exact-win check nor a playout
walks the path again; playouts go through ``engine.kernels.knowledge.policy_playout``, so the
playout policy the other levels use applies here too. The toy problems see the path as a
*chain* (``chain_parent[d] = d - 1``, ``chain_action[d]`` = the action at depth ``d``) and use
the environment's own outcome and evaluation helpers.

Checked against ``tests/naive_search.NaiveUct``, a plain Python UCT drawing from the same
generator: the root statistics and the node counts agree exactly.
"""

import numpy as np
from hexswarm.engine.kernels.environment import HEX, evaluate, move_outcome
from hexswarm.engine.kernels.jit import inline_jit, jit
from hexswarm.engine.kernels.knowledge import policy_playout, start_of_playout
from hexswarm.engine.kernels.layout import HexPath
from hexswarm.engine.kernels.playout import black_connects, playout
from hexswarm.engine.kernels.rng import below
from hexswarm.engine.kernels.tree import ONGOING, ROOT_LOSES, ROOT_WINS

TREE_FIELDS = ("nodes", "blocks", "block_values", "counters")
# Columns of ``nodes`` (int32, one row of 16 bytes per node).
VISITS = 0
WINS = 1
BLOCK = 2  # the node's block; UNEXPANDED; or -ROOT_WINS / -ROOT_LOSES when its move ended the game
ACTION = 3
UNEXPANDED = -1
# Columns of ``blocks`` (int32) and ``block_values`` (float64).
FIRST = 0
COUNT = 1
TRIED = 2
BEST = 3
SECOND = 4
BOUND = 0
SCALE = 1
SPREAD = 2
NODE_COLUMNS = 4
BLOCK_COLUMNS = 5
BLOCK_VALUE_COLUMNS = 3
NODES = 0
BLOCKS = 1
MAY_GROW = 2  # 1: stop and return when an expansion does not fit; 0: keep searching unexpanded
SCANS = 3  # full UCB1 scans so far (the rest of the selections came from the cached best)
BOUND_MARGIN = 1e-9  # far above the rounding error of values of order 1
ONE = np.uint64(1)
ZERO = np.uint64(0)
TABLE_SIZE = 1 << 16  # visit counts below this read UCB1's terms from tables


@jit
def ucb_tables(size):
    """``(1/n, 1/sqrt(n), sqrt(ln n))`` for ``n < size`` (index 0 unused). Computed here, in the
    same compiled code as the fall-back for larger counts, so both agree to the last bit."""
    inverse = np.zeros(size, dtype=np.float64)
    inverse_sqrt = np.zeros(size, dtype=np.float64)
    sqrt_log = np.zeros(size, dtype=np.float64)
    for n in range(1, size):
        inverse[n] = _inverse(n)
        inverse_sqrt[n] = _inverse_sqrt(n)
        sqrt_log[n] = sqrt_log_of(n)
    return inverse, inverse_sqrt, sqrt_log


@inline_jit
def ucb_value(nodes, c, scale, inverse, inverse_sqrt, table_size):
    """UCB1 value of child ``c`` (``scale`` = C * sqrt(ln N) of its parent)."""
    n = nodes[c, VISITS]
    value = 0.0
    if n < table_size:
        value = nodes[c, WINS] * inverse[n] + scale * inverse_sqrt[n]
    else:
        value = nodes[c, WINS] * _inverse(n) + scale * _inverse_sqrt(n)
    return value


@inline_jit
def next_untried(nodes, blocks, block, state, slot):
    """The next child of ``block`` to try, drawn uniformly from its untried tail (a
    Fisher-Yates step; untried children differ only in their action); counts it tried."""
    first = blocks[block, FIRST]
    tried = blocks[block, TRIED]
    child = first + tried
    untried = blocks[block, COUNT] - tried
    if untried > 1:
        j = child + below(state, slot, untried)
        action = nodes[j, ACTION]
        nodes[j, ACTION] = nodes[child, ACTION]
        nodes[child, ACTION] = action
    blocks[block, TRIED] = tried + 1
    return child


@inline_jit
def _inverse(n):
    return 1.0 / n


@inline_jit
def _inverse_sqrt(n):
    return 1.0 / np.sqrt(np.float64(n))


@inline_jit
def sqrt_log_of(n):
    return np.sqrt(np.log(np.float64(n)))


@inline_jit
def ucb_child(tree, block, parent_visits, exploration, tables):
    """The UCB1 argmax among the children of ``block`` (every one tried), from the point of
    view of the player to move at its node (the first of equals, as a scan finds it). A full
    scan is skipped while one of the two leaders of the last scan is provably still ahead:
    exact as long as only this function chooses among the block's children."""
    nodes, blocks, block_values, counters = tree[0], tree[1], tree[2], tree[3]
    inverse, inverse_sqrt, sqrt_log = tables[0], tables[1], tables[2]
    table_size = inverse.shape[0]
    first = blocks[block, FIRST]
    if parent_visits < table_size:
        scale = exploration * sqrt_log[parent_visits]
    else:
        scale = exploration * sqrt_log_of(parent_visits)
    best = blocks[block, BEST]
    keep = False
    if best >= 0:
        # Since the last scan only the two leaders (``best``, ``second``) were visited:
        # every other child's value has grown by at most (scale - scale then) * its
        # 1/sqrt(n), whose largest value over the others was recorded. The better
        # leader, still strictly ahead of that bound, is still the argmax.
        value = ucb_value(nodes, best, scale, inverse, inverse_sqrt, table_size)
        second = blocks[block, SECOND]
        if second >= 0:
            other = ucb_value(nodes, second, scale, inverse, inverse_sqrt, table_size)
            # Ties go to the lower node, as in a scan.
            if other > value or (other == value and second < best):
                best = second
                value = other
        grown = (scale - block_values[block, SCALE]) * block_values[block, SPREAD]
        limit = block_values[block, BOUND] + grown
        keep = value > limit + BOUND_MARGIN
    if not keep:
        best = first
        second = -1
        best_value = -1.0
        second_value = -1.0
        third_value = -1.0
        last = first + blocks[block, COUNT]
        for c in range(first, last):
            value = ucb_value(nodes, c, scale, inverse, inverse_sqrt, table_size)
            if value > best_value:
                third_value = second_value
                second_value = best_value
                second = best if second_value > -1.0 else -1
                best_value = value
                best = c
            elif value > second_value:
                third_value = second_value
                second_value = value
                second = c
            elif value > third_value:
                third_value = value
        fewest = 2**31 - 1
        for c in range(first, last):
            if c != best and c != second and nodes[c, VISITS] < fewest:
                fewest = nodes[c, VISITS]
        blocks[block, BEST] = best
        blocks[block, SECOND] = second
        block_values[block, BOUND] = third_value
        block_values[block, SCALE] = scale
        if fewest < table_size:
            block_values[block, SPREAD] = inverse_sqrt[fewest]
        else:
            block_values[block, SPREAD] = _inverse_sqrt(fewest)
        counters[SCANS] += 1
    return best


@jit
def uct_iterations(
    env,
    tree,
    count,
    exploration,
    expand_after,
    max_depth,
    tables,
    scratch,
    chain_parent,
    chain_action,
    chain_depth,
    path,
    depth_counts,
    board,
    state,
    slot,
    leaf_playouts,
):
    """Run up to ``count`` iterations on one tree; returns ``(iterations, playouts)``.

    Returns early (fewer iterations) only when an expansion does not fit and
    ``counters[MAY_GROW]`` is 1: the owner grows the arrays and calls again. ``max_depth``
    bounds the tree's depth (the chain and path arrays hold ``max_depth + 2`` entries);
    ``depth_counts[d]`` counts the playouts started ``d`` moves below the root. ``board``
    (from :func:`hex_board`) holds the Hex position along the path, built move by move;
    Playouts use the environment's playout policy (``env.playout_policy``, with its scratch in
    ``scratch.knowledge``; the uniform kernel itself for the uniform policy). Each evaluation runs
    ``leaf_playouts`` playouts from its leaf (1: textbook UCT); visits and wins count playouts,
    and a move that ends the game counts as that many identical results.
    """
    nodes, blocks, counters = tree[0], tree[1], tree[3]
    width = env.action_count
    exclusive = env.kind == HEX
    node_capacity = nodes.shape[0]
    block_capacity = blocks.shape[0]
    size = env.size
    base_rows, base_columns = env.black_rows, env.white_columns
    live, where, black_rows, white_columns = (
        board.live,
        board.where,
        board.black_rows,
        board.white_columns,
    )
    action_of = board.action_of
    reach = scratch.reach
    done = 0
    playouts = 0
    while done < count:
        node = np.int64(0)
        depth = 0
        path[0] = 0
        won = 0  # playouts won by the root player
        empty = width
        if exclusive:
            for r in range(size):
                black_rows[r] = base_rows[r]
                white_columns[r] = base_columns[r]
        while True:
            block = nodes[node, BLOCK]
            if block < UNEXPANDED:
                won = leaf_playouts if block == -ROOT_WINS else 0
                break
            if (
                block < 0
                and depth < max_depth
                and (depth == 0 or nodes[node, VISITS] >= expand_after)
            ):
                legal = width - depth if exclusive else width
                if counters[NODES] + legal <= node_capacity and counters[BLOCKS] < block_capacity:
                    block = expand_node(tree, node, legal, exclusive, live, action_of)
                elif counters[MAY_GROW] == 1:
                    return done, playouts
            if block < 0:
                # An unexpanded leaf (visited before): one more playout from its position.
                won = leaf_evaluation(
                    env,
                    depth,
                    chain_parent,
                    chain_action,
                    chain_depth,
                    scratch,
                    board,
                    empty,
                    state,
                    slot,
                    leaf_playouts,
                )
                playouts += leaf_playouts
                depth_counts[depth] += leaf_playouts
                break
            if blocks[block, TRIED] < blocks[block, COUNT]:
                child = next_untried(nodes, blocks, block, state, slot)
                action = nodes[child, ACTION]
                if exclusive:
                    mover_black = hex_play(
                        env, action, depth, live, where, empty, black_rows, white_columns
                    )
                    empty -= 1
                    outcome = ONGOING
                    if hex_connected(black_rows if mover_black else white_columns, size, reach):
                        outcome = ROOT_WINS if depth % 2 == 0 else ROOT_LOSES
                else:
                    outcome = move_outcome(
                        env, chain_parent, chain_action, chain_depth, depth, action, scratch
                    )
                depth += 1
                chain_action[depth] = action
                path[depth] = child
                if outcome != ONGOING:
                    nodes[child, BLOCK] = -outcome
                    won = leaf_playouts if outcome == ROOT_WINS else 0
                else:
                    won = leaf_evaluation(
                        env,
                        depth,
                        chain_parent,
                        chain_action,
                        chain_depth,
                        scratch,
                        board,
                        empty,
                        state,
                        slot,
                        leaf_playouts,
                    )
                    playouts += leaf_playouts
                    depth_counts[depth] += leaf_playouts
                break
            node = ucb_child(tree, block, nodes[node, VISITS], exploration, tables)
            action = nodes[node, ACTION]
            if exclusive:
                hex_play(env, action, depth, live, where, empty, black_rows, white_columns)
                empty -= 1
            depth += 1
            chain_action[depth] = action
            path[depth] = node
        lost = leaf_playouts - won
        nodes[path[0], VISITS] += leaf_playouts
        for d in range(1, depth + 1):
            n = path[d]
            nodes[n, VISITS] += leaf_playouts
            # The move into the node at depth d was made by the root player when d is odd.
            nodes[n, WINS] += won if d % 2 == 1 else lost
        done += 1
    return done, playouts


def hex_board(env) -> HexPath:
    """Per-thread arrays for the Hex position along a path (Python side; fields in
    :class:`~engine.kernels.layout.HexPath`). A move costs O(1) and a playout copies the list
    of empty cells instead of rebuilding it."""
    size = max(int(env.size), 1)
    live = np.asarray(env.action_cells, dtype=np.int32).copy()
    where = np.zeros(size * size, dtype=np.int32)
    where[live] = np.arange(live.size, dtype=np.int32)
    action_of = np.full(size * size, -1, dtype=np.int32)
    action_of[live] = np.arange(live.size, dtype=np.int32)
    return HexPath(
        live=live,
        where=where,
        black_rows=np.zeros(size, dtype=np.uint64),
        white_columns=np.zeros(size, dtype=np.uint64),
        work=np.zeros(max(live.size, 1), dtype=np.int32),
        action_of=action_of,
    )


@inline_jit
def hex_play(env, action, depth, live, where, empty, black_rows, white_columns):
    """Play ``action`` for the player to move at ``depth``; returns whether that is Black.
    The cell leaves ``live[:empty]``."""
    size, root_black, action_cells = env.size, env.root_black, env.action_cells
    cell = action_cells[action]
    i = where[cell]
    last = live[empty - 1]
    live[i] = last
    where[last] = i
    live[empty - 1] = cell
    where[cell] = empty - 1
    row = cell // size
    col = cell - row * size
    mover_black = (depth % 2 == 0) == root_black
    if mover_black:
        black_rows[row] |= ONE << np.uint64(col)
    else:
        white_columns[col] |= ONE << np.uint64(row)
    return mover_black


@inline_jit
def hex_connected(masks, size, reach):
    """Whether the stones in ``masks`` (Black's rows, or White's columns: the transposed board)
    join the two edges; a row without a stone cannot be crossed, so most positions need no
    flood at all."""
    crossable = True
    for r in range(size):
        if masks[r] == ZERO:
            crossable = False
    connected = False
    if crossable:
        connected = black_connects(masks, size, reach)
    return connected


@jit
def _uniform_hex_playouts(
    black_rows,
    live,
    work,
    empty,
    black_to_move,
    size,
    cell_row,
    cell_bit,
    rows,
    reach,
    state,
    slot,
    count,
):
    """Black's wins in ``count`` uniform playouts from the position along the path, on one
    copy of the empty cells (a partial Fisher-Yates from any permutation draws uniformly, so
    the copy is reshuffled, not renewed). Called directly, not through the policy dispatch,
    which cost 10-15% of UCT's time (measured)."""
    for i in range(empty):
        work[i] = live[i]
    black_wins = 0
    for _ in range(count):
        if playout(
            black_rows,
            work,
            empty,
            black_to_move,
            size,
            cell_row,
            cell_bit,
            rows,
            reach,
            state,
            slot,
        ):
            black_wins += 1
    return black_wins


@jit
def _hex_playouts(
    policy,
    knowledge,
    black_rows,
    live,
    work,
    empty,
    black_to_move,
    last_cell,
    size,
    cell_row,
    cell_bit,
    rows,
    reach,
    state,
    slot,
    count,
):
    """Black's wins in ``count`` playouts by ``policy`` from the position along the path, each
    on a fresh copy of the empty cells. A called function, not inlined: the policy overload
    inlined into the descent's loops gave wrong machine code (a heap overrun, reproduced)."""
    black_wins = 0
    for k in range(count):
        for i in range(empty):
            work[i] = live[i]
        if policy_playout(
            policy,
            knowledge,
            black_rows,
            work,
            empty,
            black_to_move,
            last_cell,
            size,
            cell_row,
            cell_bit,
            rows,
            reach,
            state,
            slot,
            start_of_playout(k, count),
        ):
            black_wins += 1
    return black_wins


@inline_jit
def leaf_evaluation(
    env,
    depth,
    chain_parent,
    chain_action,
    chain_depth,
    scratch,
    board,
    empty,
    state,
    slot,
    count,
):
    """``count`` playouts (or the toy problems' evaluations) of the position at the end of the
    path, ``depth`` moves below the root: how many the root player wins. A Hex playout
    shuffles a copy of the empty cells (the list itself must stay a permutation the path can
    index)."""
    won = 0
    if env.kind == HEX:
        black_to_move = (depth % 2 == 0) == env.root_black
        if len(env.playout_policy) == 1:
            # The uniform policy (its tuple has one item; numba decides this at compile time):
            # the uniform kernel itself, without the policy dispatch (10-15% of UCT's time).
            black_wins = _uniform_hex_playouts(
                board.black_rows,
                board.live,
                board.work,
                empty,
                black_to_move,
                env.size,
                scratch.cell_row,
                scratch.cell_bit,
                scratch.rows,
                scratch.reach,
                state,
                slot,
                count,
            )
        else:
            last_cell = env.action_cells[chain_action[depth]] if depth > 0 else -1
            black_wins = _hex_playouts(
                env.playout_policy,
                scratch.knowledge,
                board.black_rows,
                board.live,
                board.work,
                empty,
                black_to_move,
                last_cell,
                env.size,
                scratch.cell_row,
                scratch.cell_bit,
                scratch.rows,
                scratch.reach,
                state,
                slot,
                count,
            )
        won = black_wins if env.root_black else count - black_wins
    else:
        for _ in range(count):
            if _toy_evaluation(
                env, chain_parent, chain_action, chain_depth, depth, scratch, state, slot
            ):
                won += 1
    return won


@jit
def _toy_evaluation(env, chain_parent, chain_action, chain_depth, depth, scratch, state, slot):
    """The environment's own evaluation of the path's end (bandit, explicit tree). Called, not
    inlined, like :func:`_hex_playouts`: ``evaluate`` inlines the playout policy overload, which
    inlined into the descent's loops broke them (reproduced: wrong counts, a heap overrun)."""
    return evaluate(
        env,
        chain_parent,
        chain_action,
        chain_depth,
        depth - 1,
        chain_action[depth],
        scratch,
        state,
        slot,
    )


@inline_jit
def expand_node(tree, node, legal, exclusive, live, action_of):
    """Give ``node`` a block with one child per legal action; returns the block. The block is
    in no particular order (for Hex, that of the empty cells ``live[:legal]``): the children
    are tried in random order by drawing each from the untried tail when its turn comes."""
    nodes, blocks, counters = tree[0], tree[1], tree[3]
    first = counters[NODES]
    block = counters[BLOCKS]
    for i in range(legal):
        c = first + i
        nodes[c, VISITS] = 0
        nodes[c, WINS] = 0
        nodes[c, BLOCK] = UNEXPANDED
        nodes[c, ACTION] = action_of[live[i]] if exclusive else i
    blocks[block, FIRST] = first
    blocks[block, COUNT] = legal
    blocks[block, TRIED] = 0
    blocks[block, BEST] = -1
    nodes[node, BLOCK] = block
    counters[NODES] = first + legal
    counters[BLOCKS] = block + 1
    return block


@jit
def root_children(tree, child_visits, child_wins, child_terminal):
    """Visits, wins (for the root player) and terminal flags of the root's children per action
    (added to the output arrays, so several trees can be merged)."""
    nodes, blocks = tree[0], tree[1]
    block = nodes[0, BLOCK]
    if block >= 0:
        first = blocks[block, FIRST]
        for c in range(first, first + blocks[block, COUNT]):
            a = nodes[c, ACTION]
            child_visits[a] += nodes[c, VISITS]
            child_wins[a] += nodes[c, WINS]
            if nodes[c, BLOCK] < UNEXPANDED:
                child_terminal[a] = -nodes[c, BLOCK]


@jit
def copy_subtree(tree, root, action_map, out):
    """Copy the subtree under node ``root`` of ``tree`` into the empty tree ``out`` (its root
    becomes node 0), renumbering actions through ``action_map`` (old action -> new action;
    every action in the subtree must map). ``out`` must hold as many nodes and blocks as the
    subtree. Blocks keep their order, so their tried heads stay tried. Returns the node count.
    """
    nodes, blocks = tree[0], tree[1]
    o_nodes, o_blocks, o_counters = out[0], out[1], out[3]
    o_nodes[0, VISITS] = nodes[root, VISITS]
    o_nodes[0, WINS] = 0
    o_nodes[0, BLOCK] = UNEXPANDED
    o_nodes[0, ACTION] = -1
    count = 1
    block_count = 0
    # Breadth first: ``queue_old[i]`` was copied to node ``i`` of ``out``; walk ``out`` itself.
    queue_old = np.empty(o_nodes.shape[0], dtype=np.int64)
    queue_old[0] = root
    head = 0
    while head < count:
        block = nodes[queue_old[head], BLOCK]
        if block >= 0:
            first = blocks[block, FIRST]
            size = blocks[block, COUNT]
            o_blocks[block_count, FIRST] = count
            o_blocks[block_count, COUNT] = size
            o_blocks[block_count, TRIED] = blocks[block, TRIED]
            o_blocks[block_count, BEST] = -1  # node numbers change: the next visit scans
            o_nodes[head, BLOCK] = block_count
            block_count += 1
            for i in range(size):
                c = first + i
                o_nodes[count, VISITS] = nodes[c, VISITS]
                o_nodes[count, WINS] = nodes[c, WINS]
                # A terminal mark stays; an expanded child gets its block when it is copied.
                o_nodes[count, BLOCK] = min(nodes[c, BLOCK], UNEXPANDED)
                o_nodes[count, ACTION] = action_map[nodes[c, ACTION]]
                queue_old[count] = c
                count += 1
        head += 1
    o_counters[NODES] = count
    o_counters[BLOCKS] = block_count
    return count


@jit
def subtree_size(tree, root):
    """``(nodes, blocks)`` of the subtree under ``root`` (itself included)."""
    nodes, blocks = tree[0], tree[1]
    stack = np.empty(nodes.shape[0], dtype=np.int64)
    stack[0] = root
    top = 1
    count = 1
    block_count = 0
    while top > 0:
        top -= 1
        block = nodes[stack[top], BLOCK]
        if block >= 0:
            block_count += 1
            first = blocks[block, FIRST]
            count += blocks[block, COUNT]
            for c in range(first, first + blocks[block, COUNT]):
                if nodes[c, BLOCK] >= 0:
                    stack[top] = c
                    top += 1
    return count, block_count

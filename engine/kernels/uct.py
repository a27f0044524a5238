"""UCT (Kocsis & Szepesvari 2006; seeds 003 and 004): Monte-Carlo tree search with UCB1.

One iteration: from the root, while every legal action of the node has a child, go to the
child maximising ``q + C * sqrt(ln N(parent) / N(child))``; at the first node with an untried
action, add one child for a random untried action (expansion); score it by one random playout,
or exactly if the action ends the game; update every node on the path (backpropagation).

Node arrays (``nodes`` tuple): ``(node_parent, node_action, node_depth, first_child,
next_sibling, child_count, visits, wins, terminal, counters)``. Children form a linked list,
since UCB1 scans them all anyway. ``wins[n]`` counts the playouts through ``n`` won by the
player who *made the move into n* (so the parent maximises ``wins/visits`` of its children);
``terminal[n]`` is ROOT_WINS/ROOT_LOSES when the move into ``n`` ended the game, else 0.

The environment (Hex or an explicit toy tree) is the same as the swarm kernels'.
"""

import numpy as np

from engine.kernels.environment import HEX, evaluate, hex_leaf_playout, move_outcome
from engine.kernels.jit import jit
from engine.kernels.rng import below
from engine.kernels.tree import NODE_COUNT, ONGOING, ROOT_WINS


@jit
def uct_iterations(
    env, nodes, count, exploration, scratch, marks, scratch_actions, path, state, slot
):
    """Run ``count`` iterations on one tree; returns the number of random playouts run.

    The owner guarantees room for ``count`` more nodes.
    """
    node_parent, node_action, node_depth = nodes[0], nodes[1], nodes[2]
    first_child, next_sibling, child_count = nodes[3], nodes[4], nodes[5]
    visits, wins, terminal, counters = nodes[6], nodes[7], nodes[8], nodes[9]
    # Tuple members out in straight-line code (see engine.kernels.environment on numba).
    width = env[10]
    exclusive = env[0] == HEX
    size, root_black, base, action_cells = env[1], env[2], env[3], env[5]
    work_cells, used, leaf_rows, rows, reach = (
        scratch[0],
        scratch[1],
        scratch[2],
        scratch[3],
        scratch[4],
    )
    cell_row, cell_bit = scratch[7], scratch[8]
    policy, knowledge = env[11], scratch[9]
    playouts = 0
    for _ in range(count):
        node = 0
        length = 1
        path[0] = 0
        win = False
        while True:
            if terminal[node] != 0:
                win = terminal[node] == ROOT_WINS
                break
            legal = width - node_depth[node] if exclusive else width
            if child_count[node] < legal:
                # Expansion: a uniformly random untried action. Tried actions (and, for Hex,
                # the cells played on the path) are marked, then drawn around.
                c = first_child[node]
                while c >= 0:
                    marks[node_action[c]] = 1
                    c = next_sibling[c]
                k = node
                while exclusive and k > 0:
                    marks[node_action[k]] = 1
                    k = node_parent[k]
                if 2 * (width - legal + child_count[node]) <= width:
                    action = np.int32(below(state, slot, width))
                    while marks[action] == 1:
                        action = np.int32(below(state, slot, width))
                else:
                    untried = 0
                    for a in range(width):
                        if marks[a] == 0:
                            scratch_actions[untried] = a
                            untried += 1
                    action = np.int32(scratch_actions[below(state, slot, untried)])
                k = node
                while exclusive and k > 0:
                    marks[node_action[k]] = 0
                    k = node_parent[k]
                c = first_child[node]
                while c >= 0:
                    marks[node_action[c]] = 0
                    c = next_sibling[c]
                child = counters[NODE_COUNT]
                counters[NODE_COUNT] = child + 1
                node_parent[child] = node
                node_action[child] = action
                node_depth[child] = node_depth[node] + 1
                first_child[child] = -1
                next_sibling[child] = first_child[node]
                first_child[node] = child
                child_count[child] = 0
                child_count[node] += 1
                visits[child] = 0.0
                wins[child] = 0.0
                outcome = move_outcome(
                    env, node_parent, node_action, node_depth, node, action, scratch
                )
                terminal[child] = 0 if outcome == ONGOING else outcome
                path[length] = child
                length += 1
                if outcome != ONGOING:
                    win = outcome == ROOT_WINS
                elif exclusive:
                    win = hex_leaf_playout(
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
                        rows,
                        reach,
                        cell_row,
                        cell_bit,
                        policy,
                        knowledge,
                        state,
                        slot,
                    )
                    playouts += 1
                else:
                    win = evaluate(
                        env,
                        node_parent,
                        node_action,
                        node_depth,
                        node,
                        action,
                        scratch,
                        state,
                        slot,
                    )
                    playouts += 1
                break
            # Selection by UCB1 from the point of view of the player to move at ``node``.
            log_parent = np.log(visits[node])
            best = -1
            best_value = -1.0
            c = first_child[node]
            while c >= 0:
                value = wins[c] / visits[c] + exploration * np.sqrt(log_parent / visits[c])
                if value > best_value:
                    best_value = value
                    best = c
                c = next_sibling[c]
            node = best
            path[length] = node
            length += 1
        for p in range(length):
            n = path[p]
            visits[n] += 1.0
            # The move into n was made by the root player when depth(n) is odd.
            if n != 0 and win == (node_depth[n] % 2 == 1):
                wins[n] += 1.0
    return playouts


@jit
def root_children(nodes, width, child_visits, child_wins, child_terminal):
    """Visits, wins (for the root player) and terminal flags of the root's children per action
    (added to the output arrays, so several trees can be merged)."""
    node_action, first_child, next_sibling = nodes[1], nodes[3], nodes[4]
    visits, wins, terminal = nodes[6], nodes[7], nodes[8]
    c = first_child[0]
    while c >= 0:
        a = node_action[c]
        child_visits[a] += visits[c]
        child_wins[a] += wins[c]
        if terminal[c] != 0:
            child_terminal[a] = terminal[c]
        c = next_sibling[c]
    return width

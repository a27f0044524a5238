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

from engine.kernels.environment import (
    evaluate,
    legal_action_count,
    move_outcome,
    random_legal_action,
)
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
            legal = legal_action_count(env, node_depth, node)
            if child_count[node] < legal:
                # Expansion: a uniformly random untried action.
                c = first_child[node]
                while c >= 0:
                    marks[node_action[c]] = 1
                    c = next_sibling[c]
                if 2 * child_count[node] <= legal:
                    action = random_legal_action(
                        env,
                        node_parent,
                        node_action,
                        node_depth,
                        node,
                        scratch_actions,
                        state,
                        slot,
                    )
                    while marks[action] == 1:
                        action = random_legal_action(
                            env,
                            node_parent,
                            node_action,
                            node_depth,
                            node,
                            scratch_actions,
                            state,
                            slot,
                        )
                else:
                    untried = 0
                    for a in range(env[10]):
                        if marks[a] == 0 and not _used(node_parent, node_action, node, a, env[0]):
                            scratch_actions[untried] = a
                            untried += 1
                    action = scratch_actions[below(state, slot, untried)]
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
def _used(node_parent, node_action, node, action, kind):
    """Hex actions are exclusive: True if ``action`` was played on the path to ``node``."""
    found = False
    if kind == 0:
        while node > 0 and not found:
            found = node_action[node] == action
            node = node_parent[node]
    return found


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

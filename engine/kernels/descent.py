"""The tree searches' descent, UCT's and the anthill's: one loop, compiled once for each.

One iteration goes down from the root of a UCT tree (layout in :mod:`engine.kernels.uct`),
expands a leaf visited often enough (``expand_after``; with priors its children get them),
evaluates the end of the path (its playouts, or exactly when the move ended the game) and
updates every node on the path (and with RAVE the all-moves-as-first counts). At each node the
move is chosen

* by an agent of the node's population at depths below ``rules.depth`` (the anthill's swarm
  layers: :func:`engine.kernels.anthill.carrier_child`; the agents that chose are tested after
  the update, :func:`engine.kernels.anthill.test_carriers`);
* by UCT's rule deeper (:func:`engine.kernels.uct.uct_child`: untried children first, then
  UCB1; or the RAVE blend), that is everywhere for UCT (``rules.depth`` 0, from
  :func:`uct_rules`).

UCT passes no population (``None``, :func:`no_agents`): numba prunes the branches that read
one when it compiles UCT's loop, so UCT's kernel group never compiles the agents' code, and the
anthill's group compiles the loop once more with it (its own group: the default never waits for
a secondary preset's kernels; the agents' tests once added 40 % to the default's compile).
Both pass the environment without its playout policy and the policy apart, as one type for
every policy (told apart once a leaf), so numba compiles each search's loop once for every
playout policy.
"""

import numpy as np
from hexswarm.engine.kernels.anthill import carrier_child, spread_agents, test_carriers
from hexswarm.engine.kernels.environment import HEX, move_outcome
from hexswarm.engine.kernels.jit import jit
from hexswarm.engine.kernels.layout import UNIFORM_POLICY, AnthillAgents, AnthillRules
from hexswarm.engine.kernels.playout import hex_connected
from hexswarm.engine.kernels.tree import ONGOING, ROOT_LOSES, ROOT_WINS
from hexswarm.engine.kernels.tree_knowledge import back_up_proofs, marks_of, node_knowledge
from hexswarm.engine.kernels.uct import (
    ACTION,
    BLOCK,
    BLOCKS,
    EXACT,
    KNOWN,
    MAY_GROW,
    NODES,
    PRIOR_BIAS,
    PRIOR_ON,
    PRIOR_ROOT_LAST,
    PROVEN,
    PRUNED,
    UNEXPANDED,
    VISITS,
    WINS,
    child_priors,
    expand_node,
    hex_play,
    policy_hex_playouts,
    rave_update,
    toy_evaluations,
    uct_child,
    uniform_hex_playouts,
)


def anthill_rules(
    depth: int,
    agents_per_move: int,
    rival: int,
    take_rival: bool,
    relate: int,
    weight: float,
    tests: int,
    test_first: bool,
    spread: float,
    start_priors: bool,
) -> AnthillRules:
    """The rules as the loop takes them (fixed Python types: one compiled loop a search)."""
    return AnthillRules(
        int(depth),
        int(agents_per_move),
        int(rival),
        bool(take_rival),
        int(relate),
        float(weight),
        int(tests),
        bool(test_first),
        float(spread),
        bool(start_priors),
    )


def uct_rules() -> AnthillRules:
    """UCT's: no swarm layer (every move chosen by UCT's rule)."""
    return anthill_rules(0, 0, 0, False, 0, 1.0, 1, False, 1.0, False)


def no_agents() -> AnthillAgents | None:
    """UCT's population: none (typed as the loop's ``population`` argument). ``None``, not an
    empty population: numba prunes the branches that read it (``population is not None``)
    when it compiles UCT's descent, so UCT never compiles the agents' code (the anthill's
    kernel group compiles the loop with it)."""
    return None


@jit
def tree_iterations(
    env,
    tree,
    population,
    rules,
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
    carriers,
    depth_counts,
    board,
    state,
    slot,
    leaf_playouts,
    rave,
    amaf,
    priors,
    policy,
    knowledge_after,
    knowledge,
    proven_playouts,
):
    """Run up to ``count`` iterations on one tree (and its agents: ``population``, an
    :class:`AnthillAgents` with ``rules.agents_per_move`` agents a move, choosing at depths
    below ``rules.depth`` >= 1; UCT's is ``None``, with ``rules.depth`` 0); returns
    ``(iterations, playouts)``.

    Returns early (fewer iterations) only when ``counters[MAY_GROW]`` is 1 and the next
    iteration might not find room for its expansion (a leaf's children and a block): the owner
    grows the arrays and calls again. An iteration is never abandoned half-way (agents change
    on the way down). ``max_depth`` bounds the tree's depth (the chain and path arrays hold
    ``max_depth + 2`` entries); ``carriers[d]`` is the agent that chose the move at depth ``d``;
    ``depth_counts[d]`` counts the playouts started ``d`` moves below the root. ``board`` (from
    :func:`engine.kernels.uct.hex_board`) holds the Hex position along the path, built move by
    move. Playouts use ``policy``, the playout policy as one type for every policy (a
    ``KnowledgePolicy``: ``engine.knowledge.run_time_policy``), told apart once a leaf;
    ``env`` carries none (``engine.search.environment.without_playouts``). Each evaluation runs
    ``leaf_playouts`` playouts from its leaf (1: textbook UCT); visits and wins count
    playouts, and a move that ends the game counts as that many identical results.

    With ``rave`` (Hex only; ``tree.rave`` then has a row per node, ``amaf`` is int32 of shape
    ``(2, actions)``) UCT's choice is the RAVE blend and every playout updates the RAVE counts
    along the path (:func:`engine.kernels.uct.rave_update`); the agents' tests blend the
    nodes' records with the RAVE counts as UCT's choice does. With priors too
    (``priors.settings[PRIOR_ON]``; they need RAVE) each new node's children get
    :func:`engine.kernels.uct.child_priors`, and UCT's choice and the agents' tests add their
    progressive bias (:func:`engine.kernels.anthill._posterior`).

    With ``knowledge_after`` > 0 (Hex; UCT's choice at every depth) a node with children gets
    its Hex knowledge once, at its first step with at least that many visits
    (:func:`engine.kernels.tree_knowledge.node_knowledge`, with the work arrays
    ``knowledge``): children proven won or lost and dead ones are marked, proofs are backed
    up the path (:func:`engine.kernels.tree_knowledge.back_up_proofs`, also after a move that
    ends the game), a descent reaching a proven node scores it exactly, and children marked
    lost or ``PRUNED`` are not chosen (below the root). The run returns as soon as the root is
    proven won (``counters[PROVEN]``).

    A descent scored exactly (a proven node, or a move that ends the game) runs no playout and
    so gives the RAVE records on its path no sample; ``counters[EXACT]`` counts them. With
    ``proven_playouts`` (and RAVE) it runs its ``leaf_playouts`` playouts from the end of its
    path all the same, for the RAVE records only: the nodes' visits and wins take the exact
    result, the RAVE samples the playouts' boards and results (a proven result stays exact in
    the tree; the RAVE records see what a descent without the proof would have shown them).
    Those playouts count in the playouts returned (the budget counts descents).
    """
    nodes, blocks, counters = tree.nodes, tree.blocks, tree.counters
    swarm_depth = rules.depth
    width = env.action_count
    exclusive = env.kind == HEX
    use_rave = rave and exclusive
    use_priors = use_rave and priors.settings[PRIOR_ON] > 0.0
    bias = priors.settings[PRIOR_BIAS] if use_priors else 0.0
    root_last = np.int64(priors.settings[PRIOR_ROOT_LAST])
    root_black = env.root_black
    uniform = policy.kind == UNIFORM_POLICY
    rave_only_playouts = proven_playouts and use_rave
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
    action_of, work = board.action_of, board.work
    action_cells = env.action_cells
    reach, cell_row, cell_bit, rows = (
        scratch.reach,
        scratch.cell_row,
        scratch.cell_bit,
        scratch.rows,
    )
    playout_scratch = scratch.knowledge
    done = 0
    playouts = 0
    while done < count:
        # A descent expands at most one node: stop before one that might not find room.
        if counters[MAY_GROW] == 1 and (
            counters[NODES] + width > node_capacity or counters[BLOCKS] >= block_capacity
        ):
            return done, playouts
        node = np.int64(0)
        depth = 0
        path[0] = 0
        won = 0  # playouts won by the root player
        evaluated = False  # whether playouts (not an exact result) score the descent
        empty = width
        if exclusive:
            for r in range(size):
                black_rows[r] = base_rows[r]
                white_columns[r] = base_columns[r]
        while True:
            block = nodes[node, BLOCK]
            if block < UNEXPANDED:
                if block == PRUNED:  # chosen only when every move is lost: lost for its mover
                    block = marks_of(depth - 1)[1]
                won = leaf_playouts if block == -ROOT_WINS else 0
                break
            expanded = False
            if (
                block < 0
                and depth < max_depth
                and (depth == 0 or nodes[node, VISITS] >= expand_after)
            ):
                legal = width - depth if exclusive else width
                # Without room (the arrays at their limit) the leaf stays one.
                if counters[NODES] + legal <= node_capacity and counters[BLOCKS] < block_capacity:
                    block = expand_node(tree, node, legal, exclusive, live, action_of)
                    expanded = True
                    if use_priors:
                        last = env.action_cells[chain_action[depth]] if depth > 0 else root_last
                        child_priors(
                            tree,
                            block,
                            env.action_cells,
                            size,
                            black_rows,
                            white_columns,
                            (depth % 2 == 0) == root_black,
                            last,
                            priors,
                        )
                    if population is not None:  # every node has one (reuse moves depths up)
                        spread_agents(
                            tree, population, block, rules.agents_per_move, rules.start_priors
                        )
            if block < 0:
                evaluated = True  # an unexpanded leaf (visited before): its playouts
                break
            lost = 0  # the mark of a child lost for the mover (0: no knowledge, none skipped)
            if knowledge_after > 0:
                if depth > 0:  # the root's moves are never left out (tree_knowledge)
                    lost = marks_of(depth)[1]
                if blocks[block, KNOWN] == 0 and nodes[node, VISITS] >= knowledge_after:
                    blocks[block, KNOWN] = 1
                    mover_black = (depth % 2 == 0) == root_black
                    if node_knowledge(
                        tree, block, depth, mover_black, black_rows, white_columns, size,
                        env.action_cells, knowledge,
                    ) > 0:  # fmt: skip
                        back_up_proofs(tree, path, depth)
                        if nodes[node, BLOCK] < UNEXPANDED:  # the node itself is proven
                            won = leaf_playouts if nodes[node, BLOCK] == -ROOT_WINS else 0
                            break
            if population is not None and depth < swarm_depth:
                child = carrier_child(
                    tree,
                    population,
                    rules,
                    carriers,
                    node,
                    block,
                    depth,
                    use_rave,
                    bias,
                    state,
                    slot,
                )
            else:
                child = uct_child(
                    tree,
                    block,
                    nodes[node, VISITS],
                    expanded,
                    use_rave,
                    use_priors,
                    exploration,
                    tables,
                    bias,
                    lost,
                    state,
                    slot,
                )
            action = nodes[child, ACTION]
            fresh = nodes[child, VISITS] == 0 and nodes[child, BLOCK] == UNEXPANDED
            outcome = ONGOING
            if exclusive:
                mover_black = hex_play(
                    env, action, depth, live, where, empty, black_rows, white_columns
                )
                empty -= 1
                if fresh and hex_connected(
                    black_rows if mover_black else white_columns, size, reach
                ):
                    outcome = ROOT_WINS if depth % 2 == 0 else ROOT_LOSES
            elif fresh:
                outcome = move_outcome(
                    env, chain_parent, chain_action, chain_depth, depth, action, scratch
                )
            depth += 1
            chain_action[depth] = action
            path[depth] = child
            node = child
            if not fresh:
                continue
            # The first visit of a move: its outcome is known now, or playouts score it.
            if outcome != ONGOING:
                nodes[child, BLOCK] = -outcome
                won = leaf_playouts if outcome == ROOT_WINS else 0
                if knowledge_after > 0:  # the parent is won for its mover: prove up the path
                    back_up_proofs(tree, path, depth - 1)
            else:
                evaluated = True
            break
        if not evaluated:
            counters[EXACT] += 1
        playout_black_wins = 0  # Black's wins in the descent's playouts (RAVE's result)
        if evaluated or rave_only_playouts:  # playouts from the position at the end of the path
            # Written out here with the arrays taken above: an inlined helper taking the
            # tuples (env, scratch, board, policy) counted each of their 48 arrays up and
            # down once a descent (docs/results/search-api/).
            if exclusive:
                # A Hex playout shuffles a copy of the empty cells (the list itself must stay
                # a permutation the path can index). The policy is told apart here, at run
                # time, once a leaf, so the descent compiles once for every policy; each
                # branch calls a playout loop compiled for its policy alone.
                if use_rave:
                    amaf[:, :] = 0  # counted afresh (record_amaf)
                black_to_move = (depth % 2 == 0) == root_black
                if uniform:
                    black_wins = uniform_hex_playouts(
                        black_rows, live, work, empty, black_to_move, size, cell_row,
                        cell_bit, rows, reach, state, slot, leaf_playouts, use_rave, amaf,
                        action_cells,
                    )  # fmt: skip
                else:
                    last_cell = action_cells[chain_action[depth]] if depth > 0 else -1
                    black_wins = policy_hex_playouts(
                        policy, playout_scratch, black_rows, live, work, empty,
                        black_to_move, last_cell, size, cell_row, cell_bit, rows, reach,
                        state, slot, leaf_playouts, use_rave, amaf, action_cells,
                    )  # fmt: skip
                playout_black_wins = black_wins
                if evaluated:  # else the exact result stays the tree's
                    won = black_wins if root_black else leaf_playouts - black_wins
            else:
                won = toy_evaluations(
                    env, chain_parent, chain_action, chain_depth, depth, scratch, state, slot,
                    leaf_playouts,
                )  # fmt: skip
            playouts += leaf_playouts
            depth_counts[depth] += leaf_playouts
        lost = leaf_playouts - won
        nodes[path[0], VISITS] += leaf_playouts
        for d in range(1, depth + 1):
            n = path[d]
            nodes[n, VISITS] += leaf_playouts
            # The move into the node at depth d was made by the root player when d is odd.
            nodes[n, WINS] += won if d % 2 == 1 else lost
        if use_rave and (evaluated or rave_only_playouts):
            rave_update(tree, path, depth, amaf, leaf_playouts, playout_black_wins, root_black)
        if population is not None:
            test_carriers(
                tree, population, rules, path, depth, carriers, use_rave, bias, state, slot
            )
        done += 1
        if counters[PROVEN] != 0:
            break
    return done, playouts

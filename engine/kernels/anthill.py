"""The anthill (ours, issue 12): a swarm of agents in a game tree, on UCT's tree layout.

Every expanded node holds a *population* of ``k`` agents per move (``k`` =
``agents_per_move``); an agent's hypothesis is one of the node's moves. A descent from the
root is carried by agents, one per node: at each node one agent is drawn uniformly from the
population, and its hypothesis is the move taken, so a move is taken as often as agents hold
it. At the end of the path the leaf is evaluated (its playouts, or exactly when the move
ended the game) and every node's record is updated as in UCT. Then each agent that carried
the descent is *tested* and *diffuses* (asynchronous SDS: one agent at a time, Myatt, Bishop
and Nasuto; the population is the thesis's, the test and the records are ours):

* **test** (comparative, on shared evidence): the agent draws a value for its move and one
  for another move of the node, chosen uniformly, each from a normal approximation of the
  Beta posterior of that move's record, ``m = (wins + 1) / (n + 2)``,
  ``sd = sqrt(m (1 - m) / (n + 3))`` (Thompson sampling); it is active when its draw is at
  least the other's. A move that ends the game (a win for its mover) always wins the draw.
  With ``rival=sampled`` every move of the node draws, and the agent is active when its own
  draw is the best: its move is the argmax of one posterior sample, so the share of agents
  on a move follows the probability that it is the best (top-two Thompson sampling's
  challenger is the rival; ours). Records are shared by every agent holding the move, so
  the test sharpens with the search instead of staying a coin of the move's playout rate
  (docs/search.md, "Shared evidence").
* **diffusion** (the thesis's passive recruitment): an inactive agent polls an agent of its
  population drawn uniformly; an active one passes on its hypothesis, an inactive one makes
  the agent draw a new move uniformly (thesis 3.2.2).

A move whose record is clearly the best keeps its agents active and takes over the inactive
ones, so the population clusters on it; a move with little evidence has a wide posterior and
keeps winning draws now and then, which is the search's exploration. An expanded node's
agents start spread evenly, ``k`` on each move. The move played is the most visited (as in
UCT); the root population is what the dashboard charts.

Storage: the agents of the block ``b`` sit at ``[FIRST(b) * k, (FIRST(b) + COUNT(b)) * k)`` of
``hold`` (int32, the hypothesis as an offset into the block) and ``active`` (uint8), parallel
to the children, so the arrays grow with the nodes and a kept subtree keeps its agents.
"""

import numpy as np
from hexswarm.engine.kernels.environment import HEX, move_outcome
from hexswarm.engine.kernels.jit import inline_jit, jit
from hexswarm.engine.kernels.rng import below, uniform
from hexswarm.engine.kernels.sds import CONTEXT_FREE, RELATE_NONE
from hexswarm.engine.kernels.tree import ONGOING, ROOT_LOSES, ROOT_WINS
from hexswarm.engine.kernels.uct import (
    ACTION,
    BLOCK,
    BLOCKS,
    COUNT,
    FIRST,
    MAY_GROW,
    NODES,
    PRIOR_BIAS,
    PRIOR_ON,
    PRIOR_ROOT_LAST,
    TRIED,
    UNEXPANDED,
    VISITS,
    WINS,
    child_priors,
    expand_node,
    hex_connected,
    hex_play,
    leaf_evaluation,
    next_untried,
    rave_child,
    rave_update,
    ucb_child,
)

SQRT_3 = np.sqrt(3.0)
CERTAIN = 2.0  # the draw of a move that wins the game: above any posterior draw
RIVAL_MOVE = 0  # the test's other move: one of the node's other moves, uniformly
RIVAL_AGENT = 1  # the move of an agent of the population (another move when it is the same)
RIVAL_BEST = 2  # the move with the best record's mean (another move when it is the agent's)
RIVAL_VISITS = 3  # the most visited move (another move when it is the agent's)
RIVAL_SAMPLED = 4  # the other move with the best posterior draw (Thompson sampling)


@inline_jit
def _spread_agents(hold, active, first, count, k):
    """The agents of a new block: ``k`` on each move, all inactive."""
    base = first * k
    for i in range(count * k):
        hold[base + i] = i % count
        active[base + i] = 0


@inline_jit
def _draw(nodes, child, root_moves, weight, state, slot):
    """A value for the move into ``child`` from its mover's record (``root_moves``: the mover
    is the root player), each playout counted as ``weight`` of a trial: normal approximation
    of the Beta(wins + 1, losses + 1) posterior (the normal variate: four uniforms, centred
    and scaled to unit variance); a move that ended the game is certain."""
    block = nodes[child, BLOCK]
    if block < UNEXPANDED:
        return CERTAIN if (block == -ROOT_WINS) == root_moves else -CERTAIN
    n = nodes[child, VISITS] * weight
    mean = (nodes[child, WINS] * weight + 1.0) / (n + 2.0)
    sd = np.sqrt(mean * (1.0 - mean) / (n + 3.0))
    z = (
        uniform(state, slot) + uniform(state, slot) + uniform(state, slot) + uniform(state, slot)
    ) - 2.0
    return mean + sd * z * SQRT_3


@inline_jit
def _best_record(nodes, first, count, by_visits, root_moves):
    """The offset of the move with the best record (the first of equals): a move that wins
    the game for its mover (``root_moves``: the root player), else the most visited
    (``by_visits``) or the best posterior mean."""
    best = 0
    best_value = -1.0
    for i in range(count):
        c = first + i
        if nodes[c, BLOCK] < UNEXPANDED and (nodes[c, BLOCK] == -ROOT_WINS) == root_moves:
            return i
        if by_visits:
            value = np.float64(nodes[c, VISITS])
        else:
            value = (nodes[c, WINS] + 1.0) / (nodes[c, VISITS] + 2.0)
        if value > best_value:
            best_value = value
            best = i
    return best


@inline_jit
def _incumbent(nodes, blocks, node, rival, root_moves):
    """The offset of the move the ``rival`` rule holds up against ``node``'s agents (its
    best record), or -1 when the rule draws its rival. The records do not change while the
    agents of one descent are tested, so their tests share it (found once, not once a test:
    that scan of every move was most of the cost of ``tests``)."""
    if rival != RIVAL_BEST and rival != RIVAL_VISITS:  # noqa: PLR1714 (numba)
        return -1
    block = nodes[node, BLOCK]
    return _best_record(
        nodes, blocks[block, FIRST], blocks[block, COUNT], rival == RIVAL_VISITS, root_moves
    )


@inline_jit
def _test_and_diffuse(
    nodes,
    blocks,
    hold,
    active,
    k,
    rival,
    take_rival,
    relate,
    weight,
    node,
    root_moves,
    incumbent,
    agent,
    state,
    slot,
):
    """Test ``agent`` of ``node``'s population against another of the node's moves (each
    playout of the records counted as ``weight`` of a trial; ``incumbent`` from
    :func:`_incumbent`), relate it if active (thesis 3.2.3), then let it diffuse if
    inactive."""
    block = nodes[node, BLOCK]
    first = blocks[block, FIRST]
    count = blocks[block, COUNT]
    own = hold[agent]
    won = 1
    other = own
    if count > 1 and rival == RIVAL_SAMPLED:
        # Every move draws: the agent is active when its own draw is the best of all, i.e.
        # when its move is the argmax of one posterior sample (first of equals among others).
        mine = _draw(nodes, first + own, root_moves, weight, state, slot)
        best_draw = -2.0 * CERTAIN
        for i in range(count):
            if i != own:
                value = _draw(nodes, first + i, root_moves, weight, state, slot)
                if value > best_draw:
                    best_draw = value
                    other = i
        if mine < best_draw:
            won = 0
    elif count > 1:
        if rival == RIVAL_AGENT:
            other = hold[first * k + below(state, slot, count * k)]
        elif rival == RIVAL_BEST or rival == RIVAL_VISITS:  # noqa: SIM109 (numba)
            other = incumbent
        if other == own:
            other = below(state, slot, count - 1)
            if other >= own:
                other += 1
        mine = _draw(nodes, first + own, root_moves, weight, state, slot)
        if mine < _draw(nodes, first + other, root_moves, weight, state, slot):
            won = 0
    if won == 1 and relate != RELATE_NONE and count * k > 1:
        # The relate phase: an active agent meeting an active one (context-free) or an active
        # one on its own move (context-sensitive) turns inactive and diffuses, so a cluster
        # keeps sending agents out to other moves.
        met = first * k + below(state, slot, count * k - 1)  # another agent, uniformly
        if met >= agent:
            met += 1
        if active[met] == 1 and (relate == CONTEXT_FREE or hold[met] == own):
            won = 0
    if won == 0:
        polled = first * k + below(state, slot, count * k)
        if active[polled] == 1:
            hold[agent] = hold[polled]
        elif take_rival:
            hold[agent] = other
        else:
            hold[agent] = below(state, slot, count)
    active[agent] = won


@inline_jit
def _carrier_move(
    nodes,
    blocks,
    hold,
    active,
    k,
    rival,
    take_rival,
    relate,
    weight,
    test_first,
    carriers,
    node,
    block,
    depth,
    state,
    slot,
):
    """The child an agent of ``node``'s population chooses: one drawn uniformly, tested (and
    diffused) first with ``test_first``, else remembered in ``carriers[depth]`` for its test
    after the descent."""
    first = blocks[block, FIRST]
    agent = first * k + below(state, slot, blocks[block, COUNT] * k)
    if test_first:
        root_moves = depth % 2 == 0
        _test_and_diffuse(
            nodes,
            blocks,
            hold,
            active,
            k,
            rival,
            take_rival,
            relate,
            weight,
            node,
            root_moves,
            _incumbent(nodes, blocks, node, rival, root_moves),
            agent,
            state,
            slot,
        )
    else:
        carriers[depth] = agent
    return first + hold[agent]


@jit
def anthill_iterations(
    env,
    tree,
    population,
    k,
    rival,
    take_rival,
    relate,
    weight,
    tests,
    test_first,
    swarm_depth,
    exploration,
    tables,
    count,
    expand_after,
    max_depth,
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
):
    """Run up to ``count`` descents on one tree and its agents; returns ``(descents,
    playouts)``. As :func:`engine.kernels.uct.uct_iterations` (the same arrays, growth
    protocol, Hex board along the path and leaf evaluation), with the choice of a child made
    by an agent of the node's population (``population``: an ``AnthillAgents``, ``k`` agents a
    move) and each carrying agent, with ``tests - 1`` more agents of its population drawn
    uniformly, tested (each playout of the records counted as ``weight`` of a trial), related
    (``relate``: a mode of :mod:`engine.kernels.sds`) and diffused after the update;
    ``carriers[d]`` is the agent that chose the move at depth ``d``. With ``rave`` (Hex only),
    UCT's RAVE as in :func:`engine.kernels.uct.uct_iterations`: the choice below the swarm's
    layers is :func:`engine.kernels.uct.rave_child`'s and the playouts update the RAVE counts
    (the agents' records stay the nodes' visits and wins), and with ``priors`` UCT's priors."""
    nodes, blocks, counters = tree.nodes, tree.blocks, tree.counters
    hold, active = population.hold, population.active
    width = env.action_count
    exclusive = env.kind == HEX
    use_rave = rave and exclusive
    use_priors = use_rave and priors[3][PRIOR_ON] > 0.0
    bias = priors[3][PRIOR_BIAS] if use_priors else 0.0
    root_last = np.int64(priors[3][PRIOR_ROOT_LAST])
    root_black = env.root_black
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
        # A descent expands at most one node. When the arrays may still grow, stop before a
        # descent that might not find room (agents change on the way down, so a descent must
        # not be abandoned half-way and run again).
        if counters[MAY_GROW] == 1 and (
            counters[NODES] + width > node_capacity or counters[BLOCKS] >= block_capacity
        ):
            return done, playouts
        node = np.int64(0)
        depth = 0
        path[0] = 0
        won = 0  # playouts won by the root player
        evaluated = False  # whether playouts (not an exact result) scored the descent
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
            expanded = False
            if (
                block < 0
                and depth < max_depth
                and (depth == 0 or nodes[node, VISITS] >= expand_after)
            ):
                legal = width - depth if exclusive else width
                if counters[NODES] + legal <= node_capacity and counters[BLOCKS] < block_capacity:
                    block = expand_node(tree, node, legal, exclusive, live, action_of)
                    _spread_agents(hold, active, blocks[block, FIRST], legal, k)
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
            if block < 0:
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
                    use_rave,
                    amaf,
                )
                evaluated = True
                playouts += leaf_playouts
                depth_counts[depth] += leaf_playouts
                break
            if depth >= swarm_depth:
                # Below the swarm's layers: UCT's choice (UCB1, untried moves first; or RAVE).
                if use_rave:
                    if expanded and not use_priors:
                        child = blocks[block, FIRST] + below(state, slot, blocks[block, COUNT])
                    else:
                        child = rave_child(
                            tree, block, nodes[node, VISITS], exploration, tables, bias
                        )
                elif blocks[block, TRIED] < blocks[block, COUNT]:
                    child = next_untried(nodes, blocks, block, state, slot)
                else:
                    child = ucb_child(tree, block, nodes[node, VISITS], exploration, tables)
            else:
                child = _carrier_move(
                    nodes,
                    blocks,
                    hold,
                    active,
                    k,
                    rival,
                    take_rival,
                    relate,
                    weight,
                    test_first,
                    carriers,
                    node,
                    block,
                    depth,
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
            # The first visit of a move: its outcome is known now, or a playout scores it.
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
                    use_rave,
                    amaf,
                )
                evaluated = True
                playouts += leaf_playouts
                depth_counts[depth] += leaf_playouts
            break
        lost = leaf_playouts - won
        nodes[path[0], VISITS] += leaf_playouts
        for d in range(1, depth + 1):
            n = path[d]
            nodes[n, VISITS] += leaf_playouts
            # The move into the node at depth d was made by the root player when d is odd.
            nodes[n, WINS] += won if d % 2 == 1 else lost
        if use_rave and evaluated:
            black_wins = won if root_black else lost
            rave_update(tree, path, depth, amaf, leaf_playouts, black_wins, root_black)
        for d in range(min(depth, swarm_depth)):
            node = path[d]
            root_moves = d % 2 == 0
            incumbent = _incumbent(nodes, blocks, node, rival, root_moves)
            for t in range(tests):
                if t == 0:
                    if test_first:
                        continue  # the carrier was tested when it was drawn
                    agent = carriers[d]
                else:  # further agents of the population: their tests cost draws only
                    block = nodes[node, BLOCK]
                    agent = blocks[block, FIRST] * k + below(state, slot, blocks[block, COUNT] * k)
                _test_and_diffuse(
                    nodes,
                    blocks,
                    hold,
                    active,
                    k,
                    rival,
                    take_rival,
                    relate,
                    weight,
                    node,
                    root_moves,
                    incumbent,
                    agent,
                    state,
                    slot,
                )
        done += 1
    return done, playouts


@jit
def root_population(tree, population, k, agents, actives):
    """Agents and active agents of the root's population per action (added to the outputs,
    so several trees can be merged)."""
    nodes, blocks = tree.nodes, tree.blocks
    hold, active = population.hold, population.active
    block = nodes[0, BLOCK]
    if block >= 0:
        first = blocks[block, FIRST]
        for i in range(first * k, (first + blocks[block, COUNT]) * k):
            a = nodes[first + hold[i], ACTION]
            agents[a] += 1
            actives[a] += active[i]


@jit
def copy_populations(tree, root, population, k, out_population):
    """Copy the agents of the subtree under ``root`` into ``out_population``, in the node
    order :func:`engine.kernels.uct.copy_subtree` gives the copy (breadth first, blocks kept
    in order), so hypotheses (offsets into their block) stay valid."""
    nodes, blocks = tree.nodes, tree.blocks
    hold, active = population.hold, population.active
    o_hold, o_active = out_population.hold, out_population.active
    queue_old = np.empty(nodes.shape[0], dtype=np.int64)
    queue_old[0] = root
    head = 0
    count = 1
    while head < count:
        block = nodes[queue_old[head], BLOCK]
        if block >= 0:
            first = blocks[block, FIRST]
            size = blocks[block, COUNT]
            for i in range(size * k):
                o_hold[count * k + i] = hold[first * k + i]
                o_active[count * k + i] = active[first * k + i]
            for i in range(size):
                queue_old[count] = first + i
                count += 1
        head += 1
    return count

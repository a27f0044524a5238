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
  (docs/search.md, "Shared evidence"). With RAVE and priors the draws read them as UCT's
  choice does (:func:`_posterior`): the mean is the RAVE blend plus the priors' progressive
  bias, and a move pruned by its prior holds no agents at the start and fails every test.
* **diffusion** (the thesis's passive recruitment): an inactive agent polls an agent of its
  population drawn uniformly; an active one passes on its hypothesis, an inactive one makes
  the agent draw a new move uniformly (thesis 3.2.2).

A move whose record is clearly the best keeps its agents active and takes over the inactive
ones, so the population clusters on it; a move with little evidence has a wide posterior and
keeps winning draws now and then, which is the search's exploration. An expanded node's
agents start spread evenly, ``k`` on each move. The move played is the most visited (as in
UCT); the root population is what the dashboard charts.

The descent itself is UCT's (:func:`engine.kernels.descent.tree_iterations`, one loop for
both searches): this module holds the agents' part, the choice of a move by an agent
(:func:`carrier_child`) and the tests after the descent (:func:`test_carriers`), both
testing through one called kernel (:func:`_test_population`), with their settings in an
:class:`engine.kernels.layout.AnthillRules`.

Storage: the agents of the block ``b`` sit at ``[FIRST(b) * k, (FIRST(b) + COUNT(b)) * k)`` of
``hold`` (int32, the hypothesis as an offset into the block) and ``active`` (uint8), parallel
to the children, so the arrays grow with the nodes and a kept subtree keeps its agents.
"""

import numpy as np
from hexswarm.engine.kernels.jit import inline_jit, jit
from hexswarm.engine.kernels.rng import advance, below, bounded, unit
from hexswarm.engine.kernels.sds import CONTEXT_FREE, RELATE_NONE
from hexswarm.engine.kernels.tree import ROOT_WINS
from hexswarm.engine.kernels.uct import (
    ACTION,
    BLOCK,
    COUNT,
    FIRST,
    RAVE_VISITS,
    RAVE_WINS,
    UNEXPANDED,
    VISITS,
    WINS,
    rave_beta,
)

SQRT_3 = np.sqrt(3.0)
CERTAIN = 2.0  # the draw of a move that wins the game: above any posterior draw
RIVAL_MOVE = 0  # the test's other move: one of the node's other moves, uniformly
RIVAL_AGENT = 1  # the move of an agent of the population (another move when it is the same)
RIVAL_BEST = 2  # the move with the best record's mean (another move when it is the agent's)
RIVAL_VISITS = 3  # the most visited move (another move when it is the agent's)
RIVAL_SAMPLED = 4  # the other move with the best posterior draw (Thompson sampling)
# The most visited move; for an agent on it, the descent's challenger: the other move with the
# best of one posterior draw each, drawn once a population a descent (top-two Thompson
# sampling's challenger, shared by the descent's tests; round 14).
RIVAL_CHALLENGER = 5


@inline_jit
def _posterior(nodes, rave, prior, child, weight, use_rave, bias):
    """The mean and spread of the test's draw for the move into ``child`` (for its mover),
    each playout of its record counted as ``weight`` of a trial: the normal approximation of
    the Beta(wins + 1, losses + 1) posterior, ``m = (wins + 1) / (n + 2)``, ``sd = sqrt(m (1 -
    m) / (n + 3))``. With RAVE (``use_rave``; the tree's ``rave`` counts, in the mover's view like
    the record) the mean is UCT's blend ``beta * q_rave + (1 - beta) * m`` (``beta``:
    :func:`engine.kernels.uct.rave_beta`, 1 for a move without visits) and the spread
    ``(1 - beta) sd``: RAVE moves the draw as it moves UCT's value, and the posterior's spread
    stands where UCB1's exploration term stands in :func:`engine.kernels.uct.rave_child`. With
    priors (``bias`` > 0) the mean gains their progressive bias ``bias * P / sqrt(n + 1)``,
    as in UCT's choice.

    The tree's arrays come one by one, not as its tuple, to every helper of the tests: they
    run a few times a test and ``strong-swarm`` tests 64 agents a descent, and an inlined call
    taking a tuple counts each of its arrays up and down (docs/results/search-api/, for UCT's
    descent). Taking the tuples apart once a descent brought ``strong-swarm``'s CPU time a
    playout from 1.46x ``strong``'s to 1.21x, with the same draws
    (docs/results/swarm-knowledge/)."""
    visits = nodes[child, VISITS]
    n = visits * weight
    mean = (nodes[child, WINS] * weight + 1.0) / (n + 2.0)
    sd = np.sqrt(mean * (1.0 - mean) / (n + 3.0))
    if use_rave:
        r = rave[child, RAVE_VISITS]
        if r > 0:
            beta = rave_beta(visits, r)
            mean = beta * (rave[child, RAVE_WINS] / np.float64(r)) + (1.0 - beta) * mean
            sd *= 1.0 - beta
    if bias > 0.0:
        mean += bias * prior[child] / np.sqrt(visits + 1.0)
    return mean, sd


@inline_jit
def _pruned(prior, child):
    """Whether the move into ``child`` is pruned by its prior (0 with ``prior_pruning``: a
    dead cell), which UCT's choice skips (:func:`engine.kernels.uct.rave_child`), whatever
    the progressive bias (a tree searched with priors has a prior row a node)."""
    return prior.shape[0] > 0 and prior[child] == 0.0


@inline_jit
def _prospect(nodes, rave, prior, child, root_moves, weight, spread, use_rave, bias):
    """What the test's draw for the move into ``child`` needs (``root_moves``: its mover is
    the root player): ``(certain, mean, sd)``, ``certain`` the value of a move drawn without
    chance (a move that ended the game: a win above any draw, a loss below; a pruned move,
    :func:`_pruned`: a loss), else 0 with :func:`_posterior`'s mean and its spread times
    ``spread`` (``AnthillRules.spread``: 1 draws from the posterior; more explores more, as
    UCB1's constant does, without moving the mean). The records
    do not change while one descent's agents are tested, so a prospect found once serves
    every test of the descent (:func:`test_carriers` keeps the incumbent's)."""
    block = nodes[child, BLOCK]
    if block < UNEXPANDED:
        return (CERTAIN if (block == -ROOT_WINS) == root_moves else -CERTAIN), 0.0, 0.0
    if _pruned(prior, child):
        return -CERTAIN, 0.0, 0.0
    mean, sd = _posterior(nodes, rave, prior, child, weight, use_rave, bias)
    return 0.0, mean, sd * spread


@inline_jit
def _draw(certain, mean, sd, x):
    """A value for a move of prospect ``(certain, mean, sd)`` (:func:`_prospect`) and the
    generator state after it (``x``: the state, kept in a register through the tests): the
    certain value (no draw), else a normal draw of the posterior, the normal variate four
    uniforms centred and scaled to unit variance (summed in a loop: one inlined copy of the
    generator's steps, not four, for numba to compile)."""
    if certain != 0.0:
        return certain, x
    z = 0.0
    for _ in range(4):
        x = advance(x)
        z += unit(x)
    return mean + sd * (z - 2.0) * SQRT_3, x


@inline_jit
def spread_agents(tree, population, block, k, by_priors):
    """The agents of the new ``block``: ``k`` a move, all inactive, spread in turn over its
    moves, skipping the moves pruned by their priors (:func:`_pruned`: the descent gives a new
    block its priors, :func:`engine.kernels.uct.child_priors`, before its agents) unless
    every move is. With ``by_priors`` (``AnthillRules.start_priors``) and priors in the tree
    the ``count * k`` agents are placed in proportion to the moves' priors instead
    (:func:`_place_by_priors`)."""
    hold, active, prior = population.hold, population.active, tree.prior
    first = tree.blocks[block, FIRST]
    count = tree.blocks[block, COUNT]
    if by_priors and prior.shape[0] > 0 and _place_by_priors(prior, hold, active, first, count, k):
        return
    live = 0
    for i in range(count):
        if not _pruned(prior, first + i):
            live += 1
    base = first * k
    move = 0
    for i in range(count * k):
        if 0 < live < count:
            while _pruned(prior, first + move):
                move = (move + 1) % count
        hold[base + i] = move
        active[base + i] = 0
        move = (move + 1) % count


@inline_jit
def _place_by_priors(prior, hold, active, first, count, k):
    """Place the ``n = count * k`` agents of the block at ``first`` in proportion to its
    moves' priors, without draws (systematic placement): agent ``j`` (in population order)
    holds the first move ``i`` whose cumulative prior ``c_i`` (the priors summed in block
    order) passes ``(j + 1/2) / n`` of their total ``t``, i.e. ``(j + 1/2) t < c_i n``, so a
    move of prior ``p`` holds ``p n / t`` agents give or take one and a move of prior 0 (pruned)
    none. All inactive. Returns False (nothing placed) when the priors sum to 0."""
    total = 0.0
    for i in range(count):
        total += prior[first + i]
    if not total > 0.0:
        return False
    n = count * k
    base = first * k
    move = 0
    cumulative = prior[first]
    for j in range(n):
        while move < count - 1 and not (j + 0.5) * total < cumulative * n:
            move += 1
            cumulative += prior[first + move]
        hold[base + j] = move
        active[base + j] = 0
    return True


@inline_jit
def _best_record(nodes, rave, prior, first, count, by_visits, root_moves, use_rave, bias):
    """The offset of the move with the best record (the first of equals): a move that wins
    the game for its mover (``root_moves``: the root player), else the most visited
    (``by_visits``) or the best mean of :func:`_posterior` (each playout a trial); a pruned
    move (:func:`_pruned`) only when every move is."""
    best = 0
    best_value = -CERTAIN
    for i in range(count):
        c = first + i
        if nodes[c, BLOCK] < UNEXPANDED and (nodes[c, BLOCK] == -ROOT_WINS) == root_moves:
            return i
        if _pruned(prior, c):
            continue
        if by_visits:
            value = np.float64(nodes[c, VISITS])
        else:
            value = _posterior(nodes, rave, prior, c, 1.0, use_rave, bias)[0]
        if value > best_value:
            best_value = value
            best = i
    return best


@inline_jit
def _incumbent(nodes, blocks, rave, prior, node, rival, root_moves, use_rave, bias):
    """The offset of the move the ``rival`` rule holds up against ``node``'s agents (its
    best record), or -1 when the rule draws its rival. The records do not change while the
    agents of one descent are tested, so their tests share it (found once, not once a test:
    that scan of every move was most of the cost of ``tests``)."""
    by_visits = rival == RIVAL_VISITS or rival == RIVAL_CHALLENGER  # noqa: PLR1714 (numba)
    if rival != RIVAL_BEST and not by_visits:
        return -1
    block = nodes[node, BLOCK]
    return _best_record(
        nodes,
        rave,
        prior,
        blocks[block, FIRST],
        blocks[block, COUNT],
        by_visits,
        root_moves,
        use_rave,
        bias,
    )


@inline_jit
def _test_and_diffuse(
    nodes, blocks, rave, prior, hold, active, rules, node, root_moves, standing, agent,
    use_rave, bias, x,
):  # fmt: skip
    """Test ``agent`` of ``node``'s population against another of the node's moves (each
    playout of the records counted as ``rules.weight`` of a trial, with RAVE and priors as
    ``use_rave`` and ``bias`` say: :func:`_prospect` and :func:`_draw`; ``standing`` from
    :func:`_standing`), relate it if active (thesis 3.2.3), then let it diffuse if inactive.
    ``x``: the generator's state; returns the state after the test. With
    ``RIVAL_CHALLENGER`` an agent on the incumbent meets the descent's challenger
    (``standing``'s third item) instead of a uniformly drawn other move.

    Every draw of a test, the agent's move's first, is made by one loop: one inlined copy of
    :func:`_prospect` and :func:`_draw` for numba to compile, not one a draw of each rival
    rule (four of :func:`_prospect` and six of :func:`_draw`, each with its generator steps
    inlined): the anthill's kernel group compiled cold in 72-79 CPU s instead of 102-110,
    the same draws, the search as fast (docs/results/swarm-knowledge/, "Round 11")."""
    incumbent, held, challenger = standing
    k, rival, relate, weight = rules.agents_per_move, rules.rival, rules.relate, rules.weight
    block = nodes[node, BLOCK]
    first = blocks[block, FIRST]
    count = blocks[block, COUNT]
    own = hold[agent]
    other = own
    draws = 0  # the agent's move and its rivals (every other move with RIVAL_SAMPLED)
    if count > 1:
        if rival == RIVAL_SAMPLED:
            draws = count
        else:
            draws = 2
            if rival == RIVAL_AGENT:
                x = advance(x)
                other = hold[first * k + bounded(x, count * k)]
            elif rival == RIVAL_BEST or rival == RIVAL_VISITS:  # noqa: SIM109 (numba)
                other = incumbent
            elif rival == RIVAL_CHALLENGER:
                other = incumbent
                if other == own:
                    other = challenger
            if other == own:
                x = advance(x)
                other = bounded(x, count - 1)
                if other >= own:
                    other += 1
    # The agent is active when its draw is at least the best of its rivals' (with
    # RIVAL_SAMPLED: its move is the argmax of one posterior sample, first of equals among
    # the others, which draw in order).
    won = 1
    mine = 0.0
    best_draw = -2.0 * CERTAIN
    rivals_move = other
    for j in range(draws):
        if j == 0:
            move = own
        elif rival == RIVAL_SAMPLED:
            move = j - 1 if j - 1 < own else j
        else:
            move = rivals_move
        if move == incumbent:
            certain, mean, sd = held
        else:
            certain, mean, sd = _prospect(
                nodes, rave, prior, first + move, root_moves, weight, rules.spread, use_rave,
                bias,
            )  # fmt: skip
        value, x = _draw(certain, mean, sd, x)
        if j == 0:
            mine = value
        elif value > best_draw:
            best_draw = value
            other = move
    if draws > 0 and mine < best_draw:
        won = 0
    if _pruned(prior, first + own):
        won = 0  # a pruned move is never held up (its draw ties with another pruned move's)
    if won == 1 and relate != RELATE_NONE and count * k > 1:
        # The relate phase: an active agent meeting an active one (context-free) or an active
        # one on its own move (context-sensitive) turns inactive and diffuses, so a cluster
        # keeps sending agents out to other moves.
        x = advance(x)
        met = first * k + bounded(x, count * k - 1)  # another agent, uniformly
        if met >= agent:
            met += 1
        if active[met] == 1 and (relate == CONTEXT_FREE or hold[met] == own):
            won = 0
    if won == 0:
        x = advance(x)
        polled = first * k + bounded(x, count * k)
        if active[polled] == 1:
            hold[agent] = hold[polled]
        elif rules.take_rival:
            hold[agent] = other
        else:
            x = advance(x)
            hold[agent] = bounded(x, count)
    active[agent] = won
    return x


@inline_jit
def _standing(nodes, blocks, rave, prior, node, rules, root_moves, use_rave, bias, x):
    """``((incumbent, prospect, challenger), x)``: the offset of the move ``rules.rival``
    holds up against ``node``'s agents (:func:`_incumbent`, -1 when the rule draws its rival),
    its prospect (:func:`_prospect`; zeros, never read, without an incumbent) and, with
    ``RIVAL_CHALLENGER``, the challenger: of the other moves, the one whose draw
    (:func:`_draw`, one each in block order, the first of equals) is the best, else -1;
    ``x`` the generator's state after those draws. Most tests draw the incumbent (as the
    agent's move or as its rival), so it is found once for the tests of a population in a
    descent (:func:`_test_population`), and so is the challenger (one draw a move a descent,
    not a test: ``rival=sampled``'s draws of every move at every test cost more than the
    descent)."""
    incumbent = _incumbent(
        nodes, blocks, rave, prior, node, rules.rival, root_moves, use_rave, bias
    )
    if incumbent < 0:
        return (incumbent, (0.0, 0.0, 0.0), -1), x
    block = nodes[node, BLOCK]
    first = blocks[block, FIRST]
    held = _prospect(
        nodes, rave, prior, first + incumbent, root_moves, rules.weight, rules.spread, use_rave,
        bias,
    )  # fmt: skip
    challenger = -1
    count = blocks[block, COUNT]
    if rules.rival == RIVAL_CHALLENGER and count > 1:
        best_draw = -2.0 * CERTAIN
        for move in range(count):
            if move == incumbent:
                continue
            certain, mean, sd = _prospect(
                nodes, rave, prior, first + move, root_moves, rules.weight, rules.spread,
                use_rave, bias,
            )  # fmt: skip
            value, x = _draw(certain, mean, sd, x)
            if value > best_draw:
                best_draw = value
                challenger = move
    return (incumbent, held, challenger), x


@jit
def _test_population(
    nodes, blocks, rave, prior, hold, active, rules, node, root_moves, carrier, drawn,
    use_rave, bias, x,
):  # fmt: skip
    """Test, relate and diffuse agents of ``node``'s population (:func:`_test_and_diffuse`,
    the rival rule's incumbent found once for them, :func:`_standing`): ``carrier`` first
    (the agent that chose the node's move; none when -1), then ``drawn`` more agents drawn
    uniformly. ``root_moves``: the node's mover is the root player. ``x``: the generator's
    state; returns the state after the tests.

    The one place the tests are compiled: called, not inlined, from :func:`carrier_child`
    (``test_first``) and :func:`test_carriers`, so numba types and optimises the tests once
    for the anthill's descent instead of once at each of the two places."""
    standing, x = _standing(nodes, blocks, rave, prior, node, rules, root_moves, use_rave, bias, x)
    if carrier >= 0:
        x = _test_and_diffuse(
            nodes, blocks, rave, prior, hold, active, rules, node, root_moves, standing,
            carrier, use_rave, bias, x,
        )  # fmt: skip
    block = nodes[node, BLOCK]
    k = rules.agents_per_move
    for _ in range(drawn):
        x = advance(x)
        agent = blocks[block, FIRST] * k + bounded(x, blocks[block, COUNT] * k)
        x = _test_and_diffuse(
            nodes, blocks, rave, prior, hold, active, rules, node, root_moves, standing,
            agent, use_rave, bias, x,
        )  # fmt: skip
    return x


@inline_jit
def carrier_child(
    tree, population, rules, carriers, node, block, depth, use_rave, bias, state, slot
):
    """The child an agent of ``node``'s population chooses: one drawn uniformly, tested (and
    diffused) first with ``rules.test_first``, else remembered in ``carriers[depth]`` for its
    test after the descent (:func:`test_carriers`). ``use_rave`` and ``bias`` (the priors'
    progressive bias, 0 without them) as in UCT's choice: the tests read them (:func:`_draw`)."""
    blocks = tree.blocks
    first = blocks[block, FIRST]
    agent = first * rules.agents_per_move + below(
        state, slot, blocks[block, COUNT] * rules.agents_per_move
    )
    if rules.test_first:
        state[slot] = _test_population(
            tree.nodes, blocks, tree.rave, tree.prior, population.hold, population.active,
            rules, node, depth % 2 == 0, agent, 0, use_rave, bias, state[slot],
        )  # fmt: skip
    else:
        carriers[depth] = agent
    return first + population.hold[agent]


@inline_jit
def test_carriers(tree, population, rules, path, depth, carriers, use_rave, bias, state, slot):
    """After a descent ``depth`` moves deep along ``path``: in each swarm population it
    passed, the agent that chose its move (``carriers``; already tested with
    ``rules.test_first``) and ``rules.tests - 1`` more agents drawn uniformly are tested,
    related and diffused (:func:`_test_population`; their tests cost draws, no playouts; RAVE
    and priors as in :func:`carrier_child`)."""
    nodes, blocks, rave, prior = tree.nodes, tree.blocks, tree.rave, tree.prior
    hold, active = population.hold, population.active
    x = state[slot]
    for d in range(min(depth, rules.depth)):
        carrier = -1 if rules.test_first else carriers[d]
        x = _test_population(
            nodes, blocks, rave, prior, hold, active, rules, path[d], d % 2 == 0, carrier,
            rules.tests - 1, use_rave, bias, x,
        )  # fmt: skip
    state[slot] = x


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
def settle_root_population(tree, population, k, by_priors, held, held_active):
    """The population of a restricted root (its block rebuilt by
    :meth:`engine.search.uct.UctTree.restrict_root`, with its priors): spread afresh over the
    block's moves (:func:`spread_agents`, in proportion to their priors with ``by_priors``),
    then the agents that held a move still in the block (``held``: the actions they held
    before, ``held_active`` their activity, in population order) take places back with their
    hypotheses and activity: all of them when the smaller population has room, else an evenly
    strided sample of them, so a cluster keeps its share."""
    nodes, blocks = tree.nodes, tree.blocks
    block = nodes[0, BLOCK]
    spread_agents(tree, population, block, k, by_priors)
    first = blocks[block, FIRST]
    count = blocks[block, COUNT]
    hold, active = population.hold, population.active
    offset = np.full(held.size, -1, dtype=np.int64)
    kept = 0
    for i in range(held.size):
        for move in range(count):
            if nodes[first + move, ACTION] == held[i]:
                offset[i] = move
                kept += 1
                break
    room = count * k
    j = 0
    last = -1
    for i in range(held.size):
        if offset[i] < 0:
            continue
        place = j if kept <= room else (j * room) // kept
        j += 1
        if place != last:
            hold[first * k + place] = offset[i]
            active[first * k + place] = held_active[i]
            last = place


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

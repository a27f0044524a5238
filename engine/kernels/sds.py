"""The phases of Stochastic Diffusion Search on a tree of populations, for any environment.

One set of kernels serves SDS at the root (MCSDS, thesis 5.2.2 and paper 3.2; also the
multi-armed bandit of thesis 4.2.1, whose "tree" is the root alone), fixed populations (paper
Table 1, thesis 4.2.2), reallocation within layers (thesis 4.3.1) and reallocation within the
entire tree (SDST, thesis 4.3.2, paper Table 2). The environment (Hex, bandit, toy tree) enters
only through ``engine.kernels.environment``.

Data (all numpy arrays, owned by ``engine.search.swarm``):

* ``tree``, a :class:`~engine.kernels.layout.SwarmTree` (see ``engine.kernels.tree``);
* ``agents``, a :class:`~engine.kernels.layout.SwarmAgents`: agent ``i`` lives in the
  population of node ``agents.node[i]`` and holds ``agents.hypothesis[i]``, an action at that
  node;
* a population index ``(node_start, members)`` from ``count_populations``: each sub-phase reads
  the populations as they were when the index was built (synchronous SDS).

Perspective: an agent at a node of depth ``d`` is active when the last test it took part in
was won by the player to move at that node (the root player when ``d`` is even).

Every random choice uses the generator ``state[slot]``; the phases are sequential, so a run is
reproducible. Only :func:`evaluate_leaves` (the playouts) is meant to run on several threads
at once, on disjoint ranges with their own slots and scratch.
"""

import numpy as np
from hexswarm.engine.kernels.environment import (
    HEX,
    build_hex_leaf,
    hex_leaf_black_to_move,
    move_outcome,
    random_action,
    random_legal_action,
    toy_evaluation,
)
from hexswarm.engine.kernels.jit import inline_jit, jit
from hexswarm.engine.kernels.knowledge import (
    START_BUILD,
    START_RESTORE,
    START_SAVE,
    knowledge_playout,
)
from hexswarm.engine.kernels.layout import DESCENDING, USED
from hexswarm.engine.kernels.playout import playout
from hexswarm.engine.kernels.rng import below, uniform
from hexswarm.engine.kernels.tree import (
    NODE_COUNT,
    ONGOING,
    PAIR_COUNT,
    ROOT_WINS,
    UNKNOWN,
    action_on_path,
    new_node,
    pair_insert,
    pair_slot,
)

# Recruitment strategies (thesis 3.2.3).
PASSIVE = 0
ACTIVE = 1
DUAL_PASSIVE = 2  # dual recruitment, passive priority
DUAL_ACTIVE = 3  # dual recruitment, active priority

# Relate phase (thesis 3.2.3).
RELATE_NONE = 0
CONTEXT_FREE = 1
CONTEXT_SENSITIVE = 2


# --------------------------------------------------------------------------- tree helpers


@inline_jit
def resolve_outcome(env, tree, node, action, scratch):
    """The exact outcome of ``action`` at ``node`` (cached in the pair table)."""
    node_parent, node_action, node_depth = tree.node_parent, tree.node_action, tree.node_depth
    pair_keys, pair_child, pair_outcome = tree.pair_keys, tree.pair_child, tree.pair_outcome
    counters = tree.counters
    width = env.action_count
    slot = pair_insert(
        pair_keys, pair_child, pair_outcome, counters, np.int64(node) * width + action
    )
    outcome = pair_outcome[slot]
    if outcome == UNKNOWN:
        # One type for the node and the action (callers hold int32 and int64 ones): each
        # combination would compile the kernel once more.
        outcome = new_pair_outcome(
            env, node_parent, node_action, node_depth, np.int64(node), np.int64(action), scratch
        )
        pair_outcome[slot] = outcome
    return outcome


@jit
def new_pair_outcome(env, node_parent, node_action, node_depth, node, action, scratch):
    """:func:`~engine.kernels.environment.move_outcome`, called, not inlined: it runs once per
    new pair only, and :func:`resolve_outcome` sits in six kernels, which each compiled their
    own copy of it (4-7 s of compile time each, issue 30); called, it compiles once."""
    return move_outcome(env, node_parent, node_action, node_depth, node, action, scratch)


@inline_jit
def child_node(env, tree, node, action):
    """The child of ``node`` by ``action``, created if needed (room guaranteed by the owner)."""
    node_parent, node_action, node_depth = tree.node_parent, tree.node_action, tree.node_depth
    pair_keys, pair_child, pair_outcome = tree.pair_keys, tree.pair_child, tree.pair_outcome
    counters = tree.counters
    width = env.action_count
    slot = pair_insert(
        pair_keys, pair_child, pair_outcome, counters, np.int64(node) * width + action
    )
    child = pair_child[slot]
    if child < 0:
        child = new_node(node_parent, node_action, node_depth, counters, node, action)
        pair_child[slot] = child
    return child


@inline_jit
def _known_pair(pair_keys, pair_outcome, key):
    """Slot of ``key`` when its outcome is already cached, else -1: the caller then computes it
    with :func:`resolve_outcome` (arrays only, one probe: this is on every descent's path)."""
    entry = pair_slot(pair_keys, key)
    known = pair_keys[entry] != -1 and pair_outcome[entry] != UNKNOWN
    return entry if known else -1


@inline_jit
def _population(node_start, indexed_nodes, node):
    inside = node >= 0 and node < indexed_nodes
    safe = node if inside else 0
    size = node_start[safe + 1] - node_start[safe]
    return size if inside else 0


@inline_jit
def _random_hypothesis(env, tree, node, state, slot):
    return random_legal_action(env, tree.node_parent, tree.node_action, node, state, slot)


# --------------------------------------------------------------------------- initialisation


@jit
def random_hypotheses(env, tree, agents, state, slot):
    """Initialise: every agent takes a uniformly random legal action at its node."""
    agent_node, hypothesis = agents.node, agents.hypothesis
    for agent in range(agent_node.shape[0]):
        hypothesis[agent] = _random_hypothesis(env, tree, agent_node[agent], state, slot)
        agents.active[agent] = 0
        agents.contacted[agent] = 0


@jit
def expand_nodes(env, tree, nodes, next_nodes, scratch):
    """Create every non-terminal child of ``nodes``; write them to ``next_nodes`` and return
    how many (fixed populations, paper Table 1: populations to depth D)."""
    total = env.action_count
    count = 0
    for i in range(nodes.shape[0]):
        node = nodes[i]
        for action in range(total):
            if env.kind == HEX and action_on_path(tree.node_parent, tree.node_action, node, action):
                continue
            if resolve_outcome(env, tree, node, action, scratch) != ONGOING:
                continue  # a finished game holds no population
            next_nodes[count] = child_node(env, tree, node, action)
            count += 1
    return count


@jit
def random_walk_place(env, tree, agents, layer, scratch, state, slot):
    """Reallocation within layers, initialisation (thesis 4.3.1): agent ``i`` goes to a random
    node of depth ``layer[i]`` reached by uniformly random legal actions from the root (it
    stops early, at the last unfinished position, if the game ends on the way)."""
    agent_node = agents.node
    for agent in range(agent_node.shape[0]):
        node = 0
        for _ in range(layer[agent]):
            action = _random_hypothesis(env, tree, node, state, slot)
            if resolve_outcome(env, tree, node, action, scratch) != ONGOING:
                break
            node = child_node(env, tree, node, action)
        agent_node[agent] = node


# --------------------------------------------------------------------------- test


@jit
def form_hypotheses(
    env,
    tree,
    agents,
    node_start,
    members,
    progress,
    alive,
    next_agent,
    leaf_node,
    leaf_action,
    leaf_exact,
    path_hypothesis,
    path_agents,
    scratch,
    state,
    slot,
):
    """Test, first half: form one complete hypothesis per agent of the root population.

    Paper Table 2: for each agent X of the root population, an agent Y in the population
    pointed by X's hypothesis is selected, then an agent in the population pointed by Y's
    hypothesis, and so on, until the population pointed by the last agent is empty or the
    game is over. Every agent used is marked *contacted*. Hypothesis ``i`` ends at the pair
    ``(leaf_node[i], leaf_action[i])``; ``leaf_exact[i]`` is ROOT_WINS/ROOT_LOSES when that
    action ends the game (no playout needed), 0 otherwise.

    The hypotheses descend together, one level at a time: a descent is a chain of dependent
    memory reads (agent, its hypothesis, the pair table, the next population), and walking
    the chains side by side lets the processor overlap them (measured on 7x7 SDST, 50 000
    agents, 50 iterations: 0.141 -> 0.120 s). The agents used are the entries
    ``k < progress[USED]`` of ``path_agents`` with their hypothesis in ``path_hypothesis``, level
    by level and, within a level, by hypothesis; so an agent used by several hypotheses
    (always at its own level) meets the later one last, as if the hypotheses were formed one
    after the other.

    Resumable: ``progress[DESCENDING]`` counts the hypotheses still descending (-1: not
    started), ``progress[USED]`` the entries used (``engine.kernels.layout``); ``alive``
    lists the descending hypotheses and ``next_agent[i]`` the agent hypothesis ``i`` meets next.
    Returns False when the pair table or the path buffer needs room for the next level (the
    owner grows it and calls again), True when every hypothesis is formed.
    """
    hypothesis, contacted = agents.hypothesis, agents.contacted
    counters, pair_keys, pair_child = tree.counters, tree.pair_keys, tree.pair_child
    pair_outcome = tree.pair_outcome
    width = env.action_count
    indexed_nodes = min(node_start.shape[0] - 1, counters[NODE_COUNT])
    if progress[DESCENDING] < 0:
        root_lo = node_start[0]
        root_count = node_start[1] - root_lo
        for i in range(root_count):
            alive[i] = i
            next_agent[i] = members[root_lo + i]
            leaf_node[i] = 0
        progress[DESCENDING] = root_count
        progress[USED] = 0
    descending = progress[DESCENDING]
    used = progress[USED]
    finished = True
    while descending > 0:
        if (counters[PAIR_COUNT] + descending) * 2 > pair_keys.shape[0] or (
            used + descending > path_agents.shape[0]
        ):
            finished = False
            break
        still = 0
        for j in range(descending):
            i = alive[j]
            agent = next_agent[i]
            node = leaf_node[i]
            path_agents[used] = agent
            path_hypothesis[used] = i
            used += 1
            contacted[agent] = 1
            action = hypothesis[agent]
            # The pair's cached outcome and child, with one probe (the rare miss computes it).
            key = np.int64(node) * width + action
            entry = _known_pair(pair_keys, pair_outcome, key)
            if entry < 0:
                resolve_outcome(env, tree, node, action, scratch)
                entry = pair_slot(pair_keys, key)
            outcome = pair_outcome[entry]
            leaf_action[i] = action
            leaf_exact[i] = 0 if outcome == ONGOING else outcome
            if outcome != ONGOING:
                continue
            child = pair_child[entry]
            size = _population(node_start, indexed_nodes, child)
            if size == 0:
                continue
            next_agent[i] = members[node_start[child] + below(state, slot, size)]
            leaf_node[i] = child
            alive[still] = i
            still += 1
        descending = still
    progress[DESCENDING] = descending
    progress[USED] = used
    return finished


@jit
def sort_leaves(
    leaf_node, leaf_action, count, node_count, width, order, spare, node_counts, action_counts
):
    """Order hypotheses ``0..count-1`` by (leaf node, leaf action) into ``order`` (a stable
    two-pass counting sort), so that identical leaves are evaluated one after another and the
    leaf position is built once per group. ``spare`` is scratch like ``order``; the count
    arrays have ``node_count + 1`` and ``width + 1`` entries."""
    for a in range(width + 1):
        action_counts[a] = 0
    for i in range(count):
        action_counts[leaf_action[i] + 1] += 1
    for a in range(width):
        action_counts[a + 1] += action_counts[a]
    for i in range(count):
        a = leaf_action[i]
        spare[action_counts[a]] = i
        action_counts[a] += 1
    if node_count <= 1:  # SDS at the root: every leaf hangs from the root
        for j in range(count):
            order[j] = spare[j]
    else:
        for n in range(node_count + 1):
            node_counts[n] = 0
        for i in range(count):
            node_counts[leaf_node[i] + 1] += 1
        for n in range(node_count):
            node_counts[n + 1] += node_counts[n]
        for j in range(count):
            i = spare[j]
            n = leaf_node[i]
            order[node_counts[n]] = i
            node_counts[n] += 1


@jit
def evaluate_leaves(
    env, tree, order, leaf_node, leaf_action, leaf_exact, results, lo, hi, scratch, state, slot
):
    """Test, second half: evaluate hypotheses ``order[lo..hi-1]`` with one playout each;
    ``results[i]`` = 1 if the root player wins. Exact outcomes need no playout. Returns the
    number of playouts run. (:func:`evaluate_tests` with one playout per test.)"""
    return evaluate_tests(
        env,
        tree,
        order,
        leaf_node,
        leaf_action,
        leaf_exact,
        results,
        np.zeros(0, dtype=np.uint8),  # one playout per test: nothing more to count
        1,
        False,
        lo,
        hi,
        scratch,
        state,
        slot,
    )


@jit
def evaluate_tests(
    env,
    tree,
    order,
    leaf_node,
    leaf_action,
    leaf_exact,
    results,
    result_tests,
    test_playouts,
    sequential,
    lo,
    hi,
    scratch,
    state,
    slot,
):
    """Test, second half: evaluate hypotheses ``order[lo..hi-1]``. Returns the playouts run.

    A test is ``test_playouts`` playouts after the hypothesis (the thesis: one); ``results[i]``
    counts the root player's wins and ``result_tests[i]`` the playouts that count (skipped when
    ``result_tests`` is empty). ``sequential`` stops a test as soon as the majority is decided
    (more than half won, or more than half lost): the same decision as the full majority with
    fewer playouts. An exact outcome needs no playout and counts as ``test_playouts`` wins or
    losses.

    Thread-safe for disjoint ranges with distinct ``slot`` and ``scratch`` (reads the tree).
    ``order`` groups identical leaves (``sort_leaves``), so a Hex leaf position is built once
    per group and every playout of the group starts from it (the playout leaves it intact).
    """
    node_parent, node_action, node_depth = tree.node_parent, tree.node_action, tree.node_depth
    kind = env.kind
    size = env.size
    root_black = env.root_black
    base = env.black_rows
    action_cells = env.action_cells
    work_cells, used, leaf_rows = scratch.work_cells, scratch.used, scratch.leaf_rows
    rows, reach = scratch.rows, scratch.reach
    cell_row, cell_bit = scratch.cell_row, scratch.cell_bit
    count_tests = result_tests.shape[0] > 0
    policy, knowledge = env.playout_policy, scratch.knowledge
    playouts = 0
    built_node = -1
    built_action = -1
    empty_count = 0
    black_to_move = False
    start = START_BUILD
    for position in range(lo, hi):
        i = order[position]
        exact = leaf_exact[i]
        if exact != 0:
            results[i] = test_playouts if exact == ROOT_WINS else 0
            if count_tests:
                result_tests[i] = test_playouts
            continue
        node = leaf_node[i]
        action = leaf_action[i]
        if kind == HEX and (node != built_node or action != built_action):
            empty_count = build_hex_leaf(
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
            )
            black_to_move = hex_leaf_black_to_move(root_black, node_depth, node)
            built_node = node
            built_action = action
            # The policy's set-up is kept when more playouts follow from this leaf.
            following = False
            if position + 1 < hi:
                after = order[position + 1]
                following = leaf_node[after] == node and leaf_action[after] == action
            start = START_SAVE if test_playouts > 1 or following else START_BUILD
        wins = 0
        played = 0
        while played < test_playouts:
            if kind != HEX:
                win = toy_evaluation(
                    env, node_parent, node_action, node_depth, node, action, scratch, state, slot
                )
            else:
                # The playout kernels called here, not through an inlined wrapper: binding its
                # arguments copied the policy and knowledge tuples, their 30 arrays counted up
                # and down, once a playout (as in UCT's loop; docs/results/search-api/).
                if len(policy) == 1:  # the uniform policy: one branch compiled (its length)
                    black_wins = playout(
                        leaf_rows, work_cells, empty_count, black_to_move, size, cell_row,
                        cell_bit, rows, reach, state, slot,
                    )  # fmt: skip
                else:
                    black_wins = knowledge_playout(
                        policy, knowledge, leaf_rows, work_cells, empty_count, black_to_move,
                        np.int64(action_cells[action]), size, cell_row, cell_bit, rows, reach,
                        state, slot, start,
                    )  # fmt: skip
                if start == START_SAVE:
                    start = START_RESTORE
                win = black_wins == root_black
            played += 1
            wins += 1 if win else 0
            if sequential and (2 * wins > test_playouts or 2 * (played - wins) > test_playouts):
                break
        playouts += played
        results[i] = wins
        if count_tests:
            result_tests[i] = played
    return playouts


@jit
def apply_results(
    tree, agents, count, results, used, path_hypothesis, path_agents, root_tests, root_wins
):
    """Test, outcome: the agents of each hypothesis become active or inactive.

    Paper Table 1: on a win for Max the agents in Max's populations become active and those in
    Min's inactive, and the contrary on a loss. ``path_agents[:used]`` come from
    ``form_hypotheses`` (the first ``count`` are the root agents, hypothesis by hypothesis); an
    agent contacted twice keeps the result of the later hypothesis. Also accumulates, per root
    action, the tests and the root player's wins (for estimates). Returns the root player's
    wins.
    """
    node_depth = tree.node_depth
    agent_node, hypothesis, active = agents.node, agents.hypothesis, agents.active
    wins = 0
    for i in range(count):
        root_action = hypothesis[path_agents[i]]
        root_tests[root_action] += 1
        if results[i] == 1:
            wins += 1
            root_wins[root_action] += 1
    for k in range(used):
        agent = path_agents[k]
        win = results[path_hypothesis[k]] == 1
        root_to_move = node_depth[agent_node[agent]] % 2 == 0
        active[agent] = 1 if win == root_to_move else 0
    return wins


# Decision of a test (ours, beyond the thesis; see docs/search.md "Making clusters form").
REFERENCE_WIN = 0  # active iff more of the counted playouts were won than lost
REFERENCE_MEAN = 1  # active iff the counted win rate beats the population's mean this iteration


@jit
def apply_test_outcomes(
    tree,
    agents,
    evidence,
    node_wins,
    node_tests,
    count,
    results,
    result_tests,
    used,
    path_hypothesis,
    path_agents,
    root_tests,
    root_wins,
    reference,
    keep_evidence,
    state,
    slot,
):
    """Test, outcome, for the tests of several playouts, kept evidence or a comparative
    decision (:func:`apply_results` is the thesis's one-playout rule and stays as it is).

    ``results[i]``/``result_tests[i]`` are the root player's wins and the playouts of
    hypothesis ``i``; an agent counts them from the point of view of the player to move at its
    node. Counted are this test's playouts, or, with ``keep_evidence``, every playout of the
    agent's current hypothesis at its current node since it took it (``evidence = (node,
    hypothesis, wins, tests)`` per agent; a new hypothesis or node starts afresh). The agent is
    active if it counted more wins than losses (``REFERENCE_WIN``), or a win rate above the
    mean of this iteration's tests through its population (``REFERENCE_MEAN``: the mean
    follows the population as it concentrates on good hypotheses; ``node_wins``/``node_tests``
    per node, for the player to move there, are this iteration's). An exact tie is
    decided by a fair coin. Also accumulates the root statistics as :func:`apply_results`
    does (playouts, not tests). Returns the root player's playout wins.
    """
    node_depth = tree.node_depth
    agent_node, hypothesis, active = agents.node, agents.hypothesis, agents.active
    evidence_node, evidence_hypothesis, evidence_wins, evidence_tests = evidence
    wins = 0
    for i in range(count):
        root_action = hypothesis[path_agents[i]]
        root_tests[root_action] += result_tests[i]
        root_wins[root_action] += results[i]
        wins += results[i]
    for k in range(used):
        node = agent_node[path_agents[k]]
        node_wins[node] = 0
        node_tests[node] = 0
    for k in range(used):
        agent = path_agents[k]
        i = path_hypothesis[k]
        node = agent_node[agent]
        mover_wins = results[i] if node_depth[node] % 2 == 0 else result_tests[i] - results[i]
        node_wins[node] += mover_wins
        node_tests[node] += result_tests[i]
    for k in range(used):
        agent = path_agents[k]
        i = path_hypothesis[k]
        node = agent_node[agent]
        won = np.int64(results[i] if node_depth[node] % 2 == 0 else result_tests[i] - results[i])
        tests = np.int64(result_tests[i])
        if keep_evidence:
            if evidence_node[agent] != node or evidence_hypothesis[agent] != hypothesis[agent]:
                evidence_node[agent] = node
                evidence_hypothesis[agent] = hypothesis[agent]
                evidence_wins[agent] = 0
                evidence_tests[agent] = 0
            evidence_wins[agent] += won
            evidence_tests[agent] += tests
            won = np.int64(evidence_wins[agent])
            tests = np.int64(evidence_tests[agent])
        # Compare won/tests with the reference r as won * d against r * tests, in integers.
        if reference == REFERENCE_MEAN:
            margin = won * node_tests[node] - node_wins[node] * tests
        else:
            margin = 2 * won - tests
        if margin == 0:
            active[agent] = 1 if below(state, slot, 2) == 1 else 0
        else:
            active[agent] = 1 if margin > 0 else 0
    return wins


REFERENCE_SHARED = 2  # active iff its hypothesis's shared record is not eliminated


@jit
def apply_shared_outcomes(
    env,
    tree,
    agents,
    records,
    node_best,
    count,
    results,
    result_tests,
    used,
    path_hypothesis,
    path_agents,
    path_child,
    root_tests,
    root_wins,
    exploration,
    shared_depth,
):
    """Test, outcome, with shared evidence (``reference=shared``, ours): every test through a
    pair (node, action) adds to one record of that pair, kept for the whole search and shared
    by every agent that holds the action at that node. An agent is active iff its pair is not
    eliminated: its upper confidence bound ``rate + bonus`` reaches the best lower bound
    ``rate - bonus`` among the pairs of its node tested this iteration, with UCB1's
    ``bonus = exploration * sqrt(ln(tests through the node) / tests of the pair)`` and rates
    for the player to move at the node (successive elimination, Even-Dar, Mannor and Mansour
    2006, decided by each agent). The population keeps the hypotheses the evidence cannot
    yet tell from the best and recruitment takes the agents off the others; the best pair
    is always active. Only at nodes shallower than ``shared_depth``: deeper agents take the
    thesis's activity (more than half of this test's playouts won by the player to move
    there), which keeps the inactive agents that scattering needs to grow the tree.

    ``records = (pair_wins, pair_tests, node_wins, node_tests)``, indexed by node: the pair
    (node, action)'s record sits at its child node (created here if needed; the owner
    guarantees room for ``used`` new nodes), the node's own record at the node;
    ``node_best`` (float, by node) and ``path_child`` (like ``path_agents``) are scratch.
    Every test of the iteration is recorded first (``path_agents[:used]`` and
    ``path_hypothesis`` from ``form_hypotheses``; an agent on several paths records each of
    its tests), then every agent on a path decides. Also accumulates the root statistics as
    :func:`apply_results` does (playouts). Returns the root player's playout wins.
    """
    node_depth = tree.node_depth
    agent_node, hypothesis, active = agents.node, agents.hypothesis, agents.active
    pair_wins, pair_tests, node_wins, node_tests = records
    wins = 0
    for i in range(count):
        root_action = hypothesis[path_agents[i]]
        root_tests[root_action] += result_tests[i]
        root_wins[root_action] += results[i]
        wins += results[i]
    for k in range(used):
        agent = path_agents[k]
        i = path_hypothesis[k]
        node = agent_node[agent]
        won = results[i] if node_depth[node] % 2 == 0 else result_tests[i] - results[i]
        child = child_node(env, tree, node, hypothesis[agent])
        path_child[k] = child
        pair_wins[child] += won
        pair_tests[child] += result_tests[i]
        node_wins[node] += won
        node_tests[node] += result_tests[i]
        node_best[node] = -np.inf
    for k in range(used):
        node = agent_node[path_agents[k]]
        child = path_child[k]
        rate = pair_wins[child] / pair_tests[child]
        bonus = exploration * np.sqrt(np.log(node_tests[node]) / pair_tests[child])
        node_best[node] = max(node_best[node], rate - bonus)
    for k in range(used):
        agent = path_agents[k]
        node = agent_node[agent]
        if node_depth[node] < shared_depth:
            child = path_child[k]
            rate = pair_wins[child] / pair_tests[child]
            bonus = exploration * np.sqrt(np.log(node_tests[node]) / pair_tests[child])
            active[agent] = 1 if rate + bonus >= node_best[node] else 0
        else:  # the thesis's test: this test's playouts, won by the player to move here
            i = path_hypothesis[k]
            won = results[i] if node_depth[node] % 2 == 0 else result_tests[i] - results[i]
            active[agent] = 1 if 2 * won > result_tests[i] else 0
    return wins


# --------------------------------------------------------------------------- relate and diffuse


@inline_jit
def _other_member(members, lo, size, index, state, slot):
    """A uniformly random member of the population other than the one at ``lo + index``."""
    j = below(state, slot, size - 1)
    j += 1 if j >= index else 0
    return members[lo + j]


@jit
def relate(tree, agents, node_start, members, mode, state, slot):
    """Relate phase (thesis 3.2.3): each active agent contacts another agent of its population
    and becomes inactive if that agent is active (context-free) or active with the same
    hypothesis (context-sensitive). Uses the activity as it was before the phase.

    Run between the test and the diffusion, so that the deactivated agents take part in the
    diffusion; after the diffusion the next test would overwrite the deactivation.
    """
    hypothesis, active, snapshot = agents.hypothesis, agents.active, agents.mark
    counters = tree.counters
    indexed_nodes = min(node_start.shape[0] - 1, counters[NODE_COUNT])
    for agent in range(active.shape[0]):
        snapshot[agent] = active[agent]
    for node in range(indexed_nodes):
        lo = node_start[node]
        size = node_start[node + 1] - lo
        if size < 2:
            continue
        for index in range(size):
            agent = members[lo + index]
            if snapshot[agent] == 0:
                continue
            other = _other_member(members, lo, size, index, state, slot)
            if snapshot[other] == 1 and (
                mode == CONTEXT_FREE or hypothesis[other] == hypothesis[agent]
            ):
                active[agent] = 0


@jit
def recruit(env, tree, agents, node_start, members, mode, redraw, copy_activates, state, slot):
    """Diffusion within every population (thesis 3.2.2-3.2.3), populations independent.

    * passive: each inactive agent X contacts a random other agent Y; if Y is active X copies
      its hypothesis, otherwise X takes a new random hypothesis;
    * active: each active agent X contacts a random other agent Y; if Y is inactive (and not
      yet recruited) it takes X's hypothesis; inactive agents nobody recruited then take a new
      random hypothesis;
    * dual (passive or active priority): both, in that order; an agent is recruited at most
      once; the remaining inactive agents take random hypotheses.

    Activity is not changed (the next test sets it); only active agents' hypotheses are read
    as sources and they never change here, so the phase is synchronous.

    Options (defaults: the thesis's 3.2.2): ``redraw=False`` is paper Table 2's internal
    diffusion, where an inactive agent that recruits nobody and is recruited by nobody keeps
    its hypothesis instead of drawing a random one; ``copy_activates`` is thesis 4.2.1's "the
    first agent copies his hypothesis and becomes active" (activated after the whole
    population has recruited, so the phase stays synchronous).

    The steps are written on arrays only. With tuple arguments to the active step and a
    random action helper that wrote an array in a rarely taken branch, numba kept the arrays'
    reference counting around every call: 79 ns an agent against 6 ns now (measured on fixed
    populations, where most agents are inactive and re-draw).
    """
    hypothesis, active, recruited = agents.hypothesis, agents.active, agents.mark
    node_parent, node_action, counters = tree.node_parent, tree.node_action, tree.counters
    exclusive = env.kind == HEX
    width = env.action_count
    passive = mode == PASSIVE or mode == DUAL_PASSIVE or mode == DUAL_ACTIVE  # noqa: SIM109
    active_first = mode == ACTIVE or mode == DUAL_ACTIVE  # noqa: SIM109 (numba)
    active_second = mode == DUAL_PASSIVE
    # Inactive agents nobody recruited re-draw at random, except in dual-passive mode, where
    # the active step that follows the passive one may still recruit them.
    redraw_in_passive = redraw and mode != DUAL_PASSIVE
    redraw_after = redraw and (mode == ACTIVE or mode == DUAL_PASSIVE)  # noqa: SIM109
    copied = np.uint8(2 if copy_activates else 1)  # the recruited mark of a copied hypothesis
    indexed_nodes = min(node_start.shape[0] - 1, counters[NODE_COUNT])
    for node in range(indexed_nodes):
        lo = node_start[node]
        size = node_start[node + 1] - lo
        if size == 0:
            continue
        for index in range(size):
            recruited[members[lo + index]] = 0
        if active_first:
            _active_step(hypothesis, active, recruited, members, lo, size, copied, state, slot)
        if passive:
            for index in range(size):
                agent = members[lo + index]
                if active[agent] == 1 or recruited[agent] != 0:
                    continue
                if size > 1:
                    other = _other_member(members, lo, size, index, state, slot)
                    if active[other] == 1:
                        hypothesis[agent] = hypothesis[other]
                        recruited[agent] = copied
                        continue
                if redraw_in_passive:
                    hypothesis[agent] = random_action(
                        exclusive, width, node_parent, node_action, node, state, slot
                    )
                    recruited[agent] = 1
        if active_second:
            _active_step(hypothesis, active, recruited, members, lo, size, copied, state, slot)
        if redraw_after:
            for index in range(size):
                agent = members[lo + index]
                if active[agent] == 0 and recruited[agent] == 0:
                    hypothesis[agent] = random_action(
                        exclusive, width, node_parent, node_action, node, state, slot
                    )
        if copy_activates:
            for index in range(size):
                agent = members[lo + index]
                if recruited[agent] == 2:
                    active[agent] = 1


@inline_jit
def _active_step(hypothesis, active, recruited, members, lo, size, copied, state, slot):
    for index in range(size if size >= 2 else 0):
        agent = members[lo + index]
        if active[agent] == 0:
            continue
        other = _other_member(members, lo, size, index, state, slot)
        if active[other] == 0 and recruited[other] == 0:
            hypothesis[other] = hypothesis[agent]
            recruited[other] = copied


# --------------------------------------------------------------------------- reallocation


@inline_jit
def _copied_hypothesis(hypothesis_snapshot, node_start, members, indexed_nodes, node, state, slot):
    """The hypothesis of a random agent of ``node``'s population (as indexed), or -1 if it is
    empty. Branch-free on purpose (see engine.kernels.environment on numba and arrays)."""
    size = _population(node_start, indexed_nodes, node)
    safe = node if size > 0 else 0
    pick = below(state, slot, size if size > 0 else 1)
    position = min(node_start[safe] + pick, members.shape[0] - 1)
    chosen = hypothesis_snapshot[members[position]]
    return chosen if size > 0 else np.int32(-1)


@jit
def backscatter(env, tree, agents, node_start, members, to_root, state, slot):
    """SDST diffusion, sub-phase 1 (paper Table 2): every agent not contacted to form a
    hypothesis goes back to its parent's population (or straight to the root's), copying the
    hypothesis of a random agent there (random if it is empty), and is inactive."""
    node_parent, counters = tree.node_parent, tree.counters
    agent_node, hypothesis, active = agents.node, agents.hypothesis, agents.active
    contacted, snapshot_h = agents.contacted, agents.hypothesis_snapshot
    indexed_nodes = min(node_start.shape[0] - 1, counters[NODE_COUNT])
    for agent in range(agent_node.shape[0]):
        snapshot_h[agent] = hypothesis[agent]
    moved = 0
    for agent in range(agent_node.shape[0]):
        node = agent_node[agent]
        if node == 0 or contacted[agent] == 1:
            continue
        target = 0 if to_root else node_parent[node]
        # The parent of a populated node is never empty of legal moves; a copied hypothesis
        # is the usual case, a random one only when the target population is empty.
        chosen = _copied_hypothesis(
            snapshot_h, node_start, members, indexed_nodes, target, state, slot
        )
        if chosen < 0:
            chosen = _random_hypothesis(env, tree, target, state, slot)
        hypothesis[agent] = chosen
        agent_node[agent] = target
        active[agent] = 0
        moved += 1
    return moved


@jit
def scatter(env, tree, agents, node_start, members, p_scatter, scratch, state, slot):
    """SDST diffusion, sub-phase 2 (paper Table 2; thesis 5.2.3 for ``p_scatter``): every
    active agent X, with probability ``p_scatter``, contacts a random other agent Y of its
    population; if Y is inactive (and has not moved yet) it is sent to the population pointed
    by X's hypothesis (never into a finished game), copying the hypothesis of a random agent
    of that population (random if it is empty). Creates child nodes as needed (at most one
    per agent; room guaranteed by the owner). Returns the number of agents sent."""
    counters, pair_keys, pair_child = tree.counters, tree.pair_keys, tree.pair_child
    pair_outcome = tree.pair_outcome
    width = env.action_count
    agent_node, hypothesis, active = agents.node, agents.hypothesis, agents.active
    moved_flag, snapshot_h = agents.mark, agents.hypothesis_snapshot
    indexed_nodes = min(node_start.shape[0] - 1, counters[NODE_COUNT])
    for agent in range(agent_node.shape[0]):
        snapshot_h[agent] = hypothesis[agent]
        moved_flag[agent] = 0
    sent = 0
    for node in range(indexed_nodes):
        lo = node_start[node]
        size = node_start[node + 1] - lo
        if size < 2:
            continue
        for index in range(size):
            agent = members[lo + index]
            if active[agent] == 0:
                continue
            if uniform(state, slot) >= p_scatter:
                continue
            other = _other_member(members, lo, size, index, state, slot)
            if active[other] == 1 or moved_flag[other] == 1:
                continue
            action = hypothesis[agent]
            # The pair's cached outcome and child with one probe (misses take the slow path).
            key = np.int64(node) * width + action
            entry = _known_pair(pair_keys, pair_outcome, key)
            if entry < 0:
                resolve_outcome(env, tree, node, action, scratch)
                entry = pair_slot(pair_keys, key)
            if pair_outcome[entry] != ONGOING:
                continue
            child = pair_child[entry]
            if child < 0:
                child = child_node(env, tree, node, action)
            chosen = _copied_hypothesis(
                snapshot_h, node_start, members, indexed_nodes, child, state, slot
            )
            if chosen < 0:
                chosen = _random_hypothesis(env, tree, child, state, slot)
            hypothesis[other] = chosen
            agent_node[other] = child
            moved_flag[other] = 1
            sent += 1
    return sent


@jit
def reallocate_in_layers(env, tree, agents, node_start, members, scratch, state, slot):
    """Reallocation within layers (thesis 4.3.1), diffusion sub-phase 1: an agent of layer
    ``d >= 1`` not contacted to form a hypothesis walks from the root: it picks a random agent
    of the root population, then one in the population pointed by that agent's hypothesis,
    and so on, until it reaches layer ``d``; it joins that population (copying the hypothesis
    of one of its agents, random if empty) and is inactive. An empty population on the way
    is crossed by a random legal action; a finished game stops the walk and the agent stays.
    Returns the number of agents moved."""
    node_depth, counters, pair_keys = tree.node_depth, tree.counters, tree.pair_keys
    pair_child, pair_outcome = tree.pair_child, tree.pair_outcome
    width = env.action_count
    agent_node, hypothesis, active = agents.node, agents.hypothesis, agents.active
    contacted, snapshot_h = agents.contacted, agents.hypothesis_snapshot
    indexed_nodes = min(node_start.shape[0] - 1, counters[NODE_COUNT])
    for agent in range(agent_node.shape[0]):
        snapshot_h[agent] = hypothesis[agent]
    moved = 0
    for agent in range(agent_node.shape[0]):
        layer = node_depth[agent_node[agent]]
        if layer == 0 or contacted[agent] == 1:
            continue
        node = 0
        reached = False
        # Hot path on arrays only: the helpers that take the environment and tree tuples run
        # only on the rare branches (an empty population, a pair met for the first time).
        # Step ``layer`` copies the hypothesis the agent takes in its new population; the
        # steps before it choose the way down.
        for step in range(layer + 1):
            action = _copied_hypothesis(
                snapshot_h, node_start, members, indexed_nodes, node, state, slot
            )
            if action < 0:
                action = _random_hypothesis(env, tree, node, state, slot)
            if step == layer:
                reached = True
                break
            key = np.int64(node) * width + action
            entry = _known_pair(pair_keys, pair_outcome, key)
            if entry < 0:
                resolve_outcome(env, tree, node, action, scratch)
                entry = pair_slot(pair_keys, key)
            if pair_outcome[entry] != ONGOING:
                break
            child = pair_child[entry]
            if child < 0:
                child = child_node(env, tree, node, action)
            node = child
        if not reached:
            continue
        hypothesis[agent] = action
        agent_node[agent] = node
        active[agent] = 0
        moved += 1
    return moved


# --------------------------------------------------------------------------- statistics


@jit
def population_counts(agents, node_start, members, node, width, counts, actives):
    """Agents and active agents of ``node``'s population per hypothesis (into the arrays)."""
    hypothesis, active = agents.hypothesis, agents.active
    for a in range(width):
        counts[a] = 0
        actives[a] = 0
    stop = node_start[node + 1] if node + 1 < node_start.shape[0] else 0
    for p in range(node_start[node] if stop else 0, stop):
        agent = members[p]
        counts[hypothesis[agent]] += 1
        actives[hypothesis[agent]] += active[agent]


@jit
def root_outcomes(env, tree, outcomes, scratch):
    """The exact outcome of every action at the root, into ``outcomes`` (for vanilla
    Monte-Carlo and UCT: a winning move needs no playout)."""
    for action in range(env.action_count):
        outcomes[action] = resolve_outcome(env, tree, 0, action, scratch)

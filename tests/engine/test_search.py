"""The searches on environments with known answers: the thesis's bandit, the paper's toy tree,
exact Hex outcomes and perspectives, the population index and pair table, reproducibility."""

from __future__ import annotations

import numpy as np
import pytest
from hexswarm.engine.board import BLACK, Board
from hexswarm.engine.kernels.environment import (
    build_hex_leaf,
    hex_leaf_black_to_move,
    random_action,
)
from hexswarm.engine.kernels.playout import cell_tables, rows_from_cells
from hexswarm.engine.kernels.rng import seed_states
from hexswarm.engine.kernels.sds import apply_results
from hexswarm.engine.kernels.tree import ONGOING, ROOT_LOSES, ROOT_WINS, count_populations
from hexswarm.engine.playout import random_playouts
from hexswarm.engine.search.environment import (
    PAPER_FIGURE_4_LEAVES,
    bandit_environment,
    explicit_tree_environment,
    hex_environment,
    leaf_value,
)
from hexswarm.engine.search.limits import SearchLimits
from hexswarm.engine.search.montecarlo import MonteCarloSearch, exact_root_outcomes
from hexswarm.engine.search.swarm import RECRUITMENT, RELATE, SwarmConfig, SwarmSearch
from hexswarm.engine.search.uct import UctConfig, UctSearch
from hexswarm.engine.warmup import warm_up
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.naive_search import sds_bandit

BANDIT_ARMS = (0.2, 0.4, 0.6, 0.8, 0.5)  # thesis Fig. 4.1 shape: five arms, distinct values


@pytest.fixture(scope="module", autouse=True)
def _compiled():
    warm_up()


# --------------------------------------------------------------------------- the bandit (4.2.1)


def test_bandit_final_distribution_ranks_the_arms_by_expected_value():
    """Thesis 4.2.1: 200 agents, 50 iterations. Averaged over seeds (one run of 200 agents is
    noisy), more agents sit on better arms, and the best arm holds the most in every run."""
    env = bandit_environment(BANDIT_ARMS)
    totals = np.zeros(len(BANDIT_ARMS))
    for seed in range(20):
        result = SwarmSearch(SwarmConfig(agents=200, seed=seed)).run(
            env, SearchLimits(iterations=50)
        )
        assert result.counts.sum() == 200
        assert result.best_action == int(np.argmax(BANDIT_ARMS))
        totals += result.counts
    ranking = list(np.argsort(totals))
    assert ranking == list(np.argsort(BANDIT_ARMS))


def test_bandit_matches_the_naive_reference_in_distribution():
    """The kernel's SDS and a plain-Python SDS (tests/naive_search.py) agree on the mean share
    of each arm within sampling error."""
    env = bandit_environment(BANDIT_ARMS)
    kernel = np.zeros(len(BANDIT_ARMS))
    naive = np.zeros(len(BANDIT_ARMS))
    runs = 30
    for seed in range(runs):
        kernel += (
            SwarmSearch(SwarmConfig(agents=200, seed=seed))
            .run(env, SearchLimits(iterations=30))
            .counts
        )
        naive += sds_bandit(BANDIT_ARMS, 200, 30, seed)
    kernel /= runs * 200
    naive /= runs * 200
    assert np.max(np.abs(kernel - naive)) < 0.08, (kernel, naive)


@pytest.mark.parametrize("recruitment", sorted(RECRUITMENT))
@pytest.mark.parametrize("relate", sorted(RELATE))
def test_every_sds_variant_finds_the_best_arm(recruitment, relate):
    env = bandit_environment((0.1, 0.3, 0.9, 0.2))
    config = SwarmConfig(agents=400, recruitment=recruitment, relate=relate, seed=3)
    result = SwarmSearch(config).run(env, SearchLimits(iterations=60))
    assert result.best_action == 2
    assert result.counts.sum() == 400


def test_history_and_active_fraction_are_recorded_per_iteration():
    env = bandit_environment(BANDIT_ARMS)
    result = SwarmSearch(SwarmConfig(agents=200, seed=1)).run(env, SearchLimits(iterations=12))
    snapshot = result.snapshot
    assert snapshot.done and snapshot.iteration == 12
    assert len(snapshot.history) == 12 == len(snapshot.active_fraction_history)
    assert all(sum(row) == 200 for row in snapshot.history)
    assert snapshot.history[-1] == tuple(int(c) for c in result.counts)
    assert all(0.0 <= f <= 1.0 for f in snapshot.active_fraction_history)


def test_confidence_threshold_halts_early():
    env = bandit_environment((0.05, 0.95))
    config = SwarmConfig(agents=300, confidence=0.8, seed=2)
    result = SwarmSearch(config).run(env, SearchLimits(iterations=500))
    assert result.iterations < 500
    assert result.counts[1] / result.counts.sum() >= 0.8


# --------------------------------------------------------------------------- the toy tree


def test_paper_figure_4_tree_has_the_stated_values():
    leaves = PAPER_FIGURE_4_LEAVES
    left = [leaves[i] for i in range(8)]
    right = [leaves[i] for i in range(8, 16)]
    assert sum(left) / 8 == 0.5 and sum(right) / 8 == 0.75

    def minimax(path: tuple[int, ...]) -> float:
        if len(path) == 4:
            return leaf_value(leaves, 2, path)
        values = [minimax((*path, a)) for a in (0, 1)]
        return max(values) if len(path) % 2 == 0 else min(values)

    assert minimax((0,)) == 1 and minimax((1,)) == 0


def test_mcsds_picks_the_monte_carlo_move_on_the_toy_tree():
    env = explicit_tree_environment(PAPER_FIGURE_4_LEAVES)
    for seed in range(3):
        result = SwarmSearch(SwarmConfig(policy="root", agents=500, seed=seed)).run(
            env, SearchLimits(iterations=40)
        )
        assert result.best_action == 1  # right: 75% under random play
        assert abs(result.estimate - 0.75) < 0.05


@pytest.mark.parametrize("policy", ["fixed", "layers", "tree"])
def test_sdst_converges_to_the_minimax_move_on_the_toy_tree(policy):
    env = explicit_tree_environment(PAPER_FIGURE_4_LEAVES)
    for seed in range(3):
        config = SwarmConfig(policy=policy, agents=1500, depth=4, seed=seed)
        result = SwarmSearch(config).run(env, SearchLimits(iterations=40))
        assert result.best_action == 0, (policy, seed, result.counts)
        # Converged: the root population holds the minimax move almost everywhere.
        assert result.counts[0] >= 0.8 * result.counts.sum()


def test_sdst_tree_policy_starts_on_the_monte_carlo_move_then_switches():
    """Paper Fig. 6: the root first leans to 'right', then reorients to 'left'."""
    env = explicit_tree_environment(PAPER_FIGURE_4_LEAVES)
    config = SwarmConfig(policy="tree", agents=2000, seed=5)
    history = SwarmSearch(config).run(env, SearchLimits(iterations=30)).history
    early_right = max(row[1] / max(sum(row), 1) for row in history[:3])
    assert early_right > 0.5
    assert history[-1][0] > history[-1][1]


def test_tree_summary_and_principal_variation_follow_the_populations():
    env = explicit_tree_environment(PAPER_FIGURE_4_LEAVES)
    result = SwarmSearch(SwarmConfig(policy="tree", agents=2000, seed=1)).run(
        env, SearchLimits(iterations=30)
    )
    snapshot = result.snapshot
    assert snapshot.principal_variation[0] == 0
    root = snapshot.tree
    assert root is not None and root.path == () and root.agents == result.counts.sum()
    total = root.agents
    stack = list(root.children)
    while stack:
        node = stack.pop()
        assert len(node.path) == node.depth and 0 <= node.active <= node.agents
        assert 0.0 <= node.value <= 1.0
        # A move with no population (one that ends the game, or not yet populated) counts
        # its parent's agents that hold it, which the parent's population already counted.
        assert node.held_only or not node.ends_game
        total += (0 if node.held_only else node.agents) + node.collapsed_agents
        stack.extend(node.children)
    assert total <= snapshot.extra["agents"]


@pytest.mark.parametrize("policy", ["tree", "layers"])
def test_tree_summary_draws_the_chosen_move_first(policy):
    """The drawn tree ranks a node's children by the agents there holding their move, as the
    move choice does, so the move played is always the root's first child (on an empty 7x7
    board the children's populations below rank them differently)."""
    env = hex_environment(Board(7))
    for seed in range(4):
        config = SwarmConfig(policy=policy, agents=1500, depth=3, seed=seed)
        result = SwarmSearch(config).run(env, SearchLimits(iterations=20))
        first = result.snapshot.tree.children[0]
        assert first.path == (int(result.snapshot.best_move),)


def test_uct_converges_to_the_minimax_move_on_the_toy_tree():
    env = explicit_tree_environment(PAPER_FIGURE_4_LEAVES)
    result = UctSearch(UctConfig(seed=1)).run(env, SearchLimits(playouts=4000))
    assert result.best_action == 0
    assert result.snapshot.principal_variation[:2] in ((0, 0), (0, 1))


# --------------------------------------------------------------------------- Hex environment


def _random_position(size: int, stones: int, seed: int) -> Board:
    rng = np.random.default_rng(seed)
    board = Board(size)
    for cell in rng.permutation(size * size):
        if board.is_over or len(board.moves) >= stones:
            break
        board.play(int(cell))
        if board.is_over:
            board.undo()
    return board


@settings(max_examples=40, deadline=None)
@given(size=st.integers(2, 7), stones=st.integers(0, 30), seed=st.integers(0, 10_000))
def test_exact_outcomes_agree_with_the_board(size, stones, seed):
    """A move ends the game exactly when Board says so, for the right player."""
    board = _random_position(size, stones, seed)
    if board.is_over:
        return
    env = hex_environment(board)
    outcomes = exact_root_outcomes(env)
    for action, cell in enumerate(env.action_cells):
        after = board.copy()
        after.play(int(cell))
        expected = ROOT_WINS if after.winner is board.to_move else ONGOING
        assert outcomes[action] == expected
    assert ROOT_LOSES not in outcomes  # a Hex move never makes the opponent win


@pytest.mark.parametrize("white_to_move", [True, False])
def test_playout_perspective_matches_independent_playouts(white_to_move):
    """The search's win rate after a move is the *mover's*: it matches engine.playout's
    Black-win rate from the position after the move, flipped when White moves."""
    board = Board(5)
    for cell in ("c3", "b2", "d4") if white_to_move else ("c3", "b2"):
        board.play(cell)
    assert (board.to_move is BLACK) is not white_to_move
    env = hex_environment(board)
    result = MonteCarloSearch(seed=4).run(env, SearchLimits(iterations=3000))
    for action in (0, 7, 15):
        cell = int(env.action_cells[action])
        after = board.copy()
        after.play(cell)
        black_wins = random_playouts(after, 6000, seed=9) / 6000
        mover_rate = black_wins if board.to_move is BLACK else 1 - black_wins
        measured = result.wins[action] / result.visits[action]
        assert abs(measured - mover_rate) < 0.05, (cell, measured, mover_rate)


def test_deeper_leaves_use_the_right_colours():
    """SDST tests leaves two moves deep: the root estimate of a move must still match the
    independent playouts once the whole tree is random (p_scatter=1 spreads agents down)."""
    board = Board(4)
    board.play("b2")
    env = hex_environment(board)
    config = SwarmConfig(policy="tree", agents=4000, seed=2)
    search = SwarmSearch(config)
    search.run(env, SearchLimits(iterations=1))
    # After one iteration every hypothesis was one move deep (all agents at the root).
    assert search.tests == 4000
    rates = search.root_wins / np.maximum(search.root_tests, 1)
    action = int(np.argmax(search.root_tests))
    after = board.copy()
    after.play(int(env.action_cells[action]))
    expected = 1 - random_playouts(after, 20000, seed=1) / 20000  # White to move at the root
    assert abs(rates[action] - expected) < 0.12


@pytest.mark.parametrize("white_to_move", [False, True])
def test_leaf_positions_are_the_board_after_the_path(white_to_move):
    """The position a test plays out from, built from the node table, is the Board after the
    path's moves and the leaf action: Black's stones, the empty cells and the side to move."""
    board = Board(5)
    for cell in ("c3", "b2", "d4")[: 3 if white_to_move else 2]:
        board.play(cell)
    env = hex_environment(board)
    search = SwarmSearch(SwarmConfig(policy="tree", agents=4000, seed=3))
    search.run(env, SearchLimits(iterations=12))
    size, root_black, base, cells = env.size, env.root_black, env.black_rows, env.action_cells
    work_cells, used, leaf_rows = (
        np.zeros(cells.size, np.int32),
        np.zeros(25, np.uint8),
        np.zeros(size, np.uint64),
    )
    cell_row, cell_bit = cell_tables(size)
    rng = np.random.default_rng(0)
    nodes = int(search.counters[0])
    assert search.node_depth[:nodes].max() >= 2  # the tree has grown past the root's children
    for node in rng.choice(nodes, size=min(nodes, 60), replace=False):
        path, k = [], int(node)
        while k > 0:
            path.append(int(cells[search.node_action[k]]))
            k = int(search.node_parent[k])
        position = board.copy()
        for cell in reversed(path):
            position.play(cell)
        action = int(rng.choice([a for a, c in enumerate(cells) if int(c) not in path]))
        position.play(int(cells[action]))
        count = build_hex_leaf(
            size,
            root_black,
            base,
            cells,
            search.node_parent,
            search.node_action,
            search.node_depth,
            node,
            action,
            work_cells,
            used,
            leaf_rows,
            cell_row,
            cell_bit,
        )
        black = position.cells == 1
        assert list(leaf_rows) == list(rows_from_cells(black.astype(np.int8), size))
        assert sorted(work_cells[:count]) == sorted(np.flatnonzero(position.cells == 0))
        assert not used.any()  # scratch left clean for the next leaf
        assert hex_leaf_black_to_move(root_black, search.node_depth, node) == (
            position.to_move is BLACK
        )


@pytest.mark.parametrize("path", [(3,), (3, 7, 1), (0, 2, 4, 6, 8, 9, 1, 5)])
def test_random_actions_are_uniform_over_the_actions_off_the_path(path):
    """Hex actions are exclusive: a random action at a node is never one played on the way
    there, and every other action is equally likely (also when most actions are used)."""
    total = 10
    node_parent = np.arange(-1, len(path), dtype=np.int32)
    node_action = np.array([-1, *path], dtype=np.int32)
    node = len(path)
    state = seed_states(5, 1)
    draws = 14_000
    counts = np.zeros(total, dtype=np.int64)
    for _ in range(draws):
        counts[random_action(True, total, node_parent, node_action, node, state, 0)] += 1
    free = [a for a in range(total) if a not in path]
    assert counts[list(path)].sum() == 0
    expected = draws / len(free)
    sigma = (expected * (1 - 1 / len(free))) ** 0.5
    assert all(abs(counts[a] - expected) < 5 * sigma for a in free), counts


# --------------------------------------------------------------------------- data structures


@given(st.lists(st.integers(0, 9), min_size=1, max_size=200))
def test_population_index_groups_agents_by_node(agent_nodes):
    agent_node = np.array(agent_nodes, dtype=np.int32)
    node_start = np.zeros(11, dtype=np.int32)
    members = np.zeros(agent_node.size, dtype=np.int32)
    count_populations(agent_node, 10, node_start, members)
    for node in range(10):
        group = members[node_start[node] : node_start[node + 1]]
        assert list(group) == list(np.flatnonzero(agent_node == node))


def test_pair_table_grows_without_losing_children():
    board = Board(5)
    env = hex_environment(board)
    search = SwarmSearch(SwarmConfig(policy="tree", agents=3000, seed=1))
    search.run(env, SearchLimits(iterations=6))
    before = {
        int(k): int(c) for k, c in zip(search.pair_keys, search.pair_child, strict=True) if k >= 0
    }
    search._grow_pairs(search.pair_keys.size * 4)
    for key, child in before.items():
        node, action = divmod(key, search.width)
        assert search._child(node, action) == child
        if child >= 0:
            assert search.node_parent[child] == node and search.node_action[child] == action


@pytest.mark.parametrize("seed", [1, 2])
def test_hypotheses_chain_one_agent_per_population_and_results_set_activity(seed):
    """Paper Table 2, checked on the kernels' output after the tree has grown: hypothesis ``i``
    starts at root agent ``i``; each next agent lives in the child pointed to by the previous
    agent's hypothesis; the chain stops exactly at a finished game or an empty population.
    Then every agent used takes the result of the last hypothesis that used it, from the
    perspective of the player to move at its node."""
    board = Board(5)
    board.play("c3")
    env = hex_environment(board)
    search = SwarmSearch(SwarmConfig(policy="tree", agents=3000, seed=seed))
    search.run(env, SearchLimits(iterations=8))
    search._index()
    count = search._form_hypotheses()
    used = int(search.progress[1])
    sizes = np.diff(search.node_start[: int(search.counters[0]) + 1])
    chains: dict[int, list[int]] = {}
    for k in range(used):
        chains.setdefault(int(search.path_hypothesis[k]), []).append(int(search.path_agents[k]))
    assert sorted(chains) == list(range(count))
    root_members = search.members[search.node_start[0] : search.node_start[1]]
    assert max(len(chain) for chain in chains.values()) >= 3  # deep enough to mean something
    exact: dict[tuple[int, int], bool] = {}
    for i, chain in chains.items():
        assert chain[0] == root_members[i]
        node = 0
        for agent in chain:
            assert search.agent_node[agent] == node
            action = int(search.hypothesis[agent])
            child = search._child(node, action)
            node, last_action = child, action
        leaf = int(search.agent_node[chain[-1]])
        assert (search.leaf_node[i], search.leaf_action[i]) == (leaf, last_action)
        key = (leaf, last_action)
        if key not in exact:
            position = board.copy()
            k = leaf
            path = []
            while k > 0:
                path.append(int(env.action_cells[search.node_action[k]]))
                k = int(search.node_parent[k])
            for cell in reversed(path):
                position.play(cell)
            position.play(int(env.action_cells[last_action]))
            exact[key] = position.is_over
        if exact[key]:
            assert search.leaf_exact[i] != 0
        else:
            assert search.leaf_exact[i] == 0
            assert node < 0 or node >= sizes.size or sizes[node] == 0  # empty population
    results = np.random.default_rng(seed).integers(0, 2, count).astype(np.uint8)
    search.results[:count] = results
    last_result = {}
    for i, chain in chains.items():
        for agent in chain:
            if agent not in last_result or last_result[agent][0] < i:
                last_result[agent] = (i, bool(results[i]))
    apply_results(
        search._tree(),
        search._agents(),
        count,
        search.results,
        used,
        search.path_hypothesis,
        search.path_agents,
        search.root_tests,
        search.root_wins,
    )
    for agent, (_, root_won) in last_result.items():
        root_to_move = search.node_depth[search.agent_node[agent]] % 2 == 0
        assert search.active[agent] == (1 if root_won == root_to_move else 0)


def test_agents_only_live_in_unfinished_positions_and_hold_legal_moves():
    board = Board(4)
    for cell in ("a1", "d4", "a2", "c4", "a3"):
        board.play(cell)
    env = hex_environment(board)
    search = SwarmSearch(SwarmConfig(policy="tree", agents=3000, seed=1))
    search.run(env, SearchLimits(iterations=10))
    cells = env.action_cells
    for agent in range(search.agent_node.size):
        node = int(search.agent_node[agent])
        path = []
        while node > 0:
            path.append(int(cells[search.node_action[node]]))
            node = int(search.node_parent[node])
        position = board.copy()
        for cell in reversed(path):
            position.play(cell)
        assert not position.is_over
        assert int(cells[search.hypothesis[agent]]) in position.legal_moves()


# --------------------------------------------------------------------------- reproducibility


@pytest.mark.parametrize("policy", ["root", "fixed", "layers", "tree"])
def test_same_seed_and_threads_give_the_same_search(policy):
    env = hex_environment(Board(5))
    runs = [
        SwarmSearch(SwarmConfig(policy=policy, agents=3000, threads=2, seed=11)).run(
            env, SearchLimits(iterations=8)
        )
        for _ in range(2)
    ]
    assert np.array_equal(runs[0].counts, runs[1].counts)
    assert runs[0].history == runs[1].history
    other = SwarmSearch(SwarmConfig(policy=policy, agents=3000, threads=2, seed=12)).run(
        env, SearchLimits(iterations=8)
    )
    assert other.history != runs[0].history


def test_uct_is_reproducible_per_seed_and_threads():
    env = hex_environment(Board(5))
    a = UctSearch(UctConfig(threads=2, seed=3)).run(env, SearchLimits(playouts=3000))
    b = UctSearch(UctConfig(threads=2, seed=3)).run(env, SearchLimits(playouts=3000))
    assert np.array_equal(a.visits, b.visits)


def test_backscattering_to_the_root_also_finds_the_minimax_move():
    env = explicit_tree_environment(PAPER_FIGURE_4_LEAVES)
    config = SwarmConfig(policy="tree", agents=1500, backscatter_to_root=True, seed=2)
    result = SwarmSearch(config).run(env, SearchLimits(iterations=40))
    assert result.best_action == 0


def test_relate_phase_deactivates_agents():
    """Context-free relate removes activity wherever two active agents meet; context-sensitive
    only where they share a hypothesis (so less); none leaves the test's activity."""
    env = bandit_environment((0.9, 0.9, 0.9, 0.9))
    fractions = {}
    for relate in ("none", "context-sensitive", "context-free"):
        config = SwarmConfig(agents=2000, relate=relate, seed=4)
        history = (
            SwarmSearch(config)
            .run(env, SearchLimits(iterations=10))
            .snapshot.active_fraction_history
        )
        fractions[relate] = float(np.mean(history))
    assert abs(fractions["none"] - 0.9) < 0.03
    assert fractions["context-free"] < fractions["context-sensitive"] < fractions["none"]


@pytest.mark.parametrize(
    "spec", ["sdst:agents=2000,iterations=60,seed=1", "uct:playouts=3000,seed=1"]
)
def test_tree_summary_shows_the_moves_that_end_the_game(spec):
    """Black to move on 5x5 with c1-c4 in place: b5 and c5 win at once. SDST keeps no
    population below a move that ends the game, yet the agents holding it must be in the tree
    (the reference is Board.play + winner, not the search)."""
    from hexswarm.engine.players import create_player

    board = Board(5)
    for black, white in (("c1", "a1"), ("c2", "a2"), ("c3", "a3"), ("c4", "a4")):
        board.play(black)
        board.play(white)
    winning = set()
    for cell in board.legal_moves():
        after = board.copy()
        after.play(cell)
        if after.winner is not None:
            winning.add(cell)
    assert {board.cell_name(c) for c in winning} == {"b5", "c5"}
    tree = create_player(spec).choose_move(board).snapshot.tree
    children = {child.path[0]: child for child in tree.children}
    assert winning <= set(children)
    for cell, child in children.items():
        assert child.ends_game == (cell in winning)
    strongest = max(tree.children, key=lambda child: child.agents)
    assert strongest.path[0] in winning

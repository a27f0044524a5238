"""The swarm options beyond the thesis: tests of several playouts, kept evidence, comparative
decisions, the paper's copy-only diffusion, thesis 4.2.1's copy-activates, uncontacted agents
reset, the halting criteria of thesis 3.2.2; and cluster formation against thesis 3.2.4."""

from __future__ import annotations

import numpy as np
import pytest
from hexswarm.engine.board import Board, HexError
from hexswarm.engine.kernels.layout import SwarmAgents, SwarmTree
from hexswarm.engine.kernels.rng import below, seed_states
from hexswarm.engine.kernels.sds import REFERENCE_MEAN, REFERENCE_WIN, apply_test_outcomes
from hexswarm.engine.players import create_player
from hexswarm.engine.players.levels import parse_spec, settings_spec
from hexswarm.engine.players.uct_player import AnthillPlayer, tree_config
from hexswarm.engine.search.anthill import AnthillConfig, AnthillSearch
from hexswarm.engine.search.environment import bandit_environment, hex_environment
from hexswarm.engine.search.limits import SearchLimits
from hexswarm.engine.search.swarm import HaltingCriterion, SwarmConfig, SwarmSearch
from hexswarm.engine.tools.cluster_formation import (
    CONVERGENCE_POSITIONS,
    SNAPSHOT_DESCENTS,
    anthill_convergence,
    bandit_cluster_share,
    convergence_board,
    hex_convergence,
    majority_activation,
)
from hexswarm.engine.tools.lab import alpha_min, cluster_share_limit, cluster_share_prediction
from hexswarm.engine.warmup import warm_up

from tests import naive_search


@pytest.fixture(scope="module", autouse=True)
def _compiled():
    warm_up()


def _one_iteration_activity(arms, **options) -> tuple[np.ndarray, SwarmSearch]:
    """Every agent of a bandit search tested once; its activity after the test per arm."""
    search = SwarmSearch(SwarmConfig(agents=40_000, seed=1, **options))
    search.prepare(bandit_environment(arms))
    search._form_hypotheses()
    search._evaluate(int(search.node_start[1]), None, None, lambda done: None)
    search._apply_results(int(search.node_start[1]))
    rates = np.array([search.active[search.hypothesis == arm].mean() for arm in range(len(arms))])
    return rates, search


@pytest.mark.parametrize("test", ["majority", "sequential"])
@pytest.mark.parametrize("playouts", [3, 4])
def test_majority_tests_activate_with_the_binomial_majority(test, playouts):
    arms = (0.3, 0.5, 0.6, 0.8)
    rates, search = _one_iteration_activity(arms, test=test, test_playouts=playouts)
    expected = [majority_activation(p, playouts) for p in arms]
    assert np.max(np.abs(rates - expected)) < 0.02, (rates, expected)
    used = search.result_tests[: search.agent_node.size]
    if test == "majority":
        assert np.all(used == playouts)
    else:  # stops as soon as the majority is decided, never before
        assert used.min() >= playouts // 2 + 1 - (playouts % 2 == 0) and used.max() <= playouts
        assert used.mean() < playouts


def test_sequential_test_stops_once_decided():
    """Certain arms: a 9-playout sequential test needs exactly 5 playouts to decide."""
    rates, search = _one_iteration_activity((0.0, 1.0), test="sequential", test_playouts=9)
    assert rates.tolist() == [0.0, 1.0]
    assert np.all(search.result_tests[: search.agent_node.size] == 5)
    assert search.playouts == 5 * search.agent_node.size


def test_single_test_with_several_playouts_is_refused():
    with pytest.raises(HexError, match="test_playouts"):
        SwarmSearch(SwarmConfig(test_playouts=3))
    with pytest.raises(HexError, match="reference"):
        SwarmSearch(SwarmConfig(reference="median"))


@pytest.mark.parametrize("reference", [REFERENCE_WIN, REFERENCE_MEAN])
@pytest.mark.parametrize("keep_evidence", [False, True])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_test_outcomes_match_the_plain_reference(reference, keep_evidence, seed):
    """Two iterations of random paths through a small tree (agents at depths 0-2, some agents
    on several paths, hypotheses changing between the iterations) decided by the kernel and by
    ``tests/naive_search.apply_test_outcomes``, ties drawn from the same generator."""
    rng = np.random.default_rng(seed)
    nodes, agents, width = 5, 30, 4
    node_depth = np.array([0, 1, 1, 2, 2], dtype=np.int32)
    tree = SwarmTree(
        np.array([-1, 0, 0, 1, 1], dtype=np.int32),
        np.array([-1, 0, 1, 0, 1], dtype=np.int32),
        node_depth,
        np.array([nodes, 0], dtype=np.int64),
        np.full(8, -1, dtype=np.int64),
        np.full(8, -1, dtype=np.int32),
        np.zeros(8, dtype=np.int8),
    )
    agent_node = rng.integers(0, nodes, agents).astype(np.int32)
    hypothesis = rng.integers(0, width, agents).astype(np.int32)
    active = np.zeros(agents, dtype=np.uint8)
    zeros = np.zeros(agents, dtype=np.uint8)
    agent_arrays = SwarmAgents(
        agent_node, hypothesis, active, zeros, zeros.copy(), hypothesis.copy()
    )
    evidence = (
        np.full(agents, -1, dtype=np.int32),
        np.full(agents, -1, dtype=np.int32),
        np.zeros(agents, dtype=np.int32),
        np.zeros(agents, dtype=np.int32),
    )
    node_wins = np.zeros(nodes, dtype=np.int64)
    node_tests = np.zeros(nodes, dtype=np.int64)
    kernel_state = seed_states(seed, 1)
    naive_state = kernel_state.copy()
    naive_evidence: dict = {}
    for _ in range(2):
        count = 12
        root_agents = np.flatnonzero(agent_node == 0)[:count]
        count = root_agents.size
        path = [(int(a), i) for i, a in enumerate(root_agents)]
        deeper = np.flatnonzero(agent_node > 0)
        path += [(int(rng.choice(deeper)), int(rng.integers(0, count))) for _ in range(20)]
        playouts = rng.integers(1, 5, count).astype(np.uint8)
        wins = np.array([rng.integers(0, p + 1) for p in playouts], dtype=np.uint8)
        path_agents = np.array([a for a, _ in path], dtype=np.int32)
        path_hypothesis = np.array([i for _, i in path], dtype=np.int32)
        expected = naive_search.apply_test_outcomes(
            agent_node,
            node_depth,
            hypothesis,
            naive_evidence,
            path,
            wins,
            playouts,
            reference == REFERENCE_MEAN,
            keep_evidence,
            lambda: int(below(naive_state, 0, 2)),
        )
        apply_test_outcomes(
            tree,
            agent_arrays,
            evidence,
            node_wins,
            node_tests,
            count,
            wins,
            playouts,
            len(path),
            path_hypothesis,
            path_agents,
            np.zeros(width, dtype=np.int64),
            np.zeros(width, dtype=np.int64),
            reference,
            keep_evidence,
            kernel_state,
            0,
        )
        assert {a: int(active[a]) for a in expected} == expected
        hypothesis[rng.integers(0, agents, 8)] = rng.integers(0, width, 8)  # some change


def test_paper_internal_diffusion_never_draws_a_random_hypothesis():
    """Arms that never pay: nobody is active, so the thesis's diffusion re-draws everyone at
    random while the paper's (Table 2: copy from an active agent, or nothing) keeps them."""
    env = bandit_environment((0.0, 0.0, 0.0, 0.0))
    for diffusion, changes in (("thesis", True), ("paper", False)):
        search = SwarmSearch(SwarmConfig(agents=500, seed=2, internal_diffusion=diffusion))
        search.prepare(env)
        before = search.hypothesis.copy()
        search.run(env, SearchLimits(iterations=1))
        assert bool(np.any(search.hypothesis != before)) == changes


def test_copy_activates_makes_recruited_agents_active():
    """Thesis 4.2.1: an agent that copies an active agent's hypothesis becomes active; by
    default only the test sets activity. Arm 0 always pays, arm 1 never: after one iteration
    the active agents are the ones tested on arm 0, plus (with the option) those that copied
    it; agents that drew arm 0 at random stay inactive either way."""
    env = bandit_environment((1.0, 0.0))
    actives = {}
    for copy_activates in (False, True):
        config = SwarmConfig(agents=1000, seed=3, copy_activates=copy_activates)
        search = SwarmSearch(config)
        search.prepare(env)
        tested_on_good_arm = int(np.sum(search.hypothesis == 0))
        search.run(env, SearchLimits(iterations=1))
        actives[copy_activates] = int(search.active.sum())
        assert np.all(search.active[search.hypothesis == 1] == 0)
        if not copy_activates:
            assert actives[False] == tested_on_good_arm
    # Inactive agents (about half) meet an active one about half the time: ~250 copies.
    assert 150 < actives[True] - actives[False] < 350


def test_uncontacted_agents_lose_their_activity_on_request():
    board = Board(4)
    env = hex_environment(board)
    kept = SwarmSearch(SwarmConfig(policy="fixed", depth=3, agents=3000))
    kept.run(env, SearchLimits(iterations=3))
    reset = SwarmSearch(SwarmConfig(policy="fixed", depth=3, agents=3000, uncontacted="reset"))
    reset.run(env, SearchLimits(iterations=3))
    # Before the last diffusion: activity only where the last test reached (recruitment does
    # not activate by default), so no uncontacted agent is active.
    assert reset.active[reset.contacted == 0].sum() == 0
    assert kept.active[kept.contacted == 0].sum() > 0


def test_strong_and_weak_halting_follow_thesis_3_2_2():
    config = SwarmConfig(halt="strong", halt_threshold=0.5, halt_band=0.05, halt_iterations=3)
    strong = HaltingCriterion(config)
    counts = [np.array(c) for c in ([40, 60], [45, 55], [30, 70], [28, 72], [31, 69], [29, 71])]
    actives = np.array([0, 0])
    # 0.60 then 0.55 (within 0.05 of 0.60), then 0.70 (outside: a new run from 0.70), 0.72,
    # 0.69: three iterations within the band, halt.
    assert [strong.update(c, actives) for c in counts] == [False] * 4 + [True, True]
    weak = HaltingCriterion(
        SwarmConfig(halt="weak", halt_threshold=0.6, halt_band=0.02, halt_iterations=2)
    )
    total = np.array([50, 50])
    decisions = [weak.update(total, np.array(a)) for a in ([30, 20], [35, 30], [36, 30])]
    assert decisions == [False, False, True]  # 0.50 below; 0.65 starts; 0.66 holds


def test_strong_halting_stops_a_converged_search():
    env = bandit_environment((0.95, 0.1, 0.1))
    config = SwarmConfig(agents=500, halt="strong", halt_threshold=0.8, seed=1)
    result = SwarmSearch(config).run(env, SearchLimits(iterations=200))
    assert result.best_action == 0 and result.iterations < 60


def test_new_options_round_trip_through_specs_and_players():
    spec = (
        "sdst:policy=fixed,test=sequential,test_playouts=7,reference=mean,evidence=true,"
        "internal_diffusion=paper,copy_activates=true,uncontacted=reset,halt=weak,threads=1"
    )
    name, settings = parse_spec(spec)
    assert parse_spec(settings_spec(name, settings)) == (name, settings)
    config = create_player(spec).config(seed=1)
    assert (config.test, config.test_playouts, config.reference) == ("sequential", 7, "mean")
    assert config.evidence and config.copy_activates
    assert (config.internal_diffusion, config.uncontacted, config.halt) == (
        "paper",
        "reset",
        "weak",
    )
    board = Board(4)
    choice = create_player("mcsds:agents=400,iterations=5,test=majority,test_playouts=3,"
                           "internal_diffusion=paper,threads=1").choose_move(board)  # fmt: skip
    assert choice.move in board.legal_moves()


# --------------------------------------------------------------------------- clusters


def test_majority_activation_is_the_binomial_majority():
    assert majority_activation(0.5, 5) == pytest.approx(0.5)
    assert majority_activation(0.6, 1) == pytest.approx(0.6)
    assert majority_activation(0.6, 3) == pytest.approx(0.6**3 + 3 * 0.6**2 * 0.4)
    assert majority_activation(0.6, 2) == pytest.approx(0.36 + 0.48 / 2)  # a tie: a coin
    # Amplified over the threshold: 0.6 alone is under alpha_min(0.5) = 2/3, nine are over.
    assert majority_activation(0.6, 9) > alpha_min(majority_activation(0.5, 9))
    assert cluster_share_limit(0.6, 0.5) == 0.0


def test_measured_cluster_follows_the_prediction_and_new_tests_lift_it():
    """On a 20-armed bandit with the best arm at 0.6 and the others at 0.5 (Hex's situation:
    under the threshold 2/3), the thesis's SDS keeps ~11% on the best arm as the mean field
    predicts; a 5-playout majority and the paper's copy-only diffusion form a cluster."""
    alpha, beta = 0.6, 0.5
    base = SwarmConfig(agents=1000)
    thesis = bandit_cluster_share(alpha, beta, base, 60, seeds=(0, 1))
    assert abs(thesis - cluster_share_prediction(alpha, beta, 20)) < 0.05
    majority = bandit_cluster_share(
        alpha, beta, SwarmConfig(agents=1000, test="majority", test_playouts=5), 60,
        seeds=(0, 1),
    )  # fmt: skip
    predicted = cluster_share_prediction(
        majority_activation(alpha, 5), majority_activation(beta, 5), 20
    )
    assert abs(majority - predicted) < 0.08 and majority > 2 * thesis
    paper = bandit_cluster_share(
        alpha, beta, SwarmConfig(agents=1000, internal_diffusion="paper"), 60,
        seeds=(0, 1),
    )  # fmt: skip
    assert paper > 0.5


@pytest.mark.parametrize("index", range(len(CONVERGENCE_POSITIONS)))
def test_convergence_positions_have_the_stated_proven_wins(index):
    size, moves, winners = CONVERGENCE_POSITIONS[index]
    assert naive_search.proven_winning_moves(size, moves) == set(winners)


def test_hex_convergence_reports_the_share_on_the_winning_cells():
    size, moves, winners = CONVERGENCE_POSITIONS[0]
    config = SwarmConfig(agents=4000, internal_diffusion="paper", seed=1)
    share, result = hex_convergence(size, moves, winners, config, 30)
    assert share.shape == (30,)
    assert share[-1] > 0.5 > share[0]


def test_anthill_convergence_follows_the_population_without_changing_the_search():
    """The anthill's study reads its root population every SNAPSHOT_DESCENTS descents; the
    finer batches leave the draws alone (the records of a search in the usual batches), and
    the share it reports is the population's share on the proven winners."""
    size, moves, winners = CONVERGENCE_POSITIONS[0]
    descents, share, plays_winner, result = anthill_convergence(size, moves, winners, "tests=8", 0)
    assert descents[0] == SNAPSHOT_DESCENTS and np.all(np.diff(descents) > 0)
    assert share[-1] > 0.5 and plays_winner
    _, settings = parse_spec("anthill:playouts=60000,leaf_playouts=4,tests=8")
    player = AnthillPlayer(settings)
    search = AnthillSearch(tree_config(AnthillConfig, settings, 0))
    env = hex_environment(convergence_board(size, moves), player.playout_policy())
    usual = search.run(env, SearchLimits(playouts=60_000))
    assert search.chunk > SNAPSHOT_DESCENTS
    assert np.array_equal(result.visits, usual.visits)
    assert np.array_equal(result.wins, usual.wins)

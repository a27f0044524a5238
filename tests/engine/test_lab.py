"""The lab: probability leaves in explicit trees, and each figure of the sources ending in the
state its text describes, at the text's parameters, over seeds (docs/lab.md)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from hexswarm.engine.board import HexError
from hexswarm.engine.kernels.tree import ONGOING, ROOT_LOSES, ROOT_WINS
from hexswarm.engine.search.environment import (
    THESIS_FIGURE_4_3_LEAVES,
    explicit_tree_environment,
    minimax_value,
    random_play_value,
)
from hexswarm.engine.search.limits import SearchLimits
from hexswarm.engine.search.montecarlo import MonteCarloSearch, exact_root_outcomes
from hexswarm.engine.search.swarm import SwarmConfig, SwarmSearch
from hexswarm.engine.search.uct import UctConfig, UctSearch
from hexswarm.engine.tools.lab import (
    CLUSTER_THRESHOLD,
    CLUSTER_THRESHOLD_MAJORITY,
    EXPERIMENTS,
    SWEEPS,
    THESIS_BANDIT_ARMS,
    alpha_min,
    catalogue,
    cluster_share_limit,
    cluster_share_prediction,
    equilibrium_share,
    experiment,
    mean_field_shares,
    run_experiment,
    thesis_tree_problem,
    trace_search,
)
from hexswarm.engine.warmup import warm_up

SEEDS = 10


@pytest.fixture(scope="module", autouse=True)
def _compiled():
    warm_up()


# --------------------------------------------------------------------------- probability leaves


def test_leaves_must_be_probabilities():
    explicit_tree_environment((0.25, 1.0))
    with pytest.raises(HexError, match="between 0 and 1"):
        explicit_tree_environment((0.5, 1.5))


def test_only_certain_leaves_end_the_game_exactly():
    outcomes = exact_root_outcomes(explicit_tree_environment((0.0, 0.3, 1.0, 0.999), branching=4))
    assert list(outcomes) == [ROOT_LOSES, ONGOING, ROOT_WINS, ONGOING]


@pytest.mark.parametrize(
    "leaves", [THESIS_FIGURE_4_3_LEAVES, (0.1, 0.9, 0.5, 0.25, 1.0, 0.0, 0.7, 0.3)]
)
def test_monte_carlo_win_rates_are_the_random_play_values(leaves):
    """The kernel's draws against the plain mean of the leaves below each root move."""
    env = explicit_tree_environment(leaves)
    playouts = 20_000
    result = MonteCarloSearch(seed=4).run(env, SearchLimits(iterations=playouts))
    for action in range(2):
        expected = random_play_value(leaves, 2, (action,))
        measured = result.wins[action] / result.visits[action]
        sigma = np.sqrt(expected * (1 - expected) / playouts) + 1e-9
        assert abs(measured - expected) < 4 * sigma + 1e-9, (action, measured, expected)


def test_thesis_tree_is_a_monte_carlo_trap():
    leaves = THESIS_FIGURE_4_3_LEAVES
    assert random_play_value(leaves, 2, (0,)) == pytest.approx(1 / 3)  # a: 33%, as the text
    assert random_play_value(leaves, 2, (1,)) == pytest.approx(1 / 2)  # b: better at random
    assert minimax_value(leaves, 2, (0,)) > minimax_value(leaves, 2, (1,)) == 0.0  # c refutes b


def test_searches_below_probability_leaves_stay_in_the_tree():
    """Whole-tree SDST puts agents on the leaves; one ply below them the game ends."""
    env = explicit_tree_environment(THESIS_FIGURE_4_3_LEAVES)
    search = SwarmSearch(SwarmConfig(policy="tree", agents=400, seed=2))
    result = search.run(env, SearchLimits(iterations=30))
    nodes = int(search.counters[0])
    assert result.counts.sum() > 0
    assert search.node_depth[:nodes].max() <= 2
    assert np.all((search.hypothesis >= 0) & (search.hypothesis < 2))


def test_uct_on_probability_leaves_stays_in_the_tree():
    """UCT expands the leaves themselves; one ply below them the game ends (rounded), so its
    values there are not the leaves' chances (docs/lab.md), but it stays within the tree."""
    env = explicit_tree_environment(THESIS_FIGURE_4_3_LEAVES)
    search = UctSearch(UctConfig(seed=1))
    result = search.run(env, SearchLimits(playouts=3000))
    assert sum(result.snapshot.root_agents) == 3000
    assert result.snapshot.extra["nodes"] <= 1 + 2 + 4 + 8


def test_the_lab_refuses_whole_tree_sdst_on_probability_leaves():
    exp = experiment("paper-6")
    with pytest.raises(HexError, match="probability leaves"):
        trace_search(thesis_tree_problem(), exp.config, [()], exp.iterations)
    trace_search(exp.problem, exp.config, [()], exp.iterations)  # 0/1 leaves: fine


# --------------------------------------------------------------------------- the catalogue


def test_catalogue_names_are_unique_and_known():
    names = [name for name, _ in catalogue()]
    assert len(names) == len(set(names))
    assert {"thesis-4.2", "thesis-4.4", "thesis-4.5", "thesis-4.6", "thesis-4.7"} <= set(names)
    assert {"paper-5", "paper-6", "cluster-threshold"} <= set(names)
    with pytest.raises(HexError, match="known: thesis-4.2"):
        experiment("fig-99")


def test_trace_records_every_iteration_and_can_stop():
    exp = experiment("thesis-4.6")
    seen = []

    def on_frame(frame):
        seen.append(frame.iteration)
        assert frame.snapshot is not None and frame.snapshot.iteration == frame.iteration
        return frame.iteration == 3

    trace = trace_search(
        exp.problem,
        exp.config,
        exp.recorded_paths,
        exp.iterations,
        snapshots=True,
        on_frame=on_frame,
    )
    assert seen == [0, 1, 2, 3]
    assert trace.agents.shape[0] == 4
    root = trace.paths.index(())
    assert trace.agents[:, root].sum(axis=1).tolist() == [500] * 4


# --------------------------------------------------------------------------- the figures


def _shares(name: str, seeds: int = SEEDS) -> np.ndarray:
    """``shares[s, t, k]``: series k's share of its population, seed s, after iteration t."""
    values = run_experiment(experiment(name), seeds).series_values()
    return values / np.maximum(values.sum(axis=2, keepdims=True), 1)


def test_thesis_4_2_bandit_is_winner_take_most():
    """200 agents, 50 iterations. At iteration 10 the mean shares rank the arms by expected
    value; by iteration 50 the best arm holds ~89% and each other arm under 6% (docs/lab.md)."""
    shares = _shares("thesis-4.2")
    assert list(np.argsort(shares[:, 10].mean(axis=0))) == list(np.argsort(THESIS_BANDIT_ARMS))
    final = shares[:, -1].mean(axis=0)
    best = int(np.argmax(THESIS_BANDIT_ARMS))
    assert 0.84 <= final[best] <= 0.94, final
    assert np.all(np.delete(final, best) < 0.06), final
    assert np.all(np.argmax(shares[:, -1], axis=1) == best)
    assert np.abs(final - mean_field_shares(THESIS_BANDIT_ARMS, 50)).max() < 0.03


def test_thesis_4_4_to_4_6_fixed_populations():
    """Min's population after a stays balanced, after b all on c; the root leans to b at
    iteration 1 and holds a majority on a from iteration 4 on, in every seed."""
    runs = run_experiment(experiment("thesis-4.6"), SEEDS)
    for trace in runs.traces:
        after_a = trace.agents[:, trace.paths.index((0,))]
        after_b = trace.agents[:, trace.paths.index((1,))]
        root = trace.agents[:, trace.paths.index(())]
        assert np.all(np.abs(after_a[10:, 0] / 500 - 0.5) < 0.15)
        assert np.all(after_b[12:, 0] >= 495)
        assert np.all(root[4:, 0] > 250)
    root_b_at_1 = np.mean([t.agents[1, t.paths.index(()), 1] for t in runs.traces])
    assert root_b_at_1 > 260


def test_thesis_4_7_layer_population_follows_the_root():
    values = run_experiment(experiment("thesis-4.7"), SEEDS).series_values()
    population_a, root_a = values[:, :, 0], values[:, :, 1]
    assert np.abs(population_a[:, 5:] - root_a[:, 5:]).mean() < 30
    assert root_a[:, 1].mean() < 250 < root_a[:, -1].mean()


def test_paper_5_fixed_populations_reach_the_minimax_move():
    shares = _shares("paper-5")
    assert (shares[:, 1:3, 0] < 0.5).any(axis=1).sum() >= 8  # right first, in most seeds
    assert (shares[:, 5, 0] >= 0.8).sum() >= 8


def test_paper_6_sdst_settles_on_the_minimax_move():
    """100 agents, the paper's scattering: most root agents on the minimax move (left) at
    iteration 12 in at least 9 of 10 seeds, after a majority on right early on."""
    shares = _shares("paper-6")
    assert (shares[:, 12, 0] > 0.5).sum() >= 9
    assert (shares[:, 1:5, 0] < 0.5).any(axis=1).all()


def test_paper_6_needs_the_thesiss_diffusion():
    """Table 2's internal diffusion read literally (copy only, no re-draw) freezes the root:
    no more than half of the seeds end with a majority on the minimax move (docs/lab.md)."""
    shares = _shares("paper-6-copy-only")
    assert (shares[:, 12, 0] > 0.5).sum() <= 5
    assert np.abs(shares[:, 12, 0] - shares[:, 8, 0]).mean() < 0.1  # it has stopped moving


# --------------------------------------------------------------------------- cluster threshold


def test_cluster_size_formula():
    beta = CLUSTER_THRESHOLD.beta
    threshold = alpha_min(beta)
    assert cluster_share_limit(threshold, beta) == pytest.approx(0.0, abs=1e-12)
    assert cluster_share_limit(threshold - 0.05, beta) == 0.0
    assert cluster_share_limit(1.0, beta) == pytest.approx(1.0)
    # Many arms: the mean-field fixed point approaches the large-space formula.
    assert cluster_share_prediction(0.9, beta, 10_000) == pytest.approx(
        cluster_share_limit(0.9, beta), abs=0.01
    )


def test_cluster_share_measured_against_the_prediction():
    sweep = CLUSTER_THRESHOLD
    above = np.mean([equilibrium_share(sweep, 0.9, seed) for seed in range(2)])
    below = np.mean([equilibrium_share(sweep, 0.55, seed) for seed in range(2)])
    assert above == pytest.approx(cluster_share_prediction(0.9, sweep.beta, sweep.arms), abs=0.05)
    assert below < 0.35


def test_the_majority_test_moves_the_threshold_and_matches_its_prediction():
    """With 5-playout majority tests an arm at alpha = 0.6 (under thesis 3.2.4's threshold of
    2/3 for single playouts) holds a cluster, of the size the mean field predicts."""
    sweep = replace(CLUSTER_THRESHOLD_MAJORITY, arms=20, agents=600, iterations=120, burn_in=60)
    assert sweep.activation(0.6) == pytest.approx(0.68256)  # P(Binomial(5, 0.6) >= 3)
    measured = np.mean([equilibrium_share(sweep, 0.6, seed) for seed in range(2)])
    beta = sweep.activation(sweep.beta)
    assert measured == pytest.approx(
        cluster_share_prediction(sweep.activation(0.6), beta, sweep.arms), abs=0.08
    )
    single = replace(sweep, test_playouts=1)
    assert measured > np.mean([equilibrium_share(single, 0.6, seed) for seed in range(2)]) + 0.15
    assert [name for name, _ in catalogue()][-2:] == [s.name for s in SWEEPS]


def test_every_experiment_runs_and_writes_csv(tmp_path):
    for exp in EXPERIMENTS:
        short = replace(exp.with_config(agents=min(exp.config.agents, 200)), iterations=2)
        summary, runs = run_experiment(short, 1).write_csv(tmp_path)
        header = summary.read_text().splitlines()[0]
        assert header == "iteration,series,mean,sd,p10,p90,seeds"
        assert len(summary.read_text().splitlines()) == 1 + 3 * len(exp.series)
        assert runs.read_text().startswith("seed,iteration,population,move,agents,active")
    assert thesis_tree_problem().population_name((1, 0)) == "b c"

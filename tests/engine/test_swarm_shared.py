"""Shared evidence (``reference=shared``, ours): every test through a pair adds to one record
of the pair for the whole search, and an agent is active iff its pair's record beats its
node's. Kernel against the plain reference, and the clusters it forms."""

from __future__ import annotations

import numpy as np
import pytest
from hexswarm.engine.board import Board, HexError
from hexswarm.engine.kernels.layout import SwarmAgents, SwarmTree
from hexswarm.engine.kernels.sds import apply_shared_outcomes
from hexswarm.engine.kernels.tree import find_child
from hexswarm.engine.players.levels import parse_spec
from hexswarm.engine.search.environment import (
    bandit_environment,
    hex_environment,
    without_playouts,
)
from hexswarm.engine.search.limits import SearchLimits
from hexswarm.engine.search.swarm import SwarmConfig, SwarmSearch
from hexswarm.engine.tools.cluster_formation import CONVERGENCE_POSITIONS, hex_convergence
from hexswarm.engine.warmup import warm_up

from tests import naive_search


@pytest.fixture(scope="module", autouse=True)
def _compiled():
    warm_up()


@pytest.mark.parametrize(("exploration", "shared_depth"), [(0.0, 9), (0.5, 9), (0.5, 1)])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_shared_outcomes_match_the_plain_reference(seed, exploration, shared_depth):
    """Three iterations of random paths through a small tree (agents at depths 0-2, some
    agents on several paths, hypotheses changing between iterations) decided by the kernel
    and by ``tests/naive_search.apply_shared_outcomes`` (records deciding at every depth, or
    at the root only); the records (kept across iterations) agree too."""
    rng = np.random.default_rng(seed)
    env = hex_environment(Board(3))
    nodes, agents, width, capacity = 5, 30, 4, 256
    node_depth = np.zeros(capacity, dtype=np.int32)
    node_depth[:nodes] = [0, 1, 1, 2, 2]
    node_parent = np.zeros(capacity, dtype=np.int32)
    node_parent[:nodes] = [-1, 0, 0, 1, 1]
    node_action = np.zeros(capacity, dtype=np.int32)
    node_action[:nodes] = [-1, 0, 1, 0, 1]
    tree = SwarmTree(
        node_parent,
        node_action,
        node_depth,
        np.array([nodes, 0], dtype=np.int64),
        np.full(capacity, -1, dtype=np.int64),
        np.full(capacity, -1, dtype=np.int32),
        np.zeros(capacity, dtype=np.int8),
    )
    agent_node = rng.integers(0, nodes, agents).astype(np.int32)
    hypothesis = rng.integers(0, width, agents).astype(np.int32)
    active = np.zeros(agents, dtype=np.uint8)
    zeros = np.zeros(agents, dtype=np.uint8)
    agent_arrays = SwarmAgents(
        agent_node, hypothesis, active, zeros, zeros.copy(), hypothesis.copy()
    )
    records = tuple(np.zeros(capacity, dtype=np.int64) for _ in range(4))
    naive_records: dict = {}
    root_tests = np.zeros(9, dtype=np.int64)
    for _ in range(3):
        root_agents = np.flatnonzero(agent_node == 0)[:12]
        count = root_agents.size
        path = [(int(a), i) for i, a in enumerate(root_agents)]
        deeper = np.flatnonzero(agent_node > 0)
        path += [(int(rng.choice(deeper)), int(rng.integers(0, count))) for _ in range(20)]
        playouts = rng.integers(1, 5, count).astype(np.uint8)
        wins = np.array([rng.integers(0, p + 1) for p in playouts], dtype=np.uint8)
        expected = naive_search.apply_shared_outcomes(
            agent_node,
            node_depth,
            hypothesis,
            naive_records,
            path,
            wins,
            playouts,
            exploration,
            shared_depth,
        )
        root_wins = apply_shared_outcomes(
            without_playouts(env),
            tree,
            agent_arrays,
            records,
            np.zeros(capacity),
            count,
            wins,
            playouts,
            len(path),
            np.array([i for _, i in path], dtype=np.int32),
            np.array([a for a, _ in path], dtype=np.int32),
            np.zeros(len(path), dtype=np.int32),
            root_tests,
            np.zeros(9, dtype=np.int64),
            exploration,
            shared_depth,
        )
        assert {a: int(active[a]) for a in expected} == expected
        assert root_wins == int(wins.sum())
        pair_wins, pair_tests, node_wins, node_tests = records
        for key, (won, run) in naive_records.items():
            if key[0] == "node":
                assert (node_wins[key[1]], node_tests[key[1]]) == (won, run)
            else:
                child = find_child(tree[4], tree[5], 9, key[1], key[2])
                assert child >= nodes and (pair_wins[child], pair_tests[child]) == (won, run)
        hypothesis[rng.integers(0, agents, 8)] = rng.integers(0, width, 8)  # some change
    assert int(root_tests.sum()) > 0


def test_shared_evidence_forms_a_cluster_under_the_thesis_threshold():
    """One arm at 0.6 among nineteen at 0.5 is under thesis 3.2.4's alpha_min = 2/3: the
    thesis's test keeps about a tenth of the agents on it (docs/search.md); with the shared
    record it takes most of the population."""
    env = bandit_environment([0.6] + [0.5] * 19)
    shares = {}
    for reference in ("win", "shared"):
        config = SwarmConfig(agents=2000, seed=3, reference=reference)
        result = SwarmSearch(config).run(env, SearchLimits(iterations=100))
        shares[reference] = result.counts[0] / result.counts.sum()
    assert shares["win"] < 0.25
    assert shares["shared"] > 0.6


def test_shared_evidence_in_the_tree_converges_on_a_proven_win():
    """SDST with shared evidence on convergence position #0 (7x7, d5 wins in three plies)."""
    size, moves, winners = CONVERGENCE_POSITIONS[0]
    config = SwarmConfig(policy="tree", agents=4000, threads=1, seed=0, reference="shared")
    share, result = hex_convergence(size, moves, winners, config, 30)
    assert share[-1] > 0.5
    assert result.best_action == int(np.argmax(result.counts))  # the record agrees


def test_shared_evidence_is_a_setting_and_refuses_kept_evidence():
    _, settings = parse_spec("sdst:reference=shared")
    assert settings.reference == "shared"
    with pytest.raises(HexError, match="reference=shared"):
        SwarmSearch(SwarmConfig(reference="shared", evidence=True))

"""The tree-search benchmark rows (``python -m hexswarm.engine.tools.search_bench --uct``,
``--anthill``): what they count, on a tiny run. Timings are printed by the benchmark, never
asserted here."""

from __future__ import annotations

import pytest
from hexswarm.engine.search.anthill import AnthillConfig, AnthillTree
from hexswarm.engine.search.limits import SearchLimits
from hexswarm.engine.search.uct import UctConfig, UctTree
from hexswarm.engine.tools.search_bench import tree_overhead


def test_anthill_tree_counts_its_agents_in_the_bytes_in_use():
    plain, anthill = UctTree(100), AnthillTree(100, agents_per_move=4)
    for tree in (plain, anthill):
        tree.counters[:2] = (37, 5)  # 37 nodes and 5 blocks in use
    # Each node carries 4 agents of an int32 hypothesis and a uint8 activity.
    assert anthill.used_bytes() == plain.used_bytes() + 37 * 4 * (4 + 1)


@pytest.mark.parametrize(
    "config", [UctConfig(leaf_playouts=2), AnthillConfig(leaf_playouts=2, tests=8)]
)
def test_tree_overhead_rows_describe_the_search_they_timed(config):
    anthill = isinstance(config, AnthillConfig)
    (row,) = tree_overhead(sizes=(5,), playouts=2_000, rounds=3, config=config)
    assert row["search"] == ("anthill" if anthill else "uct")
    assert row["tests"] == (8 if anthill else "")
    assert row["leaf_playouts"] == 2
    assert row["size"] == 5 and row["playouts"] == 2_000
    assert len(row["ratios"]) == 3 and all(r > 0 for r in row["ratios"])
    assert row["ratio"] in row["ratios"]  # the median of three rounds
    # A descent expands at most one node, creating its children (25 at most on 5x5) at once.
    assert 1 < row["nodes"] <= 1 + 2_000 // 2 * 25
    # An anthill node also holds its agents: 20 bytes more than a UCT node at 4 a move.
    low, high = (36, 40) if anthill else (16, 20)
    assert low <= row["bytes_per_node"] <= high


@pytest.mark.parametrize("k", [1, 3])
def test_the_sdst_test_baseline_runs_as_many_playouts_as_the_search(k):
    """The leaf-matched baseline of ``--sdst-tests`` counts k playouts for every test that
    needed one (exact leaves need none): as many as the search itself ran."""
    from hexswarm.engine.board import Board
    from hexswarm.engine.search.environment import hex_environment
    from hexswarm.engine.search.swarm import SwarmConfig, SwarmSearch
    from hexswarm.engine.tools.search_bench import leaf_depth_counts, sdst_test_overhead

    env = hex_environment(Board(7))
    test = "single" if k == 1 else "majority"
    config = SwarmConfig(policy="tree", agents=500, seed=1, test=test, test_playouts=k)
    search = SwarmSearch(config)
    search.run(env, SearchLimits(iterations=4))
    assert int(leaf_depth_counts(env, config, SearchLimits(iterations=4)).sum()) * k == (
        search.playouts
    )
    (row,) = sdst_test_overhead((k,), agents=500, iterations=4, rounds=3)
    assert row["test_playouts"] == k and row["playouts"] == search.playouts
    assert row["overhead_vs_leaf_playouts"] in row["overheads"] and len(row["overheads"]) == 3


def test_the_command_line_gives_help_and_refuses_bad_lists(capsys):
    """``--help`` prints the usage and runs nothing; a list that is not integers is refused
    with a message naming it (exit status 2, argparse's)."""
    from hexswarm.engine.tools.search_bench import main

    with pytest.raises(SystemExit) as help_exit:
        main(["--help"])
    assert help_exit.value.code == 0 and "--anthill" in capsys.readouterr().out
    with pytest.raises(SystemExit) as bad:
        main(["--uct", "--leaf-playouts", "1,x"])
    assert bad.value.code == 2 and "'1,x'" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["--uct", "--anthill"])  # one study at a time

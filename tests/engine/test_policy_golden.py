"""Seeded results of every playout policy, pinned at main bed339a (27 Nov 2026; issue 30).

Any change to how the searches reach their playouts (one compiled search for every policy,
a policy dispatch moved: the compile-time work of issue 30) must keep the same seeds giving the
same games: for each policy, Black's wins in seeded raw playouts and the seeded results of
MCSDS, SDST, UCT, the anthill and flat Monte-Carlo on a 6x6 position (best action, playouts,
and a CRC-32 of the root counts or the estimate). The numbers were printed by this file's
:func:`seeded_results` on bed339a's engine (``python tests/engine/test_policy_golden.py ROOT
hexswarm_base``, ``ROOT/hexswarm_base/engine`` being that commit's ``engine/`` with its imports
renamed, as ``docs/results/startup/policy_branch.sh`` makes it). If one changes, a policy's
draws changed: fix the change, do not update the numbers (unless the policy itself was meant
to change: then say so beside its row, as for ``patterns``).
"""

from __future__ import annotations

import importlib
import sys
import zlib

import numpy as np
import pytest


def seeded_results(policy: str, package: str = "hexswarm") -> tuple:
    """The seeded results of ``policy`` with ``package``'s engine (see the module note)."""

    def load(name: str):
        return importlib.import_module(f"{package}.engine.{name}")

    board_module, environment = load("board"), load("search.environment")
    limits, swarm = load("search.limits").SearchLimits, load("search.swarm")

    def crc(values) -> str:
        return hex(zlib.crc32(np.asarray(values, dtype=np.int64).tobytes()))

    board = board_module.Board(6)
    for move in ("c3", "d4", "b5", "e2"):
        board.play(move)
    env = environment.hex_environment(board, policy)
    wins = load("playout").random_playouts(board, 2000, seed=5, policy=policy)
    swarms = [
        swarm.SwarmSearch(swarm.SwarmConfig(policy=allocation, agents=600, seed=3)).run(
            env, limits(iterations=6)
        )
        for allocation in ("root", "tree")
    ]
    trees = [
        load(f"search.{name}").__dict__[search]().run(env, limits(playouts=1500))
        for name, search in (("uct", "UctSearch"), ("anthill", "AnthillSearch"))
    ]
    flat = load("search.montecarlo").MonteCarloSearch().run(env, limits(iterations=4))
    return (
        policy,
        int(wins),
        *[(r.best_action, r.playouts, crc(r.counts)) for r in swarms],
        *[(r.best_action, r.playouts, round(float(r.estimate), 9)) for r in (*trees, flat)],
    )


# (policy, Black's raw wins, MCSDS and SDST (best, playouts, CRC-32 of root counts), UCT,
# anthill and Monte-Carlo (best, playouts, estimate)), printed by bed339a's engine.
GOLDEN = [
    (
        "uniform",
        1129,
        (18, 3600, "0xcaa00bea"),
        (17, 3204, "0x50f000cf"),
        (17, 1500, 0.677884615),
        (2, 1500, 0.578467153),
        (26, 128, 1.0),
    ),
    (
        "bridge",
        1363,
        (3, 3600, "0x8cb69885"),
        (3, 3255, "0x6c1ef56f"),
        (22, 1500, 0.756097561),
        (7, 1500, 0.671287129),
        (1, 128, 1.0),
    ),
    (
        "template",
        1626,
        (8, 3600, "0x77ed2ce4"),
        (3, 3342, "0x426cbdfb"),
        (3, 1500, 0.906403941),
        (7, 1500, 0.852348993),
        (3, 128, 1.0),
    ),
    (
        "win",
        1621,
        (8, 3600, "0x2ce7b7d7"),
        (8, 3325, "0xdbecda1e"),
        (9, 1500, 0.875),
        (6, 1500, 0.699074074),
        (0, 128, 1.0),
    ),
    (
        "agents",
        1631,
        (8, 3600, "0xeb38c95f"),
        (3, 3348, "0x4b75d194"),
        (8, 1500, 0.870588235),
        (3, 1500, 0.765),
        (1, 128, 1.0),
    ),
    # Re-pinned at 3a7f532: the 12-cell table and the dead cells' weight (the patterns12
    # branch) changed this policy's draws on purpose; bed339a's row was
    # ("patterns", 1563, (8, 3600, "0x8dfc8c52"), (8, 3355, "0xd493236b"), ...). Re-pinned
    # again by the playdata branch: its default table (playout12-team-mohex-9x9) changed the
    # draws on purpose; its new kernel gave 3a7f532's row with the table before,
    # ("patterns", 1739, (8, 3600, "0x333bf090"), (8, 3414, "0xd89328f2"), ...).
    (
        "patterns",
        1579,
        (8, 3600, "0x9608db3e"),
        (9, 3351, "0x90725b24"),
        (9, 1500, 0.85),
        (7, 1500, 0.837662338),
        (2, 128, 1.0),
    ),
]


@pytest.mark.parametrize("golden", GOLDEN, ids=[row[0] for row in GOLDEN])
def test_each_playout_policy_gives_the_seeded_results_it_gave_before(golden):
    assert seeded_results(golden[0]) == golden


if __name__ == "__main__":  # print the rows of another engine (see the module note)
    sys.path.insert(0, sys.argv[1])
    for name in ("uniform", "bridge", "template", "win", "agents", "patterns"):
        print(repr(seeded_results(name, sys.argv[2])), flush=True)

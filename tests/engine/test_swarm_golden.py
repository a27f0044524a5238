"""Golden results of the thesis's swarm levels, pinned before the swarm got new options.

The thesis's levels (MCSDS, SDST with every allocation policy) must keep behaving exactly as
they did at commit 3a4bc50 (23 Nov), when these numbers were taken: every new test, diffusion
or halting rule is an option whose default is that behaviour. What they pin is not the
200-game match (SDST beat MCSDS 137/200, commit 8db35a1): the speed work of 23 Nov (5e715c5)
changed the levels' random draws before these tests existed, so that match's games cannot be
replayed with today's code; the same match at 5e715c5 gave 66/100 (docs/experiments.md).
These seeded searches pin the behaviour from 3a4bc50 on bit for bit: the final root counts,
the number of playouts and a CRC-32 of the whole per-iteration history of root counts. If one
of these changes, a default changed: fix the change, do not update the numbers (unless the
change is meant to alter the thesis levels, which needs the match re-run and the docs
updated).
"""

from __future__ import annotations

import zlib

import numpy as np
import pytest
from hexswarm.engine.board import Board
from hexswarm.engine.players import create_player
from hexswarm.engine.search.environment import (
    PAPER_FIGURE_4_LEAVES,
    bandit_environment,
    explicit_tree_environment,
    hex_environment,
)
from hexswarm.engine.search.limits import SearchLimits
from hexswarm.engine.search.swarm import SwarmConfig, SwarmSearch
from hexswarm.engine.warmup import warm_up


@pytest.fixture(scope="module", autouse=True)
def _compiled():
    warm_up()


def _history_crc(result) -> int:
    return zlib.crc32(np.asarray(result.history, dtype=np.int64).tobytes())


def _position() -> Board:
    board = Board(5)
    for move in ("c3", "b4", "d2"):
        board.play(move)
    return board


# (name, settings, threads, best action, playouts, final root counts, history CRC-32)
HEX_GOLDEN = [
    ("root", {}, 1, 14, 36000,
     [116, 90, 112, 139, 141, 135, 91, 98, 141, 108, 127, 130, 107, 140, 374, 148, 133, 138,
      130, 174, 111, 117], 0xA9594FF5),
    ("root", {}, 2, 14, 36000,
     [103, 84, 112, 129, 146, 97, 116, 119, 95, 107, 103, 135, 138, 154, 435, 162, 134, 123,
      130, 143, 138, 97], 0xD25114EB),
    ("root-dual-relate", {"recruitment": "dual-active", "relate": "context-free"}, 1, 14, 36000,
     [110, 118, 135, 140, 134, 113, 148, 97, 106, 131, 109, 145, 145, 140, 251, 135, 141, 137,
      142, 171, 128, 124], 0xB0756371),
    ("fixed", {"policy": "fixed", "depth": 2}, 1, 13, 1680,
     [6, 6, 1, 4, 8, 5, 5, 5, 7, 7, 3, 3, 3, 16, 9, 7, 8, 8, 11, 8, 2, 8], 0xF94F0B74),
    ("fixed", {"policy": "fixed", "depth": 2}, 2, 15, 1680,
     [9, 2, 7, 5, 10, 3, 5, 2, 6, 5, 9, 4, 5, 6, 11, 16, 6, 9, 3, 3, 8, 6], 0xC53F14E5),
    ("layers", {"policy": "layers", "depth": 3}, 1, 14, 12000,
     [51, 39, 32, 60, 37, 43, 38, 37, 53, 36, 33, 51, 39, 58, 137, 37, 32, 47, 40, 44, 31, 25],
     0x73ECA742),
    ("tree", {"policy": "tree"}, 1, 14, 28538,
     [84, 61, 65, 71, 93, 93, 89, 70, 73, 75, 79, 83, 73, 107, 271, 116, 66, 81, 72, 106, 81,
      89], 0x1B150778),
    ("tree", {"policy": "tree"}, 2, 14, 28782,
     [77, 78, 73, 54, 95, 84, 58, 52, 113, 87, 111, 51, 99, 67, 283, 86, 80, 120, 72, 104, 77,
      74], 0x75E83E5C),
    ("tree-root", {"policy": "tree", "backscatter_to_root": True}, 1, 14, 28669,
     [85, 74, 78, 97, 67, 69, 78, 71, 86, 56, 70, 85, 87, 106, 276, 126, 76, 116, 96, 94, 79,
      69], 0x7FDA5945),
]  # fmt: skip


@pytest.mark.parametrize(
    ("name", "settings", "threads", "best", "playouts", "counts", "crc"),
    HEX_GOLDEN,
    ids=[f"{row[0]}-t{row[2]}" for row in HEX_GOLDEN],
)
def test_thesis_policies_on_hex_are_unchanged(name, settings, threads, best, playouts, counts, crc):
    config = SwarmConfig(agents=3000, threads=threads, seed=5, **settings)
    result = SwarmSearch(config).run(hex_environment(_position()), SearchLimits(iterations=12))
    assert result.best_action == best
    assert result.playouts == playouts
    assert result.counts.tolist() == counts
    assert _history_crc(result) == crc


@pytest.mark.parametrize(
    ("env", "settings", "best", "playouts", "counts", "crc"),
    [
        (bandit_environment((0.2, 0.4, 0.6, 0.8, 0.5)), {}, 3, 6000, [13, 11, 12, 256, 8],
         0xE45ADA53),
        (explicit_tree_environment(PAPER_FIGURE_4_LEAVES), {"policy": "fixed", "depth": 4}, 0,
         0, [20, 0], 0x0D78D7DE),
        (explicit_tree_environment(PAPER_FIGURE_4_LEAVES), {"policy": "tree"}, 0, 3507,
         [240, 0], 0x5D623A53),
    ],
    ids=["bandit", "toy-fixed", "toy-tree"],
)  # fmt: skip
def test_thesis_searches_on_the_toy_problems_are_unchanged(
    env, settings, best, playouts, counts, crc
):
    result = SwarmSearch(SwarmConfig(agents=300, seed=9, **settings)).run(
        env, SearchLimits(iterations=20)
    )
    assert result.best_action == best
    assert result.playouts == playouts
    assert result.counts.tolist() == counts
    assert _history_crc(result) == crc


@pytest.mark.parametrize(
    ("spec", "move", "playouts", "estimate"),
    [
        ("mcsds:agents=4000,iterations=15,threads=1,seed=3", "c4", 60000, 0.538111),
        ("sdst:agents=4000,iterations=15,threads=1,seed=3", "c2", 45856, 0.512346),
    ],
)
def test_thesis_players_choose_the_same_moves(spec, move, playouts, estimate):
    board = Board(6)
    board.play("c3")
    choice = create_player(spec).choose_move(board)
    assert board.cell_name(choice.move) == move
    assert choice.snapshot.playouts == playouts
    assert choice.snapshot.estimate == pytest.approx(estimate, abs=1e-6)

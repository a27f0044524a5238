"""Seeded searches with the shipped prior tables, pinned at main cf160ed (28 Nov 2026; issue 29,
round 10's local gammas).

The local 12-cell gammas (:attr:`engine.patterns.PatternTable.local12`) are a new part of the
prior model: a table without them must give the priors it gave before, draw for draw. For each
shipped table, a seeded search with RAVE and priors on a 9x9 position (and one after a move of
each colour, so both movers' patterns and every local class are read) gives its best action,
its playouts, a CRC-32 of the root's visit counts and one of the root's priors (float64
bytes). The numbers were printed by :func:`seeded_results` on cf160ed's engine, before the
local gammas were written (``python tests/engine/test_prior_golden.py``). If one changes, the
priors of the old tables changed: fix the change, do not update the numbers.
"""

from __future__ import annotations

import sys
import zlib

import numpy as np
import pytest
from hexswarm.engine.board import Board
from hexswarm.engine.search.environment import hex_environment
from hexswarm.engine.search.limits import SearchLimits
from hexswarm.engine.search.uct import UctConfig, UctSearch

TABLES = ("hex6-mohex-9x9", "hex12-mohex-9x9-550g", "hex12-mohex-9x9-11x11-831g")
POSITIONS = (("e5", "d6"), ("c3", "f6", "e4"))


def seeded_results(table: str) -> tuple:
    """Per position: (best action, playouts, CRC-32 of the root visits, CRC-32 of the root
    priors) of a seeded search with ``table``'s priors."""

    def crc(values, dtype) -> str:
        return hex(zlib.crc32(np.asarray(values, dtype=dtype).tobytes()))

    results = []
    for moves in POSITIONS:
        board = Board.from_moves(9, moves)
        config = UctConfig(seed=7, rave=True, priors=table, leaf_playouts=8)
        search = UctSearch(config, last_cell=int(board.moves[-1].cell))
        result = search.run(hex_environment(board), SearchLimits(playouts=4000))
        tree = search.trees[0]
        kids = tree.children(0)
        results.append(
            (
                result.best_action,
                result.playouts,
                crc([tree.visits[c] for c in kids], np.int64),
                crc([tree.prior[c] for c in kids], np.float64),
            )
        )
    return tuple(results)


GOLDEN = {
    "hex6-mohex-9x9": (
        (47, 4000, "0xe68afad0", "0x3ae8de7"),
        (38, 4000, "0x8b2f9fc4", "0xf1eaeeb1"),
    ),
    "hex12-mohex-9x9-550g": (
        (47, 4000, "0x6a87fc6c", "0x42918c22"),
        (46, 4000, "0xec433c1b", "0xeb2cef00"),
    ),
    "hex12-mohex-9x9-11x11-831g": (
        (47, 4000, "0x3f6f156a", "0xcd6fd893"),
        (21, 4000, "0xcb06439d", "0x647bed12"),
    ),
}


@pytest.mark.parametrize("table", TABLES)
def test_shipped_tables_search_as_before(table):
    assert seeded_results(table) == GOLDEN[table]


if __name__ == "__main__":
    for name in sys.argv[1:] or TABLES:
        print(f"    {name!r}: {seeded_results(name)!r},")

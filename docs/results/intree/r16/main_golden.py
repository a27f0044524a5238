"""Seeded searches with knowledge (RAVE, 6-cell priors, 8 playouts a leaf, template playouts,
knowledge_after=32, seed 7, 16 000 playouts), printing a row a position: its moves, the best
action, the playouts run, CRC-32 of the tree's nodes and of its RAVE rows.

Run on main d249dc2 (an export of main's engine/ and resources/ as ``hexswarm`` on PYTHONPATH,
its own NUMBA_CACHE_DIR): main-golden.txt; on this branch with proven_playouts off, after the
stop fix: branch-golden.txt. Only the 5x5 search differs (its root is proven, and the search
now ends there at once; on main it ran its 2 000 descents, 4 of them with playouts).
tests/engine/test_intree.py pins the other three.
"""

import zlib

import numpy as np
from hexswarm.engine.board import Board
from hexswarm.engine.search.environment import hex_environment
from hexswarm.engine.search.limits import SearchLimits
from hexswarm.engine.search.uct import UctConfig, UctSearch

POSITIONS = (
    (9, ("e5", "d6", "c7", "f4")),
    (9, ("c3", "f6", "e4", "d5", "g3")),
    (5, ("c3", "b4", "c2", "d2")),
    (6, ("c3", "d4", "d3", "c4", "b5", "e2", "b4")),
)


def crc(array) -> str:
    return hex(zlib.crc32(np.ascontiguousarray(array).tobytes()))


for size, moves in POSITIONS:
    board = Board.from_moves(size, moves)
    config = UctConfig(
        seed=7, rave=True, priors="hex6-mohex-9x9", leaf_playouts=8, knowledge_after=32
    )
    search = UctSearch(config)
    result = search.run(hex_environment(board, "template"), SearchLimits(playouts=16000))
    tree = search.trees[0]
    used = tree.node_count
    print(moves, result.best_action, result.playouts, crc(tree.nodes[:used]), crc(tree.rave[:used]))

"""The full connection round 9's H-search claims for Black on the position of
``tests/engine/test_gtp_hex_knowledge.py`` (9x9; Black e2 e4 d6 d8, White a1-a4), checked by
plain minimax over its carrier (``engine.tools.reference.carrier_game_connects``: White moves
first, every cell outside the carrier White's). Before round 9 the analysis claimed only a
semi connection there (key d7).

    python docs/results/vc/chain_check.py > docs/results/vc/chain-check.txt
"""

from __future__ import annotations

import time

from hexswarm.engine.analysis.connections import cells_of
from hexswarm.engine.analysis.root import analyse
from hexswarm.engine.board import BLACK, Board
from hexswarm.engine.tools.reference import carrier_game_connects

board = Board(9)
board.setup(black=["e2", "e4", "d6", "d8"], white=["a1", "a2", "a3", "a4"], to_move="black")
analysis = analyse(board)
carrier = cells_of(analysis.connections[BLACK].edge_fulls[0])
print(analysis.note)
print("carrier:", " ".join(board.cell_name(c) for c in carrier))
started = time.process_time()
filled = tuple(int(c) for c in analysis.inferior.filled)
holds = carrier_game_connects(filled, 9, BLACK.stone, ("first", "last"), carrier, False)
print(f"holds with White to move: {holds} ({time.process_time() - started:.0f} CPU s)")

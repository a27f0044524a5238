"""How many cells each pruning removes, on real 9x9 positions: the first 40 games of
docs/results/priors/local-550g-vs-strong-20k-r2 after moves 10, 20 and 30 (games still open
there), for the side to move, with the references of tests/engine/test_inferior_pruning.py.

    python share.py   (from the repository's root)"""

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[4] / "tests" / "engine"))
from hexswarm.engine.analysis.inferior import is_dead, ring_table  # noqa: E402
from hexswarm.engine.records.sgf import read_sgf  # noqa: E402
from test_inferior_pruning import captured_cells, opponent_of, vulnerable_cells  # noqa: E402

games = sorted(Path("docs/results/priors/local-550g-vs-strong-20k-r2").glob("*.sgf"))[:40]
for n in (10, 20, 30):
    empty = dead = vulnerable = captured = positions = 0
    for path in games:
        game = read_sgf(path)
        if len(game.moves()) <= n:
            continue
        board = game.board_at(move_number=n)
        if board.is_over:
            continue
        cells = board.cells.copy()
        opponent = opponent_of(board)
        open_cells = np.flatnonzero(cells == 0).tolist()
        positions += 1
        empty += len(open_cells)
        dead += sum(is_dead(cells, ring_table(board.size), c) for c in open_cells)
        vulnerable += len(vulnerable_cells(cells, board.size, opponent))
        captured += len(captured_cells(cells, board.size, opponent))
    print(
        f"after move {n}: {positions} positions; a position: {empty / positions:.1f} empty, "
        f"{dead / positions:.2f} dead, {vulnerable / positions:.2f} vulnerable, "
        f"{captured / positions:.2f} captured by the opponent"
    )

"""The exact solver against the tree's pruning of captured and vulnerable cells, on random
small positions (the test's check, tests/engine/test_inferior_pruning.py, run on many more).

    python solver_check.py SEED POSITIONS

Each position: a 4x4-6x6 board with 30-75 % of its cells taken by random legal moves and no
winner yet. The pruned cells are those of the test's references (the board analysis,
engine.analysis.inferior); ``winning_moves`` gives the side to move's winning cells. Counted:
positions where a pruned cell wins, and those where only pruned cells win while an unpruned
empty cell exists (a pruning that would lose a won position: should be 0). Positions the
solver cannot finish in 3 M nodes are skipped and counted."""

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[4] / "tests" / "engine"))
from hexswarm.engine.solver import SolverBudgetExceeded, winning_moves  # noqa: E402
from test_inferior_pruning import (  # noqa: E402
    captured_cells,
    opponent_of,
    random_board,
    vulnerable_cells,
)

rng = np.random.default_rng(int(sys.argv[1]))
wanted = int(sys.argv[2])
counts = dict.fromkeys(
    (
        "positions",
        "with a vulnerable cell",
        "with a captured cell",
        "a vulnerable cell wins",
        "a captured cell wins",
        "only vulnerable cells win",
        "only captured cells win",
        "skipped (solver budget)",
    ),
    0,
)
while counts["positions"] < wanted:
    size = int(rng.integers(4, 7))
    board = random_board(rng, size, int(rng.uniform(0.3, 0.75) * size * size))
    if board.winner is not None:
        continue
    counts["positions"] += 1
    cells = board.cells.copy()
    opponent = opponent_of(board)
    pruned = {
        "vulnerable": vulnerable_cells(cells, size, opponent),
        "captured": captured_cells(cells, size, opponent),
    }
    if not pruned["vulnerable"]:
        continue
    try:
        wins = set(winning_moves(board, budget=3_000_000))
    except SolverBudgetExceeded:
        counts["skipped (solver budget)"] += 1
        continue
    empty = set(np.flatnonzero(cells == 0).tolist())
    for kind, cells_pruned in pruned.items():
        if not cells_pruned:
            continue
        counts[f"with a {kind} cell"] += 1
        if wins & cells_pruned:
            counts[f"a {kind} cell wins"] += 1
            if not wins - cells_pruned and not empty <= cells_pruned:
                counts[f"only {kind} cells win"] += 1
                print(kind, board.to_move, sorted(board.cell_name(c) for c in wins))
                print(board)
for key, value in counts.items():
    print(f"{key}: {value}")

"""Over the positions of recorded 9x9 games of `strong` where the last move intruded into a
bridge or edge template II of the side to move: the restoring answers' share of the prior
mass (hex12-mohex-9x9-550g, no bonus), the total weight W, and the gamma B that would give the
answers half the mass, B = W - 2 w (w their weight)."""

import re
import sys
from pathlib import Path

import numpy as np
from hexswarm.engine.board import Board
from hexswarm.engine.patterns import load_table, move_priors
from hexswarm.engine.tools.reference import bridge_answers, template_answers

table = load_table("hex12-mohex-9x9-550g")
shares, totals, halves, counts = [], [], [], []
for folder in sys.argv[1:]:
    for sgf in sorted(Path(folder).glob("game-*.sgf")):
        moves = re.findall(r";[BW]\[([a-z]+\d+)\]", sgf.read_text())
        for k in range(1, len(moves)):
            board = Board.from_moves(9, moves[:k])
            if board.winner is not None:
                break
            last = int(board.moves[-1].cell)
            black = board.to_move.value == "black"
            stone = 1 if black else 2
            cells = board.cells
            saves = sorted(
                set(bridge_answers(cells, 9, last, stone))
                | set(template_answers(cells, 9, last, stone))
            )
            if not saves:
                continue
            p0 = move_priors(table, cells, 9, black, last)
            p1 = move_priors(table, cells, 9, black, last, {saves[0]: 1.0})
            W = (1 - p1[saves[0]]) / (p1[saves[0]] - p0[saves[0]])
            share = sum(p0[c] for c in saves)
            shares.append(share)
            totals.append(W)
            halves.append(W * (1 - 2 * share) / len(saves))
            counts.append(len(saves))
shares, totals, halves, counts = map(np.asarray, (shares, totals, halves, counts))
print(f"positions with an intrusion: {len(shares)}")
q = (10, 25, 50, 75, 90)
print("answers' share of the prior mass, percentiles", q, np.percentile(shares, q).round(3))
print("share < 0.5 in", round(float((shares < 0.5).mean()), 3), "of them")
print("total weight W, percentiles", q, np.percentile(totals, q).round(1))
print(
    "B giving the answers half the mass (per answer), percentiles",
    q,
    np.percentile(halves, q).round(1),
)
print(
    "B median over positions where share < 0.5:", round(float(np.median(halves[shares < 0.5])), 1)
)
for bonus in (40.0, 282.0):
    added = (shares * totals + counts * bonus) / (totals + counts * bonus)
    print(
        f"with B = {bonus:g}: share percentiles",
        q,
        np.percentile(added, q).round(3),
        "; < 0.5 in",
        round(float((added < 0.5).mean()), 3),
    )

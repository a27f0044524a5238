"""SDST on the (9, 3) rectangle threat (Black to move, its win in one) with budgets only."""

import sys

sys.path.insert(0, "/work/wt-ci")
from hexswarm.engine.players import create_player

from tests.engine.test_rectangles import _threat

spec, a, b = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
fails = {}
for shape in [(3, 7), (4, 9), (6, 5), (9, 3)]:
    for black_to_move in (True, False) if shape[0] < shape[1] else (True,):
        board, answer = _threat(*shape, black_to_move)
        bad = [
            s
            for s in range(a, b)
            if create_player(f"{spec},seed={s},threads=1").choose_move(board).move != answer
        ]
        if bad:
            fails[(shape, black_to_move)] = bad
print(spec, f"seeds {a}..{b - 1}:", sum(map(len, fails.values())), "fail", fails, flush=True)

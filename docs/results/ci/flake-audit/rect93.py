"""SDST on the 9x3 rectangle's win in one (Black to move), budgets only, seeds a..b, 1 thread."""

import sys

sys.path.insert(0, "/work/wt-ci")
from hexswarm.engine.players import create_player

from tests.engine.test_rectangles import _threat

spec, a, b = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
board, answer = _threat(9, 3, True)
bad = [
    s
    for s in range(a, b)
    if create_player(f"{spec},seed={s},threads=1").choose_move(board).move != answer
]
print(spec, f"9x3 seeds {a}..{b - 1}:", len(bad), "fail", bad, flush=True)

"""Sweep test_a_win_in_one_is_taken_and_blocked_on_rectangles: seeds a..b, threads 1, with the
level's quick budget (no time_s) [mode=budget] or as the test had it (time_s=1) [mode=time]."""

import sys

sys.path.insert(0, "/work/wt-ci")
from hexswarm.engine.players import create_player

from tests.engine.test_rectangles import _quick, _threat

mode, a, b = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
levels = sys.argv[4].split(",") if len(sys.argv) > 4 else ["mc", "sdst", "uct", "strong-swarm"]
for level in levels:
    spec = _quick(level)
    if mode == "budget":
        spec = spec.replace(",time_s=1", "")
    bad, playouts = [], []
    for shape in [(3, 7), (4, 9), (6, 5), (9, 3)]:
        width, height = shape
        for black_to_move in (True, False) if width < height else (True,):
            board, answer = _threat(*shape, black_to_move)
            for seed in range(a, b):
                choice = create_player(f"{spec},seed={seed},threads=1").choose_move(board)
                playouts.append(choice.snapshot.playouts if choice.snapshot else 0)
                if choice.move != answer:
                    bad.append((shape, black_to_move, seed))
    print(
        level,
        spec,
        f"seeds {a}..{b - 1}: {len(bad)} fail of {len(playouts)}",
        bad[:10],
        f"playouts min {min(playouts)} max {max(playouts)}",
        flush=True,
    )

"""Playouts per CPU second of review analysts on the positions of the committed 11x11 game.

    NUMBA_CACHE_DIR=.numba-cache python docs/results/study-desk/analyst_speed.py \\
        uct strong > docs/results/study-desk/analyst-speed.txt

Each analyst (a level spec; one thread) searches every 6th position of the game of
``review-stability.json`` for a fixed number of playouts, the analysts alternating position by
position, and the process's CPU time of each search is summed (CPU time, not wall time, so a
loaded machine slows every analyst alike instead of whichever ran when the load rose). Prints
one line per analyst: playouts, CPU seconds, playouts per CPU second, and what that buys in
one second of an idle core.
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

from hexswarm.engine.players import create_player
from hexswarm.engine.warmup import warm_up
from review_stability import saved_game

HERE = Path(__file__).resolve().parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("analysts", nargs="+", help="level specs, e.g. uct strong")
    parser.add_argument("--playouts", type=int, default=20_000)
    parser.add_argument("--game", default=str(HERE / "review-stability.json"))
    args = parser.parse_args()
    warm_up()
    game = saved_game(args.game)
    boards = [game.board_at(node) for node in game.main_line()[::6]]
    boards = [board for board in boards if not board.is_over]
    budget = f"playouts={args.playouts},time_s=none,threads=1,seed=1"
    players = {
        spec: create_player(f"{spec}{',' if ':' in spec else ':'}{budget}")
        for spec in args.analysts
    }
    for player in players.values():  # compile and warm each analyst's kernels first
        player.choose_move(boards[0].copy())
    spent = dict.fromkeys(players, 0.0)
    played = dict.fromkeys(players, 0)
    for board in boards:
        for spec, player in players.items():
            start = time.process_time()
            choice = player.choose_move(board.copy())
            spent[spec] += time.process_time() - start
            played[spec] += choice.snapshot.playouts if choice.snapshot else 0
    print(
        f"# {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {os.cpu_count()} cores, "
        f"load average {os.getloadavg()[0]:.1f}; {len(boards)} positions of {Path(args.game).name}"
    )
    print("# analyst, playouts, CPU seconds, playouts per CPU second")
    for spec in players:
        print(f"{spec} {played[spec]} {spent[spec]:.2f} {played[spec] / spent[spec]:.0f}")


if __name__ == "__main__":
    main()

"""How long a review takes and how stable its grades are across two seeds (issue 32's measure).

    NUMBA_CACHE_DIR=.numba-cache python docs/results/study-desk/review_stability.py \
        --size 11 --seconds 1 > docs/results/study-desk/review-stability.json

A game is played first (Black: UCT with a small budget, White: vanilla Monte-Carlo, both seeded,
so the game has mistakes to find); then its main line is reviewed twice, with the review AI
seeded 1 and 2, each position searched for ``--seconds``. Prints JSON: the game, every analysis
(the HSA text), the grades of each review, the time each review took, and the share of moves
whose grade the two reviews agree on (and agree within one grade step).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import time

from hexswarm.engine.game import Game
from hexswarm.engine.players import create_player
from hexswarm.engine.review import GRADES, GradeThresholds, PositionAnalysis, review_moves
from hexswarm.engine.warmup import warm_up


def play_game(size: int, black: str, white: str, max_moves: int) -> Game:
    game = Game(size)
    players = {"black": create_player(black), "white": create_player(white)}
    while not game.board.is_over and len(game.board.moves) < max_moves:
        board = game.board
        choice = players[board.to_move.value].choose_move(board.copy())
        game.play(choice.move)
    return game


def review(game: Game, spec: str) -> tuple[list[str], float]:
    """Analyse every undecided main-line position with ``spec``; returns the HSA texts."""
    player = create_player(spec)
    texts = []
    start = time.perf_counter()
    for node in game.main_line():
        board = game.board_at(node)
        if board.is_over:
            node.ai = None
            texts.append("")
            continue
        snapshot = player.choose_move(board.copy()).snapshot
        node.ai = PositionAnalysis.from_snapshot(snapshot, game.size)
        texts.append(node.ai.to_text() if node.ai else "")
    return texts, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=11)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--moves", type=int, default=60, help="at most this many moves")
    parser.add_argument("--black", default="uct:playouts=3000,seed=11")
    parser.add_argument("--white", default="mc:playouts_per_move=20,seed=12")
    args = parser.parse_args()
    warm_up()
    game = play_game(args.size, args.black, args.white, args.moves)
    nodes = game.main_line()
    winners = [game.board_at(node).winner for node in nodes]
    thresholds = GradeThresholds()
    runs = []
    for seed in (1, 2):
        spec = f"uct:time_s={args.seconds:g},seed={seed}"
        texts, seconds = review(game, spec)
        grades = review_moves(nodes, winners, thresholds)
        runs.append(
            {
                "spec": spec,
                "seconds": round(seconds, 2),
                "analyses": texts,
                "grades": {r.number: (r.grade, round(r.drop, 4)) for r in grades.values()},
            }
        )
    first, second = (run["grades"] for run in runs)
    common = sorted(set(first) & set(second))
    same = sum(first[n][0] == second[n][0] for n in common)
    near = sum(abs(GRADES.index(first[n][0]) - GRADES.index(second[n][0])) <= 1 for n in common)
    print(
        json.dumps(
            {
                "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
                "machine": f"{platform.node()}, {os.cpu_count()} cores",
                "load_average_at_end": os.getloadavg(),
                "size": args.size,
                "black": args.black,
                "white": args.white,
                "moves": [node.token for node in nodes[1:]],
                "thresholds": [thresholds.inaccuracy, thresholds.mistake, thresholds.blunder],
                "reviews": runs,
                "graded_moves": len(common),
                "same_grade": same,
                "same_grade_share": round(same / len(common), 3) if common else None,
                "within_one_grade_share": round(near / len(common), 3) if common else None,
            },
            indent=1,
        )
    )


if __name__ == "__main__":
    main()

"""How long a review takes and how stable its grades are across two seeds (issue 32's measure).

    NUMBA_CACHE_DIR=.numba-cache python docs/results/study-desk/review_stability.py \
        --size 11 --seconds 1 --analyst uct > docs/results/study-desk/review-stability.json

A game is played first (Black: UCT with a small budget, White: vanilla Monte-Carlo, both seeded,
so the game has mistakes to find), up to ``--moves`` moves; then its main line is reviewed
twice, with the review AI (``--analyst``, searching ``time_s=--seconds``) seeded 1 and 2. Prints
JSON: the game, every analysis (the HSA text), the grades of each review, the time each review
took, and the share of moves whose grade the two reviews agree on (and agree within one grade
step). Each review is graded twice from the same searches: as the application grades
(``kept``: each analysis keeps the value and support of the move played, and
``engine.review.review_moves`` weighs it against the next position's search, offset) and as it
graded before (``top10``: the ten most supported moves kept, without supports: a move among
them graded by its value in the search before, any other by the next position's search).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import time
from dataclasses import replace

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


def review(game: Game, spec: str) -> tuple[dict[str, list[str]], float]:
    """Analyse every undecided main-line position with ``spec``; returns the HSA texts of the
    two ways of keeping an analysis (``kept``, ``top10``) and the seconds the searches took."""
    player = create_player(spec)
    texts: dict[str, list[str]] = {"kept": [], "top10": []}
    start = time.perf_counter()
    for node in game.main_line():
        board = game.board_at(node)
        if board.is_over:
            for way in texts.values():
                way.append("")
            continue
        snapshot = player.choose_move(board.copy()).snapshot
        played = tuple(child.token for child in node.children[:1] if child.token)
        kept = PositionAnalysis.from_snapshot(snapshot, game.size, keep=played)
        top10 = PositionAnalysis.from_snapshot(snapshot, game.size)
        top10 = top10 and replace(top10, support=())  # as analyses were saved before
        for way, analysis in (("kept", kept), ("top10", top10)):
            texts[way].append(analysis.to_text() if analysis else "")
    return texts, time.perf_counter() - start


def grades(game: Game, texts: list[str]) -> dict[int, tuple[str, float]]:
    """The grade and drop of each graded move, with ``texts`` as the main line's analyses."""
    nodes = game.main_line()
    for node, text in zip(nodes, texts, strict=True):
        node.ai = PositionAnalysis.parse(text) if text else None
    winners = [game.board_at(node).winner for node in nodes]
    graded = review_moves(nodes, winners, GradeThresholds())
    return {r.number: (r.grade, round(r.drop, 4)) for r in graded.values()}


def agreement(first: dict, second: dict) -> dict:
    common = sorted(set(first) & set(second))
    same = sum(first[n][0] == second[n][0] for n in common)
    near = sum(abs(GRADES.index(first[n][0]) - GRADES.index(second[n][0])) <= 1 for n in common)
    return {
        "graded_moves": len(common),
        "same_grade": same,
        "same_grade_share": round(same / len(common), 3) if common else None,
        "within_one_grade_share": round(near / len(common), 3) if common else None,
    }


def saved_game(path: str) -> Game:
    """The game of an earlier run's output (``path``)."""
    with open(path, encoding="utf-8") as file:
        saved = json.load(file)
    game = Game(saved["size"])
    for move in saved["moves"]:
        game.play(move)
    return game


def regrade(path: str) -> dict:
    """The agreement of the two reviews saved in ``path`` (this script's output), graded again
    by the current ``engine.review.review_moves`` from their saved analyses."""
    with open(path, encoding="utf-8") as file:
        saved = json.load(file)
    game = saved_game(path)
    first, second = (grades(game, run["analyses"]) for run in saved["reviews"])
    return {"regraded": path, "specs": [r["spec"] for r in saved["reviews"]]} | agreement(
        first, second
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=11)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--moves", type=int, default=60, help="at most this many moves")
    parser.add_argument("--analyst", default="uct", help="the review AI's level")
    parser.add_argument(
        "--playouts", type=int, help="search each position for this many playouts, not seconds"
    )
    parser.add_argument(
        "--game",
        metavar="JSON",
        help="review the game of an earlier run's output (its moves) instead of playing one",
    )
    parser.add_argument("--black", default="uct:playouts=200,seed=11")
    parser.add_argument("--white", default="mc:playouts_per_move=5,seed=12")
    parser.add_argument(
        "--regrade",
        metavar="JSON",
        help="grade the saved analyses of an earlier run's output with the current rule "
        "(no search) and print the two reviews' agreement",
    )
    args = parser.parse_args()
    if args.regrade:
        print(json.dumps(regrade(args.regrade), indent=1))
        return
    warm_up()
    if args.game:
        game = saved_game(args.game)
    else:
        game = play_game(args.size, args.black, args.white, args.moves)
    thresholds = GradeThresholds()
    runs = []
    for seed in (1, 2):
        budget = (
            f"playouts={args.playouts},time_s=none" if args.playouts else f"time_s={args.seconds:g}"
        )
        joint = "," if ":" in args.analyst else ":"  # the analyst may name settings of its own
        spec = f"{args.analyst}{joint}{budget},seed={seed}"
        texts, seconds = review(game, spec)
        runs.append(
            {
                "spec": spec,
                "seconds": round(seconds, 2),
                "analyses": texts["kept"],
                "grades": {way: grades(game, texts[way]) for way in texts},
            }
        )
    print(
        json.dumps(
            {
                "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
                "machine": f"{platform.node()}, {os.cpu_count()} cores",
                "load_average_at_end": os.getloadavg(),
                "size": game.size,
                "black": args.black,
                "white": args.white,
                "game_from": args.game,
                "moves": [node.token for node in game.main_line()[1:]],
                "thresholds": [thresholds.inaccuracy, thresholds.mistake, thresholds.blunder],
                "reviews": runs,
                **{
                    way: agreement(runs[0]["grades"][way], runs[1]["grades"][way])
                    for way in ("kept", "top10")
                },
            },
            indent=1,
        )
    )


if __name__ == "__main__":
    main()

"""The whole-game review with and without proving each position first, on the lost games of a
match written by ``hexswarm-match`` (fixed budgets: no result here depends on the load).

For every position of each game the player lost (``A``'s losses, ``engine.tools.mistakes``):
the review's analyst (``engine.review.REVIEW_ANALYST`` at ``--playouts`` a position, seed
``--seed``) searches it, and the exact tactics try to prove it
(``engine.players.tactics.proven_choice`` with their fixed budgets, ``time_s`` None). Two
reviews grade the moves (``review_moves``, default thresholds): *before* from the searches
alone by the review of main ``a4be90a1`` (the review as it was, read from git), *after* from
the proofs where there is one and the searches elsewhere, by this checkout's review (the
proofs followed along the line, ``engine.review.proven_line``). Per game: the **losing
move** (the loser's last move from a position not proven lost into one proven lost, by the
proofs followed along the line), its grade in each review; the moves played in a proven
win (and keeping it) and how many each review marked; the marks of each side; the grade of
the decisive mistake MoHex's DFPN found, when ``--mistakes`` gives its find file. Prints a
line a game and the totals, and writes ``--out``.

    nice -n 19 python docs/results/review-proofs/review_proofs.py \\
        docs/results/mohex/strong12-1s-vs-mohex-1000 --playouts 2000 --seed 1 \\
        --mistakes docs/results/mistakes/9x9-10s.json --out docs/results/review-proofs/9x9.json
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import platform
import subprocess
import sys
import time
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from hexswarm.engine.board import Color
from hexswarm.engine.players import create_player
from hexswarm.engine.players.tactics import proven_choice
from hexswarm.engine.review import (
    GOOD,
    REVIEW_ANALYST,
    PositionAnalysis,
    proven_line,
    review_moves,
)
from hexswarm.engine.tools.mistakes import match_games

BASELINE = "a4be90a1"
"""The commit of main whose review (``engine/review.py``) grades *before*: the review as it
was before round 15's proofs."""


@cache
def baseline_review_moves():
    """``review_moves`` of :data:`BASELINE`'s ``engine/review.py``, read from git."""
    text = subprocess.run(
        ["git", "show", f"{BASELINE}:engine/review.py"],
        check=True,
        capture_output=True,
        text=True,
        cwd=Path(__file__).resolve().parent,
    ).stdout
    spec = importlib.util.spec_from_loader("review_baseline", loader=None)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    exec(compile(text, f"{BASELINE}:engine/review.py", "exec"), module.__dict__)
    return module.review_moves


@dataclass
class Node:
    move: tuple[Color, str] | None
    ai: PositionAnalysis | None


def review_game(game, spec: str) -> dict:
    boards = [game.board_at(ply) for ply in range(len(game.cells) + 1)]
    searched: list[PositionAnalysis | None] = []
    proved: list[PositionAnalysis | None] = []
    player = create_player(spec)
    for ply, board in enumerate(boards):
        if board.is_over:
            searched.append(None)
            proved.append(None)
            continue
        played = (board.cell_name(game.cells[ply]),) if ply < len(game.cells) else ()
        choice = player.choose_move(board.copy())
        searched.append(PositionAnalysis.from_snapshot(choice.snapshot, board.size, spec, played))
        proof = proven_choice(board.copy(), None, spec)
        proved.append(
            None
            if proof is None
            else PositionAnalysis.from_snapshot(proof.snapshot, board.size, spec, played)
        )
    moves: list[tuple[Color, str] | None] = [None]
    for ply, cell in enumerate(game.cells):
        moves.append((boards[ply].to_move, boards[ply].cell_name(cell)))
    winners = [board.winner for board in boards]
    before_nodes = [Node(m, a) for m, a in zip(moves, searched, strict=True)]
    after_nodes = [
        Node(m, p if p is not None else a) for m, a, p in zip(moves, searched, proved, strict=True)
    ]
    before = baseline_review_moves()(before_nodes, winners)
    after = review_moves(after_nodes, winners)
    loser = game.colour
    # Black's proven value at each node: the proofs and what follows from them along the line
    # (engine.review.proven_line).
    proven = proven_line(after_nodes, winners)
    lost_value = 0.0 if loser is Color.BLACK else 1.0  # Black's value when the loser has lost

    # The losing move: the loser's move from a position not proven lost for it into one proven
    # lost (the last such, should there be more than one).
    losing = None
    for index in range(1, len(boards)):
        mover = boards[index - 1].to_move
        if mover is loser and proven[index - 1] != lost_value and proven[index] == lost_value:
            losing = index
    proven_win_marked = {"before": 0, "after": 0, "moves": 0}
    for index in range(1, len(boards)):
        mover = boards[index - 1].to_move
        won_value = 1.0 if mover is Color.BLACK else 0.0
        if proven[index - 1] == won_value and proven[index] == won_value:
            proven_win_marked["moves"] += 1
            for name, reviews in (("before", before), ("after", after)):
                if index in reviews and reviews[index].grade != GOOD:
                    proven_win_marked[name] += 1

    def grade(reviews, index):
        return None if index is None or index not in reviews else reviews[index].grade

    return {
        "game": game.number,
        "loser": loser.value,
        "moves": len(game.cells),
        "proven_positions": sum(p is not None for p in proved),
        "proven_on_the_line": sum(p is not None for p in proven),
        "losing_move": losing,
        "losing_grade_before": grade(before, losing),
        "losing_grade_after": grade(after, losing),
        "loser_marked_before": sum(1 for r in before.values() if r.color is loser and r.is_mistake),
        "loser_marked_after": sum(1 for r in after.values() if r.color is loser and r.is_mistake),
        "winner_marked_before": sum(
            1 for r in before.values() if r.color is not loser and r.is_mistake
        ),
        "winner_marked_after": sum(
            1 for r in after.values() if r.color is not loser and r.is_mistake
        ),
        "kept_proven_wins": proven_win_marked,
        "grades_before": {i: r.grade for i, r in before.items()},
        "grades_after": {i: r.grade for i, r in after.items()},
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--playouts", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", type=int, nargs="*")
    parser.add_argument("--mistakes", type=Path, help="a find file of engine.tools.mistakes")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    spec = f"{REVIEW_ANALYST.split(':')[0]}:playouts={args.playouts},seed={args.seed},threads=1"
    decisive = {}
    if args.mistakes:
        for record in json.loads(args.mistakes.read_text())["games"]:
            if record["mistakes"]:
                decisive[record["game"]] = record["mistakes"][0]["ply"]
    games = [g for g in match_games(args.folder) if g.end == "connection"]
    if args.games:
        games = [g for g in games if g.number in args.games]
    document = {
        "command": "python " + " ".join(sys.argv),
        "machine": (
            f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
        ),
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "load_average_at_start": os.getloadavg()[0],
        "analyst": spec,
        "games": [],
    }
    for game in games:
        record = review_game(game, spec)
        ply = decisive.get(game.number)
        if ply is not None:
            record["mohex_decisive_move"] = ply + 1
            record["mohex_grade_before"] = record["grades_before"].get(ply + 1)
            record["mohex_grade_after"] = record["grades_after"].get(ply + 1)
        document["games"].append(record)
        args.out.write_text(json.dumps(document, indent=1) + "\n")
        print(
            game.number,
            record["losing_move"],
            record["losing_grade_before"],
            record["losing_grade_after"],
            record["kept_proven_wins"],
            record.get("mohex_decisive_move"),
            record.get("mohex_grade_before"),
            record.get("mohex_grade_after"),
            flush=True,
        )
    print(summary(document))
    return 0


def summary(document: dict) -> str:
    """The totals over the games: the losing moves marked a mistake or a blunder, and the
    marks (mistakes and blunders) of each side, before and after."""
    games = document["games"]
    found = [g for g in games if g["losing_move"] is not None]
    lines = [f"{len(games)} lost games, {len(found)} with a losing move into a proven loss"]
    for when in ("before", "after"):
        marked = sum(g[f"losing_grade_{when}"] in ("mistake", "blunder") for g in found)
        blunders = sum(g[f"losing_grade_{when}"] == "blunder" for g in found)
        kept = sum(g["kept_proven_wins"][when] for g in games)
        lines.append(
            f"{when}: losing move marked in {marked} ({blunders} blunders); marks on the loser's "
            f"moves {sum(g[f'loser_marked_{when}'] for g in games)}, on the winner's "
            f"{sum(g[f'winner_marked_{when}'] for g in games)}; moves that kept a proven win "
            f"marked (?!, ?, ??) {kept} of {sum(g['kept_proven_wins']['moves'] for g in games)}"
        )
    return "\n".join(lines)


if __name__ == "__main__":
    raise SystemExit(main())

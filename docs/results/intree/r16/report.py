"""report.md for a match folder of this round (from its match.json): the match tool's table,
a two-sided exact binomial p-value against even, and the opening pairs (games 2k-1 and 2k
share their two opening stones, colours swapped) by A's wins in the pair.

    python docs/results/intree/r16/report.py FOLDER
"""

import json
import sys
from math import comb
from pathlib import Path


def binomial_p(wins: int, games: int) -> float:
    """Two-sided exact p-value of ``wins`` in ``games`` against a win rate of 1/2."""
    tail = min(wins, games - wins)
    p = 2 * sum(comb(games, k) for k in range(tail + 1)) / 2**games
    return min(1.0, p)


def main():
    folder = Path(sys.argv[1])
    match = json.loads((folder / "match.json").read_text())
    settings, games = match["settings"], match["results"]
    a = sum(g["winner"] == "A" for g in games)
    n = len(games)
    black = sum(g["winner_colour"] == "black" for g in games)
    a_black = sum(g["winner"] == "A" and g["a_colour"] == "black" for g in games)
    pairs = [0, 0, 0]
    by_game = {g["game"]: g for g in games}
    for k in range(1, n, 2):
        if k in by_game and k + 1 in by_game:
            pairs[(by_game[k]["winner"] == "A") + (by_game[k + 1]["winner"] == "A")] += 1
    lines = [
        f"A = `{settings['player_a']}`",
        f"B = `{settings['player_b']}`",
        f"{settings['size']}x{settings['size']}, swap rule off, {settings['opening']} opening "
        f"stones, seed {settings['seed']}",
        "",
        "| games | A wins | B wins | A wins as Black | A wins as White | Black wins | White wins "
        "| A win rate | two-sided p (binomial, 1/2) |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
        f"| {n} | {a} | {n - a} | {a_black} | {a - a_black} | {black} | {n - black} "
        f"| {a / n:.3f} | {binomial_p(a, n):.3f} |",
        "",
        f"Opening pairs (the same opening, each side once with each colour): A won both in "
        f"{pairs[2]}, one in {pairs[1]}, none in {pairs[0]}.",
        "",
    ]
    log = folder / "run.log"
    if log.exists() and log.read_text().startswith("{"):
        summary = json.loads(log.read_text())["summary"]
        lines.append(
            f"The match tool's summary (run.log): A win rate {summary['a_win_rate']:.3f} "
            f"[{summary['a_win_rate_low']:.3f}, {summary['a_win_rate_high']:.3f}] (95%), Elo "
            f"{summary['elo']:+.0f} [{summary['elo_low']:+.0f}, {summary['elo_high']:+.0f}]."
        )
    (folder / "report.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()

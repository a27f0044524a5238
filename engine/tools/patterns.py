"""Learn the pattern weights of :mod:`engine.patterns` from games (ours; issue 29, item 3).

::

    python -m hexswarm.engine.tools.patterns DIR [DIR ...] --skip 2 \\
        --out resources/patterns/hex6-mohex-9x9.json

Every move of every game (``*.sgf`` in the folders; the first ``--skip`` moves of each game,
e.g. a match's random opening stones, are left out) is one *competition* among the empty
cells: the cell played wins. Each cell is a team of two features, its pattern and its local
class against the last move, and the model is Bradley-Terry's generalised to teams (Coulom,
"Computing Elo ratings of move patterns in the game of Go", 2007): P(cell) = gamma(pattern) *
delta(local) / sum over the empty cells. The weights are fitted by minorization-maximization
(MM): each feature's update is its wins over the sum, over the competitions it appears in, of
its team-mates' product over the competition's total; each feature also gets one virtual win
and one virtual loss against a weight of 1, so a pattern seen rarely stays near 1.

Identical games (an engine playing itself twice with the same opening) count once.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np
from hexswarm.engine.board import Board
from hexswarm.engine.patterns import (
    CODES,
    LOCAL_CLASSES,
    PatternTable,
    local_class,
    pattern_code,
)
from hexswarm.engine.records.sgf import read_sgf


def read_games(folders: list[Path], size: int) -> list[list[int]]:
    """The distinct games (cell lists) of ``size`` in the folders' SGF files, without swaps."""
    games: dict[tuple[int, ...], None] = {}
    for folder in folders:
        for path in sorted(Path(folder).glob("*.sgf")):
            record = read_sgf(path)
            if record.size != size:
                continue
            board = Board(size)
            cells = []
            for _colour, token in record.moves():
                played = board.play(token)
                if played.swap is not None:
                    break  # a swapped game's colours no longer follow the cells: stop here
                cells.append(played.cell)
            games[tuple(cells)] = None
    return [list(g) for g in games]


def competitions(games: list[list[int]], size: int, skip: int):
    """Arrays for MM: per candidate row its competition, pattern and local class; per
    competition the row of the cell played."""
    comp, patterns, locals_, winners = [], [], [], []
    count = 0
    for game in games:
        cells = np.zeros(size * size, dtype=np.int8)
        for number, cell in enumerate(game):
            black_moves = number % 2 == 0
            if number >= skip:
                last = game[number - 1] if number > 0 else -1
                empty = np.flatnonzero(cells == 0)
                for candidate in empty:
                    candidate = int(candidate)
                    comp.append(count)
                    patterns.append(pattern_code(cells, size, candidate, black_moves))
                    locals_.append(local_class(size, candidate, last))
                    if candidate == cell:
                        winners.append(len(comp) - 1)
                if len(winners) != count + 1:
                    raise ValueError(f"game move {number}: cell {cell} is not empty")
                count += 1
            cells[cell] = 1 if black_moves else 2
    return (
        np.asarray(comp, dtype=np.int64),
        np.asarray(patterns, dtype=np.int64),
        np.asarray(locals_, dtype=np.int64),
        np.asarray(winners, dtype=np.int64),
    )


def fit(comp, patterns, locals_, winners, iterations: int = 60):
    """MM for the team model; returns (gamma[CODES], delta[LOCAL_CLASSES], log-likelihood per
    move). Features never seen keep weight 1."""
    gamma = np.ones(CODES)
    delta = np.ones(LOCAL_CLASSES)
    competitions_count = winners.size
    pattern_wins = np.bincount(patterns[winners], minlength=CODES).astype(np.float64)
    local_wins = np.bincount(locals_[winners], minlength=LOCAL_CLASSES).astype(np.float64)
    seen = np.bincount(patterns, minlength=CODES) > 0
    for _ in range(iterations):
        strength = gamma[patterns] * delta[locals_]
        total = np.bincount(comp, weights=strength, minlength=competitions_count)
        share = delta[locals_] / total[comp]
        denominator = np.bincount(patterns, weights=share, minlength=CODES)
        gamma = np.where(seen, (pattern_wins + 1.0) / (denominator + 2.0 / (gamma + 1.0)), 1.0)
        strength = gamma[patterns] * delta[locals_]
        total = np.bincount(comp, weights=strength, minlength=competitions_count)
        share = gamma[patterns] / total[comp]
        denominator = np.bincount(locals_, weights=share, minlength=LOCAL_CLASSES)
        delta = (local_wins + 1.0) / (denominator + 2.0 / (delta + 1.0))
    strength = gamma[patterns] * delta[locals_]
    total = np.bincount(comp, weights=strength, minlength=competitions_count)
    log_likelihood = float(np.mean(np.log(strength[winners] / total)))
    return gamma, delta, log_likelihood


def top_rank_rate(comp, patterns, locals_, winners, gamma, delta) -> float:
    """How often the cell played has the largest prior of its competition (ties count as a
    share): the usual measure of a move predictor."""
    strength = gamma[patterns] * delta[locals_]
    count = winners.size
    best = np.full(count, -np.inf)
    np.maximum.at(best, comp, strength)
    ties = np.bincount(comp, weights=(strength == best[comp]).astype(np.float64), minlength=count)
    hit = strength[winners] == best
    return float(np.mean(np.where(hit, 1.0 / ties, 0.0)))


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m hexswarm.engine.tools.patterns",
        description="Learn pattern weights (Bradley-Terry by MM) from the games in folders.",
    )
    parser.add_argument("folders", nargs="+", type=Path, help="folders of .sgf games")
    parser.add_argument("--size", type=int, default=9, help="board size of the games used")
    parser.add_argument("--skip", type=int, default=0, help="moves left out at each game's start")
    parser.add_argument("--iterations", type=int, default=60, help="MM iterations")
    parser.add_argument("--holdout", type=int, default=0, help="last N games kept for testing")
    parser.add_argument("--out", type=Path, required=True, help="the table file to write")
    parser.add_argument("--source", default="", help="what the games are, for the table")
    return parser


def main(argv: list[str] | None = None) -> int:
    options = build_parser().parse_args(argv)
    games = read_games(options.folders, options.size)
    if len(games) <= options.holdout:
        print(f"patterns: only {len(games)} distinct games", file=sys.stderr)
        return 2
    train = games[: len(games) - options.holdout]
    test = games[len(games) - options.holdout :]
    data = competitions(train, options.size, options.skip)
    gamma, delta, log_likelihood = fit(*data, iterations=options.iterations)
    uniform = float(np.mean(-np.log(np.bincount(data[0]))))
    report = {
        "games": len(train),
        "moves": int(data[3].size),
        "patterns_seen": int(np.count_nonzero(np.bincount(data[1], minlength=CODES))),
        "log_likelihood_per_move": round(log_likelihood, 4),
        "uniform_log_likelihood_per_move": round(uniform, 4),
        "top_rank_rate": round(top_rank_rate(*data, gamma, delta), 4),
    }
    if test:
        held = competitions(test, options.size, options.skip)
        strength = gamma[held[1]] * delta[held[2]]
        total = np.bincount(held[0], weights=strength)
        report["holdout_games"] = len(test)
        report["holdout_log_likelihood_per_move"] = round(
            float(np.mean(np.log(strength[held[3]] / total))), 4
        )
        report["holdout_uniform_log_likelihood_per_move"] = round(
            float(np.mean(-np.log(np.bincount(held[0])))), 4
        )
        report["holdout_top_rank_rate"] = round(top_rank_rate(*held, gamma, delta), 4)
    table = PatternTable(gamma, delta, options.source or ", ".join(map(str, options.folders)))
    extra = {"size": options.size, "skip": options.skip, "iterations": options.iterations}
    options.out.write_text(table.to_json({**extra, **report}), encoding="utf-8")
    for key, value in report.items():
        print(f"{key}: {value}")
    print(f"local (far, adjacent, bridge): {', '.join(f'{d:.3f}' for d in delta)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

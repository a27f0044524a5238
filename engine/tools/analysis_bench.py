"""Benchmarks of Hex knowledge (:mod:`engine.analysis`): its cost, and what it changes at the
root of a player on boards the exact solver cannot reach.

::

    python -m hexswarm.engine.tools.analysis_bench speed --positions 20
    python -m hexswarm.engine.tools.analysis_bench root strong strong:tactics=vc --time 1

``speed`` times one call of each part (fill-in, H-search for one colour, the whole root
analysis) on middle-game positions of 9x9, 11x11 and 13x13 (random play, a third of the cells
filled, seeded), and prints milliseconds per call with a reference in the same process: the
time of 1 000 uniform random playouts on the same board, measured alternately with them.

``root`` builds positions from random play on 9x9 and 11x11 (seeded) where the root analysis
proves something for the side to move, in two categories, and asks each player for a move:

``vc-win``
    the side to move has a virtual connection between its edges (semi or full): a move
    *keeps the proof* when, after it, the analysis proves the opponent lost;
``must-play``
    the opponent has semi connections between its edges and the side to move has no proven
    win: a move on a cell left empty by the fill-in but outside the must-play region is
    *proven losing* (the opponent plays a key and connects).

It prints per category the moves that kept a proven win or played a proven loser, and writes
one JSON line per position and player (``--out``).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Iterable
from pathlib import Path

from hexswarm.engine.analysis.connections import h_search
from hexswarm.engine.analysis.inferior import inferior_cells
from hexswarm.engine.analysis.root import analyse
from hexswarm.engine.board import Board
from hexswarm.engine.tools.stats import wilson_interval

SIZES = (9, 11, 13)
ROOT_SIZES = (9, 11)
CATEGORIES = ("vc-win", "must-play")


def random_position(rng: random.Random, size: int, stones: int) -> Board | None:
    """``stones`` random moves from the empty board, or None if the game ended."""
    board = Board(size)
    cells = list(range(size * size))
    rng.shuffle(cells)
    for cell in cells[:stones]:
        board.play(cell)
        if board.is_over:
            return None
    return board


def middle_games(seed: int, size: int, count: int) -> list[Board]:
    """``count`` undecided positions with a third of the cells filled by random play."""
    rng = random.Random(seed * 1_000 + size)
    found: list[Board] = []
    while len(found) < count:
        board = random_position(rng, size, size * size // 3)
        if board is not None:
            found.append(board)
    return found


def _timed(function, *args, **kwargs) -> float:
    """Seconds of one call of ``function(*args, **kwargs)``."""
    started = time.perf_counter()
    function(*args, **kwargs)
    return time.perf_counter() - started


def speed(seed: int, count: int) -> str:
    """The speed table (milliseconds per call, medians over the positions)."""
    from hexswarm.engine.search.environment import hex_environment
    from hexswarm.engine.search.limits import SearchLimits
    from hexswarm.engine.search.montecarlo import MonteCarloSearch

    monte_carlo = MonteCarloSearch(threads=1, seed=1)

    lines = [
        "| board | fill-in ms | H-search ms (side to move) | H-search ms (other) | "
        "root analysis ms | 1 000 uniform playouts ms |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    warm = middle_games(seed, 5, 1)[0]
    analyse(warm)
    monte_carlo.run(hex_environment(warm), SearchLimits(iterations=64))
    for size in SIZES:
        rows: dict[str, list[float]] = {k: [] for k in ("fill", "mine", "theirs", "root", "ref")}
        for board in middle_games(seed, size, count):
            env = hex_environment(board)
            # Alternate the reference and the analysis, position by position.
            # 1 000 playouts after each move.
            rows["ref"].append(_timed(monte_carlo.run, env, SearchLimits(iterations=1_000)))
            rows["fill"].append(_timed(inferior_cells, board))
            filled = inferior_cells(board).filled
            rows["mine"].append(_timed(h_search, filled, size, board.to_move))
            rows["theirs"].append(_timed(h_search, filled, size, board.to_move.opponent))
            rows["root"].append(_timed(analyse, board))
        med = {k: 1_000 * statistics.median(v) for k, v in rows.items()}
        lines.append(
            f"| {size}x{size} | {med['fill']:.1f} | {med['mine']:.1f} | {med['theirs']:.1f} | "
            f"{med['root']:.1f} | {med['ref']:.1f} |"
        )
    return "\n".join(lines)


def root_positions(seed: int, per_category: int) -> list[tuple[str, Board]]:
    """Positions per size and category (see the module's docstring), in a fixed order."""
    rng = random.Random(seed)
    found: list[tuple[str, Board]] = []
    for size in ROOT_SIZES:
        wanted = dict.fromkeys(CATEGORIES, per_category)
        while any(wanted.values()):
            stones = rng.randint(size * size // 6, size * size // 3)
            board = random_position(rng, size, stones)
            if board is None:
                continue
            analysis = analyse(board)
            if analysis.proven == "win" and analysis.connections:
                category = "vc-win"
            elif analysis.proven is None and analysis.must_play is not None:
                category = "must-play"
            else:
                continue
            if wanted[category]:
                wanted[category] -= 1
                found.append((category, board))
    return found


def judge(category: str, board: Board, move: int) -> str:
    """``kept`` / ``lost-proof`` for a vc-win, ``proven-loss`` / ``inside`` for a must-play."""
    if category == "vc-win":
        after = board.copy()
        after.play(move)
        if after.is_over:
            return "kept"
        return "kept" if analyse(after).proven == "loss" else "lost-proof"
    analysis = analyse(board)
    filled = analysis.inferior.filled
    must_play = analysis.must_play  # None: no connection restricts the moves
    outside = filled[move] == 0 and must_play is not None and move not in must_play
    return "proven-loss" if outside else "inside"


def run_root(
    specs: list[str], time_s: float, seed: int, per_category: int, out: Path | None
) -> str:
    from hexswarm.engine.players import create_player
    from hexswarm.engine.players.levels import one_thread_unless_named
    from hexswarm.engine.warmup import warm_up

    warm_up()
    positions = root_positions(seed, per_category)
    records = []
    players = {
        spec: create_player(spec, seed=1, time_s=time_s, **one_thread_unless_named(spec))
        for spec in specs
    }
    for index, (category, board) in enumerate(positions):
        # Players alternate position by position, so load drifts hit them alike.
        for spec in specs if index % 2 == 0 else reversed(specs):
            started = time.perf_counter()
            choice = players[spec].choose_move(board)
            elapsed = time.perf_counter() - started
            move = int(choice.move)
            records.append(
                {
                    "position": index,
                    "size": board.size,
                    "category": category,
                    "rows": str(board).split("\n"),
                    "to_move": board.to_move.value,
                    "spec": spec,
                    "move": board.cell_name(move),
                    "verdict": judge(category, board, move),
                    "seconds": round(elapsed, 3),
                    "note": choice.snapshot.note if choice.snapshot else "",
                }
            )
    if out is not None:
        out.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    lines = [
        f"{time_s:g} s a move, one thread, seed {seed}, {per_category} positions per size "
        "and category",
        "",
        "| player | size | vc-win: proof kept | must-play: proven-losing moves |",
        "|---|---|---|---|",
    ]
    for spec in specs:
        for size in (*ROOT_SIZES, "all"):
            mine = [r for r in records if r["spec"] == spec and size in ("all", r["size"])]
            wins = [r for r in mine if r["category"] == "vc-win"]
            musts = [r for r in mine if r["category"] == "must-play"]
            kept = sum(r["verdict"] == "kept" for r in wins)
            lost = sum(r["verdict"] == "proven-loss" for r in musts)
            label = f"{size}x{size}" if size != "all" else "all"
            lines.append(
                f"| `{spec}` | {label} | {_rate(kept, len(wins))} | {_rate(lost, len(musts))} |"
            )
    return "\n".join(lines)


def _rate(hits: int, total: int) -> str:
    if not total:
        return "-"
    low, high = wilson_interval(hits, total)
    return f"{hits}/{total} = {hits / total:.2f} [{low:.2f}, {high:.2f}]"


def main(argv: Iterable[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m hexswarm.engine.tools.analysis_bench")
    commands = parser.add_subparsers(dest="command", required=True)
    timing = commands.add_parser("speed", help="milliseconds per analysis call")
    timing.add_argument("--positions", type=int, default=20)
    timing.add_argument("--seed", type=int, default=1)
    root = commands.add_parser("root", help="players' moves on positions the analysis proves")
    root.add_argument("specs", nargs="+", help="player specs, e.g. strong strong:tactics=vc")
    root.add_argument("--time", type=float, default=1.0)
    root.add_argument("--seed", type=int, default=1)
    root.add_argument("--per-category", type=int, default=15)
    root.add_argument("--out", type=Path, default=None, help="one JSON line per move")
    options = parser.parse_args(None if argv is None else list(argv))
    started = time.perf_counter()
    if options.command == "speed":
        print(speed(options.seed, options.positions))
    else:
        table = run_root(
            options.specs, options.time, options.seed, options.per_category, options.out
        )
        print(table)
    print(f"\n({time.perf_counter() - started:.0f} s)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Rectangular boards checked game by game: the rules against a second method, and the square
embedding the search kernels play against the rectangle.

    python -m hexswarm.engine.tools.rectangles [--games 10000] [--seed 1] [--max-side 19]
        [--out DIR]

Each game draws a shape (columns and rows each from 1 to ``--max-side``) and fills the board in
a random order, Black and White alternating, past the win to the last cell. At every move:

* the embedded square (``engine.search.environment``: the same move at :func:`square_cell`)
  has the same winner as the rectangle (``Board``'s union-find);

and at the move before the first win, at that move and on the full board:

* the rules' winner equals the slow reference's (``engine.tools.reference.rectangle_winner``:
  a depth-first search over (column, row) points);

and on the full board: the thesis's Gale tour (``engine.kernels.winner``) on the filled square
names the same winner. Prints a table per shape group, writes ``check.json`` (every game's shape,
seed, winner and first winning move) and ``check.txt`` (the printed table) into ``--out``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import sys
import time
from pathlib import Path

from hexswarm.engine.board import BLACK, WHITE, Board, Color
from hexswarm.engine.kernels.winner import gale_winner_of_cells
from hexswarm.engine.players.levels import child_seed
from hexswarm.engine.search.environment import embedded_board, square_cell, square_side
from hexswarm.engine.tools.reference import rectangle_winner

CODE = {None: 0, BLACK: 1, WHITE: 2}


def check_game(width: int, height: int, seed: int) -> dict:
    """One random game on a ``width`` x ``height`` board, checked as the module docstring
    says; returns its record with ``problems`` (empty when everything agreed)."""
    rng = random.Random(seed)
    board = Board(width, height)
    square = embedded_board(Board(width, height))  # the filled cells only
    order = list(range(width * height))
    rng.shuffle(order)
    stones: dict[tuple[int, int], int] = {}
    problems: list[str] = []
    first_win = None

    def reference() -> int:
        return rectangle_winner(stones, width, height)

    for number, cell in enumerate(order, 1):
        before = board.winner
        colour = board.to_move
        board.play(cell, after_win=True)
        square.play(square_cell(cell, width, height), after_win=True)
        row, col = divmod(cell, width)
        stones[(col, row)] = colour.stone
        if square.winner != board.winner:
            problems.append(f"move {number}: square {square.winner}, rectangle {board.winner}")
        if before is None and board.winner is not None:
            first_win = number
            del stones[(col, row)]
            if reference() != 0:
                problems.append(f"move {number - 1}: the reference has a winner already")
            stones[(col, row)] = colour.stone
            if reference() != CODE[board.winner]:
                problems.append(f"move {number}: reference {reference()}, rules {board.winner}")
    full = reference()
    if full != CODE[board.winner]:
        problems.append(f"full board: reference {full}, rules {board.winner}")
    side = square_side(width, height)
    gale = int(gale_winner_of_cells(square.cells, side))
    if gale != CODE[board.winner]:
        problems.append(f"full board: Gale's tour {gale}, rules {board.winner}")
    winner: Color | None = board.winner
    return {
        "width": width,
        "height": height,
        "seed": seed,
        "winner": None if winner is None else winner.value,
        "first_win_move": first_win,
        "problems": problems,
    }


def run(games: int, seed: int, max_side: int) -> tuple[list[dict], str]:
    """``games`` checked games (game ``i`` seeded ``child_seed(seed, i)``); the records and
    the printed table."""
    shapes = random.Random(seed)
    records = []
    started = time.perf_counter()
    for i in range(games):
        width, height = shapes.randint(1, max_side), shapes.randint(1, max_side)
        records.append(check_game(width, height, child_seed(seed, i)))
    elapsed = time.perf_counter() - started
    groups: dict[str, list[dict]] = {
        "square": [],
        "wider (Black-filled rows)": [],
        "taller (White-filled columns)": [],
    }
    for record in records:
        w, h = record["width"], record["height"]
        key = (
            "square"
            if w == h
            else ("wider (Black-filled rows)" if w > h else "taller (White-filled columns)")
        )
        groups[key].append(record)
    load = os.getloadavg() if hasattr(os, "getloadavg") else (float("nan"),) * 3
    lines = [
        f"# hexswarm.engine.tools.rectangles --games {games} --seed {seed} --max-side {max_side}",
        f"# {platform.node()} {platform.machine()} Python {platform.python_version()}, "
        f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, "
        f"load {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}, {elapsed:.1f} s",
        f"{'shapes':32} {'games':>6} {'Black won':>9} {'White won':>9} {'disagreements':>13}",
    ]
    for key, group in groups.items():
        black = sum(r["winner"] == "black" for r in group)
        bad = sum(bool(r["problems"]) for r in group)
        lines.append(f"{key:32} {len(group):6d} {black:9d} {len(group) - black:9d} {bad:13d}")
    bad = sum(bool(r["problems"]) for r in records)
    distinct = len({(r["width"], r["height"]) for r in records})
    lines.append(
        f"{'all (' + str(distinct) + ' shapes)':32} {len(records):6d} "
        f"{sum(r['winner'] == 'black' for r in records):9d} "
        f"{sum(r['winner'] == 'white' for r in records):9d} {bad:13d}"
    )
    for record in records:
        for problem in record["problems"]:
            lines.append(
                f"DISAGREEMENT {record['width']}x{record['height']} "
                f"seed {record['seed']}: {problem}"
            )
    return records, "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-side", type=int, default=19)
    parser.add_argument("--out", type=Path, default=None, help="folder for check.json/.txt")
    args = parser.parse_args(argv)
    records, table = run(args.games, args.seed, args.max_side)
    print(table)
    if args.out is not None:
        args.out.mkdir(parents=True, exist_ok=True)
        (args.out / "check.txt").write_text(table + "\n")
        (args.out / "check.json").write_text(json.dumps(records, indent=None) + "\n")
    return 1 if any(r["problems"] for r in records) else 0


if __name__ == "__main__":
    sys.exit(main())

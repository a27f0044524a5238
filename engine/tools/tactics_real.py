"""A tactics suite on real boards (8x8 to 11x11) labelled from outside the engine, by MoHex.

::

    python -m hexswarm.engine.tools.tactics_real build --out resources/tactics/real.json
    python -m hexswarm.engine.tools.tactics_real build --sizes 8 9 --per-size 15 --seed 1
    python -m hexswarm.engine.tools.tactics_real merge A.json B.json --out real.json
    python -m hexswarm.engine.tools.tactics_real check-8x8 --out real-labels-8x8.json

The positions come from MoHex 2.0 self-play (``--games`` simulations a move, one thread, two
random opening stones per game from the builder's seed), taken in the late middle game (by
default between 45% and 80% of the game's length, ``--plies``; MoHex's games end with most of
the board empty, so later plies still leave 60-80 empty cells on 11x11). Every label comes from
MoHex's DFPN solver (``dfpn-solve-state`` with ``param_dfpn timelimit``): the position is first
solved for the side to move, then every empty cell is played and the position after it solved,
so the winning set is complete (``dfpn-solver-find-winning`` would try only the cells MoHex's
inferior-cell analysis keeps, and a dominated cell can win too). A candidate with one cell MoHex
cannot settle within the time limit is not kept: its label would be a guess. Nothing here uses
:mod:`engine.solver`; ``check-8x8`` then re-labels the 8x8 positions with it and writes how many
agree.

The categories (those of :mod:`engine.tools.tactics_suite`, on game positions):

``mc-trap``
    flat Monte-Carlo (4 000 uniform playouts a move, one fixed seed) prefers a losing move.
``must-play``
    the opponent would win if it were to move, so only answers to its threat win (and flat
    Monte-Carlo's move was not proven to lose: that makes an ``mc-trap``).
``bridge``, ``template3``
    the side that was to move in the game position has just played into a bridge or into the
    carrier of an edge template III of the other side, which must answer.

Every kept position has the side to move winning, no win in one for either side, and at most a
third of its empty cells winning.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import shlex
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from hexswarm.engine.board import BLACK, WHITE, Board, Color, HexError
from hexswarm.engine.gtp_client import GtpClient, GtpClientError
from hexswarm.engine.tools.tactics_suite import (
    MC_TRAP_PLAYOUTS,
    SUITE_FORMAT,
    TacticsPosition,
    _flat_monte_carlo_choice,
    _intrusion,
    _no_one_move_tactics,
    _rows,
    load_suite,
)
from hexswarm.resources import resource_path

REAL_SUITE = Path(str(resource_path("tactics", "real.json")))
MOHEX = "/work/mohex/mohex-gtp.sh"
SIZES = (8, 9, 10, 11)
SELF_PLAY_GAMES = 300  # MoHex's simulations a move in the self-play games
DFPN_SECONDS = 10.0  # MoHex's DFPN time limit for one solve
# How many positions of each category one size may take; the suite wants PER_SIZE in all.
CAPS = {"mc-trap": 6, "must-play": 6, "bridge": 4, "template3": 4}
PER_SIZE = 15
LATE_MIDDLE = (0.45, 0.80)  # the part of a self-play game the positions come from
PLIES_PER_GAME = 3


class MohexLabeller:
    """One MoHex process, for self-play moves and DFPN labels. ``command`` starts it (a GTP
    engine with MoHex's ``dfpn-solve-state``); ``seconds`` is the DFPN time limit per solve."""

    def __init__(self, command: str, seconds: float):
        self.command = command
        self.client = GtpClient(shlex.split(command))
        try:
            self.set_limit(seconds)
        except GtpClientError:
            self.client.kill()  # not an engine with MoHex's DFPN: leave no process behind
            raise
        self.solves = 0

    def set_limit(self, seconds: float) -> None:
        """DFPN's time limit for each later solve (``param_dfpn timelimit``)."""
        self.client.send(f"param_dfpn timelimit {seconds:g}", timeout=60)
        self.seconds = seconds

    def close(self) -> None:
        self.client.close()

    def _set(self, board: Board) -> None:
        n = board.size
        self.client.send(f"boardsize {n} {n}", timeout=60)
        self.client.send("clear_board", timeout=60)
        for color in (BLACK, WHITE):
            for cell in board.stones(color):
                self.client.send(f"play {color.letter} {board.cell_name(cell)}", timeout=60)

    def genmove(self, board: Board) -> int:
        self._set(board)
        answer = self.client.send(f"genmove {board.to_move.letter}", timeout=600).strip().lower()
        return board.cell_index(answer)

    def _winner(self, color: Color) -> Color | None:
        self.solves += 1
        answer = self.client.send(f"dfpn-solve-state {color.letter}", timeout=self.seconds * 20)
        answer = answer.strip().lower()
        if answer in ("black", "white"):
            return Color.parse(answer)
        if answer == "empty":  # the time limit stopped it
            return None
        raise HexError(f"MoHex answered {answer!r} to dfpn-solve-state")

    def winner(self, board: Board, to_move: Color | None = None) -> Color | None:
        """Who wins ``board`` with ``to_move`` (default: the board's side) to move, or None
        when DFPN does not settle it within the time limit."""
        self._set(board)
        return self._winner(board.to_move if to_move is None else to_move)

    def move_wins(self, board: Board, cell: int) -> bool | None:
        """Whether ``cell`` wins for the side to move (None: not settled)."""
        after = board.copy()
        after.play(cell)
        winner = self.winner(after)
        return None if winner is None else winner is board.to_move

    def cell_verdicts(self, board: Board) -> Iterator[tuple[int, bool | None]]:
        """Each empty cell with whether it wins for the side to move (None: not settled),
        checked by DFPN on the position after it; a consumer may stop early."""
        mover = board.to_move
        self._set(board)
        for cell in board.legal_moves():
            self.client.send(f"play {mover.letter} {board.cell_name(cell)}", timeout=60)
            winner = self._winner(mover.opponent)
            self.client.send("undo", timeout=60)
            yield cell, None if winner is None else winner is mover

    def winning_set(self, board: Board, most: int) -> set[int] | None:
        """Every winning cell of the side to move, each checked by DFPN after the move; None
        when one cell is not settled or more than ``most`` cells win."""
        winning = set()
        for cell, wins in self.cell_verdicts(board):
            if wins is None:
                return None
            if wins:
                winning.add(cell)
                if len(winning) > most:
                    return None
        return winning


def self_play_game(labeller: MohexLabeller, size: int, rng: random.Random) -> list[int]:
    """A MoHex self-play game from two random stones (Black's, then White's) to its end."""
    board = Board(size)
    cells = list(range(size * size))
    for cell in rng.sample(cells, 2):
        board.play(cell)
    while not board.is_over:
        board.play(labeller.genmove(board))
    return [move.cell for move in board.moves]


def _classify(
    labeller: MohexLabeller, board: Board, rng: random.Random, counts: dict[str, int]
) -> tuple[Board, str, set[int], str] | None:
    """A suite entry made from the game position ``board``, or None. Intrusions are tried
    first (they are rarer), then the position itself as a trap or a must-play."""
    for category in ("template3", "bridge"):
        if counts[category] >= CAPS[category]:
            continue
        made = _intrusion(rng, board, category)
        if made is None:
            continue
        after, keep, hint = made
        if not _no_one_move_tactics(after) or labeller.winner(after) is not after.to_move:
            continue
        winning = labeller.winning_set(after, after.empty_count // 3)
        if winning and winning & set(keep):
            return after, category, winning, hint
    if not _no_one_move_tactics(board) or labeller.winner(board) is not board.to_move:
        return None
    choice = _flat_monte_carlo_choice(board)
    if labeller.move_wins(board, choice) is False:
        category = "mc-trap"
        hint = f"flat Monte-Carlo plays {board.cell_name(choice)}"
    elif labeller.winner(board, board.to_move.opponent) is board.to_move.opponent:
        category = "must-play"
        hint = "the opponent threatens to win"
    else:
        return None
    if counts[category] >= CAPS[category]:
        return None
    winning = labeller.winning_set(board, board.empty_count // 3)
    if not winning:
        return None
    return board, category, winning, hint


def build_size(
    labeller: MohexLabeller,
    size: int,
    seed: int,
    per_size: int,
    minutes: float,
    log: Callable[[str], None],
    late_middle: tuple[float, float] = LATE_MIDDLE,
    on_entry: Callable[[dict], None] = lambda entry: None,
) -> list[dict]:
    """Up to ``per_size`` labelled positions of one size, within ``minutes``, from the part
    ``late_middle`` (fractions of each game's length) of the self-play games; ``on_entry``
    receives each entry as it is made."""
    rng = random.Random(f"real-{seed}-{size}")
    started = time.perf_counter()
    counts = dict.fromkeys(CAPS, 0)
    seen: set[tuple[str, ...]] = set()
    entries: list[dict] = []
    game_number = 0
    while len(entries) < per_size and time.perf_counter() - started < minutes * 60:
        game_number += 1
        game = self_play_game(labeller, size, rng)
        low, high = (int(len(game) * f) for f in late_middle)
        plies = sorted(rng.sample(range(low, high + 1), min(PLIES_PER_GAME, high - low + 1)))
        log(f"{size}x{size} game {game_number}: {len(game)} moves, plies {plies}")
        for ply in plies:
            if len(entries) >= per_size or time.perf_counter() - started >= minutes * 60:
                break
            board = Board(size)
            for cell in game[:ply]:
                board.play(cell)
            made = _classify(labeller, board, rng, counts)
            if made is None:
                continue
            position, category, winning, hint = made
            rows = _rows(position)
            if rows in seen:
                continue
            seen.add(rows)
            counts[category] += 1
            line = " ".join(board.cell_name(c) for c in game[:ply])
            entries.append(
                {
                    "id": f"real-{category}-{size}x{size}-{counts[category]:02d}",
                    "category": category,
                    "size": size,
                    "to_move": position.to_move.value,
                    "rows": list(rows),
                    "winning": sorted(position.cell_name(c) for c in winning),
                    "hint": hint,
                    "source": f"MoHex self-play game {game_number}, after {ply} moves: {line}",
                }
            )
            on_entry(entries[-1])
            log(f"  {entries[-1]['id']}: {len(winning)} winning of {position.empty_count}")
    return entries


def build(options: argparse.Namespace, log: Callable[[str], None]) -> dict:
    """The suite the options ask for, written to ``options.out`` after every new position (a
    stopped build keeps what it labelled)."""
    command = f"{options.mohex} --games {options.games} --seed 1 --no-reuse"
    labeller = MohexLabeller(command, options.dfpn_seconds)
    positions: list[dict] = []
    arguments = " ".join(shlex.quote(a) for a in options.argv)
    document = {
        "format": SUITE_FORMAT,
        "command": f"python -m hexswarm.engine.tools.tactics_real {arguments}",
        "seed": options.seed,
        "labeller": (
            f"MoHex 2.0 DFPN (dfpn-solve-state after every empty cell, "
            f"param_dfpn timelimit {options.dfpn_seconds:g} s a solve), started as: {command}"
        ),
        "mc_trap_playouts": MC_TRAP_PLAYOUTS,
        "late_middle": list(options.plies),
        "positions": positions,
    }

    def save(entry: dict) -> None:
        positions.append(entry)
        options.out.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")

    try:
        for size in options.sizes:
            started = time.perf_counter()
            entries = build_size(
                labeller,
                size,
                options.seed,
                options.per_size,
                options.minutes,
                log,
                tuple(options.plies),
                save,
            )
            log(f"{size}x{size}: {len(entries)} positions in {time.perf_counter() - started:.0f} s")
    finally:
        labeller.close()
    return document


def merge(documents: list[dict], command: str) -> dict:
    """One suite from several builds (sizes built in separate processes, or a size topped up
    with another seed): positions by size, ids renumbered per category and size, every build's
    command and labeller kept."""
    labellers = {document["labeller"] for document in documents}
    positions = sorted(
        (p for document in documents for p in document["positions"]),
        key=lambda p: p["size"],
    )
    seen: set[tuple[str, ...]] = set()
    counts: dict[tuple[str, int], int] = {}
    kept = []
    for position in positions:
        rows = tuple(position["rows"])
        if rows in seen:
            continue
        seen.add(rows)
        key = (position["category"], position["size"])
        counts[key] = counts.get(key, 0) + 1
        size = position["size"]
        kept.append({**position, "id": f"real-{key[0]}-{size}x{size}-{counts[key]:02d}"})
    return {
        "format": SUITE_FORMAT,
        "command": command,
        "builds": [document["command"] for document in documents],
        "seed": [document["seed"] for document in documents],
        "labeller": " / ".join(sorted(labellers)),
        "mc_trap_playouts": MC_TRAP_PLAYOUTS,
        "positions": kept,
    }


def _check_row(position: TacticsPosition, verdicts: Iterable[tuple[int, bool | None]]) -> dict:
    """One position's record of a second method's verdicts (cell, wins for the side to move or
    None when not settled) against its stored label: every cell's verdict, the cells that
    agree, disagree and stay open; ``confirmed`` when every cell agrees."""
    board = position.board()
    labelled = position.winning_cells()
    started = time.perf_counter()
    cells: dict[str, bool | None] = {}
    agree = 0
    disagree: list[str] = []
    unresolved: list[str] = []
    for cell, wins in verdicts:
        name = board.cell_name(cell)
        cells[name] = wins
        if wins is None:
            unresolved.append(name)
        elif wins == (cell in labelled):
            agree += 1
        else:
            disagree.append(name)
    return {
        "id": position.id,
        "label": sorted(position.winning),
        "agree": agree,
        "disagree": sorted(disagree),
        "unresolved": sorted(unresolved),
        "confirmed": not disagree and not unresolved,
        "cells": cells,
        "seconds": round(time.perf_counter() - started, 2),
    }


def _log_row(row: dict, log: Callable[[str], None]) -> None:
    log(
        f"{row['id']}: {row['agree']} agree, {row['disagree']} disagree, "
        f"{len(row['unresolved'])} open ({row['seconds']} s)"
    )


def check_with_engine_solver(path: Path, budget: int, log: Callable[[str], None]) -> list[dict]:
    """The engine's exact solver on every position of at most 64 cells, move by move: each
    empty cell is played and the position after it solved within ``budget`` nodes (see
    :func:`_check_row`; MoHex's label against engine.solver's verdicts)."""
    from hexswarm.engine.solver import SolverBudgetExceeded, solve

    def verdicts(board: Board) -> Iterator[tuple[int, bool | None]]:
        for cell in board.legal_moves():
            after = board.copy()
            after.play(cell)
            try:
                yield cell, not solve(after, budget)[0]
            except SolverBudgetExceeded:
                yield cell, None

    rows = []
    for position in load_suite(path):
        if position.size * position.size > 64:
            continue
        rows.append(_check_row(position, verdicts(position.board())))
        _log_row(rows[-1], log)
    return rows


def check_with_mohex(
    path: Path,
    ids: list[str] | None,
    labeller: MohexLabeller,
    log: Callable[[str], None],
    on_row: Callable[[dict], None] = lambda row: None,
) -> list[dict]:
    """MoHex's DFPN on the positions ``ids`` of the suite at ``path`` (all when None), cell by
    cell (see :func:`_check_row`; the suite's label against MoHex's verdicts)."""
    positions = load_suite(path)
    known = {p.id for p in positions}
    missing = sorted(set(ids or ()) - known)
    if missing:
        raise HexError(f"{path}: no positions {', '.join(missing)}")
    rows = []
    for position in positions:
        if ids is not None and position.id not in ids:
            continue
        rows.append(_check_row(position, labeller.cell_verdicts(position.board())))
        _log_row(rows[-1], log)
        on_row(rows[-1])
    return rows


def _summary(rows: list[dict]) -> dict:
    return {
        "positions": len(rows),
        "confirmed": sum(r["confirmed"] for r in rows),
        "cells_agree": sum(r["agree"] for r in rows),
        "cells_disagree": sum(len(r["disagree"]) for r in rows),
        "cells_unresolved": sum(len(r["unresolved"]) for r in rows),
    }


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m hexswarm.engine.tools.tactics_real",
        description="Build the real-board tactics suite labelled by MoHex's DFPN solver.",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    make = commands.add_parser("build", help="self-play, pick positions, label them by DFPN")
    make.add_argument("--sizes", type=int, nargs="+", default=list(SIZES))
    make.add_argument("--per-size", type=int, default=PER_SIZE)
    make.add_argument("--minutes", type=float, default=20.0, help="time for each size")
    make.add_argument("--seed", type=int, default=1)
    make.add_argument("--games", type=int, default=SELF_PLAY_GAMES, help="MoHex's simulations")
    make.add_argument("--dfpn-seconds", type=float, default=DFPN_SECONDS)
    make.add_argument("--mohex", default=MOHEX, help="the MoHex GTP command")
    make.add_argument("--out", type=Path, default=REAL_SUITE)
    make.add_argument(
        "--plies",
        type=float,
        nargs=2,
        default=list(LATE_MIDDLE),
        metavar=("FROM", "TO"),
        help="the part of each game the positions come from (fractions of its length)",
    )
    join = commands.add_parser("merge", help="one suite from several builds")
    join.add_argument("builds", type=Path, nargs="+")
    join.add_argument("--out", type=Path, default=REAL_SUITE)
    check = commands.add_parser("check-8x8", help="compare the 8x8 labels with engine.solver")
    check.add_argument("--suite", type=Path, default=REAL_SUITE)
    check.add_argument("--budget", type=int, default=2_000_000, help="solver nodes a cell")
    check.add_argument("--out", type=Path, required=True)
    other = commands.add_parser("check-mohex", help="compare a suite's labels with MoHex's DFPN")
    other.add_argument("--suite", type=Path, required=True)
    other.add_argument("--ids", nargs="+", help="only these positions (default: all)")
    other.add_argument("--dfpn-seconds", type=float, default=DFPN_SECONDS)
    other.add_argument("--mohex", default=MOHEX, help="the MoHex GTP command")
    other.add_argument("--out", type=Path, required=True)
    return parser


def main(argv: Iterable[str] | None = None) -> int:
    arguments = list(sys.argv[1:] if argv is None else argv)
    options = build_parser().parse_args(arguments)
    options.argv = arguments

    def log(text: str) -> None:
        print(text, file=sys.stderr, flush=True)

    try:
        if options.command == "build":
            document = build(options, log)
            options.out.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
            log(f"{len(document['positions'])} positions written to {options.out}")
            return 0
        if options.command == "merge":
            documents = [json.loads(path.read_text(encoding="utf-8")) for path in options.builds]
            command = "python -m hexswarm.engine.tools.tactics_real " + " ".join(
                shlex.quote(a) for a in arguments
            )
            document = merge(documents, command)
            options.out.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
            log(f"{len(document['positions'])} positions written to {options.out}")
            return 0
        command = "python -m hexswarm.engine.tools.tactics_real " + " ".join(
            shlex.quote(a) for a in arguments
        )
        document = {"command": command, "suite": options.suite.name}
        if options.command == "check-8x8":
            document["budget"] = options.budget
            rows = check_with_engine_solver(options.suite, options.budget, log)
        else:
            mohex = f"{options.mohex} --games 1 --seed 1"
            document["labeller"] = (
                f"MoHex 2.0 DFPN (dfpn-solve-state after every empty cell, "
                f"param_dfpn timelimit {options.dfpn_seconds:g} s a solve), started as: {mohex}"
            )
            document["machine"] = f"{platform.machine()}, {os.cpu_count()} cores"
            document["date"] = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
            options.out.parent.mkdir(parents=True, exist_ok=True)
            rows = []

            def save(row: dict) -> None:  # after every position: a stopped run keeps its rows
                rows.append(row)
                document.update(summary=_summary(rows), positions=rows)
                options.out.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")

            labeller = MohexLabeller(mohex, options.dfpn_seconds)
            try:
                check_with_mohex(options.suite, options.ids, labeller, log, save)
            finally:
                labeller.close()
    except (HexError, GtpClientError, OSError, ValueError, KeyError) as error:
        print(f"python -m hexswarm.engine.tools.tactics_real: {error}", file=sys.stderr)
        return 2
    document.update(summary=_summary(rows), positions=rows)
    options.out.parent.mkdir(parents=True, exist_ok=True)
    options.out.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(document["summary"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""A second exact Hex solver, written apart from :mod:`engine.solver`, that checks the labels of
the tactics suites and the solved openings from outside the engine.

::

    python -m hexswarm.engine.tools.second_solver check --out docs/results/tactics/labels.json
    python -m hexswarm.engine.tools.second_solver check --suite hard --max-size 7 --seconds 600

The engine's solver (numba negamax over 64-bit masks with proof sets and must-play regions) is
what labelled the suites; this one shares none of its code or its pruning. It reads positions
from their text rows, keeps each side's stones in one Python integer (bit ``row * n + col``) and
searches with *proof-number search* (Allis 1994): a best-first AND/OR tree that always expands the
most-proving leaf, with positions merged through a table keyed by the stones. Its only Hex
knowledge is exact and stated here:

- the side to move wins at once when one empty cell joins its two edges;
- otherwise, when the opponent has two such cells it loses (it can fill only one), and when the
  opponent has one, filling it is the only move that does not lose at once.

Nothing here imports the engine: cells are named as everywhere in HexSwarm (``a1`` top-left,
letters are columns), Black joins top and bottom and White left and right.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

INFINITE = 10**9


@dataclass(frozen=True, slots=True)
class Geometry:
    """Bit masks of one board size; a set of cells is an int with bit ``row * size + col``."""

    size: int
    full: int
    not_first_column: int
    not_last_column: int
    top: int
    bottom: int
    left: int
    right: int

    @classmethod
    def of(cls, size: int) -> Geometry:
        full = (1 << size * size) - 1
        left = sum(1 << (row * size) for row in range(size))
        right = left << (size - 1)
        top = (1 << size) - 1
        return cls(
            size, full, full & ~left, full & ~right, top, top << size * (size - 1), left, right
        )

    def neighbours(self, cells: int) -> int:
        """Every cell next to one of ``cells`` (the six directions of the rhombus)."""
        n = self.size
        east = (cells << 1) & self.not_first_column
        west = (cells >> 1) & self.not_last_column
        north = cells >> n
        south = (cells << n) & self.full
        north_east = (cells >> (n - 1)) & self.not_first_column
        south_west = (cells << (n - 1)) & self.not_last_column & self.full
        return east | west | north | south | north_east | south_west

    def reach(self, start: int, stones: int) -> int:
        """The stones connected to ``start`` (itself a set of stones) through ``stones``."""
        reached = start
        while True:
            grown = reached | (self.neighbours(reached) & stones)
            if grown == reached:
                return reached
            reached = grown

    def edges(self, black: bool) -> tuple[int, int]:
        return (self.top, self.bottom) if black else (self.left, self.right)

    def connected(self, stones: int, black: bool) -> bool:
        first, second = self.edges(black)
        return bool(self.reach(stones & first, stones) & second)

    def joining_cells(self, stones: int, empty: int, black: bool) -> int:
        """The empty cells that, filled by this side, join its two edges."""
        first, second = self.edges(black)
        from_first = self.reach(stones & first, stones)
        from_second = self.reach(stones & second, stones)
        return (
            empty & (self.neighbours(from_first) | first) & (self.neighbours(from_second) | second)
        )


def cells_of(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class _Node:
    """An OR node of the proof-number tree: the side to move wants to win (``proof`` = 0)."""

    __slots__ = ("key", "proof", "disproof", "children", "expanded")

    def __init__(self, key: tuple[int, int]):
        self.key = key
        self.proof = 1
        self.disproof = 1
        self.children: list[_Node] = []
        self.expanded = False


class BudgetExceeded(Exception):
    """The proof-number search needs more nodes than it was given."""

    @staticmethod
    def message(node_budget: int) -> str:
        return f"more than {node_budget} nodes"


class ProofNumberSolver:
    """Who wins a position, by proof-number search in negamax form.

    A node is the position seen by the side to move (its stones, the opponent's stones); its
    proof number is the least count of leaves to prove a win for that side and its disproof
    number that to prove a loss. A child (after one move) is the opponent's node, so a node's
    proof number is the least disproof number of its children and its disproof number their
    sum. Nodes of one position are shared through ``table`` (a directed acyclic graph: Hex
    positions only grow, so there is no cycle)."""

    def __init__(self, size: int, black_to_move_first: bool, node_budget: int = 5_000_000):
        self.geometry = Geometry.of(size)
        # Which colour moves at a node follows from the stone counts' parity from the root.
        self.root_black = black_to_move_first
        self.table: dict[tuple[int, int], _Node] = {}
        self.node_budget = node_budget

    def _black_to_move(self, key: tuple[int, int], root_stones: int) -> bool:
        placed = (key[0] | key[1]).bit_count() - root_stones
        return self.root_black == (placed % 2 == 0)

    def _node(self, key: tuple[int, int]) -> _Node:
        node = self.table.get(key)
        if node is None:
            if len(self.table) >= self.node_budget:
                raise BudgetExceeded(BudgetExceeded.message(self.node_budget))
            node = self.table[key] = _Node(key)
            self._evaluate(node)
        return node

    def _evaluate(self, node: _Node) -> None:
        """Settle the node with the exact rules of the module docstring where they apply."""
        mover, opponent = node.key
        black = self._black_to_move(node.key, self.root_stones)
        g = self.geometry
        empty = g.full & ~(mover | opponent)
        if g.connected(opponent, not black):
            node.proof, node.disproof = INFINITE, 0
        elif not empty or g.joining_cells(mover, empty, black):
            # A full board is won by whoever is connected (Gale): not the opponent, so the mover.
            node.proof, node.disproof = 0, INFINITE
        else:
            threats = g.joining_cells(opponent, empty, not black)
            if threats & (threats - 1):
                node.proof, node.disproof = INFINITE, 0
            elif not threats:
                # Mobility: disproving a node means refuting each of its moves.
                node.disproof = empty.bit_count()

    def _moves(self, node: _Node) -> list[int]:
        mover, opponent = node.key
        black = self._black_to_move(node.key, self.root_stones)
        empty = self.geometry.full & ~(mover | opponent)
        threats = self.geometry.joining_cells(opponent, empty, not black)
        return cells_of(threats) if threats else cells_of(empty)

    def _expand(self, node: _Node) -> None:
        mover, opponent = node.key
        node.children = [self._node((opponent, mover | (1 << cell))) for cell in self._moves(node)]
        node.expanded = True

    @staticmethod
    def _update(node: _Node) -> None:
        if not node.expanded:
            return
        node.proof = min(child.disproof for child in node.children)
        node.disproof = min(INFINITE, sum(child.proof for child in node.children))

    def prove(self, mover: int, opponent: int, stones_at_root: int | None = None) -> bool:
        """Whether the side to move with stones ``mover`` wins against ``opponent``."""
        self.root_stones = (
            (mover | opponent).bit_count() if stones_at_root is None else stones_at_root
        )
        root = self._node((mover, opponent))
        while root.proof and root.disproof:
            path = [root]
            node = root
            # Solved nodes are not expanded: reaching one means a parent shared with another
            # path is stale, and the update below refreshes it.
            while node.expanded and node.proof and node.disproof:
                node = min(node.children, key=lambda child: child.disproof)
                path.append(node)
            if node.proof and node.disproof:
                self._expand(node)
            for ancestor in reversed(path):
                self._update(ancestor)
        return root.proof == 0


@dataclass(frozen=True, slots=True)
class Position:
    """A position as the suites store it: rows of ``B``, ``W`` and ``.``, and the side to move."""

    size: int
    black: int
    white: int
    black_to_move: bool

    @classmethod
    def from_rows(cls, rows: Sequence[str], to_move: str) -> Position:
        size = len(rows)
        black = white = 0
        for row, text in enumerate(rows):
            if len(text) != size or set(text) - set("BW."):
                raise ValueError(f"row {row + 1} is not {size} cells of B, W and '.': {text!r}")
            for col, mark in enumerate(text):
                if mark == "B":
                    black |= 1 << (row * size + col)
                elif mark == "W":
                    white |= 1 << (row * size + col)
        if to_move not in ("black", "white"):
            raise ValueError(f"to_move must be black or white, not {to_move!r}")
        return cls(size, black, white, to_move == "black")


def cell_name(cell: int, size: int) -> str:
    """``a1`` is the top-left cell; letters are columns (boards up to 26 columns here)."""
    row, col = divmod(cell, size)
    return f"{chr(ord('a') + col)}{row + 1}"


def winning_moves(position: Position, node_budget: int = 5_000_000) -> set[str]:
    """The names of the cells after which the side to move wins with perfect play."""
    mover, opponent = (
        (position.black, position.white)
        if position.black_to_move
        else (position.white, position.black)
    )
    geometry = Geometry.of(position.size)
    if geometry.connected(mover, position.black_to_move) or geometry.connected(
        opponent, not position.black_to_move
    ):
        raise ValueError("the game is over")
    empty = geometry.full & ~(mover | opponent)
    # One solver for every child: the table is shared. Children are the opponent to move.
    solver = ProofNumberSolver(position.size, not position.black_to_move, node_budget)
    stones = (mover | opponent).bit_count() + 1
    winning = set()
    for cell in cells_of(empty):
        if not solver.prove(opponent, mover | (1 << cell), stones_at_root=stones):
            winning.add(cell_name(cell, position.size))
    return winning


# --------------------------------------------------------------------------- the check


def _suite_path(name: str) -> Path:
    return Path(__file__).resolve().parents[1].parent / "resources" / "tactics" / f"{name}.json"


def check_positions(
    entries: Iterable[dict],
    max_size: int,
    seconds: float,
    node_budget: int,
    log=lambda text: None,
    done: dict[str, dict] | None = None,
) -> list[dict]:
    """One record per position: the stored label, this solver's, and whether they agree
    (``None`` where the position is larger than ``max_size``, out of nodes or out of time).
    ``done`` maps ids to the records of an earlier run: those it settled (solved, or out of
    this same node budget) are kept as they are when they are about the same stored label."""
    started = time.perf_counter()
    records = []
    for entry in entries:
        record = {"id": entry["id"], "size": entry["size"], "stored": sorted(entry["winning"])}
        earlier = (done or {}).get(entry["id"])
        settled = earlier is not None and (
            earlier["checked"] is not None
            or earlier.get("reason") == BudgetExceeded.message(node_budget)
        )
        if settled and earlier is not None and earlier["stored"] == record["stored"]:
            records.append(earlier)
            continue
        if entry["size"] > max_size:
            record.update(checked=None, reason=f"larger than {max_size}x{max_size}")
        elif time.perf_counter() - started > seconds:
            record.update(checked=None, reason=f"past the {seconds:g} s allowed")
        else:
            position = Position.from_rows(entry["rows"], entry["to_move"])
            clock = time.perf_counter()
            try:
                found = sorted(winning_moves(position, node_budget))
            except BudgetExceeded as error:
                record.update(checked=None, reason=str(error))
            else:
                record.update(
                    checked=found == record["stored"],
                    second_solver=found,
                    seconds=round(time.perf_counter() - clock, 3),
                )
        log(f"{record['id']}: {record.get('checked')} {record.get('seconds', '')}")
        records.append(record)
    return records


def opening_entries(openings: dict, max_size: int) -> list[dict]:
    """The solved empty boards (``openings.json`` "solved") as positions to check."""
    return [
        {
            "id": f"opening-{size}x{size} ({entry['source']})",
            "size": int(size),
            "rows": ["." * int(size)] * int(size),
            "to_move": "black",
            "winning": entry["winning"],
        }
        for size, entry in sorted(openings["solved"].items(), key=lambda item: int(item[0]))
    ]


def main(argv: Iterable[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m hexswarm.engine.tools.second_solver",
        description="Check the tactics suites' labels with a second exact solver.",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser("check", help="re-solve every label and report agreements")
    check.add_argument("--suite", action="append", choices=("suite", "hard", "openings"))
    check.add_argument("--max-size", type=int, default=6, help="largest board re-solved")
    check.add_argument("--seconds", type=float, default=3600.0, help="stop starting new ones")
    check.add_argument("--nodes", type=int, default=5_000_000, help="node budget a candidate")
    check.add_argument("--out", type=Path, default=None, help="write the records as JSON")
    check.add_argument(
        "--resume", action="store_true", help="keep the positions --out has settled already"
    )
    check.add_argument("--verbose", action="store_true")
    options = parser.parse_args(None if argv is None else list(argv))
    log = (lambda text: print(text, file=sys.stderr, flush=True)) if options.verbose else None
    started = time.perf_counter()
    earlier: dict = {"suites": {}, "commands": []}
    if options.resume and options.out is not None and options.out.exists():
        earlier = json.loads(options.out.read_text(encoding="utf-8"))
    command = "python -m hexswarm.engine.tools.second_solver " + " ".join(
        sys.argv[1:] if argv is None else argv
    )
    # Every command that wrote part of the file, the earliest first.
    earlier_commands = earlier.get("commands") or (
        [earlier["command"]] if "command" in earlier else []
    )
    report: dict = {
        "commands": [*earlier_commands, command],
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}",
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "suites": {},
    }
    for name in options.suite or ["suite", "hard", "openings"]:
        if name == "openings":
            path = Path(__file__).resolve().parents[1] / "players" / "openings.json"
            entries = opening_entries(json.loads(path.read_text(encoding="utf-8")), 99)
        else:
            entries = json.loads(_suite_path(name).read_text(encoding="utf-8"))["positions"]
        done = {r["id"]: r for r in earlier["suites"].get(name, [])}
        records = check_positions(
            entries,
            options.max_size,
            options.seconds,
            options.nodes,
            log or (lambda t: None),
            done,
        )
        report["suites"][name] = records
        checked = [r for r in records if r["checked"] is not None]
        agree = sum(r["checked"] for r in checked)
        print(f"{name}: {agree} of {len(checked)} re-solved labels agree ({len(records)} in all)")
        for record in checked:
            if not record["checked"]:
                print(
                    f"  DISAGREE {record['id']}: stored {record['stored']}, "
                    f"second solver {record['second_solver']}"
                )
    report["seconds"] = round(time.perf_counter() - started, 1)
    if options.out is not None:
        options.out.parent.mkdir(parents=True, exist_ok=True)
        options.out.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    disagreements = sum(
        r["checked"] is False for records in report["suites"].values() for r in records
    )
    return 1 if disagreements else 0


if __name__ == "__main__":
    sys.exit(main())

"""The proof-number solver (engine.dfpn) on the real-board suite, beside the exact solver.

::

    python -m hexswarm.engine.tools.dfpn_bench --nodes 100000 --out docs/results/dfpn/real-100k.json

Every position of ``resources/tactics/real.json`` (8x8-11x11, the side to move winning by
MoHex's DFPN) is given to :func:`engine.dfpn.prove` with a node budget (and a time limit when
given: without one the proofs do not depend on the machine's load); on the boards of at most
64 cells :func:`engine.solver.winning_move` (negamax with proof sets) gets a node budget too.
A proof counts when it agrees with the label (the side to move wins, with a labelled cell); a
disagreement is printed and recorded, never dropped. The table gives, per board size, the
positions proven, the nodes a second and the seconds, with the machine, date and load.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shlex
import sys
import time
from collections.abc import Iterable
from pathlib import Path

from hexswarm.engine.dfpn import EPSILON, prove
from hexswarm.engine.solver import MAX_CELLS, SolverBudgetExceeded, winning_move
from hexswarm.engine.tools.tactics_real import REAL_SUITE
from hexswarm.engine.tools.tactics_suite import TacticsPosition, load_suite


def _load() -> str:
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def dfpn_row(
    position: TacticsPosition, seconds: float | None, nodes: int, epsilon: float = EPSILON
) -> dict:
    board = position.board()
    proof = prove(board, nodes=nodes, seconds=seconds, epsilon=epsilon)
    move = None if proof.move is None else board.cell_name(proof.move)
    return {
        "proven": proof.settled,
        "agrees": None
        if not proof.settled
        else proof.winner is board.to_move and move in position.winning,
        "winner": None if proof.winner is None else proof.winner.value,
        "move": move,
        "nodes": proof.nodes,
        "seconds": round(proof.seconds, 3),
    }


def solver_row(position: TacticsPosition, nodes: int) -> dict | None:
    board = position.board()
    if board.size * board.size > MAX_CELLS:
        return None
    started = time.perf_counter()
    try:
        cell = winning_move(board, nodes)
    except SolverBudgetExceeded:
        return {"proven": False, "agrees": None, "move": None, "seconds": _since(started)}
    move = None if cell is None else board.cell_name(cell)
    return {
        "proven": True,
        "agrees": move in position.winning,
        "move": move,
        "seconds": _since(started),
    }


def _since(started: float) -> float:
    return round(time.perf_counter() - started, 3)


def table(rows: list[dict]) -> str:
    """Per board size: positions, DFPN's proofs (agreeing with the label), its nodes a second
    and seconds, then the exact solver's proofs and seconds where it applies."""
    lines = [
        "| size | positions | DFPN proven | agree | nodes/s | seconds | "
        "solver proven | agree | seconds |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for size in sorted({row["size"] for row in rows}):
        mine = [row for row in rows if row["size"] == size]
        dfpn = [row["dfpn"] for row in mine]
        seconds = sum(r["seconds"] for r in dfpn)
        rate = sum(r["nodes"] for r in dfpn) / seconds if seconds else 0.0
        solved = [row["solver"] for row in mine if row["solver"] is not None]
        solver_cells = (
            f"{sum(r['proven'] for r in solved)} | {sum(bool(r['agrees']) for r in solved)} | "
            f"{sum(r['seconds'] for r in solved):.0f}"
            if solved
            else "- | - | -"
        )
        lines.append(
            f"| {size}x{size} | {len(mine)} | {sum(r['proven'] for r in dfpn)} | "
            f"{sum(bool(r['agrees']) for r in dfpn)} | {rate:,.0f} | {seconds:.0f} | "
            f"{solver_cells} |"
        )
    return "\n".join(lines)


def main(argv: Iterable[str] | None = None) -> int:
    arguments = list(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(
        prog="python -m hexswarm.engine.tools.dfpn_bench",
        description="DFPN and the exact solver on the real-board tactics suite.",
    )
    parser.add_argument("--suite", type=Path, default=REAL_SUITE)
    parser.add_argument("--seconds", type=float, help="DFPN's time a position (default: none)")
    parser.add_argument("--nodes", type=int, default=100_000, help="DFPN's node limit")
    parser.add_argument(
        "--solver-nodes", type=int, default=30_000_000, help="the exact solver's node budget"
    )
    parser.add_argument("--epsilon", type=float, default=EPSILON, help="the 1+epsilon trick's")
    parser.add_argument("--no-solver", action="store_true", help="DFPN alone")
    parser.add_argument("--sizes", type=int, nargs="+", help="only these board sizes")
    parser.add_argument("--out", type=Path, help="write the rows and the table as JSON")
    options = parser.parse_args(arguments)
    try:
        positions = load_suite(options.suite)
    except (OSError, ValueError) as error:
        print(f"dfpn_bench: {error}", file=sys.stderr)
        return 2
    if options.sizes:
        positions = [p for p in positions if p.size in options.sizes]
    header = {
        "command": "python -m hexswarm.engine.tools.dfpn_bench "
        + " ".join(shlex.quote(a) for a in arguments),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python "
        f"{platform.python_version()}",
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "load_before": _load(),
    }
    rows = []
    for position in positions:
        proof = dfpn_row(position, options.seconds, options.nodes, options.epsilon)
        solved = None if options.no_solver else solver_row(position, options.solver_nodes)
        row = {
            "id": position.id,
            "size": position.size,
            "empty": position.board().empty_count,
            "label": list(position.winning),
            "dfpn": proof,
            "solver": solved,
        }
        rows.append(row)
        print(json.dumps(row), file=sys.stderr, flush=True)
        if proof["agrees"] is False or (solved or {}).get("agrees") is False:
            print(f"DISAGREEMENT with the label: {position.id}", file=sys.stderr, flush=True)
    header["load_after"] = _load()
    text = table(rows)
    print("\n".join(f"{key}: {value}" for key, value in header.items()))
    print(text)
    if options.out:
        options.out.parent.mkdir(parents=True, exist_ok=True)
        document = {**header, "table": text, "positions": rows}
        options.out.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Round 9's H-search (the OR rule keeps every full connection it meets; limits 16/32/40)
against the one before it (``BEFORE``, read from git), in one process:

(a) ``mustplay``: on each position of the mistakes against MoHex (``all-mistakes.json``), the
    root analysis ``tactics=vc`` runs (``analyse`` at its budget without a time limit,
    ``ANALYSIS_STEPS``) with each H-search: does it find a must-play region, how many cells it
    leaves to search, how many of the proven winning cells (MoHex's labels) are among them,
    whether the game's losing move is, and the winning cells left out that the fill-in took;
    and ``lifted``: this H-search for the opponent with every limit lifted (carriers up to
    the board, 64 full and 128 semi connections a pair, 4 096 OR steps) on the board filled as
    MoHex fills it (``mohex-vcs.json``: our fill-in plus MoHex's ``fb``/``fw`` cells), to tell
    a limit from a missing rule;
(b) ``cost``: CPU seconds (``time.process_time``: the machine is shared, and wall time
    under load mostly measures the others) of one H-search call per colour (no budget, as
    ``analysis_bench speed`` times it) on the same positions and on random middle games of
    9x9, 11x11 and 13x13
    (``analysis_bench.middle_games``, seed 1), the two versions alternating call by call
    (before first on even positions, after first on odd ones); medians and the median of the
    per-call ratios.

    python docs/results/vc/measure.py --out docs/results/vc/measure.json
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time
import types

import hexswarm.engine.analysis.connections as connections
import hexswarm.engine.analysis.root as root
from hexswarm.engine.analysis.connections import cells_of, h_search
from hexswarm.engine.analysis.inferior import inferior_cells
from hexswarm.engine.players.tactics import ANALYSIS_STEPS
from hexswarm.engine.tools.analysis_bench import middle_games
from hexswarm.engine.tools.tactics_suite import load_suite

BEFORE = "217fe51"  # main when round 9 started
SUITE = "docs/results/mistakes/all-mistakes.json"
MOHEX = "docs/results/vc/mohex-vcs.json"
LIFTED = {
    "MAX_CARRIER": 10_000,
    "MAX_CELL_CARRIER": 10_000,
    "FULL_LIMIT": 64,
    "SEMI_LIMIT": 128,
    "OR_STEPS": 4096,
}


def lifted(board, mohex: dict, winning: set[str]) -> dict:
    """The opponent's edge-to-edge semis with the limits lifted on MoHex's filled board."""
    filled = inferior_cells(board).filled.copy()
    for cell, mark in mohex["mohex_fill_and_inferior"].items():
        if mark in ("fb", "fw"):
            filled[board.cell_index(cell)] = 1 if mark == "fb" else 2
    saved = {name: getattr(connections, name) for name in LIFTED}
    try:
        for name, value in LIFTED.items():
            setattr(connections, name, value)
        started = time.process_time()
        conn = h_search(filled, board.size, board.to_move.opponent, stop_when_connected=True)
        seconds = time.process_time() - started
    finally:
        for name, value in saved.items():
            setattr(connections, name, value)
    region = None
    for semi in conn.edge_semis:
        region = semi.carrier if region is None else region & semi.carrier
    names = None if region is None else {board.cell_name(c) for c in cells_of(region)}
    return {
        "edge_fulls": len(conn.edge_fulls),
        "edge_semis": len(conn.edge_semis),
        "region": None if names is None else len(names),
        "winning_in_region": None if names is None else sorted(names & winning),
        "cpu_seconds": round(seconds, 3),
    }


def before_module() -> types.ModuleType:
    source = subprocess.run(
        ["git", "show", f"{BEFORE}:engine/analysis/connections.py"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    module = types.ModuleType("connections_before")
    module.__dict__["__name__"] = "connections_before"
    sys.modules["connections_before"] = module
    exec(compile(source, f"{BEFORE}:engine/analysis/connections.py", "exec"), module.__dict__)
    return module


def must_play_rows(old: types.ModuleType) -> list[dict]:
    with open(SUITE, encoding="utf-8") as f:
        document = json.load(f)
    game_moves = {p["id"]: p.get("game_move") for p in document["positions"]}
    with open(MOHEX, encoding="utf-8") as f:
        mohex = {p["id"]: p for p in json.load(f)["positions"]}
    rows = []
    for position in load_suite(SUITE):
        board = position.board()
        row = {"id": position.id, "empty": board.empty_count, "winning": position.winning}
        for name, search in (("before", old.h_search), ("after", h_search)):
            root.h_search = search
            try:
                started = time.process_time()
                analysis = root.analyse(board, ANALYSIS_STEPS)
                seconds = time.process_time() - started
            finally:
                root.h_search = h_search
            consider = {board.cell_name(c) for c in analysis.consider}
            filled = {
                board.cell_name(c)
                for c in range(board.size * board.size)
                if analysis.inferior.filled[c] != board.cells[c]
            }
            winning = set(position.winning)
            row[name] = {
                "proven": analysis.proven,
                "must_play": None if analysis.must_play is None else len(analysis.must_play),
                "consider": len(consider),
                "winning_considered": sorted(winning & consider),
                "winning_left_out_filled": sorted((winning - consider) & filled),
                "winning_left_out_open": sorted(winning - consider - filled),
                "game_move_considered": game_moves[position.id] in consider,
                "cpu_seconds": round(seconds, 3),
            }
        row["lifted"] = lifted(board, mohex[position.id], set(position.winning))
        rows.append(row)
        print(position.id, {k: row[k] for k in ("before", "after", "lifted")}, flush=True)
    return rows


def cost_rows(old: types.ModuleType) -> list[dict]:
    groups = [("mistakes", [p.board() for p in load_suite(SUITE)])]
    groups += [(f"random {s}x{s}", middle_games(1, s, 10)) for s in (9, 11, 13)]
    # Warm both (the first call pays imports and caches).
    warm = groups[0][1][0]
    for search in (old.h_search, h_search):
        search(inferior_cells(warm).filled, warm.size, warm.to_move)
    table = []
    for label, boards in groups:
        before, after, ratios, steps = [], [], [], []
        for index, board in enumerate(boards):
            filled = inferior_cells(board).filled
            for color in (board.to_move, board.to_move.opponent):
                order = [("before", old.h_search), ("after", h_search)]
                if index % 2:
                    order.reverse()
                timed = {}
                for name, search in order:
                    started = time.process_time()
                    conn = search(filled, board.size, color)
                    timed[name] = time.process_time() - started
                    if name == "after":
                        steps.append(conn.steps)
                before.append(timed["before"])
                after.append(timed["after"])
                ratios.append(timed["after"] / max(timed["before"], 1e-3))
        line = {
            "positions": label,
            "calls": len(before),
            "before_ms_median": round(1000 * statistics.median(before), 1),
            "after_ms_median": round(1000 * statistics.median(after), 1),
            "ratio_median": round(statistics.median(ratios), 2),
            "ratio_max": round(max(ratios), 2),
            "before_ms_max": round(1000 * max(before), 1),
            "after_ms_max": round(1000 * max(after), 1),
            "after_steps_median": int(statistics.median(steps)),
        }
        table.append(line)
        print(line, flush=True)
    return table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    load = os.getloadavg()[0]
    old = before_module()
    document = {
        "command": f"python docs/results/vc/measure.py --out {args.out}",
        "before": f"engine/analysis/connections.py at {BEFORE}",
        "after": "engine/analysis/connections.py of this commit",
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}",
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "load_average_at_start": load,
        "analysis_steps": ANALYSIS_STEPS,
        "mustplay": must_play_rows(old),
        "cost": cost_rows(old),
        "load_average_at_end": os.getloadavg()[0],
    }
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump(document, f, indent=1)


if __name__ == "__main__":
    main()

"""How the whole-game review's seconds a position are split between the proof and the analyst,
with an external engine (GTP) as the analyst: the review of one committed game run headless
through the application's own classes (``hexgui.game_analysis.GameAnalysis`` on its engine
thread, the analyst built by ``hexgui.engine_worker.engine_player_factory``), proving first.

Per position it records the proof's wall and thread-CPU seconds
(``engine.players.tactics.proven_choice``, timed from outside), whether it settled the
position, and for a position searched the analyst's own seconds (its final snapshot's
``elapsed_s``: from the start of its analysis to its end) and its simulations (the visits
it reported). Prints a line a position and a summary; writes ``--out``.

    QT_QPA_PLATFORM=offscreen nice -n 19 python docs/results/review-proofs/r16/budget_split.py \\
        docs/results/mohex/strong12-1s-vs-mohex-1000/game-0008.sgf --seconds 1 \\
        --engine "/work/mohex/mohex-gtp.sh --time 10 --seed 1" --out before-9x9.json

Wall-clock seconds under whatever load the machine had (stated in the output): the figures
compare the split, not the engine's strength.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

import hexswarm.engine.players.tactics as tactics
from hexswarm.engine.records.sgf import read_sgf
from hexswarm.gui.engine_worker import engine_player_factory
from hexswarm.gui.game_analysis import GameAnalysis
from PySide6.QtCore import QCoreApplication, QTimer


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", type=Path)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--engine", required=True, help="the engine's command line")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()

    proofs: list[dict] = []
    original = tactics.proven_choice

    def timed(board, time_s, *rest, **options):
        cpu, wall = time.thread_time(), time.perf_counter()
        choice = original(board, time_s, *rest, **options)
        proofs.append(
            {
                "moves": len(board.moves),
                "proof_time_s": time_s,
                "proof_wall_s": round(time.perf_counter() - wall, 4),
                "proof_cpu_s": round(time.thread_time() - cpu, 4),
                "proven": None if choice is None else choice.snapshot.proven,
            }
        )
        return choice

    tactics.proven_choice = timed

    app = QCoreApplication(sys.argv[:1])
    game = read_sgf(args.game)
    line = game.main_line()
    positions = []
    for node, board in zip(line, game.replay(line), strict=True):
        if board.is_over:
            break
        positions.append((node, board.copy()))
    spec = f"gtp:{args.engine}"
    analysis = GameAnalysis(engine_player_factory(dict))
    rows: list[dict] = []
    index = {id(node): i for i, (node, _board) in enumerate(positions)}
    asked: dict[int, float] = {}

    def analysed(node, snapshot) -> None:
        rows.append(
            {
                "position": index[id(node)],
                "analyst_s": round(float(snapshot.elapsed_s), 4),
                "simulations": int(snapshot.playouts),
                "proven": snapshot.proven,
                "wall_s": round(time.perf_counter() - asked.get(index[id(node)], 0.0), 4),
            }
        )

    def progress(done: int, _total: int) -> None:
        asked[done] = time.perf_counter()  # position ``done`` is asked next

    failures: list[str] = []
    analysis.position_analysed.connect(analysed)
    analysis.progress.connect(progress)
    analysis.failed.connect(failures.append)
    analysis.finished.connect(lambda _completed: app.quit())
    load = os.getloadavg()
    started = time.perf_counter()
    QTimer.singleShot(0, lambda: analysis.start(positions, spec, args.seconds, prove=True))
    app.exec()
    wall = time.perf_counter() - started
    analysis.shutdown()
    if failures:
        raise SystemExit(f"the review failed: {failures[0]}")
    for row, proof in zip(rows, proofs, strict=True):
        row.update(proof)
        print(json.dumps(row))
    searched = [r for r in rows if r["proven"] in (None, "") or r["simulations"] > 0]
    summary = {
        "positions": len(rows),
        "proven_without_search": sum(r["simulations"] == 0 and bool(r["proven"]) for r in rows),
        "searched": len(searched),
        "seconds_asked": args.seconds,
        "analyst_s_mean": round(sum(r["analyst_s"] for r in searched) / max(1, len(searched)), 4),
        "analyst_s_min": min((r["analyst_s"] for r in searched), default=None),
        "proof_wall_s_of_searched_mean": round(
            sum(r["proof_wall_s"] for r in searched) / max(1, len(searched)), 4
        ),
        "proof_wall_s_max": max(r["proof_wall_s"] for r in rows),
        "proof_cpu_s_max": max(r["proof_cpu_s"] for r in rows),
        "simulations_mean": round(sum(r["simulations"] for r in searched) / max(1, len(searched))),
        "review_wall_s": round(wall, 2),
    }
    print("SUMMARY", json.dumps(summary))
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=False
    ).stdout.strip()
    args.out.write_text(
        json.dumps(
            {
                "command": " ".join(sys.argv),
                "commit": commit,
                "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python "
                f"{platform.python_version()}",
                "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
                "load_average_at_start": load,
                "load_average_at_end": os.getloadavg(),
                "game": str(args.game),
                "spec": spec,
                "summary": summary,
                "positions": rows,
            },
            indent=1,
        )
        + "\n"
    )


if __name__ == "__main__":
    main()

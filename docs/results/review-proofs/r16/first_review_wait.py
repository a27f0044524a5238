"""The first review of a session on a cold kernel cache: how long its positions wait for kernels.

As the application does at its start (``hexgui.startup.KernelWarmUp``): numba's cache at
``--cache`` (must not exist: cold), the kernel groups compiled in a worker process in the
background (``--processes``, default 1 of the 2 cores) and loaded here; at once a whole-game
review of ``GAME``, proving first, with an external engine as the analyst (it needs no
kernels of ours, so every wait is the proof's). Per position: when it was asked, whether
and how long it waited for kernels (the worker's ``waiting`` to its ``started``, or to its
``finished`` for a position proved without a search), when it was done. Wall-clock seconds
under the load stated; writes ``--out``.

    QT_QPA_PLATFORM=offscreen nice -n 19 python first_review_wait.py \\
        ../../mohex/strong12-1s-vs-mohex-1000/game-0008.sgf --cache /tmp/cold \\
        --engine "/work/mohex/mohex-gtp.sh --time 2 --seed 1" --out wait-after.json
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", type=Path)
    parser.add_argument("--cache", type=Path, required=True)
    parser.add_argument("--engine", required=True)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    if args.cache.exists():
        raise SystemExit(f"{args.cache} exists: the measure needs a cold cache")
    args.cache.mkdir(parents=True)
    os.environ["NUMBA_CACHE_DIR"] = str(args.cache)  # before anything imports numba

    from hexswarm.engine.records.sgf import read_sgf
    from hexswarm.gui.engine_worker import engine_player_factory
    from hexswarm.gui.game_analysis import GameAnalysis
    from hexswarm.gui.startup import KernelWarmUp
    from PySide6.QtCore import QCoreApplication, QTimer

    app = QCoreApplication(sys.argv[:1])
    game = read_sgf(args.game)
    line = game.main_line()
    replayed = zip(line, game.replay(line), strict=True)
    positions = [(node, board.copy()) for node, board in replayed if not board.is_over]
    warm_up = KernelWarmUp(args.cache, first=(), processes=args.processes)
    analysis = GameAnalysis(engine_player_factory(dict))
    worker = analysis._worker
    events: dict[int, dict[str, float | str]] = {}
    t0 = [0.0]

    def at(pid: int, key: str, value: float | str | None = None) -> None:
        events.setdefault(pid - 1, {})[key] = (
            round(time.perf_counter() - t0[0], 3) if value is None else value
        )

    worker.waiting.connect(lambda pid, kernels: (at(pid, "waiting"), at(pid, "kernels", kernels)))
    worker.started.connect(lambda pid: at(pid, "started"))
    worker.finished.connect(lambda pid, _choice: at(pid, "finished"))
    failures: list[str] = []
    analysis.failed.connect(failures.append)
    analysis.finished.connect(lambda _completed: app.quit())
    load = os.getloadavg()

    def begin() -> None:
        t0[0] = time.perf_counter()
        warm_up.start()
        analysis.start(positions, f"gtp:{args.engine}", args.seconds, prove=True)

    QTimer.singleShot(0, begin)
    app.exec()
    total = time.perf_counter() - t0[0]
    ready = dict(warm_up.background.seconds)
    warm_up.close()
    analysis.shutdown()
    if failures:
        raise SystemExit(f"the review failed: {failures[0]}")
    rows = []
    for index in range(len(positions)):
        e = events.get(index, {})
        waited = 0.0
        if "waiting" in e:
            end = e.get("started", e.get("finished"))
            waited = round(float(end) - float(e["waiting"]), 3)
        rows.append({"position": index, "waited_s": waited, **e})
        print(json.dumps(rows[-1]))
    first_done = min(float(r["finished"]) for r in rows if "finished" in r)
    summary = {
        "positions": len(rows),
        "positions_that_waited": sum(r["waited_s"] > 0 for r in rows),
        "waited_s_total": round(sum(r["waited_s"] for r in rows), 2),
        "first_position_done_s": round(first_done, 2),
        "review_s": round(total, 2),
        "groups_ready_s": {k: round(v, 2) for k, v in sorted(ready.items(), key=lambda kv: kv[1])},
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
                "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
                "load_average_at_start": load,
                "load_average_at_end": os.getloadavg(),
                "summary": summary,
                "positions": rows,
            },
            indent=1,
        )
        + "\n"
    )


if __name__ == "__main__":
    main()

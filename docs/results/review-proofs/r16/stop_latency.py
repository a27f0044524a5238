"""How long a Stop takes to end the review's proof of a position: on every position of a game,
``engine.players.tactics.prove_position`` at the review's budget (``review_proof_seconds`` of
1 s) runs once without a stop (its whole time: what a Stop at its start waited for before
round 16, when the proof had no stop flag) and once with the stop flag raised ``--after``
seconds into it (the time from the flag to the return). Wall-clock seconds under the load
stated; writes ``--out``.

    nice -n 19 python stop_latency.py ../../mohex/strong12-1s-vs-mohex-1000/game-0008.sgf \\
        --out stop-9x9.json
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

from hexswarm.engine.players.tactics import prove_position, review_proof_seconds
from hexswarm.engine.records.sgf import read_sgf


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", type=Path)
    parser.add_argument("--after", type=float, default=0.01)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    time_s = review_proof_seconds(1.0)
    game = read_sgf(args.game)
    line = game.main_line()
    prove_position(next(game.replay(line)).copy(), time_s)  # kernels loaded before timing
    load = os.getloadavg()
    rows = []
    for board in game.replay(line):
        if board.is_over:
            break
        started = time.perf_counter()
        whole = prove_position(board.copy(), time_s)
        whole_s = time.perf_counter() - started
        started = time.perf_counter()
        raised = started + args.after

        def stop(raised: float = raised) -> bool:
            return time.perf_counter() >= raised

        stopped = prove_position(board.copy(), time_s, stop)
        ended = time.perf_counter()
        rows.append(
            {
                "moves": len(board.moves),
                "empty": board.empty_count,
                "whole_s": round(whole_s, 4),
                "proven": whole and whole.proven,
                "stopped_s": round(ended - started, 4),
                "after_stop_s": round(max(0.0, ended - raised), 4),
                "proven_when_stopped": stopped and stopped.proven,
            }
        )
        print(json.dumps(rows[-1]), flush=True)
    running = [r for r in rows if r["whole_s"] > args.after]  # still proving when stopped
    summary = {
        "positions": len(rows),
        "still_proving_at_the_stop": len(running),
        "before_wait_s_max": max(r["whole_s"] - args.after for r in running),
        "before_wait_s_median": statistics.median(r["whole_s"] - args.after for r in running),
        "after_wait_s_max": max(r["after_stop_s"] for r in running),
        "after_wait_s_median": statistics.median(r["after_stop_s"] for r in running),
    }
    summary = {k: round(v, 4) if isinstance(v, float) else v for k, v in summary.items()}
    print("SUMMARY", json.dumps(summary))
    args.out.write_text(
        json.dumps(
            {
                "command": " ".join(sys.argv),
                "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
                "load_average_at_start": load,
                "load_average_at_end": os.getloadavg(),
                "game": str(args.game),
                "proof_time_s": time_s,
                "stop_after_s": args.after,
                "summary": summary,
                "positions": rows,
            },
            indent=1,
        )
        + "\n"
    )


if __name__ == "__main__":
    main()

"""`strong` on the real-board suite at 2 s a move, one thread, seed 1, with the proof-number
search at the root (`tactics=dfpn`) and as shipped (`tactics=vc`), the two alternating
position by position (each its own player, so no tree is shared), one record a move with the
note its snapshot gives. Run from the checkout's root (the raw run was made when `vc` itself
ran the DFPN step, its two variants toggled by DFPN_EMPTY_CELLS; the same two players):

    nice -n 10 python docs/results/dfpn/vc_real.py docs/results/dfpn/vc-real.json
"""

import json
import os
import platform
import sys
import time

from hexswarm.engine.tools.tactics_real import REAL_SUITE
from hexswarm.engine.tools.tactics_suite import _player, load_suite

TIME_S = 2.0


def load() -> str:
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def main(out: str) -> None:
    players = {
        "dfpn": _player("strong:tactics=dfpn", TIME_S, 1),
        "off": _player("strong", TIME_S, 1),
    }
    document = {
        "command": f"python docs/results/dfpn/vc_real.py {out}",
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python "
        f"{platform.python_version()}",
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "load_before": load(),
        "moves": [],
    }
    for index, position in enumerate(load_suite(REAL_SUITE)):
        for variant in ("dfpn", "off") if index % 2 == 0 else ("off", "dfpn"):
            board = position.board()
            started = time.perf_counter()
            choice = players[variant].choose_move(board)
            snapshot = choice.snapshot
            record = {
                "id": position.id,
                "size": position.size,
                "empty": board.empty_count,
                "variant": variant,
                "move": board.cell_name(choice.move),
                "hit": choice.move in position.winning_cells(),
                "proven": snapshot.proven if snapshot else None,
                "note": snapshot.note if snapshot else "",
                "seconds": round(time.perf_counter() - started, 3),
            }
            document["moves"].append(record)
            print(json.dumps(record), flush=True)
    document["load_after"] = load()
    moves = document["moves"]
    document["summary"] = {
        variant: {
            "positions": sum(m["variant"] == variant for m in moves),
            "hits": sum(m["hit"] for m in moves if m["variant"] == variant),
            "proven_by_dfpn": sum("DFPN" in m["note"] for m in moves if m["variant"] == variant),
            "proven_win": sum(m["proven"] == "win" for m in moves if m["variant"] == variant),
        }
        for variant in ("dfpn", "off")
    }
    with open(out, "w", encoding="utf-8") as handle:
        json.dump(document, handle, indent=1)
        handle.write("\n")
    print(json.dumps(document["summary"]))


if __name__ == "__main__":
    main(sys.argv[1])

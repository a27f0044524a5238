"""Where the swarm preset's root choice differs from `strong`'s (round 14, helper ant14):
the same middle-game positions, the same playouts, the root's visit counts and the chosen
move of each, judged by a long `strong` search of each position.

    python root_visits.py OUT.json [N_POSITIONS] [SEEDS] [REFERENCE_PLAYOUTS] [SPEC ...]

Positions: games 1, 2, ... of SGF_DIR (below), the board after move 10, 15 or 20 (game i:
10 + 5 * (i % 3)), the first N_POSITIONS (default 30) still open there. Each SPEC (default
`strong` and `strong-swarm`) searches every position once a seed (1..SEEDS, default 3) at
20 000 playouts, `reuse=false,tactics=off` (the search alone, from scratch); the reference is
`strong` at REFERENCE_PLAYOUTS (default 1 000 000), seed 99. Written: every search's root
visits, agents (the swarm) and values, and the reference's; `summary.py` reads the file.
Resumable, and a run with another SPEC on an existing file adds its searches to the
positions there (the reference is not searched again).
"""

import json
import sys
import time
from pathlib import Path

from hexswarm.engine.players import create_player
from hexswarm.engine.records.sgf import read_sgf

SGF_DIR = Path(__file__).resolve().parent.parent / "strong-swarm-1s-vs-strong-1s-36ba29e"
SEARCH = "playouts=20000,time_s=none,reuse=false,tactics=off"


def positions(count: int) -> list:
    found = []
    for i, path in enumerate(sorted(SGF_DIR.glob("game-*.sgf")), start=1):
        game = read_sgf(path)
        n = 10 + 5 * (i % 3)
        if len(game.moves()) > n + 4:
            found.append((path.name, n, game.board_at(move_number=n)))
        if len(found) == count:
            break
    return found


def search(label: str, spec: str, board) -> dict:
    player = create_player(spec)
    start = time.process_time()
    choice = player.choose_move(board)
    cpu = time.process_time() - start
    snap = choice.snapshot
    return {
        "label": label,
        "spec": spec,
        "move": int(choice.move) if not isinstance(choice.move, str) else choice.move,
        "cpu": cpu,
        "playouts": snap.playouts,
        "moves": list(snap.root_moves),
        "visits": list(snap.extra["root_visits"]),
        "support": list(snap.root_agents),
        "active": list(snap.root_active),
        "values": [None if v != v else v for v in snap.root_values],
    }


def main() -> None:
    out = Path(sys.argv[1])
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 30
    seeds = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    reference = int(sys.argv[4]) if len(sys.argv) > 4 else 1_000_000
    specs = sys.argv[5:] or ["strong", "strong-swarm"]
    rows = json.loads(out.read_text()) if out.exists() else []
    done = {(r["game"], r["move_number"]): r for r in rows}
    for name, n, board in positions(count):
        row = done.get((name, n))
        if row is None:
            row = {"game": name, "move_number": n, "to_move": board.to_move, "searches": []}
            row["reference"] = search(
                "reference",
                f"strong:playouts={reference},time_s=none,reuse=false,tactics=off,seed=99",
                board,
            )
            rows.append(row)
        searched = {s["label"] for s in row["searches"]}
        for seed in range(1, seeds + 1):
            for spec in specs:
                if spec in searched:
                    continue
                sep = "," if ":" in spec else ":"
                row["searches"].append(search(spec, f"{spec}{sep}{SEARCH},seed={seed}", board))
        out.write_text(json.dumps(rows))
        print(f"{name} move {n}: reference {row['reference']['move']}, "
              + ", ".join(f"{s['label']} {s['move']}" for s in row["searches"]),
              flush=True)  # fmt: skip


if __name__ == "__main__":
    main()

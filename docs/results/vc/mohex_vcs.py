"""MoHex 2.0's view of the opponent's threat in each mistake position: its H-search's
edge-to-edge semi connections for the side not to move (``vc-build``,
``vc-between-cells-semi``/``-full``) and its must-play region for the side to move
(``vc-get-mustplay``). One MoHex process a position, default parameters.

    python docs/results/vc/mohex_vcs.py docs/results/mistakes/all-mistakes.json \
        --out docs/results/vc/mohex-vcs.json
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import subprocess
import time

MOHEX = os.environ.get("MOHEX_BIN", "/work/mohex/src/build/src/mohex/mohex")


def _answers(text: str) -> list[str]:
    """GTP answers in order (the text after '= ' up to the blank line)."""
    return [block[1:].strip() for block in re.split(r"\n\n+", text) if block.startswith("=")]


def mohex_view(position: dict) -> dict:
    size = position["size"]
    setup = [f"boardsize {size}"]
    for row, line in enumerate(position["rows"]):
        for col, mark in enumerate(line):
            if mark in "BW":
                setup.append(f"play {mark.lower()} {chr(97 + col)}{row + 1}")
    me = position["to_move"][0]
    them = "w" if me == "b" else "b"
    edges = "north south" if them == "b" else "east west"
    queries = [
        f"vc-build {them}",
        f"vc-between-cells-semi {them} {edges}",
        f"vc-between-cells-full {them} {edges}",
        f"vc-get-mustplay {me}",
    ]
    started = time.perf_counter()
    out = subprocess.run(
        [MOHEX],
        input="\n".join([*setup, *queries, "quit"]) + "\n",
        capture_output=True,
        text=True,
        timeout=600,
    ).stdout
    answers = _answers(out)[len(setup) : len(setup) + len(queries)]
    build, semis, fulls, mustplay = answers

    def carriers(text: str) -> list[dict]:
        found = []
        for carrier, key in re.findall(r"\[([^\]]*)\] \[[^\]]*\] ?(\S*)", text):
            found.append({"key": key or None, "carrier": carrier.split()})
        return found

    semi_carriers = carriers(semis)
    region = None
    for semi in semi_carriers:
        cells = set(semi["carrier"])
        region = cells if region is None else region & cells
    words = build.split()
    inferior = dict(zip(words[::2], words[1::2], strict=True))
    return {
        "id": position["id"],
        "to_move": position["to_move"],
        "winning": position["winning"],
        "game_move": position.get("game_move"),
        "mohex_fill_and_inferior": inferior,
        "opponent_edge_semis": semi_carriers,
        "opponent_edge_fulls": carriers(fulls),
        "mustplay": None if region is None else sorted(region),
        "vc_get_mustplay": mustplay,
        "seconds": round(time.perf_counter() - started, 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("suite")
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    with open(args.suite, encoding="utf-8") as f:
        positions = json.load(f)["positions"]
    rows = []
    for position in positions:
        row = mohex_view(position)
        rows.append(row)
        sizes = sorted(len(s["carrier"]) for s in row["opponent_edge_semis"])
        print(
            row["id"],
            "semis",
            len(sizes),
            "carrier sizes",
            sizes,
            "mustplay",
            None if row["mustplay"] is None else len(row["mustplay"]),
            "winning inside",
            len(set(row["mustplay"] or ()) & set(row["winning"])),
            "of",
            len(row["winning"]),
            flush=True,
        )
    document = {
        "command": "python docs/results/vc/mohex_vcs.py " + args.suite + " --out " + args.out,
        "mohex": MOHEX,
        "machine": f"{platform.machine()}, {os.cpu_count()} cores",
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "load_average_at_start": os.getloadavg()[0],
        "positions": rows,
    }
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump(document, f, indent=1)


if __name__ == "__main__":
    main()

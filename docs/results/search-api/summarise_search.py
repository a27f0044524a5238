"""The search_bench pairs of this folder as one table: python summarise_search.py [FOLDER]."""

import os
import statistics
import sys

FOLDER = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
ROUNDS = (("new", (1,)), ("final", (2, 3)))  # the after side's file name, by round


def table(path: str) -> dict:
    rows = {}
    with open(path) as lines:
        for line in lines:
            if line.startswith(("| uct", "| anthill")):
                c = [x.strip() for x in line.strip("|\n").split("|")]
                rows[(c[0], c[1], c[3], c[4])] = (float(c[7]), int(c[9]))
    return rows


print("| round | search | size | leaf_playouts | tests | ratio before | after | change | nodes |")
print("|---|---|---|---|---|---:|---:|---:|---|")
changes: dict = {}
for after, rounds in ROUNDS:
    for r in rounds:
        for mode in ("uct", "anthill"):
            before = table(f"{FOLDER}/search-{mode}-base-{r}.txt")
            later = table(f"{FOLDER}/search-{mode}-{after}-{r}.txt")
            for k, (ratio, nodes) in before.items():
                change = later[k][0] / ratio - 1
                changes.setdefault((r, mode), []).append(change)
                same = "same" if later[k][1] == nodes else "DIFFER"
                cells = [r, *k[:3], k[3] or "-", ratio, later[k][0], f"{100 * change:+.0f}%", same]
                print("| " + " | ".join(str(c) for c in cells) + " |")
print()
for (r, mode), values in sorted(changes.items()):
    median = 100 * statistics.median(values)
    print(f"round {r}, {mode}: median change {median:+.1f}% over {len(values)} rows")

"""Pairs the before and after runs of budget_split.py position by position (the analyst's
seconds where both searched) and prints the table README.md quotes.

    python compare.py before-9x9.json after-9x9.json
"""

import json
import statistics
import sys


def read(path):
    with open(path) as file:
        return json.load(file)


def spread(values):
    return (
        f"median {statistics.median(values):.3f} s, mean {statistics.fmean(values):.3f}, "
        f"min {min(values):.3f}, max {max(values):.3f}"
    )


before, after = read(sys.argv[1]), read(sys.argv[2])
rows = []
for b, a in zip(before["positions"], after["positions"], strict=True):
    assert b["position"] == a["position"]
    if b["simulations"] > 0 and a["simulations"] > 0:
        row = (b["position"], b["proof_wall_s"], b["analyst_s"])
        rows.append((*row, a["proof_wall_s"], a["analyst_s"]))
print(f"{before['game']}: {len(rows)} positions searched in both runs (1 s asked)")
print("position  proof before  analyst before  proof after  analyst after")
for p, pb, ab, pa, aa in rows:
    print(f"{p:8d}  {pb:12.3f}  {ab:14.3f}  {pa:11.3f}  {aa:13.3f}")
names = (("analyst before", 2), ("analyst after", 4), ("proof before", 1), ("proof after", 3))
for name, index in names:
    print(f"{name}: {spread([r[index] for r in rows])}")
# The positions where the review's stop ended the analyst in the run before (its time and the
# proof's make up the second asked): MoHex ends some searches by itself, early (a position
# its own solver settles), in both runs, and those say nothing of the split.
stopped = [r for r in rows if r[1] + r[2] >= 0.9]
print(f"stopped by the review before (analyst + proof >= 0.9 s): {len(stopped)}")
for name, index in names[:3]:
    print(f"  {name}: {spread([r[index] for r in stopped])}")
short_b = sum(r[2] < 0.9 for r in rows)
short_a = sum(r[4] < 0.9 for r in rows)
print(f"analyst under 0.9 s: before {short_b}/{len(rows)}, after {short_a}/{len(rows)}")
loads = before["load_average_at_start"][0], after["load_average_at_start"][0]
print(f"load at start: before {loads[0]:.1f}, after {loads[1]:.1f}")

"""The search benchmark's overhead over raw playouts (CPU time), per search and per run.

python compare.py search-speed-paired.txt
"""

import re
import sys
from collections import defaultdict

with open(sys.argv[1]) as file:
    text = file.read()
blocks = re.split(r"^=== (\w+) .*$", text, flags=re.M)
rows: dict = defaultdict(lambda: defaultdict(list))
for label, body in zip(blocks[1::2], blocks[2::2], strict=True):
    for line in body.splitlines():
        if line.startswith("| ") and not line.startswith("| kernel"):
            cells = [cell.strip() for cell in line.strip("|").split("|")]
            rows[f"{cells[0]} {cells[1]}x{cells[1]} t{cells[2]}"][label].append(float(cells[12]))


def runs(values: list[float]) -> str:
    return " / ".join(f"{value:.2f}" for value in values)


print(f"{'search':34} {'overhead vs raw playouts (CPU) base':>38} {'new':>16}")
for key, by_label in rows.items():
    print(f"{key:34} {runs(by_label['base']):>38} {runs(by_label['new']):>16}")

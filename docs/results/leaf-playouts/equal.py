"""Each L's equal-CPU budget from every pass of cost.py in the given files together: the
least-squares line of CPU a move as a share of the same pass's anchor (`cpu/anchor`, which
takes out the load's drift between passes) against the budget, solved for 1.

    python equal.py cost-9x9.txt cost-11x11.txt
"""

import re
import sys
from collections import defaultdict

LINE = re.compile(r"^(\d+x\d+) L(\d+)@(\d+)\s.*cpu/anchor\s+([\d.]+)")

for path in sys.argv[1:]:
    points = defaultdict(list)
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            if match := LINE.match(line):
                size, leaf, budget, share = match.groups()
                if leaf != "8":
                    points[int(leaf)].append((int(budget), float(share)))
    print(f"{path} ({size})")
    for leaf, xy in sorted(points.items()):
        n = len(xy)
        mx = sum(x for x, _ in xy) / n
        my = sum(y for _, y in xy) / n
        slope = sum((x - mx) * (y - my) for x, y in xy) / sum((x - mx) ** 2 for x, _ in xy)
        equal = mx + (1 - my) / slope
        spread = max(abs(y - (my + slope * (x - mx))) for x, y in xy)
        print(
            f"  L={leaf:<2d} {n} points, equal CPU at {equal:6.0f} playouts a move; "
            f"largest residual {spread:5.3f} of the anchor's CPU"
        )

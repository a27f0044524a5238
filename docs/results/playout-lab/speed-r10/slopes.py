"""The cost of one pattern simulation (a descent and its one playout) in the search, from
run_cost.sh's output: per run, the least-squares slope of CPU a move against playouts a move
over the three pattern budgets (the root tactics and the rest of a move's fixed cost drop
out), and base / this for the runs paired in turn (when the runs are labelled `## base` and
`## this` alternately; other runs get their slopes only).

    python slopes.py cost-9x9.txt cost-11x11.txt
"""

import re
import sys

LINE = re.compile(r"^(\d+x\d+) (\S+)\s+playouts\s+(\d+) cpu/move\s+([\d.]+) ms")


def runs(path):
    """[(who, {config: (playouts a move, ms a move)})] in file order."""
    found, who, moves = [], None, None
    with open(path, encoding="utf-8") as lines:
        text = lines.read().splitlines()
    for line in text:
        if line.startswith("## "):
            who = line.split()[1]
            found.append((who, {}))
        elif line.startswith("# "):
            moves = 8 * int(re.search(r"(\d+) rounds", line).group(1))
        elif match := LINE.match(line):
            _, config, playouts, ms = match.groups()
            found[-1][1][config] = (int(playouts) / moves, float(ms))
    return found


def slope(points):
    """us a playout: least squares of ms a move on playouts a move."""
    n = len(points)
    mx = sum(x for x, _ in points) / n
    my = sum(y for _, y in points) / n
    covariance = sum((x - mx) * (y - my) for x, y in points)
    return 1000 * covariance / sum((x - mx) ** 2 for x, _ in points)


for path in sys.argv[1:]:
    found = runs(path)
    print(path)
    costs = []
    for who, configs in found:
        points = [v for k, v in configs.items() if k.startswith("save1@")]
        cost = slope(points)
        anchor = configs["template8@40000"][1]
        costs.append((who, cost, cost / anchor))
        print(
            f"  {who:4s} {cost:6.2f} us a pattern descent and playout; anchor (template8@40000) "
            f"{anchor:6.1f} ms a move"
        )
    if [who for who, _, _ in costs] != ["base", "this"] * (len(costs) // 2):
        continue  # runs of one checkout (e.g. expand10/cost.txt): nothing to pair
    # Each run's cost also as a share of its anchor (the same template search, in the same
    # process), which takes out some of the load's drift between the runs.
    pairs = [(a[1:], b[1:]) for a, b in zip(costs[::2], costs[1::2], strict=True)]
    for (base, base_share), (this, this_share) in pairs:
        shares = base_share / this_share
        print(f"  base / this {base / this:.2f}; as shares of the anchor {shares:.2f}")
    total_base = sum(b[0] for b, _ in pairs)
    total_this = sum(t[0] for _, t in pairs)
    shares = sum(b[1] for b, _ in pairs) / sum(t[1] for _, t in pairs)
    print(f"  all runs: base / this {total_base / total_this:.2f}; as shares {shares:.2f}")

"""Summary of root_visits.py's file: per spec, over positions and seeds, the root's visit
distribution, the swarm's population, and the chosen move judged by the reference search.

    python summary.py ROOT_VISITS.json

Table 1 (visits): top share (the most visited move's share of the root visits), effective
moves (exp of the visits' entropy), moves visited, moves with at least 1% of the visits,
the share of the visits on moves the reference gave less than 0.5% of its visits.
Table 2 (the population, the swarm only): the share of the root agents on the population's
top move (mean, median), searches where that move is not the most visited (the move played),
the agents' share on the move played.
Table 3 (choice): the reference's best move played (share of searches), positions where every
seed played the same move, the value loss (the reference's win rate of its own best move less
that of the move played; mean) and its differences from `strong`'s and from `strong-swarm`'s,
position by position (mean over seeds), with 95% bootstrap intervals over positions (10 000
resamples each, seed 1).
The reference is `strong` with 50 times the playouts: it favours what `strong` plays.
"""

import json
import math
import random
import statistics
import sys
from collections import defaultdict
from pathlib import Path


def mean(xs: list[float]) -> float:
    return statistics.mean(xs) if xs else float("nan")


def main() -> None:
    rows = json.loads(Path(sys.argv[1]).read_text())
    labels: list[str] = []
    per: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    loss_by_position: dict[str, list[float]] = defaultdict(list)
    same: dict[str, int] = defaultdict(int)
    for row in rows:
        ref = row["reference"]
        ref_visits = dict(zip(ref["moves"], ref["visits"], strict=True))
        ref_values = dict(zip(ref["moves"], ref["values"], strict=True))
        total_ref = sum(ref["visits"])
        best = ref["move"]
        losses: dict[str, list[float]] = defaultdict(list)
        moves: dict[str, set] = defaultdict(set)
        for s in row["searches"]:
            name = s["label"]
            if name not in labels:
                labels.append(name)
            st = per[name]
            visits = dict(zip(s["moves"], s["visits"], strict=True))
            total = sum(s["visits"])
            shares = [v / total for v in s["visits"] if v > 0]
            st["top share"].append(max(shares))
            st["effective moves"].append(math.exp(-sum(p * math.log(p) for p in shares)))
            st["moves visited"].append(len(shares))
            st["moves >= 1%"].append(sum(p >= 0.01 for p in shares))
            st["on moves ref < 0.5%"].append(
                sum(v for m, v in visits.items() if ref_visits.get(m, 0) / total_ref < 0.005)
                / total
            )
            played = s["move"]
            st["plays ref best"].append(float(played == best))
            value = ref_values.get(played)
            loss = ref_values[best] - value if value is not None else ref_values[best]
            st["value loss"].append(loss)
            losses[name].append(loss)
            moves[name].add(played)
            if s["spec"].startswith("strong-swarm"):
                agents = dict(zip(s["moves"], s["support"], strict=True))
                n_agents = sum(s["support"])
                top = max(agents, key=lambda m: agents[m])
                most_visited = max(visits, key=lambda m: visits[m])
                st["population top share"].append(agents[top] / n_agents)
                st["population top != most visited"].append(float(top != most_visited))
                st["agents on the move played"].append(agents.get(played, 0) / n_agents)
        for name in losses:
            loss_by_position[name].append(mean(losses[name]))
            same[name] += len(moves[name]) == 1
    print(f"{len(rows)} positions; means over positions x seeds")
    print()
    cols = ["top share", "effective moves", "moves visited", "moves >= 1%", "on moves ref < 0.5%"]
    print("| spec | searches | " + " | ".join(cols) + " |")
    print("|---|---:|" + "---:|" * len(cols))
    for name in labels:
        st = per[name]
        print(f"| {name} | {len(st['top share'])} | "
              + " | ".join(f"{mean(st[c]):.3f}" for c in cols) + " |")  # fmt: skip
    print()
    cols = ["population top share", "population top != most visited", "agents on the move played"]
    print("| spec | " + " | ".join(cols) + " | population top share, median |")
    print("|---|" + "---:|" * (len(cols) + 1))
    for name in labels:
        st = per[name]
        if st["population top share"]:
            print(f"| {name} | " + " | ".join(f"{mean(st[c]):.3f}" for c in cols)
                  + f" | {statistics.median(st['population top share']):.3f} |")  # fmt: skip
    print()
    print("| spec | plays ref best | positions, every seed the same move | value loss "
          "| minus `strong`'s [95%] | minus `strong-swarm`'s [95%] |")  # fmt: skip
    print("|---|---:|---:|---:|---|---|")
    rng = random.Random(1)

    def difference(name: str, base_name: str) -> str:
        base = loss_by_position.get(base_name)
        if base is None or name == base_name or len(loss_by_position[name]) != len(base):
            return ""
        d = [a - b for a, b in zip(loss_by_position[name], base, strict=True)]
        boots = sorted(mean([d[rng.randrange(len(d))] for _ in d]) for _ in range(10_000))
        return f"{mean(d):+.4f} [{boots[249]:+.4f}, {boots[9749]:+.4f}]"

    for name in labels:
        st = per[name]
        print(f"| {name} | {mean(st['plays ref best']):.3f} | {same[name]} of "
              f"{len(loss_by_position[name])} | {mean(st['value loss']):.4f} | "
              f"{difference(name, 'strong')} | {difference(name, 'strong-swarm')} |")  # fmt: skip


if __name__ == "__main__":
    main()

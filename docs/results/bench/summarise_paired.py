"""Summarise the old/new search_bench runs of docs/results/bench/r8-paired/ into one table.

    python docs/results/bench/summarise_paired.py docs/results/bench/r8-paired

Each file is ``pair-{search,uct,anthill}-{old,new}-{round}.txt``: the printed Markdown table of
``python -m hexswarm.engine.tools.search_bench [--uct | --anthill]`` in one checkout. For each
row the script prints both checkouts' figures per round and the ratio of their medians:
playouts (or tests) per CPU second of the search, and its CPU time over raw playouts from
leaves as deep as its own (the bench's pairing inside one process).
"""

import statistics
import sys
from pathlib import Path


def table(path: Path) -> list[dict]:
    lines = [line for line in path.read_text().splitlines() if line.startswith("|")]
    if not lines:
        raise SystemExit(f"{path}: no table (a run stopped or still running)")
    header = [cell.strip() for cell in lines[0].strip("|").split("|")]
    return [
        dict(zip(header, (cell.strip() for cell in line.strip("|").split("|")), strict=True))
        for line in lines[2:]
    ]


def measures(kind: str, row: dict) -> tuple[str, float, float]:
    """(row name, search rate a CPU second, CPU time over leaf-matched raw playouts)."""
    if kind == "search":
        name = f"{row['kernel']}, {row['threads']} thread(s)"
        rate = int(row["tests"]) / float(row["cpu_seconds"])
        return name, rate, 1.0 + float(row["overhead_vs_leaf_playouts"])
    name = f"--{kind} {row['size']}x{row['size']} leaf={row['leaf_playouts']}"
    if kind == "anthill":
        name += f" tests={row['tests']}"
    return name, float(row["playouts_per_cpu_s"]), float(row["ratio"])


def main(folder: Path) -> None:
    print("| row | rate/CPU s old (r1, r2) | new (r1, r2) | new/old | leaf ratio old | new |")
    print("|---|---|---|---:|---|---|")
    for kind in ("search", "uct", "anthill"):
        runs: dict[str, dict[str, list]] = {}
        for side in ("old", "new"):
            for round_ in (1, 2):
                path = folder / f"pair-{kind}-{side}-{round_}.txt"
                if not path.exists():
                    continue
                for row in table(path):
                    name, rate, ratio = measures(kind, row)
                    entry = runs.setdefault(name, {}).setdefault(side, [[], []])
                    entry[0].append(rate)
                    entry[1].append(ratio)
        for name, sides in runs.items():
            if "old" not in sides or "new" not in sides:
                continue
            old_rates, old_ratios = sides["old"]
            new_rates, new_ratios = sides["new"]
            change = statistics.median(new_rates) / statistics.median(old_rates)
            print(
                f"| {name} | {', '.join(f'{r / 1e3:,.0f} k' for r in old_rates)} "
                f"| {', '.join(f'{r / 1e3:,.0f} k' for r in new_rates)} | {change:.2f} "
                f"| {', '.join(f'{r:.2f}' for r in old_ratios)} "
                f"| {', '.join(f'{r:.2f}' for r in new_ratios)} |"
            )


if __name__ == "__main__":
    main(Path(sys.argv[1]))

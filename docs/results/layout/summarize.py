"""Summarise paired benchmark runs: per row, the CPU seconds of each side (mean of the runs),
new / base, and the noise: how far apart two runs of the *same* code came (max / min - 1).

``python docs/results/layout/summarize.py DIR [PATTERN]`` reads ``DIR/{base,new}-*.txt`` (the
output of ``bench_pairs.sh``: Markdown tables with a ``kernel`` or ``search`` column and a CPU
column, or a playouts per CPU second column, where higher is faster) and prints a Markdown
table.
"""

from __future__ import annotations

import sys
from collections import defaultdict
from pathlib import Path

KEY_COLUMNS = ("kernel", "search", "size", "threads", "leaf_playouts", "tests")
CPU_COLUMNS = ("cpu_seconds", "cpu_s", "search_cpu_s")
RATE_COLUMNS = ("playouts_per_cpu_s",)  # higher is faster (the --uct/--anthill tables)


def rows_of(path: Path) -> list[dict[str, str]]:
    lines = [line for line in path.read_text().splitlines() if line.startswith("|")]
    if len(lines) < 3:
        return []
    header = [c.strip() for c in lines[0].strip("|").split("|")]
    return [
        dict(zip(header, (c.strip() for c in line.strip("|").split("|")), strict=True))
        for line in lines[2:]
    ]


def main(folder: str, pattern: str = "*") -> None:
    runs: dict[tuple[str, str], list[float]] = defaultdict(list)
    order: list[str] = []
    for path in sorted(Path(folder).glob(f"*-{pattern}-*.txt")):
        side = path.name.split("-", 1)[0]
        for row in rows_of(path):
            cpu = next((c for c in CPU_COLUMNS + RATE_COLUMNS if c in row), None)
            if cpu is None:
                continue
            key = " ".join(f"{c}={row[c]}" for c in KEY_COLUMNS if row.get(c))
            key += f" [{cpu}]"
            if key not in order:
                order.append(key)
            runs[(key, side)].append(float(row[cpu]))
    print("| row [measure] | base (runs) | new (runs) | new / base | noise base | noise new |")
    print("|---|---|---|---|---|---|")
    for key in order:
        base, new = runs[(key, "base")], runs[(key, "new")]
        if not base or not new:
            continue
        mean_base, mean_new = sum(base) / len(base), sum(new) / len(new)

        def noise(values: list[float]) -> str:
            return f"{max(values) / min(values) - 1:.0%}" if min(values) > 0 else "-"

        ratio = f"{mean_new / mean_base:.2f}" if mean_base > 0 else "-"
        print(
            f"| {key} | {mean_base:.4g} ({len(base)}) | {mean_new:.4g} ({len(new)}) | {ratio} "
            f"| {noise(base)} | {noise(new)} |"
        )


if __name__ == "__main__":
    main(*sys.argv[1:])

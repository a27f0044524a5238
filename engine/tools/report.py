"""Print the docs' tables from the raw results committed under ``docs/results/``.

::

    python -m hexswarm.engine.tools.report                 # every table
    python -m hexswarm.engine.tools.report tactics-hard    # one of them
    python -m hexswarm.engine.tools.report --list          # their names and where they appear

Each table is printed exactly as it stands in the document named beside it
(``tests/test_results_report.py`` holds them equal), so a figure cannot drift from its data.
``docs/results/README.md`` lists every raw file with the command that wrote it.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

from hexswarm.engine.tools.stats import wilson_interval
from hexswarm.engine.tools.thesis_match import summary
from hexswarm.engine.tools.tournament import Tournament, tournament_report

# The checkout's docs/results (the report reads the repository, not an installed wheel).
RESULTS = Path(__file__).resolve().parents[2] / "docs" / "results"
BANDIT_AGENTS = 200  # the thesis's bandit experiment (4.2.1), docs/lab.md

PRESETS = ("strong", "strong-swarm", "strong-sdst")
MODES = {"shipped": "as shipped", "off": "`tactics=off`"}
CATEGORIES = ("bridge", "template2", "template3", "must-block", "mc-trap")


@dataclass(frozen=True, slots=True)
class Table:
    name: str
    document: str  # where it appears, relative to the checkout
    make: Callable[[Path], str]


def _rate(hits: int, total: int) -> str:
    low, high = wilson_interval(hits, total)
    return f"{hits}/{total} = {hits / total:.2f} [{low:.2f}, {high:.2f}]"


def thesis_match(results: Path) -> str:
    """The SDST-vs-MCSDS rows and notes (the thesis's row first), from its JSON-lines log."""
    path = results / "thesis-match" / "sdst-vs-mcsds.jsonl"
    records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
    section = summary(records)
    return section[section.index("| run |") :].rstrip("\n")


def tactics(suite: str) -> Callable[[Path], str]:
    def make(results: Path) -> str:
        lines = [
            "| player | " + " | ".join(CATEGORIES) + " | all [95% CI] |",
            "|---|" + "---:|" * len(CATEGORIES) + "---|",
        ]
        for preset in PRESETS:
            for mode, label in MODES.items():
                path = results / "tactics" / f"{suite}-{preset}-{mode}.json"
                positions = json.loads(path.read_text(encoding="utf-8"))["positions"]
                cells = []
                for category in CATEGORIES:
                    hits = [p["hit"] for p in positions if p["category"] == category]
                    cells.append(f"{sum(hits)}/{len(hits)}")
                total = sum(p["hit"] for p in positions)
                row = f"| `{preset}` {label} | " + " | ".join(cells)
                lines.append(f"{row} | {_rate(total, len(positions))} |")
        return "\n".join(lines)

    return make


REAL_CATEGORIES = ("mc-trap", "must-play", "bridge", "template3")
REAL_SIZES = (8, 9, 10, 11)
REAL_RUNS = (
    ("strong-shipped", "`strong` as shipped (27 Nov, 7bb4619)"),
    ("strong-off", "`strong` `tactics=off` (27 Nov)"),
    ("strong-shipped-r11", "`strong` as shipped (28 Nov, 0b878bb)"),
    ("strong-off-r11", "`strong` `tactics=off` (28 Nov)"),
    ("mohex-1000", "MoHex 2.0, 1 000 simulations"),
)


def real_tactics(results: Path) -> str:
    """The real-board suite (8x8-11x11, labelled by MoHex's DFPN): hits per category and size."""
    lines = [
        "| player | "
        + " | ".join([*REAL_CATEGORIES, *(f"{n}x{n}" for n in REAL_SIZES)])
        + " | all [95% CI] |",
        "|---|" + "---:|" * (len(REAL_CATEGORIES) + len(REAL_SIZES)) + "---|",
    ]
    for run, label in REAL_RUNS:
        path = results / "tactics" / f"real-{run}.json"
        positions = json.loads(path.read_text(encoding="utf-8"))["positions"]
        groups = [[p for p in positions if p["category"] == c] for c in REAL_CATEGORIES]
        groups += [[p for p in positions if p["size"] == n] for n in REAL_SIZES]
        cells = [f"{sum(p['hit'] for p in group)}/{len(group)}" for group in groups]
        total = sum(p["hit"] for p in positions)
        lines.append(f"| {label} | " + " | ".join(cells) + f" | {_rate(total, len(positions))} |")
    return "\n".join(lines)


def labels(results: Path) -> str:
    """How many stored labels the second solver re-solved, how many of those agree, and how
    many positions MoHex's DFPN confirmed cell by cell (``mohex-labels-*.json``)."""
    suites: dict[str, list[dict]] = {}
    for path in sorted((results / "tactics").glob("labels-*.json")):
        suites.update(json.loads(path.read_text(encoding="utf-8"))["suites"])
    mohex: dict[str, dict] = {}
    for path in sorted((results / "tactics").glob("mohex-labels-*.json")):
        mohex[path.stem.removeprefix("mohex-labels-")] = json.loads(
            path.read_text(encoding="utf-8")
        )["summary"]
    lines = [
        "| positions | stored labels | re-solved by the second solver | agree | not re-solved "
        "| confirmed by MoHex's DFPN (every cell) |",
        "|---|---:|---:|---:|---|---:|",
    ]
    for name in sorted(suites, key=("suite", "hard", "openings").index):
        records = suites[name]
        checked = [r for r in records if r["checked"] is not None]
        sizes = sorted({r["size"] for r in records})
        unchecked = sorted({r["size"] for r in records if r["checked"] is None})
        left = ", ".join(f"{size}x{size}" for size in unchecked) or "none"
        summary = mohex.get(name)
        confirmed = (
            f"{summary['confirmed']} of {summary['positions']}" if summary else "not checked"
        )
        lines.append(
            f"| {name} ({sizes[0]}x{sizes[0]}-{sizes[-1]}x{sizes[-1]}) | {len(records)} | "
            f"{len(checked)} | {sum(r['checked'] for r in checked)} | "
            f"{len(records) - len(checked)} ({left}) | {confirmed} |"
        )
    return "\n".join(lines)


def bandit(results: Path) -> str:
    """The thesis's bandit (4.2.1): the mean agents on each arm at iterations 1, 5, 10 and 50
    over the lab's seeds, with the shares of the 200 agents at the end, from the lab's CSV."""
    path = results.parent / "lab" / "thesis-4.2.csv"
    with open(path, newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    arms = list(dict.fromkeys(row["series"] for row in rows))
    values = [arm.split("(")[1].rstrip(")") for arm in arms]
    best = max(values, key=float)
    header = [f"**{float(v):g}**" if v == best else f"{float(v):g}" for v in values]
    lines = ["| iteration | " + " | ".join(header) + " |", "|---" * (len(arms) + 1) + "|"]
    for iteration in ("1", "5", "10", "50"):
        means = {r["series"]: float(r["mean"]) for r in rows if r["iteration"] == iteration}
        cells = []
        for arm in arms:
            cell = f"{means[arm]:.1f}"
            if iteration == "50":
                share = Decimal(str(100 * means[arm] / BANDIT_AGENTS))
                cell += f" ({share.quantize(Decimal('0.1'), ROUND_HALF_UP)}%)"
            cells.append(cell)
        lines.append(f"| {iteration} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def tuning(results: Path) -> str:
    """The tuner's two runs on 7x7, from their logs (one JSON line a step)."""
    lines = [
        "| log | method | steps | games | accepted | first candidate | best [95% CI] "
        "| at the end |",
        "|---|---|---:|---:|---:|---:|---|---|",
    ]
    for name in ("hill-7x7", "anneal-7x7"):
        path = results.parent / "tune" / f"{name}.jsonl"
        rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
        steps = [row for row in rows if row["kind"] == "step"]
        last = steps[-1]
        best = next(step for step in steps if step["step"] == last["best_step"])
        low, high = wilson_interval(best["wins"], best["games"])
        end = f"{len(last['current'])} agents, {last['current_win_rate']:.2f}"
        if last["temperature"] is not None:
            end += f", temperature {last['temperature']:.3f}"
        lines.append(
            f"| `docs/tune/{name}.jsonl` | {last['method']} | {len(steps)} | "
            f"{sum(step['games'] for step in steps)} | {sum(step['accepted'] for step in steps)} | "
            f"{steps[0]['wins']}/{steps[0]['games']} | step {best['step']}: "
            f"{best['wins']}/{best['games']} = {best['wins'] / best['games']:.2f} "
            f"[{low:.2f}, {high:.2f}] | {end} |"
        )
    return "\n".join(lines)


LADDER_ROUND_ROBIN = "ladder/round-robin"  # the ladder's round robin (issue 32)


def ladder_tournament(results: Path) -> Tournament:
    """The ladder's round robin as committed: every game of every pair counted (the pairs of
    neighbouring rungs were extended beyond the others)."""
    return Tournament.read(results / LADDER_ROUND_ROBIN)


def ladder_games(tournament: Tournament) -> int:
    """The most games any pair of the round robin has played: the report counts them all."""
    return max(len(match.results) for match in tournament.matches.values())


def ladder(results: Path) -> str:
    """The ladder's ratings and crosstable, as ``hexswarm-match`` prints a round robin."""
    tournament = ladder_tournament(results)
    return tournament_report(tournament, ladder_games(tournament))


def dfpn_real(results: Path) -> str:
    """The proof-number solver and the exact solver on the real suite, from their rows."""
    from hexswarm.engine.tools.dfpn_bench import table

    document = json.loads((results / "dfpn" / "real-100k.json").read_text(encoding="utf-8"))
    return table(document["positions"])


TABLES = (
    Table("sdst-vs-mcsds", "docs/experiments.md", thesis_match),
    Table("tuning", "docs/experiments.md", tuning),
    Table("lab-thesis-4.2", "docs/lab.md", bandit),
    Table("tactics-labels", "docs/experiments.md", labels),
    Table("tactics-suite", "docs/experiments.md", tactics("suite")),
    Table("tactics-hard", "docs/experiments.md", tactics("hard")),
    Table("tactics-real", "docs/experiments.md", real_tactics),
    Table("ladder", "docs/experiments.md", ladder),
    Table("dfpn-real", "docs/search.md", dfpn_real),
)


def main(argv: Iterable[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m hexswarm.engine.tools.report", description=__doc__.splitlines()[0]
    )
    parser.add_argument("tables", nargs="*", help="names of the tables (default: all)")
    parser.add_argument("--results", type=Path, default=RESULTS, help="the results folder")
    parser.add_argument("--list", action="store_true", help="list the tables and exit")
    options = parser.parse_args(None if argv is None else list(argv))
    known = {table.name: table for table in TABLES}
    unknown = [name for name in options.tables if name not in known]
    if unknown:
        print(f"unknown table {', '.join(unknown)}; known: {', '.join(known)}", file=sys.stderr)
        return 2
    if not options.results.is_dir():
        print(f"no results folder at {options.results} (run from a checkout)", file=sys.stderr)
        return 2
    for table in (known[name] for name in options.tables or known):
        if options.list:
            print(f"{table.name}: {table.document}")
            continue
        print(f"## {table.name} ({table.document})\n")
        print(table.make(options.results) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

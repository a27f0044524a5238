"""``hexswarm-lab``: run a figure of the thesis or the paper and write its CSV and PNG.

    hexswarm-lab --list
    hexswarm-lab paper-6 --seeds 10 --out lab-runs/
    hexswarm-lab cluster-threshold --seeds 5 --out lab-runs/

The experiments and their parameters are in ``engine.tools.lab`` (see docs/lab.md). The PNG is drawn
by the Lab window's own chart code, off screen, so the command needs no display.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from hexswarm.engine.board import HexError
from hexswarm.engine.tools.lab import catalogue, experiment, run_experiment, run_sweep, sweep
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="hexswarm-lab", description=__doc__.splitlines()[0].split(": ", 1)[1]
    )
    parser.add_argument("name", nargs="?", help="the experiment (see --list)")
    parser.add_argument("--list", action="store_true", help="print the experiments and exit")
    parser.add_argument("--seeds", type=int, default=10, help="runs, seeds 0..N-1 (default 10)")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=Path("lab-runs"), help="output directory")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.list:
        for name, summary in catalogue():
            print(f"{name}\t{summary}")
        return 0
    if not args.name:
        _parser().error("name an experiment, or use --list")
    if args.seeds < 1:
        _parser().error("--seeds must be at least 1")
    try:
        threshold_sweep = sweep(args.name)
        exp = None if threshold_sweep else experiment(args.name)
    except HexError as error:
        print(f"hexswarm-lab: {error}", file=sys.stderr)
        return 2
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
    )
    with Progress(*columns, transient=False) as bar:
        task = bar.add_task(args.name, total=None)

        def progress(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        if threshold_sweep:
            run = run_sweep(
                threshold_sweep, args.seeds, first_seed=args.first_seed, progress=progress
            )
        else:
            run = run_experiment(exp, args.seeds, first_seed=args.first_seed, progress=progress)
    summary, runs = run.write_csv(args.out)
    png = _render(run, args.out / f"{args.name}.png")
    for path in (summary, runs, png):
        print(path)
    return 0


def _render(run, path: Path) -> Path:
    # Charts are drawn by Qt: off screen, unless the caller chose a platform.
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from .charts import save_png

    app = QApplication.instance() or QApplication(["hexswarm-lab"])
    try:
        return save_png(run, path)
    finally:
        app.processEvents()


if __name__ == "__main__":
    sys.exit(main())

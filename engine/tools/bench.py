"""``hexswarm-bench``: how fast the kernels and searches run on this machine.

Prints playouts per second for each board size — the numba kernel on one thread and on all
cores, a pure-Python playout of the same algorithm, and (when a C compiler is present) a C
reference of the same algorithm compiled with ``-O3`` — as the median of several paired,
alternating runs, with the ratios. ``--json`` prints one JSON object per line instead.
Then every playout policy against uniform (``--section policies``) and the search benchmarks
(``engine.tools.search_bench``); ``--section`` picks one.

Timings vary 10-25 % between runs on small shared machines: compare ratios from one run.
"""

from __future__ import annotations

import argparse
import ctypes
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from importlib import resources
from pathlib import Path

import numpy as np
from hexswarm.engine.board import Board
from hexswarm.engine.playout import PlayoutPosition, random_playouts
from hexswarm.engine.tools.reference import reference_playouts

DEFAULT_SIZES = (7, 9, 11, 13, 19)


def _load_c_reference():
    """Compile benchref/playout_ref.c into a temporary library; None without a compiler."""
    compiler = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if compiler is None:
        return None
    source = resources.files("hexswarm.engine.tools.benchref").joinpath("playout_ref.c").read_text()
    folder = Path(tempfile.mkdtemp(prefix="hexswarm-bench-"))
    (folder / "playout_ref.c").write_text(source)
    library = folder / "playout_ref.so"
    command = [compiler, "-O3", "-march=native", "-shared", "-fPIC", "-o", str(library)]
    result = subprocess.run([*command, str(folder / "playout_ref.c")], capture_output=True)
    if result.returncode != 0:
        return None
    lib = ctypes.CDLL(str(library))
    lib.playout_batch.restype = ctypes.c_int64
    lib.playout_batch.argtypes = [
        ctypes.c_void_p,
        ctypes.c_void_p,
        ctypes.c_int,
        ctypes.c_int,
        ctypes.c_int,
        ctypes.c_int64,
        ctypes.c_void_p,
    ]
    return lib


def _c_playouts(lib, position: PlayoutPosition, count: int, *, seed_state: int) -> int:
    state = np.array([seed_state], dtype=np.uint64)
    rows = np.ascontiguousarray(position.black_rows)
    empties = np.ascontiguousarray(position.empties)
    return lib.playout_batch(
        rows.ctypes.data,
        empties.ctypes.data,
        len(empties),
        int(position.black_to_move),
        position.size,
        count,
        state.ctypes.data,
    )


def _rate(run, count: int, *args, **kwargs) -> float:
    """Playouts per second of ``run(*args, count, **kwargs)``."""
    start = time.perf_counter()
    run(*args, count, **kwargs)
    return count / (time.perf_counter() - start)


def playout_benchmarks(sizes, repeats: int, seconds: float, with_c: bool = True) -> list[dict]:
    """Rows of measurements: kernel, size, threads, playouts_per_s (median), and ratios."""
    from hexswarm.engine.kernels.rng import seed_states

    threads_all = os.cpu_count() or 1
    lib = _load_c_reference() if with_c else None
    rows: list[dict] = []
    for size in sizes:
        board = Board(size)
        position = PlayoutPosition.from_board(board)
        random_playouts(board, 64, threads=threads_all)  # compile/load before timing
        # Calibrate a batch lasting about `seconds` on one thread.
        probe = _rate(random_playouts, 20_000, board)
        count = max(10_000, int(probe * seconds))
        state0 = int(seed_states(size, 1)[0])
        numba_rates, numba_all_rates, c_rates = [], [], []
        for rep in range(repeats):
            numba_rates.append(_rate(random_playouts, count, board, seed=rep))
            if lib is not None:
                c_rates.append(_rate(_c_playouts, count, lib, position, seed_state=state0))
            numba_all_rates.append(
                _rate(random_playouts, count, board, seed=rep, threads=threads_all)
            )
        python_count = 400 if size <= 11 else 150
        python_rate = _rate(reference_playouts, python_count, board.cells, size, True, state=state0)
        one = statistics.median(numba_rates)
        row = {"kernel": "numba", "size": size, "threads": 1, "playouts_per_s": one}
        row["vs_python"] = one / python_rate
        if c_rates:
            row["vs_c"] = one / statistics.median(c_rates)
            # Same algorithm, same generator: identical results prove it is a fair comparison.
            single = np.array([state0], dtype=np.uint64)
            from hexswarm.engine.kernels.playout import playout_batch

            numba_wins = playout_batch(
                position.black_rows, position.empties, len(position.empties),
                position.black_to_move, size, 5000, single, 0,
            )  # fmt: skip
            row["same_results_as_c"] = bool(
                numba_wins == _c_playouts(lib, position, 5000, seed_state=state0)
            )
        rows.append(row)
        all_rate = statistics.median(numba_all_rates)
        rows.append(
            {
                "kernel": "numba",
                "size": size,
                "threads": threads_all,
                "playouts_per_s": all_rate,
                "speedup_vs_1_thread": all_rate / one,
            }
        )
        if c_rates:
            rows.append(
                {
                    "kernel": "c-O3",
                    "size": size,
                    "threads": 1,
                    "playouts_per_s": statistics.median(c_rates),
                }
            )
        rows.append({"kernel": "python", "size": size, "threads": 1, "playouts_per_s": python_rate})
    return rows


def policy_benchmarks(sizes, repeats: int, seconds: float) -> list[dict]:
    """Playouts per second of every playout policy (``engine.knowledge``) from the empty
    board, one thread, in runs alternating with uniform ones; ``vs_uniform`` is the ratio of
    the medians (the cost of the knowledge: 0.25 = four times slower)."""
    from hexswarm.engine.knowledge import POLICIES

    rows: list[dict] = []
    for size in sizes:
        board = Board(size)
        rates: dict[str, list[float]] = {name: [] for name in POLICIES}
        counts: dict[str, int] = {}
        for name in POLICIES:
            random_playouts(board, 64, policy=name)  # compile/load before timing
            probe = _rate(random_playouts, 2_000, board, policy=name)
            counts[name] = max(2_000, int(probe * seconds))
        for rep in range(repeats):
            for name in POLICIES:
                rates[name].append(
                    _rate(random_playouts, counts[name], board, seed=rep, policy=name)
                )
        uniform = statistics.median(rates["uniform"])
        for name in POLICIES:
            rate = statistics.median(rates[name])
            rows.append(
                {
                    "kernel": f"{name}",
                    "size": size,
                    "threads": 1,
                    "playouts_per_s": rate,
                    "vs_uniform": rate / uniform,
                }
            )
    return rows


def _print_table(rows: list[dict]) -> None:
    print(f"{'kernel':<8} {'size':>5} {'threads':>7} {'playouts/s':>12}  notes")
    for row in rows:
        notes = []
        if "vs_c" in row:
            notes.append(f"{row['vs_c']:.2f}x C")
        if "same_results_as_c" in row:
            notes.append("same results as C" if row["same_results_as_c"] else "DIFFERENT from C")
        if "vs_python" in row:
            notes.append(f"{row['vs_python']:.0f}x pure Python")
        if "vs_uniform" in row:
            notes.append(f"{row['vs_uniform']:.3f}x uniform")
        if "speedup_vs_1_thread" in row:
            notes.append(f"{row['speedup_vs_1_thread']:.2f}x one thread")
        search_keys = (
            "seconds",
            "tests_per_s",
            "overhead_vs_leaf_playouts",
            "overhead_vs_raw_playouts",
        )
        for key in search_keys:
            if row.get(key) not in (None, ""):
                value = row[key]
                notes.append(f"{key}={value:.3g}" if isinstance(value, float) else f"{key}={value}")
        rate = row.get("playouts_per_s")
        rate_text = f"{rate:>12,.0f}" if isinstance(rate, int | float) else f"{'':>12}"
        name = row.get("kernel") or row.get("player", "?")
        size, threads = row.get("size", ""), row.get("threads", "")
        print(f"{name:<8} {size:>5} {threads:>7} {rate_text}  {', '.join(notes)}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="hexswarm-bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=list(DEFAULT_SIZES))
    parser.add_argument("--repeats", type=int, default=5, help="paired runs per measurement")
    parser.add_argument("--seconds", type=float, default=0.4, help="length of one timed batch")
    parser.add_argument("--no-c", action="store_true", help="skip the compiled C reference")
    parser.add_argument(
        "--section", choices=("all", "playout", "policies", "search"), default="all"
    )
    parser.add_argument("--quick", action="store_true", help="fewer, shorter runs (smoke test)")
    parser.add_argument("--json", action="store_true", help="one JSON object per line")
    args = parser.parse_args(argv)
    if args.quick:
        args.repeats, args.seconds = 1, 0.05

    start = time.perf_counter()
    from hexswarm.engine.warmup import warm_up

    warm_up()
    load_s = time.perf_counter() - start
    header = {
        "machine": platform.machine(),
        "cpu": _cpu_name(),
        "cores": os.cpu_count(),
        "python": platform.python_version(),
        "numba": _version("numba"),
        "kernel_load_s": round(load_s, 2),
    }
    rows: list[dict] = []
    if args.section in ("all", "playout"):
        rows += playout_benchmarks(args.sizes, args.repeats, args.seconds, with_c=not args.no_c)
    if args.section in ("all", "policies"):
        rows += policy_benchmarks(args.sizes, args.repeats, args.seconds)
    if args.section in ("all", "search"):
        try:
            from hexswarm.engine.tools.search_bench import run_search_benchmarks
        except ImportError:
            print("(search benchmarks not available)", file=sys.stderr)
        else:
            rows += run_search_benchmarks(quick=args.quick)
    if args.json:
        print(json.dumps({"kernel": "header", **header}))
        for row in rows:
            print(json.dumps(row))
    else:
        print(", ".join(f"{k}: {v}" for k, v in header.items()))
        _print_table(rows)
    return 0


def _cpu_name() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def _version(package: str) -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(package)
    except PackageNotFoundError:
        return "unknown"


if __name__ == "__main__":
    raise SystemExit(main())

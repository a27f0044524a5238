"""Search benchmarks: the thesis's settings timed against raw playouts (``hexswarm-bench``).

Each search is timed right after a raw-playout run of the same size on the same board (paired
runs), in wall time and in process CPU time; the overhead is computed on CPU time, which other
processes on a shared machine do not inflate. ``overhead_vs_raw_playouts`` is the search's time per
test divided by a raw playout's time, minus one: the cost of the agents' bookkeeping (hypothesis
formation, diffusion, scattering, tree updates) relative to the playouts themselves.

>>> rows = run_search_benchmarks(quick=True)   # doctest: +SKIP
"""

from __future__ import annotations

import time

from engine.board import Board
from engine.playout import random_playouts
from engine.search.environment import hex_environment
from engine.search.swarm import SwarmConfig, SwarmSearch
from engine.search.uct import UctSearch


def _timed(run) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the whole process) of ``run()``."""
    wall, cpu = time.perf_counter(), time.process_time()
    run()
    return time.perf_counter() - wall, time.process_time() - cpu


def _raw(board: Board, count: int, threads: int) -> tuple[float, float]:
    return _timed(lambda: random_playouts(board, count, seed=1, threads=threads))


def _row(name, size, threads, agents, iterations, timing, tests, raw_timing) -> dict:
    """One result row. The overhead is computed on CPU time, which a shared machine's other
    load does not inflate (wall times on 2 busy cores varied by 2x between runs)."""
    seconds, cpu_seconds = timing
    raw_seconds, raw_cpu = raw_timing
    per_test = cpu_seconds / max(tests, 1)
    per_raw = raw_cpu / max(tests, 1)
    return {
        "kernel": name,
        "size": size,
        "threads": threads,
        "agents": agents,
        "iterations": iterations,
        "seconds": round(seconds, 3),
        "cpu_seconds": round(cpu_seconds, 3),
        "tests": tests,
        "tests_per_s": round(tests / seconds) if seconds else 0,
        "agent_iterations_per_s": round(agents * iterations / seconds) if seconds else 0,
        "raw_playouts_per_s": round(tests / raw_seconds) if raw_seconds else 0,
        "raw_cpu_seconds": round(raw_cpu, 3),
        "overhead_vs_raw_playouts": round(per_test / per_raw - 1.0, 3) if per_raw else 0.0,
    }


def run_search_benchmarks(
    quick: bool = False, threads_options: tuple[int, ...] = (1, 2)
) -> list[dict]:
    """Time MCSDS, SDST (all policies) and UCT on an empty board; returns one dict per run.

    Full: 7x7, 50 000 agents x 50 iterations (the thesis's 5.2.3 settings). Quick: 10 000 x 10.
    """
    from engine.search import warm_up

    warm_up()
    size = 7
    agents, iterations = (10_000, 10) if quick else (50_000, 50)
    board = Board(size)
    env = hex_environment(board)
    rows: list[dict] = []
    plans = [
        ("mcsds", "root"),
        ("sdst-tree", "tree"),
        ("sdst-fixed(depth 2)", "fixed"),
        ("sdst-layers(depth 2)", "layers"),
    ]
    for threads in threads_options:
        for name, policy in plans:
            if quick and policy in ("fixed", "layers") and threads > 1:
                continue
            config = SwarmConfig(
                policy=policy, agents=agents, iterations=iterations, threads=threads, seed=1
            )
            search = SwarmSearch(env, config)
            outcome = []
            timing = _timed(lambda search=search, outcome=outcome: outcome.append(search.run()))
            tests = outcome[0].tests
            raw = _raw(board, tests, threads)
            rows.append(_row(name, size, threads, agents, iterations, timing, tests, raw))
        playouts = 20_000 if quick else 100_000
        search = UctSearch(env, playouts=playouts, threads=threads, seed=1)
        timing = _timed(search.run)
        raw = _raw(board, playouts, threads)
        rows.append(_row("uct", size, threads, 0, playouts, timing, playouts, raw))
    return rows


def format_rows(rows: list[dict]) -> str:
    """A Markdown table of the rows (for docs/benchmarks.md and the console)."""
    columns = [
        "kernel",
        "size",
        "threads",
        "agents",
        "iterations",
        "seconds",
        "cpu_seconds",
        "tests",
        "tests_per_s",
        "agent_iterations_per_s",
        "raw_playouts_per_s",
        "raw_cpu_seconds",
        "overhead_vs_raw_playouts",
    ]
    lines = ["| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
    for row in rows:
        lines.append("| " + " | ".join(str(row[c]) for c in columns) + " |")
    return "\n".join(lines)


if __name__ == "__main__":  # python -m engine.search.bench [--quick]
    import sys

    print(format_rows(run_search_benchmarks(quick="--quick" in sys.argv)))

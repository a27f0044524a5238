"""Search benchmarks: the thesis's settings timed against raw playouts (``hexswarm-bench``).

Each search is timed beside raw playouts (``engine.playout.random_playouts``, the bare kernel),
in wall time and in process CPU time; overheads are computed on CPU time, which other processes
on a shared machine do not inflate. Two baselines:

* ``overhead_vs_raw_playouts``: the search's CPU time over that of as many raw playouts from
  the empty board, minus one (the figure reported since the first version);
* ``overhead_vs_leaf_playouts``: the same over raw playouts from positions *as deep as the
  search's own leaves* (for every leaf depth, as many playouts as the search ran there, from
  random positions with that many stones). This is the cost of the agents' bookkeeping
  (hypothesis formation, diffusion, scattering, tree updates) relative to the playouts the
  search has to run anyway: a playout after one stone costs ~16% more CPU than one from the
  empty 7x7 board (measured), so the empty-board baseline counts part of the playouts
  themselves as bookkeeping.

``python -m hexswarm.engine.tools.search_bench --phases`` also prints where the CPU time of each
swarm search goes, phase by phase (:func:`phase_breakdown`).

>>> rows = run_search_benchmarks(quick=True)   # doctest: +SKIP
"""

from __future__ import annotations

import argparse
import time
from contextlib import contextmanager
from dataclasses import replace
from functools import partial

import hexswarm.engine.search.swarm as swarm_driver
import numpy as np
from hexswarm.engine.board import Board
from hexswarm.engine.playout import random_playouts
from hexswarm.engine.search.anthill import AnthillConfig, AnthillSearch
from hexswarm.engine.search.environment import hex_environment
from hexswarm.engine.search.limits import SearchLimits
from hexswarm.engine.search.swarm import SwarmConfig, SwarmSearch
from hexswarm.engine.search.uct import UctConfig, UctSearch

POSITIONS_PER_DEPTH = 16  # random positions the leaf-depth baseline spreads its playouts over
# The SDS kernels the swarm driver calls, in the order of an iteration.
PHASE_KERNELS = (
    "form_hypotheses",
    "sort_leaves",
    "evaluate_tests",
    "apply_results",
    "apply_test_outcomes",
    "relate",
    "backscatter",
    "scatter",
    "reallocate_in_layers",
    "recruit",
    "count_populations",
    "population_counts",
)


def _timed(run) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the whole process) of ``run()``."""
    wall, cpu = time.perf_counter(), time.process_time()
    run()
    return time.perf_counter() - wall, time.process_time() - cpu


def _raw(board: Board, count: int, threads: int) -> tuple[float, float]:
    return _timed(lambda: random_playouts(board, count, seed=1, threads=threads))


class _LeafDepthRecorder(SwarmSearch):
    """A swarm search that counts its playouts by the depth of their start position (stones
    added to the root position). Run apart from the timed search: the counting costs time."""

    def prepare(self, env) -> None:
        super().prepare(env)
        self.depth_counts = np.zeros(self.width + 2, dtype=np.int64)

    def _evaluate(self, count, pool, should_stop, emit):
        played = self.leaf_exact[:count] == 0
        depths = self.node_depth[self.leaf_node[:count][played]] + 1
        self.depth_counts += np.bincount(depths, minlength=self.depth_counts.size)
        return super()._evaluate(count, pool, should_stop, emit)


def leaf_depth_counts(env, config: SwarmConfig, limits: SearchLimits) -> np.ndarray:
    """Playouts per start depth of the search ``config`` (same seed: the same search)."""
    recorder = _LeafDepthRecorder(config, tree_summary=False)
    recorder.run(env, limits)
    return recorder.depth_counts


def _random_positions(board: Board, depth: int, count: int, rng) -> list[Board]:
    """``count`` unfinished positions reached from ``board`` by ``depth`` uniformly random moves."""
    positions: list[Board] = []
    while len(positions) < count:
        position = board.copy()
        for _ in range(depth):
            legal = position.legal_moves()
            position.play(legal[rng.integers(len(legal))])
            if position.is_over:
                break
        if not position.is_over:
            positions.append(position)
    return positions


def _raw_at_depths(board: Board, depth_counts: np.ndarray) -> tuple[float, float]:
    """(wall, CPU) seconds of raw playouts from random positions as deep as the search's leaves,
    ``depth_counts[d]`` of them at depth ``d``. On one thread: the overhead is a ratio of CPU
    times, and many short multi-threaded batches would add the threads' start-up to it."""
    rng = np.random.default_rng(1)
    batches = []
    for depth in np.flatnonzero(depth_counts):
        positions = _random_positions(board, int(depth), POSITIONS_PER_DEPTH, rng)
        share, extra = divmod(int(depth_counts[depth]), len(positions))
        batches += [(p, share + (i < extra)) for i, p in enumerate(positions)]

    def run() -> None:
        for position, count in batches:
            random_playouts(position, count, seed=1)

    return _timed(run)


@contextmanager
def _timed_phases(seconds: dict[str, float]):
    """Wrap every kernel the swarm driver calls with a CPU timer (adding to ``seconds``) for the
    duration of the block. Benchmark use only: the driver module is patched for every thread."""
    originals = {name: getattr(swarm_driver, name) for name in PHASE_KERNELS}

    def timed(name, kernel):
        def call(*args):
            start = time.process_time()
            try:
                return kernel(*args)
            finally:
                seconds[name] = seconds.get(name, 0.0) + time.process_time() - start

        return call

    try:
        for name, kernel in originals.items():
            setattr(swarm_driver, name, timed(name, kernel))
        yield
    finally:
        for name, kernel in originals.items():
            setattr(swarm_driver, name, kernel)


def phase_breakdown(env, config: SwarmConfig, limits: SearchLimits) -> dict[str, float]:
    """CPU seconds of one search by SDS phase (single-threaded figures are the clear ones: with
    threads, ``evaluate_tests`` adds up every thread's time); ``"driver"`` is the rest: the
    Python driver, snapshots, array growth."""
    seconds: dict[str, float] = {}
    search = SwarmSearch(config)
    with _timed_phases(seconds):
        _, cpu = _timed(partial(search.run, env, limits))
    seconds["driver"] = cpu - sum(seconds.values())
    seconds["total"] = cpu
    return {name: round(value, 4) for name, value in seconds.items()}


def format_phases(breakdowns: dict[str, dict[str, float]]) -> str:
    """A Markdown table: one column per search, one row per phase."""
    names = list(breakdowns)
    phases = [
        p for p in (*PHASE_KERNELS, "driver", "total") if any(p in b for b in breakdowns.values())
    ]
    lines = ["| phase (CPU s) | " + " | ".join(names) + " |", "|---|" + "---|" * len(names)]
    for phase in phases:
        cells = [str(breakdowns[name].get(phase, "")) for name in names]
        lines.append(f"| {phase} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def _row(name, size, threads, agents, iterations, timing, tests, raw_timing, leaf_timing) -> dict:
    """One result row. Overheads are computed on CPU time, which a shared machine's other
    load does not inflate (wall times on 2 busy cores varied by 2x between runs)."""
    seconds, cpu_seconds = timing
    raw_seconds, raw_cpu = raw_timing
    leaf_cpu = leaf_timing[1] if leaf_timing is not None else 0.0
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
        "overhead_vs_raw_playouts": round(cpu_seconds / raw_cpu - 1.0, 3) if raw_cpu else 0.0,
        "leaf_cpu_seconds": round(leaf_cpu, 3) if leaf_timing is not None else "",
        "overhead_vs_leaf_playouts": (
            round(cpu_seconds / leaf_cpu - 1.0, 3) if leaf_timing is not None and leaf_cpu else ""
        ),
    }


def run_search_benchmarks(
    quick: bool = False, threads_options: tuple[int, ...] = (1, 2)
) -> list[dict]:
    """Time MCSDS, SDST (all policies), UCT and the anthill on an empty board; returns one
    dict per run.

    Full: 7x7, 50 000 agents x 50 iterations (the thesis's 5.2.3 settings), 100 000 playouts for
    the tree searches. Quick: 10 000 x 10 and 20 000.
    """
    from hexswarm.engine.warmup import warm_up

    warm_up()
    size = 7
    agents, iterations = (10_000, 10) if quick else (50_000, 50)
    swarm_limits = SearchLimits(iterations=iterations)
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
            config = SwarmConfig(policy=policy, agents=agents, threads=threads, seed=1)
            swarm = SwarmSearch(config)
            timing = _timed(partial(swarm.run, env, swarm_limits))
            tests = swarm.tests
            raw = _raw(board, tests, threads)
            leaf = _raw_at_depths(board, leaf_depth_counts(env, config, swarm_limits))
            rows.append(_row(name, size, threads, agents, iterations, timing, tests, raw, leaf))
        playouts = 20_000 if quick else 100_000
        parallel = "root" if threads > 1 else "none"
        limits = SearchLimits(playouts=playouts)
        uct = UctSearch(UctConfig(threads=threads, parallel=parallel, seed=1))
        timing = _timed(partial(uct.run, env, limits))
        raw = _raw(board, playouts, threads)
        leaf = _raw_at_depths(board, uct.depth_counts())
        rows.append(
            _row(f"uct({parallel})", size, threads, 0, playouts, timing, playouts, raw, leaf)
        )
        if threads == 1:
            # The anthill at its level's defaults, and with the swarm preset's tests and
            # playouts a leaf (uniform playouts, so that raw playouts are the baseline).
            for tests, leaf_playouts in ((1, 1), (64, 8)):
                anthill = AnthillSearch(
                    AnthillConfig(seed=1, tests=tests, leaf_playouts=leaf_playouts)
                )
                timing = _timed(partial(anthill.run, env, limits))
                raw = _raw(board, playouts, threads)
                leaf = _raw_at_depths(board, anthill.depth_counts())
                name = f"anthill(tests={tests},leaf={leaf_playouts})"
                rows.append(_row(name, size, 1, 0, playouts, timing, playouts, raw, leaf))
    return rows


def tree_overhead(
    sizes=(7, 9, 11),
    playouts: int = 100_000,
    rounds: int = 3,
    config: UctConfig | None = None,
) -> list[dict]:
    """A tree search (UCT, or the anthill with an ``AnthillConfig``; one tree, one thread, seed
    1) against raw playouts from positions as deep as its leaves, in CPU time, in paired runs
    that alternate in this process (``rounds`` pairs per size; the median ratio is reported,
    so load from other processes hits both sides alike). ``ratio`` = the search's CPU time /
    the raw playouts' CPU time (issue 12's target for UCT: <= 1.5)."""
    from hexswarm.engine.warmup import warm_up

    warm_up()
    config = replace(config if config is not None else UctConfig(), seed=1)
    limits = SearchLimits(playouts=playouts)
    rows = []
    for size in sizes:
        board = Board(size)
        env = hex_environment(board)
        ratios, search_rates, raw_rates = [], [], []
        for _ in range(rounds):
            search = (
                AnthillSearch(config) if isinstance(config, AnthillConfig) else UctSearch(config)
            )
            _, search_cpu = _timed(partial(search.run, env, limits))
            _, raw_cpu = _raw_at_depths(board, search.depth_counts())
            ratios.append(search_cpu / raw_cpu)
            search_rates.append(search.playouts / search_cpu)
            raw_rates.append(search.playouts / raw_cpu)
        tree = search.trees[0]
        rows.append(
            {
                "search": search.player,
                "size": size,
                "playouts": playouts,
                "leaf_playouts": search.leaf_playouts,
                "tests": getattr(search, "tests", ""),
                "playouts_per_cpu_s": round(float(np.median(search_rates))),
                "leaf_raw_playouts_per_cpu_s": round(float(np.median(raw_rates))),
                "ratio": round(float(np.median(ratios)), 2),
                "ratios": [round(r, 2) for r in ratios],
                "nodes": tree.node_count,
                "bytes_per_node": round(tree.used_bytes() / tree.node_count, 1),
                "full_scans_per_iteration": round(int(tree.counters[3]) / sum(search.done), 3),
            }
        )
    return rows


def sdst_test_overhead(
    test_playouts=(1, 4, 8), agents: int = 50_000, iterations: int = 50, rounds: int = 3
) -> list[dict]:
    """SDST in the whole tree (the thesis's policy, 7x7, one thread) with tests of k playouts
    (``test=majority``; k = 1 is the thesis's single playout) against raw playouts as many and
    as deep as its own, in CPU time, in paired runs alternating in this process; the median
    ``overhead`` (search CPU / raw CPU - 1) is issue 12's bookkeeping measure (target +50 %).
    A test's k playouts share one descent through the populations and one diffusion step."""
    from hexswarm.engine.warmup import warm_up

    warm_up()
    board = Board(7)
    env = hex_environment(board)
    rows = []
    for k in test_playouts:
        config = SwarmConfig(
            policy="tree",
            agents=agents,
            seed=1,
            test="single" if k == 1 else "majority",
            test_playouts=k,
        )
        limits = SearchLimits(iterations=iterations)
        depth_counts = leaf_depth_counts(env, config, limits) * k  # each test: k playouts
        overheads, rates = [], []
        for _ in range(rounds):
            search = SwarmSearch(config)
            _, search_cpu = _timed(partial(search.run, env, limits))
            _, raw_cpu = _raw_at_depths(board, depth_counts)
            overheads.append(search_cpu / raw_cpu - 1.0)
            rates.append(search.playouts / search_cpu)
        rows.append(
            {
                "search": "sdst-tree",
                "test_playouts": k,
                "agents": agents,
                "iterations": iterations,
                "playouts": search.playouts,
                "playouts_per_cpu_s": round(float(np.median(rates))),
                "overhead_vs_leaf_playouts": round(float(np.median(overheads)), 3),
                "overheads": [round(o, 3) for o in overheads],
            }
        )
    return rows


def timed_search_durations(
    limit_s: float = 1.0, sizes=(9, 19), moves: int = 3, levels=("mc", "mcsds", "sdst", "uct")
) -> list[dict]:
    """How long each level takes with ``time_s = limit_s`` (one thread), ``moves`` searches
    per level and size from a position with one stone: the distribution, not a pass/fail."""
    from hexswarm.engine.players import create_player
    from hexswarm.engine.warmup import warm_up

    warm_up()
    rows = []
    for level in levels:
        for size in sizes:
            board = Board(size)
            board.play(size * size // 2)
            player = create_player(level, time_s=limit_s, threads=1, seed=1)
            durations = []
            for _ in range(moves):
                start = time.perf_counter()
                player.choose_move(board)
                durations.append(time.perf_counter() - start)
            rows.append(
                {
                    "level": level,
                    "size": size,
                    "limit_s": limit_s,
                    "seconds": [round(d, 3) for d in durations],
                    "ratio_min": round(min(durations) / limit_s, 2),
                    "ratio_max": round(max(durations) / limit_s, 2),
                }
            )
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
        "leaf_cpu_seconds",
        "overhead_vs_leaf_playouts",
    ]
    lines = ["| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
    for row in rows:
        lines.append("| " + " | ".join(str(row[c]) for c in columns) + " |")
    return "\n".join(lines)


def _phases_table(quick: bool) -> str:
    from hexswarm.engine.warmup import warm_up

    warm_up()
    agents, iterations = (10_000, 10) if quick else (50_000, 50)
    limits = SearchLimits(iterations=iterations)
    env = hex_environment(Board(7))
    plans = {
        "mcsds": "root",
        "sdst-tree": "tree",
        "sdst-fixed(depth 2)": "fixed",
        "sdst-layers(depth 2)": "layers",
    }
    return format_phases(
        {
            name: phase_breakdown(env, SwarmConfig(policy=policy, agents=agents, seed=1), limits)
            for name, policy in plans.items()
        }
    )


def _dict_table(rows: list[dict]) -> str:
    columns = list(rows[0])
    lines = ["| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
    lines += ["| " + " | ".join(str(row[c]) for c in columns) + " |" for row in rows]
    return "\n".join(lines)


def _int_list(text: str) -> list[int]:
    """``"1,4"`` -> [1, 4], for argparse (a clear message for anything else)."""
    try:
        values = [int(v) for v in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"not a comma-separated list of integers: {text!r}"
        ) from None
    if any(v < 1 for v in values):
        raise argparse.ArgumentTypeError(f"every value must be at least 1: {text!r}")
    return values


def main(argv: list[str] | None = None) -> None:
    """``python -m hexswarm.engine.tools.search_bench``: the searches' table, or one study."""
    parser = argparse.ArgumentParser(
        prog="python -m hexswarm.engine.tools.search_bench",
        description="Search benchmarks: playouts a second of every search (default), or one "
        "study of where a search's time goes.",
    )
    parser.add_argument("--quick", action="store_true", help="smaller budgets")
    study = parser.add_mutually_exclusive_group()
    study.add_argument("--phases", action="store_true", help="the time of each search phase")
    study.add_argument("--time", action="store_true", help="timed searches' durations")
    study.add_argument("--uct", action="store_true", help="UCT's overhead over raw playouts")
    study.add_argument("--anthill", action="store_true", help="the anthill's overhead")
    study.add_argument("--sdst-tests", action="store_true", help="SDST's test overhead")
    parser.add_argument(
        "--leaf-playouts", type=_int_list, help="--uct (default 1) or --anthill (default 1,8)"
    )
    parser.add_argument("--tests", type=_int_list, default=[1, 64], help="--anthill: 1,64")
    parser.add_argument(
        "--test-playouts", type=_int_list, default=[1, 4, 8], help="--sdst-tests: 1,4,8"
    )
    options = parser.parse_args(argv)
    quick = options.quick
    if options.phases:
        print(_phases_table(quick))
    elif options.uct or options.anthill:
        # One row per size and per setting: playouts from each leaf (and, for the anthill,
        # root agents tested a descent).
        leaf_playouts = options.leaf_playouts or ([1, 8] if options.anthill else [1])
        configs = (
            [AnthillConfig(leaf_playouts=k, tests=t) for k in leaf_playouts for t in options.tests]
            if options.anthill
            else [UctConfig(leaf_playouts=k) for k in leaf_playouts]
        )
        rows = []
        for config in configs:
            rows += tree_overhead(playouts=20_000 if quick else 100_000, config=config)
        print(_dict_table(rows))
    elif options.sdst_tests:
        budgets = (10_000, 10) if quick else ()
        print(_dict_table(sdst_test_overhead(options.test_playouts, *budgets)))
    elif options.time:
        print(_dict_table(timed_search_durations(moves=1 if quick else 3)))
    else:
        print(format_rows(run_search_benchmarks(quick=quick)))


if __name__ == "__main__":
    main()

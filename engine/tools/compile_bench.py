"""How long each kernel group takes to compile on a cold cache, and to load from a warm one.

    python -m hexswarm.engine.tools.compile_bench [--cache DIR] [--keep] [--signatures]

Runs every group of :data:`engine.warmup.GROUP_KEYS` in order in one fresh process on an empty
numba cache (``--cache``, default a temporary folder, deleted afterwards unless ``--keep``),
then again in a second fresh process that loads them all from that cache, and prints one line
per group: compile seconds, load seconds. Groups share kernels, so a group's compile time
depends on the groups before it (the order of :func:`engine.warmup.warm_up`). The header
names the machine, the date and the load average (the machines are shared: compare runs
made one after the other). ``--signatures`` then lists every kernel the cold run compiled,
with how many versions (signatures) of it and numba's compile seconds of each (inclusive:
a kernel's callees compile while it does), slowest first: a kernel compiled more than once
is a specialisation to question.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time


def compiled_versions() -> list[tuple[str, int, list[float]]]:
    """Every kernel of ``hexswarm.engine.kernels`` compiled or loaded in this process: (module
    and name, versions, numba's compile seconds of each version)."""
    from numba.core.registry import CPUDispatcher

    kernels = []
    for module_name, module in sorted(sys.modules.items()):
        if not module_name.startswith("hexswarm.engine.kernels."):
            continue
        for name, value in sorted(vars(module).items()):
            if not isinstance(value, CPUDispatcher) or value.py_func.__module__ != module_name:
                continue
            # A version loaded from the cache has no metadata: 0 seconds. (getattr: numba
            # declares CompileResult's fields at run time, out of a type checker's sight.)
            seconds = [
                (getattr(result, "metadata", None) or {})
                .get("timers", {})
                .get("compiler_lock", 0.0)
                for result in value.overloads.values()
            ]
            if seconds:
                kernels.append((f"{module_name.rsplit('.', 1)[1]}.{name}", len(seconds), seconds))
    return kernels


def _time_groups() -> None:
    """In the child: time each group, print one JSON line ``{"import": [wall s, CPU s],
    "groups": {key: [wall s, CPU s]}, "kernels": [[name, versions, [compile s]]]}``."""

    def clocks() -> tuple[float, float]:
        return time.perf_counter(), time.process_time()

    def since(start: tuple[float, float]) -> list[float]:
        return [now - then for now, then in zip(clocks(), start, strict=True)]

    started = clocks()
    import numba  # noqa: F401 - timed: part of what a start pays
    from hexswarm.engine.warmup import kernel_groups

    groups: dict[str, list[float]] = {}
    result = {"import": since(started), "groups": groups}
    for group in kernel_groups():
        started = clocks()
        group.run()
        groups[group.key] = since(started)
    result["kernels"] = compiled_versions()
    print(json.dumps(result))


def _run_child(cache: str) -> dict:
    env = dict(os.environ, NUMBA_CACHE_DIR=cache)
    output = subprocess.run(
        [sys.executable, "-m", "hexswarm.engine.tools.compile_bench", "--child"],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return json.loads(output.strip().splitlines()[-1])


def _load_average() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:  # pragma: no cover - not on every platform
        return "unknown"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cache", help="numba cache folder to fill (must be empty or missing)")
    parser.add_argument("--keep", action="store_true", help="keep the cache folder afterwards")
    parser.add_argument(
        "--signatures", action="store_true", help="list each kernel's compiled versions too"
    )
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    arguments = parser.parse_args(argv)
    if arguments.child:
        _time_groups()
        return 0
    import numba
    from hexswarm.engine.warmup import GROUP_LABELS

    cache = arguments.cache or tempfile.mkdtemp(prefix="hexswarm-compile-bench-")
    if os.path.isdir(cache) and os.listdir(cache):
        parser.error(f"the cache folder {cache} is not empty: a cold compile needs an empty one")
    print(f"# machine: {platform.node()}, {os.cpu_count()} cores, {platform.processor() or ''}")
    print(f"# python {platform.python_version()}, numba {numba.__version__}")
    print(f"# date: {time.strftime('%Y-%m-%d %H:%M:%S %Z')}, load before: {_load_average()}")
    try:
        cold = _run_child(cache)
        warm = _run_child(cache)
    finally:
        if not arguments.keep and not arguments.cache:
            shutil.rmtree(cache, ignore_errors=True)
    print(f"# load after: {_load_average()}")
    print(f"{'group':<52} {'compile s':>10} {'(CPU s)':>8} {'load s':>8} {'(CPU s)':>8}")

    def line(label: str, compiled: list[float], loaded: list[float]) -> None:
        print(
            f"{label:<52} {compiled[0]:10.2f} {compiled[1]:8.2f} {loaded[0]:8.2f} {loaded[1]:8.2f}"
        )

    line("(import numba)", cold["import"], warm["import"])
    for key, label in GROUP_LABELS.items():
        line(label, cold["groups"][key], warm["groups"][key])
    totals = [
        [sum(times[i] for times in run["groups"].values()) for i in (0, 1)] for run in (cold, warm)
    ]
    line("total", *totals)
    if arguments.signatures:
        kernels = sorted(cold["kernels"], key=lambda kernel: -sum(kernel[2]))
        versions = sum(count for _name, count, _seconds in kernels)
        print(f"# {len(kernels)} kernels, {versions} compiled versions (cold run)")
        print(f"{'kernel':<52} {'versions':>8}  compile s of each (inclusive of callees)")
        for name, count, seconds in kernels:
            print(f"{name:<52} {count:8}  {' '.join(f'{s:.2f}' for s in seconds)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Compile (or load from numba's cache) every kernel before the first search needs it.

numba compiles on first call and holds a lock while it does: a search started before warm-up
would freeze for seconds. Call :func:`warm_up` once at start-up, e.g. behind a splash screen.
A cold start compiles for minutes on one core; ``processes`` compiles the kernel groups side
by side in worker processes, which fill numba's on-disk cache for this one to load.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait

Progress = Callable[[int, int, str], None]

# The group that compiles longest goes first, so that the others fill the remaining workers
# (measured on a cold cache: knowledge playouts 59 s of 154 s; the rest 0-33 s each).
_LONGEST_FIRST = ("knowledge playouts",)


def _steps() -> list[tuple[str, Callable[[], None]]]:
    from hexswarm.engine import playout

    steps: list[tuple[str, Callable[[], None]]] = [("playout kernels", playout.warm_up)]
    try:
        from hexswarm.engine import search
    except ImportError:  # pragma: no cover - the search package is always shipped
        return steps
    # One step per kernel group, so a splash screen can say what is being compiled.
    steps.extend(search.warm_up_steps())
    from hexswarm.engine import solver

    steps.append(("solver kernels", solver.warm_up))
    return steps


def cache_is_cold(directory: str | os.PathLike | None) -> bool:
    """Whether numba's cache ``directory`` holds nothing yet (a first start, a new version):
    only then do worker processes pay off; loading a warm cache takes a second or two."""
    if directory is None:
        return False
    try:
        with os.scandir(directory) as entries:
            return next(entries, None) is None
    except FileNotFoundError:
        return True


def default_processes() -> int:
    """Worker processes for a cold start: one per core, at most four; one (compile here)
    inside a frozen bundle, whose executable cannot be started as a plain Python worker."""
    if getattr(sys, "frozen", False):
        return 1
    return max(1, min(4, os.cpu_count() or 1))


def warm_up(progress: Progress | None = None, *, processes: int = 1) -> None:
    """Compile or load every kernel; report ``progress(step, total, label)`` and
    ``progress(total, total, "ready")`` at the end. Safe to call from any thread.

    With ``processes`` = 1 each step is reported before it runs. With more, the groups compile
    in that many worker processes (writing numba's cache, which must then be a directory every
    process shares: the default or ``NUMBA_CACHE_DIR``); ``step`` counts the groups done and
    ``label`` names those still compiling. This process then loads them all from the cache."""
    steps = _steps()
    total = len(steps)
    if processes > 1 and total > 1:
        _compile_in_processes(steps, processes, progress)
    for index, (label, run) in enumerate(steps):
        if progress is not None and processes <= 1:
            progress(index, total, label)
        run()
    if progress is not None:
        progress(total, total, "ready")


def _run_step(index: int) -> None:
    """In a worker process: run warm-up step ``index`` (compiling it into the shared cache).

    numba's ``NumbaIRAssumptionWarning`` fails the step: an inlined kernel that drew it was
    once miscompiled (issue 13). The calling process then compiles the group itself, where the
    warning shows (and where the tests turn it into an error)."""
    import warnings

    from numba.core.errors import NumbaIRAssumptionWarning

    with warnings.catch_warnings():
        warnings.simplefilter("error", NumbaIRAssumptionWarning)
        _steps()[index][1]()


def _compile_in_processes(
    steps: list[tuple[str, Callable[[], None]]], processes: int, progress: Progress | None
) -> None:
    import multiprocessing

    labels = [label for label, _ in steps]
    order = sorted(range(len(steps)), key=lambda i: labels[i] not in _LONGEST_FIRST)
    # spawn, not fork: the caller may run threads (Qt), which a forked child must not inherit.
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=min(processes, len(steps)), mp_context=context) as pool:
        pending: dict[Future, int] = {pool.submit(_run_step, i): i for i in order}
        done = 0

        def report() -> None:
            if progress is not None and pending:
                # The pool starts the groups in the order they were submitted.
                running = list(pending.values())[:processes]
                progress(done, len(steps), ", ".join(labels[i] for i in running))

        report()
        while pending:
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                pending.pop(future)
                # A worker's failure is not fatal here: this process compiles that group
                # itself afterwards and raises there if it really cannot.
                future.exception()
                done += 1
                report()

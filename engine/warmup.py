"""Compile (or load from numba's cache) every kernel before the first search needs it.

numba compiles on first call and holds a lock while it does: a search started before warm-up
would freeze for seconds. Call :func:`warm_up` once at start-up, e.g. behind a splash screen.
"""

from __future__ import annotations

from collections.abc import Callable

Progress = Callable[[int, int, str], None]


def _steps() -> list[tuple[str, Callable[[], None]]]:
    from engine import playout

    steps: list[tuple[str, Callable[[], None]]] = [("playout kernels", playout.warm_up)]
    try:
        from engine import search
    except ImportError:  # pragma: no cover - the search package is always shipped
        return steps
    # One step per kernel group, so a splash screen can say what is being compiled.
    steps.extend(search.warm_up_steps())
    from engine import solver

    steps.append(("solver kernels", solver.warm_up))
    return steps


def warm_up(progress: Progress | None = None) -> None:
    """Compile or load every kernel; report ``progress(step, total, label)`` before each step
    and ``progress(total, total, "ready")`` at the end. Safe to call from any thread."""
    steps = _steps()
    for index, (label, run) in enumerate(steps):
        if progress is not None:
            progress(index, len(steps), label)
        run()
    if progress is not None:
        progress(len(steps), len(steps), "ready")

"""Cold CPU seconds of the kernel warm-up, in this fresh process on the (empty) numba cache of
``NUMBA_CACHE_DIR``, for ``compile_warm_up.sh``.

    python warm_up_cpu.py LABEL strong        # the groups the default preset needs, here
    python warm_up_cpu.py LABEL first-start   # every group, as the application's first start

``strong`` runs ``groups_for_spec("strong")`` one after the other in this process (what
``hexswarm-gtp`` does for the default AI). ``first-start`` runs :class:`BackgroundWarmUp` as the
application does on an empty cache: ``default_processes()`` worker processes compile the groups,
the default AI's first, and this process loads each one. CPU seconds are this process's and its
reaped children's (the workers are ended and joined when the plan ends), imports included.
"""

import os
import resource
import sys
import time


def cpu(who: int) -> float:
    """CPU seconds of this process (``RUSAGE_SELF``) or of its reaped children (the workers)."""
    usage = resource.getrusage(who)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    label, mode = sys.argv[1], sys.argv[2]
    assert not os.listdir(os.environ["NUMBA_CACHE_DIR"]), "a cold run needs an empty cache"
    wall = time.perf_counter()
    from hexswarm.engine.warmup import (  # timed: imports are part of a start
        BackgroundWarmUp,
        default_processes,
        groups_for_spec,
        run_group,
    )

    first = groups_for_spec("strong")
    if mode == "strong":
        for key in first:
            run_group(key)
        detail = " ".join(first)
    elif mode == "first-start":
        processes = default_processes()
        background = BackgroundWarmUp(processes=processes, cache_dir=None, first=first)
        background.start()
        assert background.join(7200) and not background.errors, background.errors
        ready = sorted(background.seconds.items(), key=lambda item: item[1])
        detail = f"{processes} workers; ready at " + " ".join(f"{k}={s:.0f}" for k, s in ready)
    else:
        raise SystemExit(f"unknown mode {mode!r}")
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    own, workers = cpu(resource.RUSAGE_SELF), cpu(resource.RUSAGE_CHILDREN)
    print(
        f"{label} {mode}: {own + workers:.1f} CPU s (this process {own:.1f}, workers"
        f" {workers:.1f}), {time.perf_counter() - wall:.1f} s wall (load after {load}); {detail}",
        flush=True,
    )


if __name__ == "__main__":  # the warm-up's spawned workers import this file again
    main()

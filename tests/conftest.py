"""Shared test set-up: Qt off screen and a private numba cache, before anything imports them.

* ``QT_QPA_PLATFORM=offscreen`` so GUI tests never need a display (set only if unset, so a
  developer can still watch tests on a real screen with ``QT_QPA_PLATFORM=xcb``).
* ``NUMBA_CACHE_DIR``: numba's cache must not be written next to the sources of an installed
  package (read-only, or shared by several checkouts); when the caller did not choose a
  directory, tests use the application's (``engine.warmup.configure_numba_cache``: per user,
  named by the release and the kernel sources' fingerprint, so a kernel edit never meets
  machine code compiled before it), and the kernels compiled for the tests serve the
  application too, and the other way round.
* numba's ``NumbaIRAssumptionWarning`` is an error: it came from an inlined function whose IR
  numba's own checks found inconsistent, and once that code was wrong (UCT, issue 13). Every
  kernel compiles during the first run after a kernel edit (and in CI), so any kernel that
  draws it fails the tests that compile it.
* hypothesis runs without its per-example deadline (200 ms by default): on a loaded 2-core
  machine a geometry example took 493 ms, and how long an example takes is no behaviour of ours
  (timings are for the benchmarks, never the tests).
"""

from __future__ import annotations

import os

from hypothesis import settings as hypothesis_settings

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
hypothesis_settings.register_profile("hexswarm", deadline=None)
hypothesis_settings.load_profile("hexswarm")
if "NUMBA_CACHE_DIR" not in os.environ:
    from hexswarm.engine.warmup import configure_numba_cache

    configure_numba_cache()


def pytest_configure(config) -> None:
    """A cold numba cache (a fresh clone, CI): compile every kernel group before the first
    test, side by side in one process per core; tests then load them from the cache instead
    of compiling them one after another in this process as they first need them.

    ``NumbaIRAssumptionWarning`` is an error in the tests and in this warm-up (a worker that
    draws it fails its group, which this process then compiles itself and raises)."""
    import warnings

    from hexswarm.engine.warmup import cache_is_cold, default_processes, warm_up
    from numba.core.errors import NumbaIRAssumptionWarning

    config.addinivalue_line("filterwarnings", "error::numba.core.errors.NumbaIRAssumptionWarning")
    processes = default_processes()
    if processes > 1 and cache_is_cold(os.environ.get("NUMBA_CACHE_DIR")):
        print(f"\ncold numba cache: compiling the kernels in {processes} processes first")
        with warnings.catch_warnings():
            warnings.simplefilter("error", NumbaIRAssumptionWarning)
            warm_up(processes=processes)

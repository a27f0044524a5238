"""One place for the JIT flags every kernel uses.

``nogil`` lets a search run on a worker thread while the GUI thread keeps painting;
``cache`` keeps the compiled machine code on disk so a second start does not recompile.
"""

import numba

JIT_OPTIONS = {"nogil": True, "cache": True, "fastmath": False, "error_model": "numpy"}


def jit(function):
    """``numba.njit`` with the project's flags."""
    return numba.njit(**JIT_OPTIONS)(function)


def inline_jit(function):
    """For small helpers called in hot loops: numba inlines them into the caller, which removes
    the call and, above all, the reference-count updates of every array passed (an environment
    tuple holds ten arrays: a plain call to a one-line helper cost ~130 ns)."""
    return numba.njit(**JIT_OPTIONS, inline="always")(function)

"""One place for the JIT flags every kernel uses.

``nogil`` lets a search run on a worker thread while the GUI thread keeps painting;
``cache`` keeps the compiled machine code on disk so a second start does not recompile.
"""

import numba

JIT_OPTIONS = {"nogil": True, "cache": True, "fastmath": False, "error_model": "numpy"}


def jit(function):
    """``numba.njit`` with the project's flags."""
    return numba.njit(**JIT_OPTIONS)(function)

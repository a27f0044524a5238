"""One place for the JIT flags every kernel uses.

``nogil`` lets a search run on a worker thread while the GUI thread keeps painting;
``cache`` keeps the compiled machine code on disk so a second start does not recompile.
"""

import numba

JIT_OPTIONS = {"nogil": True, "cache": True, "fastmath": False, "error_model": "numpy"}


def jit(function=None, **extra):
    """``numba.njit`` with the project's flags; ``@jit`` or ``@jit(inline="always")``."""
    if function is None:
        return lambda f: numba.njit(**JIT_OPTIONS, **extra)(f)
    return numba.njit(**JIT_OPTIONS)(function)

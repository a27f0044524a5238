"""One place for the JIT flags every kernel uses, and where their compiled code is kept.

``nogil`` lets a search run on a worker thread while the GUI thread keeps painting;
``cache`` keeps the compiled machine code on disk so a second start does not recompile.
"""

from pathlib import Path
from typing import Any

import numba
from numba.core import caching, types

JIT_OPTIONS = {"nogil": True, "cache": True, "fastmath": False, "error_model": "numpy"}

_KERNELS = Path(__file__).resolve().parent


# numba's private cache API: another numba may lack this class (see below).
_LocatorBase: Any = getattr(caching, "UserProvidedCacheLocator", object)


class _InstalledAnywhereLocator(_LocatorBase):
    """Keeps these kernels in ``NUMBA_CACHE_DIR`` under a folder named for this package,
    not for the folder it is installed in (numba's default: a hash of the absolute path).

    The same kernel sources then share one cache wherever they are installed: the editable
    checkout the application runs from and the wheel ``./hexswarm.sh test`` installs (whose
    tests once compiled everything again into a cache they then deleted), or two checkouts.
    numba checks every cached kernel against a hash of its source file's content, and
    ``NUMBA_CACHE_DIR`` is named by the fingerprint of all kernel sources
    (:func:`engine.kernels.source_fingerprint`), so a changed kernel never meets old code.
    """

    @classmethod
    def get_suitable_cache_subpath(cls, py_file):
        return "hexswarm-engine-kernels"

    @classmethod
    def from_function(cls, py_func, py_file):
        if Path(py_file).resolve().parent != _KERNELS:
            return None
        return super().from_function(py_func, py_file)


# CacheImpl (numba >= 0.61; _CacheImpl before) picks the first locator that takes a function.
_cache_impl = getattr(caching, "CacheImpl", None) or getattr(caching, "_CacheImpl", None)
_locators = getattr(_cache_impl, "_locator_classes", None)
# Another numba whose private cache API differs: its default locators stay (a cache per
# installed folder), which is slower to fill but as correct.
if isinstance(_locators, list) and hasattr(caching, "UserProvidedCacheLocator"):
    _locators.insert(0, _InstalledAnywhereLocator)


def jit(function):
    """``numba.njit`` with the project's flags, compiled for its arguments' plain types only.

    numba compiles a kernel once more for every constant a caller passes it (``f(x, 0)`` and
    ``f(x, 1)`` from jitted code: two compiles, for ``Literal[int](0)`` and ``Literal[int](1)``,
    besides ``int64`` from Python). Here every call from jitted code is typed with the plain
    types (``int64``, ``bool``): knowledge_playout had 10 compiled versions where two (one
    per kind of playout policy) do the same."""
    dispatcher = numba.njit(**JIT_OPTIONS)(function)
    typed = dispatcher.get_call_template

    def get_call_template(args, kws):
        plain = tuple(types.unliteral(a) for a in args)
        return typed(plain, {name: types.unliteral(t) for name, t in kws.items()})

    # numba's type inference asks the called dispatcher for this template (types.Dispatcher).
    dispatcher.get_call_template = get_call_template
    return dispatcher


def inline_jit(function):
    """For small helpers called in hot loops: numba puts the helper's body into the caller,
    which removes the call (LLVM may inline a small called kernel as well).

    It does not remove reference counting: numba binds each argument to the helper's parameter
    as a new reference, so every array of a tuple argument is counted up and down once a call,
    as when the helper is called. A loop reading a tuple of three arrays through a helper took
    29 ns an iteration inlined or called, 12.6 ns with the helper taking the three arrays, 1.8
    ns written out in the loop; an inlined wrapper passing the tuple on to a called kernel 56
    ns: its binding counts the tuple once more (``docs/results/search-api/inline-refcounts.txt``).
    So in a hot loop pass a helper the arrays it reads, not the tuple holding them, and call a
    kernel itself rather than through an inlined wrapper taking the caller's tuples (the swarm
    and UCT playout loops and ``policy_playout_batch`` call ``knowledge_playout`` itself)."""
    return numba.njit(**JIT_OPTIONS, inline="always")(function)

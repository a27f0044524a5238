"""Positional reads of the kernels' tuples, with the tuples found at run time (issue 28).

    NUMBA_CACHE_DIR=... python docs/results/house/positional_reads.py

``tests/engine/test_kernel_layout.py`` counts subscripts by an integer literal (``env[7]``,
``priors[3]``) of the variables that hold the kernels' tuples, by a list of their names. This
script finds those names instead of trusting the list: it runs every warm-up group
(``engine.warmup``) with each compiled kernel's calls from Python watched, and records every
parameter that received a tuple (a named tuple or a plain one), with its type. Then it runs the
test's scan over ``engine/kernels``, ``engine/search`` and ``engine/players`` with those names
added, and prints the reads it finds (the target is 0) and the names the test's list lacks.
Kernels called only from other kernels (and inlined helpers) take the same names from their
callers, so the names of the kernels called from Python cover them.
"""

import inspect
import sys
from collections import defaultdict
from pathlib import Path

from numba.core.registry import CPUDispatcher

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "tests" / "engine"))

seen: dict[str, set[str]] = defaultdict(set)  # parameter name -> the tuple types it received
call = CPUDispatcher.__call__


def watched(self, *args, **kwargs):
    names = list(inspect.signature(self.py_func).parameters)
    for name, value in [*zip(names, args, strict=False), *kwargs.items()]:
        if isinstance(value, tuple):
            kind = type(value).__name__ if type(value) is not tuple else f"tuple[{len(value)}]"
            seen[name].add(kind)
    return call(self, *args, **kwargs)


CPUDispatcher.__call__ = watched

from hexswarm.engine.warmup import kernel_groups  # noqa: E402
from test_kernel_layout import FILE_LAYOUT_NAMES, LAYOUT_NAMES, positional_reads  # noqa: E402

for group in kernel_groups():
    group.run()
CPUDispatcher.__call__ = call

print("parameters of kernels called from Python that received tuples:")
for name in sorted(seen):
    listed = name in LAYOUT_NAMES or any(name in n for n in FILE_LAYOUT_NAMES.values())
    print(f"  {name}: {', '.join(sorted(seen[name]))}{'' if listed else '  (not in the list)'}")
reads = positional_reads(ROOT, LAYOUT_NAMES | set(seen))
print(f"positional reads of these and the test's names: {len(reads)}")
for file, line, text in reads:
    print(f"  {file}:{line}: {text}")

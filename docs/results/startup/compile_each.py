"""CPU seconds to compile each version of a kernel listed in a numba cache index, in its order,
in this process on an empty cache (the first compile includes the kernels it calls).

    python compile_each.py MODULE KERNEL INDEX.nbi
"""

import importlib
import os
import pickle
import sys
import tempfile
import time

os.environ["NUMBA_CACHE_DIR"] = tempfile.mkdtemp(prefix="compile-each-")
module, name, index_path = sys.argv[1:4]
with open(index_path, "rb") as index:
    pickle.load(index)  # numba's version
    _stamp, overloads = pickle.loads(index.read())
kernel = getattr(importlib.import_module(module), name)


def unusual(argument) -> bool:
    """The argument types that differ from the plain ones of the kernel's main version."""
    text = str(argument)
    return "Literal" in text or text in ("int32", "UniTuple(int64 x 1)")


for key in overloads:
    arguments = key[0]
    wall, cpu = time.perf_counter(), time.process_time()
    kernel.compile(arguments)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    names = ", ".join(str(a)[:24] for a in arguments if unusual(a))
    print(f"{cpu:7.2f} s CPU {wall:7.2f} s wall  {names}", flush=True)

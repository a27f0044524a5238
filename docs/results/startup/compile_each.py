"""CPU seconds to compile each version of a kernel found in a numba cache index, in order,
in this process on an empty cache (the first compile includes the kernels it calls)."""
import os, pickle, sys, tempfile, time, glob
os.environ["NUMBA_CACHE_DIR"] = tempfile.mkdtemp(prefix="h3-each-")
import importlib
module, name, index = sys.argv[1], sys.argv[2], sys.argv[3]
with open(index, "rb") as f:
    pickle.load(f); stamp, overloads = pickle.loads(f.read())
kernel = getattr(importlib.import_module(module), name)
for key in overloads:
    args = key[0]
    wall, cpu = time.perf_counter(), time.process_time()
    kernel.compile(args)
    print(f"{time.process_time() - cpu:7.2f} s CPU {time.perf_counter() - wall:7.2f} s wall  "
          + ", ".join(str(a)[:24] for a in args if "Literal" in str(a) or str(a) in ("int32",) or "UniTuple(int64 x 1)" == str(a)), flush=True)

"""A search to attach gdb to: warm up, write the NRT functions' and the kernels' addresses,
then run the case until killed.

    NUMBA_CACHE_DIR=CACHE python target.py ../descent_workloads.py 'uct 9' t.json
    # t.json.ready holds the pid once the addresses are written
"""

import gc
import json
import os
import sys

from case import warmed_case

run = warmed_case(sys.argv[1], sys.argv[2])
from numba.core.registry import CPUDispatcher  # noqa: E402 (after the kernels loaded)
from numba.core.runtime import rtsys  # noqa: E402

library = rtsys.library
out = {name: library.get_pointer_to_function(name) for name in ("NRT_incref", "NRT_decref")}
for obj in gc.get_objects():
    if isinstance(obj, CPUDispatcher):
        for compiled in obj.overloads.values():
            name = compiled.fndesc.mangled_name
            try:
                address = compiled.library.get_pointer_to_function(name)
            except Exception:  # noqa: BLE001 (a library without that symbol: skipped)
                continue
            out[f"{obj.py_func.__name__}|{name}"] = address
with open(sys.argv[3], "w") as file:
    json.dump(out, file)
with open(sys.argv[3] + ".ready", "w") as file:
    file.write(str(os.getpid()))
while True:
    run()

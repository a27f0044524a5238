"""For perf: compile the case in this process (a fresh NUMBA_CACHE_DIR), write the address of
every compiled function of every library it touched, then run the case REPEAT times.

    NUMBA_CACHE_DIR=fresh python symbols.py ../descent_workloads.py 'uct 9' perf-LABEL.json
"""

import gc
import json
import os
import sys
import time

from case import warmed_case

run = warmed_case(sys.argv[1], sys.argv[2])
from numba.core.registry import CPUDispatcher  # noqa: E402 (after the kernels compiled)

symbols = {}
for obj in gc.get_objects():
    if isinstance(obj, CPUDispatcher):
        for compiled in obj.overloads.values():
            library = compiled.library
            module = getattr(library, "_final_module", None)
            if module is None:
                continue
            for function in module.functions:
                if function.is_declaration:
                    continue
                try:
                    address = library.get_pointer_to_function(function.name)
                except Exception:  # noqa: BLE001 (not in the library's symbols: skipped)
                    continue
                if address:
                    symbols[function.name] = address
with open(sys.argv[3], "w") as file:
    json.dump(symbols, file)
print(len(symbols), "symbols; pid", os.getpid(), flush=True)
with open(sys.argv[3] + ".ready", "w") as file:
    file.write(str(os.getpid()))
time.sleep(3)
for _ in range(int(os.environ.get("REPEAT", "6"))):
    run()
print("done", flush=True)

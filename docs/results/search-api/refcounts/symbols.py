"""symbols.py WORKLOADS 'uct 9' OUT: compile in-process (no cache), write the JIT symbols'
addresses (name, address) of every library the case touched, then run the case 3x for perf."""
import os, sys, time, importlib.util, json
spec = importlib.util.spec_from_file_location("w", sys.argv[1]); w = importlib.util.module_from_spec(spec); spec.loader.exec_module(w)
case = next(c for c in w.CASES if f"{c[0]} {c[1]}" == sys.argv[2])
run = w.workload(case); run()
import numba
from numba.core.registry import CPUDispatcher
import gc
syms = {}
for obj in gc.get_objects():
    if isinstance(obj, CPUDispatcher):
        for cres in obj.overloads.values():
            lib = cres.library
            mod = getattr(lib, "_final_module", None)
            if mod is None: continue
            for fn in mod.functions:
                if fn.is_declaration: continue
                try:
                    addr = lib.get_pointer_to_function(fn.name)
                except Exception:
                    continue
                if addr: syms[fn.name] = addr
json.dump(syms, open(sys.argv[3], "w"))
print(len(syms), "symbols; pid", os.getpid(), flush=True)
open(sys.argv[3] + ".ready", "w").write(str(os.getpid()))
time.sleep(3)
for _ in range(int(os.environ.get("REPEAT", "6"))):
    run()
print("done", flush=True)

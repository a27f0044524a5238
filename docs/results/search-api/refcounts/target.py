"""target.py WORKLOADS 'uct 9': warm up, print the NRT and kernel addresses, then loop the case."""
import os, sys, time, importlib.util, json
spec = importlib.util.spec_from_file_location("w", sys.argv[1]); w = importlib.util.module_from_spec(spec); spec.loader.exec_module(w)
case = next(c for c in w.CASES if f"{c[0]} {c[1]}" == sys.argv[2])
run = w.workload(case); run()
from numba.core.runtime import rtsys
lib = rtsys.library
out = {"NRT_incref": lib.get_pointer_to_function("NRT_incref"), "NRT_decref": lib.get_pointer_to_function("NRT_decref")}
import gc
from numba.core.registry import CPUDispatcher
for obj in gc.get_objects():
    if isinstance(obj, CPUDispatcher):
        for cres in obj.overloads.values():
            try:
                out[obj.py_func.__name__ + "|" + cres.fndesc.mangled_name] = cres.library.get_pointer_to_function(cres.fndesc.mangled_name)
            except Exception as e:
                pass
json.dump(out, open(sys.argv[3], "w"))
open(sys.argv[3] + ".ready", "w").write(str(os.getpid()))
print("descents per run", flush=True)
while True:
    run()

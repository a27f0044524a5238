"""Which kernels (and how many versions) each kernel group compiles, the groups named run one
after the other in this process; numba's compile seconds of each new version (inclusive).

    NUMBA_CACHE_DIR=$(mktemp -d) python which_kernels.py GROUP [GROUP ...]
"""

import sys
import time

from hexswarm.engine.tools.compile_bench import compiled_versions
from hexswarm.engine.warmup import run_group


def snapshot():
    return {name: (n, s) for name, n, s in compiled_versions()}


before = snapshot()
for key in sys.argv[1:]:
    t = time.process_time()
    run_group(key)
    cpu = time.process_time() - t
    now = snapshot()
    print(f"== group {key}: {cpu:.1f} CPU s; kernels compiled (new versions):")
    for name, (n, s) in sorted(now.items()):
        old = before.get(name, (0, []))[0]
        if n > old:
            print(f"   {name}: +{n - old} version(s), {sum(s[old:]):.2f} s")
    before = now

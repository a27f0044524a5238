"""Reference-count call sites (NRT_incref, NRT_decref) in the optimised LLVM IR of the swarm's
playout loop, ``engine.kernels.sds.evaluate_tests``, for each playout policy type (uniform,
knowledge), compiled fresh by a one-iteration MCSDS search from the empty 9x9 board.

    NUMBA_CACHE_DIR=$(mktemp -d) CHECKOUT/.venv/bin/python swarm_ir_refcounts.py
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import swarm_workloads  # noqa: E402
from hexswarm.engine.kernels import sds  # noqa: E402

for policy in ("uniform", "template"):
    swarm_workloads.workload(("mcsds", "9", policy, "1"))()
for signature, ir in sds.evaluate_tests.inspect_llvm().items():
    policy = "uniform" if "UniformPolicy" in str(signature) else "knowledge"
    print(
        f"{policy}: NRT_incref call sites {ir.count('call void @NRT_incref')}, "
        f"NRT_decref call sites {ir.count('call void @NRT_decref')}, IR lines {ir.count(chr(10))}"
    )

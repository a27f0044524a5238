"""What numba's ``inline="always"`` (``engine.kernels.jit.inline_jit``) leaves of reference
counting: the NRT_incref/NRT_decref call sites in the optimised LLVM IR of a kernel looping
over a helper that reads a tuple of three arrays, and the CPU nanoseconds of one iteration
(best of 5 runs of 5 000 000), for the body written out in the loop, the helper called, the
helper inlined (taking the tuple, or its three arrays) and an inlined wrapper passing the tuple
on to the called helper (as ``engine.kernels.knowledge.policy_playout`` does).

    NUMBA_CACHE_DIR=$(mktemp -d) python docs/results/search-api/inline_refcounts.py
"""

import re
import time

import numba
import numpy as np
from hexswarm.engine.kernels.jit import inline_jit, jit


@jit
def reads(t, i):  # a called kernel taking a tuple of three arrays
    x = t[0][i] + 2 * t[1][i]
    if x > 0:
        x += 3 * t[2][i]
    return x


@inline_jit
def inline_reads(t, i):  # the same body, inlined
    x = t[0][i] + 2 * t[1][i]
    if x > 0:
        x += 3 * t[2][i]
    return x


@inline_jit
def inline_forwards(t, i):  # an inlined wrapper calling the kernel (as policy_playout did)
    if len(t) == 3:
        return reads(t, i)
    return 0.0


@inline_jit
def inline_reads_arrays(a0, a1, a2, i):  # the same body taking the arrays, inlined
    x = a0[i] + 2 * a1[i]
    if x > 0:
        x += 3 * a2[i]
    return x


def written_out():
    def k(t, n):
        s = 0.0
        for i in range(n):
            x = t[0][i] + 2 * t[1][i]
            if x > 0:
                x += 3 * t[2][i]
            s += x
        return s

    return numba.njit(nogil=True)(k)


def loop_arrays(helper):
    def k(t, n):
        s = 0.0
        for i in range(n):
            s += helper(t[0], t[1], t[2], i)
        return s

    return numba.njit(nogil=True)(k)


def loop(helper):
    def k(t, n):
        s = 0.0
        for i in range(n):
            s += helper(t, i)
        return s

    return numba.njit(nogil=True)(k)


t = (np.ones(5_000_000), np.ones(5_000_000), np.ones(5_000_000))
print("numba", numba.__version__)
for name, k in (
    ("body written out in the loop", written_out()),
    ("called kernel (tuple)", loop(reads)),
    ("inlined helper (tuple)", loop(inline_reads)),
    ("inlined helper (three arrays)", loop_arrays(inline_reads_arrays)),
    ("inlined wrapper calling the kernel", loop(inline_forwards)),
):  # the kernel's own function in the module (its Python wrapper follows it)
    k(t, 8)
    ir = next(iter(k.inspect_llvm().values()))
    cpu = []
    for _ in range(5):
        start = time.process_time()
        k(t, 5_000_000)
        cpu.append(time.process_time() - start)
    ns = min(cpu) / 5_000_000 * 1e9
    body = re.search(r"^define [^\n]*_3clocals_3e1k[^\n]*\n.*?^\}", ir, re.S | re.M).group(0)
    counts = {name: body.count(f"@{name}(") for name in ("NRT_incref", "NRT_decref")}
    print(
        f"{name:36s} NRT_incref {counts['NRT_incref']:2d}  NRT_decref {counts['NRT_decref']:2d}"
        f"  calls of the kernel {body.count('5reads')}  {ns:.1f} ns an iteration"
    )

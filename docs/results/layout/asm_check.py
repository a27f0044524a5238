"""Does numba generate the same code for a named tuple as for a plain tuple? (sanity check)"""

import re
from typing import NamedTuple

import numba
import numpy as np


class Pair(NamedTuple):
    cells: np.ndarray
    size: int


@numba.njit
def plain(t):
    s = 0
    for i in range(t[1]):
        s += t[0][i]
    return s


@numba.njit
def named(t):
    s = 0
    for i in range(t.size):
        s += t.cells[i]
    return s


a = np.arange(10)
assert plain((a, 10)) == named(Pair(a, 10))


def body(f):
    asm = list(f.inspect_asm().values())[0]
    lines = [
        l.strip() for l in asm.splitlines() if l.strip() and not l.strip().startswith((".", "#"))
    ]
    return [re.sub(r"_ZN\S+|\b\w*(plain|named)\w*\b", "SYM", l) for l in lines]


p, n = body(plain), body(named)
print("instructions:", len(p), len(n), "identical:", p == n)

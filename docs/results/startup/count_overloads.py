"""Count the compiled versions (overloads) per kernel in two numba cache folders.

python count_overloads.py BEFORE_CACHE AFTER_CACHE
"""

import glob
import os
import pickle
import sys


def count(folder: str) -> tuple[int, dict[str, int]]:
    per_kernel = {}
    for path in sorted(glob.glob(os.path.join(folder, "*", "*.nbi"))):
        with open(path, "rb") as index:
            pickle.load(index)  # numba's version
            _stamp, overloads = pickle.loads(index.read())
        per_kernel[os.path.basename(path).rsplit("-", 1)[0]] = len(overloads)
    return sum(per_kernel.values()), per_kernel


before_total, before = count(sys.argv[1])
after_total, after = count(sys.argv[2])
print(
    f"compiled versions: {before_total} before, {after_total} after "
    f"({len(before)} and {len(after)} kernels)"
)
for name in sorted(set(before) | set(after), key=lambda n: after.get(n, 0) - before.get(n, 0)):
    if before.get(name, 0) != after.get(name, 0):
        print(f"  {name:40} {before.get(name, 0):3} -> {after.get(name, 0):3}")

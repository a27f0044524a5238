"""Count the compiled versions (overloads) per kernel in a numba cache folder."""
import pickle, sys, os, glob, collections
def count(folder):
    total = 0; per = {}
    for path in sorted(glob.glob(os.path.join(folder, "*", "*.nbi"))):
        with open(path, "rb") as f:
            pickle.load(f); stamp, overloads = pickle.loads(f.read())
        name = os.path.basename(path).rsplit("-", 1)[0]
        per[name] = len(overloads); total += len(overloads)
    return total, per
a_total, a = count(sys.argv[1]); b_total, b = count(sys.argv[2])
print(f"compiled versions: {a_total} before, {b_total} after ({len(a)} and {len(b)} kernels)")
for name in sorted(set(a) | set(b), key=lambda n: -(a.get(n, 0) - b.get(n, 0))):
    if a.get(name, 0) != b.get(name, 0):
        print(f"  {name:40} {a.get(name, 0):3} -> {b.get(name, 0):3}")

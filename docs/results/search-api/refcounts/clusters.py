"""clusters.py FILE: gdbsample.py's return addresses grouped into runs of neighbouring call
sites (one run = one tuple's or one helper's arrays counted up or down together)."""
import sys
rows = []
for line in open(sys.argv[1]):
    k, a, c = line.split()
    rows.append((k, int(a, 16), int(c)))
rows.sort(key=lambda r: r[1])
clusters = []
for k, a, c in rows:
    if clusters and clusters[-1]["kind"] == k and a - clusters[-1]["last"] < 40:
        cl = clusters[-1]
        cl["n"] += 1; cl["hits"] += c; cl["last"] = a; cl["max"] = max(cl["max"], c)
    else:
        clusters.append(dict(kind=k, first=a, last=a, n=1, hits=c, max=c))
tot = sum(c["hits"] for c in clusters)
print(f"{tot} hits; {sum(r[2] for r in rows if r[0] == 'inc')} increments, {sum(r[2] for r in rows if r[0] == 'dec')} decrements")
print("kind first-site sites hits per-site-max share")
for cl in sorted(clusters, key=lambda c: -c["hits"]):
    print(f'{cl["kind"]} {cl["first"]:#x} {cl["n"]:3d} {cl["hits"]:5d} {cl["max"]:4d} {100 * cl["hits"] / tot:4.1f}%')

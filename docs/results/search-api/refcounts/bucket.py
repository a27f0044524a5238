"""bucket.py LABEL: perf samples of the JIT code bucketed by the nearest symbol below each IP."""
import bisect, json, re, sys, collections
l = sys.argv[1]
syms = json.load(open(f"/tmp/speed-h1/prof/perf-{l}.json"))
pairs = sorted((a, n) for n, a in syms.items())
addrs = [a for a, _ in pairs]
def short(n):
    m = re.search(r"kernels\d*(\w+?)B\d+v\d+", n) or re.search(r"(NRT_\w+)", n)
    if n.startswith("NRT_"): return n
    m = re.match(r"_ZN(?:\d+\w+?)*?(\d+)(\w+)", n)
    parts = re.findall(r"(\d+)([A-Za-z_]\w*)", n)
    out, rest = [], n[3:] if n.startswith("_ZN") else n
    i = 0
    while i < len(rest) and rest[i].isdigit():
        j = i
        while rest[j].isdigit(): j += 1
        k = int(rest[i:j]); out.append(rest[j:j + k]); i = j + k
    return ".".join(out[-2:]) if out else n[:60]
counts = collections.Counter()
total = 0
for line in open(f"/tmp/speed-h1/prof/perf-{l}.ips"):
    f = line.split()
    if not f: continue
    ip = int(f[0], 16); total += 1
    sym = " ".join(f[1:])
    if sym and sym != "[unknown]":
        counts["(native) " + sym[:50]] += 1; continue
    i = bisect.bisect_right(addrs, ip) - 1
    if i < 0 or ip - addrs[i] > 200000: counts["(unknown)"] += 1; continue
    counts[short(pairs[i][1])] += 1
for k, v in counts.most_common(25):
    print(f"{v:7d} {100 * v / total:5.1f}%  {k}")
print(total, "samples")

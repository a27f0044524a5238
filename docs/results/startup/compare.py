import re, sys, collections
text = open(sys.argv[1]).read()
blocks = re.split(r"^=== (\w+) .*$", text, flags=re.M)
rows = collections.defaultdict(lambda: collections.defaultdict(list))
for label, body in zip(blocks[1::2], blocks[2::2]):
    lines = [l for l in body.splitlines() if l.startswith("| ") and not l.startswith("| kernel")]
    for l in lines:
        c = [x.strip() for x in l.strip("|").split("|")]
        key = f"{c[0]} {c[1]}x{c[1]} t{c[2]}"
        rows[key][label].append((float(c[12]), float(c[14])))
print(f"{'search':34} {'overhead vs raw playouts (CPU) base':>38} {'new':>16}")
for key, by in rows.items():
    fmt = lambda v: " / ".join(f"{a:.2f}" for a, _ in v)
    print(f"{key:34} {fmt(by['base']):>38} {fmt(by['new']):>16}")

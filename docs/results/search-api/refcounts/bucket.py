"""Perf samples of the compiled code, bucketed by the nearest compiled symbol below each IP.

python bucket.py LABEL    # reads /tmp/speed-h1/prof/perf-LABEL.{json,ips} (perfrun.sh)
"""

import bisect
import collections
import json
import sys

PROF = "/tmp/speed-h1/prof"


def short(name: str) -> str:
    """``module.function`` of a mangled numba symbol (the name itself for NRT functions)."""
    if name.startswith("NRT_"):
        return name
    rest = name[3:] if name.startswith("_ZN") else name
    parts, i = [], 0
    while i < len(rest) and rest[i].isdigit():
        j = i
        while rest[j].isdigit():
            j += 1
        length = int(rest[i:j])
        parts.append(rest[j : j + length])
        i = j + length
    return ".".join(parts[-2:]) if parts else name[:60]


def main() -> None:
    label = sys.argv[1]
    with open(f"{PROF}/perf-{label}.json") as file:
        symbols = json.load(file)
    pairs = sorted((address, name) for name, address in symbols.items())
    addresses = [address for address, _ in pairs]
    counts: collections.Counter = collections.Counter()
    total = 0
    with open(f"{PROF}/perf-{label}.ips") as file:
        for line in file:
            fields = line.split()
            if not fields:
                continue
            ip = int(fields[0], 16)
            total += 1
            symbol = " ".join(fields[1:])
            if symbol and symbol != "[unknown]":
                counts["(native) " + symbol[:50]] += 1
                continue
            i = bisect.bisect_right(addresses, ip) - 1
            if i < 0 or ip - addresses[i] > 200_000:
                counts["(unknown)"] += 1
                continue
            counts[short(pairs[i][1])] += 1
    for key, value in counts.most_common(25):
        print(f"{value:7d} {100 * value / total:5.1f}%  {key}")
    print(total, "samples")


if __name__ == "__main__":
    main()

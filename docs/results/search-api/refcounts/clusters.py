"""gdbsample.py's return addresses grouped into runs of neighbouring call sites (one run: one
tuple's or one helper's arrays counted up or down together).

    python clusters.py gdb-return-addresses-main-uct9.txt > gdb-clusters-main-uct9.txt
"""

import sys


def main() -> None:
    rows = []
    with open(sys.argv[1]) as file:
        for line in file:
            kind, address, count = line.split()
            rows.append((kind, int(address, 16), int(count)))
    rows.sort(key=lambda row: row[1])
    runs: list[dict] = []
    for kind, address, count in rows:
        if runs and runs[-1]["kind"] == kind and address - runs[-1]["last"] < 40:
            run = runs[-1]
            run["sites"] += 1
            run["hits"] += count
            run["last"] = address
            run["max"] = max(run["max"], count)
        else:
            runs.append(
                dict(kind=kind, first=address, last=address, sites=1, hits=count, max=count)
            )
    total = sum(run["hits"] for run in runs)
    increments = sum(row[2] for row in rows if row[0] == "inc")
    decrements = sum(row[2] for row in rows if row[0] == "dec")
    print(f"{total} hits; {increments} increments, {decrements} decrements")
    print("kind first-site sites hits per-site-max share")
    for run in sorted(runs, key=lambda run: -run["hits"]):
        share = 100 * run["hits"] / total
        print(
            f"{run['kind']} {run['first']:#x} {run['sites']:3d} {run['hits']:5d} "
            f"{run['max']:4d} {share:4.1f}%"
        )


if __name__ == "__main__":
    main()

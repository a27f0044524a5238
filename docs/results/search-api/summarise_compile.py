"""The compile_bench pairs of this folder as one table: python summarise_compile.py [FOLDER]."""

import os
import sys

FOLDER = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
PAIRS = (("compile-base.txt", "compile-new.txt"), ("compile-base-2.txt", "compile-final-2.txt"))


def read(path: str) -> dict:
    """Per group label: compile wall s, compile CPU s, load wall s, load CPU s."""
    rows = {}
    with open(path) as lines:
        for line in lines:
            label, numbers = line[:52].strip(), line[52:].split()
            if label and not label.startswith(("#", "group", "Fri")) and len(numbers) == 4:
                rows[label] = [float(x) for x in numbers]
    return rows


tables = [(read(f"{FOLDER}/{b}"), read(f"{FOLDER}/{a}")) for b, a in PAIRS]
print("| group | " + " | ".join(f"round {i + 1}: CPU s" for i in range(len(tables))) + " |")
print("|---|" + "---:|" * len(tables))
for label in tables[0][0]:
    cells = []
    for before, after in tables:
        b, a = before[label][1], after[label][1]
        cells.append(f"{b:.1f} → {a:.1f} ({100 * (a / b - 1) if b else 0:+.0f} %)")
    print(f"| {label} | " + " | ".join(cells) + " |")

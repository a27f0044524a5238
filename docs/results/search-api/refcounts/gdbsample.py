"""Inside gdb: the return addresses of the next HITS calls of NRT_incref and NRT_decref.

    INC=0x... DEC=0x... HITS=6000 OUT=ret.txt gdb -p PID -batch -x gdbsample.py

(``INC`` and ``DEC`` from target.py's JSON; optional ``EXTRA``: more addresses to count.)
"""

import collections
import os

import gdb  # type: ignore[import-not-found]  # gdb's own module

inc, dec, hits = int(os.environ["INC"], 16), int(os.environ["DEC"], 16), int(os.environ["HITS"])
counts: collections.Counter = collections.Counter()
gdb.execute("set pagination off")
gdb.execute(f"break *{inc}")
gdb.execute(f"break *{dec}")
extra = [int(x, 16) for x in os.environ.get("EXTRA", "").split()]
for x in extra:
    gdb.execute(f"break *{x}")
for _ in range(hits):
    gdb.execute("continue", to_string=True)
    pc = int(gdb.parse_and_eval("$pc"))
    ret = int(gdb.parse_and_eval("*(unsigned long*)$rsp"))
    kind = "inc" if pc == inc else "dec" if pc == dec else f"fn{pc:#x}"
    counts[(kind, ret)] += 1
gdb.execute("delete")
with open(os.environ["OUT"], "w") as out:
    for (kind, ret), count in counts.most_common():
        out.write(f"{kind} {ret:#x} {count}\n")
gdb.execute("detach")

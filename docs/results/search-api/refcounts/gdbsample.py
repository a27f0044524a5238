# gdb -p PID -batch -x gdbsample.py  (env: INC, DEC addresses, HITS)
import gdb, os, collections
inc, dec, hits = int(os.environ["INC"], 16), int(os.environ["DEC"], 16), int(os.environ["HITS"])
counts = collections.Counter()
gdb.execute("set pagination off")
gdb.execute(f"break *{inc}")
gdb.execute(f"break *{dec}")
extra = [int(x, 16) for x in os.environ.get("EXTRA", "").split()]
for x in extra: gdb.execute(f"break *{x}")
for _ in range(hits):
    gdb.execute("continue", to_string=True)
    pc = int(gdb.parse_and_eval("$pc"))
    ret = int(gdb.parse_and_eval("*(unsigned long*)$rsp"))
    counts[("inc" if pc == inc else "dec" if pc == dec else f"fn{pc:#x}", ret)] += 1
gdb.execute("delete")
with open(os.environ["OUT"], "w") as f:
    for (kind, ret), c in counts.most_common():
        f.write(f"{kind} {ret:#x} {c}\n")
gdb.execute("detach")

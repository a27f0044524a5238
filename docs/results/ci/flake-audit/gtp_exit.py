"""How long hexswarm-gtp takes to exit after quit (after a genmove), as the client of
test_gtp_subprocess sees it."""

import sys
import time

from hexswarm.engine.gtp_client import GtpClient

argv = [
    sys.executable,
    "-m",
    "hexswarm.engine.gtp",
    "--ai",
    "mc",
    "--set",
    "playouts_per_move=50",
    "--threads",
    "1",
]
for _i in range(int(sys.argv[1])):
    e = GtpClient(argv)
    e.send("boardsize 5", timeout=120)
    e.send("genmove b", timeout=120)
    t = time.monotonic()
    code = e.close(timeout=120)
    print(f"exit {code} after {time.monotonic() - t:.2f} s", flush=True)

"""CPU seconds of UCT and the anthill (one tree, one thread, 100 000 playouts, uniform) on
empty 7x7, 9x9 and 11x11, 3 runs each; run once per side, alternating (see README.md)."""

import json
import time

from hexswarm.engine.board import Board
from hexswarm.engine.search.anthill import AnthillSearch
from hexswarm.engine.search.environment import hex_environment
from hexswarm.engine.search.uct import UctSearch
from hexswarm.engine.warmup import warm_up

warm_up()
out = {}
for name, cls in (("uct", UctSearch), ("anthill", AnthillSearch)):
    for size in (7, 9, 11):
        env = hex_environment(Board(size))
        times = []
        for _ in range(3):
            s = cls(env, playouts=100_000, seed=1)
            t = time.process_time()
            s.run()
            times.append(round(time.process_time() - t, 4))
        out[f"{name} {size}x{size}"] = times
print(json.dumps(out))

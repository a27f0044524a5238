"""CPU seconds of UCT and the anthill (one tree, one thread, 100 000 playouts, uniform) on
empty 7x7, 9x9 and 11x11, 3 runs each; run once per side, alternating (see README.md)."""

import json
import time

from hexswarm.engine.board import Board
from hexswarm.engine.search.anthill import AnthillConfig, AnthillSearch
from hexswarm.engine.search.environment import hex_environment
from hexswarm.engine.search.limits import SearchLimits
from hexswarm.engine.search.uct import UctConfig, UctSearch
from hexswarm.engine.warmup import warm_up

warm_up()
out = {}
limits = SearchLimits(playouts=100_000)
for name, make in (
    ("uct", lambda: UctSearch(UctConfig(seed=1))),
    ("anthill", lambda: AnthillSearch(AnthillConfig(seed=1))),
):
    for size in (7, 9, 11):
        env = hex_environment(Board(size))
        times = []
        for _ in range(3):
            s = make()
            t = time.process_time()
            s.run(env, limits)
            times.append(round(time.process_time() - t, 4))
        out[f"{name} {size}x{size}"] = times
print(json.dumps(out))

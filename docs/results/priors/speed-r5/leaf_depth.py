"""How deep each priors setting's search goes: the mean and largest depth below the root at
which the playouts of one search of 40 000 playouts started, its nodes and expansions, on the
positions of speed_priors.py (`strong`'s search settings, seed 1; main's searches and the
branch's are the same, checked there).

    python docs/results/priors/speed-r5/leaf_depth.py
"""

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from hexswarm.engine.search.limits import SearchLimits  # noqa: E402
from speed_priors import searches  # noqa: E402

PLAYOUTS = 40_000
for name, priors, new_search, env in searches():
    search = new_search()
    search.run(env, SearchLimits(playouts=PLAYOUTS))
    counts = search.depth_counts()
    tree = search.trees[0]
    mean = (counts * np.arange(counts.size)).sum() / counts.sum()
    print(
        f"| {name} | {priors} | {mean:.2f} | {np.flatnonzero(counts).max()} "
        f"| {tree.node_count} | {tree.block_count} |"
    )

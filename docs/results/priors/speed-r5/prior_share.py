"""What share of a search's time the prior step (engine.kernels.uct.child_priors) takes, by
counting: the children a search of PLAYOUTS playouts gave priors (the tree's nodes, one a
child) times the CPU time of one child's prior, timed by calling ``child_priors`` on the
root's block of the same tree many times, against the search's own CPU time. `strong`'s
search settings (RAVE, 8 `template` playouts a leaf), 9x9, the empty board and two seeded
positions (12 and 30 random moves).

    python docs/results/priors/speed-r5/prior_share.py PLAYOUTS TABLE[,TABLE...]
"""

import sys
import time
from pathlib import Path

import numba
from hexswarm.engine.knowledge import playout_policy
from hexswarm.engine.search.environment import hex_environment
from hexswarm.engine.search.limits import SearchLimits
from hexswarm.engine.search.uct import UctConfig, UctSearch, child_priors

sys.path.insert(0, str(Path(__file__).resolve().parent))
from speed_priors import position  # noqa: E402  (the same positions: seed 5)

PLAYOUTS = int(sys.argv[1])
TABLES = sys.argv[2].split(",")
CALLS = 20_000


@numba.njit
def repeat(calls, tree, block, action_cells, size, black_rows, white_columns, black, last, priors):
    """``child_priors`` ``calls`` times in compiled code (no Python call per call)."""
    for _ in range(calls):
        child_priors(
            tree, block, action_cells, size, black_rows, white_columns, black, last, priors
        )


def main():
    with open("/proc/loadavg") as file:
        load = file.read().split()[:3]
    now = time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime())
    print(f"# {now}, load {load}, {PLAYOUTS} playouts, {CALLS} prior calls on the root block")
    policy = playout_policy("template")
    for depth in (0, 12, 30):
        env = hex_environment(position(depth), policy)
        for table in TABLES:
            config = UctConfig(rave=True, leaf_playouts=8, seed=1, priors=table)
            UctSearch(config).run(env, SearchLimits(playouts=800))  # load the kernels
            search = UctSearch(config)
            started = time.process_time()
            search.run(env, SearchLimits(playouts=PLAYOUTS))
            seconds = time.process_time() - started
            tree = search.trees[0]
            arrays = tree.arrays()
            args = (arrays, 0, env.action_cells, 9, env.black_rows, env.white_columns,
                    bool(env.root_black), -1, search.prior_arrays)  # fmt: skip
            repeat(1, *args)
            started = time.process_time()
            repeat(CALLS, *args)
            per_call = (time.process_time() - started) / CALLS
            width = len(tree.children(0))
            children = tree.node_count - 1
            share = children * per_call / width / seconds
            print(
                f"depth {depth:2d} {table:24s} search {seconds:.3f} s "
                f"({PLAYOUTS / seconds:7.0f} playouts/s), {tree.block_count} expansions, "
                f"{children} children ({children / PLAYOUTS:.3f} a playout); one call on "
                f"the root ({width} children) {per_call * 1e6:.2f} us, "
                f"{per_call / width * 1e9:.1f} ns a child; prior step ~{share:.1%} of the search",
                flush=True,
            )


main()

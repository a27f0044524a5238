"""`strong`'s search at several playouts a leaf and expansion thresholds, for
``../startup/speed_processes.py`` (issue 29: how many playouts a leaf now that `strong` has
RAVE and priors).

    BASE_CACHE=/tmp/leaf-cache-a NEW_CACHE=/tmp/leaf-cache-b nice python \
        docs/results/startup/speed_processes.py .venv/bin/python .venv/bin/python 6 \
        docs/results/leaf/leaf_workloads.py

Both "checkouts" are this one (an A/A pairing: the new/base column is the method's noise);
each process runs every case once to warm up and once timed, the processes alternate. The
figure wanted is the ratio between cases (µs a playout at K playouts a leaf against 8).

A case is ``strong``'s search (its level's settings: RAVE, the 12-cell pattern priors,
template playouts; the root tactics are not part of the search) at ``leaf_playouts`` K and
``expand_after`` E, one thread, seed 1, fixed playouts, from a 9x9 position: ``empty`` or
``game`` (the first 12 moves of ``../mohex/strong-priors-1s-vs-mohex-1s/game-0001.sgf``).
The outcome, also the tree's shape at equal playouts: nodes, the mean depth of the playouts'
start positions (stones added to the root position), the most visited root move.
"""

import numpy as np

PLAYOUTS = 40_000  # a multiple of every K; about 0.1-1 CPU s a run on this machine
LEAF = (1, 2, 4, 8)
EXPAND = (1, 8, 10)  # 1: strong's; 8: a node every 8 playouts at any K; 10: MoHex's
POSITIONS = {
    "empty": (),
    "game": ("f3", "h6", "d6", "d7", "c7", "b9", "c8", "c9", "a9", "b8", "a8", "b7"),
}
COLUMNS = ("position", "leaf_playouts", "expand_after")
CASES = [(position, str(k), str(e)) for position in POSITIONS for e in EXPAND for k in LEAF]


def workload(case: tuple[str, str, str]):
    """A function running ``case`` once: (playouts, (nodes, mean leaf depth, best move))."""
    from hexswarm.engine.board import Board
    from hexswarm.engine.players.levels import parse_spec
    from hexswarm.engine.players.uct_player import last_stone, tree_config
    from hexswarm.engine.search.environment import hex_environment
    from hexswarm.engine.search.limits import SearchLimits
    from hexswarm.engine.search.uct import UctConfig, UctSearch

    position, k, e = case[0], int(case[1]), int(case[2])
    board = Board(9)
    for move in POSITIONS[position]:
        board.play(move)
    spec = f"strong:time_s=none,leaf_playouts={k},expand_after={e},threads=1"
    _name, settings = parse_spec(spec)
    env = hex_environment(board, settings.playout)

    def run():
        search = UctSearch(tree_config(UctConfig, settings, 1), last_cell=last_stone(board))
        result = search.run(env, SearchLimits(playouts=PLAYOUTS))
        counts = search.depth_counts()
        depth = float(np.dot(np.arange(counts.size), counts) / max(counts.sum(), 1))
        nodes = search.trees[0].node_count
        return result.playouts, (nodes, round(depth, 3), int(result.best_action))

    return run

"""The tree's shape at equal time: `strong`'s search at each (leaf_playouts, expand_after) of
``leaf_workloads.py`` given the playouts it runs in the time `strong` (8 a leaf, expand_after
1) takes for 10 000, by the paired speed table.

    NUMBA_CACHE_DIR=.numba-cache nice .venv/bin/python docs/results/leaf/shape.py \
        docs/results/leaf/speed-9x9.txt > docs/results/leaf/shape-9x9.txt

A case's budget is 10 000 x (µs a playout of 8 a leaf, expand_after 1) / (its µs a playout),
both the mean of the table's two medians (the pairing's two sides run the same code), rounded
down to a multiple of its leaf_playouts. Five seeds a case; the medians of: descents, nodes,
the mean and the largest depth of the playouts' start positions below the root, the most
visited root move's share of the root's visits, and how many root moves got at least 1% of them.
"""

import statistics
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import leaf_workloads as w  # noqa: E402

STRONG = ("8", "1")
BUDGET = 10_000
SEEDS = (1, 2, 3, 4, 5)


def speeds(path: str) -> dict[tuple[str, str, str], float]:
    """µs a playout per case: the mean of the table's base and new medians."""
    table = {}
    for line in Path(path).read_text().splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) > 5 and cells[0] in w.POSITIONS:
            table[tuple(cells[:3])] = (float(cells[3]) + float(cells[4])) / 2
    return table


def shape(case, playouts: int, seed: int) -> tuple[float, ...]:
    from hexswarm.engine.board import Board
    from hexswarm.engine.players.levels import parse_spec
    from hexswarm.engine.players.uct_player import last_stone, tree_config
    from hexswarm.engine.search.environment import hex_environment
    from hexswarm.engine.search.limits import SearchLimits
    from hexswarm.engine.search.uct import UctConfig, UctSearch

    position, k, e = case
    board = Board(9)
    for move in w.POSITIONS[position]:
        board.play(move)
    _name, settings = parse_spec(f"strong:time_s=none,leaf_playouts={k},expand_after={e}")
    search = UctSearch(tree_config(UctConfig, settings, seed), last_cell=last_stone(board))
    result = search.run(hex_environment(board, settings.playout), SearchLimits(playouts=playouts))
    counts = search.depth_counts()
    depths = np.arange(counts.size)
    visits = np.asarray(result.snapshot.extra["root_visits"], dtype=float)
    return (
        result.iterations,
        search.trees[0].node_count,
        float(np.dot(depths, counts) / counts.sum()),
        int(depths[counts > 0].max()),
        float(visits.max() / visits.sum()),
        int((visits >= 0.01 * visits.sum()).sum()),
    )


def main() -> None:
    table = speeds(sys.argv[1])
    print(f"# equal-time budgets from {sys.argv[1]}; {len(SEEDS)} seeds a case, medians")
    print(
        "| position | leaf_playouts | expand_after | µs/playout | playouts (equal time) "
        "| descents | nodes | mean leaf depth | deepest leaf | best move's share "
        "| root moves with >= 1% |"
    )
    print("|---" * 11 + "|")
    for case in w.CASES:
        position, k, _e = case
        budget = int(BUDGET * table[(position, *STRONG)] / table[case]) // int(k) * int(k)
        rows = [shape(case, budget, seed) for seed in SEEDS]
        med = [statistics.median(column) for column in zip(*rows, strict=True)]
        print(
            f"| {' | '.join(case)} | {table[case]:.2f} | {budget} | {med[0]:.0f} | {med[1]:.0f} "
            f"| {med[2]:.2f} | {med[3]:.0f} | {med[4]:.2f} | {med[5]:.0f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()

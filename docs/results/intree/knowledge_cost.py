"""CPU cost of in-tree knowledge: `strong`'s search at a fixed number of playouts with and
without ``knowledge_after``, alternating in one process (the same code loaded once), on the
9x9 positions of the real-board suite and the empty 9x9 board.

    python docs/results/intree/knowledge_cost.py [ROUNDS] [PLAYOUTS] [KNOWLEDGE_AFTER]

Per position and setting: CPU microseconds per descent (a descent runs 8 playouts, or none
when it reaches a proven node) and per playout run, the median over the rounds; the ratio
(with / without) is each round's, paired, then the median. Also the nodes that got their
knowledge and the marks in the tree after the search.
"""

import statistics
import sys
import time
from pathlib import Path

import numpy as np
from hexswarm.engine.board import Board
from hexswarm.engine.kernels.uct import BLOCK, KNOWN, PRUNED, UNEXPANDED
from hexswarm.engine.search.environment import hex_environment
from hexswarm.engine.search.limits import SearchLimits
from hexswarm.engine.search.uct import UctConfig, UctSearch
from hexswarm.engine.tools.tactics_real import REAL_SUITE
from hexswarm.engine.tools.tactics_suite import load_suite


def load():
    return Path("/proc/loadavg").read_text().split()[:3]


def strong(knowledge_after):
    # strong's search settings (engine.players.levels: _TREE_PRESET and the preset's own).
    return UctConfig(
        seed=1, leaf_playouts=8, rave=True, priors="hex6-mohex-9x9",
        knowledge_after=knowledge_after,
    )  # fmt: skip


def run(board, knowledge_after, playouts):
    search = UctSearch(strong(knowledge_after))
    env = hex_environment(board, "template")
    cpu = time.process_time()
    result = search.run(env, SearchLimits(playouts=playouts))
    seconds = time.process_time() - cpu
    tree = search.trees[0]
    used = tree.block_count
    known = int(tree.blocks[:used, KNOWN].sum())
    marks = tree.nodes[: tree.node_count, BLOCK]
    proven = int(np.count_nonzero((marks < UNEXPANDED) & (marks != PRUNED)))
    pruned = int(np.count_nonzero(marks == PRUNED))
    return seconds, result.iterations, result.playouts, known, proven, pruned


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    playouts = int(sys.argv[2]) if len(sys.argv) > 2 else 20_000
    after = int(sys.argv[3]) if len(sys.argv) > 3 else 256
    positions = [("empty", Board(9))] + [
        (p.id, p.board()) for p in load_suite(REAL_SUITE) if p.size == 9
    ]
    for _, board in positions[:2]:  # compile and warm up
        run(board, 0, 800)
        run(board, after, 800)
    print(f"# {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, load "
          f"{load()}, {playouts} playouts, "
          f"knowledge_after={after}, {rounds} rounds")  # fmt: skip
    print(
        "position | us/descent off | us/descent on | ratio | us/playout off | us/playout on"
        " | knowledge nodes | proven | pruned"
    )
    ratios = []
    for name, board in positions:
        off, on, paired = [], [], []
        for r in range(rounds):
            pair = [None, None]
            for k in (0, 1) if r % 2 == 0 else (1, 0):
                pair[k] = run(board, after if k else 0, playouts)
            off.append(pair[0])
            on.append(pair[1])
            paired.append((pair[1][0] / pair[1][1]) / (pair[0][0] / pair[0][1]))
        ratio = statistics.median(paired)
        ratios.append(ratio)
        per = lambda rows, i: statistics.median(1e6 * s[0] / max(s[i], 1) for s in rows)  # noqa: E731
        last = on[-1]
        print(f"{name} | {per(off, 1):.1f} | {per(on, 1):.1f} | {ratio:.3f} | {per(off, 2):.2f}"
              f" | {per(on, 2):.2f} | {last[3]} | {last[4]} | {last[5]}")  # fmt: skip
        sys.stdout.flush()
    print(
        f"# median ratio per descent (with / without): {statistics.median(ratios):.3f}; "
        f"load after {load()}"
    )


if __name__ == "__main__":
    main()

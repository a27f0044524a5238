"""Every proof mark in `strong`'s tree (knowledge_after=256, 20 000 playouts) on the 9x9 real
positions, checked by our DFPN (engine.dfpn.prove, 20 000 nodes a position): agree, disagree,
or unsettled. A disagreement would be a wrong proof.

    python docs/results/intree/check_proofs_9x9.py [MARKS_PER_POSITION]
"""

import sys

from hexswarm.engine.board import BLACK
from hexswarm.engine.dfpn import prove
from hexswarm.engine.kernels.tree import ROOT_LOSES, ROOT_WINS
from hexswarm.engine.kernels.uct import BLOCK
from hexswarm.engine.search.environment import hex_environment
from hexswarm.engine.search.limits import SearchLimits
from hexswarm.engine.search.uct import UctConfig, UctSearch
from hexswarm.engine.tools.tactics_real import REAL_SUITE
from hexswarm.engine.tools.tactics_suite import load_suite


def marks(search, board, limit):
    tree, labels = search.trees[0], search.labels
    found = []

    def walk(node, position):
        for child in tree.children(node):
            if len(found) >= limit:
                return
            cell = int(labels[tree.actions[child]])
            mark = int(tree.nodes[child, BLOCK])
            if mark in (-ROOT_WINS, -ROOT_LOSES):
                after = position.copy()
                after.play(cell)
                if not after.is_over:
                    found.append((after, mark))
            elif mark >= 0:
                position.play(cell)
                walk(child, position)
                position.undo()

    walk(0, board.copy())
    return found


def main():
    limit = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    totals = {"agree": 0, "disagree": 0, "unsettled": 0}
    for position in load_suite(REAL_SUITE):
        if position.size != 9:
            continue
        board = position.board()
        config = UctConfig(seed=1, leaf_playouts=8, rave=True, priors="hex6-mohex-9x9",
                           knowledge_after=256)  # fmt: skip
        search = UctSearch(config)
        search.run(hex_environment(board, "template"), SearchLimits(playouts=20_000))
        root_black = board.to_move is BLACK
        row = {"agree": 0, "disagree": 0, "unsettled": 0}
        for after, mark in marks(search, board, limit):
            proof = prove(after, nodes=20_000)
            if proof.winner is None:
                row["unsettled"] += 1
                continue
            root_won = (proof.winner is BLACK) == root_black
            row["agree" if root_won == (mark == -ROOT_WINS) else "disagree"] += 1
        print(position.id, row)
        sys.stdout.flush()
        for key in totals:
            totals[key] += row[key]
    print("all", totals)


if __name__ == "__main__":
    main()

"""How many times the search kernels are compiled for the playout policies: `strong` searches
with template and with patterns playouts in one process, then the compiled signatures of the
tree searches' descent kernel are counted. Run from a checkout:
python docs/results/pattern-playouts/signatures.py"""

from hexswarm.engine import Board
from hexswarm.engine.kernels.descent import tree_iterations
from hexswarm.engine.players import create_player

board = Board(7)
board.play("d4")
for policy in ("template", "patterns"):
    player = create_player(f"strong:playout={policy},playouts=500,time_s=none", seed=1)
    print(policy, "plays", player.choose_move(board).move)
print("tree_iterations signatures:", len(tree_iterations.signatures))

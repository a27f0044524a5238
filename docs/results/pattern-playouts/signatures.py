"""How many times the search kernels are compiled for the playout policies: `strong` searches
with template and with patterns playouts in one process, then the compiled signatures of UCT's
iteration kernel and of the knowledge playout are counted. Run from a checkout:
python docs/results/pattern-playouts/signatures.py"""

from hexswarm.engine import Board
from hexswarm.engine.kernels.knowledge import knowledge_playout
from hexswarm.engine.kernels.uct import uct_iterations
from hexswarm.engine.players import create_player

board = Board(7)
board.play("d4")
for policy in ("template", "patterns"):
    player = create_player(f"strong:playout={policy},playouts=500,time_s=none", seed=1)
    print(policy, "plays", player.choose_move(board).move)
print("uct_iterations signatures:", len(uct_iterations.signatures))
print("knowledge_playout signatures:", len(knowledge_playout.signatures))

"""HexSwarm's engine: the rules of Hex, fast playouts, swarm-search players, records, protocols.

A library with a small API, in the manner of python-chess::

    from hexswarm.engine import Board
    board = Board(7)
    board.play("d4")
    board.winner            # None, "black" or "white"

    from hexswarm.engine.game import Game   # variations: play from any node, never lose one
    game = Game(7)
    game.play("d4"); game.back(); game.play("c5")   # two lines now, the cursor on c5

This package never imports Qt; the desktop application (``hexgui``) wraps it.
"""

from hexswarm.engine.board import (
    BLACK,
    BLACK_STONE,
    EMPTY,
    MAX_SIZE,
    SWAP_PIECES,
    SWAP_SIDES,
    WHITE,
    WHITE_STONE,
    Board,
    CellNameError,
    Color,
    GameOverError,
    HexError,
    IllegalMoveError,
    Move,
    SetupEdit,
    cell_index,
    cell_name,
    mirror_cell,
)

__version__ = "0.1.0"

__all__ = [
    "BLACK",
    "BLACK_STONE",
    "EMPTY",
    "MAX_SIZE",
    "SWAP_PIECES",
    "SWAP_SIDES",
    "WHITE",
    "WHITE_STONE",
    "Board",
    "CellNameError",
    "Color",
    "GameOverError",
    "HexError",
    "IllegalMoveError",
    "Move",
    "SetupEdit",
    "__version__",
    "cell_index",
    "cell_name",
    "mirror_cell",
]

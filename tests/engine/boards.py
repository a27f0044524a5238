"""Boards the engine tests build from a seeded generator."""

from __future__ import annotations

import numpy as np
from hexswarm.engine.board import Board


def random_board(rng: np.random.Generator, size: int, moves: int) -> Board:
    """Up to ``moves`` uniformly random moves from the empty board, alternating colours; stops
    one move short of a win, so the position is still open."""
    board = Board(size)
    for _ in range(moves):
        board.play(int(rng.choice(np.flatnonzero(board.cells == 0))))
        if board.winner is not None:
            board.undo()
            break
    return board

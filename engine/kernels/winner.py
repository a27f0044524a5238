"""The winner of a Hex board by Gale's tour, exactly as the thesis gives it (Table 5.1).

The thesis's matrix convention: Blue (vertical, value 1) and Red (horizontal, value -1), upper-left
corner acute. Blue is our Black (top-bottom), Red our White (left-right), and the thesis's matrix
has our neighbourhood, so the tour applies to our cells unchanged.
"""

import numpy as np
from hexswarm.engine.kernels.jit import jit

BLUE = 1  # thesis: vertical player, our Black
RED = -1  # thesis: horizontal player, our White


@jit
def gale_tour(matrix):
    """Winner of a full ``n x n`` matrix of +1 (Blue) / -1 (Red): returns +1 or -1.

    Extend the board with its boundary regions, start the tour between the red corner (0, 0)
    and the blue (0, 1), and walk along the edge between a red and a blue face; the tour leaves
    the matrix at the bottom-left (Blue wins) or at the top-right (Red wins).
    """
    n = matrix.shape[0]
    board = np.zeros((n + 2, n + 2), dtype=np.int8)
    board[1 : n + 1, 1 : n + 1] = matrix
    board[0, 1 : n + 2] = BLUE  # upper blue boundary
    board[n + 1, 0 : n + 1] = BLUE  # lower blue boundary
    board[0 : n + 1, 0] = RED  # left red boundary
    board[1 : n + 2, n + 1] = RED  # right red boundary
    red_r, red_c = 0, 0
    blue_r, blue_c = 0, 1
    while True:
        if red_r == blue_r and red_c == blue_c - 1:
            next_r, next_c = red_r + 1, red_c
        elif red_r == blue_r - 1 and red_c == blue_c:
            next_r, next_c = red_r + 1, red_c - 1
        elif red_r == blue_r - 1 and red_c == blue_c + 1:
            next_r, next_c = red_r, red_c - 1
        elif red_r == blue_r and red_c == blue_c + 1:
            next_r, next_c = red_r - 1, red_c
        elif red_r == blue_r + 1 and red_c == blue_c:
            next_r, next_c = red_r - 1, red_c + 1
        else:  # red_r == blue_r + 1 and red_c == blue_c - 1
            next_r, next_c = red_r, red_c + 1
        if next_r == 0 and next_c == n + 2:
            return RED
        if next_r == n + 1 and next_c == -1:
            return BLUE
        if board[next_r, next_c] == RED:
            red_r, red_c = next_r, next_c
        else:
            blue_r, blue_c = next_r, next_c


@jit
def gale_winner_of_cells(cells, size):
    """Winner of an int8 cell array (0 empty, 1 Black, 2 White) by Gale's tour: 1, 2 or 0.

    A full board has exactly one winner. For a board with empty cells the thesis's trick:
    fill a copy with White (Red) stones; if Black still wins, Black has already won; likewise
    with the colours exchanged.
    """
    matrix = np.empty((size, size), dtype=np.int8)
    for cell in range(size * size):
        value = cells[cell]
        matrix[cell // size, cell % size] = BLUE if value == 1 else RED
    if gale_tour(matrix) == BLUE:
        return 1
    for cell in range(size * size):
        value = cells[cell]
        matrix[cell // size, cell % size] = RED if value == 2 else BLUE
    if gale_tour(matrix) == RED:
        return 2
    return 0

"""Exact answers for small Hex positions: who wins, and which moves win.

>>> from hexswarm.engine.board import Board
>>> board = Board.from_rows(["B..", "...", "..."], to_move="white")
>>> sorted(board.cell_name(c) for c in winning_moves(board))
['b2']
>>> sorted(Board(3).cell_name(c) for c in winning_moves(Board(3)))
['a2', 'a3', 'b2', 'c1', 'c2']

Boards of at most 64 cells (8x8); the work grows quickly with the number of empty cells, so a
search gives up after ``budget`` nodes with :class:`SolverBudgetExceeded` (5-6 million nodes a
second on one core, measured on 7x7 and 8x8 positions). The numba kernel
(``engine.kernels.solver``) explains the method: negamax over bitboards with proof sets,
must-play pruning and a transposition table. Larger boards (up to 13x13): :mod:`engine.dfpn`.
"""

from __future__ import annotations

import numpy as np
from hexswarm.engine.board import BLACK, BLACK_STONE, WHITE_STONE, Board, HexError
from hexswarm.engine.kernels import solver as kernel

MAX_CELLS = 64
DEFAULT_BUDGET = 50_000_000
TABLE_BITS = 20


class SolverBudgetExceeded(HexError):
    """The position needs more than the allowed number of search nodes."""


def board_masks(size: int) -> np.ndarray:
    """The kernel's constant masks for a ``size`` board (see ``engine.kernels.solver``)."""
    if not 1 <= size * size <= MAX_CELLS:
        raise HexError(f"the exact solver handles boards of at most {MAX_CELLS} cells, not {size}")
    bits = [[1 << (r * size + c) for c in range(size)] for r in range(size)]
    full = sum(sum(row) for row in bits)
    first_column = sum(row[0] for row in bits)
    last_column = sum(row[-1] for row in bits)
    masks = np.zeros(7, dtype=np.uint64)
    masks[kernel.FULL] = full
    masks[kernel.NOT_FIRST_COLUMN] = full & ~first_column
    masks[kernel.NOT_LAST_COLUMN] = full & ~last_column
    masks[kernel.TOP] = sum(bits[0])
    masks[kernel.BOTTOM] = sum(bits[-1])
    masks[kernel.LEFT] = first_column
    masks[kernel.RIGHT] = last_column
    return masks


def centre_first(size: int) -> np.ndarray:
    """Cells ordered by hex distance from the centre (ties by index): moves near the centre
    decide more often, so they are tried first."""
    centre = (size - 1) / 2

    def distance(cell: int) -> tuple[float, int]:
        dr, dc = cell // size - centre, cell % size - centre
        return (max(abs(dr), abs(dc), abs(dr + dc)), cell)

    return np.array(sorted(range(size * size), key=distance), dtype=np.int64)


def _stone_masks(board: Board) -> tuple[np.uint64, np.uint64]:
    black = sum(1 << int(c) for c in np.flatnonzero(board.cells == BLACK_STONE))
    white = sum(1 << int(c) for c in np.flatnonzero(board.cells == WHITE_STONE))
    return np.uint64(black), np.uint64(white)


class _Search:
    """One position's kernel arguments and a transposition table shared by its calls."""

    def __init__(self, board: Board, budget: int, table_bits: int):
        if board.is_over:
            raise HexError(f"the game is over: {board.winner} has already won")
        self.size = board.size
        self.masks = board_masks(board.size)
        self.order = centre_first(board.size)
        self.black, self.white = _stone_masks(board)
        self.black_to_move = bool(board.to_move is BLACK)
        slots = 1 << table_bits
        self.keys = np.zeros((slots, 2), dtype=np.uint64)
        self.results = np.zeros(slots, dtype=np.int8)
        self.proofs = np.zeros(slots, dtype=np.uint64)
        self.counters = np.zeros(2, dtype=np.int64)
        self.budget = int(budget)

    def arguments(self) -> tuple:
        return (
            self.black,
            self.white,
            self.black_to_move,
            self.size,
            self.masks,
            self.order,
            self.keys,
            self.results,
            self.proofs,
            self.counters,
            self.budget,
        )

    def check(self) -> None:
        if self.counters[kernel.ABORTED]:
            raise SolverBudgetExceeded(
                f"the position needs more than {self.budget} search nodes to solve"
            )

    @property
    def nodes(self) -> int:
        return int(self.counters[kernel.NODES])


def _cells(mask: int, size: int) -> set[int]:
    return {cell for cell in range(size * size) if (mask >> cell) & 1}


def solve(
    board: Board, budget: int = DEFAULT_BUDGET, table_bits: int = TABLE_BITS
) -> tuple[bool, set[int]]:
    """``(mover_wins, proof)``: whether the side to move wins with perfect play, and a proof
    set (empty cells outside it could all go to the loser without changing the result)."""
    search = _Search(board, budget, table_bits)
    wins, proof = kernel.solve_position(*search.arguments())
    search.check()
    return bool(wins), _cells(int(proof), board.size)


def winning_moves(
    board: Board, budget: int = DEFAULT_BUDGET, table_bits: int = TABLE_BITS
) -> set[int]:
    """The cells after which the side to move wins with perfect play (empty when it loses).
    Raises :class:`SolverBudgetExceeded` past ``budget`` search nodes in all."""
    search = _Search(board, budget, table_bits)
    mask = kernel.winning_cells(*search.arguments(), False)
    search.check()
    return _cells(int(mask), board.size)


def winning_move(board: Board, budget: int, table_bits: int = 18) -> int | None:
    """A winning move for the side to move, or ``None`` when it loses with perfect play.
    Raises :class:`SolverBudgetExceeded` past ``budget`` search nodes in all. The root is
    solved first (the proof sets prune a lost root quickly); the winning move is then found
    again through the transposition table, in the same order."""
    search = _Search(board, budget, table_bits)
    wins, _proof = kernel.solve_position(*search.arguments())
    search.check()
    if not wins:
        return None
    mask = int(kernel.winning_cells(*search.arguments(), True))
    search.check()
    return min(_cells(mask, board.size))

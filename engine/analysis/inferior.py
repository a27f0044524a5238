"""Inferior cells: empty cells whose colour can never change the winner, and the fill-in they
allow (ours; the notions are those of Hex solvers: Hayward, Björnsson, Johanson and others,
"Dead cell analysis in Hex and the Shannon game").

Two facts of Hex carry everything here:

* a full board has exactly one winner, so the winner is decided by *one* colour's chains: if
  a cell can never be part of a White chain that needs it, the winner does not depend on its
  colour. Such a cell is **dead**, and can be given to either side;
* Hex is monotone: an extra stone never hurts its owner.

**Useless to a colour** (the local test, :func:`useless_to`): walk the six neighbours of an
empty cell in ring order (each is adjacent to the next; off the board the ring meets an edge,
which belongs to Black across the rows and to White across the columns). Keep the neighbours
the colour could still own (its stones, its edges, empty cells). If they are at most one, or
form one run around the ring whose inner members are already the colour's (stones or edge),
any chain of that colour entering the cell from one neighbour and leaving by another can go
round through the run instead: the cell is never needed. With all six kept, at most one of
them may be open. A cell useless to either colour is dead.

**Captured pairs**: two adjacent empty cells ``a``, ``b`` such that a stone of colour X on
``a`` makes ``b`` dead and one on ``b`` makes ``a`` dead. Whatever the opponent plays in the
pair, X answers with the other cell and the opponent's stone is dead: the pair is as good as
X's, and is filled with X's stones.

**Fill-in** (:func:`inferior_cells`): dead cells and captured pairs are filled, and the
analysis repeats on the filled board until nothing changes (deadness only grows with stones, so
everything found stays true). The filled position has the same winner with perfect play as the
original, whoever is to move (checked against the exact solver in the tests); a filled board
can even be decided outright (:attr:`InferiorCells.winner`).

Pure Python over the board's cells, only where a cell has few open neighbours (the only
places a dead cell or a captured pair can be): 2-16 ms a call on 9x9-13x13 middle games under
heavy load (``python -m hexswarm.engine.tools.analysis_bench speed``; docs/results/hex-analysis).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np
from hexswarm.engine.board import BLACK, BLACK_STONE, EMPTY, WHITE, WHITE_STONE, Board, Color

# The six neighbours in ring order: each is adjacent to the next (and the last to the first).
RING = ((0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1), (1, 0))
# Ring entries off the board: Black's edges (top, bottom) and White's (left, right).
BLACK_EDGE = -1
WHITE_EDGE = -2


@lru_cache(maxsize=32)
def ring_table(size: int) -> np.ndarray:
    """``(size*size, 6)`` int32: each cell's neighbours in ring order, or :data:`BLACK_EDGE`
    / :data:`WHITE_EDGE` where the ring leaves the board (past the rows: Black's edge)."""
    table = np.empty((size * size, 6), dtype=np.int32)
    for row in range(size):
        for col in range(size):
            for k, (dr, dc) in enumerate(RING):
                r, c = row + dr, col + dc
                if not 0 <= r < size:
                    table[row * size + col, k] = BLACK_EDGE
                elif not 0 <= c < size:
                    table[row * size + col, k] = WHITE_EDGE
                else:
                    table[row * size + col, k] = r * size + c
    table.setflags(write=False)
    return table


def _owned(entry: int, cells: np.ndarray, stone: int) -> int:
    """2: ``stone``'s (its stone or edge); 1: open (empty); 0: the opponent's."""
    if entry < 0:
        return 2 if (entry == BLACK_EDGE) == (stone == BLACK_STONE) else 0
    value = cells[entry]
    if value == EMPTY:
        return 1
    return 2 if value == stone else 0


def useless_to(cells: np.ndarray, ring: np.ndarray, cell: int, stone: int) -> bool:
    """Whether a stone of code ``stone`` on empty ``cell`` can never be needed by a chain of
    that colour (the ring test in the module's docstring)."""
    own = [_owned(int(e), cells, stone) for e in ring[cell]]
    kept = sum(1 for o in own if o)
    if kept <= 1:
        return True
    if kept == 6:
        return sum(1 for o in own if o == 1) <= 1
    start = next(k for k in range(6) if own[k] == 0 and own[(k + 1) % 6])
    run = []
    k = (start + 1) % 6
    while own[k]:
        run.append(own[k])
        k = (k + 1) % 6
    if len(run) != kept:
        return False  # two runs: the cell joins them
    return all(o == 2 for o in run[1:-1])


def is_dead(cells: np.ndarray, ring: np.ndarray, cell: int) -> bool:
    """Whether empty ``cell`` is useless to Black or to White (its colour never matters)."""
    return useless_to(cells, ring, cell, BLACK_STONE) or useless_to(cells, ring, cell, WHITE_STONE)


def captures_pair(cells: np.ndarray, ring: np.ndarray, a: int, b: int, stone: int) -> bool:
    """Whether ``stone``'s colour captures the adjacent empty cells ``a`` and ``b``."""
    try:
        cells[a] = stone
        if not is_dead(cells, ring, b):
            return False
        cells[a] = EMPTY
        cells[b] = stone
        return is_dead(cells, ring, a)
    finally:
        cells[a] = EMPTY
        cells[b] = EMPTY


def connects(cells: np.ndarray, size: int, stone: int) -> bool:
    """Whether ``stone``'s chains join its two edges on ``cells``."""
    if stone == BLACK_STONE:
        start = [c for c in range(size) if cells[c] == stone]
        goal_row, goal_col = size - 1, -1
    else:
        start = [r * size for r in range(size) if cells[r * size] == stone]
        goal_row, goal_col = -1, size - 1
    seen = set(start)
    ring = ring_table(size)
    while start:
        cell = start.pop()
        row, col = divmod(cell, size)
        if row == goal_row or col == goal_col:
            return True
        for nb in ring[cell]:
            nb = int(nb)
            if nb >= 0 and nb not in seen and cells[nb] == stone:
                seen.add(nb)
                start.append(nb)
    return False


@dataclass(frozen=True, slots=True)
class InferiorCells:
    """The fill-in of a position.

    ``dead``: cells found dead (in any round); ``captured``: cells filled as captured, per
    captor; ``filled``: the board's cells after the fill-in (dead cells given to the colour
    they are *not* useless to, or to Black when useless to both); ``winner``: the colour
    whose edges the filled board already joins (the position is decided), else ``None``.
    """

    size: int
    dead: frozenset[int]
    captured: dict[Color, frozenset[int]]
    filled: np.ndarray
    winner: Color | None

    @property
    def inferior(self) -> frozenset[int]:
        """Every filled cell: no move there is ever needed."""
        return self.dead | self.captured[BLACK] | self.captured[WHITE]

    def filled_board(self, board: Board) -> Board:
        """A copy of ``board`` with the fill-in placed as one setup edit (same side to move)."""
        copy = board.copy()
        added = np.flatnonzero((board.cells == EMPTY) & (self.filled != EMPTY))
        copy.setup(
            black=[int(c) for c in added if self.filled[c] == BLACK_STONE],
            white=[int(c) for c in added if self.filled[c] == WHITE_STONE],
        )
        return copy


def inferior_cells(board: Board) -> InferiorCells:
    """Dead cells, captured pairs and their fill-in, repeated to a fixed point."""
    size = board.size
    ring = ring_table(size)
    cells = board.cells.copy()
    dead: set[int] = set()
    captured: dict[Color, set[int]] = {BLACK: set(), WHITE: set()}
    on_board = ring >= 0
    safe_ring = np.where(on_board, ring, 0)
    winner = _winner(cells, size)
    while winner is None:
        empty = [int(c) for c in np.flatnonzero(cells == EMPTY)]
        # Only cells with few empty neighbours can be dead, or in a captured pair: a dead
        # cell's open neighbours are the two ends of one run (or one of six); a pair's cell
        # has at most those two and its partner.
        open_around = np.count_nonzero(on_board & (cells[safe_ring] == EMPTY), axis=1)
        found = [c for c in empty if open_around[c] <= 2 and is_dead(cells, ring, c)]
        if found:
            # Deadness only grows with stones: all of them stay dead as each is filled.
            for cell in found:
                useless_to_white = useless_to(cells, ring, cell, WHITE_STONE)
                cells[cell] = BLACK_STONE if useless_to_white else WHITE_STONE
            dead.update(found)
        else:
            taken: set[int] = set()
            for a in empty:
                # The three neighbours after ``a`` in index order: each pair is seen once.
                if open_around[a] > 3:
                    continue
                for b in (int(ring[a, 0]), int(ring[a, 5]), int(ring[a, 4])):
                    if b < 0 or cells[b] != EMPTY or open_around[b] > 3:
                        continue
                    if a in taken or b in taken:
                        continue
                    for color in (BLACK, WHITE):
                        if captures_pair(cells, ring, a, b, color.stone):
                            # Captured pairs elsewhere stay captured when this one is filled.
                            cells[a] = cells[b] = color.stone
                            captured[color].update((a, b))
                            taken.update((a, b))
                            break
            if not taken:
                break
        winner = _winner(cells, size)
    return InferiorCells(
        size=size,
        dead=frozenset(dead),
        captured={color: frozenset(found) for color, found in captured.items()},
        filled=cells,
        winner=winner,
    )


def _winner(cells: np.ndarray, size: int) -> Color | None:
    if connects(cells, size, BLACK_STONE):
        return BLACK
    if connects(cells, size, WHITE_STONE):
        return WHITE
    return None

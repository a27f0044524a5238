"""Environments for the generic search kernels: a Hex position, a multi-armed bandit, an
explicit game tree. See ``engine.kernels.layout.Environment`` for the fields and perspectives.

The kernels play square boards. A rectangle of ``width`` columns and ``height`` rows is played
*embedded* in the square of its longer side (:func:`embedded_board`): the extra columns
(``width < height``) are filled with White stones on the right, the extra rows (``height <
width``) with Black stones at the bottom. A full column of White stones beside the last column
is White's right edge (every cell of that column touches it) and a wall to Black, so the square
position is the same game as the rectangle, with the same winner, and every search plays it
unchanged; a filled cell is a stone, never an empty cell a search could offer.
:func:`square_cell` and :func:`rectangle_cell` map a cell each way.

>>> from hexswarm.engine.board import Board
>>> env = hex_environment(Board(3))
>>> int(env.action_cells.shape[0])  # nine actions: the empty cells
9
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from hexswarm.engine.board import (
    BLACK,
    BLACK_STONE,
    WHITE_STONE,
    Board,
    HexError,
    Move,
    SetupEdit,
    shape_text,
)
from hexswarm.engine.kernels.layout import BANDIT, EXPLICIT_TREE, HEX, NO_PLAYOUTS, Environment
from hexswarm.engine.kernels.playout import rows_from_cells
from hexswarm.engine.knowledge import UNIFORM_PLAYOUT, PlayoutPolicy, playout_policy

_NO_FLOATS = np.zeros(1, dtype=np.float64)
_NO_ROWS = np.zeros(1, dtype=np.uint64)
_NO_CELLS = np.zeros(0, dtype=np.int32)


def square_side(width: int, height: int) -> int:
    """The side of the square a ``width`` x ``height`` board is embedded in."""
    return max(width, height)


def square_cell(cell: int, width: int, height: int) -> int:
    """The cell of the embedded square that is ``cell`` of a ``width`` x ``height`` board
    (same row and column; a square board's cells are unchanged)."""
    row, col = divmod(int(cell), width)
    return row * square_side(width, height) + col


def rectangle_cell(cell: int, width: int, height: int) -> int:
    """The cell of a ``width`` x ``height`` board that is ``cell`` of its embedded square;
    :class:`HexError` for a filled cell outside the rectangle (a search never offers one)."""
    row, col = divmod(int(cell), square_side(width, height))
    if row >= height or col >= width:
        raise HexError(
            f"cell {cell} of the embedding square lies outside the {shape_text(width, height)} "
            "board (a filled cell)"
        )
    return row * width + col


def embedded_board(board: Board) -> Board:
    """``board`` played inside the square of its longer side (see the module docstring): the
    filled cells are the starting position, then ``board``'s history follows, cell by cell
    (:func:`square_cell`), with the same side to move. A square board is returned itself."""
    width, height = board.shape
    if width == height:
        return board
    side = square_side(width, height)
    start = board.root()
    symbols = {0: ".", BLACK_STONE: "B", WHITE_STONE: "W"}
    fill = "W" if width < height else "B"
    rows = [
        "".join(
            symbols[int(start.cells[row * width + col])] if row < height and col < width else fill
            for col in range(side)
        )
        for row in range(side)
    ]
    square = Board.from_rows(rows, to_move=start.to_move)

    def mapped(cells: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(square_cell(c, width, height) for c in cells)

    for entry in board.move_stack:
        if isinstance(entry, Move):
            square.play(square_cell(entry.cell, width, height), after_win=True)
        else:
            edit = SetupEdit(
                mapped(entry.black), mapped(entry.white), mapped(entry.empty), entry.to_move
            )
            square.apply_setup(edit)
    return square


def hex_environment(board: Board, playout: str | PlayoutPolicy = "uniform") -> Environment:
    """The environment of ``board``'s position; actions are its empty cells in index order;
    leaves are evaluated by playouts of the ``playout`` policy (``engine.knowledge``).

    ``board`` is square (the kernels' board): embed a rectangle first (:func:`embedded_board`;
    the players do, ``engine.players.embedding``). Raises :class:`HexError` for a rectangle
    and if the game is already over (there is nothing to search).
    """
    if not board.is_square:
        raise HexError(
            f"the search kernels take a square board, not {shape_text(*board.shape)}: "
            "embed it first (engine.search.environment.embedded_board)"
        )
    if board.is_over:
        raise HexError(f"the game is over: {board.winner} has already won")
    size = board.size
    cells = board.cells
    white_columns = np.zeros(size, dtype=np.uint64)
    for cell in np.flatnonzero(cells == WHITE_STONE):
        row, col = divmod(int(cell), size)
        white_columns[col] |= np.uint64(1) << np.uint64(row)
    black = np.where(cells == BLACK_STONE, 1, 0).astype(np.int8)
    return Environment(
        kind=HEX,
        size=size,
        root_black=board.to_move is BLACK,
        black_rows=rows_from_cells(black, size),
        white_columns=white_columns,
        action_cells=np.flatnonzero(cells == 0).astype(np.int32),
        arm_probabilities=_NO_FLOATS,
        leaf_values=_NO_FLOATS,
        leaf_depth=0,
        branching=0,
        action_count=int(np.count_nonzero(cells == 0)),
        playout_policy=playout_policy(playout).kernel_policy(),
    )


def without_playouts(env: Environment) -> Environment:
    """``env`` without its playout policy (:data:`~engine.kernels.layout.NO_PLAYOUTS`), for
    every kernel that plays no playout: the swarm phases, the exact outcomes, the tree
    searches' descent (which takes the policy as an argument of its own, as one type for every
    policy: ``engine.knowledge.run_time_policy``).

    numba compiles a kernel once per type of its arguments, and the uniform policy's tuple is
    a type of its own so that the playout loops run the uniform kernel without a test per
    playout; without the policy, the kernels that need none compile once for every policy
    (half the searches' compile time, issue 30). No arrays either: every array in a tuple the
    hot loops hand to their inlined helpers costs reference counting (measured: the policy's
    four arrays there slowed the swarm searches by a third). A playout kernel handed this
    environment fails to compile (the empty tuple has no policy's fields), never plays a wrong
    policy.
    """
    return env._replace(playout_policy=NO_PLAYOUTS)


def action_labels(env: Environment) -> np.ndarray:
    """What a snapshot reports for each action: its cell on a Hex board, else its index."""
    if env.kind == HEX:
        return np.asarray(env.action_cells, dtype=np.int64)
    return np.arange(int(env.action_count), dtype=np.int64)


def side_to_move(env: Environment) -> str:
    """The player to move at the root, as a snapshot names it (``"black"``/``"white"`` on a
    Hex board, ``""`` in the toy problems)."""
    if env.kind != HEX:
        return ""
    return "black" if env.root_black else "white"


def bandit_environment(probabilities: Sequence[float]) -> Environment:
    """A multi-armed bandit (thesis 4.2.1): arm ``i`` pays 1 with ``probabilities[i]``."""
    p = np.asarray(probabilities, dtype=np.float64)
    if p.ndim != 1 or p.size < 1 or np.any((p < 0) | (p > 1)):
        raise HexError("bandit probabilities must be a non-empty list of numbers in [0, 1]")
    return Environment(
        kind=BANDIT,
        size=0,
        root_black=True,
        black_rows=_NO_ROWS,
        white_columns=_NO_ROWS,
        action_cells=_NO_CELLS,
        arm_probabilities=p,
        leaf_values=_NO_FLOATS,
        leaf_depth=0,
        branching=p.size,
        action_count=p.size,
        playout_policy=UNIFORM_PLAYOUT,
    )


def explicit_tree_environment(leaf_values: Sequence[float], branching: int = 2) -> Environment:
    """A complete game tree with ``branching`` moves per node and the given leaves, in
    depth-first order of the actions. ``leaf_values[i]`` is the root player's (Max's, to move
    at the root; players alternate) chance to win at leaf ``i``: 1 or 0 end the game there
    (Max or Min wins), a value between is a position whose rest is played randomly (thesis
    Fig. 4.3's branch weights), evaluated by a draw. See ``engine.kernels.environment``."""
    values = np.asarray(leaf_values, dtype=np.float64)
    depth = 0
    count = 1
    while count < values.size:
        count *= branching
        depth += 1
    if branching < 2 or count != values.size or depth < 1:
        raise HexError("leaf_values must hold branching**depth values (depth >= 1)")
    if not np.all((values >= 0) & (values <= 1)):
        raise HexError("leaf values must be win probabilities between 0 and 1")
    return Environment(
        kind=EXPLICIT_TREE,
        size=0,
        root_black=True,
        black_rows=_NO_ROWS,
        white_columns=_NO_ROWS,
        action_cells=_NO_CELLS,
        arm_probabilities=_NO_FLOATS,
        leaf_values=values,
        leaf_depth=depth,
        branching=branching,
        action_count=branching,
        playout_policy=UNIFORM_PLAYOUT,
    )


# The paper's Fig. 4 toy tree (binary, 4 plies, Max to move): Monte-Carlo values 50% for Max's
# left move and 75% for the right one, but under minimax left wins and right loses.
PAPER_FIGURE_4_LEAVES = (
    # Left: whatever Min plays, Max's right move at ply 3 wins.
    (0, 0, 1, 1)
    + (0, 0, 1, 1)
    # Right: after Min's left move every leaf pair is (0, 1), so Min's left move at ply 4 wins;
    # after Min's right move Max wins everywhere.
    + (0, 1, 0, 1)
    + (1, 1, 1, 1)
)


# Thesis Fig. 4.3, as far as its text gives it: Max chooses a or b, Min answers; the weights are
# Max's chances "if the rest of the game is played randomly"; a looks worse than b to a one-move
# Monte-Carlo search, but Min's c refutes b. The text gives a = 33% and b = 67%, which no binary
# tree of depth 2 can combine with a refutation (c < 1/3 would need d = 4/3 - c > 1): we keep a
# = 1/3 (both Min replies 1/3, the population after a stays "roughly equilibrated"), c = 0 (a
# defeat for Max) and d = 1, so b = 1/2. The figure's own drawing is not in the text we have.
THESIS_FIGURE_4_3_LEAVES = (1 / 3, 1 / 3, 0.0, 1.0)


def minimax_value(
    leaf_values: Sequence[float], branching: int, path: tuple[int, ...] = ()
) -> float:
    """The minimax value (for Max, to move at the root) of the node at ``path``; a leaf's value
    is its win probability, taken as its value (a helper for tests, docs and the lab)."""
    depth = 0
    count = 1
    while count < len(leaf_values):
        count *= branching
        depth += 1
    if len(path) == depth:
        return leaf_value(leaf_values, branching, path)
    values = [minimax_value(leaf_values, branching, (*path, a)) for a in range(branching)]
    return max(values) if len(path) % 2 == 0 else min(values)


def random_play_value(
    leaf_values: Sequence[float], branching: int, path: tuple[int, ...] = ()
) -> float:
    """Max's chance to win after ``path`` if the rest of the game is played uniformly at random
    (the mean of the leaves below, each a win probability)."""
    values = np.asarray(leaf_values, dtype=np.float64)
    index = 0
    for action in path:
        index = index * branching + action
    below = values.size // branching ** len(path)
    return float(values[index * below : (index + 1) * below].mean())


def leaf_value(leaf_values: Sequence[float], branching: int, path: Sequence[int]) -> float:
    """The value of the leaf reached by ``path`` (a helper for tests and docs)."""
    index = 0
    for action in path:
        index = index * branching + action
    return float(leaf_values[index])

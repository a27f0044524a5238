"""The rules of Hex: a board, its cells' names, moves, the swap rule and the winner.

Conventions (those of HexGui, MoHex, KataHex and OpenSpiel):

* Black moves first and connects the top and bottom edges; White connects left and right.
* A board has ``width`` columns and ``height`` rows (square by default; SGF's ``SZ[w:h]``,
  HexGui's rectangles). Cell ``row * width + col``; its name is column letters + row number,
  ``a1`` top-left, rows numbered downwards, no letter skipped, and past ``z`` the columns go on
  ``aa``, ``ab``... Black joins the top and bottom rows (``height`` apart), White the left and
  right columns (``width`` apart).
* Drawn as a rhombus with each row shifted half a cell right of the row above, so the
  neighbours of (r, c) are (r, c-1), (r, c+1), (r-1, c), (r-1, c+1), (r+1, c), (r+1, c-1).

A :class:`Board` is a plain single-threaded object: copy it (``board.copy()``) before handing it
to another thread.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

import numpy as np

MAX_SIZE = 26
"""Largest side of a board, in each direction: every Hex program agrees up to 26 (a..z), and
the search kernels play a rectangle inside a square of its longer side (see
``engine.search.environment.embedded_board``), tested up to 26."""

EMPTY = 0
BLACK_STONE = 1
WHITE_STONE = 2

SWAP_PIECES = "swap-pieces"
SWAP_SIDES = "swap-sides"


class Color(StrEnum):
    """A player. Compares equal to its lower-case name (``Color.BLACK == "black"``)."""

    BLACK = "black"
    WHITE = "white"

    @property
    def opponent(self) -> Color:
        return Color.WHITE if self is Color.BLACK else Color.BLACK

    @property
    def stone(self) -> int:
        """The code of this colour's stones in :attr:`Board.cells`."""
        return BLACK_STONE if self is Color.BLACK else WHITE_STONE

    @property
    def letter(self) -> str:
        """``B`` or ``W``, as in SGF and GTP."""
        return "B" if self is Color.BLACK else "W"

    @classmethod
    def parse(cls, text: str | Color) -> Color:
        """Accept ``b``, ``black``, ``w``, ``white`` in any case (the GTP spellings)."""
        if isinstance(text, Color):
            return text
        word = str(text).strip().lower()
        if word in ("b", "black"):
            return cls.BLACK
        if word in ("w", "white"):
            return cls.WHITE
        raise HexError(f"not a colour: {text!r} (use black/b or white/w)")


BLACK = Color.BLACK
WHITE = Color.WHITE


class HexError(ValueError):
    """Base class of every error the engine raises about bad input."""


class CellNameError(HexError):
    """A cell name that is malformed or lies off the board."""


class IllegalMoveError(HexError):
    """A move the rules forbid in the current position (the board is left unchanged)."""


class GameOverError(IllegalMoveError):
    """A move after one side has already connected its edges."""


# --------------------------------------------------------------------------- names


def column_letters(col: int) -> str:
    """0 -> ``a``, 25 -> ``z``, 26 -> ``aa``, 27 -> ``ab`` (bijective base 26, as HexGui)."""
    if col < 0:
        raise CellNameError(f"negative column {col}")
    letters = ""
    col += 1
    while col:
        col, rem = divmod(col - 1, 26)
        letters = chr(ord("a") + rem) + letters
    return letters


def column_index(letters: str) -> int:
    """Inverse of :func:`column_letters`."""
    if not letters or not letters.isascii() or not letters.isalpha():
        raise CellNameError(f"bad column letters {letters!r}")
    value = 0
    for ch in letters.lower():
        value = value * 26 + (ord(ch) - ord("a") + 1)
    return value - 1


def _shape(width: int, height: int | None) -> tuple[int, int]:
    return width, width if height is None else height


def cell_name(cell: int, width: int, height: int | None = None) -> str:
    """The name of cell index ``cell`` on a ``width`` x ``height`` board (``height`` defaults
    to ``width``: a square), e.g. ``cell_name(0, 11) == "a1"``."""
    width, height = _shape(width, height)
    if not 0 <= cell < width * height:
        raise CellNameError(f"cell index {cell} is off a {width}x{height} board")
    row, col = divmod(cell, width)
    return f"{column_letters(col)}{row + 1}"


def cell_index(name: str, width: int, height: int | None = None) -> int:
    """The cell index of ``name`` (``"c3"``, case-insensitive) on a ``width`` x ``height``
    board (``height`` defaults to ``width``)."""
    width, height = _shape(width, height)
    text = name.strip() if isinstance(name, str) else ""
    split = 0
    while split < len(text) and text[split].isascii() and text[split].isalpha():
        split += 1
    letters, digits = text[:split], text[split:]
    if not letters or not digits or not digits.isascii() or not digits.isdigit():
        raise CellNameError(
            f"malformed cell name {name!r}: expected column letters then a row number, like 'c3'"
        )
    col = column_index(letters)
    row = int(digits) - 1
    if not (0 <= col < width and 0 <= row < height):
        last = cell_name(width * height - 1, width, height)
        raise CellNameError(f"cell {name!r} is off the {width}x{height} board (a1..{last})")
    return row * width + col


def mirror_cell(cell: int, size: int) -> int:
    """Reflect across the long diagonal of a square board: column c, row r becomes column r,
    row c. (Only a square maps onto itself: rectangles have no swap, see :class:`Board`.)"""
    row, col = divmod(cell, size)
    return col * size + row


def neighbour_table(width: int, height: int | None = None) -> np.ndarray:
    """``(width*height, 6)`` int32 table of neighbours, ``-1`` where the board ends."""
    width, height = _shape(width, height)
    table = np.full((width * height, 6), -1, dtype=np.int32)
    offsets = ((0, -1), (0, 1), (-1, 0), (-1, 1), (1, 0), (1, -1))
    for row in range(height):
        for col in range(width):
            for k, (dr, dc) in enumerate(offsets):
                r, c = row + dr, col + dc
                if 0 <= r < height and 0 <= c < width:
                    table[row * width + col, k] = r * width + c
    return table


def check_shape(width: object, height: object) -> tuple[int, int]:
    """``(width, height)`` as whole numbers from 1 to :data:`MAX_SIZE`; else :class:`HexError`
    with a message that states the limit."""
    return _board_side("width", width), _board_side("height", height)


def _board_side(side: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int | np.integer):
        raise HexError(f"board {side} must be a whole number from 1 to {MAX_SIZE}, not {value!r}")
    if not 1 <= value <= MAX_SIZE:
        raise HexError(
            f"board {side} {value} is out of range: 1 to {MAX_SIZE} columns and rows "
            f"(the search kernels are tested up to {MAX_SIZE}x{MAX_SIZE})"
        )
    return int(value)


def shape_text(width: int, height: int) -> str:
    """``"11x11"``, ``"7x11"``: columns x rows, as people and HexGui write a board."""
    return f"{width}x{height}"


SWAP_NEEDS_SQUARE = (
    "the swap rule needs a square board: swap-pieces mirrors the first stone across the long "
    "diagonal, which maps only a square onto itself (HexGui and the SGF Hex spec define no "
    "swap for rectangles; there the player with the shorter way across wins anyway)"
)


# --------------------------------------------------------------------------- moves


@dataclass(frozen=True, slots=True)
class Move:
    """One entry of a game's history.

    ``cell`` is the cell index for a stone, or ``-1`` for a swap, whose kind is ``swap``
    (:data:`SWAP_PIECES` or :data:`SWAP_SIDES`). ``color`` is the colour that made the move
    (the colour *labelled* in the record: White makes the swap).
    """

    color: Color
    cell: int = -1
    swap: str | None = None

    def name(self, width: int, height: int | None = None) -> str:
        return self.swap if self.swap else cell_name(self.cell, width, height)


@dataclass(frozen=True, slots=True)
class SetupEdit:
    """Stones placed or removed and the side to move set, as one entry of a game's history
    (SGF's ``AB``/``AW``/``AE``/``PL``). Cells are indices; ``to_move`` ``None`` = unchanged."""

    black: tuple[int, ...] = ()
    white: tuple[int, ...] = ()
    empty: tuple[int, ...] = ()
    to_move: Color | None = None

    @property
    def is_pass(self) -> bool:
        """Whether the edit only sets the side to move (how a pass is kept on a board)."""
        return not (self.black or self.white or self.empty)


@dataclass(frozen=True, slots=True)
class _Setup:
    """A setup edit as the board keeps it: the edit and what it replaced, to undo it."""

    edit: SetupEdit
    old_stones: tuple[tuple[int, int], ...]  # (cell, stone before the edit)
    old_to_move: Color


# --------------------------------------------------------------------------- union-find


class _Connectivity:
    """Union-find over the cells plus four virtual edge nodes, updated as stones are placed.

    Removing stones (setup, undo) is handled by the board restoring a saved copy or rebuilding.
    """

    __slots__ = ("width", "height", "parent", "top", "bottom", "left", "right")

    def __init__(self, width: int, height: int):
        self.width, self.height = width, height
        n = width * height
        self.top, self.bottom, self.left, self.right = n, n + 1, n + 2, n + 3
        self.parent = np.arange(n + 4, dtype=np.int32)

    def copy(self) -> _Connectivity:
        other = object.__new__(_Connectivity)
        other.width, other.height = self.width, self.height
        other.top, other.bottom = self.top, self.bottom
        other.left, other.right = self.left, self.right
        other.parent = self.parent.copy()
        return other

    def find(self, x: int) -> int:
        parent = self.parent
        root = x
        while parent[root] != root:
            root = parent[root]
        while parent[x] != root:  # path compression
            parent[x], x = root, parent[x]
        return root

    def union(self, a: int, b: int) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[max(ra, rb)] = min(ra, rb)

    def add_stone(self, cells: np.ndarray, neighbours: np.ndarray, cell: int) -> None:
        stone = cells[cell]
        row, col = divmod(cell, self.width)
        for nb in neighbours[cell]:
            if nb >= 0 and cells[nb] == stone:
                self.union(cell, nb)
        if stone == BLACK_STONE:
            if row == 0:
                self.union(cell, self.top)
            if row == self.height - 1:
                self.union(cell, self.bottom)
        else:
            if col == 0:
                self.union(cell, self.left)
            if col == self.width - 1:
                self.union(cell, self.right)

    def winner(self) -> Color | None:
        if self.find(self.top) == self.find(self.bottom):
            return BLACK
        if self.find(self.left) == self.find(self.right):
            return WHITE
        return None


# --------------------------------------------------------------------------- board


class Board:
    """A Hex position with its history.

    >>> board = Board(3)
    >>> board.play("b2")
    Move(color=<Color.BLACK: 'black'>, cell=4, swap=None)
    >>> board.to_move
    <Color.WHITE: 'white'>

    * ``play(move)`` takes a cell name (``"c3"``), a cell index, or a swap token; it returns the
      :class:`Move` it made. Illegal input raises a :class:`HexError` subclass with a message a
      person can read, and leaves the board unchanged.
    * ``undo()`` takes back the last move *or setup edit*; ``copy()`` is independent.
    * ``cells`` is an int8 array, :data:`EMPTY` / :data:`BLACK_STONE` / :data:`WHITE_STONE`;
      treat it as read-only (the search kernels take a copy).
    * ``Board(width, height)`` is a rectangle of ``width`` columns and ``height`` rows
      (``Board(n)`` a square); :attr:`size` is the side of a square and an error on a
      rectangle, so code that assumes a square says so instead of misreading one. A rectangle
      has no swap rule (:data:`SWAP_NEEDS_SQUARE`).
    """

    def __init__(self, width: int = 11, height: int | None = None, *, swap_rule: bool = False):
        self.width, self.height = check_shape(width, width if height is None else height)
        self._swap_rule = False
        self.swap_rule = swap_rule
        self.cells = np.zeros(self.width * self.height, dtype=np.int8)
        self.neighbours = neighbour_table(self.width, self.height)
        self._to_move = BLACK
        self._history: list[Move | _Setup] = []
        self._saved_connectivity: list[_Connectivity] = []
        self._connectivity = _Connectivity(self.width, self.height)

    # -------------------------------------------------------------- shape
    @property
    def is_square(self) -> bool:
        return self.width == self.height

    @property
    def shape(self) -> tuple[int, int]:
        """``(width, height)``: columns, rows."""
        return self.width, self.height

    @property
    def size(self) -> int:
        """The side of a square board; :class:`HexError` on a rectangle (use :attr:`width`
        and :attr:`height`)."""
        if self.width != self.height:
            raise HexError(
                f"this needs a square board, and the board is {shape_text(*self.shape)} "
                "(columns x rows)"
            )
        return self.width

    @property
    def cell_count(self) -> int:
        return self.width * self.height

    @property
    def swap_rule(self) -> bool:
        """Whether the swap rule is on; only a square board can have it."""
        return self._swap_rule

    @swap_rule.setter
    def swap_rule(self, enabled: bool) -> None:
        if enabled and self.width != self.height:
            raise HexError(f"{shape_text(*self.shape)} board: {SWAP_NEEDS_SQUARE}")
        self._swap_rule = bool(enabled)

    # -------------------------------------------------------------- state
    @property
    def to_move(self) -> Color:
        """The colour whose turn it is."""
        return self._to_move

    @property
    def moves(self) -> tuple[Move, ...]:
        """The moves played, oldest first (setup edits are not moves)."""
        return tuple(entry for entry in self._history if isinstance(entry, Move))

    @property
    def move_stack(self) -> tuple[Move | SetupEdit, ...]:
        """Everything :meth:`undo` can take back, oldest first: moves and setup edits."""
        return tuple(e.edit if isinstance(e, _Setup) else e for e in self._history)

    def root(self) -> Board:
        """A copy of the position this board started from (before its :attr:`move_stack`)."""
        start = self.copy()
        while start._history:
            start.undo()
        return start

    @property
    def winner(self) -> Color | None:
        """``BLACK``, ``WHITE``, or ``None`` while nobody has connected their edges."""
        return self._connectivity.winner()

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def empty_count(self) -> int:
        return int(np.count_nonzero(self.cells == EMPTY))

    def stone_at(self, cell: int | str) -> Color | None:
        value = self.cells[self._cell(cell)]
        return None if value == EMPTY else (BLACK if value == BLACK_STONE else WHITE)

    def stones(self, color: Color) -> list[int]:
        return [int(c) for c in np.flatnonzero(self.cells == Color.parse(color).stone)]

    def legal_moves(self) -> list[int]:
        """Empty cells, in index order (no moves once the game is over). Swap is not listed;
        see :meth:`swap_allowed`."""
        if self.is_over:
            return []
        return [int(c) for c in np.flatnonzero(self.cells == EMPTY)]

    def swap_allowed(self) -> bool:
        """Whether a swap is legal now: the rule is on and exactly one move has been made."""
        history = self._history
        return (
            self.swap_rule
            and len(history) == 1
            and isinstance(history[0], Move)
            and history[0].swap is None
            and not self.is_over
        )

    def cell_name(self, cell: int) -> str:
        return cell_name(cell, self.width, self.height)

    def cell_index(self, name: str) -> int:
        return cell_index(name, self.width, self.height)

    def winning_path(self) -> list[int]:
        """The cells of the winner's stones that touch both of its edges' connected group, or
        ``[]`` while the game goes on (for highlighting the winning chain)."""
        winner = self.winner
        if winner is None:
            return []
        conn = self._connectivity
        root = conn.find(conn.top if winner is BLACK else conn.left)
        return [c for c in range(self.cell_count) if conn.find(c) == root]

    # -------------------------------------------------------------- moves
    def _cell(self, move: int | str) -> int:
        if isinstance(move, int | np.integer) and not isinstance(move, bool):
            if not 0 <= move < self.cell_count:
                shape = shape_text(self.width, self.height)
                raise CellNameError(f"cell index {move} is off the {shape} board")
            return int(move)
        if isinstance(move, str):
            return self.cell_index(move)
        raise CellNameError(f"not a cell: {move!r}")

    def parse_move(self, move: int | str) -> int | str:
        """Normalise a move to a cell index or a swap token; raise if it cannot be one."""
        if isinstance(move, str) and move.strip().lower() in (SWAP_PIECES, SWAP_SIDES):
            return move.strip().lower()
        return self._cell(move)

    def play(self, move: int | str, *, after_win: bool = False) -> Move:
        """Play ``move`` for the side to move and return it. See the class docstring.

        ``after_win``: accept a stone after one side has connected (HexGui and MoHex let a
        game go on; the winner cannot change, as two crossing chains cannot both exist)."""
        action = self.parse_move(move)
        if self.is_over and not (after_win and not isinstance(action, str)):
            raise GameOverError(f"the game is over: {self.winner} has already won")
        color = self._to_move
        if isinstance(action, str):
            return self._swap(action, color)
        if self.cells[action] != EMPTY:
            raise IllegalMoveError(f"{self.cell_name(action)} is already occupied")
        self._saved_connectivity.append(self._connectivity.copy())
        self.cells[action] = color.stone
        self._connectivity.add_stone(self.cells, self.neighbours, action)
        played = Move(color, action)
        self._history.append(played)
        self._to_move = color.opponent
        return played

    def _swap(self, kind: str, color: Color) -> Move:
        if not self.is_square:
            raise IllegalMoveError(
                f"no swap on a {shape_text(*self.shape)} board: {SWAP_NEEDS_SQUARE}"
            )
        if not self.swap_rule:
            raise IllegalMoveError("the swap rule is off in this game")
        if not self.swap_allowed():
            raise IllegalMoveError("a swap is only legal as the second move of the game")
        first = self._first_move()
        self._saved_connectivity.append(self._connectivity.copy())
        if kind == SWAP_PIECES:
            # The first stone becomes the other colour's, mirrored; then Black is to move.
            self.cells[first.cell] = EMPTY
            self.cells[mirror_cell(first.cell, self.size)] = first.color.opponent.stone
            self._to_move = first.color
        else:
            # The stone stays; the players exchange colours, so the swapper's colour moves again.
            self._to_move = color
        self._rebuild_connectivity()
        played = Move(color, -1, kind)
        self._history.append(played)
        return played

    def _first_move(self) -> Move:
        """The game's first move, where a swap follows it (a swap is only legal then)."""
        first = self._history[0]
        assert isinstance(first, Move), "a swap follows the first move, never a setup edit"
        return first

    def undo(self) -> Move | None:
        """Take back the last move or setup edit; return the move (``None`` for a setup edit).
        Raises :class:`IllegalMoveError` on an empty history."""
        if not self._history:
            raise IllegalMoveError("nothing to undo")
        entry = self._history.pop()
        if isinstance(entry, _Setup):
            for cell, old in reversed(entry.old_stones):
                self.cells[cell] = old
            self._to_move = entry.old_to_move
            self._rebuild_connectivity()
            return None
        self._connectivity = self._saved_connectivity.pop()
        if entry.swap == SWAP_PIECES:
            first = self._first_move()
            self.cells[mirror_cell(first.cell, self.size)] = EMPTY
            self.cells[first.cell] = first.color.stone
        elif entry.swap is None:
            self.cells[entry.cell] = EMPTY
        self._to_move = entry.color
        return entry

    # -------------------------------------------------------------- setup
    def setup(
        self,
        black: Iterable[int | str] = (),
        white: Iterable[int | str] = (),
        empty: Iterable[int | str] = (),
        to_move: Color | str | None = None,
    ) -> None:
        """Place or remove stones and set the side to move, for studying positions.

        One undoable history entry. Validates everything before changing anything.
        """
        self.apply_setup(
            SetupEdit(
                tuple(self._cell(c) for c in black),
                tuple(self._cell(c) for c in white),
                tuple(self._cell(c) for c in empty),
                None if to_move is None else Color.parse(to_move),
            )
        )

    def apply_setup(self, edit: SetupEdit) -> None:
        """Apply ``edit`` as one undoable history entry (a cell named twice: the last wins)."""
        for cell in (*edit.black, *edit.white, *edit.empty):
            self._cell(cell)
        old_stones = []
        for stone, cells in (
            (BLACK_STONE, edit.black),
            (WHITE_STONE, edit.white),
            (EMPTY, edit.empty),
        ):
            for cell in cells:
                old_stones.append((int(cell), int(self.cells[cell])))
                self.cells[cell] = stone
        self._history.append(_Setup(edit, tuple(old_stones), self._to_move))
        if edit.to_move is not None:
            self._to_move = Color.parse(edit.to_move)
        self._rebuild_connectivity()

    def _rebuild_connectivity(self) -> None:
        conn = _Connectivity(self.width, self.height)
        for cell in np.flatnonzero(self.cells != EMPTY):
            conn.add_stone(self.cells, self.neighbours, int(cell))
        self._connectivity = conn

    # -------------------------------------------------------------- copies and views
    def copy(self) -> Board:
        other = Board.__new__(Board)
        other.width, other.height, other._swap_rule = self.width, self.height, self._swap_rule
        other.cells = self.cells.copy()
        other.neighbours = self.neighbours  # immutable, shared
        other._to_move = self._to_move
        other._history = list(self._history)
        other._saved_connectivity = [c.copy() for c in self._saved_connectivity]
        other._connectivity = self._connectivity.copy()
        return other

    @classmethod
    def from_moves(cls, size: int, moves: Iterable[int | str]) -> Board:
        """The ``size`` x ``size`` board (no swap rule) after ``moves`` (cells by index or
        name, as :meth:`play` takes them), played in order from the empty board."""
        board = cls(size)
        for move in moves:
            board.play(move)
        return board

    @classmethod
    def from_rows(cls, rows: str | Iterable[str], to_move: Color | str | None = None) -> Board:
        """Build a position from text rows of ``.``, ``B``/``X`` and ``W``/``O`` (spaces ignored):
        as many columns as each row has, as many rows as there are rows.

        The side to move defaults to Black when the stone counts are equal, White otherwise.
        """
        if isinstance(rows, str):
            rows = [r for r in rows.strip().splitlines() if r.strip()]
        grid = ["".join(ch for ch in r if not ch.isspace()) for r in rows]
        width = len(grid[0]) if grid else 0
        if any(len(r) != width for r in grid):
            raise HexError("rows must all have the same number of cells")
        board = cls(width, len(grid))
        black, white = [], []
        for row, text in enumerate(grid):
            for col, ch in enumerate(text.upper()):
                if ch in "BX":
                    black.append(row * width + col)
                elif ch in "WO":
                    white.append(row * width + col)
                elif ch != ".":
                    raise HexError(f"unexpected {ch!r} in row {row + 1}")
        if to_move is None:
            to_move = BLACK if len(black) == len(white) else WHITE
        board.setup(black, white, to_move=to_move)
        board._history.clear()  # a starting position, not an undoable edit
        return board

    def __str__(self) -> str:
        """An ASCII diagram, rows shifted right as on a real board."""
        symbols = {EMPTY: ".", BLACK_STONE: "B", WHITE_STONE: "W"}
        width = self.width
        header = "   " + " ".join(column_letters(c) for c in range(width))
        lines = [header]
        for row in range(self.height):
            stones = " ".join(symbols[int(v)] for v in self.cells[row * width : (row + 1) * width])
            lines.append(f"{' ' * row}{row + 1:>2} {stones}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        names = " ".join(m.name(self.width, self.height) for m in self.moves)
        shape = shape_text(self.width, self.height)
        return f"<Board {shape} to_move={self._to_move} moves=[{names}]>"

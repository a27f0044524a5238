"""The game model: a tree of positions with a cursor, as SGF holds it and as people study a game.

A :class:`Game` is a tree of :class:`GameNode`. The root holds the game information (``PB``,
``RE``...) and the starting position (``AB``/``AW``/``PL``); every other node holds one move
(``B[f6]``, ``W[swap-pieces]``, ``B[pass]``, ``W[resign]``) or a setup edit, plus a comment
(``C``) and any other property, kept verbatim. The first child of a node continues the main
line; the others are variations. This is the shape of python-chess's ``GameNode`` and KaTrain's
SGF-backed nodes: the SGF properties *are* the node, so a record read and written again loses
nothing. What the AI knows of a node is typed and saved too: :attr:`GameNode.ai` (the latest
search of its position, ``HSA``) and :attr:`GameNode.player` (the AI that made its move, ``XP``).

The **cursor** is the node on screen; :attr:`Game.board` is the position there, kept up to date
incrementally as the cursor moves (undoing back to the common ancestor, replaying down).
Operations never destroy the future by themselves:

* :meth:`Game.play` from any node follows the existing child holding that move, or adds a new
  variation (the first child if there is none, so playing at the end extends the main line);
* :meth:`Game.back`, :meth:`Game.forward`, :meth:`Game.go_to` only move the cursor;
* :meth:`Game.promote` makes a variation the main line; :meth:`Game.delete` removes a branch
  (the one destructive operation, and it says so).

Single-threaded plain Python: hand other threads a ``board.copy()``, never the game.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator

from hexswarm.engine.board import (
    BLACK,
    SWAP_NEEDS_SQUARE,
    SWAP_PIECES,
    SWAP_SIDES,
    WHITE,
    Board,
    Color,
    HexError,
    Move,
    SetupEdit,
    cell_index,
    cell_name,
    check_shape,
    shape_text,
)
from hexswarm.engine.review import ANALYSIS_PROPERTY, PositionAnalysis

PASS = "pass"
RESIGN = "resign"
FORFEIT = "forfeit"
SWAP_TOKENS = (SWAP_PIECES, SWAP_SIDES)
GAME_END_TOKENS = (RESIGN, FORFEIT)
SPECIAL_MOVES = (SWAP_PIECES, SWAP_SIDES, PASS, RESIGN, FORFEIT)
SETUP_PROPERTIES = ("AB", "AW", "AE")
PLAYER_PROPERTY = "XP"
"""The AI that made a node's move (see :attr:`GameNode.player`)."""
THINKING_PROPERTY = "XT"
"""The seconds a node's move was thought on (see :attr:`GameNode.thinking_seconds`)."""

_PROPERTY_NAME = re.compile(r"[A-Z]+")


class GameTreeError(HexError):
    """An operation the game tree cannot do (a node of another game, deleting the root...)."""


class NodeProblem(HexError):
    """A node whose move or setup cannot be applied to the position before it. The message
    names the node (``W[f6]: f6 is already occupied``, for a record's reader); ``reason`` is
    the rule's own words alone (``f6 is already occupied``, for a player who just clicked)."""

    def __init__(self, message: str, reason: str = ""):
        super().__init__(message)
        self.reason = reason or message


# --------------------------------------------------------------------------- nodes


class GameNode:
    """One node of a game tree: ordered properties, children (first = main line), parent.

    ``properties`` maps a property name (upper-case letters) to its list of values, decoded
    (escapes removed). Every property is kept, known or not. A move is the ``B`` or ``W``
    property: :attr:`move` gives it as ``(colour, token)``; :attr:`ai` and :attr:`player` are
    what the AI knows of it.
    """

    __slots__ = ("properties", "children", "parent", "offset", "_ai_read")

    def __init__(self, properties: dict[str, list[str]] | None = None):
        self.properties: dict[str, list[str]] = {}
        self.children: list[GameNode] = []
        self.parent: GameNode | None = None
        self.offset: int | None = None  # position of its ';' in the text it was read from
        # The last analysis text read by ``ai`` and what it gave (immutable): the move list,
        # the game graph and the review read every node's analysis after every move.
        self._ai_read: tuple[str, PositionAnalysis | None] | None = None
        for name, values in (properties or {}).items():
            self.set(name, *values)

    # ---------------------------------------------------------------- properties
    def get(self, name: str, default: str | None = None) -> str | None:
        """The first value of property ``name``, or ``default``."""
        values = self.properties.get(name)
        return values[0] if values else default

    def values(self, name: str) -> list[str]:
        """All values of ``name`` (a copy; empty if absent)."""
        return list(self.properties.get(name, ()))

    def set(self, name: str, *values: str) -> None:
        """Set ``name`` to ``values`` (none: remove it). Names are upper-case letters."""
        if not isinstance(name, str) or not _PROPERTY_NAME.fullmatch(name):
            raise GameTreeError(f"property names are upper-case letters, not {name!r}")
        if not values:
            self.properties.pop(name, None)
            return
        self.properties[name] = [str(v) for v in values]

    def remove(self, name: str) -> None:
        self.properties.pop(name, None)

    # ---------------------------------------------------------------- the AI's data
    @property
    def ai(self) -> PositionAnalysis | None:
        """The latest search of this node's position that the game keeps (``engine.review``,
        SGF property ``HSA``); None when there is none or its text cannot be read (the property
        is then kept as it is)."""
        text = self.get(ANALYSIS_PROPERTY)
        if text is None:
            return None
        read = self._ai_read
        if read is not None and read[0] == text:
            return read[1]
        try:
            analysis = PositionAnalysis.parse(text)
        except HexError:
            analysis = None
        self._ai_read = (text, analysis)
        return analysis

    @ai.setter
    def ai(self, analysis: PositionAnalysis | None) -> None:
        if analysis is None:
            self.remove(ANALYSIS_PROPERTY)
        else:
            self.set(ANALYSIS_PROPERTY, analysis.to_text())

    @property
    def player(self) -> str | None:
        """The AI settings (player spec) of the AI that made this node's move, HexSwarm's
        ``XP`` property (as ``XB``/``XW`` name a game's AIs); None for a person or unknown."""
        return self.get(PLAYER_PROPERTY) or None

    @player.setter
    def player(self, spec: str | None) -> None:
        if spec:
            self.set(PLAYER_PROPERTY, spec)
        else:
            self.remove(PLAYER_PROPERTY)

    @property
    def thinking_seconds(self) -> float | None:
        """The seconds the move's player thought on it, HexSwarm's ``XT`` property (e.g.
        ``XT[3.42]``, wall time from asking for the move to the move); None when the move was
        not timed or the value is unreadable."""
        text = self.get(THINKING_PROPERTY)
        try:
            seconds = float(text) if text is not None else math.nan
        except ValueError:
            return None
        return seconds if 0 <= seconds < math.inf else None  # NaN fails the test too

    @thinking_seconds.setter
    def thinking_seconds(self, seconds: float | None) -> None:
        if seconds is None:
            self.remove(THINKING_PROPERTY)
        else:
            self.set(THINKING_PROPERTY, f"{seconds:.2f}")

    # ---------------------------------------------------------------- move, setup, comment
    @property
    def move(self) -> tuple[Color, str] | None:
        """``(colour, token)`` of the node's move, e.g. ``(BLACK, "f6")`` or
        ``(WHITE, "swap-pieces")``; ``None`` if the node holds no move."""
        for color, name in ((BLACK, "B"), (WHITE, "W")):
            value = self.get(name)
            if value is not None:
                return color, value.strip().lower()
        return None

    @property
    def color(self) -> Color | None:
        move = self.move
        return None if move is None else move[0]

    @property
    def token(self) -> str | None:
        move = self.move
        return None if move is None else move[1]

    def set_move(self, color: Color | str, token: str) -> None:
        """Make this node's move ``token`` (a cell name or a special move) by ``color``.
        The move goes first among the properties, as HexGui writes it."""
        color = Color.parse(color)
        self.remove("B")
        self.remove("W")
        rest = dict(self.properties)
        self.properties.clear()
        self.properties[color.letter] = [str(token).strip().lower()]
        self.properties.update(rest)

    @property
    def comment(self) -> str:
        """The comment (``C``), ``""`` if none."""
        return "\n".join(self.properties.get("C", ()))

    @comment.setter
    def comment(self, text: str | None) -> None:
        if text:
            self.set("C", text)
        else:
            self.remove("C")

    @property
    def has_setup(self) -> bool:
        return any(name in self.properties for name in (*SETUP_PROPERTIES, "PL"))

    def setup_edit(self, width: int, height: int | None = None) -> SetupEdit | None:
        """The node's ``AB``/``AW``/``AE``/``PL`` as a :class:`SetupEdit` on a ``width`` x
        ``height`` board (``height`` defaults to ``width``; ``None`` if it has none). Raises
        :class:`NodeProblem` for a bad cell or colour."""
        if not self.has_setup:
            return None
        try:
            black, white, empty = (
                tuple(cell_index(v, width, height) for v in self.properties.get(name, ()))
                for name in SETUP_PROPERTIES
            )
            player = self.get("PL")
            to_move = None if player is None else Color.parse(player)
            return SetupEdit(black, white, empty, to_move=to_move)
        except HexError as error:
            raise NodeProblem(str(error)) from None

    def set_setup(self, edit: SetupEdit, width: int, height: int | None = None) -> None:
        """Write ``edit`` as this node's ``AB``/``AW``/``AE``/``PL`` (cells in index order) on a
        ``width`` x ``height`` board (``height`` defaults to ``width``)."""
        for name, cells in zip(SETUP_PROPERTIES, (edit.black, edit.white, edit.empty), strict=True):
            self.set(name, *(cell_name(c, width, height) for c in sorted(cells)))
        self.set("PL", *(() if edit.to_move is None else (Color.parse(edit.to_move).letter,)))

    # ---------------------------------------------------------------- structure
    def add_child(self, child: GameNode | None = None) -> GameNode:
        """Append ``child`` (a new empty node if omitted) as the last variation; return it."""
        child = GameNode() if child is None else child
        child.parent = self
        self.children.append(child)
        return child

    def play(self, color: Color | str, token: str) -> GameNode:
        """Add a child node holding a move and return it (no check: see :meth:`Game.play`)."""
        child = self.add_child()
        child.set_move(color, token)
        return child

    def path_from_root(self) -> list[GameNode]:
        """The nodes from the root down to this one, inclusive."""
        path = []
        node: GameNode | None = self
        while node is not None:
            path.append(node)
            node = node.parent
        path.reverse()
        return path

    def is_main_line(self) -> bool:
        """Whether every node from the root to this one is its parent's first child."""
        node = self
        while node.parent is not None:
            if node.parent.children[0] is not node:
                return False
            node = node.parent
        return True

    def walk(self) -> Iterator[tuple[GameNode, int]]:
        """Every node of this subtree with its depth below this node, in file (pre-)order.
        Iterative: any depth is fine."""
        stack: list[tuple[GameNode, int]] = [(self, 0)]
        while stack:
            node, depth = stack.pop()
            yield node, depth
            for child in reversed(node.children):
                stack.append((child, depth + 1))

    def __repr__(self) -> str:
        props = "".join(f"{k}[{']['.join(v)}]" for k, v in self.properties.items())
        return f"<GameNode ;{props[:60]} children={len(self.children)}>"


# --------------------------------------------------------------------------- applying nodes


def apply_node(board: Board, node: GameNode, *, setup: bool = True) -> tuple[int, str | None]:
    """Apply one node's setup (unless ``setup`` is false: the root's setup is the starting
    position) and move to ``board``.

    Returns ``(entries, remark)``: how many history entries were added (undo that many to take
    the node back) and ``"out of turn"`` / ``"after the win"`` when the move was not by the
    side to move (the record is followed: the side to move is set first, a setup edit) or came
    after a side had connected (the game stays won), else ``None``. A ``pass`` hands the move
    to the other side (a side-to-move edit: a board has no pass); ``resign`` and ``forfeit``
    do not touch the board. Raises :class:`NodeProblem` (the board unchanged).
    """
    entries = 0
    remark = None
    try:
        edit = node.setup_edit(board.width, board.height) if setup else None
        if edit is not None:
            board.apply_setup(edit)
            entries += 1
        move = node.move
        if move is None or move[1] in GAME_END_TOKENS:
            return entries, None
        color, token = move
        if color != board.to_move:
            remark = "out of turn"
        if token == PASS:
            board.apply_setup(SetupEdit(to_move=color.opponent))
            return entries + 1, remark
        if color != board.to_move:
            board.apply_setup(SetupEdit(to_move=color))
            entries += 1
        if board.is_over and token not in SWAP_TOKENS:
            remark = "after the win"
        board.play(token, after_win=True)
        return entries + 1, remark
    except HexError as error:
        for _ in range(entries):
            board.undo()
        move = node.move
        described = f"{move[0].letter}[{move[1]}]: " if move else ""
        raise NodeProblem(f"{described}{error}", str(error)) from None


def _winner_of_result(result: str | None) -> Color | None:
    if not result:
        return None
    text = result.strip().upper()
    for color, words in ((BLACK, ("B", "BLACK")), (WHITE, ("W", "WHITE"))):
        for word in words:
            if text == word or text.startswith(word + "+"):
                return color
    return None


# --------------------------------------------------------------------------- the game


class _InfoProperty:
    """A root property exposed as a ``str | None`` attribute of :class:`Game`."""

    def __init__(self, name: str, doc: str):
        self.name = name
        self.__doc__ = doc

    def __get__(self, game, owner=None):
        if game is None:
            return self
        return game.root.get(self.name)

    def __set__(self, game, value: str | None) -> None:
        if value is None or value == "":
            game.root.remove(self.name)
        else:
            game.root.set(self.name, str(value))


DIALECTS = ("hexswarm", "hexgui", "hexgui-old", "littlegolem")


class Game:
    """A Hex game: board shape, the tree, game information, a cursor and the board there.

    * ``Game(n)`` is played on an n x n board, ``Game(width, height=h)`` on ``width`` columns
      and ``h`` rows (SGF ``SZ[w:h]``); :attr:`size` is a square's side (an error on a
      rectangle, as :attr:`Board.size`). A rectangle has no swap rule: ``RU[swap]`` read from a
      record is kept but does not apply, and asking for it raises.
    * ``root`` is the first node (game information and the setup of the starting position);
      ``main_line()`` follows the first child of every node.
    * ``dialect`` is the record format it came from (one of :data:`DIALECTS`); ``warnings``
      lists what a reader noticed but could work around (``"the file is not UTF-8; read it as
      Latin-1"``); ``games_in_file`` how many games the file it was read from holds, this one
      included (1 for a game not read from a file; see ``engine.records.sgf.parse_sgf``);
      ``cut_short`` the reader's error where the file it was read from ends inside this game
      (a file cut short: the game holds what came before; ``None`` for a whole game).
    * Game information is read and written through the attributes below; ``None`` = absent.
    * :attr:`cursor` and :attr:`board`: see the module docstring. Build a tree by hand with
      :meth:`GameNode.play` / :meth:`GameNode.add_child`, then move the cursor; edit the tree
      under the cursor only through the game's methods.
    """

    player_black = _InfoProperty("PB", "Black's name (PB).")
    player_white = _InfoProperty("PW", "White's name (PW).")
    result = _InfoProperty("RE", "Result (RE): 'B+', 'W+R' (resign), 'B+F' (forfeit), ...")
    date = _InfoProperty("DT", "Date played (DT), ISO 'YYYY-MM-DD'.")
    event = _InfoProperty("EV", "Event (EV).")
    game_name = _InfoProperty("GN", "Name of the game (GN).")
    ai_black = _InfoProperty("XB", "Black's AI settings (HexSwarm's XB), e.g. 'sdst:agents=500'.")
    ai_white = _InfoProperty("XW", "White's AI settings (HexSwarm's XW).")
    seed = _InfoProperty(
        "XS",
        "The game's random seed (HexSwarm's XS), a whole number: each AI whose seed is left "
        "random plays with a seed derived from it and its role "
        "(``engine.players.levels.derived_seed``), so the game can be replayed.",
    )

    def __init__(
        self,
        width: int = 11,
        root: GameNode | None = None,
        *,
        height: int | None = None,
        swap_rule: bool | None = None,
        dialect: str = "hexswarm",
        warnings: list[str] | None = None,
        games_in_file: int = 1,
    ):
        try:
            self.width, self.height = check_shape(width, width if height is None else height)
        except HexError as error:
            raise GameTreeError(str(error)) from None
        if dialect not in DIALECTS:
            raise GameTreeError(f"unknown dialect {dialect!r}; one of {', '.join(DIALECTS)}")
        self.root = GameNode() if root is None else root
        self.root.parent = None
        self.dialect = dialect
        self.warnings: list[str] = list(warnings or [])
        self.games_in_file = games_in_file
        self.cut_short: HexError | None = None
        self._cursor = self.root
        self._board: Board | None = None  # the position at the cursor, built when first asked
        self._entries: list[int] = []  # board entries added by each node below the root
        if swap_rule is not None:
            self.swap_rule = swap_rule

    # ---------------------------------------------------------------- shape
    @property
    def shape(self) -> tuple[int, int]:
        """``(width, height)``: columns, rows."""
        return self.width, self.height

    @property
    def is_square(self) -> bool:
        return self.width == self.height

    @property
    def size(self) -> int:
        """The side of a square board; :class:`GameTreeError` on a rectangle."""
        if self.width != self.height:
            raise GameTreeError(
                f"this needs a square board, and the game is {shape_text(*self.shape)} "
                "(columns x rows)"
            )
        return self.width

    # ---------------------------------------------------------------- game information
    @property
    def application(self) -> str | None:
        """The program that wrote the record (AP), as read; writing sets HexSwarm's."""
        return self.root.get("AP")

    @property
    def swap_rule(self) -> bool:
        """Whether the game is played with the swap rule: ``RU[swap]`` (or ``pie``; Little
        Golem records get it on reading, as that site always plays with it) or any node is a
        swap. Setting it writes or removes ``RU[swap]``. Always false on a rectangle (see the
        class docstring)."""
        if not self.is_square:
            return False
        rules = (self.root.get("RU") or "").strip().lower()
        if rules in ("swap", "pie", "swap rule", "swap-rule", "pie rule"):
            return True
        return any(node.token in SWAP_TOKENS for node in self.nodes())

    @swap_rule.setter
    def swap_rule(self, enabled: bool) -> None:
        if enabled and not self.is_square:
            raise GameTreeError(f"{shape_text(*self.shape)} board: {SWAP_NEEDS_SQUARE}")
        if enabled:
            self.root.set("RU", "swap")
        else:
            self.root.remove("RU")
        if self._board is not None:
            self._board.swap_rule = bool(enabled)

    @property
    def winner(self) -> Color | None:
        """The winner named by ``RE`` (``B+...``, ``W+...``, or Little Golem's bare ``B``/``W``),
        ``None`` if ``RE`` is absent or names nobody. (Of the game as recorded: see
        :meth:`winner_at` for the position at a node.)"""
        return _winner_of_result(self.result)

    # ---------------------------------------------------------------- tree queries
    def main_line(self) -> list[GameNode]:
        """The root and then the first child of each node, to the end of the main line."""
        return self.continuation(self.root)

    @staticmethod
    def continuation(node: GameNode) -> list[GameNode]:
        """The path from the root to ``node``, then the first child of each node below it:
        the line a "forward" button walks."""
        line = node.path_from_root()
        while line[-1].children:
            line.append(line[-1].children[0])
        return line

    def nodes(self) -> Iterator[GameNode]:
        """Every node in file order (the order of node numbers)."""
        for node, _depth in self.root.walk():
            yield node

    def node_number(self, node: GameNode) -> int:
        """The number of ``node`` in file order (the root is 0), as error messages use."""
        for number, candidate in enumerate(self.nodes()):
            if candidate is node:
                return number
        raise GameTreeError("the node is not part of this game")

    def moves(self, node: GameNode | None = None) -> list[tuple[Color, str]]:
        """The moves on the main line (or the path to ``node``), as ``(colour, token)``."""
        path = node.path_from_root() if node is not None else self.main_line()
        return [n.move for n in path if n.move is not None]

    @staticmethod
    def move_number(node: GameNode) -> int:
        """How many moves lead to ``node`` (every ``B``/``W`` node counts; the root is 0)."""
        count = 0
        current: GameNode | None = node
        while current is not None:
            if current.move is not None:
                count += 1
            current = current.parent
        return count

    def game_end(self, node: GameNode | None = None) -> tuple[Color, str] | None:
        """The first resignation or forfeit on the main line (or the path to ``node``), as
        ``(colour that resigned, "resign" | "forfeit")``; else ``None``. A board cannot hold
        these, so positions ignore them."""
        path = node.path_from_root() if node is not None else self.main_line()
        for current in path:
            move = current.move
            if move is not None and move[1] in GAME_END_TOKENS:
                return move
        return None

    def _check_node(self, node: GameNode) -> None:
        top = node
        while top.parent is not None:
            top = top.parent
        if top is not self.root:
            raise GameTreeError("the node is not part of this game")

    # ---------------------------------------------------------------- positions
    def start_board(self) -> Board:
        """The starting position: the root's ``AB``/``AW``/``PL`` as a position with no
        history (as :meth:`Board.from_rows` makes), or the empty board. Side to move: ``PL``,
        else the colour of the first move, else Black if the stone counts are equal."""
        root, (width, height) = self.root, self.shape
        edit = root.setup_edit(width, height) or SetupEdit()
        rule = self.swap_rule
        if edit.is_pass and edit.to_move is None:
            return Board(width, height, swap_rule=rule)
        grid = [["."] * width for _ in range(height)]
        for cells, symbol in ((edit.black, "B"), (edit.white, "W"), (edit.empty, ".")):
            for cell in cells:
                row, col = divmod(cell, width)
                grid[row][col] = symbol
        to_move = edit.to_move
        if to_move is None:
            first = self.moves()
            to_move = first[0][0] if first else None
        board = Board.from_rows(["".join(row) for row in grid], to_move=to_move)
        board.swap_rule = rule
        return board

    def board_at(self, node: GameNode | None = None, move_number: int | None = None) -> Board:
        """A new board with the position at ``node`` (default: the end of the main line).

        ``move_number`` stops after that many moves of the path (0 = the starting position).
        Raises :class:`NodeProblem` if the path holds a move the rules forbid (possible only
        for trees built in memory: readers check every move)."""
        if move_number is not None and (isinstance(move_number, bool) or move_number < 0):
            raise GameTreeError(f"move number must be 0 or more, not {move_number!r}")
        if node is not None:
            self._check_node(node)
        path = node.path_from_root() if node is not None else self.main_line()
        if move_number is not None:
            end = moves_done = 0  # the nodes up to the one holding move ``move_number``
            while end < len(path) and moves_done < move_number:
                moves_done += path[end].move is not None
                end += 1
            path = path[:end]
        board = self.start_board()
        for board in self.replay(path):  # noqa: B007 (the last position is the answer)
            pass
        return board

    def replay(self, path: list[GameNode] | None = None) -> Iterator[Board]:
        """The position after each node of ``path`` (nodes from the root, as
        ``node.path_from_root()`` gives them; default: the main line), in order, in one pass:
        ``board_at`` for each node would replay the line again for every one of them.

        Every step yields the same board, advanced by one node: read what you need before the
        next step, copy it to keep it. Raises :class:`NodeProblem` as :meth:`board_at`."""
        path = self.main_line() if path is None else path
        board = self.start_board()
        moves_done = 0
        for depth, current in enumerate(path):
            try:
                apply_node(board, current, setup=depth > 0)
            except NodeProblem as problem:
                raise NodeProblem(f"move {moves_done + 1}: {problem}") from None
            if current.move is not None:
                moves_done += 1
            yield board

    @property
    def board(self) -> Board:
        """The position at the cursor. Read-only: change it through the game's methods."""
        return self._ensure_board()

    def _ensure_board(self) -> Board:
        if self._board is None:
            self._board = self.start_board()
            apply_node(self._board, self.root, setup=False)  # a root may hold the first move
            self._entries = []
            path = self._cursor.path_from_root()
            self._cursor = self.root
            self._descend(path[1:])
        return self._board

    @property
    def cursor(self) -> GameNode:
        """The node on screen."""
        return self._cursor

    def winner_at(self, node: GameNode | None = None) -> Color | None:
        """Who has won at ``node`` (default the cursor): by connection, or by a resignation or
        forfeit on the path to it."""
        node = self._cursor if node is None else node
        board = self.board if node is self._cursor else self.board_at(node)
        if board.winner is not None:
            return board.winner
        end = self.game_end(node)
        return None if end is None else end[0].opponent

    # ---------------------------------------------------------------- navigation
    def go_to(self, node: GameNode) -> GameNode:
        """Move the cursor to ``node`` (any node of this game) and return it."""
        self._check_node(node)
        self._ensure_board()
        here = self._cursor.path_from_root()
        there = node.path_from_root()
        common = 0
        while common < min(len(here), len(there)) and here[common] is there[common]:
            common += 1
        for _ in range(len(here) - common):
            self._ascend()
        try:
            self._descend(there[common:])
        except NodeProblem:
            for _ in range(len(self._cursor.path_from_root()) - common):
                self._ascend()
            self._descend(here[common:])
            raise
        return self._cursor

    def _ascend(self) -> None:
        board = self._board
        assert board is not None and self._cursor.parent is not None
        for _ in range(self._entries.pop()):
            board.undo()
        self._cursor = self._cursor.parent

    def _descend(self, nodes: list[GameNode]) -> None:
        board = self._board
        assert board is not None
        for node in nodes:
            entries, _remark = apply_node(board, node)
            self._entries.append(entries)
            self._cursor = node

    def back(self) -> bool:
        """One node up; ``False`` at the root."""
        if self._cursor.parent is None:
            return False
        self._ensure_board()
        self._ascend()
        return True

    def forward(self, variation: int = 0) -> bool:
        """Down to child number ``variation`` (0 = the main continuation); ``False`` if none."""
        children = self._cursor.children
        if not 0 <= variation < len(children):
            return False
        self.go_to(children[variation])
        return True

    def go_to_start(self) -> None:
        self.go_to(self.root)

    def go_to_end(self) -> None:
        """Follow the main continuation from the cursor to its end."""
        self.go_to(self.continuation(self._cursor)[-1])

    def sibling(self, step: int) -> GameNode | None:
        """The variation ``step`` places after (negative: before) the cursor among its
        parent's children, or ``None``."""
        parent = self._cursor.parent
        if parent is None:
            return None
        index = parent.children.index(self._cursor) + step
        return parent.children[index] if 0 <= index < len(parent.children) else None

    # ---------------------------------------------------------------- editing
    def play(
        self, move: int | str, color: Color | str | None = None, *, after_win: bool = False
    ) -> GameNode:
        """Play ``move`` (cell index or name, a swap token, ``pass``, ``resign``, ``forfeit``)
        for ``color`` (default: the side to move) at the cursor, and move the cursor there.

        If the cursor's node already has a child with that move, the cursor simply follows it;
        otherwise the move becomes a new child (a new variation when there are others). A move
        out of turn is recorded as that colour's move (replayed by setting the side to move
        first, as records and GTP ``play`` do). ``after_win``: accept a stone after a side has
        connected. Raises :class:`HexError` (nothing changed) for an illegal move, and after a
        resignation or forfeit.
        """
        board = self.board
        color = board.to_move if color is None else Color.parse(color)
        if isinstance(move, str) and move.strip().lower() in (PASS, RESIGN, FORFEIT):
            token = move.strip().lower()
        else:
            action = board.parse_move(move)
            token = action if isinstance(action, str) else board.cell_name(action)
        if self.game_end(self._cursor) is not None:
            raise GameTreeError("the game is over: a side has resigned (take it back first)")
        if board.is_over and not after_win and token != PASS:
            raise HexError(f"the game is over: {board.winner} has already won")
        for child in self._cursor.children:
            if child.move == (color, token) and not child.has_setup:
                self.go_to(child)
                return child
        child = GameNode()
        child.set_move(color, token)
        self._add(child)
        return child

    def setup(self, edit: SetupEdit, *, merge: bool = False) -> GameNode:
        """Add a setup edit below the cursor (or follow an identical one) and go there.

        ``merge``: when the cursor is itself a setup node without a move or children (stones
        placed one by one in setup mode), fold ``edit`` into it instead, so one node holds the
        whole setup: what its position differs in from the one before it. A setup that comes
        back to that position removes the node (the cursor goes to its parent). Returns the
        cursor's node."""
        cursor = self._cursor
        if (
            merge
            and cursor.parent is not None
            and cursor.move is None
            and cursor.has_setup
            and not cursor.children
        ):
            return self._merge_setup(edit)
        node = GameNode()
        node.set_setup(edit, self.width, self.height)
        for child in self._cursor.children:
            if child.properties == node.properties:
                self.go_to(child)
                return child
        self._add(node)
        return node

    def _merge_setup(self, edit: SetupEdit) -> GameNode:
        node = self._cursor
        after = self._ensure_board().copy()
        after.apply_setup(edit)  # raises before any change
        previous = node.setup_edit(self.width, self.height)
        self._ascend()
        before = self._ensure_board()
        stones: dict[Color | None, list[int]] = {BLACK: [], WHITE: [], None: []}
        for cell in range(self.width * self.height):
            stone = after.stone_at(cell)
            if stone is not before.stone_at(cell):
                stones[stone].append(cell)
        explicit = edit.to_move is not None or (previous and previous.to_move is not None)
        merged = SetupEdit(
            tuple(stones[BLACK]),
            tuple(stones[WHITE]),
            tuple(stones[None]),
            to_move=after.to_move if explicit else None,
        )
        if merged == SetupEdit():
            self._cursor.children.remove(node)  # the cursor is its parent since _ascend
            node.parent = None
            return self._cursor
        for name in (*SETUP_PROPERTIES, "PL"):
            node.remove(name)
        node.set_setup(merged, self.width, self.height)
        self._descend([node])
        return node

    def _add(self, child: GameNode) -> None:
        entries, _remark = apply_node(self._ensure_board(), child)  # raises before any change
        self._cursor.add_child(child)
        self._entries.append(entries)
        self._cursor = child

    def promote(self, node: GameNode) -> None:
        """Make ``node``'s line the main line: at every fork above it, its branch goes first
        (the order of the other variations is kept)."""
        self._check_node(node)
        current = node
        while current.parent is not None:
            siblings = current.parent.children
            siblings.remove(current)
            siblings.insert(0, current)
            current = current.parent

    def delete(self, node: GameNode) -> GameNode:
        """Remove ``node`` and everything below it; return its parent. If the cursor was in
        that branch it moves to the parent."""
        self._check_node(node)
        parent = node.parent
        if parent is None:
            raise GameTreeError("the root cannot be deleted (start a new game instead)")
        here = self._cursor.path_from_root()
        if node in here:
            self.go_to(parent)
        parent.children.remove(node)
        node.parent = None
        return parent

    # ---------------------------------------------------------------- from a board
    @classmethod
    def from_board(cls, board: Board) -> Game:
        """The game on ``board``: its starting position (:meth:`Board.root`) on the root, then
        one node per entry of its :attr:`~Board.move_stack`, the cursor at the end. A setup edit
        that only hands the turn to the other side becomes a ``pass`` of the side that had it
        (and a pass is replayed as exactly that edit)."""
        width, height = board.shape
        start = board.root()
        game = cls(width, height=height, swap_rule=board.swap_rule or None)
        start_edit = SetupEdit(
            tuple(start.stones(BLACK)),
            tuple(start.stones(WHITE)),
            to_move=start.to_move,
        )
        if not start_edit.is_pass or start.to_move != BLACK:
            game.root.set_setup(start_edit, width, height)
        node = game.root
        replay = start
        for entry in board.move_stack:
            if isinstance(entry, Move):
                node = node.play(entry.color, entry.name(width, height))
                replay.play(entry.swap or entry.cell, after_win=True)
                continue
            if entry.is_pass and entry.to_move is not None and entry.to_move != replay.to_move:
                node = node.play(replay.to_move, PASS)
            elif not entry.is_pass or entry.to_move not in (None, replay.to_move):
                node = node.add_child()
                # Keep PL only when it changes who moves, as the board holds no more.
                to_move = entry.to_move if entry.to_move != replay.to_move else None
                edit = SetupEdit(entry.black, entry.white, entry.empty, to_move)
                node.set_setup(edit, width, height)
            replay.apply_setup(entry)
        game._cursor = node
        game._board = None
        return game

    def __repr__(self) -> str:
        return (
            f"<Game {shape_text(*self.shape)} dialect={self.dialect} "
            f"moves={len(self.moves())} warnings={len(self.warnings)}>"
        )


__all__ = [
    "DIALECTS",
    "FORFEIT",
    "GAME_END_TOKENS",
    "PASS",
    "RESIGN",
    "SPECIAL_MOVES",
    "SWAP_TOKENS",
    "Game",
    "GameNode",
    "GameTreeError",
    "NodeProblem",
    "apply_node",
]

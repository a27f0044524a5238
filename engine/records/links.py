"""Share a game as a HexWorld or trmph link, and open such links.

HexWorld (``https://hexworld.org/board/#...``), from its "information for developers"::

    hash    ::= size config* "," move* ["," move*]     trailing commas may be left out
    size    ::= n | n "x" n                              1 to 30
    config  ::= "r" n (rotation) | "m" | "n" (move numbers) | "c1" (red-blue colours)
    move    ::= cell | ":s" (swap-pieces) | ":S" (swap-sides) | ":p" (pass)
              | ":rb" | ":rw" (Black / White resigns) | ":fb" | ":fw" (forfeits)

  e.g. ``https://hexworld.org/board/#11c1,f6:se7``. The second comma marks the move shown
  ("cursor"): the moves after it are the continuation. Black moves first; after swap-sides the
  same colour moves again; cells are named as in HexSwarm (``a1`` top-left).

trmph (``https://trmph.com/hex/board#11,f6e7``): the size, a comma, and the cells played, one
after another. A second move that repeats the first cell is a swap; HexSwarm reads and writes it
as swap-pieces (the mirrored piece swap, as HexWorld's "click the first stone again" does).
trmph has no swap-sides, pass or resignation: a swap-sides game is written as the equivalent
swap-pieces game (the later moves mirrored across the long diagonal, so the picture is the
same position with the colours exchanged), a resignation or forfeit at the end is left out, and a
pass cannot be written (:class:`LinkError`).

Neither format holds setup stones: a board that did not start empty, or had setup edits that
placed or removed stones, raises :class:`LinkError`; an edit that only hands the move to the
other side is written as that side's pass. Sizes above :data:`~engine.board.MAX_SIZE` are
refused on reading with a message that says so.

Rectangular boards (SGF's ``SZ[w:h]``) are refused both ways, with :data:`RECTANGLE_REFUSED`:
a trmph link has a single size, and HexWorld's ``n x n`` size does not say (in the
documentation or any public example we found) which number counts the columns, so a link could
open transposed, with the players' edges exchanged. A rectangle is shared as SGF.
All functions are pure; any thread may call them.
"""

from __future__ import annotations

import re

from hexswarm.engine.board import (
    BLACK,
    MAX_SIZE,
    SWAP_PIECES,
    SWAP_SIDES,
    Board,
    Color,
    HexError,
    cell_index,
    cell_name,
    mirror_cell,
)
from hexswarm.engine.game import FORFEIT, PASS, RESIGN, Game

HEXWORLD_BOARD = "https://hexworld.org/board/#"
TRMPH_BOARD = "https://trmph.com/hex/board#"

_HEXWORLD_SPECIAL = {
    ":s": SWAP_PIECES,
    ":S": SWAP_SIDES,
    ":p": PASS,
    ":rb": RESIGN,
    ":rw": RESIGN,
    ":fb": FORFEIT,
    ":fw": FORFEIT,
}
_MOVE_TOKEN = re.compile(r"([a-z]+[0-9]+)|(:s|:S|:p|:r[bw]|:f[bw])")
_SIZE_PREFIX = re.compile(r"([0-9]+)(?:[xX]([0-9]+))?")
_CONFIG = re.compile(r"r[0-9]+|m|n|c[0-9]+")


class LinkError(HexError):
    """A link that cannot be read, or a game a link format cannot hold."""


RECTANGLE_REFUSED = (
    "links hold square boards only (trmph has one size; HexWorld's 'NxM' does not say which "
    "number counts the columns): save a rectangular game as SGF (SZ[columns:rows])"
)


# --------------------------------------------------------------------------- writing


def _game_moves(source: Board | Game) -> tuple[int, list[tuple[Color, str]]]:
    """Size and the moves ``(colour, token)`` of a board's history or a game's main line;
    :class:`LinkError` if the game has setup stones."""
    if isinstance(source, Board):
        source = Game.from_board(source)
    if not isinstance(source, Game):
        raise LinkError(f"expected a Board or a Game, not {type(source).__name__}")
    if not source.is_square:
        raise LinkError(f"a {source.width}x{source.height} board: {RECTANGLE_REFUSED}")
    line = source.main_line()
    if any(node.has_setup for node in line):
        raise LinkError("a link cannot hold setup stones: this game has a setup position")
    return source.size, [node.move for node in line if node.move is not None]


def hexworld_link(source: Board | Game, *, redblue: bool = False) -> str:
    """A HexWorld link to the game on ``source`` (a board's history, or a record's main line,
    which may end in a resignation), e.g. ``https://hexworld.org/board/#11,f6:se7``.
    ``redblue`` asks HexWorld for its red-blue colours (``c1``)."""
    size, moves = _game_moves(source)
    tokens = []
    for color, token in moves:
        if token == SWAP_PIECES:
            tokens.append(":s")
        elif token == SWAP_SIDES:
            tokens.append(":S")
        elif token == PASS:
            tokens.append(":p")
        elif token in (RESIGN, FORFEIT):
            tokens.append(f":{token[0]}{color.letter.lower()}")
        else:
            tokens.append(token)
    config = "c1" if redblue else ""
    moves_text = "," + "".join(tokens) if tokens else ""
    return f"{HEXWORLD_BOARD}{size}{config}{moves_text}"


def trmph_link(source: Board | Game) -> str:
    """A trmph link to the game on ``source``, e.g. ``https://trmph.com/hex/board#11,f6e7``.
    See the module docstring for how swaps and resignations are written."""
    size, moves = _game_moves(source)
    cells: list[str] = []
    mirror_later = False
    for color, token in moves:
        if token in (RESIGN, FORFEIT):
            continue
        if token == PASS:
            raise LinkError(f"trmph links cannot hold a pass ({color.letter}[pass])")
        if token in (SWAP_PIECES, SWAP_SIDES):
            if len(cells) != 1:
                raise LinkError("a swap is only legal as the second move of the game")
            cells.append(cells[0])  # trmph: the first cell again
            mirror_later = token == SWAP_SIDES
            continue
        if mirror_later:
            token = cell_name(mirror_cell(cell_index(token, size), size), size)
        cells.append(token)
    return f"{TRMPH_BOARD}{size},{''.join(cells)}"


# --------------------------------------------------------------------------- reading


def _fragment(url: str) -> tuple[str, str]:
    """The part after '#' (or the whole text if it has none) and which site it names."""
    text = url.strip()
    lowered = text.lower()
    site = "trmph" if "trmph" in lowered else "hexworld"
    if "#" in text:
        text = text.split("#", 1)[1]
    elif "://" in text:
        raise LinkError(f"the link {url!r} has no '#...' part holding a board")
    return text, site


def _parse_link(url: str) -> tuple[Game, int | None]:
    """The link's game as a record, and the number of moves before its cursor (or None)."""
    if not isinstance(url, str) or not url.strip():
        raise LinkError("an empty link")
    fragment, site = _fragment(url)
    match = _SIZE_PREFIX.match(fragment)
    if not match:
        raise LinkError(f"the link does not start with a board size: {fragment[:40]!r}")
    if len(match.group(1)) > 4 or len(match.group(2) or "") > 4:
        raise LinkError(f"board size {match.group()[:12]}... is out of range")
    width, height = int(match.group(1)), match.group(2)
    if height is not None and int(height) != width:
        raise LinkError(f"a {width}x{height} board: {RECTANGLE_REFUSED}")
    if not 1 <= width <= MAX_SIZE:
        raise LinkError(f"board size {width} is out of range: HexSwarm plays 1 to {MAX_SIZE}")
    size = width
    rest = fragment[match.end() :]
    parts = rest.split(",")
    config = parts[0]
    position = 0
    while position < len(config):
        option = _CONFIG.match(config, position)
        if not option:
            raise LinkError(f"unknown board option {config[position:]!r} in the link")
        position = option.end()
    if len(parts) > 3:
        raise LinkError("a link has at most two commas (the moves and the cursor)")
    played = _tokens(parts[1] if len(parts) > 1 else "")
    continuation = _tokens(parts[2] if len(parts) > 2 else "")
    cursor = len(played) if len(parts) > 2 else None
    tokens = played + continuation
    if site == "trmph" and any(token.startswith(":") for token in tokens):
        raise LinkError("trmph links hold only cells, not ':' moves")

    record = Game(size)
    first_cell: str | None = None
    for number, token in enumerate(tokens, start=1):
        color: Color | None = None
        if token.startswith(":"):
            move = _HEXWORLD_SPECIAL[token]
            color = {"b": BLACK, "w": BLACK.opponent}.get(token[2:])
        else:
            if len(token) > 8:
                raise LinkError(f"move {number}: {token[:12]!r}... is not a cell name")
            move = token
            # trmph (and any link) writes a swap as the first cell again.
            if number == 2 and token == first_cell:
                move = SWAP_PIECES
        if move in (SWAP_PIECES, SWAP_SIDES):
            record.swap_rule = True
        try:
            node = record.play(move, color, after_win=True)
        except HexError as error:
            raise LinkError(f"move {number}: {error}") from None
        if number == 1:
            first_cell = node.token
    return record, cursor


def _tokens(text: str) -> list[str]:
    tokens = []
    position = 0
    while position < len(text):
        match = _MOVE_TOKEN.match(text, position)
        if not match:
            raise LinkError(f"cannot read the moves at {text[position : position + 12]!r}")
        tokens.append(match.group())
        position = match.end()
    return tokens


def record_from_link(url: str) -> Game:
    """The game of a HexWorld or trmph link (or just its ``#...`` part) as a record: every move
    one node, resignations and passes included, the cursor at the end. Raises
    :class:`LinkError`, naming the move if one is illegal."""
    record, _cursor = _parse_link(url)
    return record


def board_from_link(url: str) -> Board:
    """The position a HexWorld or trmph link shows: its moves up to the cursor (HexWorld's
    second comma) or all of them. Raises :class:`LinkError` (a :class:`HexError`) for a link
    it cannot read or with an illegal move."""
    record, cursor = _parse_link(url)
    return record.board_at(move_number=cursor)


__all__ = [
    "HEXWORLD_BOARD",
    "TRMPH_BOARD",
    "LinkError",
    "board_from_link",
    "hexworld_link",
    "record_from_link",
    "trmph_link",
]

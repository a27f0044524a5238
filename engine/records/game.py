"""Between boards and records: save a game or a position, replay a record, list the moves.

* :func:`record_from_board` turns a :class:`~engine.board.Board` with its history into a
  :class:`GameRecord` (starting setup on the root, then one node per move or setup edit).
* :func:`board_from_record` replays a record's main line, or the path to one node, up to a
  move number: what "open game", "go to move" and GTP ``loadsgf`` need.
* :func:`position_record` is "save position": only ``AB``/``AW``/``PL`` (HexGui's shape).
* :func:`game_end_of` reports a resignation or forfeit, which a board cannot hold.
* :func:`move_list_text` is the numbered move list as plain text.

Plain functions on plain objects; call them from any one thread at a time.
"""

from __future__ import annotations

import datetime as _datetime

import numpy as np

from engine.board import (
    BLACK,
    BLACK_STONE,
    EMPTY,
    WHITE_STONE,
    Board,
    Color,
    HexError,
    IllegalMoveError,
    Move,
    cell_name,
)
from engine.records.sgf import (
    FORFEIT,
    GAME_END_TOKENS,
    PASS,
    RESIGN,
    GameNode,
    GameRecord,
    SgfError,
    _apply_node,
    _NodeProblem,
    _start_board,
)

# --------------------------------------------------------------------------- board -> record


def _history(board: Board) -> tuple[Board, list[tuple[str, object]]]:
    """The starting position of ``board`` and its history, oldest first, through the public
    API only: a copy is undone to the start. Entries are ``("move", Move)`` or
    ``("setup", (changes, old_to_move, new_to_move))`` with ``changes`` = {cell: new stone}."""
    rewound = board.copy()
    entries: list[tuple[str, object]] = []
    while True:
        after_cells = rewound.cells.copy()
        after_to_move = rewound.to_move
        try:
            move = rewound.undo()
        except IllegalMoveError:
            break
        if move is not None:
            entries.append(("move", move))
            continue
        changed = np.flatnonzero(after_cells != rewound.cells)
        changes = {int(cell): int(after_cells[cell]) for cell in changed}
        entries.append(("setup", (changes, rewound.to_move, after_to_move)))
    entries.reverse()
    return rewound, entries


def _stone_names(cells: np.ndarray, stone: int, size: int) -> list[str]:
    return [_name(int(cell), size) for cell in np.flatnonzero(cells == stone)]


def _name(cell: int, size: int) -> str:
    return cell_name(cell, size)


def record_from_board(
    board: Board,
    *,
    black: str | None = None,
    white: str | None = None,
    result: str | None = None,
    event: str | None = None,
    ai_black: str | None = None,
    ai_white: str | None = None,
    comments: dict[int, str] | None = None,
    date: str | None = None,
    game_end: tuple[Color | str, str] | None = None,
) -> GameRecord:
    """The game on ``board`` as a record.

    * The starting position (stones the board began with, e.g. from :meth:`Board.from_rows`)
      becomes ``AB``/``AW``/``PL`` on the root; then every move is one node, and every setup
      edit made during the game one node with ``AB``/``AW``/``AE``/``PL`` (an edit that only
      hands the turn to the other side is written as a ``pass`` of the side that had it).
    * ``black``/``white``: players' names (PB/PW); ``ai_black``/``ai_white``: their AI
      settings (XB/XW; leave ``None`` for a human); ``event`` (EV); ``date`` (DT, default today).
    * ``comments``: ``{move number: text}``, move 1 = the first move's node, 0 = the root.
    * ``game_end``: ``(colour, "resign" | "forfeit")`` appends that colour's resignation.
    * ``result`` (RE) defaults to what the game shows: ``"B+R"`` / ``"W+F"`` after a
      resignation or forfeit, ``"B+"`` / ``"W+"`` when a side has connected, else none.
    * ``RU[swap]`` is written when ``board.swap_rule`` is on.
    """
    size = board.size
    start, entries = _history(board)
    record = GameRecord(size)
    root = record.root
    black_start = _stone_names(start.cells, BLACK_STONE, size)
    white_start = _stone_names(start.cells, WHITE_STONE, size)
    if black_start:
        root.set("AB", *black_start)
    if white_start:
        root.set("AW", *white_start)
    if black_start or white_start or start.to_move != BLACK:
        root.set("PL", start.to_move.letter)
    record.player_black = black
    record.player_white = white
    record.event = event
    record.ai_black = ai_black
    record.ai_white = ai_white
    record.date = date if date is not None else _datetime.date.today().isoformat()
    if board.swap_rule:
        record.swap_rule = True

    node = root
    move_number = 0
    numbered: dict[int, GameNode] = {0: root}
    for kind, entry in entries:
        if kind == "move":
            assert isinstance(entry, Move)
            move_number += 1
            node = node.play(entry.color, entry.name(size))
            numbered[move_number] = node
            continue
        changes, old_to_move, new_to_move = entry  # type: ignore[misc]
        if not changes:
            if new_to_move != old_to_move:
                # Only the turn changed hands: in a record that is a pass (and a pass read
                # from a record is replayed as exactly this edit).
                move_number += 1
                node = node.play(old_to_move, PASS)
                numbered[move_number] = node
            continue
        node = node.add_child()
        for stone, name in ((BLACK_STONE, "AB"), (WHITE_STONE, "AW"), (EMPTY, "AE")):
            cells = sorted(cell for cell, new in changes.items() if new == stone)
            if cells:
                node.set(name, *(_name(cell, size) for cell in cells))
        if new_to_move != old_to_move:
            node.set("PL", new_to_move.letter)

    end_color = None
    if game_end is not None:
        end_color, kind = Color.parse(game_end[0]), str(game_end[1]).strip().lower()
        if kind not in GAME_END_TOKENS:
            raise HexError(f"a game ends by 'resign' or 'forfeit', not {game_end[1]!r}")
        node = node.play(end_color, kind)
        end_kind = "R" if kind == RESIGN else "F"
    for number, text in (comments or {}).items():
        if number not in numbered:
            raise HexError(f"a comment for move {number}, but the game has {move_number} moves")
        numbered[number].comment = text

    if result is None:
        if end_color is not None:
            result = f"{end_color.opponent.letter}+{end_kind}"
        elif board.winner is not None:
            result = f"{board.winner.letter}+"
    record.result = result
    return record


def position_record(board: Board) -> GameRecord:
    """ "Save position": the stones on ``board`` as setup (``AB``/``AW``) and the side to move
    (``PL``), nothing else; HexGui writes the same shape and both programs load it as a start."""
    size = board.size
    record = GameRecord(size)
    root = record.root
    black_stones = _stone_names(board.cells, BLACK_STONE, size)
    white_stones = _stone_names(board.cells, WHITE_STONE, size)
    if black_stones:
        root.set("AB", *black_stones)
    if white_stones:
        root.set("AW", *white_stones)
    root.set("PL", board.to_move.letter)
    return record


# --------------------------------------------------------------------------- record -> board


def board_from_record(
    record: GameRecord,
    move_number: int | None = None,
    *,
    node: GameNode | None = None,
) -> Board:
    """Replay ``record`` onto a new :class:`Board`.

    Follows the main line, or the path from the root to ``node``. ``move_number`` = how many
    moves to replay (every ``B``/``W`` node counts, passes and swaps included; 0 = the starting
    position, ``None`` or more than there are = all). Setup nodes on the way are applied as
    undoable setup edits; a move out of turn sets the side to move first; a pass hands the
    turn over (a side-to-move edit, as a board has no pass). Resignations and forfeits leave
    the board alone (see :func:`game_end_of`). The board has
    ``swap_rule`` on if the record's game had it. Raises :class:`SgfError` if the path holds an
    illegal move (possible only for records built or edited in memory: reading checks them).
    """
    if move_number is not None and (isinstance(move_number, bool) or move_number < 0):
        raise HexError(f"move number must be 0 or more, not {move_number!r}")
    path = node.path_from_root() if node is not None else record.main_line()
    if path[0] is not record.root:
        raise SgfError("the node is not part of this record")
    try:
        board = _start_board(record)
    except HexError as error:
        raise SgfError(f"the starting position is not valid: {error}", node=0) from None
    moves_done = 0
    for depth, current in enumerate(path):
        if move_number is not None and moves_done >= move_number:
            break
        try:
            _apply_node(board, current, setup=depth > 0)
        except _NodeProblem as problem:
            raise SgfError(f"move {moves_done + 1}: {problem}") from None
        if current.move is not None:
            moves_done += 1
    return board


def game_end_of(record: GameRecord, node: GameNode | None = None) -> tuple[Color, str] | None:
    """The first resignation or forfeit on the main line (or the path to ``node``), as
    ``(colour that resigned, "resign" | "forfeit")``, e.g. ``("white", "resign")``; else
    ``None``. (A board cannot hold these: :func:`board_from_record` skips them.)"""
    path = node.path_from_root() if node is not None else record.main_line()
    for current in path:
        move = current.move
        if move is not None and move[1] in (RESIGN, FORFEIT):
            return move
    return None


# --------------------------------------------------------------------------- text


def move_list_text(board: Board) -> str:
    """The game on ``board`` as a numbered plain-text move list, e.g.::

        HexSwarm game on 11x11, swap rule on
          1. Black f6
          2. White swap-pieces
          3. Black e7
        Black has won

    A starting position (setup stones) is listed first; setup edits during the game appear
    where they happened, unnumbered.
    """
    size = board.size
    start, entries = _history(board)
    rule = "on" if board.swap_rule else "off"
    lines = [f"HexSwarm game on {size}x{size}, swap rule {rule}"]
    black_start = _stone_names(start.cells, BLACK_STONE, size)
    white_start = _stone_names(start.cells, WHITE_STONE, size)
    if black_start or white_start:
        lines.append(
            f"Start: Black {' '.join(black_start) or '-'}; White "
            f"{' '.join(white_start) or '-'}; {start.to_move.name.title()} to move"
        )
    number = 0
    for kind, entry in entries:
        if kind == "move":
            assert isinstance(entry, Move)
            number += 1
            lines.append(f"{number:>3}. {entry.color.name.title():<5} {entry.name(size)}")
            continue
        changes, old_to_move, new_to_move = entry  # type: ignore[misc]
        if not changes and new_to_move != old_to_move:
            number += 1
            lines.append(f"{number:>3}. {old_to_move.name.title():<5} pass")
            continue
        words = []
        for stone, label in ((BLACK_STONE, "Black"), (WHITE_STONE, "White"), (EMPTY, "empty")):
            cells = sorted(c for c, new in changes.items() if new == stone)
            if cells:
                words.append(f"{label} {' '.join(_name(c, size) for c in cells)}")
        words.append(f"{new_to_move.name.title()} to move")
        lines.append(f"     setup: {'; '.join(words)}")
    if board.winner is not None:
        lines.append(f"{board.winner.name.title()} has won")
    else:
        lines.append(f"{board.to_move.name.title()} to move")
    return "\n".join(lines) + "\n"


__all__ = [
    "board_from_record",
    "game_end_of",
    "move_list_text",
    "position_record",
    "record_from_board",
]

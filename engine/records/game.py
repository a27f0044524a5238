"""Between boards and records: save a game or a position, list the moves.

* :func:`record_from_board` turns a :class:`~engine.board.Board` with its history into a
  :class:`~engine.game.Game` with the game information filled in (names, AI settings, date,
  result, a final resignation).
* :func:`position_record` is "save position": only ``AB``/``AW``/``PL`` (HexGui's shape).
* :func:`move_list_text` is the numbered move list as plain text.

Replaying a record is the game model's job: :meth:`Game.board_at <engine.game.Game.board_at>`.
Plain functions on plain objects; call them from any one thread at a time.
"""

from __future__ import annotations

import datetime as _datetime

from hexswarm.engine.board import BLACK, WHITE, Board, Color, HexError, Move, shape_text
from hexswarm.engine.game import GAME_END_TOKENS, RESIGN, Game, GameNode


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
) -> Game:
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
    record = Game.from_board(board)
    record.player_black = black
    record.player_white = white
    record.event = event
    record.ai_black = ai_black
    record.ai_white = ai_white
    record.date = date if date is not None else _datetime.date.today().isoformat()
    line = record.main_line()
    numbered: dict[int, GameNode] = {0: line[0]}
    for node in line[1:]:
        if node.move is not None:
            numbered[len(numbered)] = node
    end_color = None
    if game_end is not None:
        end_color, kind = Color.parse(game_end[0]), str(game_end[1]).strip().lower()
        if kind not in GAME_END_TOKENS:
            raise HexError(f"a game ends by 'resign' or 'forfeit', not {game_end[1]!r}")
        line[-1].play(end_color, kind)
        end_kind = "R" if kind == RESIGN else "F"
    for number, text in (comments or {}).items():
        if number not in numbered:
            moves = len(numbered) - 1
            raise HexError(f"a comment for move {number}, but the game has {moves} moves")
        numbered[number].comment = text

    if result is None:
        if end_color is not None:
            result = f"{end_color.opponent.letter}+{end_kind}"
        elif board.winner is not None:
            result = f"{board.winner.letter}+"
    record.result = result
    return record


def position_record(board: Board) -> Game:
    """ "Save position": the stones on ``board`` as setup (``AB``/``AW``) and the side to move
    (``PL``), nothing else; HexGui writes the same shape and both programs load it as a start."""
    record = Game(board.width, height=board.height)
    record.root.set("AB", *(board.cell_name(c) for c in board.stones(BLACK)))
    record.root.set("AW", *(board.cell_name(c) for c in board.stones(WHITE)))
    record.root.set("PL", board.to_move.letter)
    return record


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
    replay = board.root()
    rule = "on" if board.swap_rule else "off"
    lines = [f"HexSwarm game on {shape_text(*board.shape)}, swap rule {rule}"]
    black_start = [board.cell_name(c) for c in replay.stones(BLACK)]
    white_start = [board.cell_name(c) for c in replay.stones(WHITE)]
    if black_start or white_start:
        lines.append(
            f"Start: Black {' '.join(black_start) or '-'}; White "
            f"{' '.join(white_start) or '-'}; {replay.to_move.name.title()} to move"
        )
    number = 0
    for entry in board.move_stack:
        if isinstance(entry, Move):
            number += 1
            lines.append(f"{number:>3}. {entry.color.name.title():<5} {entry.name(*board.shape)}")
            replay.play(entry.swap or entry.cell, after_win=True)
            continue
        old_to_move = replay.to_move
        replay.apply_setup(entry)
        if entry.is_pass:
            if replay.to_move != old_to_move:
                number += 1
                lines.append(f"{number:>3}. {old_to_move.name.title():<5} pass")
            continue
        words = []
        for cells, label in (
            (entry.black, "Black"),
            (entry.white, "White"),
            (entry.empty, "empty"),
        ):
            if cells:
                words.append(f"{label} {' '.join(board.cell_name(c) for c in sorted(cells))}")
        words.append(f"{replay.to_move.name.title()} to move")
        lines.append(f"     setup: {'; '.join(words)}")
    if board.winner is not None:
        lines.append(f"{board.winner.name.title()} has won")
    else:
        lines.append(f"{board.to_move.name.title()} to move")
    return "\n".join(lines) + "\n"


__all__ = ["move_list_text", "position_record", "record_from_board"]

"""What the stand-in GTP engines of the tests share: a board kept from the GTP commands and
the loop answering them (no HexSwarm imports: a stand-in starts in a few tens of milliseconds).

A stand-in subclasses :class:`GtpStandIn`, answers its own commands in :meth:`answer` and
leaves the board's to ``super().answer``; ``python its_file.py`` runs :meth:`serve` (the file's
folder is then on ``sys.path``, so ``import gtp_stand_in`` finds this module). One that answers
out of turn (a stream, a delayed answer) overrides :meth:`reply` as well.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator


def cell_name(cell: int, size: int) -> str:
    """The name of cell ``cell`` (row by row from a1) on a ``size`` board: letters are columns."""
    return f"{chr(ord('a') + cell % size)}{cell // size + 1}"


class GtpStandIn:
    """A board by cell names (``stones``: ``"B"`` or ``"W"``; ``played``: their order) that
    answers ``boardsize N [N]``, ``clear_board``, ``play COLOUR CELL``, ``undo``, ``genmove
    COLOUR`` (the first empty cell, row by row, played) and ``quit``; ``?`` to the others, and
    nothing to comments (``# ...``)."""

    def __init__(self) -> None:
        self.size = 0
        self.stones: dict[str, str] = {}
        self.played: list[str] = []

    def place(self, cell: str, colour: str) -> None:
        """Put a stone of ``colour`` on ``cell``; ValueError (answered ``?``, as an engine
        refuses) for a cell off the board or taken, or a colour that is neither."""
        cell = cell.lower()
        names = {cell_name(c, self.size) for c in range(self.size * self.size)}
        if cell not in names or cell in self.stones:
            raise ValueError(f"illegal move {cell}")
        if colour.lower() not in ("b", "w", "black", "white"):
            raise ValueError(f"no colour {colour}")
        self.stones[cell] = "B" if colour.lower().startswith("b") else "W"
        self.played.append(cell)

    def empty_cells(self) -> Iterator[str]:
        """The names of the empty cells, row by row from a1."""
        cells = (cell_name(c, self.size) for c in range(self.size * self.size))
        return (cell for cell in cells if cell not in self.stones)

    def answer(self, command: str, args: list[str]) -> str | None:
        """The answer to a command (``""`` for none), or None for a command it does not know."""
        if command in ("boardsize", "clear_board"):
            if command == "boardsize":
                self.size = int(args[0])
            self.stones.clear()
            self.played.clear()
            return ""
        if command == "play":
            self.place(args[1], args[0])
            return ""
        if command == "undo":
            if not self.played:
                raise ValueError("nothing to undo")
            self.stones.pop(self.played.pop())
            return ""
        if command == "genmove":
            move = next(self.empty_cells(), None)
            if move is None:
                raise ValueError("the board is full")
            self.place(move, args[0])
            return move
        return None

    def reply(self, words: list[str]) -> str:
        """What to write for one command line (``words``: the command and its arguments): GTP's
        ``= ...`` or ``? ...`` ending with its blank line, or ``""`` for a comment."""
        command, args = words[0], words[1:]
        if command.startswith("#"):
            return ""
        if command == "quit":
            return "= \n\n"
        try:
            answer = self.answer(command, args)
        except (ValueError, IndexError) as error:  # bad arguments: refused, still in step
            return f"? {error or 'missing argument'}\n\n"
        if answer is None:
            return f"? unknown command {command}\n\n"
        return f"= {answer}\n\n"

    def serve(self, lines: Iterable[str] = sys.stdin) -> None:
        """Answer the commands of ``lines`` (standard input) until ``quit`` or their end."""
        for line in lines:
            words = line.split()
            if not words:
                continue
            sys.stdout.write(self.reply(words))
            sys.stdout.flush()
            if words[0] == "quit":
                return

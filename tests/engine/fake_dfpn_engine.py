"""A stand-in for MoHex's DFPN over GTP, for the tests of the real-board suite's labeller.

    python tests/engine/fake_dfpn_engine.py [MOST_EMPTY] [MOHEX-GTP.SH OPTIONS...]

It answers the board's commands of ``gtp_stand_in.GtpStandIn`` (``genmove``: the first empty
cell, row by row), ``param_dfpn ...`` and ``dfpn-solve-state COLOUR`` (the
winner, ``black`` or ``white``, by the second solver's proof-number search, which shares no code
with :mod:`engine.solver`); with more than MOST_EMPTY empty cells it answers ``empty``, as MoHex
does when its time limit stops the search.
"""

from __future__ import annotations

import sys

from gtp_stand_in import GtpStandIn, cell_name
from hexswarm.engine.tools.second_solver import Position, winning_moves


class FakeDfpn(GtpStandIn):
    def __init__(self, most_empty: int) -> None:
        super().__init__()
        self.most_empty = most_empty

    def answer(self, command: str, args: list[str]) -> str | None:
        if command == "param_dfpn":
            return ""
        if command != "dfpn-solve-state":
            return super().answer(command, args)
        mover = "black" if args[0].lower().startswith("b") else "white"
        size = self.size
        if size * size - len(self.stones) > self.most_empty:
            return "empty"
        rows = [
            "".join(self.stones.get(cell_name(r * size + c, size), ".") for c in range(size))
            for r in range(size)
        ]
        try:
            wins = bool(winning_moves(Position.from_rows(rows, mover)))
        except ValueError:  # the game is over: the side that just joined won
            wins = False
        return mover if wins else ("white" if mover == "black" else "black")


if __name__ == "__main__":
    given = sys.argv[1:2]  # the options of mohex-gtp.sh after it are ignored
    FakeDfpn(int(given[0]) if given and not given[0].startswith("-") else 10**6).serve()

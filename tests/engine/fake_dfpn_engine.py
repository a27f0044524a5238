"""A stand-in for MoHex's DFPN over GTP, for the tests of the real-board suite's labeller.

    python tests/engine/fake_dfpn_engine.py [MOST_EMPTY]

It keeps a board (stones by cell name, letters columns, numbers rows) and answers
``boardsize N [N]``, ``clear_board``, ``play COLOUR CELL``, ``undo``, ``param_dfpn ...``,
``genmove COLOUR`` (the first empty cell, row by row) and ``dfpn-solve-state COLOUR`` (the
winner, ``black`` or ``white``, by the second solver's proof-number search, which shares no code
with :mod:`engine.solver`); with more than MOST_EMPTY empty cells it answers ``empty``, as MoHex
does when its time limit stops the search.
"""

from __future__ import annotations

import sys

from hexswarm.engine.tools.second_solver import Position, winning_moves


def _name(cell: int, size: int) -> str:
    return f"{chr(ord('a') + cell % size)}{cell // size + 1}"


def main() -> None:
    most_empty = int(sys.argv[1]) if len(sys.argv) > 1 else 10**6
    size = 0
    stones: dict[str, str] = {}
    played: list[str] = []
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        command, args = words[0], words[1:]
        answer = ""
        if command == "quit":
            print("=\n", flush=True)
            return
        if command == "boardsize":
            size = int(args[0])
            stones.clear()
            played.clear()
        elif command == "clear_board":
            stones.clear()
            played.clear()
        elif command == "play":
            stones[args[1].lower()] = "B" if args[0].lower().startswith("b") else "W"
            played.append(args[1].lower())
        elif command == "undo":
            stones.pop(played.pop())
        elif command == "genmove":
            answer = next(
                _name(c, size) for c in range(size * size) if _name(c, size) not in stones
            )
            stones[answer] = "B" if args[0].lower().startswith("b") else "W"
            played.append(answer)
        elif command == "dfpn-solve-state":
            mover = "black" if args[0].lower().startswith("b") else "white"
            rows = [
                "".join(stones.get(_name(r * size + c, size), ".") for c in range(size))
                for r in range(size)
            ]
            if size * size - len(stones) > most_empty:
                answer = "empty"
            else:
                try:
                    wins = bool(winning_moves(Position.from_rows(rows, mover)))
                except ValueError:  # the game is over: the side that just joined won
                    wins = False
                answer = mover if wins else ("white" if mover == "black" else "black")
        elif command != "param_dfpn":
            print(f"? unknown command {command}\n", flush=True)
            continue
        print(f"= {answer}\n", flush=True)


if __name__ == "__main__":
    main()

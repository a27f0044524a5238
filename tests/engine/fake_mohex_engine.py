"""A stand-in for MoHex over GTP, for the tests of ``engine.tools.mohex_speed``.

    python tests/engine/fake_mohex_engine.py [MOHEX-GTP.SH OPTIONS...]

It ignores its options and answers ``boardsize``, ``clear_board``, ``play``, ``genmove`` (the
first empty cell, row by row) and ``mohex-search-statistics`` as MoHex 2.0 lays it out: before
the first search only the tree and pattern counters, after each search the search's block first
(``GamesPlayed`` 1500, ``Time`` 0.50, ``Elapsed Time`` 0.75s; ``Nodes`` 4000 plus the searches
so far), then those counters, with lines of one space between blocks, as MoHex writes them;
``?`` to anything else. A position of exactly three stones is "decided": genmove answers without
searching, so the statistics stay those of the search before.
"""

from __future__ import annotations

import sys

COUNTERS = (
    "Tree Statistics:\nPrior Positions     0\nKnow Positions      0\n \n"
    "Playout Statistics:\nTotal               0"
)
SEARCH = (
    "\nElapsed Time   0.75s\nCount          1500\nGamesPlayed    1500\nNodes          {nodes}\n"
    "Knowledge      7 (0.5%)\nExpansions     90.0\nTime           0.50\n"
    "GameLen        70.9 dev=2.3 min=65.0 max=73.0\nGames/s        3000.0\nScore          0.60\n"
    "Sequence       e5 f4\n \n"
)


def main() -> None:
    size, stones, searches = 0, set(), 0
    statistics = COUNTERS
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        command, args = words[0], words[1:]
        answer = ""
        if command == "quit":
            print("= \n", flush=True)
            return
        if command == "boardsize":
            size = int(args[0])
            stones.clear()
        elif command == "clear_board":
            stones.clear()
        elif command == "play":
            stones.add(args[1].lower())
        elif command == "genmove":
            cells = (f"{chr(ord('a') + c % size)}{c // size + 1}" for c in range(size * size))
            answer = next(cell for cell in cells if cell not in stones)
            if len(stones) != 3:
                searches += 1
                statistics = SEARCH.format(nodes=4000 + searches) + COUNTERS
            stones.add(answer)
        elif command == "mohex-search-statistics":
            answer = statistics
        else:
            print("? unknown command\n", flush=True)
            continue
        print(f"= {answer}\n", flush=True)


if __name__ == "__main__":
    main()

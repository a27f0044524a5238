"""A stand-in for MoHex over GTP, for the tests of ``engine.tools.mohex_speed``.

    python tests/engine/fake_mohex_engine.py [MOHEX-GTP.SH OPTIONS...]

It ignores its options and answers the commands of ``gtp_stand_in.GtpStandIn`` (``genmove``:
the first empty cell, row by row) and ``mohex-search-statistics`` as MoHex 2.0 lays it out: before
the first search only the tree and pattern counters, after each search the search's block first
(``GamesPlayed`` 1500, ``Time`` 0.50, ``Elapsed Time`` 0.75s; ``Nodes`` 4000 plus the searches
so far), then those counters, with lines of one space between blocks, as MoHex writes them;
``?`` to anything else. A position of exactly three stones is "decided": genmove answers without
searching, so the statistics stay those of the search before.
"""

from __future__ import annotations

from gtp_stand_in import GtpStandIn

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


class FakeMohex(GtpStandIn):
    def __init__(self) -> None:
        super().__init__()
        self.searches = 0
        self.statistics = COUNTERS

    def answer(self, command: str, args: list[str]) -> str | None:
        if command == "mohex-search-statistics":
            return self.statistics
        if command == "genmove" and len(self.stones) != 3:  # three stones: "decided"
            self.searches += 1
            self.statistics = SEARCH.format(nodes=4000 + self.searches) + COUNTERS
        return super().answer(command, args)


if __name__ == "__main__":
    FakeMohex().serve()

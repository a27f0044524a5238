"""A stand-in for MoHex over GTP, for the tests of ``engine.tools.mohex_speed`` and of MoHex as a
player (its values after a move).

    python tests/engine/fake_mohex_engine.py [MOHEX-GTP.SH OPTIONS...]

It ignores its options but ``--no-reuse`` (``reuse_subtree`` off) and answers the commands
of ``gtp_stand_in.GtpStandIn`` (``genmove``: the first empty cell, row by row), ``name``
(``MoHex stand-in``), ``version``, ``protocol_version``, ``list_commands``, and:

* ``mohex-search-statistics`` as MoHex 2.0 lays it out: before the first search only the tree
  and pattern counters, after each search the search's block first (``Count`` 1500,
  ``GamesPlayed`` 1500, or 500 when it reused the 1 000 visits of the subtree below the last
  search's first move, as MoHex's ``max_games`` counts them; ``Time`` 0.50, ``Elapsed Time``
  0.75s; ``Nodes`` 4000 plus the searches so far), then those counters, with lines of one
  space between blocks, as MoHex writes them;
* ``param_mohex``: without arguments its settings as MoHex lists them (``[bool]
  reuse_subtree 1``, ``[bool] use_livegfx 0``, ``[size_t] max_games 1500``), with a name and a
  value it sets one;
* ``mohex-values`` and ``mohex-get-pv`` as MoHex answers them: about the node of the current
  position in the tree of the last search, which must be that search's position or a
  continuation of it (else ``?``, as MoHex refuses). Its tree: the searched position, whose
  children are the first three empty cells, and below the first of them every position that
  follows; each node's children are the first three empty cells of its position: the first two
  ``.640@600`` and ``.420@400`` (value for the player who moves, visits; the line ``first
  second``), the third listed unvisited (``0``), as MoHex lists cells it pruned.

``reg_genmove`` searches as ``genmove`` does and answers the same move, but plays nothing (as
MoHex's analysis command).

A position of exactly three stones is "decided": genmove and reg_genmove answer without
searching, so the statistics and the tree stay those of the search before (whose values of the
position, when it continues the search's first move, are an older search's). ``?`` to anything
else.

With ``--proves`` it also lists and answers MoHex's ``vc-build COLOUR`` (the side to move,
remembered) and ``vc-between-cells-full``/``-semi COLOUR EDGE EDGE``: in a position of three
stones the side to move has a semi connection between its edges (a proven win), in one of five
the other side a full one (a proven loss); no other connection (an empty answer), as MoHex
answers.
"""

from __future__ import annotations

from itertools import islice

from gtp_stand_in import GtpStandIn

COUNTERS = (
    "Tree Statistics:\nPrior Positions     0\nKnow Positions      0\n \n"
    "Playout Statistics:\nTotal               0"
)
SEARCH = (
    "\nElapsed Time   0.75s\nCount          1500\nGamesPlayed    {games}\nNodes          {nodes}\n"
    "Knowledge      7 (0.5%)\nExpansions     90.0\nTime           0.50\n"
    "GameLen        70.9 dev=2.3 min=65.0 max=73.0\nGames/s        3000.0\nScore          0.60\n"
    "Sequence       e5 f4\n \n"
)
VALUES = (".640@600", ".420@400", "0")
COMMANDS = [
    "boardsize",
    "clear_board",
    "genmove",
    "list_commands",
    "mohex-get-pv",
    "mohex-search-statistics",
    "mohex-values",
    "name",
    "param_mohex",
    "play",
    "protocol_version",
    "quit",
    "reg_genmove",
    "undo",
    "version",
]
VC_COMMANDS = ["vc-build", "vc-between-cells-full", "vc-between-cells-semi"]


class FakeMohex(GtpStandIn):
    def __init__(self) -> None:
        super().__init__()
        self.searches = 0
        self.statistics = COUNTERS
        self.searched: tuple[str, ...] | None = None  # the moves of the last search's position
        self.root: list[str] = []  # the searched position's children
        self.params = {"reuse_subtree": "1", "use_livegfx": "0", "max_games": "1500"}
        self.proves = False  # --proves: the virtual connection commands (module docstring)
        self.vc_mover = ""  # the colour of the last vc-build

    def answer(self, command: str, args: list[str]) -> str | None:
        if command == "name":
            return "MoHex stand-in"
        if command == "version":
            return "2.0"
        if command == "protocol_version":
            return "2"
        if command == "list_commands":
            return "\n".join(sorted(COMMANDS + (VC_COMMANDS if self.proves else [])))
        if self.proves and command in VC_COMMANDS:
            return self.connection(command, args)
        if command == "mohex-search-statistics":
            return self.statistics
        if command == "param_mohex":
            if not args:
                kinds = {"max_games": "size_t"}
                return "\n".join(
                    f"[{kinds.get(name, 'bool')}] {name} {value}"
                    for name, value in self.params.items()
                )
            if args[0] not in self.params or len(args) != 2:
                raise ValueError(f"unknown parameter {args[0]!r}")
            self.params[args[0]] = args[1]
            return ""
        if command in ("mohex-values", "mohex-get-pv"):
            return self.tree_answer(command)
        if command in ("genmove", "reg_genmove") and len(self.stones) != 3:  # three: "decided"
            self.searches += 1
            games = 500 if self.reuses_a_subtree() else 1500
            self.statistics = SEARCH.format(games=games, nodes=4000 + self.searches) + COUNTERS
            self.searched = tuple(self.played)
            self.root = list(islice(self.empty_cells(), len(VALUES)))
        if command == "reg_genmove":
            move = next(self.empty_cells(), None)
            if move is None:
                raise ValueError("the board is full")
            return move
        return super().answer(command, args)

    def connection(self, command: str, args: list[str]) -> str:
        """MoHex's answers about virtual connections (module docstring)."""
        colour = args[0].lower()[:1]
        if command == "vc-build":
            self.vc_mover = colour
            return " a1 ii[b1]"
        kind = command.rsplit("-", 1)[1]
        name = "black" if colour == "b" else "white"
        mover = colour == self.vc_mover
        won = kind == "semi" and mover and len(self.stones) == 3
        lost = kind == "full" and not mover and len(self.stones) == 5
        return f"\n{name} {args[1]} {args[2]} {kind} or [ a1 ] [ ] " if won or lost else ""

    def reuses_a_subtree(self) -> bool:
        """Whether a search now starts from the subtree below the last search's first move
        (reuse on, and the position continues that move): its 1 000 visits count."""
        if self.params["reuse_subtree"] != "1" or self.searched is None:
            return False
        depth = len(self.searched)
        below = self.played[depth:]
        return tuple(self.played[:depth]) == self.searched and below[:1] == self.root[:1]

    def tree_answer(self, command: str) -> str:
        """MoHex's ``FindState``: the current position's node in the last search's tree."""
        if self.searched is None:
            raise ValueError("No previous search")
        depth = len(self.searched)
        if tuple(self.played[:depth]) != self.searched:
            raise ValueError("Not a continuation")
        below = self.played[depth:]
        if below and below[0] not in self.root:
            raise ValueError("State not in previous search")
        if below and below[0] != self.root[0]:
            return ""  # a leaf
        children = list(islice(self.empty_cells(), len(VALUES)))
        if command == "mohex-get-pv":
            return " ".join(children[:2])
        return "".join(f" {cell} {value}" for cell, value in zip(children, VALUES, strict=False))


if __name__ == "__main__":
    import sys

    fake = FakeMohex()
    if "--no-reuse" in sys.argv[1:]:
        fake.params["reuse_subtree"] = "0"
    fake.proves = "--proves" in sys.argv[1:]
    fake.serve()

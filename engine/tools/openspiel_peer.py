"""OpenSpiel's C++ MCTS as a GTP engine: the public peer our players are measured against.

::

    python -m hexswarm.engine.tools.openspiel_peer --time 1 --seed 7
    hexswarm-match --games 100 --size 9 --out runs/peer "sdst:time_s=1" \\
        "gtp:python -m hexswarm.engine.tools.openspiel_peer --time 1 --seed 7"

The peer is ``pyspiel.MCTSBot`` with a ``pyspiel.RandomRolloutEvaluator`` (one uniform random
rollout per leaf), stopped by ``max_wall_clock_time`` so that it thinks as long as we do. It needs
the ``bench`` extra (``pip install hexswarm[bench]``); the application never imports it.

Conventions checked against OpenSpiel's ``hex`` game (``pyspiel.load_game("hex(board_size=n)")``):
its player 0 (``x``) moves first and connects top and bottom, like our Black; its action for the
cell in row ``r``, column ``c`` is ``r * n + c``, our cell index; and its board is drawn with each
row shifted right, as ours, so the neighbourhoods agree. Its swap option stays off: the match
runner plays this peer without swap.

Only the commands a match needs are spoken: ``protocol_version``, ``name``, ``version``,
``known_command``, ``list_commands``, ``boardsize``, ``clear_board``, ``play``, ``genmove``,
``quit``. ``play`` must alternate colours as in a game (no setup stones).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable

from hexswarm.engine.board import BLACK, Color, HexError, cell_index, cell_name
from hexswarm.engine.players.levels import child_seed

COMMANDS = (
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "boardsize",
    "clear_board",
    "play",
    "genmove",
    "quit",
)


def _pyspiel():
    try:
        import pyspiel
    except ImportError:
        raise SystemExit(
            "hexswarm.engine.tools.openspiel_peer needs OpenSpiel: pip install 'hexswarm[bench]'"
        ) from None
    return pyspiel


class OpenSpielPeer:
    """A game of OpenSpiel Hex and an MCTS bot that plays in it.

    ``uct_c`` is OpenSpiel's exploration constant (2, as in its ``mcts`` example); the bot's
    ``solve`` option (exact values backed up from finished games) stays on, as there.
    """

    def __init__(self, time_s: float, seed: int, uct_c: float = 2.0, rollouts: int = 1):
        self.pyspiel = _pyspiel()
        self.time_s = time_s
        self.seed = seed
        self.uct_c = uct_c
        self.rollouts = rollouts
        self.size = 11
        self.games = 0
        self.clear()

    def clear(self) -> None:
        game = self.pyspiel.load_game(f"hex(board_size={self.size})")
        # A fresh seed per game keeps games distinct and the whole run reproducible (apart
        # from where the wall clock stops the search).
        seed = child_seed(self.seed, self.games)
        self.games += 1
        evaluator = self.pyspiel.RandomRolloutEvaluator(self.rollouts, seed)
        self.bot = self.pyspiel.MCTSBot(
            game,
            evaluator,
            self.uct_c,
            1_000_000_000,  # simulations: the wall clock stops the search
            2_000,  # MB
            True,
            seed,
            False,
            max_wall_clock_time=self.time_s,
        )
        self.state = game.new_initial_state()

    def colour_to_move(self) -> Color:
        return BLACK if self.state.current_player() == 0 else BLACK.opponent

    def play(self, colour: Color, move: str) -> None:
        if self.state.is_terminal():
            raise HexError("the game is over")
        if colour != self.colour_to_move():
            raise HexError(f"{colour} is not to move (this peer takes no setup stones)")
        cell = cell_index(move, self.size)
        if cell not in self.state.legal_actions():
            raise HexError(f"illegal move {move}")
        self.state.apply_action(cell)

    def genmove(self, colour: Color) -> str:
        if self.state.is_terminal():
            return "resign"
        if colour != self.colour_to_move():
            raise HexError(f"{colour} is not to move")
        action = self.bot.step(self.state)
        self.state.apply_action(action)
        return cell_name(action, self.size)

    def execute(self, words: list[str]) -> str:
        """The result of one command (raises :class:`HexError` for a ``?`` answer)."""
        command, args = words[0].lower(), words[1:]
        if command == "quit":
            return ""
        if command == "protocol_version":
            return "2"
        if command == "name":
            return "OpenSpiel-MCTS"
        if command == "version":
            return f"uct_c={self.uct_c} rollouts={self.rollouts} time={self.time_s}"
        if command == "known_command":
            return "true" if args and args[0] in COMMANDS else "false"
        if command == "list_commands":
            return "\n".join(COMMANDS)
        if command == "boardsize":
            if not args or not args[0].isdigit() or not 1 <= int(args[0]) <= 25:
                raise HexError("boardsize takes one size from 1 to 25")
            self.size = int(args[0])
            self.clear()
            return ""
        if command == "clear_board":
            self.clear()
            return ""
        if command == "play" and len(args) == 2:
            self.play(Color.parse(args[0]), args[1])
            return ""
        if command == "genmove" and len(args) == 1:
            return self.genmove(Color.parse(args[0]))
        raise HexError(f"unknown command or wrong arguments: {' '.join(words)}")


def serve(peer: OpenSpielPeer, stdin=sys.stdin, stdout=sys.stdout) -> None:
    """Answer GTP commands from ``stdin`` until ``quit`` or end of input."""
    for line in stdin:
        words = line.split("#", 1)[0].split()
        if not words:
            continue
        ident = ""
        if words[0].isdigit():
            ident, words = words[0], words[1:]
            if not words:
                continue
        try:
            stdout.write(f"={ident} {peer.execute(words)}\n\n")
        except HexError as error:
            stdout.write(f"?{ident} {error}\n\n")
        stdout.flush()
        if words[0].lower() == "quit":
            return


def main(argv: Iterable[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m hexswarm.engine.tools.openspiel_peer",
        description="OpenSpiel's C++ MCTS with random rollouts as a GTP Hex engine.",
    )
    parser.add_argument("--time", type=float, required=True, help="seconds per move")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("--uct-c", type=float, default=2.0, help="exploration constant (2)")
    parser.add_argument("--rollouts", type=int, default=1, help="rollouts per leaf (1)")
    options = parser.parse_args(None if argv is None else list(argv))
    if options.time <= 0:
        parser.error("--time must be positive")
    serve(OpenSpielPeer(options.time, options.seed, options.uct_c, options.rollouts))
    return 0


if __name__ == "__main__":
    sys.exit(main())

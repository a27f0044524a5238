"""``hexswarm-match``: play N games between two players, save every game, report statistics.

::

    hexswarm-match --games 200 --size 7 --out runs/sdst-vs-mcsds \\
        "sdst:agents=50000,iterations=50" "mcsds:agents=50000,iterations=50"
    hexswarm-match --games 20 --size 9 --out runs/ext "uct" "gtp:mohex --seed 1"

A player is ``LEVEL[:key=value,...]`` (an in-process AI built by
:func:`engine.players.create_player`) or ``gtp:COMMAND LINE`` (an external engine driven over GTP
by :class:`engine.gtp_client.GtpClient`, the same code the tests use to drive ``hexswarm-gtp``).

Rules of a match:

* game ``i`` (numbered from 1) gives Black to player A when ``i`` is odd, to B when it is even;
  with ``--swap`` the swap rule is on (a ``swap-sides`` exchanges who holds which colour, a
  ``swap-pieces`` keeps colours and mirrors the stone);
* in-process players get the seed ``game_seed(--seed, i, player)`` for game ``i`` (a seed in the
  spec is replaced), and ``threads=1`` unless the spec names ``threads``: results depend only on
  the settings, never on ``--jobs``, ``--scheduler`` or on resuming;
* ``--opening K`` places K random stones (Black first) before each game, the same for games
  ``2k - 1`` and ``2k`` (:func:`engine.tools.games.opening_cells`): deterministic engines
  such as MoHex then play varied games, each opening once with each colour;
* ``--jobs N`` plays N games at a time in worker processes (a local Dask cluster when Dask is
  installed, a process pool otherwise); ``--scheduler ADDRESS`` sends the games to a Dask
  cluster on other machines (:mod:`engine.tools.distributed`, ``docs/cluster.md``);
* every game is saved as ``DIR/game-0001.sgf`` ... (PB/PW/RE and the AI settings), and
  ``DIR/match.json`` (settings and per-game results) is rewritten atomically after each game.
  Re-running with the same DIR plays only the missing games; different settings are an error.
  ``--games`` may grow between runs;
* an illegal move from an external engine loses the game (``RE[B+F]``); a crashed or silent engine
  stops the match with a message (the games so far stay saved).
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
import time
from collections.abc import Iterable
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from hexswarm.engine.board import HexError
from hexswarm.engine.clock import TimeControl
from hexswarm.engine.tools.games import GTP_PREFIX, GameResult, MatchError, MatchSettings
from hexswarm.engine.tools.series import (
    Match,
    _json_number,
    clock_report,
    results_table,
    think_report,
)

if TYPE_CHECKING:
    pass


class Progress:
    """A progress line on stderr: redrawn in place on a terminal, one line per game otherwise."""

    def __init__(self, total: int, done: int, stream: TextIO, quiet: bool = False):
        self.total, self.done, self.stream, self.quiet = total, done, stream, quiet
        self.started = time.monotonic()
        self.played = 0
        self.wins = {"A": 0, "B": 0}
        self.tty = hasattr(stream, "isatty") and stream.isatty()

    def update(self, result: GameResult, what: str | None = None) -> None:
        """Count the game just played and redraw the line; ``what`` says what the line says of
        the game (default: its number, winner and this run's score)."""
        self.done += 1
        self.played += 1
        self.wins[result.winner] += 1
        if self.quiet:
            return
        if what is None:
            what = (
                f"game {result.game}: {result.winner} ({result.winner_colour}) {result.result}  "
                f"this run A {self.wins['A']} - B {self.wins['B']}"
            )
        elapsed = time.monotonic() - self.started
        remaining = (self.total - self.done) * elapsed / self.played
        width = 30
        filled = int(width * self.done / self.total) if self.total else width
        bar = "#" * filled + "." * (width - filled)
        text = f"[{bar}] {self.done}/{self.total}  {what}  eta {_duration(remaining)}"
        if self.tty:
            self.stream.write("\r" + text + "\033[K")
            if self.done == self.total:
                self.stream.write("\n")
        else:
            self.stream.write(text + "\n")
        self.stream.flush()


def _duration(seconds: float) -> str:
    seconds = int(seconds)
    if seconds < 60:
        return f"{seconds}s"
    if seconds < 3600:
        return f"{seconds // 60}m{seconds % 60:02d}s"
    return f"{seconds // 3600}h{seconds % 3600 // 60:02d}m"


# ---------------------------------------------------------------------------- command line


def check_player(spec: str) -> str:
    """Validate a player argument early (a level spec is built once); return it unchanged."""
    if spec.startswith(GTP_PREFIX):
        if not shlex.split(spec[len(GTP_PREFIX) :]):
            raise MatchError(f"{spec!r}: give the engine's command line after 'gtp:'")
        return spec
    from hexswarm.engine.players import create_player

    try:
        create_player(spec)
    except HexError as error:
        raise MatchError(f"bad player {spec!r}: {error}") from None
    return spec


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="hexswarm-match",
        description="Play a match between two Hex players, or a round robin between three or "
        "more (every pair a match); save the games; report statistics.",
        epilog="A player is LEVEL[:key=value,...] (e.g. sdst:agents=50000,iterations=50) "
        "or gtp:COMMAND LINE for an external GTP engine. A round robin rates the players "
        "together (Bradley-Terry Elo, relative to the first) and plays game 1 of every pair, "
        "then game 2 ...; players may be appended when it is continued.",
    )
    parser.add_argument(
        "--games", type=int, required=True, help="number of games (of each pair in a round robin)"
    )
    parser.add_argument("--size", type=int, default=7, help="board size (default 7)")
    parser.add_argument("--out", type=Path, required=True, help="folder for SGF files and state")
    parser.add_argument("--swap", action="store_true", help="play with the swap rule")
    parser.add_argument(
        "--jobs",
        type=int,
        default=1,
        help="games played in parallel processes (a local Dask cluster when Dask is installed)",
    )
    parser.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        default=None,
        help="play the games on the workers of this Dask scheduler (tcp://host:port); "
        "see docs/cluster.md",
    )
    parser.add_argument("--seed", type=int, default=1, help="match seed (default 1)")
    parser.add_argument(
        "--clock",
        default="none",
        metavar="CONTROL",
        help="play every game on a clock: 60 (sudden death, seconds each), 300+5 (Fischer), "
        "600+5x30 (byo-yomi); a level spends its time as engine.clock.move_time says, a GTP "
        "engine is told time_settings and time_left; a flag fall loses (B+T/W+T). "
        "Timing-sensitive: play one such match at a time",
    )
    parser.add_argument(
        "--opening",
        type=int,
        default=0,
        metavar="STONES",
        help="place this many random stones (Black, White, ...) before each game, the same "
        "for games 2k-1 and 2k, which swap colours (two players only; default 0)",
    )
    parser.add_argument(
        "--max-new-games",
        type=int,
        default=None,
        help="play at most this many new games in this run, then stop (re-run to continue)",
    )
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument("--quiet", action="store_true", help="no progress output")
    parser.add_argument("players", metavar="PLAYER", nargs="+", help="two players, or more")
    return parser


def main(argv: Iterable[str] | None = None) -> int:
    """Entry point of ``hexswarm-match`` and ``python -m hexswarm.engine.tools.match``."""
    parser = build_parser()
    options = parser.parse_args(None if argv is None else list(argv))
    from hexswarm.engine.board import MAX_SIZE

    if options.games < 1:
        parser.error("--games must be 1 or more")
    if not 1 <= options.size <= MAX_SIZE:
        parser.error(f"--size must be 1 to {MAX_SIZE}")
    if options.jobs < 1:
        parser.error("--jobs must be 1 or more")
    if options.scheduler and options.jobs != 1:
        parser.error("--jobs and --scheduler exclude each other (the cluster has its workers)")
    if len(options.players) < 2:
        parser.error("give two players for a match, or more for a round robin")
    if options.opening and len(options.players) > 2:
        parser.error("--opening is for a match of two players")
    if not 0 <= options.opening < options.size * options.size:
        parser.error(f"--opening must be 0 to {options.size * options.size - 1}")
    play = _play_round_robin if len(options.players) > 2 else _play_match
    try:
        report = play(options)
    except MatchError as error:
        print(f"hexswarm-match: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\nhexswarm-match: interrupted; re-run the same command to continue", file=sys.stderr)
        return 130
    print(report)
    return 0


def _say_continuing(options: argparse.Namespace, already: int, total: int) -> None:
    if already and not options.quiet:
        print(
            f"hexswarm-match: continuing, {already} of {total} games already played in "
            f"{options.out}",
            file=sys.stderr,
        )


def _play_match(options: argparse.Namespace) -> str:
    """Play (or continue) the match of the command line; return its report."""
    settings = MatchSettings(
        player_a=check_player(options.players[0]),
        player_b=check_player(options.players[1]),
        size=options.size,
        swap=options.swap,
        seed=options.seed,
        clock=_clock_text(options.clock),
        opening=options.opening,
    )
    match = Match(settings, options.out)
    match.load_or_create()
    already = sum(1 for g in match.results if g <= options.games)
    _say_continuing(options, already, options.games)
    progress = Progress(options.games, already, sys.stderr, options.quiet)
    match.run(
        options.games,
        jobs=options.jobs,
        limit=options.max_new_games,
        progress=progress.update,
        scheduler=options.scheduler,
    )
    summary = match.summary(options.games)
    if not options.json:
        played = [match.results[g] for g in sorted(match.results) if g <= options.games]
        clock = f"\n\n{clock_report(settings, played)}" if settings.clock != "none" else ""
        think = think_report(settings, played)
        return results_table(settings, summary) + clock + (f"\n\n{think}" if think else "")
    report = {
        "settings": settings.identity(),
        "games_requested": options.games,
        "summary": {k: _json_number(v) for k, v in summary.to_dict().items()},
        "games": [asdict(match.results[g]) for g in sorted(match.results) if g <= options.games],
    }
    return json.dumps(report, indent=1)


def _clock_text(text: str) -> str:
    """``--clock`` checked and written in its one spelling."""
    try:
        return TimeControl.parse(text).text()
    except HexError as error:
        raise MatchError(str(error)) from None


def _play_round_robin(options: argparse.Namespace) -> str:
    """Play (or continue) the round robin of the command line; return its report."""
    from hexswarm.engine.tools.tournament import (
        Tournament,
        TournamentSettings,
        tournament_json,
        tournament_report,
    )

    settings = TournamentSettings(
        players=tuple(check_player(p) for p in options.players),
        size=options.size,
        swap=options.swap,
        seed=options.seed,
        clock=_clock_text(options.clock),
    )
    tournament = Tournament(settings, options.out)
    tournament.load_or_create()
    total = options.games * len(settings.pairs())
    already = tournament.played(options.games)
    _say_continuing(options, already, total)
    progress = Progress(total, already, sys.stderr, options.quiet)
    players = settings.players

    def report(pair: tuple[int, int], result: GameResult) -> None:
        first, second = players[pair[0]], players[pair[1]]
        winner = first if result.winner == "A" else second
        what = f"game {result.game} of {first} - {second}: {winner} ({result.winner_colour})"
        progress.update(result, what)

    tournament.run(
        options.games,
        jobs=options.jobs,
        limit=options.max_new_games,
        progress=report,
        scheduler=options.scheduler,
    )
    if options.json:
        return json.dumps(tournament_json(tournament, options.games), indent=1)
    return tournament_report(tournament, options.games)


if __name__ == "__main__":
    from hexswarm.engine.tools.match import (
        main as _main,  # workers pickle engine.tools.match.*, not __main__.*
    )

    sys.exit(_main())

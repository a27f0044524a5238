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
import math
import multiprocessing
import os
import shlex
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from hexswarm.engine.board import BLACK, SWAP_SIDES, WHITE, Board, Color, HexError
from hexswarm.engine.clock import (
    GameClock,
    TimeControl,
    TimeLeft,
    gtp_time_left,
    gtp_time_settings,
    move_time,
    record_clock,
)
from hexswarm.engine.gtp_client import GtpClient, GtpClientError
from hexswarm.engine.tools.stats import format_elo, summarize

if TYPE_CHECKING:
    from hexswarm.engine.tools.distributed import DaskGames

STATE_FILE = "match.json"
STATE_FORMAT = 1
GTP_PREFIX = "gtp:"
PLAYERS = ("A", "B")


class MatchError(Exception):
    """A match cannot start or go on; the message says why and what to do."""


# ---------------------------------------------------------------------------- players


def game_seed(match_seed: int, game: int, player: str) -> int:
    """The seed of ``player`` ("A"/"B") in game number ``game``: distinct per game and player,
    a function of the match seed only (so parallel and resumed runs agree)."""
    slot = PLAYERS.index(player)
    return (match_seed * 1_000_003 + game * 2 + slot) % (2**31 - 1)


class LevelPlayer:
    """An in-process AI for one game. ``choose`` runs the search on the calling thread."""

    def __init__(self, spec: str, seed: int):
        from hexswarm.engine.players import create_player
        from hexswarm.engine.players.levels import one_thread_unless_named

        # Parallelism comes from --jobs, not from the players.
        overrides: dict[str, Any] = {"seed": seed, **one_thread_unless_named(spec)}
        self.spec_text = spec
        self.player = create_player(spec, **overrides)
        self.name = spec
        self.settings = self.player.spec() if hasattr(self.player, "spec") else spec

    def new_game(self, size: int, swap: bool, clock: TimeControl | None = None) -> None:
        pass

    def choose(self, board: Board, colour: Color, time_s: float | None = None) -> int | str:
        """The move; ``time_s`` (a clocked game) replaces the level's time per move."""
        player = self.player
        if time_s is not None and hasattr(player.settings, "time_s"):
            from hexswarm.engine.players import create_player

            player = create_player(player.spec(), time_s=max(0.001, round(time_s, 3)))
        return player.choose_move(board.copy()).move

    def observe(self, colour: Color, move: str) -> None:
        pass


class GtpPlayer:
    """An external engine for a series of games (the process is reused between games)."""

    def __init__(self, command: str, log: Any = subprocess.DEVNULL):
        argv = shlex.split(command)
        self.client = GtpClient(argv, stderr=log)
        self.command = command
        try:
            name = self.client.send("name", timeout=120)
            version = self.client.send("version", timeout=30)
            # Our own engine: it is told whether swapping is allowed in each game.
            self._knows_param = self.client.send("known_command hexswarm-param", 30) == "true"
        except GtpClientError as error:
            self.client.close()
            raise MatchError(f"GTP engine {command!r} does not work: {error}") from None
        self.name = f"{name} {version}".strip()
        self.settings = f"{GTP_PREFIX}{command}"

    def new_game(self, size: int, swap: bool, clock: TimeControl | None = None) -> None:
        try:
            self.client.send(f"boardsize {size}", timeout=60)
            self.client.send("clear_board", timeout=60)
            if self._knows_param:
                self.client.send(f"hexswarm-param allow_swap {int(swap)}", timeout=60)
            if clock is not None:
                self.client.send(gtp_time_settings(clock), timeout=60)
        except GtpClientError as error:
            raise MatchError(str(error)) from None

    def choose(self, board: Board, colour: Color, time_left: TimeLeft | None = None) -> int | str:
        """The engine's move; ``time_left`` (a clocked game) is sent first as ``time_left``."""
        try:
            if time_left is not None:
                self.client.send(gtp_time_left(colour, time_left), timeout=60)
            answer = self.client.send(f"genmove {colour.letter.lower()}")
        except GtpClientError as error:
            raise MatchError(str(error)) from None
        return answer.strip().lower()

    def observe(self, colour: Color, move: str) -> None:
        try:
            self.client.send(f"play {colour.letter.lower()} {move}", timeout=60)
        except GtpClientError as error:
            raise MatchError(str(error)) from None

    def close(self) -> None:
        self.client.close()


# ---------------------------------------------------------------------------- settings, results


@dataclass(frozen=True)
class MatchSettings:
    """What defines a match; a resumed run must have the same (``games`` may differ)."""

    player_a: str
    player_b: str
    size: int
    swap: bool
    seed: int
    clock: str = "none"  # a TimeControl's text: "60", "300+5", "600+5x30"

    def identity(self) -> dict:
        identity = asdict(self)
        if identity["clock"] == "none":  # as matches without clocks were always saved
            del identity["clock"]
        return identity

    @property
    def time_control(self) -> TimeControl | None:
        """The clock of every game, or None."""
        control = TimeControl.parse(self.clock)
        return None if control.is_none else control


@dataclass(frozen=True)
class GameResult:
    """One finished game. ``winner`` is "A" or "B"; ``winner_colour`` the colour of the winner's
    stones; ``a_colour`` the colour A started with; ``reason`` "" (connection), "R" (resign),
    "F" (forfeit: an illegal move) or "T" (time: the clock ran out)."""

    game: int
    winner: str
    winner_colour: str
    a_colour: str
    reason: str
    moves: int
    result: str
    sgf: str
    # A clocked game: per player ("A"/"B") its "moves", "used_s" (seconds its clock ran) and
    # "left_s" at the end (main time and periods left).
    clock: dict | None = None

    @classmethod
    def from_dict(cls, data: dict) -> GameResult:
        return cls(**{k: data[k] for k in cls.__dataclass_fields__ if k in data})


def sgf_name(game: int) -> str:
    return f"game-{game:04d}.sgf"


# ---------------------------------------------------------------------------- one game


@dataclass
class _PlayerCache:
    """Per process: external engines stay running between games."""

    gtp: dict[str, GtpPlayer] = field(default_factory=dict)
    log: Any = None

    def close(self) -> None:
        for player in self.gtp.values():
            player.close()
        self.gtp.clear()
        if self.log not in (None, subprocess.DEVNULL):
            self.log.close()
            self.log = None


def make_player(spec: str, seed: int, cache: _PlayerCache, out_dir: Path | None):
    """The player for ``spec``. An external engine's stderr goes to ``out_dir/engines.log``,
    or to this process's stderr when ``out_dir`` is None (a cluster worker's log)."""
    if spec.startswith(GTP_PREFIX):
        if spec not in cache.gtp:
            if cache.log is None and out_dir is not None:
                cache.log = open(out_dir / "engines.log", "a", encoding="utf-8")  # noqa: SIM115
            log = cache.log if out_dir is not None else None  # None: inherit stderr
            cache.gtp[spec] = GtpPlayer(spec[len(GTP_PREFIX) :], log=log)
        return cache.gtp[spec]
    return LevelPlayer(spec, seed)


def play_game(settings: MatchSettings, game: int, out_dir: Path, cache: _PlayerCache) -> GameResult:
    """Play game number ``game`` (from 1), save its SGF, and return its result."""
    from hexswarm.engine.records.files import atomic_write_text

    result, sgf_text = play_game_record(settings, game, cache, out_dir)
    atomic_write_text(out_dir / result.sgf, sgf_text)
    return result


_kernels_ready = threading.Event()
_kernels_lock = threading.Lock()


def _load_kernels_once() -> None:
    """Load (or compile) every kernel before this process's first game: at equal time a
    first move that loads its kernels inside its budget was played after one iteration."""
    with _kernels_lock:
        if not _kernels_ready.is_set():
            from hexswarm.engine.warmup import warm_up

            warm_up()
            _kernels_ready.set()


def play_game_record(
    settings: MatchSettings, game: int, cache: _PlayerCache, log_dir: Path | None
) -> tuple[GameResult, str]:
    """Play game number ``game`` (from 1); return its result and its SGF text (not saved).
    External engines log to ``log_dir/engines.log`` (None: to stderr)."""
    from hexswarm.engine.records import record_from_board
    from hexswarm.engine.records.sgf import write_sgf

    _load_kernels_once()

    board = Board(settings.size, swap_rule=settings.swap)
    a_colour = BLACK if game % 2 == 1 else WHITE
    owner = {a_colour: "A", a_colour.opponent: "B"}
    initial_owner = dict(owner)
    specs = {"A": settings.player_a, "B": settings.player_b}
    players = {
        p: make_player(specs[p], game_seed(settings.seed, game, p), cache, log_dir) for p in PLAYERS
    }
    control = settings.time_control
    clock = GameClock(control) if control is not None else None
    times: list[tuple[Color, TimeLeft]] = []  # each move's mover and its time left after it
    for player in players.values():
        player.new_game(settings.size, settings.swap, **({"clock": control} if control else {}))
    winner_colour: Color | None = None
    game_end: tuple[Color, str] | None = None  # (colour that resigned or forfeited, how)
    reason = ""
    while board.winner is None:
        colour = board.to_move
        mover = owner[colour]
        other = "B" if mover == "A" else "A"
        if clock is None:
            move = players[mover].choose(board, colour)
        else:
            move = _clocked_choice(players[mover], board, colour, clock, control)
            if not clock.press(colour):
                winner_colour, reason = colour.opponent, "T"
                break
            times.append((colour, clock.left(colour)))
            clock.stop()
        if isinstance(move, str) and move == "resign":
            winner_colour, reason, game_end = colour.opponent, "R", (colour, "resign")
            break
        try:
            if isinstance(move, str) and move == "swap":
                move = SWAP_SIDES
            played = board.play(move)
        except HexError:
            winner_colour, reason, game_end = colour.opponent, "F", (colour, "forfeit")
            break
        if players[other] is not players[mover]:
            players[other].observe(colour, played.name(board.size))
        if played.swap == SWAP_SIDES:
            owner = {BLACK: owner[WHITE], WHITE: owner[BLACK]}
    if winner_colour is None:
        winner_colour = board.winner
    result = f"{winner_colour.letter}+{reason}"
    record = record_from_board(
        board,
        black=_display_name(players[initial_owner[BLACK]], initial_owner[BLACK]),
        white=_display_name(players[initial_owner[WHITE]], initial_owner[WHITE]),
        result=result,
        event=f"hexswarm-match game {game}",
        ai_black=players[initial_owner[BLACK]].settings,
        ai_white=players[initial_owner[WHITE]].settings,
        game_end=game_end,
    )
    clock_stats = None
    if clock is not None:
        record_clock(record, control, times)
        final_owner = owner
        clock_stats = {
            final_owner[c]: {
                "moves": clock.moves[c],
                "used_s": round(clock.used_s(c), 3),
                "left_s": round(clock.left(c).total_s, 3),
            }
            for c in (BLACK, WHITE)
        }
    result = GameResult(
        game=game,
        winner=owner[winner_colour],
        winner_colour=str(winner_colour),
        a_colour=str(a_colour),
        reason=reason,
        moves=len(board.moves),
        result=result,
        sgf=sgf_name(game),
        clock=clock_stats,
    )
    return result, write_sgf(record)


def _clocked_choice(
    player, board: Board, colour: Color, clock: GameClock, control: TimeControl
) -> int | str:
    """``colour``'s move with its clock running: an in-process level searches for the time
    :func:`engine.clock.move_time` gives it; an external engine is told its time left."""
    left = clock.left(colour)
    clock.start(colour)
    if isinstance(player, GtpPlayer):
        return player.choose(board, colour, left)
    return player.choose(board, colour, move_time(control, left, board.empty_count))


def _display_name(player, slot: str) -> str:
    return f"{player.name} ({slot})"


# Worker-process state for --jobs > 1 without Dask (spawn context: set by the initializer).
_worker: dict[str, Any] = {}


def _init_worker(log_dir: str | None) -> None:
    from multiprocessing import util

    _worker["log_dir"] = None if log_dir is None else Path(log_dir)
    _worker["cache"] = _PlayerCache()
    util.Finalize(None, _worker["cache"].close, exitpriority=10)


def _play_in_worker(task: tuple[int, dict, int]) -> tuple[int, dict, str]:
    index, identity, game = task
    result, sgf_text = play_game_record(
        MatchSettings(**identity), game, _worker["cache"], _worker["log_dir"]
    )
    return index, asdict(result), sgf_text


GameTask = tuple[MatchSettings, int]
"""One game to play: the match it belongs to and its number in that match (from 1)."""


def play_games(
    tasks: list[GameTask],
    on_result: Callable[[MatchSettings, GameResult, str], None],
    *,
    jobs: int = 1,
    scheduler: str | None = None,
    cluster: DaskGames | None = None,
    use_dask: bool | None = None,
    log_dir: Path | None = None,
) -> None:
    """Play ``tasks`` (games of one or several matches) and call ``on_result(settings,
    result, sgf_text)`` in this thread once per game, in the order they finish.

    Where the games run: on ``cluster`` (an open :class:`~engine.tools.distributed.DaskGames`), else
    on     the Dask scheduler at ``scheduler``, else with ``jobs`` > 1 on a local Dask cluster of
    ``jobs`` processes (``use_dask`` None: when Dask is installed) or a pool of ``jobs``
    processes, else here, one after the other. A game's result depends only on its match and
    number, so every way gives the same results. External engines log to
    ``log_dir/engines.log`` (on a Dask worker: to the worker's stderr)."""
    if not tasks:
        return
    if cluster is None and scheduler is None and jobs > 1 and use_dask is None:
        from hexswarm.engine.tools.distributed import dask_available

        use_dask = dask_available()
    if cluster is not None or scheduler is not None or (jobs > 1 and use_dask):
        from hexswarm.engine.tools.distributed import DaskGames

        if cluster is not None:
            cluster.play(tasks, on_result)
        else:
            where = {"scheduler": scheduler} if scheduler else {"workers": jobs}
            with DaskGames(**where) as own_cluster:
                own_cluster.play(tasks, on_result)
        return
    if jobs <= 1:
        cache = _PlayerCache()
        try:
            for settings, game in tasks:
                on_result(settings, *play_game_record(settings, game, cache, log_dir))
        finally:
            cache.close()
        return
    context = multiprocessing.get_context("spawn")
    with context.Pool(
        processes=jobs,
        initializer=_init_worker,
        initargs=(None if log_dir is None else str(log_dir),),
    ) as pool:
        try:
            work = [(i, settings.identity(), game) for i, (settings, game) in enumerate(tasks)]
            for index, data, sgf_text in pool.imap_unordered(_play_in_worker, work):
                on_result(tasks[index][0], GameResult(**data), sgf_text)
        except BaseException:
            pool.terminate()  # games in flight are lost; the finished ones are saved
            raise
        pool.close()
        pool.join()


# ---------------------------------------------------------------------------- the match


def _write_json_atomic(path: Path, data: dict) -> None:
    temporary = path.with_name(path.name + ".tmp")
    with open(temporary, "w", encoding="utf-8") as handle:
        json.dump(data, handle, indent=1, sort_keys=True)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temporary, path)


class Match:
    """A match in a folder: its settings, the results so far, and the state file."""

    def __init__(self, settings: MatchSettings, out_dir: Path):
        self.settings = settings
        self.out_dir = out_dir
        self.results: dict[int, GameResult] = {}

    @property
    def state_path(self) -> Path:
        return self.out_dir / STATE_FILE

    def load_or_create(self) -> None:
        """Read the state of an interrupted match, or start a new one; raise MatchError if
        DIR holds a different match."""
        self.out_dir.mkdir(parents=True, exist_ok=True)
        if not self.state_path.exists():
            self.save()
            return
        try:
            state = json.loads(self.state_path.read_text(encoding="utf-8"))
            saved = state["settings"]
            results = [GameResult.from_dict(r) for r in state["results"]]
        except (OSError, ValueError, KeyError, TypeError) as error:
            raise MatchError(f"{self.state_path} is not a match state file: {error}") from None
        mine = self.settings.identity()
        different = sorted(k for k in set(mine) | set(saved) if mine.get(k) != saved.get(k))
        if different:
            details = "; ".join(
                f"{k}: saved {saved.get(k)!r}, now {mine.get(k)!r}" for k in different
            )
            raise MatchError(
                f"{self.out_dir} holds a different match ({details}). "
                "Use the same settings to continue it, or another --out folder."
            )
        self.results = {r.game: r for r in results}

    def save(self) -> None:
        state = {
            "format": STATE_FORMAT,
            "settings": self.settings.identity(),
            "results": [asdict(self.results[g]) for g in sorted(self.results)],
        }
        _write_json_atomic(self.state_path, state)

    def missing(self, games: int) -> list[int]:
        return [g for g in range(1, games + 1) if g not in self.results]

    def record(self, result: GameResult) -> None:
        self.results[result.game] = result
        self.save()

    def summary(self, games: int):
        counted = [self.results[g] for g in sorted(self.results) if g <= games]
        return summarize([(r.winner, r.winner_colour) for r in counted])

    def run(
        self,
        games: int,
        *,
        jobs: int = 1,
        limit: int | None = None,
        progress: Callable[[GameResult], None] | None = None,
        scheduler: str | None = None,
        cluster: DaskGames | None = None,
        use_dask: bool | None = None,
    ) -> int:
        """Play the missing games among 1..games (at most ``limit`` of them); return how many
        were played. The state file is rewritten after each one. ``jobs``, ``scheduler``,
        ``cluster`` and ``use_dask`` say where the games run (:func:`play_games`)."""
        todo = self.missing(games)
        if limit is not None:
            todo = todo[:limit]
        play_games(
            [(self.settings, game) for game in todo],
            self.finished_callback(progress),
            jobs=jobs,
            scheduler=scheduler,
            cluster=cluster,
            use_dask=use_dask,
            log_dir=self.out_dir,
        )
        return len(todo)

    def finished_callback(
        self, progress: Callable[[GameResult], None] | None = None
    ) -> Callable[[MatchSettings, GameResult, str], None]:
        """The ``on_result`` of :func:`play_games` for this match: save the game's SGF, record
        it in the state file, then report it to ``progress``."""
        from hexswarm.engine.records.files import atomic_write_text

        def finished(settings: MatchSettings, result: GameResult, sgf_text: str) -> None:
            atomic_write_text(self.out_dir / result.sgf, sgf_text)
            self.record(result)
            if progress:
                progress(result)

        return finished


# ---------------------------------------------------------------------------- output


def results_table(settings: MatchSettings, summary) -> str:
    """A Markdown table of the match (the format of docs/experiments.md)."""
    rate = "n/a" if math.isnan(summary.a_win_rate) else f"{summary.a_win_rate:.3f}"
    lines = [
        f"A = `{settings.player_a}`",
        f"B = `{settings.player_b}`",
        f"{settings.size}x{settings.size}, swap rule {'on' if settings.swap else 'off'}, "
        f"seed {settings.seed}",
        "",
        "| games | A wins | B wins | A wins as Black | A wins as White | Black wins | White wins "
        "| A win rate [95% CI] | Elo A-B [95% CI] |",
        "|---:|---:|---:|---:|---:|---:|---:|---|---|",
        f"| {summary.games} | {summary.a_wins} | {summary.b_wins} | {summary.a_wins_as_black} "
        f"| {summary.a_wins_as_white} | {summary.black_wins} | {summary.white_wins} "
        f"| {rate} [{summary.a_win_rate_low:.3f}, {summary.a_win_rate_high:.3f}] "
        f"| {format_elo(summary.elo)} [{format_elo(summary.elo_low)}, "
        f"{format_elo(summary.elo_high)}] |",
    ]
    return "\n".join(lines)


def clock_report(settings: MatchSettings, results: list[GameResult]) -> str:
    """For a clocked match: per player the losses on time and the share of its time it used
    (its clock's running time over the main time; over all games, and over the games in which
    it made at least ``MIN_LASTING_MOVES`` moves, where there was time to use)."""
    control = settings.time_control
    lines = [
        f"clock {settings.clock} ({control.describe() if control else 'none'}); "
        f"'lasting' = the player made at least {MIN_LASTING_MOVES} moves",
        "",
        "| player | games | lost on time | time used, mean | time used, min (lasting games) "
        "| lasting games | moves, mean |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    main = control.main_s if control and control.main_s else 1.0
    for player in PLAYERS:
        stats = [r.clock[player] for r in results if r.clock and player in r.clock]
        lost = sum(1 for r in results if r.reason == "T" and r.winner != player)
        if not stats:
            continue
        used = [s["used_s"] / main for s in stats]
        lasting = [s["used_s"] / main for s in stats if s["moves"] >= MIN_LASTING_MOVES]
        moves = sum(s["moves"] for s in stats) / len(stats)
        least = f"{min(lasting):.1%}" if lasting else "n/a"
        lines.append(
            f"| {player} | {len(stats)} | {lost} | {sum(used) / len(used):.1%} | {least} "
            f"| {len(lasting)} | {moves:.1f} |"
        )
    return "\n".join(lines)


MIN_LASTING_MOVES = 20
"""A game "lasts" for a player who made this many moves (on 11x11, a game of 40 moves or more)."""


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


def _json_number(value: Any) -> Any:
    """Standard JSON has no infinities or NaN: write those as "+inf", "-inf" and null."""
    if isinstance(value, float) and not math.isfinite(value):
        return None if math.isnan(value) else ("+inf" if value > 0 else "-inf")
    return value


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
        return results_table(settings, summary) + clock
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

    if _clock_text(options.clock) != "none":
        raise MatchError("--clock plays a match of two players; a round robin has no clock yet")
    settings = TournamentSettings(
        players=tuple(check_player(p) for p in options.players),
        size=options.size,
        swap=options.swap,
        seed=options.seed,
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

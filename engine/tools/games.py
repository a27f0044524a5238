"""One game between two players: the players (in-process levels and external GTP engines), a
match's settings, a game's seeds and result, and playing one game into an SGF record.

:mod:`engine.tools.match` (the command), :mod:`engine.tools.series` (a match in a folder),
:mod:`engine.tools.tournament` and :mod:`engine.tools.distributed` (Dask) build on this.
"""

from __future__ import annotations

import subprocess
import threading
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from hexswarm.engine.board import BLACK, SWAP_SIDES, WHITE, Board, Color, HexError
from hexswarm.engine.clock import (
    GameClock,
    TimeControl,
    TimeLeft,
    move_time,
    record_clock,
)
from hexswarm.engine.players.external import (
    GTP_PREFIX,
    EngineConfig,
    ExternalEngineError,
    ExternalEnginePlayer,
)
from hexswarm.engine.players.levels import child_seed

PLAYERS = ("A", "B")


class MatchError(Exception):
    """A match cannot start or go on; the message says why and what to do."""


# ---------------------------------------------------------------------------- players


def opening_cells(match_seed: int, game: int, size: int, count: int) -> list[int]:
    """The ``count`` distinct random cells placed (Black, White, Black ...) before game
    ``game``: the same for games ``2k - 1`` and ``2k``, which give each player each colour, so
    an opening that favours one colour favours both players once. A function of the match seed
    and the pair only (parallel and resumed runs agree)."""
    import numpy as np

    if not 0 <= count < size * size:
        raise MatchError(f"an opening of {count} stones does not fit a {size}x{size} board")
    generator = np.random.default_rng([match_seed, (game + 1) // 2, 0x09E1])
    return [int(c) for c in generator.choice(size * size, size=count, replace=False)]


def game_seed(match_seed: int, game: int, player: str) -> int:
    """The seed of ``player`` ("A"/"B") in game number ``game``: distinct per game and player,
    a function of the match seed only (so parallel and resumed runs agree)."""
    slot = PLAYERS.index(player)
    return child_seed(match_seed, game * 2 + slot) % (2**31 - 1)


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
        """The move; ``time_s`` (a clocked game) is the clock's time for it, spent as
        :func:`engine.players.levels.clocked_spec` says (a time level searches for it, a count
        budget is capped by it)."""
        player = self.player
        if time_s is not None and hasattr(getattr(player, "settings", None), "time_s"):
            from hexswarm.engine.players import create_player
            from hexswarm.engine.players.levels import clocked_spec

            player = create_player(clocked_spec(player.spec(), time_s))
        return player.choose_move(board.copy()).move

    def observe(self, colour: Color, move: str) -> None:
        pass


class GtpPlayer:
    """An external engine for a series of games (the process is reused between games): the
    library's :class:`~engine.players.external.ExternalEnginePlayer`, which brings the engine
    to each position itself. An illegal move is handed on, so that the game records it as a
    forfeit; any other failure stops the match with the engine's words."""

    def __init__(self, command: str, log: Any = subprocess.DEVNULL):
        config = EngineConfig(name=command, command=command, move_timeout_s=None)
        self.engine = ExternalEnginePlayer(config, log=log, spec_text=f"{GTP_PREFIX}{command}")
        self.command = command
        try:
            identity = self.engine.start()
        except ExternalEngineError as error:
            raise MatchError(f"GTP engine {command!r} does not work: {error}") from None
        self.name = identity.describe()
        self.settings = self.engine.spec()
        self.clock: TimeControl | None = None

    def new_game(self, size: int, swap: bool, clock: TimeControl | None = None) -> None:
        self.clock = clock

    def choose(self, board: Board, colour: Color, time_left: TimeLeft | None = None) -> int | str:
        """The engine's move; in a clocked game the engine is told the clock first
        (:meth:`~engine.players.external.ExternalEnginePlayer.tell_clock`: an engine that
        refuses it plays by its own time, and the match's clock still judges it)."""
        try:
            if time_left is not None and self.clock is not None:
                self.engine.tell_clock(self.clock, colour, time_left)
            return self.engine.choose_move(board).move
        except ExternalEngineError as error:
            if error.kind == "illegal":
                return error.answer.strip().lower()
            raise MatchError(str(error)) from None

    def observe(self, colour: Color, move: str) -> None:
        pass

    def close(self) -> None:
        self.engine.close()


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
    opening: int = 0  # random stones placed before each game (opening_cells)

    def identity(self) -> dict:
        identity = asdict(self)
        if identity["clock"] == "none":  # as matches without clocks were always saved
            del identity["clock"]
        if not self.opening:
            del identity["opening"]  # so matches saved before openings existed resume
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
    # Per player ("A"/"B"): "moves" it chose, "total_s" and "max_s", the wall seconds from
    # asking it for a move to having it (an engine's answer over GTP included), so that "equal
    # time" can be checked: an engine told 1 s a move may take more. None in older matches.
    # A measurement, not an outcome: two runs of a game are equal whatever their times.
    think: dict | None = field(default=None, compare=False)

    @classmethod
    def from_dict(cls, data: dict) -> GameResult:
        return cls(**{k: data[k] for k in cls.__dataclass_fields__ if k in data})


def sgf_name(game: int) -> str:
    return f"game-{game:04d}.sgf"


# ---------------------------------------------------------------------------- one game


@dataclass
class PlayerCache:
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


def make_player(spec: str, seed: int, cache: PlayerCache, out_dir: Path | None):
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


def play_game(settings: MatchSettings, game: int, out_dir: Path, cache: PlayerCache) -> GameResult:
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
    settings: MatchSettings, game: int, cache: PlayerCache, log_dir: Path | None
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
    think = {p: {"moves": 0, "total_s": 0.0, "max_s": 0.0} for p in PLAYERS}
    for player in players.values():
        player.new_game(settings.size, settings.swap, **({"clock": control} if control else {}))
    for cell in opening_cells(settings.seed, game, settings.size, settings.opening):
        colour = board.to_move
        played = board.play(cell)
        for player in {id(p): p for p in players.values()}.values():
            player.observe(colour, played.name(board.size))
    winner_colour: Color | None = None
    game_end: tuple[Color, str] | None = None  # (colour that resigned or forfeited, how)
    reason = ""
    while board.winner is None:
        colour = board.to_move
        mover = owner[colour]
        other = "B" if mover == "A" else "A"
        asked = time.perf_counter()
        if clock is None:
            move = players[mover].choose(board, colour)
        else:
            move = _clocked_choice(players[mover], board, colour, clock)
        _count_think(think[mover], time.perf_counter() - asked)
        if clock is not None:
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
    assert winner_colour is not None, "the game ends on a win, resignation, forfeit or time"
    result_text = f"{winner_colour.letter}+{reason}"
    record = record_from_board(
        board,
        black=_display_name(players[initial_owner[BLACK]], initial_owner[BLACK]),
        white=_display_name(players[initial_owner[WHITE]], initial_owner[WHITE]),
        result=result_text,
        event=f"hexswarm-match game {game}",
        ai_black=players[initial_owner[BLACK]].settings,
        ai_white=players[initial_owner[WHITE]].settings,
        game_end=game_end,
    )
    clock_stats = None
    if clock is not None:
        record_clock(record, clock.control, times)
        clock_stats = {
            owner[c]: {
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
        result=result_text,
        sgf=sgf_name(game),
        clock=clock_stats,
        think={p: {k: round(v, 3) for k, v in think[p].items()} for p in PLAYERS},
    )
    return result, write_sgf(record)


def _count_think(stats: dict, seconds: float) -> None:
    stats["moves"] += 1
    stats["total_s"] += seconds
    stats["max_s"] = max(stats["max_s"], seconds)


def _clocked_choice(player, board: Board, colour: Color, clock: GameClock) -> int | str:
    """``colour``'s move with its clock running: an in-process level searches for the time
    :func:`engine.clock.move_time` gives it; an external engine is told its time left."""
    left = clock.left(colour)
    clock.start(colour)
    if isinstance(player, GtpPlayer):
        return player.choose(board, colour, left)
    return player.choose(board, colour, move_time(clock.control, left, board.empty_count))


def _display_name(player, slot: str) -> str:
    return f"{player.name} ({slot})"


# Worker-process state for --jobs > 1 without Dask (spawn context: set by the initializer).
_worker: dict[str, Any] = {}


def init_worker(log_dir: str | None) -> None:
    from multiprocessing import util

    _worker["log_dir"] = None if log_dir is None else Path(log_dir)
    _worker["cache"] = PlayerCache()
    util.Finalize(None, _worker["cache"].close, exitpriority=10)


def play_in_worker(task: tuple[int, dict, int]) -> tuple[int, dict, str]:
    index, identity, game = task
    result, sgf_text = play_game_record(
        MatchSettings(**identity), game, _worker["cache"], _worker["log_dir"]
    )
    return index, asdict(result), sgf_text


GameTask = tuple[MatchSettings, int]
"""One game to play: the match it belongs to and its number in that match (from 1)."""

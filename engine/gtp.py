"""``hexswarm-gtp``: HexSwarm's AIs as a GTP engine on stdin/stdout (attach it to HexGui).

The dialect is the one Hex programs speak (MoHex/benzene, HexGui); see ``docs/gtp.md``:

* a response is ``= result`` or ``? message`` followed by one empty line; a numeric id before the
  command is echoed (``12 name`` -> ``=12 HexSwarm``); an empty result is written ``= `` (with
  the space: HexGui checks the first two characters);
* colours are ``b``/``black``/``w``/``white`` in any case; ``play`` accepts either colour in any
  order: a stone of the colour *not* to move is placed as a setup stone (that is how a GUI sets up
  a position) and ``undo`` takes it back like any move; ``play`` after a win is accepted (HexGui
  lets the user click on; the game stays won), so the two boards never differ;
* the game is an :class:`~engine.game.Game` tree: ``undo`` moves its cursor back one node
  (a move, with the side-to-move change an out-of-turn move needed), and a game loaded with
  ``loadsgf`` can be taken back move by move;
* ``genmove c`` plays and returns the move of colour ``c`` (if ``c`` is not to move, the side to
  move is changed first, as MoHex does), or ``resign`` when ``c`` has already lost;
* a line ``# interrupt`` while ``genmove`` runs stops the search, which answers with its best
  move so far;
* ``lz-analyze`` / ``kata-analyze`` stream analysis lines until the next command
  (:mod:`engine.gtp_analysis`);
* ``gogui-gfx-analyze [COLOR]`` searches without playing and writes ``gogui-gfx:`` blocks in
  the ``kata`` style HexGui reads (:func:`engine.gtp_analysis.kata_gfx`), then answers the
  best move;
* with live graphics on (``--gfx`` or the ``live_gfx`` parameter) ``genmove`` writes
  ``gogui-gfx:`` blocks to stdout while it thinks (HexGui's ``uct`` block: ``VAR``,
  ``INFLUENCE``, ``LABEL``, ``TEXT``), each ended by an empty line.

Structure: :class:`GtpEngine` executes one command line and returns the response text (no I/O,
tested in-process); :class:`GtpServer` owns stdin/stdout, reads stdin on a separate thread so that
``# interrupt`` and EOF reach a running search, and runs every command on the main thread.
Diagnostics go to stderr only.
"""

from __future__ import annotations

import argparse
import contextlib
import enum
import functools
import io
import math
import os
import queue
import sys
import threading
import time
import traceback
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TextIO

from hexswarm.engine import __version__
from hexswarm.engine.board import (
    BLACK,
    MAX_SIZE,
    SWAP_PIECES,
    SWAP_SIDES,
    Board,
    Color,
    HexError,
    cell_index,
    cell_name,
)
from hexswarm.engine.clock import GameClock, TimeControl, TimeLeft, move_time
from hexswarm.engine.game import Game, GameNode
from hexswarm.engine.gtp_analysis import DIALECTS, info_line, kata_gfx, parse_analyze
from hexswarm.engine.search.snapshot import SearchSnapshot, StopCheck
from hexswarm.engine.search.timing import stop_at

if TYPE_CHECKING:
    from hexswarm.engine.warmup import GroupLoader

ENGINE_NAME = "HexSwarm"
# A genmove that waited for the kernels' loading longer than this has the wait counted against
# its time limit (engine.search.timing.search_deadline).
KERNEL_WAIT_GRACE_S = 0.02
PARAM_COMMAND = "hexswarm-param"

# Engine-wide parameters offered next to the AI's own, in the param dialog.
ALLOW_SWAP = "allow_swap"
LIVE_GFX = "live_gfx"
GFX_INTERVAL = "gfx_interval"


class GtpError(Exception):
    """A command failed: the message becomes the ``?`` response."""


@dataclass(frozen=True, slots=True)
class Response:
    """One command's outcome: ``ok`` selects ``=`` or ``?``; ``text`` may span lines."""

    ok: bool
    text: str
    command_id: str = ""
    streamed: bool = False  # the status line and the text were written while it ran

    def render(self) -> str:
        """The exact bytes to write: status, id, text, then the terminating empty line (only
        that line for a streamed response)."""
        if self.streamed:
            return "\n"
        status = "=" if self.ok else "?"
        body = self.text.rstrip("\n")
        return f"{status}{self.command_id} {body}\n\n"


def _load_players() -> tuple[Mapping[str, Any], Callable[..., Any]]:
    """The AI registry (imported late so ``--help`` and errors stay fast)."""
    from hexswarm.engine.players import LEVELS, create_player

    return LEVELS, create_player


def _default_level(levels: Mapping[str, Any], create_player: Callable[..., Any]) -> str:
    """The registry's default by name: the strongest preset (whose player carries its family's
    name, e.g. ``uct``), or the default player's level for a registry without it."""
    from hexswarm.engine.players.levels import STRONGEST_LEVEL

    return STRONGEST_LEVEL if STRONGEST_LEVEL in levels else create_player(None).name


def _type_name(kind: Any) -> str:
    """A parameter's type as a word: ``int``, ``float``, ``bool``, ``str``."""
    if isinstance(kind, type):
        return kind.__name__
    return str(kind).lower()


def _format_value(value: Any) -> str:
    """A setting as GTP text: booleans as 1/0 (what HexGui's check boxes send back)."""
    if value is None:  # an optional setting switched off (time_s, confidence)
        return "none"
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def _gtp_number(text: str, what: str) -> float:
    """A non-negative number of a time command (GTP sends integers; decimals are accepted)."""
    try:
        value = float(text)
    except ValueError:
        raise GtpError(f"{what} must be a number, not {text!r}") from None
    if not math.isfinite(value) or value < 0:
        raise GtpError(f"{what} must be 0 or more, not {text!r}")
    return value


def _parse_bool(text: str) -> bool:
    from hexswarm.engine.players.levels import parse_bool

    switch = parse_bool(text)
    if switch is None:
        raise GtpError(f"expected a boolean (1/0, true/false), got {text!r}")
    return switch


def _compact_count(count: int) -> str:
    """37, 1.2k, 45k, 1.3m: short labels that fit in a cell."""
    if count < 1000:
        return str(count)
    if count < 10_000:
        return f"{count / 1000:.1f}k"
    if count < 1_000_000:
        return f"{count // 1000}k"
    return f"{count / 1_000_000:.1f}m"


def snapshot_gfx(
    snapshot: SearchSnapshot, width: int, height: int | None = None, *, swap_allowed: bool = False
) -> str:
    """A HexGui ``uct`` gfx body for ``snapshot`` (without the ``gogui-gfx:`` line) on a
    ``width`` x ``height`` board (``height`` defaults to ``width``).

    ``VAR`` is the principal line, colours alternating from the side to move; ``INFLUENCE``
    each root move's agents relative to the most supported move's (the best is 1.000: shares of
    the whole swarm are a few hundredths on a large board, which HexGui paints all alike);
    ``LABEL`` its agents (UCT: visits); ``TEXT`` a one-line summary. Swap moves (index -1) are
    left out: HexGui draws cells only. ``swap_allowed``: the swap is legal in the searched
    position, so the best move is the one the player will answer (the same swap decision as
    ``genmove``'s): when that is ``swap-pieces`` no ``VAR`` contradicts it.
    """
    from hexswarm.engine.players.common import prefers_swap

    height = width if height is None else height
    cells = width * height
    lines = ["uct"]
    swapping = swap_allowed and prefers_swap(snapshot.estimate)
    best_move: int | str = SWAP_PIECES if swapping else snapshot.best_move
    colour = Color.parse(snapshot.to_move)
    line = list(snapshot.principal_variation) or [snapshot.best_move]
    var_parts = []
    for cell in line if not isinstance(best_move, str) else ():
        if not 0 <= cell < cells:
            break
        var_parts.append(f"{colour.letter} {cell_name(cell, width, height)}")
        colour = colour.opponent
    if var_parts:
        lines.append("VAR " + " ".join(var_parts))
    most = (
        max(
            (
                a
                for c, a in zip(snapshot.root_moves, snapshot.root_agents, strict=False)
                if 0 <= c < cells
            ),
            default=0,
        )
        or 1
    )
    influence, labels = [], []
    for cell, agents in zip(snapshot.root_moves, snapshot.root_agents, strict=False):
        if 0 <= cell < cells and agents > 0:
            name = cell_name(cell, width, height)
            influence.append(f"{name} {agents / most:.3f}")
            labels.append(f"{name} {_compact_count(agents)}")
    lines.append("INFLUENCE " + " ".join(influence))
    lines.append("LABEL " + " ".join(labels))
    best = (
        cell_name(best_move, width, height)
        if isinstance(best_move, int) and 0 <= best_move < cells
        else SWAP_PIECES
    )
    lines.append(
        f"TEXT {snapshot.player} it={snapshot.iteration} playouts={snapshot.playouts} "
        f"agents={snapshot.total_agents} best={best} win={snapshot.estimate:.2f} "
        f"t={snapshot.elapsed_s:.1f}s"
    )
    return "\n".join(lines)


class Streamed(enum.Enum):
    """What a command handler returns when it wrote its own ``=`` line and text (analysis):
    the one member :data:`STREAMED`."""

    STREAMED = "streamed"


STREAMED = Streamed.STREAMED

CommandHandler = Callable[[list[str]], str | Streamed]
"""A GTP command: its arguments in, its response text (or :data:`STREAMED`) out."""


class GtpEngine:
    """Executes GTP command lines against one board and one AI player.

    Single-threaded: call :meth:`execute` from one thread only. ``should_stop`` (set by the
    server) may be polled by the search from that same thread; ``emit`` writes a gfx block.

    ``levels``/``create_player`` default to :mod:`engine.players`; tests inject stand-ins.
    ``settings`` are the AI's setting overrides as text (``{"agents": "50000"}``), applied
    through the player spec ``level:key=value,...``.
    """

    def __init__(
        self,
        *,
        level: str | None = None,
        settings: Mapping[str, str] | None = None,
        size: int = 11,
        live_gfx: bool = False,
        allow_swap: bool = False,
        levels: Mapping[str, Any] | None = None,
        create_player: Callable[..., Any] | None = None,
        emit: Callable[[str], None] | None = None,
        log: Callable[[str], None] | None = None,
    ):
        if levels is None or create_player is None:
            levels, create_player = _load_players()
        self.levels = levels
        self._create_player = create_player
        if level is None:  # the strongest level is the registry's default player
            level = _default_level(levels, create_player)
        self.level = level
        self.settings: dict[str, str] = {
            (self._setting_name(level, key) if level in levels else key): value
            for key, value in (settings or {}).items()
        }
        self.live_gfx = live_gfx
        self.allow_swap = allow_swap
        self.gfx_interval = 0.25
        self.emit = emit or (lambda text: None)
        self.log = log or (lambda text: None)
        self.should_stop: Callable[[], bool] = lambda: False
        # Set by the server: whether another command has arrived (or the input ended); an
        # analysis stream runs until then. None: no server (in-process), no waiting.
        self.input_waiting: Callable[[], bool] | None = None
        self._command_id = ""
        # Loads the kernel groups of the AI in use on a thread (``main`` starts it): a search
        # waits for its groups, so its time is not spent loading kernels. None: no loader.
        self.kernel_loader: GroupLoader | None = None
        self.game = Game(size, swap_rule=True)
        # The clock (time_settings, kgs-time_settings; time_left sets a side's time): None
        # searches as the level's settings say; a clock replaces its time per move.
        self.time_control: TimeControl | None = None
        self.clock: GameClock | None = None
        self.quit_requested = False
        self.last_snapshot: SearchSnapshot | None = None
        # The node whose position the last search was about (analyze commands answer for it).
        self._searched_node: GameNode | None = None
        self._searched_swap_allowed = False
        self._position_id = 0
        self.player = self._build_player(self.level, self.settings)
        self.commands: dict[str, CommandHandler] = {
            "protocol_version": lambda args: "2",
            "name": lambda args: ENGINE_NAME,
            "version": lambda args: __version__,
            "list_commands": lambda args: "\n".join(sorted(self.commands)),
            "known_command": self._cmd_known_command,
            "quit": self._cmd_quit,
            "boardsize": self._cmd_boardsize,
            "clear_board": self._cmd_clear_board,
            "play": self._cmd_play,
            "genmove": self._cmd_genmove,
            "undo": self._cmd_undo,
            "showboard": self._cmd_showboard,
            "final_score": self._cmd_final_score,
            "loadsgf": self._cmd_loadsgf,
            "time_settings": self._cmd_time_settings,
            "kgs-time_settings": self._cmd_kgs_time_settings,
            "time_left": self._cmd_time_left,
            "hexgui-analyze_commands": self._cmd_analyze_commands,
            "gogui-interrupt": lambda args: "",
            "gogui-gfx-analyze": self._cmd_gfx_analyze,
            PARAM_COMMAND: self._cmd_param,
            "hexswarm-settings": self._cmd_settings,
            "hexswarm-levels": self._cmd_levels,
            "hexswarm-pv": self._cmd_pv,
            "hexswarm-root-agents": self._cmd_root_agents,
            "hexswarm-gfx": self._cmd_gfx,
            "hexswarm-inferior": self._cmd_inferior,
            "hexswarm-vc": self._cmd_vc,
            "hexswarm-mustplay": self._cmd_mustplay,
            **{dialect: functools.partial(self._cmd_analyze, dialect) for dialect in DIALECTS},
        }

    # ------------------------------------------------------------------ dispatch
    @staticmethod
    def preprocess(line: str) -> str:
        """GTP preprocessing: drop control characters (CR included), tabs become spaces,
        ``#`` starts a comment, surrounding blanks go."""
        kept = []
        for ch in line:
            if ch == "\t":
                kept.append(" ")
            elif ch == "#":
                break
            elif ord(ch) >= 32 and ord(ch) != 127:
                kept.append(ch)
        return "".join(kept).strip()

    def execute(self, line: str) -> Response | None:
        """Run one input line; ``None`` for lines that get no response (empty, comments).

        Never raises: a :class:`GtpError` or :class:`HexError` becomes ``? message``; any other
        exception ``? internal error: ...`` with its traceback logged.
        """
        text = self.preprocess(line)
        if not text:
            return None
        words = text.split()
        command_id = ""
        if words[0].isdigit():
            command_id, words = words[0], words[1:]
            if not words:
                return Response(False, "missing command after the id", command_id)
        name, args = words[0], words[1:]
        handler = self.commands.get(name)
        if handler is None:
            return Response(False, f"unknown command: {name}", command_id)
        self._command_id = command_id
        try:
            result = handler(args)
            if result is STREAMED:
                return Response(True, "", command_id, streamed=True)
            return Response(True, result, command_id)
        except (GtpError, HexError) as error:
            return Response(False, str(error), command_id)
        except Exception as error:  # never let one command kill the engine
            self.log(traceback.format_exc())
            return Response(False, f"internal error: {type(error).__name__}: {error}", command_id)

    # ------------------------------------------------------------------ helpers
    @staticmethod
    def _expect(args: list[str], low: int, high: int | None = None, usage: str = "") -> None:
        high = low if high is None else high
        if not low <= len(args) <= high:
            wanted = str(low) if low == high else f"{low} to {high}"
            raise GtpError(f"expected {wanted} argument(s){': ' + usage if usage else ''}")

    @property
    def board(self) -> Board:
        """The position at the game's cursor (read-only: change it through commands)."""
        return self.game.board

    @property
    def _resigned(self) -> Color | None:
        end = self.game.game_end(self.game.cursor)
        return None if end is None else end[0]

    def _new_board(self, width: int, height: int | None = None) -> None:
        """A new game on ``width`` x ``height`` (a square by default); the swap rule is on
        where it exists (a square: ``allow_swap`` decides whether the engine swaps)."""
        height = width if height is None else height
        self._set_game(Game(width, height=height, swap_rule=width == height or None))

    def _set_game(self, game: Game) -> None:
        self.game = game
        self.last_snapshot = None
        self._searched_node = None
        self._position_id += 1
        if self.time_control is not None:  # a new game: both sides' full time again
            self.clock = GameClock(self.time_control)
        if self._seed_is_random():  # a new game is a new game: a player with a fresh seed
            self.player = self._build_player(self.level, self.settings)
            seed = getattr(getattr(self.player, "settings", None), "seed", None)
            self.log(f"hexswarm-gtp: new game, seed {seed} (replay it with --seed {seed})")

    def _seed_is_random(self) -> bool:
        """Whether the level's seed is left random (``seed=random``, the default), so each
        game draws its own; False for a fixed seed or a level without one."""
        parameter = self._level_parameters(self.level).get("seed")
        if parameter is None:
            return False
        text = self.settings.get("seed")
        if text is None:
            return getattr(parameter, "default", 0) is None
        try:
            return parameter.parse(text) is None
        except HexError:
            return False

    def _build_player(self, level: str, settings: Mapping[str, str]):
        """A player for ``level`` with ``settings`` (text values); raises GtpError if refused."""
        if level not in self.levels:
            raise GtpError(f"unknown AI level {level!r} (levels: {', '.join(self.levels)})")
        spec = level + (":" + ",".join(f"{k}={v}" for k, v in settings.items()) if settings else "")
        try:
            player = self._create_player(spec)
        except HexError as error:
            raise GtpError(str(error)) from error
        if self.kernel_loader is not None:  # another AI: its kernels start loading now
            self.kernel_loader.load(kernel_groups(player))
        return player

    def _level_parameters(self, level: str) -> dict[str, Any]:
        info = self.levels[level]
        return {p.name: p for p in getattr(info, "parameters", ())}

    def _setting_name(self, level: str, word: str) -> str:
        """The setting ``word`` names at ``level`` (its name, or the name it is an alias of)."""
        for parameter in getattr(self.levels[level], "parameters", ()):
            if word == parameter.name or word in getattr(parameter, "aliases", ()):
                return parameter.name
        return word

    # ------------------------------------------------------------------ core commands
    def _cmd_known_command(self, args: list[str]) -> str:
        self._expect(args, 1, usage="known_command NAME")
        return "true" if args[0] in self.commands else "false"

    def _cmd_quit(self, args: list[str]) -> str:
        self.quit_requested = True
        return ""

    def _cmd_boardsize(self, args: list[str]) -> str:
        """``boardsize N`` (N x N) or ``boardsize W H`` (W columns, H rows, as HexGui sends)."""
        self._expect(args, 1, 2, "boardsize N (or boardsize COLUMNS ROWS)")
        try:
            sizes = [int(a) for a in args]
        except ValueError:
            raise GtpError(f"board size must be a whole number, not {' '.join(args)!r}") from None
        for side in sizes:
            if not 1 <= side <= MAX_SIZE:
                raise GtpError(f"unacceptable size: board size must be 1 to {MAX_SIZE}, not {side}")
        self._new_board(sizes[0], sizes[-1])
        return ""

    def _cmd_clear_board(self, args: list[str]) -> str:
        self._new_board(*self.board.shape)
        return ""

    def _parse_color(self, word: str) -> Color:
        try:
            return Color.parse(word)
        except HexError as error:
            raise GtpError(f"invalid color: {word!r} (use b, black, w or white)") from error

    def _cmd_play(self, args: list[str]) -> str:
        self._expect(args, 2, usage="play COLOR MOVE")
        color = self._parse_color(args[0])
        word = args[1].lower()
        board = self.board
        if word == "pass":
            raise GtpError("illegal move: there is no pass in Hex")
        if word == "swap":  # Little Golem's spelling
            word = SWAP_SIDES
        if self._resigned is not None:
            raise GtpError(f"illegal move: the game is over ({self._resigned} resigned)")
        if word != "resign":
            move = board.parse_move(word)
            if isinstance(move, str) and (color is not board.to_move or board.is_over):
                raise GtpError(
                    f"illegal move: {move} is the second move of the game, played by the side "
                    "to move"
                )
            if not isinstance(move, str) and board.stone_at(move) is not None:
                raise GtpError(f"illegal move: {board.cell_name(move)} is already occupied")
        # Out of turn: the node sets the side to move first, then the stone (a setup stone
        # for a GUI building a position). After a win the game goes on, still won.
        self.game.play(word, color, after_win=True)
        self._position_id += 1
        return ""

    def _cmd_genmove(self, args: list[str]) -> str:
        self._expect(args, 1, usage="genmove COLOR")
        color = self._parse_color(args[0])
        board = self.board
        if self._resigned is not None:
            raise GtpError(f"the game is over: {self._resigned} resigned")
        if board.is_over:
            if board.winner is not color:
                return "resign"
            raise GtpError(f"the game is over: {color} has already won")
        searched = self.game.cursor
        move = self._search(color)
        self._searched_node = searched
        node = self.game.play(move, color)
        self._position_id += 1
        return node.token or ""

    def _searched_position(self, color: Color) -> Board:
        """A copy of the board with ``color`` to move (genmove out of turn, as MoHex: color
        moves next), the swap offered only if allowed."""
        position = self.board.copy()
        if position.to_move is not color:
            position.setup(to_move=color)
        position.swap_rule = self.allow_swap and position.is_square
        self._searched_swap_allowed = position.swap_allowed()
        return position

    def _search(self, color: Color) -> int | str:
        """Ask the player for a move on a copy of the board (swap offered only if allowed)."""
        position = self._searched_position(color)
        last_gfx = [0.0]

        def on_snapshot(snapshot: SearchSnapshot) -> None:
            self.last_snapshot = snapshot
            now = time.monotonic()
            if self.live_gfx and now - last_gfx[0] >= self.gfx_interval:
                last_gfx[0] = now
                gfx = snapshot_gfx(
                    snapshot, *position.shape, swap_allowed=self._searched_swap_allowed
                )
                self.emit("gogui-gfx:\n" + gfx + "\n\n")

        clock = self.clock
        player = None
        if clock is not None:  # the clock's share of the time left, charged to this side
            player = self._clocked_player(color, position.empty_count)
            clock.start(color)
        try:
            choice = self._run_player(position, on_snapshot, self.should_stop, player)
        finally:
            if clock is not None:
                clock.press(color)
                clock.stop()
        move = choice.move
        if isinstance(move, str) and move.lower() == "resign":
            return "resign"
        if isinstance(move, str) and move.lower() in (SWAP_PIECES, SWAP_SIDES):
            if not position.swap_allowed():
                raise GtpError(f"internal error: the AI chose {move} where no swap is legal")
            return move.lower()
        legal = position.legal_moves()
        cell = int(move)
        if cell not in legal:
            raise GtpError(f"internal error: the AI chose an illegal move {move!r}")
        return cell

    def _clocked_player(self, color: Color, empty_cells: int):
        """The player for one move on the clock: the level's own (its seed too), with the
        time :func:`engine.clock.move_time` gives it from ``color``'s time left, as
        :func:`engine.players.levels.clocked_spec` spends it (a time level searches for it, a
        count budget is capped by it)."""
        assert self.clock is not None and self.time_control is not None
        seconds = move_time(self.time_control, self.clock.left(color), empty_cells)
        spec = self.player.spec() if hasattr(self.player, "spec") else self.level
        if not any(p == "time_s" for p in self._level_parameters(self.level)):
            return self.player  # a level that does not search (random) answers at once
        from hexswarm.engine.players.levels import clocked_spec

        try:
            return self._create_player(clocked_spec(spec, seconds))
        except HexError as error:
            raise GtpError(f"cannot play on the clock: {error}") from error

    def _run_player(self, position: Board, on_snapshot, should_stop: StopCheck, player=None):
        """The search of ``position`` by ``player`` (default: the engine's) once the kernels
        are loaded; the final snapshot becomes :attr:`last_snapshot`. Returns the player's
        ``MoveChoice``."""
        player = player or self.player
        self.last_snapshot = None
        if player.name != "random":  # random: no kernel
            should_stop = self._wait_for_kernels(should_stop, player)
        choice = player.choose_move(
            position,
            on_snapshot=on_snapshot,
            should_stop=should_stop,
            position_id=self._position_id,
        )
        if choice.snapshot is not None:
            self.last_snapshot = choice.snapshot
        return choice

    def _cmd_analyze(self, dialect: str, args: list[str]) -> str | Streamed:
        """``lz-analyze`` / ``kata-analyze`` (:mod:`engine.gtp_analysis`): check the arguments
        (an error leaves everything as it was), answer ``=``, then stream ``info`` lines while
        the level searches, until the next command (or the input's end) arrives."""
        request = parse_analyze(dialect, args)
        if self._resigned is not None or self.board.is_over:
            raise GtpError("the game is over: there is nothing to analyse")
        position = self._searched_position(request.color or self.board.to_move)
        legal = len(position.legal_moves())

        def line(snapshot: SearchSnapshot) -> str:
            return info_line(
                snapshot,
                position.shape,
                dialect,
                legal_moves=legal,
                max_moves=request.max_moves,
                swap_allowed=self._searched_swap_allowed,
            )

        waiting = self.input_waiting or (lambda: False)
        last_line = [time.monotonic()]

        def report(snapshot: SearchSnapshot) -> None:
            text = line(snapshot)
            if text:  # an empty line would end the response
                last_line[0] = time.monotonic()
                self.emit(text + "\n")

        def on_snapshot(snapshot: SearchSnapshot) -> None:
            self.last_snapshot = snapshot
            now = time.monotonic()
            if request.interval_s > 0 and now - last_line[0] >= request.interval_s:
                report(snapshot)

        self.emit(f"={self._command_id}\n")
        searched = self.game.cursor
        choice = self._run_player(position, on_snapshot, lambda: self.should_stop() or waiting())
        if choice.snapshot is not None:
            report(choice.snapshot)
        self._searched_node = searched
        # The stream stays open until the next command, as KataGo's does after its search.
        while self.input_waiting is not None and not waiting() and not self.should_stop():
            time.sleep(0.01)
        return STREAMED

    def _cmd_gfx_analyze(self, args: list[str]) -> str:
        """``gogui-gfx-analyze [COLOR]``: the level searches the position (for ``COLOR`` to
        move; default the side to move) as ``genmove`` would, without playing; every
        ``gfx_interval`` seconds, and once at the end, a ``gogui-gfx:`` block in HexGui's
        ``kata`` style goes out (:func:`engine.gtp_analysis.kata_gfx`). The search ends at
        its own limits, at ``# interrupt`` or when the next command arrives; the answer is
        its best move."""
        self._expect(args, 0, 1, usage="gogui-gfx-analyze [COLOR]")
        color = self._parse_color(args[0]) if args else self.board.to_move
        if self._resigned is not None or self.board.is_over:
            raise GtpError("the game is over: there is nothing to analyse")
        position = self._searched_position(color)
        legal = len(position.legal_moves())
        last_block = [time.monotonic()]

        def write_block(snapshot: SearchSnapshot) -> None:
            body = kata_gfx(snapshot, position.shape, legal_moves=legal)
            if body:
                last_block[0] = time.monotonic()
                self.emit(f"gogui-gfx:\n{body}\n\n")

        def on_snapshot(snapshot: SearchSnapshot) -> None:
            self.last_snapshot = snapshot
            if time.monotonic() - last_block[0] >= self.gfx_interval:
                write_block(snapshot)

        waiting = self.input_waiting or (lambda: False)
        searched = self.game.cursor
        choice = self._run_player(position, on_snapshot, lambda: self.should_stop() or waiting())
        self._searched_node = searched
        if choice.snapshot is not None:
            write_block(choice.snapshot)
        move = choice.move
        return move.lower() if isinstance(move, str) else cell_name(int(move), *position.shape)

    def _wait_for_kernels(self, should_stop: StopCheck, player=None) -> StopCheck:
        """Wait until the kernel groups of ``player`` (default: the engine's) are loaded (the
        first genmove after start, or after a change of AI, may arrive first);
        with a time limit, the wait counts against it: the search then stops at the limit
        from the command, though never before it has had a quarter of it. No wait without a
        loader (:attr:`kernel_loader` None)."""
        if self.kernel_loader is None:
            return should_stop
        start = time.monotonic()
        self.kernel_loader.wait(kernel_groups(player or self.player))
        from hexswarm.engine.players.common import move_limit_s

        limit = move_limit_s((player or self.player).settings)
        now = time.monotonic()
        if limit is None or now - start < KERNEL_WAIT_GRACE_S:
            return should_stop
        return stop_at(start, float(limit), should_stop)

    def _cmd_undo(self, args: list[str]) -> str:
        # One node back: a move (with the side-to-move change an out-of-turn move needed), a
        # resignation, or a move of a game loaded with loadsgf.
        if not self.game.back():
            raise GtpError("cannot undo: no move to take back")
        self._position_id += 1
        return ""

    # ------------------------------------------------------------------ time
    def _set_time_control(self, control: TimeControl) -> str:
        self.time_control = None if control.is_none else control
        self.clock = None if control.is_none else GameClock(control)
        return ""

    def _cmd_time_settings(self, args: list[str]) -> str:
        """GTP 2: ``time_settings MAIN BYO_YOMI_TIME BYO_YOMI_STONES`` (seconds). ``B S`` =
        ``0 0`` is sudden death; ``B > 0, S = 0`` no limit; ``S > 0`` Canadian overtime, which
        we play as byo-yomi periods of ``B / S`` seconds (each move keeps within its share)."""
        self._expect(args, 3, usage="time_settings MAIN_TIME BYO_YOMI_TIME BYO_YOMI_STONES")
        main, byo, stones = (_gtp_number(a, "time") for a in args)
        if not float(stones).is_integer():
            raise GtpError(f"byo-yomi stones must be a whole number, not {args[2]!r}")
        if byo > 0 and stones == 0:
            return self._set_time_control(TimeControl())
        if stones > 0:
            return self._set_time_control(TimeControl(main, periods=1, period_s=byo / stones))
        return self._set_time_control(TimeControl(main))

    def _cmd_kgs_time_settings(self, args: list[str]) -> str:
        """KGS's ``kgs-time_settings none | absolute MAIN | byoyomi MAIN PERIOD PERIODS |
        canadian MAIN TIME STONES``, and HexSwarm's ``fischer MAIN INCREMENT``."""
        usage = (
            "kgs-time_settings none | absolute MAIN | byoyomi MAIN PERIOD_TIME PERIODS | "
            "canadian MAIN TIME STONES | fischer MAIN INCREMENT"
        )
        if not args:
            raise GtpError(f"usage: {usage}")
        kind, numbers = args[0].lower(), args[1:]
        wanted = {"none": 0, "absolute": 1, "byoyomi": 3, "canadian": 3, "fischer": 2}
        if kind not in wanted or len(numbers) != wanted[kind]:
            raise GtpError(f"usage: {usage}")
        values = [_gtp_number(a, "time") for a in numbers]
        try:
            if kind == "none":
                control = TimeControl()
            elif kind == "absolute":
                control = TimeControl(values[0])
            elif kind == "byoyomi":
                control = TimeControl(values[0], periods=int(values[2]), period_s=values[1])
            elif kind == "fischer":
                control = TimeControl(values[0], increment_s=values[1])
            else:
                return self._cmd_time_settings(numbers)
        except HexError as error:
            raise GtpError(str(error)) from None
        return self._set_time_control(control)

    def _cmd_time_left(self, args: list[str]) -> str:
        """``time_left COLOR TIME STONES``: ``color``'s time now, as the controller counts it:
        ``STONES`` 0 is main time; otherwise ``TIME`` is what is left of the current period
        and ``STONES`` the periods left (KGS's byo-yomi), or for Canadian overtime the moves
        ``TIME`` must last (played as a period of ``TIME / STONES``)."""
        self._expect(args, 3, usage="time_left COLOR TIME STONES")
        color = self._parse_color(args[0])
        seconds, stones = _gtp_number(args[1], "time"), _gtp_number(args[2], "stones")
        if not float(stones).is_integer():
            raise GtpError(f"stones must be a whole number, not {args[2]!r}")
        if self.clock is None or self.time_control is None:
            raise GtpError("no time settings: send time_settings first")
        control = self.time_control
        if stones == 0:
            left = TimeLeft(seconds, control.periods, control.period_s)
        elif control.periods == 1:  # Canadian overtime (or one period): TIME for STONES moves
            left = TimeLeft(0.0, 1, seconds / stones)
        else:
            left = TimeLeft(0.0, int(stones), seconds)
        self.clock.set_left(color, left)
        return ""

    def _cmd_showboard(self, args: list[str]) -> str:
        board = self.board
        status = f"{board.winner} has won" if board.is_over else f"{board.to_move} to move"
        return f"\n{board}\n{status}"

    def _cmd_final_score(self, args: list[str]) -> str:
        if self._resigned is not None:
            return f"{self._resigned.opponent.letter}+"
        winner = self.board.winner
        if winner is None:
            raise GtpError("the game is not over: nobody has connected their edges yet")
        return f"{winner.letter}+"

    def _cmd_loadsgf(self, args: list[str]) -> str:
        self._expect(args, 1, 2, "loadsgf FILE [MOVE_NUMBER]")
        move_number = None
        if len(args) == 2:
            try:
                move_number = int(args[1])
            except ValueError:
                raise GtpError(f"move number must be a whole number, not {args[1]!r}") from None
            if move_number < 1:
                raise GtpError("move number must be 1 or more")
        from hexswarm.engine.records import SgfError, read_sgf

        try:
            record = read_sgf(args[0])
        except OSError as error:
            raise GtpError(f"cannot read {args[0]}: {error.strerror or error}") from None
        except SgfError as error:
            raise GtpError(f"cannot load {args[0]}: {error}") from None
        # GTP: MOVE_NUMBER n loads the position before move n, i.e. after n - 1 moves.
        record.swap_rule = True
        line = record.main_line()
        target = line[-1]
        if move_number is not None:  # the node of move n - 1 (the root for n = 1)
            target = line[0]
            for node in line[1:]:
                if record.move_number(node) >= move_number:
                    break
                target = node if node.move is not None else target
        try:
            record.go_to(target)
        except HexError as error:
            raise GtpError(f"cannot load {args[0]}: {error}") from None
        self._set_game(record)
        return ""

    # ------------------------------------------------------------------ analyze commands
    def _cmd_analyze_commands(self, args: list[str]) -> str:
        return "\n".join(
            [
                f"param/{ENGINE_NAME} Parameters/{PARAM_COMMAND}",
                f"string/{ENGINE_NAME} Settings/hexswarm-settings",
                f"string/{ENGINE_NAME} Levels/hexswarm-levels",
                f"var/{ENGINE_NAME} Principal Line/hexswarm-pv",
                f"pspairs/{ENGINE_NAME} Root Agents/hexswarm-root-agents",
                f"gfx/{ENGINE_NAME} Last Search/hexswarm-gfx",
                f"inferior/{ENGINE_NAME} Inferior Cells/hexswarm-inferior",
                f"plist/{ENGINE_NAME} Must-play/hexswarm-mustplay",
                f"vc/{ENGINE_NAME} VCs Between Cells/hexswarm-vc %c %P",
                f"string/{ENGINE_NAME} VCs To Edges/hexswarm-vc %c",
                "string/Show Board/showboard",
                "string/Final Score/final_score",
            ]
        )

    def _param_lines(self) -> list[str]:
        lines = [f"[list/{'/'.join(self.levels)}] level {self.level}"]
        settings = getattr(self.player, "settings", None)
        for name, parameter in self._level_parameters(self.level).items():
            if isinstance(settings, Mapping):
                value = settings.get(name, getattr(parameter, "default", ""))
            else:  # a settings dataclass
                value = getattr(settings, name, getattr(parameter, "default", ""))
            if name == "seed" and self._seed_is_random():  # the setting, not this game's draw
                value = parameter.format(None)
            kind = _type_name(getattr(parameter, "type", "str"))
            choices = getattr(parameter, "choices", None)
            if choices:
                tag = "list/" + "/".join(str(c) for c in choices)
            elif kind == "bool":
                tag = "bool"
            else:
                tag = "string"
            lines.append(f"[{tag}] {name} {_format_value(value)}")
        lines.append(f"[bool] {ALLOW_SWAP} {_format_value(self.allow_swap)}")
        lines.append(f"[bool] {LIVE_GFX} {_format_value(self.live_gfx)}")
        lines.append(f"[string] {GFX_INTERVAL} {_format_value(self.gfx_interval)}")
        return lines

    def _cmd_param(self, args: list[str]) -> str:
        """No arguments: list ``[type] key value`` lines (first line empty, as MoHex does);
        ``key value``: change one; changing ``level`` keeps the settings the new level has."""
        if not args:
            return "\n" + "\n".join(self._param_lines())
        if len(args) < 2:
            raise GtpError(f"usage: {PARAM_COMMAND} [KEY VALUE]")
        key, value = args[0], " ".join(args[1:])
        if key == "level":
            level = value.lower()
            kept = (
                {k: v for k, v in self.settings.items() if k in self._level_parameters(level)}
                if level in self.levels
                else {}
            )
            self.player = self._build_player(level, kept)
            self.level, self.settings = level, kept
        elif key == ALLOW_SWAP:
            self.allow_swap = _parse_bool(value)
        elif key == LIVE_GFX:
            self.live_gfx = _parse_bool(value)
        elif key == GFX_INTERVAL:
            try:
                interval = float(value)
            except ValueError:
                raise GtpError(f"{GFX_INTERVAL} must be a number of seconds") from None
            if not 0 <= interval <= 60:
                raise GtpError(f"{GFX_INTERVAL} must be from 0 to 60 seconds")
            self.gfx_interval = interval
        else:
            parameters = self._level_parameters(self.level)
            key = self._setting_name(self.level, key)
            if key not in parameters:
                known = ", ".join(["level", *parameters, ALLOW_SWAP, LIVE_GFX, GFX_INTERVAL])
                raise GtpError(f"unknown parameter {key!r} for level {self.level} ({known})")
            if _type_name(getattr(parameters[key], "type", "str")) == "bool":
                value = "true" if _parse_bool(value) else "false"
            settings = {**self.settings, key: value}
            self.player = self._build_player(self.level, settings)
            self.settings = settings
        return ""

    def _cmd_settings(self, args: list[str]) -> str:
        spec = self.player.spec() if hasattr(self.player, "spec") else self.level
        return (
            f"{spec}\nallow_swap={_format_value(self.allow_swap)} "
            f"live_gfx={_format_value(self.live_gfx)}"
        )

    def _cmd_levels(self, args: list[str]) -> str:
        lines = []
        for name, info in self.levels.items():
            marker = "*" if name == self.level else " "
            label = getattr(info, "label", name)
            description = getattr(info, "description", "")
            lines.append(f"{marker} {name}: {label}. {description}".rstrip())
        return "\n".join(lines)

    def _require_snapshot(self) -> SearchSnapshot:
        """The last search if it was about the current position; else say so (after
        ``genmove`` the engine's own move is on the board: undo it to see its search)."""
        snapshot = self.last_snapshot
        if snapshot is None or self._searched_node is None:
            raise GtpError("no search yet: run genmove first")
        if self._searched_node is not self.game.cursor:
            raise GtpError(
                "no search for this position: the last search was for the position before "
                f"the move {self._searched_move()} (undo it to see that search)"
                if self._searched_node is self.game.cursor.parent
                else "no search for this position"
            )
        return snapshot

    def _searched_move(self) -> str:
        return self.game.cursor.token or "?"

    def _cmd_pv(self, args: list[str]) -> str:
        """The principal line from the current position, as cells only (HexGui's ``var``
        colours them alternately from the side to move). Right after ``genmove`` it is the
        rest of the line the search expected after the move it chose."""
        snapshot = self.last_snapshot
        board = self.board
        line = list(snapshot.principal_variation or (snapshot.best_move,)) if snapshot else []
        cursor = self.game.cursor
        if (
            snapshot is not None
            and self._searched_node is not None
            and cursor.parent is self._searched_node
            and line
            and 0 <= line[0] < board.cell_count
            and cursor.token == board.cell_name(line[0])
        ):
            line = line[1:]
        else:
            self._require_snapshot()
        cells = []
        for cell in line:
            if not 0 <= cell < board.cell_count or board.stone_at(cell) is not None:
                break
            cells.append(board.cell_name(cell))
        return " ".join(cells)

    def _cmd_root_agents(self, args: list[str]) -> str:
        snapshot = self._require_snapshot()
        board = self.board
        pairs = [
            f"{board.cell_name(cell)} {agents}"
            for cell, agents in zip(snapshot.root_moves, snapshot.root_agents, strict=False)
            if 0 <= cell < board.cell_count and agents > 0
        ]
        return " ".join(pairs)

    def _cmd_gfx(self, args: list[str]) -> str:
        """The last search for a ``gfx`` analyze command: HexGui reads the pairs from
        ``INFLUENCE`` up to ``TEXT`` as cell/value, so only those two lines are given."""
        snapshot = self._require_snapshot()
        swap = self._searched_swap_allowed
        lines = snapshot_gfx(snapshot, *self.board.shape, swap_allowed=swap).split("\n")
        return "\n".join(line for line in lines if line.startswith(("INFLUENCE", "TEXT")))

    # ------------------------------------------------------------------ Hex knowledge
    def _analysis(self):
        """The root analysis of the position on the board (engine.analysis.root)."""
        from hexswarm.engine.analysis.root import analyse

        if self.board.is_over:
            raise GtpError(f"the game is over: {self.board.winner} has connected")
        return analyse(self.board)

    def _cmd_inferior(self, args: list[str]) -> str:
        """HexGui's ``inferior`` pairs for the side to move: ``fd`` + colour for a dead cell
        and ``fc`` + colour for a captured one (the colour it is filled with), ``x`` for an
        empty cell the root analysis leaves out (outside the must-play region)."""
        self._expect(args, 0)
        analysis = self._analysis()
        info, size = analysis.inferior, self.board.size
        pairs = []
        for cell in sorted(info.inferior):
            kind = "fd" if cell in info.dead else "fc"
            colour = "b" if info.filled[cell] == BLACK.stone else "w"
            pairs.append(f"{cell_name(cell, size)} {kind}{colour}")
        considered = set(analysis.consider)
        for cell in range(size * size):
            if info.filled[cell] == 0 and cell not in considered:
                pairs.append(f"{cell_name(cell, size)} x")
        return " ".join(pairs)

    def _cmd_mustplay(self, args: list[str]) -> str:
        """The cells the root analysis leaves to the side to move (empty: every cell)."""
        self._expect(args, 0)
        analysis = self._analysis()
        if analysis.must_play is None and analysis.proven is None:
            return ""
        return " ".join(cell_name(c, self.board.size) for c in analysis.consider)

    def _cmd_vc(self, args: list[str]) -> str:
        """``hexswarm-vc COLOR [POINT POINT]``: the colour's virtual connections on the board
        after the fill-in, in HexGui's VC list (``colour from to full|semi source [ carrier ]
        [ stones ] key``): without points, those between its edges and from each of its groups
        to its edges; with two points (cells, or north/south/east/west), those between them."""
        from hexswarm.engine.analysis.connections import h_search

        self._expect(args, 1, 3, "hexswarm-vc COLOR [POINT POINT]")
        if len(args) == 2:
            raise GtpError("expected two points (cells or edges) after the colour, or none")
        color = self._parse_color(args[0])
        analysis = self._analysis()
        size = self.board.size
        conn = h_search(analysis.inferior.filled, size, color)
        if len(args) == 3:
            pairs = [(self._vc_point(conn, args[1]), self._vc_point(conn, args[2]))]
        else:
            pairs = [(conn.edge_a, conn.edge_b)]
            for group in range(2, len(conn.group_cells)):
                point = size * size + group
                pairs += [(point, conn.edge_a), (point, conn.edge_b)]
        return "\n".join(line for p, q in pairs if p != q for line in _vc_lines(conn, p, q, color))

    def _vc_point(self, conn, word: str) -> int:
        """The point of ``conn`` named by a cell or an edge name."""
        size = conn.size
        edges = ("north", "south") if conn.color is BLACK else ("west", "east")
        if word.lower() in edges:
            return conn.edge_a if word.lower() == edges[0] else conn.edge_b
        try:
            cell = cell_index(word, size)
        except HexError as error:
            raise GtpError(f"not a cell or one of {conn.color}'s edges: {word!r}") from error
        point = conn.point_of(cell)
        if point < 0:
            raise GtpError(f"{word} holds a stone of the other colour")
        return point


def _vc_point_name(conn, point: int) -> str:
    """A point as HexGui names it: an edge, or a cell (a group: its first stone)."""
    size = conn.size
    if point == conn.edge_a:
        return "north" if conn.color is BLACK else "west"
    if point == conn.edge_b:
        return "south" if conn.color is BLACK else "east"
    if conn.is_group(point):
        return cell_name(min(conn.group_cells[point - size * size]), size)
    return cell_name(point, size)


def _vc_lines(conn, p: int, q: int, color: Color) -> list[str]:
    """HexGui VC-list entries for the connections between points ``p`` and ``q``."""
    from hexswarm.engine.analysis.connections import cells_of

    size = conn.size
    ends = f"{color.value} {_vc_point_name(conn, p)} {_vc_point_name(conn, q)}"

    def carrier(bits: int) -> str:
        return " ".join(cell_name(c, size) for c in cells_of(bits))

    lines = [f"{ends} full hsearch [ {carrier(c)} ] [ ]" for c in conn.fulls(p, q)]
    lines += [
        f"{ends} semi hsearch [ {carrier(s.carrier)} ] [ ] {cell_name(s.key, size)}"
        for s in conn.semis(p, q)
    ]
    return lines


# ---------------------------------------------------------------------- the stdin/stdout server

_EOF = object()


class GtpServer:
    """Reads commands from ``stdin`` on a reader thread and executes them on the calling thread.

    The reader thread numbers each command; ``# interrupt`` marks every command read so far as
    interrupted (so an interrupt that arrives before its ``genmove`` starts still counts). At EOF
    the commands already read are still executed and answered, then ``serve`` returns.
    """

    def __init__(self, engine: GtpEngine, stdin: TextIO, stdout: TextIO, stderr: TextIO):
        self.engine = engine
        self.stdin, self.stdout, self.stderr = stdin, stdout, stderr
        self._lines: queue.Queue = queue.Queue()
        self._write_lock = threading.Lock()
        self._read_count = 0
        self._interrupted_upto = -1
        self._input_ended = False
        engine.emit = self.write
        engine.log = self.log

    def write(self, text: str) -> None:
        with self._write_lock:
            self.stdout.write(text)
            self.stdout.flush()

    def log(self, text: str) -> None:
        try:
            self.stderr.write(text if text.endswith("\n") else text + "\n")
            self.stderr.flush()
        except (OSError, ValueError):
            pass

    def _read_stdin(self) -> None:
        try:
            for raw in self.stdin:
                line = raw.rstrip("\r\n")
                if line.strip().lower() == "# interrupt":
                    self._interrupted_upto = self._read_count
                    continue
                self._read_count += 1
                self._lines.put((self._read_count, line))
        except (OSError, ValueError, UnicodeDecodeError) as error:
            self.log(f"hexswarm-gtp: stopped reading input: {error}")
        finally:
            # EOF is not an interrupt: a script may pipe in "genmove b" and close its end at
            # once, and still wants the full answer. Commands already read all run (an
            # analysis stream ends: no command will follow it).
            self._input_ended = True
            self._lines.put(_EOF)

    def _interrupted(self, number: int) -> bool:
        """Whether a line read after command ``number`` asked to stop its search."""
        return self._interrupted_upto >= number

    def _input_after(self, number: int) -> bool:
        """Whether input followed command ``number`` (another line, or the input's end)."""
        return self._read_count > number or self._input_ended

    def serve(self) -> int:
        """Run until ``quit`` or EOF; return the process exit status."""
        self.reader = threading.Thread(target=self._read_stdin, name="gtp-stdin", daemon=True)
        self.reader.start()
        while True:
            item = self._lines.get()
            if item is _EOF:
                return 0
            number, line = item
            self.engine.should_stop = functools.partial(self._interrupted, number)
            self.engine.input_waiting = functools.partial(self._input_after, number)
            response = self.engine.execute(line)
            if response is not None:
                try:
                    self.write(response.render())
                except (BrokenPipeError, ValueError):
                    return 0
            if self.engine.quit_requested:
                return 0


def setting_options(levels: Mapping[str, Any]) -> list[tuple[tuple[str, ...], str, str]]:
    """``(words, dest, help)`` for one command-line option per setting word of the level
    table (a setting's name and its aliases share one option, unless the alias is another
    level's setting: ``--playouts`` is ``uct``'s playouts and ``mc``'s playouts_per_move). The
    value goes to the level as ``dest=VALUE``, where the level's Parameter reads it."""
    parameters: dict[str, Any] = {}
    for info in levels.values():
        for parameter in getattr(info, "parameters", ()):
            parameters.setdefault(parameter.name, parameter)
    options = []
    for name, parameter in parameters.items():
        aliases = tuple(a for a in getattr(parameter, "aliases", ()) if a not in parameters)
        users = [
            n
            for n, info in levels.items()
            if name in _parameter_names(info) and not getattr(info, "family", "")
        ]
        allowed = parameter.allowed() if hasattr(parameter, "allowed") else ""
        help_text = f"{getattr(parameter, 'help', '')} ({allowed}; levels: {', '.join(users)})"
        options.append(((name, *aliases), name, help_text.replace("%", "%%")))
    return options


def _parameter_names(info: Any) -> set[str]:
    return {p.name for p in getattr(info, "parameters", ())}


def build_parser(levels: Mapping[str, Any]) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="hexswarm-gtp",
        description="HexSwarm's AIs as a GTP engine on stdin/stdout (attach it to HexGui).",
    )
    from hexswarm.engine.players.levels import STRONGEST_LEVEL

    parser.add_argument(
        "--ai",
        choices=list(levels),
        default=None,
        help=f"AI level or preset (default: {STRONGEST_LEVEL}, first in the round robin of "
        'every level at equal time, docs/experiments.md "Presets")',
    )
    parser.add_argument("--size", type=int, default=11, help="initial board size (default 11)")
    for words, dest, help_text in setting_options(levels):
        flags = [f"--{word.replace('_', '-')}" for word in words]
        flags += [f"--{word}" for word in words if "_" in word]  # --time_s as typed in a spec
        parser.add_argument(*flags, dest=dest, metavar="VALUE", help=help_text)
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="any other setting of the level (repeatable)",
    )
    parser.add_argument("--swap", action="store_true", help="let genmove answer a swap")
    parser.add_argument(
        "--gfx",
        action="store_true",
        help="print gogui-gfx: blocks while thinking (HexGui live display)",
    )
    return parser


def kernel_groups(player: Any) -> tuple[str, ...]:
    """The kernel groups ``player``'s searches call (``engine.warmup.groups_for_spec`` of its
    spec; none for a player without a spec, such as a test's stand-in)."""
    from hexswarm.engine.warmup import groups_for_spec

    spec = player.spec() if hasattr(player, "spec") else None
    return groups_for_spec(spec) if spec else ()


def _start_kernel_loader(engine: GtpEngine) -> GroupLoader:
    """Start loading (or compiling) the kernel groups of ``engine``'s AI on a thread; a later
    AI's groups follow when it is chosen (:meth:`GtpEngine._build_player`). The engine answers
    commands meanwhile; a search waits for its groups, the wait counted against its time
    limit (:meth:`GtpEngine._wait_for_kernels`)."""
    # Every module the loader or a command may import is imported here, on this thread:
    # imports racing between two threads can deadlock on Python's module locks (seen).
    import hexswarm.engine.dfpn
    import hexswarm.engine.players.tactics
    import hexswarm.engine.playout
    import hexswarm.engine.solver  # noqa: F401
    from hexswarm.engine.players.family import import_families
    from hexswarm.engine.warmup import GroupLoader

    import_families()
    loader = GroupLoader()
    engine.kernel_loader = loader
    loader.load(kernel_groups(engine.player))
    return loader


def main(
    argv: list[str] | None = None,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
) -> int:
    """Entry point of ``hexswarm-gtp`` and ``python -m hexswarm.engine.gtp``."""
    stdin = stdin or io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="replace")
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    levels, create_player = _load_players()
    parser = build_parser(levels)
    options = parser.parse_args(argv)
    settings: dict[str, str] = {}
    for _words, dest, _help in setting_options(levels):
        value = getattr(options, dest, None)
        if value is not None:
            settings[dest] = value
    level = options.ai or _default_level(levels, create_player)
    for item in options.set:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            parser.error(f"--set takes KEY=VALUE, not {item!r}")
        settings[key.strip()] = value.strip()
    if not 1 <= options.size <= MAX_SIZE:
        parser.error(f"--size must be 1 to {MAX_SIZE}")
    try:
        engine = GtpEngine(
            level=level,
            settings=settings,
            size=options.size,
            live_gfx=options.gfx,
            allow_swap=options.swap,
            levels=levels,
            create_player=create_player,
        )
    except GtpError as error:
        print(f"hexswarm-gtp: {error}", file=stderr)
        return 2
    print(f"hexswarm-gtp: {engine._cmd_settings([]).splitlines()[0]}", file=stderr)
    _start_kernel_loader(engine)
    server = GtpServer(engine, stdin, stdout, stderr)
    try:
        status = server.serve()
    except KeyboardInterrupt:
        status = 130
    if server.reader.is_alive():
        # After `quit` the reader thread is still blocked reading stdin; a normal interpreter
        # shutdown would abort on its lock ("could not acquire lock for <stdin>"), so flush and
        # leave at once.
        for stream in (stdout, stderr):
            with contextlib.suppress(OSError, ValueError):
                stream.flush()
        os._exit(status)
    return status


if __name__ == "__main__":
    sys.exit(main())

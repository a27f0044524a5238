"""External GTP engines (MoHex, KataHex, another HexSwarm...) as players: the one player that the
desktop application and the match runner (``gtp:COMMAND LINE``) both use.

An :class:`EngineConfig` says how to start an engine (a name, a command line, a working folder
and how long a move may take). An :class:`ExternalEnginePlayer` fulfils the player contract of
:mod:`engine.players.base`: before each ``genmove`` it brings the engine to the position on the
board with the commands HexGui sends (``boardsize N N``, ``clear_board``, ``play``, ``undo``),
then reads and checks the answer. The engine is told the swap rule where it has a way to hear
it (``hexswarm-param allow_swap``, MoHex's ``param_game allow_swap``).

The position is sent as stones, as recent HexGui versions do: a ``swap-pieces`` (this project's
meaning: the first stone is mirrored into a White stone, Black moves next) is sent as that White
stone, and a ``swap-sides`` (the stone stays, the colours change hands) changes nothing on the
board, so engines that read the swap words otherwise (MoHex) see the same position. A setup
edit sends the stones on the board after it.

Whatever the engine does, the caller's game is never touched: the player raises
:class:`ExternalEngineError` naming the engine, the command and what it answered (or its exit
status and last lines on stderr) when it crashes, hangs past its time, answers a line that is
not a move or an illegal move, or refuses a position. An engine that crashed, hung or went out
of step is stopped and started again at the next request; one that only refused something is
kept and brought to the position from scratch (``clear_board``).

Stopping: ``should_stop`` is polled while the engine thinks. An engine that lists
``gogui-interrupt`` gets ``# interrupt`` and answers its best move so far; one that does not,
or does not answer within :attr:`ExternalEnginePlayer.stop_grace_s`, is stopped (and restarts at
the next request).

Thread rules: one ``choose_move`` at a time per player (the engine is one process);
:meth:`ExternalEnginePlayer.close` from the thread that used it, or once nobody does.
"""

from __future__ import annotations

import math
import re
import shlex
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from hexswarm.engine.board import (
    BLACK,
    MAX_SIZE,
    SWAP_PIECES,
    SWAP_SIDES,
    WHITE,
    Board,
    Color,
    GameOverError,
    HexError,
    SetupEdit,
    mirror_cell,
)
from hexswarm.engine.clock import TimeControl, TimeLeft, gtp_time_left, gtp_time_settings
from hexswarm.engine.gtp_client import (
    GtpClient,
    GtpClientError,
    GtpClosed,
    GtpRefused,
    GtpTimeout,
)
from hexswarm.engine.players.base import MoveChoice
from hexswarm.engine.players.external_analysis import (
    GENMOVE,
    REG_GENMOVE,
    VC_COMMANDS,
    EngineCandidate,
    analysis_method,
    candidates_snapshot,
    connection_queries,
    move_line,
    parse_info_line,
    parse_uct_gfx,
    parse_value_pairs,
    proof_of,
)
from hexswarm.engine.search.snapshot import SearchSnapshot, SnapshotCallback, StopCheck

GTP_PREFIX = "gtp:"
"""A player spec ``gtp:COMMAND LINE``: the external engine started by that command line."""
DEFAULT_MOVE_TIMEOUT_S = 300.0
START_TIMEOUT_S = 120.0  # KataHex loads a network, MoHex its pattern files
COMMAND_TIMEOUT_S = 30.0
STOP_GRACE_S = 3.0
ANALYSIS_S = 10.0  # how long an analysis (analysis mode, a hint) runs unless stopped sooner
ANALYSIS_INTERVAL_CS = 50  # kata-analyze / lz-analyze: a line every half second
STDERR_LINES = 8
RESTARTS = "; it was stopped and starts again at the next move"
MAX_NAME_LENGTH = 40
_SHOWN_ANSWER = 80  # characters of a bad answer quoted in a message

# The words an engine may answer to genmove besides a cell (Little Golem's "swap" is a swap
# of sides, as hexswarm-gtp reads it).
SWAP_ANSWERS = {"swap-pieces": SWAP_PIECES, "swap-sides": SWAP_SIDES, "swap": SWAP_SIDES}
RESIGN = "resign"


class ExternalEngineError(HexError):
    """An external engine failed. ``kind`` is ``start`` (it would not start or answer the
    start-up commands), ``crash``, ``timeout``, ``garbage`` (an answer that is not a move or
    a line that is not GTP), ``illegal`` (a move the rules refuse) or ``refused`` (it answered
    ``?``); ``answer`` is what the engine said, when it said something."""

    def __init__(self, message: str, kind: str, answer: str = ""):
        super().__init__(message)
        self.kind = kind
        self.answer = answer


@dataclass(frozen=True, slots=True)
class EngineConfig:
    """How to start an external engine. ``name`` is what the user calls it (unique among the
    application's engines, no ``:`` or line breaks); ``command`` a command line split as a
    POSIX shell would (quotes, no pipes or variables); ``folder`` the working folder ("" is
    the caller's); ``move_timeout_s`` how long a ``genmove`` may take before the engine is
    declared hung (None: no limit, the user stops it)."""

    name: str
    command: str
    folder: str = ""
    move_timeout_s: float | None = DEFAULT_MOVE_TIMEOUT_S

    def argv(self) -> list[str]:
        """The command line as arguments; :class:`ExternalEngineError` when it is empty or
        its quotes do not close."""
        try:
            argv = shlex.split(self.command)
        except ValueError as error:
            raise ExternalEngineError(
                f"{self.name}: cannot read the command line {self.command!r}: {error}", "start"
            ) from None
        if not argv:
            raise ExternalEngineError(f"{self.name}: the command line is empty", "start")
        return argv

    def problems(self) -> list[str]:
        """What is wrong with these settings as typed (empty when they can be tried)."""
        problems = []
        name = self.name.strip()
        if not name:
            problems.append("the engine needs a name")
        elif len(name) > MAX_NAME_LENGTH or any(c in name for c in ":\n\r\t"):
            problems.append(
                f"a name has at most {MAX_NAME_LENGTH} characters and no ':' or line breaks"
            )
        try:
            self.argv()
        except ExternalEngineError as error:
            problems.append(str(error).partition(": ")[2])
        if self.move_timeout_s is not None and not self.move_timeout_s > 0:
            problems.append("the time a move may take must be more than 0 seconds")
        return problems


@dataclass(frozen=True, slots=True)
class EngineIdentity:
    """What an engine said about itself at start-up."""

    name: str
    version: str
    protocol_version: str
    commands: frozenset[str]

    def describe(self) -> str:
        return f"{self.name} {self.version}".strip()


def engine_line(board: Board) -> list[tuple[Color, int]]:
    """The ``play`` commands (colour, cell) that put the stones of ``board`` on an empty board
    of an engine, in an order that keeps the game's own order where it has one: its moves, a
    ``swap-pieces`` as the mirrored White stone, a ``swap-sides`` as nothing, a setup edit as
    every stone on the board after it. Stones of the starting position (a board made by
    :meth:`Board.from_rows`, whose history starts after them) come first."""
    start = board.copy()
    while start.move_stack:
        start.undo()
    line = [(BLACK, c) for c in start.stones(BLACK)] + [(WHITE, c) for c in start.stones(WHITE)]
    replay = start
    for entry in board.move_stack:
        if isinstance(entry, SetupEdit):
            replay.apply_setup(entry)
            line = [(BLACK, c) for c in replay.stones(BLACK)]
            line += [(WHITE, c) for c in replay.stones(WHITE)]
            continue
        replay.play(entry.swap or entry.cell, after_win=True)
        if entry.swap == SWAP_PIECES:
            (color, cell) = line[0]
            line = [(color.opponent, mirror_cell(cell, board.size))]
        elif entry.swap is None:
            line.append((entry.color, entry.cell))
    return line


def _quoted(text: str) -> str:
    text = text.strip()
    if len(text) > _SHOWN_ANSWER:
        text = text[:_SHOWN_ANSWER] + "..."
    return repr(text)


class ExternalEnginePlayer:
    """A player whose moves come from an external GTP engine; see the module docstring.

    ``log`` receives the engine's stderr (a file object; None: this process's stderr;
    ``subprocess.DEVNULL``: nowhere); its last lines are quoted in error messages either way.
    ``spec_text`` is the spec this player was made from (for records). ``move_values``: after
    each move, ask the engine for its values of the position it moved from, where it has a way
    to give them (:meth:`choose_move`); the application turns it on, the match runner leaves
    it off (its moves and their times are the same either way)."""

    name = "gtp"

    def __init__(
        self,
        config: EngineConfig,
        *,
        log: Any = subprocess.DEVNULL,
        env: dict[str, str] | None = None,
        spec_text: str | None = None,
        start_timeout_s: float = START_TIMEOUT_S,
        command_timeout_s: float = COMMAND_TIMEOUT_S,
        stop_grace_s: float = STOP_GRACE_S,
        move_values: bool = False,
    ):
        self.config = config
        self.move_values = move_values
        self.spec_text = spec_text or f"{GTP_PREFIX}{config.command}"
        self.log = log
        self.env = env
        self.start_timeout_s = start_timeout_s
        self.command_timeout_s = command_timeout_s
        self.stop_grace_s = stop_grace_s
        self.identity: EngineIdentity | None = None
        self.starts = 0  # how many times the engine process was started
        self._client: GtpClient | None = None
        self._size: tuple[int, int] | None = None  # the engine's board: columns, rows
        self._line: list[tuple[Color, int]] | None = None  # what the engine has; None: unknown
        self._swap_told: bool | None = None
        self._clock_told: TimeControl | None = None  # the time control the engine was told
        self._live_gfx_told = False  # MoHex's use_livegfx switched on
        self._reuses_subtree: bool | None = None  # MoHex's reuse_subtree (None: not asked)
        self.analysis_s = ANALYSIS_S
        self._boardsize_args = 2  # HexGui sends "boardsize N N"; fall back to "boardsize N"

    # ------------------------------------------------------------------ life cycle
    def spec(self) -> str:
        return self.spec_text

    @property
    def running(self) -> bool:
        return self._client is not None and self._client.process.poll() is None

    def start(self) -> EngineIdentity:
        """Start the engine (if it is not running) and read who it is: ``name``, ``version``,
        ``protocol_version`` and its commands. Raises :class:`ExternalEngineError`."""
        if self.running:
            assert self.identity is not None
            return self.identity
        self.close()
        argv = self.config.argv()
        try:
            self._client = GtpClient(
                argv,
                stderr=self.log,
                env=self.env,
                cwd=self.config.folder or None,
                keep_stderr=STDERR_LINES,
            )
        except GtpClientError as error:
            raise ExternalEngineError(f"{self.config.name}: {error}", "start") from None
        self.starts += 1
        self._size = self._line = self._swap_told = self._clock_told = None
        self._live_gfx_told = False
        self._reuses_subtree = None
        try:
            name = self._send("name", self.start_timeout_s)
            version = self._send("version", self.command_timeout_s)
            protocol = self._send("protocol_version", self.command_timeout_s)
            commands = self._commands()
        except ExternalEngineError as error:
            self._stop_process()
            what = str(error).removesuffix(RESTARTS)
            raise ExternalEngineError(
                f"{what} (the command line was {self.config.command!r})", "start", error.answer
            ) from None
        if not protocol.strip().isdigit():
            self._stop_process()
            raise ExternalEngineError(
                f"{self.config.name} answered protocol_version with {_quoted(protocol)}, "
                "not a number: it does not speak GTP",
                "start",
                protocol,
            )
        self.identity = EngineIdentity(
            name.strip().splitlines()[0] if name.strip() else "",
            version.strip().splitlines()[0] if version.strip() else "",
            protocol.strip(),
            commands,
        )
        return self.identity

    def _commands(self) -> frozenset[str]:
        """The engine's commands (``list_commands``; an engine without it: none known, so only
        the commands every GTP engine has are used)."""
        try:
            listed = self._send("list_commands", self.command_timeout_s)
        except ExternalEngineError as error:
            if error.kind != "refused":
                raise
            return frozenset()
        return frozenset(word.strip().lower() for word in listed.splitlines() if word.strip())

    def knows(self, command: str) -> bool:
        return self.identity is not None and command in self.identity.commands

    def close(self) -> None:
        """Ask the engine to quit (kill it if it does not); the next request starts it again."""
        client, self._client = self._client, None
        if client is not None:
            client.close(timeout=2.0)

    def _stop_process(self) -> None:
        """Kill an engine that is out of step (hung, crashed, wrote garbage)."""
        client, self._client = self._client, None
        if client is not None:
            client.kill(timeout=0.5)

    # ------------------------------------------------------------------ commands
    def _send(self, command: str, timeout: float | None, **stop: Any) -> str:
        """One command; every failure becomes an :class:`ExternalEngineError` (see
        :meth:`_guarded`)."""
        return self._guarded(command, lambda client: client.send(command, timeout, **stop))

    def _guarded(self, command: str, call: Callable[[GtpClient], Any]) -> Any:
        """``call(client)`` for ``command``; every failure becomes an
        :class:`ExternalEngineError` saying what the engine did, and an engine that is out of
        step is stopped."""
        client = self._client
        assert client is not None
        name = self.config.name
        try:
            return call(client)
        except GtpRefused as error:
            answer = str(error).split(": ", 2)[-1]
            raise ExternalEngineError(
                f"{name} refused {command!r}: {_quoted(answer)}", "refused", answer
            ) from None
        except GtpTimeout as error:
            self._stop_process()
            detail = str(error).partition(" did not answer ")[2]
            raise ExternalEngineError(
                f"{name} did not answer {command!r} {detail}{RESTARTS}", "timeout"
            ) from None
        except GtpClosed as error:
            status = client.process.poll()
            tail = client.stderr_tail()
            head = client.stderr_head()
            self._stop_process()
            how = f"exit status {status}" if status is not None else str(error)
            said = _last_words(head, tail)
            raise ExternalEngineError(
                f"{name} stopped ({how}) while answering {command!r}{said}{RESTARTS}", "crash"
            ) from None
        except GtpClientError as error:  # a line that is not a response: out of step
            self._stop_process()
            line = str(error).partition("not a response: ")[2] or str(error)
            raise ExternalEngineError(
                f"{name} wrote {line} instead of answering {command!r}{RESTARTS}",
                "garbage",
                line,
            ) from None

    def tell_clock(self, control: TimeControl, color: Color, left: TimeLeft) -> bool:
        """Tell the engine the clock before ``color``'s move: the time control
        (:func:`engine.clock.gtp_time_settings`) when it has not been told this one since it
        started, then ``color``'s time ``left`` (``time_left``). Returns False when the engine
        refused a command (it then plays by its own settings; the caller's clock still judges
        it); other failures raise :class:`ExternalEngineError` as any command's."""
        self.start()
        try:
            if self._clock_told != control:
                self._send(gtp_time_settings(control), self.command_timeout_s)
                self._clock_told = control
            self._send(gtp_time_left(color, left), self.command_timeout_s)
        except ExternalEngineError as error:
            if error.kind != "refused":
                raise
            return False
        return True

    def _new_board(self, width: int, height: int | None = None) -> None:
        """``boardsize COLUMNS ROWS`` (as HexGui sends it), or ``boardsize N`` for an engine
        that refuses two numbers on a square; a rectangle it refuses is an error."""
        height = width if height is None else height
        if self._boardsize_args == 2 or width != height:
            try:
                self._send(f"boardsize {width} {height}", self.command_timeout_s)
            except ExternalEngineError as error:
                if error.kind != "refused" or width != height:
                    raise
                self._boardsize_args = 1
        if self._boardsize_args == 1 and width == height:
            self._send(f"boardsize {width}", self.command_timeout_s)
        self._send("clear_board", self.command_timeout_s)
        self._size = (width, height)
        self._line = []

    def _tell_swap(self, swap_rule: bool) -> None:
        if self._swap_told == swap_rule:
            return
        value = int(swap_rule)
        if self.knows("hexswarm-param"):
            self._send(f"hexswarm-param allow_swap {value}", self.command_timeout_s)
        elif self.knows("param_game"):
            self._send(f"param_game allow_swap {value}", self.command_timeout_s)
        self._swap_told = swap_rule

    def sync(self, board: Board) -> None:
        """Bring the engine to the position of ``board``: only the new stones when it has the
        start of this game, ``undo`` when it is a few moves ahead in it, else from scratch."""
        self.start()
        self._tell_swap(board.swap_rule)
        target = engine_line(board)
        known = self._line if self._size == board.shape else None
        if known is not None and known == target[: len(known)]:
            line, pending = known, target[len(known) :]
        elif (
            known is not None
            and target == known[: len(target)]
            and self.knows("undo")
            and len(known) - len(target) <= 4
        ):
            while len(known) > len(target):
                self._line = None  # unknown if the undo fails
                self._send("undo", self.command_timeout_s)
                known = known[:-1]
                self._line = known
            line, pending = known, []
        else:
            self._new_board(*board.shape)
            line, pending = [], target
        for color, cell in pending:
            command = f"play {color.letter.lower()} {board.cell_name(cell)}"
            self._line = None  # unknown if the command fails
            self._send(command, self.command_timeout_s)
            line = [*line, (color, cell)]
            self._line = line

    # ------------------------------------------------------------------ moves
    def choose_move(
        self,
        board: Board,
        *,
        on_snapshot=None,
        should_stop=None,
        position_id: int = 0,
    ) -> MoveChoice:
        """The engine's move for the side to move on ``board`` (not changed). Raises
        :class:`ExternalEngineError` (see the module docstring); the next call starts from a
        clean engine.

        With :attr:`move_values` on, an engine that gives its search's values (MoHex:
        ``mohex-values``, see :meth:`_values_of_move`) returns them with its move as the
        final snapshot, as our own levels do (the game keeps it as the position's
        analysis); nothing is sent to ``on_snapshot`` while it thinks. The values are asked
        after the ``genmove`` has answered: the move and the time it took are those of a
        plain ``genmove``. Any other engine, or a move the engine made without searching,
        returns the move alone."""
        if board.is_over:
            raise GameOverError(f"the game is over: {board.winner} has already won")
        self.sync(board)
        color = board.to_move
        command = f"genmove {color.letter.lower()}"
        line = self._line or []
        asks_values = self._asks_values()
        self._line = None  # the engine's board holds a move we have not checked yet
        started = time.monotonic()
        answer = self._send(
            command,
            self.config.move_timeout_s,
            should_stop=should_stop,
            stop_grace=self.stop_grace_s if self.knows("gogui-interrupt") else 0.0,
            interrupt=self.knows("gogui-interrupt"),
        )
        elapsed_s = time.monotonic() - started
        move = self._read_answer(board, command, answer)
        if not isinstance(move, int):
            return MoveChoice(move)
        self._line = [*line, (color, move)]
        if not asks_values:
            return MoveChoice(move)
        final = self._values_of_move(board, move, position_id, elapsed_s)
        return MoveChoice(move, final)

    def _asks_values(self) -> bool:
        """Whether :meth:`choose_move` asks for the engine's values: :attr:`move_values` on
        and the commands it needs listed (``undo`` to see the position it moved from)."""
        needed = ("mohex-values", "undo")
        return self.move_values and all(self.knows(command) for command in needed)

    def _values_of_move(
        self, board: Board, move: int, position_id: int, elapsed_s: float
    ) -> SearchSnapshot | None:
        """The search behind ``move`` (just played by the engine from ``board``) as a final
        snapshot: ``undo``, ``mohex-values`` (and ``mohex-get-pv``) of the position it moved
        from, ``play`` the move again. MoHex answers these from the node of that position in
        its tree: a search of it, or the subtree an earlier search grew below it (a move it
        made without a search, from a proof, keeps that subtree's values). None when that node
        has no visits (``mohex-values`` refused, a leaf: nothing searched it), the engine gave
        no value of the move it played, or it failed any of these commands, unless its virtual
        connections decide the position (:meth:`_mohex_proof`): the snapshot is then
        ``proven``, its estimate 1 or 0 whatever an older search's subtree says; the move stands
        either way (an engine that crashed or hung meanwhile starts again at the next request,
        as after a failed move)."""
        color = board.to_move
        played = self._line
        assert played is not None and played[-1:] == [(color, move)]
        try:
            self._line = None
            self._send("undo", self.command_timeout_s)
            self._line = played[:-1]
            try:
                found = self._mohex_candidates(board, move)
            except ExternalEngineError:
                if not self.running:
                    return None  # it starts again, with the game, at the next request
                found = []
            try:
                proven = self._mohex_proof(board)
            except ExternalEngineError:
                if not self.running:
                    return None
                proven = None
            self._line = None
            again = f"play {color.letter.lower()} {board.cell_name(move)}"
            self._send(again, self.command_timeout_s)
            self._line = played
        except ExternalEngineError:
            return None
        if all(c.move != move for c in found):
            if proven is None:
                return None
            found = [EngineCandidate(move, 1, math.nan, (move,))]
        return candidates_snapshot(
            found,
            best=move,
            to_move=board.to_move.value,
            player=self.spec_text,
            position_id=position_id,
            elapsed_s=elapsed_s,
            done=True,
            proven=proven,
        )

    def analyse(
        self,
        board: Board,
        *,
        on_snapshot: SnapshotCallback | None = None,
        should_stop: StopCheck | None = None,
        position_id: int = 0,
        seconds: float | None = None,
    ) -> MoveChoice:
        """The engine's analysis of ``board`` (not changed; nothing stays played in the
        engine's game): its candidate moves as snapshots to ``on_snapshot`` while it thinks,
        for at most ``seconds`` (default :attr:`analysis_s`) or until ``should_stop``.
        Returns its best move with the final snapshot (None when the engine gave no
        candidate: a ``resign``). How the engine is asked depends on what it lists:
        :mod:`engine.players.external_analysis`. Candidates that are not legal on ``board``
        are left out. Raises :class:`ExternalEngineError` as :meth:`choose_move` does."""
        if board.is_over:
            raise GameOverError(f"the game is over: {board.winner} has already won")
        self.sync(board)
        assert self.identity is not None
        method = analysis_method(self.identity.commands)
        limit = self.analysis_s if seconds is None else seconds
        started = time.monotonic()
        legal = set(board.legal_moves()) | ({-1} if board.swap_allowed() else set())

        def stop() -> bool:
            return time.monotonic() - started >= limit or bool(should_stop and should_stop())

        proof: list[str | None] = [None]  # the engine's proof of the position, once given

        def snapshot(found: list[EngineCandidate], best=None, done=False) -> SearchSnapshot | None:
            return candidates_snapshot(
                [c for c in found if c.move in legal],
                best=best,
                to_move=board.to_move.value,
                player=self.spec_text,
                position_id=position_id,
                elapsed_s=time.monotonic() - started,
                done=done,
                proven=proof[0],
            )

        latest: list[EngineCandidate] = []

        def report(found: list[EngineCandidate], proven: str | None = None) -> None:
            proof[0] = proven or proof[0]
            current = snapshot(found)
            if current is not None:
                latest[:] = found
                if on_snapshot is not None:
                    on_snapshot(current)

        if method in (GENMOVE, REG_GENMOVE):
            move = self._search_once(board, method, stop, report)
            best = -1 if move in SWAP_ANSWERS.values() else move if isinstance(move, int) else None
            final = snapshot(latest, best, done=True)
            if final is None:  # resign, or a swap the engine gave no value of
                return MoveChoice(move)
            return MoveChoice(SWAP_PIECES if final.best_move == -1 else final.best_move, final)
        command = f"{method} {board.to_move.letter.lower()} {ANALYSIS_INTERVAL_CS}"
        self._guarded(
            command,
            lambda client: client.stream(
                command,
                lambda line: report(parse_info_line(line, board.shape, method)),
                stop,
                self.command_timeout_s,
                self.stop_grace_s,
            ),
        )
        final = snapshot(latest, done=True)
        if final is None:
            raise ExternalEngineError(
                f"{self.config.name} gave no candidate move in {limit:g} s of {command!r}",
                "garbage",
            )
        return MoveChoice(SWAP_PIECES if final.best_move == -1 else final.best_move, final)

    def _search_once(
        self,
        board: Board,
        method: str,
        stop: StopCheck,
        report: Callable[..., None],
    ) -> int | str:
        """``reg_genmove`` (with MoHex's live graphics and, after it, its values) or, for an
        engine with neither, ``genmove`` taken back with ``undo`` (else the engine gets the
        game anew at its next request). Returns the engine's move, checked.

        After a ``reg_genmove`` MoHex's values are those of the position's node in its tree
        (``mohex-values``): they are reported when that node has visits (a search of it, or
        the subtree an earlier search grew below it, which MoHex answers from when its
        virtual connections decide the position without a search); a node without visits (a
        fresh MoHex refuses: "No previous search") gives the move alone, without a value, as
        ``genmove`` does. When MoHex's virtual connections decide the position
        (:meth:`_mohex_proof`) the report says so (``proven``): its value is then 1 or 0,
        not what an older search's subtree holds. MoHex's subtree reuse is switched off for
        the ``reg_genmove`` (:meth:`_without_reuse`): its ``max_games`` counts the reused
        visits, so right after its own move an analysis searched a few hundred new simulations
        of its budget."""
        color = board.to_move.letter.lower()
        if method == REG_GENMOVE and self.knows("param_mohex") and not self._live_gfx_told:
            self._send("param_mohex use_livegfx 1", self.command_timeout_s)
            self._live_gfx_told = True
        client = self._client
        assert client is not None
        client.on_gfx = lambda block: report(parse_uct_gfx(block, board.shape))
        line = self._line
        if method == GENMOVE:
            self._line = None  # the engine plays the move on its board
        command = f"{method} {color}"
        interrupt = self.knows("gogui-interrupt")
        reuse_off = method == REG_GENMOVE and self._without_reuse()
        try:
            answer = self._send(
                command,
                self.config.move_timeout_s,
                should_stop=stop,
                stop_grace=self.stop_grace_s if interrupt else 0.0,
                interrupt=interrupt,
            )
        finally:
            client.on_gfx = None
            if reuse_off and self.running:
                self._send("param_mohex reuse_subtree 1", self.command_timeout_s)
        move = self._read_answer(board, command, answer)
        if method == GENMOVE and isinstance(move, int) and self.knows("undo"):
            self._send("undo", self.command_timeout_s)
            self._line = line
        found: list[EngineCandidate] = []
        proven = None
        if method == REG_GENMOVE and self.knows("mohex-values"):
            try:
                found = self._mohex_candidates(board, move)
            except ExternalEngineError as error:
                if error.kind != "refused":
                    raise
            if isinstance(move, int):
                proven = self._mohex_proof(board)
        if any(c.move == move for c in found):  # the node has visits, the move among them
            report(found, proven)
        else:
            alone = [EngineCandidate(move, 1, math.nan, (move,))] if isinstance(move, int) else []
            report(alone, proven)
        return move

    def _without_reuse(self) -> bool:
        """Switch MoHex's subtree reuse off (``param_mohex reuse_subtree 0``) if it is on, so
        an analysis searches its whole ``max_games`` afresh; returns whether it was switched
        (the caller switches it on again). False for an engine without ``param_mohex`` or
        whose listing does not show the setting."""
        if not self.knows("param_mohex"):
            return False
        if self._reuses_subtree is None:
            listing = self._send("param_mohex", self.command_timeout_s)
            setting = re.search(r"\breuse_subtree\s+([01])\b", listing)
            self._reuses_subtree = setting is not None and setting.group(1) == "1"
        if not self._reuses_subtree:
            return False
        self._send("param_mohex reuse_subtree 0", self.command_timeout_s)
        return True

    def _mohex_proof(self, board: Board) -> str | None:
        """``"win"`` or ``"loss"`` for the side to move when MoHex's virtual connections decide
        the position on the engine's board (``board``'s), as MoHex judges a position it plays
        without a search (a full or semi connection of the mover's edges, a full one of the
        opponent's: :func:`~engine.players.external_analysis.proof_of`); None when they do
        not, or the engine does not list the commands (:data:`VC_COMMANDS`) or refuses one.
        MoHex builds the connections again for this (a few milliseconds to a few tenths of a
        second on 13x13)."""
        if not all(self.knows(command) for command in VC_COMMANDS):
            return None
        try:
            answers = [
                self._send(query, self.command_timeout_s)
                for query in connection_queries(board.to_move.letter.lower())
            ]
        except ExternalEngineError as error:
            if error.kind != "refused":
                raise
            return None
        return proof_of(*answers[1:])

    def _mohex_candidates(self, board: Board, move: int | str) -> list[EngineCandidate]:
        """MoHex's values of the moves of its last search from ``board``'s position (the
        engine's game must be there): ``mohex-values`` and, when listed, ``mohex-get-pv``.
        The cells it visited, ``move`` (its choice) first, then by visits."""
        values = parse_value_pairs(self._send("mohex-values", self.command_timeout_s), board.shape)
        pv: tuple[int, ...] = ()
        if self.knows("mohex-get-pv"):
            words = self._send("mohex-get-pv", self.command_timeout_s).split()
            pv = move_line(words, board.shape)
        found = [
            EngineCandidate(cell, visits, win, pv if pv[:1] == (cell,) else (cell,))
            for cell, (win, visits) in values.items()
            if visits > 0  # MoHex lists cells it pruned with no visits
        ]
        return sorted(found, key=lambda c: (c.move != move, -c.visits))

    def _read_answer(self, board: Board, command: str, answer: str) -> int | str:
        """The move in ``answer``, checked against the rules on ``board``."""
        name = self.config.name
        word = answer.strip().lower()
        if not re.fullmatch(r"[a-z0-9-]+", word):
            raise ExternalEngineError(
                f"{name} answered {command!r} with {_quoted(answer)}, which is not a move",
                "garbage",
                answer,
            )
        if word == RESIGN:
            return RESIGN
        move: int | str = SWAP_ANSWERS.get(word, word)
        try:
            action = board.parse_move(move)
            probe = board.copy()
            probe.play(action)
        except HexError as error:
            kind = "illegal" if _looks_like_move(word) else "garbage"
            because = getattr(error, "reason", str(error))
            what = "which is illegal here" if kind == "illegal" else "which is not a move"
            raise ExternalEngineError(
                f"{name} answered {command!r} with {_quoted(answer)}, {what}: {because}",
                kind,
                answer,
            ) from None
        return action


_TELLING = re.compile(
    r"error|unknown|invalid|illegal|cannot|can't|could not|not found|no such|usage|fatal|"
    r"failed|abort|denied|missing",
    re.IGNORECASE,
)


def _last_words(head: list[str], tail: list[str]) -> str:
    """What an engine that stopped said on stderr, for its error message: its last line and,
    when another of the lines kept says what went wrong (an error, an unknown argument...),
    the last such line too. Round 13: a mistyped option of mohex-gtp.sh ("unknown argument
    '--gams'", then 20 lines of usage) was reported by the usage's last line alone."""
    lines = [line for line in (*head, *tail) if line.strip()]
    if not lines:
        return ""
    last = lines[-1]
    telling = [line for line in lines if _TELLING.search(line)]
    if telling and telling[-1] != last and not _TELLING.search(last):
        return f"; it said on stderr {_quoted(telling[-1])}, and last {_quoted(last)}"
    return f"; its last words on stderr: {_quoted(last)}"


def _looks_like_move(word: str) -> bool:
    """A swap word or a cell name of some board (``z9``): legal or not, an attempt at a move."""
    return word in SWAP_ANSWERS or re.fullmatch(r"[a-z]{1,2}[1-9][0-9]?", word) is not None


def probe_engine(
    config: EngineConfig,
    size: int = 11,
    *,
    env: dict[str, str] | None = None,
    start_timeout_s: float = START_TIMEOUT_S,
) -> EngineIdentity:
    """Start ``config``'s engine, ask ``name``, ``version``, ``protocol_version``, its commands
    and ``boardsize`` ``size``, and stop it: what the engine manager checks before it adds or
    changes an engine. Raises :class:`ExternalEngineError` saying what went wrong."""
    if not 1 <= size <= MAX_SIZE:
        raise HexError(f"board size must be from 1 to {MAX_SIZE}, not {size}")
    problems = config.problems()
    if problems:
        raise ExternalEngineError(f"{config.name or 'engine'}: {'; '.join(problems)}", "start")
    player = ExternalEnginePlayer(config, env=env, start_timeout_s=start_timeout_s)
    try:
        identity = player.start()
        player._new_board(size)
        return identity
    finally:
        player.close()

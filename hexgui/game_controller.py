"""Game flow: the game tree and its cursor, who plays each side, and the AI.

The :class:`GameController` is the single owner of the game on the GUI thread. Views never
change the board themselves: they call controller methods (``play``, ``undo``, ``go_to``...) and
repaint when ``position_changed`` arrives. Searches run on the :class:`~hexgui.engine_worker.
EngineWorker`'s QThread; their results come back as queued signals and are dropped unless they
are about the position on screen (``position_id``).

The game is one :class:`~engine.game.Game` tree (the controller keeps nothing else of it): the
cursor's node is on the board. Playing from an earlier position follows the existing move if it
is the same, else adds a *variation*: nothing is ever cut off. The *line* that the move list,
undo/redo and the game graph walk is the path to the cursor followed by the main continuation
below it (:meth:`Game.continuation <engine.game.Game.continuation>`); ``cursor`` counts its
entries on the board. What the AI knows of a node is kept in the node and saved with the game:
who made its move (``node.player``) and the latest search of its position (``node.ai``, written
by :meth:`GameController.record_analysis` only, whichever search it was: an AI's move, analysis
mode, the whole-game review).

``position_id`` identifies what the controller presents: it changes whenever the board changes
and also when a running search is abandoned, so results of abandoned searches are stale.

GUI thread only.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace

import numpy as np
from hexswarm.engine.board import (
    BLACK,
    EMPTY,
    SWAP_PIECES,
    SWAP_SIDES,
    WHITE,
    Board,
    Color,
    HexError,
    Move,
    SetupEdit,
    cell_index,
)
from hexswarm.engine.clock import (
    GameClock,
    TimeControl,
    TimeLeft,
    move_time,
    time_control_of,
    time_left_at,
    write_time_left,
)
from hexswarm.engine.game import GAME_END_TOKENS, PASS, Game, GameNode
from hexswarm.engine.players.base import MoveChoice
from hexswarm.engine.players.levels import clocked_spec, derived_seed, draw_seed, seeded_spec
from hexswarm.engine.review import PositionAnalysis, analyst_name
from hexswarm.engine.search.snapshot import SearchSnapshot
from hexswarm.gui.engine_worker import (
    EngineWorker,
    PlayerFactory,
    SearchRequest,
    start_engine_thread,
)
from hexswarm.gui.game_events import (
    AiIllegalMove,
    AnalysisSwitched,
    AssistanceWithheld,
    BranchDeleted,
    CannotGo,
    GameEvent,
    GameWon,
    HintFound,
    HintRefused,
    IllegalMove,
    LinePromoted,
    LostOnTime,
    MoveNow,
    MoveRefusedAiToMove,
    MoveRefusedGameOver,
    MoveRefusedInSetupMode,
    Navigated,
    NewGameStarted,
    Paused,
    PositionAnalysed,
    ResignationTakenBack,
    Resigned,
    Resumed,
    SearchFailed,
    SearchStopped,
    SetupModeSwitched,
    SetupNeedsMode,
    StepNeedsAi,
    SwapRefused,
    VariationAdded,
)
from hexswarm.gui.settings import GameSettings, SideSettings
from PySide6.QtCore import QCoreApplication, QObject, QThread, QTimer, Signal, Slot

HUMAN = "human"
CLOCK_TICK_MS = 100  # how often a running clock is checked for a flag fall


class TurnTimer:
    """How long the player to move at one position has had the move: the wall time of the
    stretches in which its turn ran (the controller's rule, the game clock's, with or without
    a clock: a person from the moment the move before is shown, an AI from the moment it is
    asked, neither while paused, in setup, waiting for kernels or between two AI moves).

    :meth:`follow` is told the position on screen and whether the turn runs; another position
    starts a new turn. ``now`` gives monotonic seconds (a fake in tests)."""

    def __init__(self, now: Callable[[], float] = time.monotonic):
        self.now = now
        self._node: GameNode | None = None
        self._spent = 0.0
        self._since: float | None = None
        self._ran = False

    def follow(self, node: GameNode, running: bool) -> None:
        if node is not self._node:
            self._node, self._spent, self._since, self._ran = node, 0.0, None, False
        if running and self._since is None:
            self._since, self._ran = self.now(), True
        elif not running and self._since is not None:
            self._spent += self.now() - self._since
            self._since = None

    def seconds(self, node: GameNode) -> float | None:
        """The seconds of the turn at ``node`` so far (the running stretch included); None
        if that turn has not run (another position, or not started yet)."""
        if node is not self._node or not self._ran:
            return None
        running = self.now() - self._since if self._since is not None else 0.0
        return self._spent + running


@dataclass(frozen=True, slots=True)
class MoveInfo:
    """One move of the line, as reported by ``move_played``.

    ``number`` counts moves from 1 (setup edits are not moves); ``player`` is ``"human"`` or
    the AI's spec string; ``seconds`` what its player thought on it (None: not timed).
    """

    number: int
    move: Move
    player: str = HUMAN
    seconds: float | None = None


Entry = MoveInfo | SetupEdit


def _entry(node: GameNode, shape: tuple[int, int], number: int) -> Entry:
    """The line entry of a move or setup node (a pass is the side-to-move edit it is) on a
    board of ``shape`` (columns, rows)."""
    color, token = node.move or (None, None)
    if color is None or token is None:
        return node.setup_edit(*shape) or SetupEdit()
    if token == PASS:
        return SetupEdit(to_move=color.opponent)
    swap = token if token in (SWAP_PIECES, SWAP_SIDES) else None
    move = Move(color, -1 if swap else cell_index(token, *shape), swap)
    return MoveInfo(number, move, node.player or HUMAN, node.thinking_seconds)


def _new_game(settings: GameSettings) -> Game:
    """An empty game of ``settings``'s shape; the swap rule on only where it exists (a saved
    setting may ask for it on a rectangle)."""
    width, height = settings.shape
    return Game(width, height=height, swap_rule=settings.swap_rule and width == height)


class GameController(QObject):
    """Owns the game and the engine thread; see the module docstring.

    Signals:
      * ``position_changed(int position_id)``: the board (or the search context) changed.
      * ``move_played(object MoveInfo)``: a new move was played (by a human or an AI).
      * ``snapshot_ready(object SearchSnapshot)``: a search's progress on the current position.
      * ``search_started(int position_id, str player_spec)`` and ``search_finished(int)``.
      * ``search_abandoned(int position_id)``: a search that was cancelled before its end
        (an undo, a navigation, ``Esc``) was of a position no longer on the board: views drop
        its numbers. Emitted once the board shows another position (after its
        ``position_changed``), and not if another search starts first.
      * ``search_waiting(int position_id, str kernels)``: the search waits for the kernel
        groups named (compiling at start-up); then ``""`` once it runs.
      * ``hint_ready(object MoveChoice)``: a hint search ended (the move is not played).
      * ``game_over(str winner)``: ``"black"`` or ``"white"`` (by connection or resignation).
      * ``event(object)``: a :mod:`hexgui.game_events` event a person should be told of (why
        a click did nothing, a variation added, the AI failing...); the window words it.
      * ``state_changed()``: anything menus may depend on (paused, setup mode, can undo...).
      * ``line_changed()``: the game itself changed (a move, a setup edit, a resignation, a
        comment, a variation promoted or deleted, a game loaded): what must be autosaved.
        Navigation does not change the game.
      * ``game_replaced()``: another game is on the board (new game, a file, a study position,
        a restore): views drop everything they showed about the previous one.
      * ``analysis_recorded(object GameNode)``: a search of that node's position became its
        ``ai`` (:meth:`record_analysis`); saved with the game.
      * ``clock_changed()``: a clock started or stopped (a person's starts a moment after the
        move before is shown, without any other change of state).
    """

    position_changed = Signal(int)
    move_played = Signal(object)
    snapshot_ready = Signal(object)
    search_started = Signal(int, str)
    search_finished = Signal(int)
    search_abandoned = Signal(int)
    search_waiting = Signal(int, str)
    hint_ready = Signal(object)
    game_over = Signal(str)
    event = Signal(object)
    state_changed = Signal()
    clock_changed = Signal()
    line_changed = Signal()
    game_replaced = Signal()
    analysis_recorded = Signal(object)

    def __init__(
        self,
        settings: GameSettings | None = None,
        *,
        player_factory: PlayerFactory | None = None,
        parent: QObject | None = None,
    ):
        super().__init__(parent)
        self._settings = settings or GameSettings()
        self._game = _new_game(self._settings)
        # Whether this game was begun without help (New Game's "Hints and analysis while a
        # person plays the AI" cleared): see assistance_withheld.
        self._without_help = not self._settings.assistance
        self._position_id = 0
        self._paused = False
        # Paused by the user (Pause, Space), not only by browsing to the AI's turn: browsing
        # keeps it (round 14: Left, Right after a pause ran the person's clock again).
        self._held = False
        self._setup_mode = False
        self._analysing = False
        self._analysed_node: GameNode | None = None
        self._request: SearchRequest | None = None
        self._abandoned: SearchRequest | None = None  # cancelled; its position may still show
        self._last_snapshot: SearchSnapshot | None = None
        self._shut_down = False
        # How messages name the colours; the window sets its theme's names ("Blue"/"Red").
        self.color_name: Callable[[Color], str] = lambda color: color.value.capitalize()

        self._ai_timer = QTimer(self)
        self._ai_timer.setSingleShot(True)
        self._ai_timer.timeout.connect(self._start_ai_move)
        self._clock: GameClock | None = None
        self._time_loss: tuple[GameNode, Color] | None = None
        # Whether the game is under way in this window: a new or opened game waits for its
        # first move (or a resume, or an AI asked to move) before a person's clock runs.
        self._under_way = False
        self._turn = TurnTimer()
        self._clock_timer = QTimer(self)
        self._clock_timer.setInterval(CLOCK_TICK_MS)
        self._clock_timer.timeout.connect(self._check_flag)
        # A human's clock starts when the move before is on the screen: this timer fires once
        # the event loop has run the bookkeeping and painting of the move (see _press_clock).
        self._showing_move = QTimer(self)
        self._showing_move.setSingleShot(True)
        self._showing_move.setInterval(0)
        self._showing_move.timeout.connect(self._sync_clock)
        # Whatever changed the state (a pause, a failed search, the end of the game) decides
        # whether a clock runs: every such change is announced by state_changed.
        self.state_changed.connect(self._sync_clock)

        self._worker = EngineWorker(player_factory)
        self._worker.snapshot.connect(self._on_snapshot)
        self._worker.finished.connect(self._on_search_finished)
        self._worker.failed.connect(self._on_search_failed)
        self._worker.waiting.connect(self._on_search_waiting)
        self._worker.started.connect(self._on_search_running)
        self._waiting = False
        self._thread = start_engine_thread(self._worker)
        # However the application ends, the engine thread must not outlive it.
        application = QCoreApplication.instance()
        if application is not None:
            application.aboutToQuit.connect(self.shutdown)

    # ================================================================== read-only state
    @property
    def board(self) -> Board:
        """The position on screen. Treat as read-only: change it through the controller."""
        return self._game.board

    @property
    def game(self) -> Game:
        """The game tree. Read it freely; change it only through the controller's methods."""
        return self._game

    @property
    def _board(self) -> Board:
        return self._game.board

    @property
    def settings(self) -> GameSettings:
        return self._settings

    @property
    def position_id(self) -> int:
        return self._position_id

    @property
    def paused(self) -> bool:
        return self._paused

    @property
    def setup_mode(self) -> bool:
        return self._setup_mode

    @property
    def thread(self) -> QThread:
        """The engine thread (finished after :meth:`shutdown`)."""
        return self._thread

    @property
    def searching(self) -> bool:
        """Whether a move or hint search is running for the current position."""
        return self._request is not None

    @property
    def analysing(self) -> bool:
        """Whether analysis mode is on (see :meth:`set_analysis`)."""
        return self._analysing

    @property
    def search_purpose(self) -> str | None:
        return self._request.purpose if self._request else None

    def _line_nodes(self) -> list[GameNode]:
        """The nodes of the line (see the module docstring) after the root, without a final
        resignation or forfeit (a game end is not an entry: see :attr:`resigned`)."""
        return [
            node
            for node in self._game.continuation(self._game.cursor)[1:]
            if node.token not in GAME_END_TOKENS
        ]

    @property
    def cursor(self) -> int:
        """How many entries of the line are on the board."""
        return sum(
            1
            for node in self._game.cursor.path_from_root()[1:]
            if node.token not in GAME_END_TOKENS
        )

    @property
    def line(self) -> tuple[Entry, ...]:
        """All entries of the line, including those after the cursor (the redo part)."""
        entries: list[Entry] = []
        number = 0
        shape = self._game.shape
        for node in self._line_nodes():
            is_move = node.move is not None and node.token != PASS
            number += is_move
            entries.append(_entry(node, shape, number))
        return tuple(entries)

    @property
    def move_number(self) -> int:
        """Moves on the board now (0 at the start position)."""
        return len(self._board.moves)

    @property
    def move_count(self) -> int:
        """Moves in the whole line, including the redo part."""
        return len(self.move_infos())

    def move_infos(self) -> list[MoveInfo]:
        """Every move of the line (played and redo part), with who played each."""
        return [entry for entry in self.line if isinstance(entry, MoveInfo)]

    def thinking_time(self, color: Color) -> float:
        """Seconds ``color``'s player thought on its moves so far (moves up to the cursor),
        person or AI of any kind: each move's measured time (``GameNode.thinking_seconds``,
        see :class:`TurnTimer`);
        for an AI's move of a record without it, the search that chose it, kept on the
        position it searched."""
        total = 0.0
        for node in self._game.cursor.path_from_root()[1:]:
            if node.color is not color:
                continue
            seconds = node.thinking_seconds
            if seconds is None and node.player and node.parent is not None:
                searched = node.parent.ai
                seconds = searched.seconds if searched and searched.ai == node.player else None
            total += seconds or 0.0
        return total

    def turn_seconds(self) -> float:
        """Seconds the player to move has thought on this move so far (0 before its turn
        ran: a game's first move waits for it, see :meth:`_turn_runs`)."""
        return self._turn.seconds(self._game.cursor) or 0.0

    @property
    def start_board(self) -> Board:
        """A copy of the game's start position."""
        return self._game.start_board()

    @property
    def winner(self) -> Color | None:
        """Who has won: by connection, because the other side resigned, or on time."""
        loser = self.time_loss()
        return loser.opponent if loser is not None else self._game.winner_at()

    @property
    def resigned(self) -> Color | None:
        """The colour that resigned (or forfeited) on this position, if any."""
        end = self._game.game_end(self._game.cursor)
        return None if end is None else end[0]

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def assistance_withheld(self) -> bool:
        """Whether hints, analysis mode and the review are refused now: the settings turn them
        off for this game (``GameSettings.assistance`` when New Game began it; a record opened
        or a study position is another game, with help: see :meth:`load_game`), one side is a
        person and the other an AI, and the game has not ended (not on the board, not at the
        end of its main line, not on time)."""
        settings = self._settings
        if not self._without_help or settings.black.ai == settings.white.ai:
            return False
        if self.is_over or self._time_loss is not None:
            return False
        return self._game.winner_at(self._game.main_line()[-1]) is None

    def withhold(self, what: str) -> bool:
        """Refuse ``what`` ("hint", "analysis", "review") with a word when
        :attr:`assistance_withheld`; returns whether it was refused."""
        if not self.assistance_withheld:
            return False
        self.event.emit(AssistanceWithheld(what))
        return True

    def can_undo(self) -> bool:
        return self._game.cursor.parent is not None

    def can_redo(self) -> bool:
        return bool(self._game.cursor.children)

    def side(self, color: Color) -> SideSettings:
        """Who plays ``color`` now. After a ``swap-sides`` the people exchanged colours, so the
        settings chosen for Black now play White and vice versa."""
        return self._settings.side(self._settings_color(color))

    def _settings_color(self, color: Color) -> Color:
        """The colour whose settings play ``color`` now (see :meth:`side`)."""
        swapped = any(move.swap == SWAP_SIDES for move in self._board.moves)
        return color.opponent if swapped else color

    @property
    def game_seed(self) -> int:
        """The game's random seed (the record's ``XS``): drawn for each new game, read from a
        record opened, drawn when an AI first searches a record that has none. An AI whose
        seed is left random plays with ``derived_seed(game_seed, role)``, so the same seed,
        settings and moves replay the same game (see :meth:`new_game`)."""
        text = self._game.seed
        try:
            seed = int(text) if text is not None else -1
        except ValueError:
            seed = -1
        if not 0 <= seed < 2**63:
            seed = draw_seed()
            self._game.seed = str(seed)
        return seed

    def search_spec(self, spec: str, role: str) -> str:
        """``spec`` as it plays in this game: a seed it leaves random becomes the seed of
        ``role`` (``"black"``, ``"white"``, ``"hint"``) derived from :attr:`game_seed`; a
        spec that does not parse is left for the worker to report."""
        try:
            return seeded_spec(spec, derived_seed(self.game_seed, role))
        except HexError:
            return spec

    def is_ai(self, color: Color) -> bool:
        return self.side(color).ai

    @property
    def ai_to_move(self) -> bool:
        return self.is_ai(self._board.to_move)

    def describe_player(self, color: Color) -> str:
        return self.side(color).describe()

    # ================================================================== game set-up
    def new_game(self, settings: GameSettings | None = None, *, seed: int | None = None) -> None:
        """Start an empty board with ``settings`` (or the current ones); cancels any search.
        ``seed`` is the game's seed (:attr:`game_seed`): None draws a fresh one, so a new game
        is a new game; a recorded one replays that game ("Replay with the same seed")."""
        if settings is not None:
            self._settings = settings
        self._without_help = not self._settings.assistance
        game = _new_game(self._settings)
        game.seed = str(draw_seed() if seed is None else int(seed))
        control = TimeControl.parse(self._settings.time_control)
        for name, value in control.sgf_properties().items():
            game.root.set(name, value)
        self._load(game, False)
        self.event.emit(NewGameStarted(*game.shape, game.swap_rule))
        self._maybe_start_ai()

    def load_board(
        self, board: Board, *, at_end: bool = True, resigned: Color | None = None
    ) -> None:
        """Show a position or a game held by a board (its history becomes the main line).
        ``resigned``: the colour that resigned at the end, if any. See :meth:`load_game`."""
        game = Game.from_board(board)
        if resigned is not None and board.winner is None:
            game.main_line()[-1].play(resigned, "resign")
        self.load_game(game, at_end=at_end)

    def load_game(self, game: Game, *, at_end: bool = True, without_help: bool = False) -> None:
        """Show ``game`` (the controller takes it over), at the end of its main line or at the
        start. Its size and swap rule replace the current ones; who plays each side is kept.
        ``without_help``: the game keeps the rule of a game begun without help (the autosave
        of one restored); a record opened is another game, with help (round 17: the lead's
        rule that leaving the game without help brings everything back)."""
        self._without_help = without_help
        self._settings = GameSettings(
            size=game.width,
            height=None if game.is_square else game.height,
            swap_rule=game.swap_rule,
            black=self._settings.black,
            white=self._settings.white,
            ai_delay_ms=self._settings.ai_delay_ms,
            analysis_spec=self._settings.analysis_spec,
            time_control=_time_control_text(game),
            assistance=self._settings.assistance,
        )
        self._load(game, at_end)
        # A loaded game waits for the user instead of letting an AI move at once.
        self._paused = self.ai_to_move and not self.is_over
        self._sync_clock()
        self.state_changed.emit()
        self._maybe_analyse()

    def _load(self, game: Game, at_end: bool) -> None:
        self._cancel_search()
        self._setup_mode = False
        game.go_to(game.main_line()[-1] if at_end else game.root)
        self._game = game
        self._paused = self._held = False
        self._under_way = False
        self._load_clock(game)
        self._changed()
        self.line_changed.emit()
        self.game_replaced.emit()

    def set_settings(self, settings: GameSettings) -> None:
        """Change who plays each side, the AI settings or the delay, mid-game; they apply
        from the next move. The board size, swap rule, clock and help (``assistance``) only
        change with a new game: the help had been turned back on by every change of players
        (round 16), the field left out here."""
        self._settings = replace(
            self._settings,
            black=settings.black,
            white=settings.white,
            ai_delay_ms=settings.ai_delay_ms,
            analysis_spec=settings.analysis_spec,
        )
        if self._request is not None and self._request.purpose == "move" and not self.ai_to_move:
            self._cancel_search()
        self.state_changed.emit()
        self._maybe_start_ai()

    # ================================================================== moves
    def play(self, move: int | str) -> bool:
        """Play ``move`` (cell index, cell name or swap token) for a human on the side to move.

        Returns whether it was played. An illegal request changes nothing and emits
        an ``event`` saying why.
        """
        refusal = self._refusal_for_human_move()
        if refusal is not None:
            self.event.emit(refusal)
            return False
        try:
            self._board.parse_move(move)
        except HexError as error:
            self.event.emit(IllegalMove(str(error)))
            return False
        self._paused = self._held = False
        return self._record_move(move, HUMAN)

    def _refusal_for_human_move(self) -> GameEvent | None:
        if self._setup_mode:
            return MoveRefusedInSetupMode()
        winner = self.winner
        if winner is not None:
            on_time = self.time_loss() is not None
            return MoveRefusedGameOver(winner, self.resigned is not None, on_time)
        to_move = self._board.to_move
        if self.is_ai(to_move):
            thinking = self._request is not None and self._request.purpose == "move"
            return MoveRefusedAiToMove(to_move, thinking)
        return None

    def _refusal_in_finished_game(self) -> GameEvent | None:
        """Why nobody can resign: the game's main line has its result (see
        :attr:`game_finished`); None while it goes on."""
        if not self.game_finished:
            return None
        end = self._game.main_line()[-1]
        if self._time_loss is not None:
            return MoveRefusedGameOver(self._time_loss[1].opponent, False, True)
        ended = self._game.game_end(end)
        if ended is not None:
            return MoveRefusedGameOver(ended[0].opponent, True)
        return MoveRefusedGameOver(self._game.winner_at(end), False)

    def play_variation(self, move: int | str) -> bool:
        """Play ``move`` at the position on screen for whichever side is to move, as a study
        move (a review's better move): the AI is paused so it does not answer, and the move
        follows the existing continuation if it is that move, else starts a variation.
        Returns whether it was played (an illegal move emits an ``event`` saying why)."""
        if self._setup_mode:
            self.event.emit(MoveRefusedInSetupMode())
            return False
        winner = self.winner
        if winner is not None:
            self.event.emit(MoveRefusedGameOver(winner, self.resigned is not None))
            return False
        self._cancel_search()
        if self.is_ai(BLACK) or self.is_ai(WHITE):
            self.set_paused(True)
        return self._record_move(move, HUMAN)

    def swap(self) -> bool:
        """The human to move takes the first stone by the swap rule (swap-pieces)."""
        if not self._board.swap_allowed():
            self.event.emit(SwapRefused(rule_off=not self._board.swap_rule))
            return False
        return self.play(SWAP_PIECES)

    def resign(self) -> bool:
        """The side to move (a human) resigns; not in a game that has its result already,
        wherever the board is in it (round 16: at an earlier move of a finished game Resign
        was offered, and would have ended a side line)."""
        refusal = self._refusal_for_human_move() or self._refusal_in_finished_game()
        if refusal is not None:
            self.event.emit(refusal)
            return False
        self._cancel_search()
        self._end_by_resignation(self._board.to_move)
        return True

    def _end_by_resignation(self, loser: Color) -> None:
        """``loser`` (a human, or an external engine that answered ``resign``) resigns."""
        self._game.play("resign", loser)
        self._bump()
        self.event.emit(Resigned(loser))
        self.line_changed.emit()
        self.game_over.emit(loser.opponent.value)
        self.state_changed.emit()

    def _record_move(self, move: int | str, player: str) -> bool:
        """Play ``move`` for ``player`` (``"human"`` or an AI's spec) at the cursor: the
        existing continuation if it is that move, else a new variation. Returns whether
        played."""
        if self._check_flag():
            return False  # the move came after the mover's time ran out
        known = {id(child) for child in self._game.cursor.children}
        mover = self._board.to_move
        thought = self._turn.seconds(self._game.cursor)
        try:
            node = self._game.play(move)
        except HexError as error:
            # The rule's words ("f6 is already occupied"), not the record's node prefix.
            self.event.emit(IllegalMove(getattr(error, "reason", str(error))))
            return False
        self._under_way = True
        self._press_clock(mover, node)
        if thought is not None:
            node.thinking_seconds = thought
        if id(node) not in known or player != HUMAN:  # a person following a move keeps its AI
            node.player = None if player == HUMAN else player
        if id(node) not in known and len(node.parent.children) > 1:
            self.event.emit(VariationAdded(len(node.parent.children), self.move_number - 1))
        self._changed()
        self.line_changed.emit()
        info = self.line[self.cursor - 1]
        assert isinstance(info, MoveInfo)
        self.move_played.emit(info)
        winner = self._board.winner
        if winner is not None:
            self.event.emit(GameWon(winner))
            self.game_over.emit(winner.value)
        else:
            self._maybe_start_ai()
        self._maybe_analyse()
        return True

    # ================================================================== navigation
    def undo(self) -> bool:
        """Take back a resignation, or the last entry; against an AI, back to the human's
        turn. Nothing is deleted: redo (or the move tree) goes forward again."""
        game = self._game
        if game.cursor.token in GAME_END_TOKENS:
            game.back()
            self._changed()
            self.event.emit(ResignationTakenBack())
            return True
        if game.cursor.parent is None:
            self.event.emit(CannotGo("undo"))
            return False
        self._cancel_search()
        game.back()
        humans = [c for c in (BLACK, WHITE) if not self.is_ai(c)]
        if len(humans) == 1:
            while game.cursor.parent is not None and self.ai_to_move:
                game.back()
        self._after_navigation()
        return True

    def redo(self) -> bool:
        if not self._game.cursor.children:
            self.event.emit(CannotGo("redo"))
            return False
        self._cancel_search()
        self._game.forward()
        self._after_navigation()
        return True

    def back(self) -> bool:
        """One entry back (no skipping over the AI's moves, unlike :meth:`undo`)."""
        if self._game.cursor.parent is None:
            self.event.emit(CannotGo("back"))
            return False
        self._cancel_search()
        self._game.back()
        self._after_navigation()
        return True

    def forward(self) -> bool:
        if not self._game.cursor.children:
            self.event.emit(CannotGo("forward"))
            return False
        return self.redo()

    def first(self) -> None:
        self.go_to_node(self._game.root)

    def last(self) -> None:
        self.go_to_node(self._game.continuation(self._game.cursor)[-1])

    def go_to(self, move_number: int) -> None:
        """Show the position right after move ``move_number`` of the line (0: the start)."""
        target = 0
        if move_number > 0:
            target = len(self.line)
            count = 0
            for index, entry in enumerate(self.line):
                if isinstance(entry, MoveInfo):
                    count += 1
                    if count == move_number:
                        target = index + 1
                        break
        self.go_to_entry(target)

    def go_to_entry(self, index: int) -> None:
        """Show the position after ``index`` entries of the line (clamped; the end of the
        line includes a final resignation)."""
        nodes = self._line_nodes()
        if index <= 0:
            self.go_to_node(self._game.root)
        elif index >= len(nodes):
            self.go_to_node(self._game.continuation(self._game.cursor)[-1])
        else:
            self.go_to_node(nodes[index - 1])

    def go_to_node(self, node: GameNode) -> None:
        """Show the position at ``node`` of the game tree (the move tree's click)."""
        if node is self._game.cursor:
            return
        self._cancel_search()
        self._game.go_to(node)
        self._after_navigation()

    def go_to_variation(self, step: int) -> bool:
        """To the next (``step`` 1) or previous (-1) variation of the move on the board."""
        sibling = self._game.sibling(step)
        if sibling is None:
            self.event.emit(CannotGo("variation"))
            return False
        self.go_to_node(sibling)
        return True

    # ================================================================== editing the tree
    def promote(self, node: GameNode | None = None) -> None:
        """Make the line through ``node`` (default: the cursor) the main line."""
        self._game.promote(node or self._game.cursor)
        self.event.emit(LinePromoted())
        self._changed()
        self.line_changed.emit()

    def delete_branch(self, node: GameNode | None = None) -> bool:
        """Delete ``node`` (default: the cursor) and everything after it."""
        node = node or self._game.cursor
        if node.parent is None:
            self.event.emit(CannotGo("delete-root"))
            return False
        self._cancel_search()
        self._game.delete(node)
        self.event.emit(BranchDeleted())
        self._changed()
        self.line_changed.emit()
        return True

    def set_comment(self, text: str, node: GameNode | None = None) -> None:
        """Set the comment of ``node`` (default: the cursor); saved with the game."""
        node = node or self._game.cursor
        if node.comment == text:
            return
        node.comment = text
        self.line_changed.emit()

    def _after_navigation(self) -> None:
        # Browsing must not make an AI move on its own: it waits for Space (resume). A pause
        # the user asked for holds wherever the board goes.
        self._paused = (self.ai_to_move or self._held) and not self.is_over
        self._set_clock_to(self._game.cursor)
        self._changed()
        variation = None
        parent = self._game.cursor.parent
        if parent is not None and len(parent.children) > 1:
            index = parent.children.index(self._game.cursor) + 1
            variation = (index, len(parent.children))
        paused_ai = self._board.to_move if self._paused and self.ai_to_move else None
        self.event.emit(Navigated(self.move_number, variation, paused_ai))
        self._maybe_analyse()

    # ================================================================== the clock
    @property
    def clock(self) -> GameClock | None:
        """The game's clock (None without a time control). Read it freely; the controller
        starts, presses and stops it: it runs for the side to move while the game is on and
        not paused (or while an AI searches a move), and follows the cursor: going to a
        position sets both sides' time to what the record says there (``BL``/``WL``)."""
        return self._clock

    @property
    def waiting_to_start(self) -> bool:
        """Whether the game waits to get under way: a new game, a record opened or an
        autosave restored, before its first move, a resume or an AI asked to move (never a
        game that has ended). No clock runs meanwhile (see :meth:`_turn_runs`)."""
        moving = self._request is not None and self._request.purpose == "move"
        return not (self._under_way or moving or self.is_over or self.game_finished)

    def time_loss(self) -> Color | None:
        """The colour that lost on time at the cursor's position, if any."""
        return self.time_loss_at(self._game.cursor)

    def time_loss_at(self, node: GameNode) -> Color | None:
        """The colour that lost on time at ``node``, if any."""
        loss = self._time_loss
        return loss[1] if loss is not None and loss[0] is node else None

    def time_result(self, node: GameNode) -> str | None:
        """``B+T``/``W+T`` when the game was lost on time at ``node``, else None."""
        loss = self._time_loss
        return f"{loss[1].opponent.letter}+T" if loss is not None and loss[0] is node else None

    def _load_clock(self, game: Game) -> None:
        """The clock of a game just shown: its ``TM``/``OT``, each side's time at the cursor,
        and a loss on time its ``RE`` records at the end of the main line (``B+T``)."""
        self._clock_timer.stop()
        self._time_loss = None
        try:
            control = time_control_of(game)
        except HexError:
            control = TimeControl()
        self._clock = None if control.is_none else GameClock(control)
        result = (game.result or "").strip().upper()
        end = game.main_line()[-1]
        if result.endswith("+T") and game.winner_at(end) is None and game.winner is not None:
            self._time_loss = (end, game.winner.opponent)
        self._set_clock_to(game.cursor)

    def _set_clock_to(self, node: GameNode) -> None:
        clock = self._clock
        if clock is None:
            return
        clock.stop()
        for color, left in time_left_at(self._game, node, clock.control).items():
            clock.set_left(color, left)
        loss = self._time_loss
        if loss is not None and loss[0] is node:  # the record keeps the loser's last move's time
            clock.set_left(loss[1], TimeLeft(0.0))

    def _turn_runs(self) -> bool:
        """Whether the side to move is thinking now: its clock runs and its thinking time
        (:class:`TurnTimer`) counts. An AI from the moment it is asked for a move; a person
        while the game is on and not paused, once the game is under way: a new game, a record
        opened or an autosave restored waits for its first move (a person's first move is not
        timed, as on chess servers: the program cannot see when the player sits down, and the
        window opens at start-up with a game), or a resume, or an AI asked to move. Never in
        a game that has ended (:attr:`game_finished`)."""
        moving = self._request is not None and self._request.purpose == "move"
        # The pause between two AI moves (ai_delay_ms, for watching) is not the AI's time, nor
        # a move's way to the screen a human's, nor the loading of an AI's kernels (a compile
        # at start-up on a busy machine had flagged a 1-minute clock before the first move).
        waiting = (
            self._ai_timer.isActive() or self._showing_move.isActive() or self.waiting_for_kernels
        )
        person = not self._paused and self._under_way
        if self._setup_mode or self.is_over or waiting or not (moving or person):
            return False
        return not self.game_finished  # browsing a finished game, or studying it, is not play

    @property
    def game_finished(self) -> bool:
        """Whether the game has a result: its main line ends in a win, a resignation or a
        loss on time. Its clocks stand wherever the board is (a person going back through a
        game they lost had their clock run again, and could lose it on time at move 3)."""
        if self._time_loss is not None:
            return True
        end = self._game.main_line()[-1]
        return self._game.winner_at(end) is not None

    def _sync_clock(self) -> None:
        """Run the side to move's clock and thinking time, or stop them (see :attr:`clock`
        and :meth:`_turn_runs`)."""
        run = self._turn_runs()
        self._turn.follow(self._game.cursor, run)
        clock = self._clock
        if clock is None:
            self._clock_timer.stop()
            return
        running = clock.running
        if run:
            if clock.running is not self._board.to_move:
                clock.start(self._board.to_move)
            self._clock_timer.start()
        else:
            clock.stop()
            self._clock_timer.stop()
        if clock.running is not running:
            self.clock_changed.emit()

    @Slot()
    def _check_flag(self) -> bool:
        """End the game if the running clock has run out (every :data:`CLOCK_TICK_MS`, and
        before a move is recorded). Returns whether the game ended on time."""
        clock = self._clock
        if clock is None or self.time_loss() is not None:
            return False
        loser = clock.flagged()
        if loser is None:
            return False
        self._cancel_search()
        self._ai_timer.stop()
        self._time_loss = (self._game.cursor, loser)
        self._changed()
        self.line_changed.emit()
        self.event.emit(LostOnTime(loser))
        self.game_over.emit(loser.opponent.value)
        return True

    def _press_clock(self, color: Color, node: GameNode) -> None:
        """``color`` moved to ``node``: its clock is pressed and its time left recorded."""
        # An AI's clock starts now (its search starts in this handler); a human's once the
        # move is shown (_sync_clock, from _showing_move), so a person is not charged for the
        # bookkeeping and painting of the move (~30 ms a move on 9x9 under load, measured in
        # docs/results/search-api/clock-bookkeeping.txt). Their thinking time starts then too.
        human_next = not self.is_ai(color.opponent)
        if human_next:
            self._showing_move.start()
        clock = self._clock
        if clock is None or clock.running is not color:
            return  # a move while its clock stood (the first, paused, browsing): no charge
        clock.press(color, start_other=not human_next)
        write_time_left(node, color, clock.left(color))

    def _move_seconds(self, spec: str) -> str:
        """``spec`` with the time the clock gives the AI to move (engine.clock.move_time),
        spent as engine.players.levels.clocked_spec says (a time level searches for it, a
        count budget is capped by it), when there is a clock."""
        clock = self._clock
        if clock is None:
            return spec
        color = self._board.to_move
        seconds = move_time(clock.control, clock.left(color), self._board.empty_count)
        try:
            return clocked_spec(spec, seconds)
        except HexError:
            return spec  # an engine's spec: the worker tells the engine its clock

    # ================================================================== AI control
    def set_paused(self, paused: bool) -> None:
        """Pause stops AI-vs-AI play. A search already running is not thrown away: its move is
        played when it ends, and no AI starts another until play resumes (Esc stops a search
        without playing it)."""
        self._held = paused
        if paused == self._paused:
            return
        self._paused = paused
        if paused:
            self._ai_timer.stop()
            thinking = self._request is not None and self._request.purpose == "move"
            self.event.emit(Paused(after_this_move=thinking))
        else:
            self._under_way = True  # the person asked for the game to go on
            self.event.emit(Resumed())
            self._maybe_start_ai(delay=False)
        self._sync_clock()
        self.state_changed.emit()

    def toggle_pause(self) -> None:
        self.set_paused(not self._paused)

    def step(self) -> bool:
        """Let the AI to move play one move, then stay paused (AI-vs-AI single step)."""
        if self._setup_mode or self.is_over or not self.ai_to_move:
            self.event.emit(StepNeedsAi())
            return False
        if self._request is not None and self._request.purpose == "move":
            return False
        self._paused = True
        self._start_search("move")
        self.state_changed.emit()
        return True

    def move_now(self) -> bool:
        """Make the thinking AI play the best move it has found so far."""
        if self._request is None or self._request.purpose != "move":
            self.event.emit(MoveNow(thinking=False))
            return False
        self._request.stop()
        self.event.emit(MoveNow(thinking=True))
        return True

    def stop(self) -> None:
        """Stop any search without playing its result, pause the AI, end analysis mode."""
        was = self._request is not None
        self._analysing = False
        self._cancel_search()
        self._ai_timer.stop()
        self._paused = self.ai_to_move
        if was:
            self.event.emit(SearchStopped())
        self.state_changed.emit()

    def hint(self) -> bool:
        """Ask an AI for a suggestion for the side to move; ``hint_ready`` brings it. A
        person's hint comes from the analysis AI; while analysis mode searches the position,
        or has searched it, the hint is that search's best move (no second search that could
        name another); an AI's side is advised by its own AI."""
        if self._setup_mode or self.is_over:
            self.event.emit(HintRefused(ai_thinking=False))
            return False
        request = self._request
        if request is not None and request.purpose == "move":
            self.event.emit(HintRefused(ai_thinking=True))
            return False
        if self.withhold("hint"):
            return False
        if not self.side(self._board.to_move).ai:
            choice = self._analysis_hint()
            if choice is not None:
                self._give_hint(choice)
                return True
        self._start_search("hint")
        return True

    def _analysis_hint(self) -> MoveChoice | None:
        """The best move of analysis mode's search of the position on the board: the running
        search's latest snapshot, or the analysis it kept on the node when it ended (None:
        analysis mode has not searched this position yet)."""
        if not self._analysing:
            return None
        request = self._request
        if request is not None and request.purpose == "analysis":
            snapshot = self._last_snapshot
            if request.position_id != self._position_id or snapshot is None:
                return None
            return MoveChoice(snapshot.best_move, snapshot)
        node = self._game.cursor
        analysis = node.ai
        if request is not None or node is not self._analysed_node or analysis is None:
            return None
        if analyst_name(analysis.ai) != analyst_name(self._settings.analysis_spec):
            return None  # kept from another AI's search (a move played from here)
        try:
            return MoveChoice(self._board.parse_move(analysis.best_move), None)
        except HexError:
            return None

    def _give_hint(self, choice: MoveChoice) -> None:
        self.event.emit(HintFound(_move_name(choice.move, self._board), self._board.to_move))
        self.hint_ready.emit(choice)

    # ================================================================== analysis mode
    def set_analysis(self, on: bool) -> None:
        """Analysis mode: the analysis AI searches the position on the board, and searches
        again whenever the position changes (navigation, a move, an edit); each search runs to
        its own limits and is kept as the node's ``ai`` (:meth:`record_analysis`: saved with
        the game, drawn on the game graph). The AI's own moves come first. Turning it off
        cancels the search at once (the worker drops it at its next stop check)."""
        if on == self._analysing:
            return
        if on and self.withhold("analysis"):
            self.state_changed.emit()  # the action's check mark goes back
            return
        self._analysing = on
        if on:
            self.event.emit(AnalysisSwitched(True, self._settings.analysis_spec))
            self._maybe_analyse()
        else:
            if self._request is not None and self._request.purpose == "analysis":
                self._cancel_search()
            self.event.emit(AnalysisSwitched(False, self._settings.analysis_spec))
        self.state_changed.emit()

    def _maybe_analyse(self) -> None:
        if not self._analysing or self._shut_down or self._setup_mode or self.is_over:
            return
        if self.assistance_withheld:  # a new game without help: the mode goes off
            self.set_analysis(False)
            return
        request = self._request
        if request is not None and (
            request.purpose != "analysis" or request.position_id == self._position_id
        ):
            return  # a move or hint search runs, or this position's analysis does
        if self.ai_to_move and not self._paused:
            return  # the AI's own move search comes first
        self._analysed_node = self._game.cursor
        self._start_search("analysis")

    def record_analysis(
        self, node: GameNode, snapshot: SearchSnapshot, spec: str
    ) -> PositionAnalysis | None:
        """Keep ``snapshot``, the final state of a search of ``node``'s position by the level
        ``spec``, as ``node.ai`` (replacing an older one) and emit ``analysis_recorded``. The
        one place a search becomes part of the game: an AI's move (on the position it
        searched), analysis mode, the whole-game review. A search with no estimate (no
        playout finished, a rule without a value) changes nothing; returns what was kept."""
        # The move played from the position keeps its value too: the review compares it.
        played = tuple(child.token for child in node.children[:1] if child.token)
        analysis = PositionAnalysis.from_snapshot(snapshot, self._game.shape, spec, keep=played)
        if analysis is not None:
            node.ai = analysis
            self.analysis_recorded.emit(node)
        return analysis

    def _on_analysis_finished(self, snapshot: SearchSnapshot | None, spec: str) -> None:
        node = self._analysed_node
        if snapshot is None or node is None:
            return
        self.record_analysis(node, snapshot, spec)
        best = snapshot.best_move
        name = self._board.cell_name(best) if 0 <= best < self._board.cell_count else "swap"
        color = Color.parse(snapshot.to_move)
        self.event.emit(PositionAnalysed(name, snapshot.estimate, color, snapshot.playouts))

    def _maybe_start_ai(self, delay: bool = True) -> None:
        if (
            self._shut_down
            or self._setup_mode
            or self._paused
            or self.is_over
            or not self.ai_to_move
            or (self._request is not None and self._request.purpose == "move")
        ):
            return
        both_ai = self.is_ai(BLACK) and self.is_ai(WHITE)
        started = self._game.cursor.parent is not None
        wait = self._settings.ai_delay_ms if (delay and both_ai and started) else 0
        self._ai_timer.start(wait)
        self._sync_clock()

    @Slot()
    def _start_ai_move(self) -> None:
        if self._paused or self._setup_mode or self.is_over or not self.ai_to_move:
            return
        if self._request is not None and self._request.purpose == "move":
            return
        self._start_search("move")

    def _start_search(self, purpose: str) -> None:
        self._cancel_search()
        self._ai_timer.stop()
        color = self._board.to_move
        side = self.side(color)
        own = purpose != "analysis" and (purpose == "move" or side.ai)
        if own:
            spec = self.search_spec(side.spec, self._settings_color(color).value)
        else:  # a person's hint and the analysis: one AI, one seed (the hint's role)
            spec = self.search_spec(self._settings.analysis_spec, "hint")
        clock = None
        if purpose == "move":
            spec = self._move_seconds(spec)
            if self._clock is not None:  # an external engine is told it (the worker)
                clock = (self._clock.control, self._clock.left(color))
        request = SearchRequest(self._position_id, self._board.copy(), spec, purpose, clock=clock)
        self._request = request
        self._abandoned = None  # the views show this search from now on
        self._waiting = False
        self._last_snapshot = None
        # The window shows who is thinking from search_started until search_finished; a timed
        # status message here outlived quick searches ("White is thinking..." after its move).
        self.search_started.emit(request.position_id, spec)
        self._sync_clock()
        self.state_changed.emit()
        self._worker.submit(request)

    def _cancel_search(self) -> None:
        """Abandon the running search: its result and snapshots become stale."""
        self._ai_timer.stop()
        request = self._request
        if request is None:
            return
        request.cancel()
        self._request = None
        self._abandoned = request
        self._last_snapshot = None
        self.search_finished.emit(request.position_id)
        self._bump()
        self.state_changed.emit()

    @property
    def waiting_for_kernels(self) -> bool:
        """Whether the running search waits for its kernels (compiling at start-up)."""
        return self._waiting and self._request is not None

    @Slot(int, str)
    def _on_search_waiting(self, position_id: int, kernels: str) -> None:
        request = self._request
        if request is None or position_id != request.position_id:
            return
        self._waiting = True
        self._sync_clock()
        self.search_waiting.emit(position_id, kernels)

    @Slot(int)
    def _on_search_running(self, position_id: int) -> None:
        request = self._request
        if not self._waiting or request is None or position_id != request.position_id:
            return
        self._waiting = False
        self._sync_clock()
        self.search_waiting.emit(position_id, "")

    @Slot(object)
    def _on_snapshot(self, snapshot: SearchSnapshot) -> None:
        request = self._request
        if request is None or snapshot.position_id != self._position_id:
            return
        self._last_snapshot = snapshot
        self.snapshot_ready.emit(snapshot)

    @Slot(int, object)
    def _on_search_finished(self, position_id: int, choice: MoveChoice) -> None:
        request = self._request
        if request is None or position_id != request.position_id:
            return  # a search abandoned earlier: stale
        self._request = None
        final = choice.snapshot or self._last_snapshot
        if final is not None and final.position_id == self._position_id:
            self.snapshot_ready.emit(final)
        self.search_finished.emit(position_id)
        if request.purpose == "analysis":
            self._on_analysis_finished(final, request.spec)
            self.state_changed.emit()
            return
        if request.purpose == "hint":
            self._give_hint(choice)
            self.state_changed.emit()
            self._maybe_analyse()
            return
        if choice.move == "resign":  # an external engine gives up
            self._end_by_resignation(self._board.to_move)
            return
        try:
            self._board.parse_move(choice.move)
            if not isinstance(choice.move, str) and self._board.stone_at(choice.move) is not None:
                raise HexError(f"{self._board.cell_name(choice.move)} is already occupied")
        except HexError as error:
            self._paused = True
            self.event.emit(AiIllegalMove(request.spec, choice.move, str(error)))
            self.state_changed.emit()
            return
        if final is not None:  # the search of the position the move is played from
            self.record_analysis(self._game.cursor, final, request.spec)
        if not self._record_move(choice.move, request.spec):
            self._paused = True
            self.state_changed.emit()

    @Slot(int, str)
    def _on_search_failed(self, position_id: int, message: str) -> None:
        request = self._request
        if request is None or position_id != request.position_id:
            return
        self._request = None
        self._paused = True
        self.search_finished.emit(position_id)
        self.event.emit(SearchFailed(message))
        self.state_changed.emit()

    # ================================================================== setup mode
    def set_setup_mode(self, on: bool) -> None:
        """In setup mode clicks place and remove stones; leaving it plays on from there."""
        if on == self._setup_mode:
            return
        self._cancel_search()
        self._setup_mode = on
        if not on:
            self._paused = False
            self._set_clock_to(self._game.cursor)
        self.event.emit(SetupModeSwitched(on, self._board.to_move))
        self._changed()
        if not on:
            self._maybe_start_ai()
            self._maybe_analyse()

    def setup_stone(self, cell: int, color: Color) -> bool:
        """Setup mode: put a ``color`` stone on ``cell``, or remove it if one is there."""
        if not self._setup_mode:
            self.event.emit(SetupNeedsMode())
            return False
        if not 0 <= cell < self._board.cell_count:
            return False
        current = self._board.stone_at(cell)
        if current is color:
            edit = SetupEdit(empty=(cell,))
        else:
            edit = SetupEdit(black=(cell,)) if color is BLACK else SetupEdit(white=(cell,))
        self._record_setup(edit)
        return True

    def set_side_to_move(self, color: Color) -> None:
        """Setup: choose who moves next (a setup edit, undoable)."""
        if self._board.to_move is color:
            return
        self._cancel_search()
        self._record_setup(SetupEdit(to_move=color))
        if not self._setup_mode:
            self._maybe_start_ai()

    def clear_board(self) -> None:
        """Setup: remove every stone (one undoable edit); Black to move."""
        occupied = tuple(int(c) for c in np.flatnonzero(self._board.cells != EMPTY))
        self._cancel_search()
        self._record_setup(SetupEdit(empty=occupied, to_move=BLACK))

    def _record_setup(self, edit: SetupEdit) -> None:
        # In setup mode the stones placed one by one make one setup node (one move-tree entry).
        self._game.setup(edit, merge=self._setup_mode)
        self._changed()
        self.line_changed.emit()
        self._maybe_analyse()

    # ================================================================== internals
    def _bump(self) -> None:
        self._position_id += 1
        self.position_changed.emit(self._position_id)
        abandoned = self._abandoned
        if abandoned is not None and not _same_position(abandoned.board, self._board):
            self._abandoned = None
            self.search_abandoned.emit(abandoned.position_id)

    def _changed(self) -> None:
        self._bump()
        self._sync_clock()
        self.state_changed.emit()

    def shutdown(self) -> None:
        """Cancel any search and stop the engine thread (waits for the search to notice its
        stop flag, which it polls every few tens of milliseconds). Idempotent."""
        if self._shut_down:
            return
        self._shut_down = True
        self._ai_timer.stop()
        self._clock_timer.stop()
        self._cancel_search()
        self._thread.quit()
        self._thread.wait()
        self._worker.close_players()


def _time_control_text(game: Game) -> str:
    """The clock a record holds, as :class:`GameSettings` keeps it ("none" if unreadable)."""
    try:
        return time_control_of(game).text()
    except HexError:
        return "none"


def _same_position(first: Board, second: Board) -> bool:
    """Whether two boards show the same position (stones and the side to move)."""
    return (
        first.shape == second.shape
        and first.to_move is second.to_move
        and bool((first.cells == second.cells).all())
    )


def _move_name(move: int | str, board: Board) -> str:
    if isinstance(move, str):
        return move
    return board.cell_name(move)

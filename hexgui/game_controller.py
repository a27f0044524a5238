"""Game flow: the board, the line of moves with its redo part, who plays each side, and the AI.

The :class:`GameController` is the single owner of the game on the GUI thread. Views never
change the board themselves: they call controller methods (``play``, ``undo``, ``go_to``...) and
repaint when ``position_changed`` arrives. Searches run on the :class:`~hexgui.engine_worker.
EngineWorker`'s QThread; their results come back as queued signals and are dropped unless they
are about the position on screen (``position_id``).

The game is kept as a *line*: ``start`` (a position, possibly with setup stones) followed by
entries (moves and setup edits). ``cursor`` entries of the line are on the board; the rest is
what redo/forward replays. Playing the move that comes next in the line keeps the rest of it;
playing any other move cuts it off.

``position_id`` identifies what the controller presents: it changes whenever the board changes
and also when a running search is abandoned, so results of abandoned searches are stale.

GUI thread only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from PySide6.QtCore import QCoreApplication, QObject, QThread, QTimer, Signal, Slot

from engine.board import (
    BLACK,
    BLACK_STONE,
    EMPTY,
    SWAP_PIECES,
    SWAP_SIDES,
    WHITE,
    WHITE_STONE,
    Board,
    Color,
    HexError,
    Move,
)
from engine.players.base import MoveChoice
from engine.search.snapshot import SearchSnapshot
from hexgui.engine_worker import EngineWorker, PlayerFactory, SearchRequest, start_engine_thread
from hexgui.settings import GameSettings, SideSettings

HUMAN = "human"


@dataclass(frozen=True, slots=True)
class MoveInfo:
    """One move of the line, as reported by ``move_played``.

    ``number`` counts moves from 1 (setup edits are not moves); ``player`` is ``"human"`` or
    the AI's spec string; ``snapshot`` is the AI's last snapshot for that move (``None`` for a
    human move or a player that does not search).
    """

    number: int
    move: Move
    snapshot: SearchSnapshot | None = None
    player: str = HUMAN


@dataclass(frozen=True, slots=True)
class SetupEdit:
    """Stones placed or removed and the side to move set, as one undoable line entry."""

    black: tuple[int, ...] = ()
    white: tuple[int, ...] = ()
    empty: tuple[int, ...] = ()
    to_move: Color | None = None

    def apply(self, board: Board) -> None:
        board.setup(self.black, self.white, self.empty, self.to_move)


Entry = MoveInfo | SetupEdit


def line_from_board(board: Board) -> tuple[Board, list[Entry]]:
    """Split a board with a history into a start position and the entries that lead from it.

    Setup edits in the history are reconstructed from what undoing them changes. Setup edits
    before the first move become part of the start position (a study position or an SGF's
    root setup is where navigation begins). ``board`` itself is not modified.
    """
    work = board.copy()
    reversed_entries: list[Move | SetupEdit] = []
    while True:
        before_cells = work.cells.copy()
        before_to_move = work.to_move
        try:
            undone = work.undo()
        except HexError:
            break
        if undone is None:
            changed = np.flatnonzero(before_cells != work.cells)
            reversed_entries.append(
                SetupEdit(
                    black=tuple(int(c) for c in changed if before_cells[c] == BLACK_STONE),
                    white=tuple(int(c) for c in changed if before_cells[c] == WHITE_STONE),
                    empty=tuple(int(c) for c in changed if before_cells[c] == EMPTY),
                    to_move=before_to_move,
                )
            )
        else:
            reversed_entries.append(undone)
    history = list(reversed(reversed_entries))
    start = work
    index = 0
    while index < len(history) and isinstance(history[index], SetupEdit):
        history[index].apply(start)
        index += 1
    entries: list[Entry] = []
    number = 0
    for item in history[index:]:
        if isinstance(item, Move):
            number += 1
            entries.append(MoveInfo(number, item))
        else:
            entries.append(item)
    return start, entries


class GameController(QObject):
    """Owns the game and the engine thread; see the module docstring.

    Signals:
      * ``position_changed(int position_id)``: the board (or the search context) changed.
      * ``move_played(object MoveInfo)``: a new move was played (by a human or an AI).
      * ``snapshot_ready(object SearchSnapshot)``: a search's progress on the current position.
      * ``search_started(int position_id, str player_spec)`` and ``search_finished(int)``.
      * ``hint_ready(object MoveChoice)``: a hint search ended (the move is not played).
      * ``game_over(str winner)``: ``"black"`` or ``"white"`` (by connection or resignation).
      * ``status_message(str)``: one line for the status bar (why a click did nothing, ...).
      * ``state_changed()``: anything menus may depend on (paused, setup mode, can undo...).
      * ``line_changed()``: the game itself changed (a move, a setup edit, a resignation, a
        game loaded): what must be autosaved. Navigation does not change the line.
    """

    position_changed = Signal(int)
    move_played = Signal(object)
    snapshot_ready = Signal(object)
    search_started = Signal(int, str)
    search_finished = Signal(int)
    hint_ready = Signal(object)
    game_over = Signal(str)
    status_message = Signal(str)
    state_changed = Signal()
    line_changed = Signal()

    def __init__(
        self,
        settings: GameSettings | None = None,
        *,
        player_factory: PlayerFactory | None = None,
        parent: QObject | None = None,
    ):
        super().__init__(parent)
        self._settings = settings or GameSettings()
        self._start = Board(self._settings.size, swap_rule=self._settings.swap_rule)
        self._board = self._start.copy()
        self._line: list[Entry] = []
        self._cursor = 0
        self._position_id = 0
        self._paused = False
        self._setup_mode = False
        self._resigned: Color | None = None
        self._request: SearchRequest | None = None
        self._last_snapshot: SearchSnapshot | None = None
        self._shut_down = False
        # How messages name the colours; the window sets its theme's names ("Blue"/"Red").
        self.color_name: Callable[[Color], str] = lambda color: color.value.capitalize()

        self._ai_timer = QTimer(self)
        self._ai_timer.setSingleShot(True)
        self._ai_timer.timeout.connect(self._start_ai_move)

        self._worker = EngineWorker(player_factory)
        self._worker.snapshot.connect(self._on_snapshot)
        self._worker.finished.connect(self._on_search_finished)
        self._worker.failed.connect(self._on_search_failed)
        self._thread = start_engine_thread(self._worker)
        # However the application ends, the engine thread must not outlive it.
        application = QCoreApplication.instance()
        if application is not None:
            application.aboutToQuit.connect(self.shutdown)

    # ================================================================== read-only state
    @property
    def board(self) -> Board:
        """The position on screen. Treat as read-only: change it through the controller."""
        return self._board

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
    def search_purpose(self) -> str | None:
        return self._request.purpose if self._request else None

    @property
    def cursor(self) -> int:
        return self._cursor

    @property
    def line(self) -> tuple[Entry, ...]:
        """All entries of the line, including those after the cursor (the redo part)."""
        return tuple(self._line)

    @property
    def move_number(self) -> int:
        """Moves on the board now (0 at the start position)."""
        return sum(1 for entry in self._line[: self._cursor] if isinstance(entry, MoveInfo))

    @property
    def move_count(self) -> int:
        """Moves in the whole line, including the redo part."""
        return sum(1 for entry in self._line if isinstance(entry, MoveInfo))

    def move_infos(self) -> list[MoveInfo]:
        """Every move of the line (played and redo part), with the AI snapshots kept."""
        return [entry for entry in self._line if isinstance(entry, MoveInfo)]

    def thinking_time(self, color: Color) -> float:
        """Seconds the AI spent on ``color``'s moves so far (moves up to the cursor)."""
        return sum(
            entry.snapshot.elapsed_s
            for entry in self._line[: self._cursor]
            if isinstance(entry, MoveInfo)
            and entry.move.color is color
            and entry.snapshot is not None
        )

    @property
    def start_board(self) -> Board:
        """A copy of the line's start position."""
        return self._start.copy()

    @property
    def winner(self) -> Color | None:
        """Who has won: by connection, or because the other side resigned."""
        if self._board.winner is not None:
            return self._board.winner
        if self._resigned is not None:
            return self._resigned.opponent
        return None

    @property
    def resigned(self) -> Color | None:
        """The colour that resigned on this position, if any."""
        return self._resigned

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def can_undo(self) -> bool:
        return self._cursor > 0

    def can_redo(self) -> bool:
        return self._cursor < len(self._line)

    def side(self, color: Color) -> SideSettings:
        """Who plays ``color`` now. After a ``swap-sides`` the people exchanged colours, so the
        settings chosen for Black now play White and vice versa."""
        swapped = any(move.swap == SWAP_SIDES for move in self._board.moves)
        return self._settings.side(color.opponent if swapped else color)

    def is_ai(self, color: Color) -> bool:
        return self.side(color).ai

    @property
    def ai_to_move(self) -> bool:
        return self.is_ai(self._board.to_move)

    def describe_player(self, color: Color) -> str:
        return self.side(color).describe()

    # ================================================================== game set-up
    def new_game(self, settings: GameSettings | None = None) -> None:
        """Start an empty board with ``settings`` (or the current ones); cancels any search."""
        if settings is not None:
            self._settings = settings
        board = Board(self._settings.size, swap_rule=self._settings.swap_rule)
        self._load(board, [], 0)
        self.status_message.emit(
            f"New {self._settings.size}x{self._settings.size} game"
            f"{' with the swap rule' if self._settings.swap_rule else ''}."
        )
        self._maybe_start_ai()

    def load_board(
        self, board: Board, *, at_end: bool = True, resigned: Color | None = None
    ) -> None:
        """Show a game or position read from a record (its history becomes the line).

        The board's size and swap rule replace the current ones; who plays each side is kept.
        ``resigned``: the colour that resigned at the end of the record, if any.
        """
        start, entries = line_from_board(board)
        self._settings = GameSettings(
            size=board.size,
            swap_rule=board.swap_rule,
            black=self._settings.black,
            white=self._settings.white,
            ai_delay_ms=self._settings.ai_delay_ms,
            hint_spec=self._settings.hint_spec,
        )
        self._load(start, entries, len(entries) if at_end else 0)
        if resigned is not None and at_end and board.winner is None:
            self._resigned = resigned
        # A loaded game waits for the user instead of letting an AI move at once.
        self._paused = self.ai_to_move and not self.is_over
        self.state_changed.emit()

    def _load(self, start: Board, entries: list[Entry], cursor: int) -> None:
        self._cancel_search()
        self._setup_mode = False
        self._start = start.copy()
        self._line = list(entries)
        self._cursor = 0
        self._board = self._start.copy()
        for entry in self._line[:cursor]:
            self._apply(entry)
            self._cursor += 1
        self._paused = False
        self._resigned = None
        self._changed()

    def set_settings(self, settings: GameSettings) -> None:
        """Change who plays each side, the AI settings or the delay, mid-game; they apply
        from the next move. The board size and swap rule only change with a new game."""
        self._settings = GameSettings(
            size=self._settings.size,
            swap_rule=self._settings.swap_rule,
            black=settings.black,
            white=settings.white,
            ai_delay_ms=settings.ai_delay_ms,
            hint_spec=settings.hint_spec,
        )
        if self._request is not None and self._request.purpose == "move" and not self.ai_to_move:
            self._cancel_search()
        self.state_changed.emit()
        self._maybe_start_ai()

    # ================================================================== moves
    def play(self, move: int | str) -> bool:
        """Play ``move`` (cell index, cell name or swap token) for a human on the side to move.

        Returns whether it was played. An illegal request changes nothing and emits
        ``status_message`` saying why.
        """
        refusal = self._refusal_for_human_move()
        if refusal:
            self.status_message.emit(refusal)
            return False
        try:
            played = self._board.play(move)
        except HexError as error:
            self.status_message.emit(_sentence(str(error)))
            return False
        self._paused = False
        self._record_move(played, None, HUMAN)
        return True

    def _refusal_for_human_move(self) -> str:
        if self._setup_mode:
            return "Setup mode is on: clicks place stones. Leave setup mode (Ctrl+T) to play."
        winner = self.winner
        if winner is not None:
            how = "by resignation" if self._resigned else "by connecting its edges"
            return (
                f"The game is over: {self.color_name(winner)} won {how}. "
                "Undo, or start a new game (Ctrl+N)."
            )
        to_move = self._board.to_move
        if self.is_ai(to_move):
            name = self.color_name(to_move)
            if self._request is not None and self._request.purpose == "move":
                return f"{name} is played by the AI, which is thinking: wait, or Move now (Ctrl+M)."
            return f"It is {name}'s turn, played by the AI: press Space to let it move."
        return ""

    def swap(self) -> bool:
        """The human to move takes the first stone by the swap rule (swap-pieces)."""
        if not self._board.swap_allowed():
            if not self._board.swap_rule:
                self.status_message.emit("The swap rule is off in this game.")
            else:
                self.status_message.emit("Swapping is only legal as the second move of the game.")
            return False
        return self.play(SWAP_PIECES)

    def resign(self) -> bool:
        """The side to move (a human) resigns."""
        refusal = self._refusal_for_human_move()
        if refusal:
            self.status_message.emit(refusal)
            return False
        loser = self._board.to_move
        self._cancel_search()
        self._resigned = loser
        self._bump()
        self.status_message.emit(f"{self.color_name(loser)} resigned.")
        self.line_changed.emit()
        self.game_over.emit(loser.opponent.value)
        self.state_changed.emit()
        return True

    def _record_move(self, played: Move, snapshot: SearchSnapshot | None, player: str) -> None:
        info = MoveInfo(len(self._board.moves), played, snapshot, player)
        upcoming = self._line[self._cursor] if self._cursor < len(self._line) else None
        if isinstance(upcoming, MoveInfo) and upcoming.move == played:
            # The move the line already continues with: keep the rest (like redo).
            if snapshot is not None or upcoming.snapshot is None:
                self._line[self._cursor] = info
            else:
                info = upcoming
        else:
            del self._line[self._cursor :]
            self._line.append(info)
        self._cursor += 1
        self._resigned = None
        self._changed()
        self.line_changed.emit()
        self.move_played.emit(info)
        winner = self._board.winner
        if winner is not None:
            self.status_message.emit(f"{self.color_name(winner)} wins.")
            self.game_over.emit(winner.value)
        else:
            self._maybe_start_ai()

    # ================================================================== navigation
    def undo(self) -> bool:
        """Take back a resignation, or the last entry; against an AI, back to the human's
        turn. Redo-able."""
        if self._resigned is not None:
            self._resigned = None
            self._changed()
            self.line_changed.emit()
            self.status_message.emit("Resignation taken back.")
            return True
        if self._cursor == 0:
            self.status_message.emit("Nothing to undo.")
            return False
        self._cancel_search()
        self._step_back()
        humans = [c for c in (BLACK, WHITE) if not self.is_ai(c)]
        if len(humans) == 1:
            while self._cursor > 0 and self.ai_to_move:
                self._step_back()
        self._after_navigation()
        return True

    def redo(self) -> bool:
        if self._cursor >= len(self._line):
            self.status_message.emit("Nothing to redo.")
            return False
        self._cancel_search()
        self._step_forward()
        self._after_navigation()
        return True

    def back(self) -> bool:
        """One entry back (no skipping over the AI's moves, unlike :meth:`undo`)."""
        if self._cursor == 0:
            self.status_message.emit("Already at the start of the game.")
            return False
        self._cancel_search()
        self._step_back()
        self._after_navigation()
        return True

    def forward(self) -> bool:
        if self._cursor >= len(self._line):
            self.status_message.emit("Already at the last move.")
            return False
        return self.redo()

    def first(self) -> None:
        self.go_to_entry(0)

    def last(self) -> None:
        self.go_to_entry(len(self._line))

    def go_to(self, move_number: int) -> None:
        """Show the position right after move ``move_number`` (0: the start position)."""
        target = 0
        if move_number > 0:
            count = 0
            target = len(self._line)
            for index, entry in enumerate(self._line):
                if isinstance(entry, MoveInfo):
                    count += 1
                    if count == move_number:
                        target = index + 1
                        break
        self.go_to_entry(target)

    def go_to_entry(self, index: int) -> None:
        """Show the position after ``index`` entries of the line (clamped)."""
        index = max(0, min(index, len(self._line)))
        if index == self._cursor:
            return
        self._cancel_search()
        if index < self._cursor:
            while self._cursor > index:
                self._step_back()
        else:
            while self._cursor < index:
                self._step_forward()
        self._after_navigation()

    def _step_back(self) -> None:
        self._board.undo()
        self._cursor -= 1
        self._resigned = None

    def _step_forward(self) -> None:
        self._apply(self._line[self._cursor])
        self._cursor += 1

    def _apply(self, entry: Entry) -> None:
        if isinstance(entry, SetupEdit):
            entry.apply(self._board)
        else:
            move = entry.move
            self._board.play(move.swap if move.swap else move.cell)

    def _after_navigation(self) -> None:
        # Browsing must not make an AI move on its own: it waits for Space (resume).
        self._paused = self.ai_to_move and not self.is_over
        self._changed()
        if self._paused:
            name = self.color_name(self._board.to_move)
            self.status_message.emit(
                f"Move {self.move_number}. {name} (AI) is paused: press Space to let it play."
            )
        else:
            self.status_message.emit(f"Move {self.move_number}.")

    # ================================================================== AI control
    def set_paused(self, paused: bool) -> None:
        """Pause stops the AI's search (its result is dropped) and stops AI-vs-AI play."""
        if paused == self._paused:
            return
        self._paused = paused
        if paused:
            if self._request is not None and self._request.purpose == "move":
                self._cancel_search()
            self._ai_timer.stop()
            self.status_message.emit("Paused: press Space to continue.")
        else:
            self.status_message.emit("Resumed.")
            self._maybe_start_ai(delay=False)
        self.state_changed.emit()

    def toggle_pause(self) -> None:
        self.set_paused(not self._paused)

    def step(self) -> bool:
        """Let the AI to move play one move, then stay paused (AI-vs-AI single step)."""
        if self._setup_mode or self.is_over or not self.ai_to_move:
            self.status_message.emit("Single step needs an AI to move.")
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
            self.status_message.emit("No AI is thinking.")
            return False
        self._request.stop()
        self.status_message.emit("Moving now with the best move found so far.")
        return True

    def stop(self) -> None:
        """Stop any search without playing its result and pause the AI."""
        was = self._request is not None
        self._cancel_search()
        self._ai_timer.stop()
        self._paused = self.ai_to_move
        if was:
            self.status_message.emit("Search stopped. Press Space to let the AI continue.")
        self.state_changed.emit()

    def hint(self) -> bool:
        """Ask an AI for a suggestion for the side to move; ``hint_ready`` brings it."""
        if self._setup_mode or self.is_over:
            self.status_message.emit("No hint: the game is over or setup mode is on.")
            return False
        if self._request is not None and self._request.purpose == "move":
            self.status_message.emit("The AI is thinking already; wait for its move.")
            return False
        self._start_search("hint")
        return True

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
        wait = self._settings.ai_delay_ms if (delay and both_ai and self._cursor > 0) else 0
        self._ai_timer.start(wait)

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
        spec = side.spec if (purpose == "move" or side.ai) else self._settings.hint_spec
        request = SearchRequest(self._position_id, self._board.copy(), spec, purpose)
        self._request = request
        self._last_snapshot = None
        # The window shows who is thinking from search_started until search_finished; a timed
        # status message here outlived quick searches ("White is thinking..." after its move).
        self.search_started.emit(request.position_id, spec)
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
        self._last_snapshot = None
        self.search_finished.emit(request.position_id)
        self._bump()
        self.state_changed.emit()

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
        if request.purpose == "hint":
            name = _move_name(choice.move, self._board)
            self.status_message.emit(f"Hint: {name}.")
            self.hint_ready.emit(choice)
            self.state_changed.emit()
            return
        try:
            played = self._board.play(choice.move)
        except HexError as error:
            self._paused = True
            self.status_message.emit(
                f"The AI ({request.spec}) chose an illegal move {choice.move!r}: {error}. Paused."
            )
            self.state_changed.emit()
            return
        self._record_move(played, final, request.spec)

    @Slot(int, str)
    def _on_search_failed(self, position_id: int, message: str) -> None:
        request = self._request
        if request is None or position_id != request.position_id:
            return
        self._request = None
        self._paused = True
        self.search_finished.emit(position_id)
        self.status_message.emit(f"The AI failed: {message}. Paused; change its settings.")
        self.state_changed.emit()

    # ================================================================== setup mode
    def set_setup_mode(self, on: bool) -> None:
        """In setup mode clicks place and remove stones; leaving it plays on from there."""
        if on == self._setup_mode:
            return
        self._cancel_search()
        self._setup_mode = on
        if on:
            self.status_message.emit(
                f"Setup mode: click places a {self.color_name(BLACK)} stone, right click a "
                f"{self.color_name(WHITE)} one; click a stone again to remove it."
            )
        else:
            self._paused = False
            self.status_message.emit(f"Setup done: {self.color_name(self._board.to_move)} to move.")
        self._changed()
        if not on:
            self._maybe_start_ai()

    def setup_stone(self, cell: int, color: Color) -> bool:
        """Setup mode: put a ``color`` stone on ``cell``, or remove it if one is there."""
        if not self._setup_mode:
            self.status_message.emit("Turn on setup mode (Ctrl+T) to place stones freely.")
            return False
        if not 0 <= cell < self._board.size**2:
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
        edit.apply(self._board)
        del self._line[self._cursor :]
        self._line.append(edit)
        self._cursor += 1
        self._resigned = None
        self._changed()
        self.line_changed.emit()

    # ================================================================== internals
    def _bump(self) -> None:
        self._position_id += 1
        self.position_changed.emit(self._position_id)

    def _changed(self) -> None:
        self._bump()
        self.state_changed.emit()

    def shutdown(self) -> None:
        """Cancel any search and stop the engine thread (waits for the search to notice its
        stop flag, which it polls every few tens of milliseconds). Idempotent."""
        if self._shut_down:
            return
        self._shut_down = True
        self._ai_timer.stop()
        self._cancel_search()
        self._thread.quit()
        self._thread.wait()


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def _move_name(move: int | str, board: Board) -> str:
    if isinstance(move, str):
        return move
    return board.cell_name(move)

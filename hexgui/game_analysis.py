"""Analyse the whole game: every position of a line searched in the background, one by one.

:class:`GameAnalysis` owns a second :class:`~hexgui.engine_worker.EngineWorker` on its own
QThread, so the game on screen stays free to browse, play and analyse while it runs. Each
position gets at most ``seconds`` of search (a search that meets its own limits first ends
earlier). A level is given them as its own limit (:func:`limited_spec`), which its search
counts from its first playout: a level sets up its search first (its reused tree, its priors)
and under load that took longer than the seconds, so a stop sent from here after them came
before any playout and the position was left without an estimate (round 14: two of 46). A
stop from here follows later, as a backstop (:func:`backstop_seconds`), and only once the
search has played out (a snapshot with playouts): under load (round 17, load average 10) the
setting up outlasted the backstop too, so a search that has shown nothing is given the
backstop again, at most :data:`BACKSTOP_PATIENCE` times. An engine and a
spec that names no level are stopped from here after ``seconds``. Both count from the moment
the worker starts the search, not from the request: the worker may wait for its kernels
first (``waiting`` says so: the review's progress names them), and with ``prove`` it proves
the position first, on a budget of its own (``engine.players.tactics.review_proof_seconds``;
round 16: the proof's time had come out of an external engine's seconds). Results come back
as signals on
the GUI thread; ``stop()`` abandons the rest at no cost (the running search drops out at its next
stop check) and ``shutdown()`` joins the thread.

GUI thread only.
"""

from __future__ import annotations

from hexswarm.engine.board import Board, HexError
from hexswarm.engine.game import GameNode
from hexswarm.engine.players.base import MoveChoice
from hexswarm.engine.players.common import move_limit_s
from hexswarm.engine.players.levels import clocked_spec, parse_spec
from hexswarm.gui.engine_worker import (
    EngineWorker,
    PlayerFactory,
    SearchRequest,
    start_engine_thread,
)
from PySide6.QtCore import QObject, QTimer, Signal, Slot


def limited_spec(spec: str, seconds: float) -> str | None:
    """``spec`` searching for at most ``seconds`` by its own limit, counted from its search's
    start: a level without a time limit is capped at them, a level that searches longer
    searches them (a shorter limit of its own stays); None for a spec that names no level (an
    engine, a test player): only a stop from outside ends it."""
    try:
        _name, settings = parse_spec(spec)
        limit = move_limit_s(settings)
        if limit is not None and limit <= seconds:
            return spec
        limited = clocked_spec(spec, seconds)
        return limited if move_limit_s(parse_spec(limited)[1]) is not None else None
    except HexError:
        return None


BACKSTOP_PATIENCE = 8
"""How many more backstops a level's search that has not played out yet is given (so one
that never starts is still stopped: after 9 backstops, 27 s at 1 s a position)."""


def backstop_seconds(seconds: float) -> float:
    """When a search that has its own limit of ``seconds`` is stopped from outside all the
    same (a level whose setting up or first batch runs far over)."""
    return 2.0 * seconds + 1.0


class GameAnalysis(QObject):
    """Signals:

    * ``progress(int done, int total)`` after each position (and ``(0, total)`` at the start);
    * ``position_analysed(object GameNode, object SearchSnapshot)``: a position's final search;
    * ``finished(bool completed)``: the run ended (``False``: stopped or a search failed);
    * ``failed(str message)``: a search raised (the run stops);
    * ``waiting(str kernels)``: the current position waits for the kernel groups named (still
      compiling at start-up; ``hexgui.startup``), ``""`` once its search starts or it is done.
    """

    progress = Signal(int, int)
    position_analysed = Signal(object, object)
    finished = Signal(bool)
    failed = Signal(str)
    waiting = Signal(str)

    def __init__(self, player_factory: PlayerFactory | None = None, parent: QObject | None = None):
        super().__init__(parent)
        self._worker = EngineWorker(player_factory)
        self._worker.finished.connect(self._on_search_finished)
        self._worker.failed.connect(self._on_search_failed)
        self._worker.started.connect(self._on_search_started)
        self._worker.waiting.connect(self._on_search_waiting)
        self._worker.snapshot.connect(self._on_snapshot)
        self._thread = start_engine_thread(self._worker, "hexswarm-game-analysis")
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._time_up)
        self._queue: list[tuple[GameNode, Board]] = []
        self._request: SearchRequest | None = None
        self._node: GameNode | None = None
        self._spec = ""
        self._search_spec = ""  # the spec searched with (limited_spec)
        self._timer_s = 1.0  # when a position's search is stopped from here
        self._backstop = False  # the timer is a backstop (the level has a limit of its own)
        self._played_out = False  # the current search has reported playouts
        self._patience = 0  # backstops left for a search that has not played out
        self._seconds = 1.0
        self._prove = False
        self._total = 0
        self._done = 0
        self._next_id = 0
        self._shut_down = False
        self._waiting = False  # the current position waits for its kernels

    @property
    def spec(self) -> str:
        """The AI (player spec) of the current or last run."""
        return self._spec

    @property
    def seconds(self) -> float:
        """The seconds a position of the current or last run."""
        return self._seconds

    @property
    def proving(self) -> bool:
        """Whether the current or last run proves each position first."""
        return self._prove

    @property
    def running(self) -> bool:
        return self._request is not None

    @property
    def thread(self):
        return self._thread

    def start(
        self,
        positions: list[tuple[GameNode, Board]],
        spec: str,
        seconds: float,
        prove: bool = False,
    ) -> None:
        """Search each ``(node, board)`` in order with the AI ``spec`` for at most ``seconds``;
        with ``prove``, prove each first and search only those not proven
        (:class:`~hexgui.engine_worker.SearchRequest`: a proof is reported as a decided move
        whose snapshot says ``proven``). The boards must be private copies (they go to the
        engine thread). A running analysis is abandoned first."""
        if seconds <= 0:
            raise ValueError(f"seconds per position must be positive, not {seconds!r}")
        self._abandon()
        self._queue = list(positions)
        self._spec, self._seconds, self._prove = spec, seconds, prove
        limited = limited_spec(spec, seconds)
        self._search_spec = limited or spec
        self._backstop = limited is not None
        self._timer_s = backstop_seconds(seconds) if self._backstop else seconds
        self._total, self._done = len(self._queue), 0
        self.progress.emit(0, self._total)
        if not self._queue:
            self.finished.emit(True)
            return
        self._next()

    def stop(self) -> None:
        """Abandon the rest of the run (``finished(False)`` if one was running)."""
        if self._abandon():
            self.finished.emit(False)

    def shutdown(self) -> None:
        """Stop and join the engine thread. Idempotent."""
        if self._shut_down:
            return
        self._shut_down = True
        self._abandon()
        self._thread.quit()
        self._thread.wait()
        self._worker.close_players()

    # ------------------------------------------------------------------ internals
    def _abandon(self) -> bool:
        self._timer.stop()
        self._no_longer_waiting()
        self._queue.clear()
        request, self._request = self._request, None
        if request is not None:
            request.cancel()
        return request is not None

    def _next(self) -> None:
        node, board = self._queue.pop(0)
        self._next_id += 1
        self._node = node
        self._request = SearchRequest(
            self._next_id,
            board,
            self._search_spec,
            "analysis",
            seconds=self._seconds,
            prove=self._prove,
        )
        self._worker.submit(self._request)

    @Slot(int)
    def _on_search_started(self, position_id: int) -> None:
        """The position's seconds start with its search. Started at the request, they had
        run out while the worker waited for its kernels (a review begun while they load):
        the search then began stopped, found nothing, and the position was left out."""
        request = self._request
        if request is not None and position_id == request.position_id:
            self._no_longer_waiting()
            self._played_out, self._patience = False, BACKSTOP_PATIENCE
            self._timer.start(round(self._timer_s * 1000))

    @Slot(object)
    def _on_snapshot(self, snapshot) -> None:
        request = self._request
        if request is not None and snapshot.position_id == request.position_id:
            self._played_out = self._played_out or snapshot.playouts > 0

    @Slot(int, str)
    def _on_search_waiting(self, position_id: int, kernels: str) -> None:
        request = self._request
        if request is not None and position_id == request.position_id:
            self._waiting = True
            self.waiting.emit(kernels)

    def _no_longer_waiting(self) -> None:
        if self._waiting:
            self._waiting = False
            self.waiting.emit("")

    @Slot()
    def _time_up(self) -> None:
        if self._request is None:
            return
        if self._backstop and not self._played_out and self._patience > 0:
            self._patience -= 1  # still setting up: stopped now, it would report nothing
            self._timer.start(round(self._timer_s * 1000))
            return
        self._request.stop()  # reports its best so far

    @Slot(int, object)
    def _on_search_finished(self, position_id: int, choice: MoveChoice) -> None:
        request = self._request
        if request is None or position_id != request.position_id:
            return  # abandoned
        self._timer.stop()
        self._no_longer_waiting()
        self._request = None
        self._done += 1
        if choice.snapshot is not None and self._node is not None:
            self.position_analysed.emit(self._node, choice.snapshot)
        self.progress.emit(self._done, self._total)
        if self._queue:
            self._next()
        else:
            self.finished.emit(True)

    @Slot(int, str)
    def _on_search_failed(self, position_id: int, message: str) -> None:
        request = self._request
        if request is None or position_id != request.position_id:
            return
        self._abandon()
        self.failed.emit(message)
        self.finished.emit(False)

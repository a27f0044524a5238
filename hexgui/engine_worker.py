"""The only place where the engine meets Qt: a worker object that runs searches on a QThread.

Usage (GUI thread)::

    worker = EngineWorker(player_factory)
    thread = QThread()
    worker.moveToThread(thread)
    thread.start()
    request = SearchRequest(position_id, board.copy(), "sdst:agents=2000")
    worker.submit(request)          # returns at once; the search runs on ``thread``
    request.stop()                  # cooperative: the search returns its best move so far

Signals are emitted from the worker thread and delivered to GUI-thread slots through queued
connections, so the GUI thread never runs a search and never waits for one.

Each request carries its own ``threading.Event``: stopping one request cannot stop a newer one,
and a result always names the position it is about so the receiver can drop stale ones.
"""

from __future__ import annotations

import contextlib
import threading
import traceback
import weakref
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from hexswarm.engine.board import Board
from hexswarm.engine.clock import TimeControl, TimeLeft
from hexswarm.engine.players.base import MoveChoice, Player
from hexswarm.engine.players.external import (
    GTP_PREFIX,
    EngineConfig,
    ExternalEngineError,
    ExternalEnginePlayer,
)
from PySide6.QtCore import QObject, QThread, Signal, Slot

PlayerFactory = Callable[[str], Player]
KEPT_PLAYERS = 2


def default_player_factory(spec: str) -> Player:
    """Build an AI from its spec string with :func:`engine.players.create_player`."""
    from hexswarm.engine.players import create_player

    return create_player(spec)


def engine_player_factory(engines: Callable[[], Mapping[str, EngineConfig]]) -> PlayerFactory:
    """A factory for levels, the engine manager's engines (``engine:NAME``, looked up in
    ``engines()`` when the player is made) and command lines (``gtp:COMMAND LINE``). An
    engine that can give its search's values gives them with each move (``move_values``:
    the game graph and the candidate marks show them as our own levels' searches)."""
    from hexswarm.gui.settings import engine_name

    def factory(spec: str) -> Player:
        name = engine_name(spec)
        if name is not None:
            config = engines().get(name)
            if config is None:
                raise ExternalEngineError(
                    f"there is no engine {name!r} any more (Game > External Engines)", "start"
                )
            return ExternalEnginePlayer(config, spec_text=spec, move_values=True)
        if spec.startswith(GTP_PREFIX):
            command = spec[len(GTP_PREFIX) :]
            config = EngineConfig(command, command)
            return ExternalEnginePlayer(config, spec_text=spec, move_values=True)
        return default_player_factory(spec)

    return factory


def close_player(player: Player) -> None:
    """Stop what a player holds outside this process (an external engine's process)."""
    close = getattr(player, "close", None)
    if callable(close):
        with contextlib.suppress(Exception):
            close()


@dataclass(eq=False)
class SearchRequest:
    """One search: a private copy of the position, the AI spec, and a stop flag.

    ``purpose`` is ``"move"`` (the result is played), ``"hint"`` or ``"analysis"`` (only
    shown). ``clock``: the game's time control and the mover's time left, for a move on the
    clock (an external engine is told them; a level's spec already holds its time). An
    external engine asked for a hint or an analysis analyses without playing
    (:meth:`~engine.players.external.ExternalEnginePlayer.analyse`) for at most ``seconds``
    (None: its own default), or until stopped. ``prove``: the position is first proved by
    the exact tactics within their own budget (:func:`engine.players.tactics.proven_choice`
    at :func:`~engine.players.tactics.review_proof_seconds`), before ``started`` and the
    search's ``seconds``; a proven position is reported so, with no search (the whole-game
    review); a stop ends the proof too. Thread-safe: :meth:`stop` may be called from any
    thread.
    """

    position_id: int
    board: Board
    spec: str
    purpose: str = "move"
    clock: tuple[TimeControl, TimeLeft] | None = None
    seconds: float | None = None
    prove: bool = False
    stop_event: threading.Event = field(default_factory=threading.Event)
    cancel_event: threading.Event = field(default_factory=threading.Event)

    def stop(self) -> None:
        """Finish soon and report the best move so far ("move now")."""
        self.stop_event.set()

    def cancel(self) -> None:
        """Finish soon; the result is unwanted, and if the search has not begun it never
        will (the worker skips it without reporting)."""
        self.cancel_event.set()
        self.stop_event.set()

    @property
    def cancelled(self) -> bool:
        return self.cancel_event.is_set()


class EngineWorker(QObject):
    """Runs :class:`SearchRequest`\\ s one after another on the thread it was moved to.

    Signals (emitted on the worker thread):
      * ``snapshot(object)``: a :class:`~engine.search.snapshot.SearchSnapshot` while searching.
      * ``finished(int position_id, object MoveChoice)``: the search ended (also when stopped).
      * ``failed(int position_id, str message)``: the player raised; the message says why.
      * ``started(int position_id)``: the search began (it may have waited for an older one,
        and a request that proves first has proved: a position it proved is reported with
        ``finished`` alone).
      * ``waiting(int position_id, str kernels)``: the search waits for the kernel groups
        named (still compiling at start-up, see ``hexgui.startup``); ``started`` follows
        when they are ready, not at all when the request is cancelled meanwhile.

    A request cancelled before the worker reaches it is skipped and reports nothing; one that
    was only stopped ("move now") still runs, finds its stop flag set at once and reports.
    """

    snapshot = Signal(object)
    started = Signal(int)
    finished = Signal(int, object)
    failed = Signal(int, str)
    waiting = Signal(int, str)
    _run_requested = Signal(object)

    def __init__(self, player_factory: PlayerFactory | None = None):
        super().__init__()
        self._player_factory = player_factory or default_player_factory
        # The players of the last specs, kept so that a player with state between moves (UCT
        # keeps its tree) sees the whole game; a player runs one search at a time here.
        self._players: dict[str, Player] = {}
        self._run_requested.connect(self._run)

    def submit(self, request: SearchRequest) -> None:
        """Queue ``request`` for the worker thread. Any thread; returns immediately."""
        self._run_requested.emit(request)

    def _player(self, spec: str) -> Player:
        """The player for ``spec``: the same object as last time (at most two specs kept: the
        two sides of an AI game, or the AI and the hint)."""
        player = self._players.pop(spec, None)
        if player is None:
            player = self._player_factory(spec)
        self._players[spec] = player
        while len(self._players) > KEPT_PLAYERS:
            close_player(self._players.pop(next(iter(self._players))))
        return player

    def close_players(self) -> None:
        """Stop the players kept (external engines' processes). Call it once the worker's
        thread has finished, or from that thread between searches."""
        players, self._players = self._players, {}
        for player in players.values():
            close_player(player)

    def _kernels_ready(self, request: SearchRequest) -> bool:
        """Wait until the kernels ``request``'s AI needs are loaded, if the application's
        warm-up has not got to them yet (asking it to do them next); False if the request was
        cancelled meanwhile or the warm-up closed (the application quits). "Move now" does
        not end the wait: no move can be searched without its kernels. A group that failed to
        compile counts as ready: the search then compiles it on first call, as without a
        warm-up."""
        from hexswarm.engine.warmup import GROUP_LABELS, groups_for_spec
        from hexswarm.gui.startup import active_warm_up

        warm_up = active_warm_up()
        if warm_up is None:
            return True
        needed = groups_for_spec(request.spec)
        if request.prove:
            # Only the proof's kernels this position needs (an opening needs no DFPN: the
            # first review of a session starts while they compile), those of the game's later
            # positions next.
            from hexswarm.engine.players.tactics import proof_kernel_groups

            needed += tuple(g for g in proof_kernel_groups(request.board) if g not in needed)
            later = proof_kernel_groups(request.board, later=True)
            if not warm_up.is_ready(later):
                warm_up.prioritise(needed + tuple(g for g in later if g not in needed))
        if warm_up.is_ready(needed):
            return True
        warm_up.prioritise(needed)
        missing = [key for key in needed if not warm_up.is_ready((key,))]
        self.waiting.emit(request.position_id, ", ".join(GROUP_LABELS[key] for key in missing))
        while not warm_up.wait(needed, timeout=0.1):
            # Closed: the application quits; a search now would compile on this thread and
            # hold the exit up for as long.
            if request.cancelled or warm_up.closed:
                return False
        return not request.cancelled

    @Slot(object)
    def _run(self, request: SearchRequest) -> None:
        if request.cancelled or not self._kernels_ready(request):
            return
        try:
            if request.prove:
                # The proof has its own budget and runs before the search's seconds start
                # (``started``): the seconds asked are all the analyst's.
                from hexswarm.engine.players.tactics import proven_choice, review_proof_seconds

                proof = proven_choice(
                    request.board,
                    review_proof_seconds(request.seconds),
                    request.spec,
                    request.position_id,
                    should_stop=request.stop_event.is_set,
                )
                if request.cancelled:
                    return
                if proof is not None:
                    if proof.snapshot is not None:
                        self.snapshot.emit(proof.snapshot)
                    self.finished.emit(request.position_id, proof)
                    return
            self.started.emit(request.position_id)
            player = self._player(request.spec)
            if request.clock is not None and isinstance(player, ExternalEnginePlayer):
                control, left = request.clock
                player.tell_clock(control, request.board.to_move, left)
            if request.purpose != "move" and isinstance(player, ExternalEnginePlayer):
                choice = player.analyse(
                    request.board,
                    on_snapshot=self.snapshot.emit,
                    should_stop=request.stop_event.is_set,
                    position_id=request.position_id,
                    seconds=request.seconds,
                )
            else:
                choice = player.choose_move(
                    request.board,
                    on_snapshot=self.snapshot.emit,
                    should_stop=request.stop_event.is_set,
                    position_id=request.position_id,
                )
        except ExternalEngineError as error:  # it names the engine and what it did
            self.failed.emit(request.position_id, str(error))
            return
        except Exception as error:  # the GUI must survive any failing player and say why
            detail = "".join(traceback.format_exception_only(type(error), error)).strip()
            self.failed.emit(request.position_id, f"{request.spec}: {detail}")
            return
        if not isinstance(choice, MoveChoice):
            self.failed.emit(request.position_id, f"{request.spec}: returned {choice!r}")
            return
        self.finished.emit(request.position_id, choice)


_engine_threads: weakref.WeakSet[QThread] = weakref.WeakSet()


def start_engine_thread(worker: EngineWorker, name: str = "hexswarm-engine") -> QThread:
    """Move ``worker`` to a new QThread, start it and remember it (see
    :func:`running_engine_threads`). The caller must ``quit()`` and ``wait()`` it."""
    thread = QThread()
    thread.setObjectName(name)
    worker.moveToThread(thread)
    _engine_threads.add(thread)
    thread.start()
    return thread


def running_engine_threads() -> list[QThread]:
    """Engine threads started by :func:`start_engine_thread` that have not finished: after a
    window closes this must be empty (the test suite fails a test that leaks one)."""
    return [thread for thread in list(_engine_threads) if thread.isRunning()]

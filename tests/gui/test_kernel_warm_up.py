"""Kernels compiled behind an open window: a search whose kernels are not ready waits for
them visibly (and can be cancelled meanwhile); the status bar shows the warm-up's progress."""

from __future__ import annotations

import threading

import pytest
from hexswarm.engine.board import Board
from hexswarm.engine.warmup import GROUP_LABELS
from hexswarm.gui import startup
from hexswarm.gui.engine_worker import EngineWorker, SearchRequest, start_engine_thread
from hexswarm.gui.settings import GameSettings, SideSettings

from tests.gui.players import TinyRandomPlayer, factory_for

NEEDED = ("uct", "solver")


class HeldWarmUp:
    """A warm-up whose groups become ready all at once when the test says so."""

    def __init__(self):
        self.released = threading.Event()
        self.prioritised: list[tuple[str, ...]] = []
        self.closed = False

    def is_ready(self, keys) -> bool:
        return self.released.is_set() or not tuple(keys)

    def prioritise(self, keys) -> None:
        self.prioritised.append(tuple(keys))

    def wait(self, keys, timeout=None) -> bool:
        return self.released.wait(timeout) or not tuple(keys)


@pytest.fixture
def held(monkeypatch):
    """The application's warm-up, held; every AI needs the groups in ``NEEDED``."""
    warm_up = HeldWarmUp()
    monkeypatch.setattr(startup, "_active", warm_up)
    monkeypatch.setattr("hexswarm.engine.warmup.groups_for_spec", lambda spec: NEEDED)
    yield warm_up
    warm_up.released.set()  # no engine thread may stay blocked after the test


@pytest.fixture
def worker(held, qtbot):
    worker = EngineWorker(factory_for(tiny=TinyRandomPlayer()))
    thread = start_engine_thread(worker, "test-engine")
    yield worker
    # A test that failed before releasing the warm-up leaves the engine thread waiting for
    # it: release it before joining (``held``'s own teardown comes after this one), and fail
    # rather than hang if the thread still does not end.
    held.released.set()
    thread.quit()
    assert thread.wait(60_000), "the engine thread did not end"


def test_a_search_waits_for_its_kernels_names_them_and_then_runs(held, worker, qtbot):
    events: list[str] = []
    worker.started.connect(lambda pid: events.append(f"started {pid}"))
    worker.finished.connect(lambda pid, choice: events.append(f"finished {pid}"))
    with qtbot.waitSignal(worker.waiting) as blocker:
        worker.submit(SearchRequest(5, Board(5), "tiny"))
    labels = ", ".join(GROUP_LABELS[key] for key in NEEDED)
    assert blocker.args == [5, labels]
    assert held.prioritised == [NEEDED]  # asked to compile them next
    qtbot.wait(150)
    assert events == []  # nothing runs without its kernels
    held.released.set()
    qtbot.waitUntil(lambda: events == ["started 5", "finished 5"])


def test_a_request_cancelled_while_waiting_reports_nothing(held, worker, qtbot):
    events: list[str] = []
    worker.started.connect(lambda pid: events.append(f"started {pid}"))
    worker.finished.connect(lambda pid, choice: events.append(f"finished {pid}"))
    waiting = SearchRequest(1, Board(5), "tiny")
    with qtbot.waitSignal(worker.waiting):
        worker.submit(waiting)
    waiting.cancel()
    held.released.set()
    with qtbot.waitSignal(worker.finished):
        worker.submit(SearchRequest(2, Board(5), "tiny"))
    assert events == ["started 2", "finished 2"]


def test_a_closed_warm_up_ends_the_wait_without_a_search(held, worker, qtbot):
    """The application quits: a search must not start compiling on the engine thread."""
    events: list[str] = []
    worker.started.connect(lambda pid: events.append(f"started {pid}"))
    worker.finished.connect(lambda pid, choice: events.append(f"finished {pid}"))
    with qtbot.waitSignal(worker.waiting):
        worker.submit(SearchRequest(1, Board(5), "tiny"))
    held.closed = True
    with qtbot.waitSignal(worker.waiting):  # the worker is free again: the next one is taken
        worker.submit(SearchRequest(2, Board(5), "tiny"))
    qtbot.wait(300)
    assert events == []


def test_the_window_says_the_ai_waits_for_its_kernels_then_plays(held, window, qtbot):
    window.start_new_game(
        GameSettings(size=5, black=SideSettings(ai=True, spec="tiny"), white=SideSettings())
    )
    qtbot.waitUntil(lambda: "waits for its kernels" in window.ai_label.text())
    assert "the UCT kernels, solver kernels" in window.ai_label.toolTip()
    assert window.board_widget._status_caption == "AI waiting for its kernels"
    assert window.controller.waiting_for_kernels
    # The human side is not blocked meanwhile: the window answers, menus work.
    assert window.act_new.isEnabled()
    held.released.set()
    qtbot.waitUntil(lambda: len(window.controller.board.moves) == 1)
    assert not window.controller.waiting_for_kernels
    assert "waits" not in window.ai_label.text() and not window.ai_label.toolTip()


def test_the_status_bar_shows_the_warm_up_until_it_is_done(window, qtbot):
    window.show()
    window.show_kernel_progress(0, 10, "preparing")
    assert window.kernel_label.text() == "Kernels 0/10 ready: preparing to compile…"
    window.show_kernel_progress(3, 10, "compiling the solver kernels")
    assert window.kernel_label.isVisible()
    assert window.kernel_label.text() == "Kernels 3/10 ready: compiling the solver kernels…"
    # A temporary status message does not hide it (a permanent widget).
    window.statusBar().showMessage("Black played c3", 8000)
    assert window.kernel_label.isVisible()
    window.show_kernel_progress(10, 10, "ready")
    assert not window.kernel_label.isVisible()
    assert window.statusBar().currentMessage() == "Search kernels ready (10 groups)."


def test_an_ais_clock_stands_while_it_waits_for_its_kernels(held, window, qtbot):
    """Loading kernels is not thinking: on a fresh install a slow compile had run the AI's
    clock down to a loss on time before it could search its first move."""
    from hexswarm.engine.board import WHITE

    window.start_new_game(
        GameSettings(
            size=5,
            black=SideSettings(),
            white=SideSettings(ai=True, spec="tiny"),
            time_control="0.5",
            ai_delay_ms=0,
        )
    )
    controller = window.controller
    assert controller.play("c3")
    qtbot.waitUntil(lambda: controller.waiting_for_kernels)
    clock = controller.clock
    assert clock.running is None  # stopped while the kernels load
    qtbot.wait(800)  # longer than White's whole time
    assert not controller.is_over
    left = clock.left(WHITE).main_s
    assert left > 0.3  # only the moment before the wait was announced was charged
    held.released.set()
    qtbot.waitUntil(lambda: len(controller.board.moves) == 2)
    assert not controller.is_over

"""The worker on its QThread: results, failures, stop and cancel semantics."""

from __future__ import annotations

import pytest
from hexswarm.engine.board import Board
from hexswarm.gui.engine_worker import EngineWorker, SearchRequest, start_engine_thread

from tests.gui.players import FailingPlayer, SlowPlayer, TinyRandomPlayer, factory_for


@pytest.fixture
def worker_thread(qtbot):
    slow = SlowPlayer()
    worker = EngineWorker(factory_for(tiny=TinyRandomPlayer(), slow=slow, failing=FailingPlayer()))
    thread = start_engine_thread(worker, "test-engine")
    yield worker, slow
    thread.quit()
    thread.wait()


def test_a_search_reports_its_move_with_the_position_id(worker_thread, qtbot):
    worker, _slow = worker_thread
    board = Board(5)
    with qtbot.waitSignal(worker.finished) as blocker:
        worker.submit(SearchRequest(41, board.copy(), "tiny"))
    position_id, choice = blocker.args
    assert position_id == 41 and choice.move in board.legal_moves()


def test_a_failing_player_reports_why(worker_thread, qtbot):
    worker, _slow = worker_thread
    with qtbot.waitSignal(worker.failed) as blocker:
        worker.submit(SearchRequest(7, Board(5), "failing"))
    assert blocker.args[0] == 7 and "always fails" in blocker.args[1]
    with qtbot.waitSignal(worker.failed) as blocker:
        worker.submit(SearchRequest(8, Board(5), "nosuchlevel"))
    assert "nosuchlevel" in blocker.args[1]


def test_cancelled_requests_are_skipped_but_stopped_ones_still_report(worker_thread, qtbot):
    worker, slow = worker_thread
    finished = []
    worker.finished.connect(lambda pid, choice: finished.append(pid))
    running = SearchRequest(1, Board(5), "slow")
    worker.submit(running)
    qtbot.waitUntil(slow.started.is_set)
    cancelled = SearchRequest(2, Board(5), "slow")
    move_now = SearchRequest(3, Board(5), "slow")
    worker.submit(cancelled)
    worker.submit(move_now)
    cancelled.cancel()
    move_now.stop()  # "move now" before the search even began: it must still answer
    running.cancel()
    qtbot.waitUntil(lambda: 3 in finished)
    assert finished == [1, 3] and slow.searches == 2


def test_snapshots_come_while_searching(worker_thread, qtbot):
    worker, _slow = worker_thread
    snapshots = []
    worker.snapshot.connect(snapshots.append)
    request = SearchRequest(5, Board(5), "slow")
    worker.submit(request)
    qtbot.waitUntil(lambda: len(snapshots) >= 3)
    # Listening before the stop: a worker that finishes at once emitted before a blocker made
    # afterwards was connected, and the wait timed out (once in five fresh-clone runs).
    with qtbot.waitSignal(worker.finished):
        request.stop()
    assert all(s.position_id == 5 for s in snapshots)


def test_the_worker_keeps_the_player_of_a_spec_between_searches(qtbot):
    """A player with state between moves (UCT keeps its tree) must see the same object for
    every move of a game; at most two specs are kept."""
    made = []

    def factory(spec):
        made.append(spec)
        return TinyRandomPlayer()

    worker = EngineWorker(factory)
    thread = start_engine_thread(worker, "test-engine")
    try:
        for position_id, spec in enumerate(["a", "b", "a", "b", "c", "a"]):
            with qtbot.waitSignal(worker.finished):
                worker.submit(SearchRequest(position_id, Board(5), spec))
    finally:
        thread.quit()
        thread.wait()
    assert made == ["a", "b", "c", "a"]

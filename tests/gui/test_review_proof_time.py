"""The review's proofs in the window (round 16): the proof runs on a budget of its own before
the analyst's seconds start, the first review of a session does not wait for kernels an
opening does not need and says when it waits, a Stop reaches a running proof, and a move that
threw a proven win away is told as such (pytest-qt, offscreen)."""

from __future__ import annotations

import threading
import time
from dataclasses import replace

import pytest
from hexswarm.engine.board import BLACK, WHITE
from hexswarm.engine.players.base import MoveChoice
from hexswarm.engine.review import PositionAnalysis
from hexswarm.gui import startup
from hexswarm.gui.review import ReviewSettings
from hexswarm.gui.settings import GameSettings, SideSettings

from tests.gui.players import TinyRandomPlayer, make_snapshot

HUMANS = GameSettings(size=5, black=SideSettings(), white=SideSettings(), analysis_spec="tiny")


class TimedAnalyst:
    """An analyst that names no level (an engine's spec): the review stops it from outside
    after its seconds. Records, for each search, whether it was already told to stop when it
    began."""

    name = "timed"

    def __init__(self):
        self.stopped_at_start: list[bool] = []

    def choose_move(self, board, *, on_snapshot=None, should_stop=None, position_id=0):
        self.stopped_at_start.append(bool(should_stop and should_stop()))
        move = board.legal_moves()[0]
        deadline = time.monotonic() + 10.0
        iteration = 0
        while time.monotonic() < deadline and not (should_stop and should_stop()):
            iteration += 1
            time.sleep(0.005)
        return MoveChoice(move, make_snapshot(board, position_id, self.name, iteration, move, True))


@pytest.fixture
def make_window(qtbot, settings_store, tmp_path):
    """A MainWindow whose AIs come from ``players`` (by the spec's level name)."""
    from hexswarm.gui.main_window import MainWindow

    windows = []

    def make(**players):
        def factory(spec):
            return players[spec.partition(":")[0]]

        window = MainWindow(
            settings_store,
            player_factory=factory,
            autosave_dir=tmp_path / "autosave",
            offer_restore=False,
        )
        qtbot.addWidget(window)
        windows.append(window)
        return window

    yield make
    for window in windows:
        window.close()


def test_the_proof_comes_before_the_analysts_seconds_and_has_its_own_budget(
    make_window, qtbot, monkeypatch
):
    """Round 15 left it: with an external engine as the analyst the proof's time came out of
    the engine's seconds (its stop was timed from before the proof: a proof of 1.1 s under
    load left MoHex 0.08 s of its 1 s). Here each proof takes 0.8 s and the analyst gets 0.3 s
    a position: before, every search began already stopped; now each gets its seconds from
    its own start, and the proof is asked to prove on its own budget (0.3 s: at most 1 s)."""
    import hexswarm.engine.players.tactics as tactics

    budgets = []

    def slow_unproven(board, time_s, player, position_id=0, should_stop=None):
        budgets.append(time_s)
        time.sleep(0.8)
        return None

    monkeypatch.setattr(tactics, "proven_choice", slow_unproven)
    analyst = TimedAnalyst()
    window = make_window(timed=analyst)
    window.start_new_game(HUMANS)
    for name in ("c3", "b4"):
        window.controller.play(name)
    with qtbot.waitSignal(window.reviewer.analysis.finished, timeout=30_000) as finished:
        settings = ReviewSettings(seconds=0.3, analyst="timed", resume=False)
        assert window.reviewer.review_game(settings) == 3
    assert finished.args == [True]
    assert analyst.stopped_at_start == [False, False, False]
    assert budgets == [0.3, 0.3, 0.3]
    assert all(node.ai is not None for node in window.controller.game.main_line())


class PartlyReadyWarmUp:
    """The application's warm-up with some groups ready and the others held until released."""

    def __init__(self, ready):
        self.ready = set(ready)
        self.released = threading.Event()
        self.prioritised: list[tuple[str, ...]] = []
        self.closed = False

    def is_ready(self, keys) -> bool:
        return self.released.is_set() or set(keys) <= self.ready

    def prioritise(self, keys) -> None:
        self.prioritised.append(tuple(keys))

    def wait(self, keys, timeout=None) -> bool:
        return set(keys) <= self.ready or self.released.wait(timeout)


@pytest.fixture
def dfpn_compiling(monkeypatch):
    """Every kernel ready but the proof-number solver's (and the solver's): still compiling,
    as at the first start of the application on a cold cache. The test AIs need none."""
    warm_up = PartlyReadyWarmUp(ready=("uct", "playouts"))
    monkeypatch.setattr(startup, "_active", warm_up)
    monkeypatch.setattr("hexswarm.engine.warmup.groups_for_spec", lambda spec: ())
    yield warm_up
    warm_up.released.set()  # no engine thread may stay blocked after the test


def test_a_review_of_an_opening_does_not_wait_for_the_dfpn_kernels(
    make_window, qtbot, dfpn_compiling
):
    """Round 15 left it: the first review of a session waited before its first position for
    the DFPN kernels to compile (7.4 s of CPU on a cold cache, 26 s of wall-clock under load).
    The positions of a 9x9 opening need neither the solver (81 cells) nor DFPN (more than 60
    empty cells): they are proved and searched at once, and the proof's kernels are asked
    to compile next, in the background."""
    window = make_window(tiny=TinyRandomPlayer())
    window.start_new_game(replace(HUMANS, size=9))
    for name in ("e5", "d6", "c7"):
        window.controller.play(name)
    with qtbot.waitSignal(window.reviewer.analysis.finished, timeout=30_000) as finished:
        assert window.reviewer.review_game(ReviewSettings(seconds=0.2, analyst="tiny")) == 4
    assert finished.args == [True]
    assert all(node.ai is not None for node in window.controller.game.main_line())
    # DFPN's kernels are compiled next (the 22nd position needs them); the solver's, which
    # no 9x9 position needs, are not put before them.
    assert dfpn_compiling.prioritised and all(
        keys[0] == "dfpn" and "solver" not in keys for keys in dfpn_compiling.prioritised
    )
    assert not dfpn_compiling.released.is_set()


def test_a_review_that_waits_for_the_proofs_kernels_says_so(make_window, qtbot, dfpn_compiling):
    """A 5x5 position needs the solver and DFPN: while they compile the review says it waits
    for them, beside its bar and in the status bar, instead of a bare "Analysing 0/3" that
    seems to hang; then it goes on."""
    window = make_window(tiny=TinyRandomPlayer())
    window.show()
    window.start_new_game(HUMANS)
    for name in ("c3", "b4"):
        window.controller.play(name)
    reviewer = window.reviewer
    assert reviewer.review_game(ReviewSettings(seconds=0.2, analyst="tiny")) == 3
    qtbot.waitUntil(lambda: "waiting for kernels" in reviewer.progress_label.text())
    assert reviewer.progress_label.text() == "Analysing 0/3: waiting for kernels"
    assert "proof-number solver kernels" in reviewer.progress_label.toolTip()
    assert "The review waits for the" in window.statusBar().currentMessage()
    with qtbot.waitSignal(reviewer.analysis.finished, timeout=60_000) as finished:
        dfpn_compiling.released.set()
    assert finished.args == [True]
    assert "waiting" not in reviewer.progress_label.text()
    assert not reviewer.progress_label.toolTip()


def test_a_stop_reaches_a_running_proof(make_window, qtbot, monkeypatch):
    """Round 15 left it: a Stop during a proof waited for the proof's whole budget (up to a
    second under load): the proof now gets the review's stop flag."""
    import hexswarm.engine.players.tactics as tactics

    began, saw_stop = threading.Event(), threading.Event()

    def endless_proof(board, time_s, player, position_id=0, should_stop=None):
        began.set()
        deadline = time.monotonic() + 10.0
        while time.monotonic() < deadline:
            if should_stop is not None and should_stop():
                saw_stop.set()
                break
            time.sleep(0.005)
        return None

    monkeypatch.setattr(tactics, "proven_choice", endless_proof)
    window = make_window(tiny=TinyRandomPlayer())
    window.start_new_game(HUMANS)
    window.controller.play("c3")
    reviewer = window.reviewer
    with qtbot.waitSignal(reviewer.analysis.finished) as finished:
        reviewer.review_game(ReviewSettings(seconds=0.2, analyst="tiny"))
        qtbot.waitUntil(began.is_set)
        reviewer.stop_button.click()
    assert finished.args == [False]
    qtbot.waitUntil(saw_stop.is_set, timeout=3_000)


def test_a_proven_win_thrown_away_is_marked_and_told(make_window, qtbot):
    """Round 15 left it: a move from a proven win into a position the proofs do not reach.
    In a game against an AI the person's positions are not searched: the AI (White) proved
    itself lost, and Black's next move went where White's search gives White 60 %. That move
    was not graded at all; it is a blunder from the proven win, ``??`` in the move list, and
    the tooltip and the status bar say the win was proven."""
    window = make_window(tiny=TinyRandomPlayer())
    window.start_new_game(HUMANS)
    for name in ("c3", "b4", "a1", "b2"):
        window.controller.play(name)
    line = window.controller.game.main_line()
    line[0].ai = PositionAnalysis(BLACK, 0.5, "c3", ("c3",), 100, 0.1, "tiny")
    line[1].ai = PositionAnalysis(WHITE, 0.0, "b4", ("b4",), 100, 0.1, "tiny", exact=True)
    line[3].ai = PositionAnalysis(WHITE, 0.6, "b2", ("b2",), 100, 0.1, "tiny")
    window.reviewer.refresh()
    texts = [window.move_list.item(i).text() for i in range(window.move_list.count())]
    assert texts[3].endswith("a1??")
    black = window.player_name(BLACK)
    told = (
        f"Move 3 ({black} a1) was a blunder: proven win -> 40%. {black} had a proven win "
        "before it; after it nothing is proven (40% is the analyst's estimate)."
    )
    assert window.move_tree.item_of(line[3]).toolTip(0) == told
    window.controller.go_to(2)
    assert told in window.statusBar().currentMessage()

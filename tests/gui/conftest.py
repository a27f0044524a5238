"""GUI test fixtures: temporary settings, test players, and a check that no test leaks an
engine QThread (a thread outliving its window is a bug the user would see as a hang at exit)."""

from __future__ import annotations

import pytest
from hexswarm.gui.engine_worker import running_engine_threads
from PySide6.QtCore import QSettings

from tests.gui.players import MovesOnlyPlayer, SlowPlayer, TinyRandomPlayer, factory_for


@pytest.fixture(autouse=True)
def no_leaked_engine_threads():
    """Fail the test if an engine thread is still running after it (then stop it, so one leak
    does not hang the rest of the session)."""
    yield
    leaked = running_engine_threads()
    for thread in leaked:
        thread.quit()
        thread.wait(5000)
    if leaked:
        pytest.fail(f"{len(leaked)} engine QThread(s) still running after the test")


class Questions:
    """Answers to a modal question (a real box would wait for a click forever): the queued
    ``answers`` in order, then ``default``; ``asked`` lists what was asked."""

    def __init__(self, default):
        self.default = default
        self.answers: list = []
        self.asked: list[str] = []
        self.details: list[tuple] = []  # what else each question said (e.g. before what)
        self.options: list[dict] = []  # its keyword arguments (e.g. what it offers)

    def __call__(self, parent, text: str, *details, **options):
        self.asked.append(text)
        self.details.append(details)
        self.options.append(options)
        return self.answers.pop(0) if self.answers else self.default


@pytest.fixture(autouse=True)
def save_questions(monkeypatch) -> Questions:
    """ "Save the changes?": Discard unless a test queues other answers."""
    questions = Questions("discard")
    monkeypatch.setattr("hexswarm.gui.document.ask_to_save", questions)
    return questions


@pytest.fixture(autouse=True)
def player_questions(monkeypatch) -> Questions:
    """ "Let the file's AIs play?": no unless a test queues True."""
    questions = Questions(False)
    monkeypatch.setattr("hexswarm.gui.document.ask_to_use_players", questions)
    return questions


@pytest.fixture(autouse=True)
def write_back_questions(monkeypatch) -> Questions:
    """ "Write game 2 back into its collection?": a file of its own unless a test queues
    other answers (what Save did before round 16)."""
    questions = Questions("own file")
    monkeypatch.setattr("hexswarm.gui.document.ask_write_back", questions)
    return questions


@pytest.fixture(autouse=True)
def cut_short_messages(monkeypatch) -> list[str]:
    """ "The file is cut short" (a modal box): recorded, never shown."""
    told: list[str] = []
    monkeypatch.setattr(
        "hexswarm.gui.document.tell_cut_short", lambda _parent, text: told.append(text)
    )
    return told


@pytest.fixture
def settings_store(tmp_path) -> QSettings:
    """A QSettings in a temporary ini file: tests never touch the user's settings."""
    return QSettings(str(tmp_path / "hexswarm-test.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def tiny_player() -> TinyRandomPlayer:
    return TinyRandomPlayer(seed=7)


@pytest.fixture
def slow_player() -> SlowPlayer:
    return SlowPlayer()


@pytest.fixture
def moves_only_player() -> MovesOnlyPlayer:
    return MovesOnlyPlayer()


@pytest.fixture
def player_factory(tiny_player, slow_player, moves_only_player):
    """Specs ``tiny``, ``slow`` and ``movesonly`` build the test players (no numba involved)."""
    return factory_for(tiny=tiny_player, slow=slow_player, movesonly=moves_only_player)


# Messages of Qt's offscreen test platform itself, not of our code.
PLATFORM_NOISE = ("propagateSizeHints", "does not support raise()", "requestActivate")


def qt_problems(qtlog) -> list[str]:
    """Qt warnings (and worse) logged during a test, minus the offscreen platform's noise."""
    from PySide6.QtCore import QtMsgType

    return [
        record.message
        for record in qtlog.records
        if record.type in (QtMsgType.QtWarningMsg, QtMsgType.QtCriticalMsg, QtMsgType.QtFatalMsg)
        and not any(noise in record.message for noise in PLATFORM_NOISE)
    ]


@pytest.fixture
def window(qtbot, qtlog, settings_store, player_factory, tmp_path):
    """A MainWindow with test players, temporary settings and autosave directory; closed
    (engine thread joined) at the end of the test. Fails on Qt warnings logged meanwhile."""
    from hexswarm.gui.main_window import MainWindow

    main = MainWindow(
        settings_store,
        player_factory=player_factory,
        autosave_dir=tmp_path / "autosave",
        offer_restore=False,
    )
    qtbot.addWidget(main)
    main.resize(900, 700)
    yield main
    main.close()
    problems = qt_problems(qtlog)
    if problems:
        pytest.fail(f"Qt warnings during the test: {problems}")

"""Autosave and atomic writes, including a real process killed while it writes."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from hexswarm.engine.board import Board
from hexswarm.engine.records import (
    Autosave,
    atomic_write_text,
    read_sgf,
    record_from_board,
    write_sgf,
)
from hexswarm.engine.records.autosave import default_directory

REPO = Path(__file__).resolve().parents[2]


def game(moves: int) -> Board:
    """A 9x9 game of ``moves`` moves along the first rows (nobody connects)."""
    board = Board(9)
    for cell in range(moves):
        board.play(cell)
    return board


def test_atomic_write_replaces_and_leaves_no_temporary_file(tmp_path):
    target = tmp_path / "file.txt"
    atomic_write_text(target, "first\r\nline")
    atomic_write_text(target, "second")
    assert target.read_bytes() == b"second"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file.txt"]


def test_atomic_write_failure_keeps_the_old_file(tmp_path, monkeypatch):
    target = tmp_path / "file.txt"
    target.write_text("old")

    def refuse(*_args):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(OSError, match="disk full"):
        atomic_write_text(target, "new")
    assert target.read_text() == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file.txt"]


def test_default_directory_is_the_users_data_folder():
    folder = default_directory()
    assert folder.name == "autosave" and folder.parent.name == "HexSwarm"


def test_a_session_that_exits_cleanly_leaves_nothing_pending(tmp_path):
    first = Autosave(tmp_path)
    record = record_from_board(game(5), date="2026-01-01")
    path = first.save(record)
    assert path.read_text() == write_sgf(record)
    # While the first session runs, a second one (another window) does not take its save.
    second = Autosave(tmp_path)
    assert second.pending() is None
    first.mark_clean_exit()
    assert second.pending() is None
    assert second.previous() is not None
    assert read_sgf(second.previous()).moves() == record.moves()
    first.mark_clean_exit()  # twice is harmless


def test_a_session_that_vanished_is_offered_then_discarded(tmp_path):
    crashed = Autosave(tmp_path)
    crashed.save(record_from_board(game(7), date="2026-01-01"))
    crashed._release()  # what the OS does when the process dies: the lock goes, the file stays
    later = Autosave(tmp_path)
    left = later.pending()
    assert left == crashed.path
    assert len(read_sgf(left).moves()) == 7
    later.save(read_sgf(left))  # restored into the new session
    later.discard()
    assert later.pending() is None
    assert not crashed.path.exists() and later.previous() is not None
    with pytest.raises(ValueError):
        later.discard(later.path)


WRITER = textwrap.dedent(
    """
    import sys
    from hexswarm.engine.board import Board
    from hexswarm.engine.records import Autosave, record_from_board

    autosave = Autosave(sys.argv[1])
    board = Board(11)
    version = 0
    while True:
        version += 1
        board = Board(11)
        for cell in range(version % 60):
            board.play(cell)
        # A big comment makes each write take long enough to be killed in the middle of one.
        record = record_from_board(
            board, date="2026-01-01", comments={0: f"version {version} " + "x" * 2_000_000}
        )
        autosave.save(record)
        print(version, flush=True)
    """
)


def expected_text(version: int) -> str:
    board = Board(11)
    for cell in range(version % 60):
        board.play(cell)
    record = record_from_board(
        board, date="2026-01-01", comments={0: f"version {version} " + "x" * 2_000_000}
    )
    return write_sgf(record)


@pytest.mark.skipif(os.name != "posix", reason="SIGKILL is POSIX")
@pytest.mark.parametrize("delay", [0.05, 0.23, 0.41])
def test_autosave_survives_a_process_killed_mid_write(tmp_path, delay):
    environment = dict(os.environ, PYTHONPATH=str(REPO))
    child = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(tmp_path)],
        stdout=subprocess.PIPE,
        env=environment,
        cwd=REPO,
    )
    try:
        assert child.stdout is not None
        first = child.stdout.readline()  # one save is complete
        assert first.strip() == b"1", first
        time.sleep(delay)
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    saves = list(tmp_path.glob("autosave-*.sgf"))
    assert len(saves) == 1
    text = saves[0].read_text()
    version = int(text.split("C[version ", 1)[1].split(" ", 1)[0])
    assert text == expected_text(version)  # the whole of one save, never a mixture or a half
    restarted = Autosave(tmp_path)
    pending = restarted.pending()
    assert pending == saves[0]
    record = read_sgf(pending)
    assert len(record.moves()) == version % 60
    # A kill mid-write may leave the writer's temporary file; discarding clears it all away.
    restarted.discard()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["previous.sgf"]

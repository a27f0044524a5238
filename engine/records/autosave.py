"""Autosave: the current game is on disk after every move, and survives a crash or a kill.

How a session uses it (the GUI does this)::

    autosave = Autosave()                 # the user's data folder, from platformdirs
    left = autosave.pending()             # a game a crashed or killed session left behind
    if left and user_wants_it_back():
        record = read_sgf(left)
        source = autosave.source_of(left) # the file the game was opened from or saved to
    if left:
        autosave.discard()                # handled: keep it only as previous()
    ...
    autosave.save(record, source)         # after every move: atomic, never half a file
    ...
    autosave.mark_clean_exit()            # on a normal exit

Each session writes its own ``autosave-<pid>-<token>.sgf`` and holds an OS lock on a matching
``.lock`` file for as long as it lives; the operating system drops the lock when the process
ends, however it ends (SIGKILL, a crash, a power cut). So a save whose lock nobody holds was
left by a session that did not exit cleanly, while two windows running at once never take each
other's saves. A clean exit (and :meth:`Autosave.discard`) keeps the game as ``previous.sgf``
instead of deleting it, for a "recover last game" command.

An :class:`Autosave` belongs to one thread (the GUI thread); :meth:`Autosave.save` does file
I/O of a few milliseconds for a normal game.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import sys
from os import PathLike
from pathlib import Path
from typing import IO

from hexswarm.engine.game import Game
from hexswarm.engine.records.files import atomic_write_text
from hexswarm.engine.records.sgf import write_sgf

__all__ = ["Autosave", "atomic_write_text", "default_directory"]

_PREFIX = "autosave-"
_PREVIOUS = "previous.sgf"
_SOURCE = ".source"  # beside a save: the path of the file the game belongs to (one line)


def default_directory() -> Path:
    """``<user data dir>/HexSwarm/autosave`` (platformdirs: ``~/.local/share`` on Linux,
    ``~/Library/Application Support`` on macOS, ``%LOCALAPPDATA%`` on Windows)."""
    import platformdirs

    return Path(platformdirs.user_data_dir("HexSwarm", appauthor=False)) / "autosave"


# --------------------------------------------------------------------------- OS locks


def _lock(handle: IO[bytes]) -> bool:
    """Take an exclusive, non-blocking lock on an open file; False if another holds it."""
    try:
        if sys.platform == "win32":  # spelled so that type checkers see the platform
            import msvcrt

            handle.seek(0)
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        else:
            import fcntl

            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


def _unlock(handle: IO[bytes]) -> None:
    with contextlib.suppress(OSError):
        if sys.platform == "win32":  # spelled so that type checkers see the platform
            import msvcrt

            handle.seek(0)
            msvcrt.locking(handle.fileno(), msvcrt.LK_UNLCK, 1)
        else:
            import fcntl

            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


def _held_by_a_live_session(lock_path: Path) -> bool:
    """Whether some running process holds ``lock_path`` (a missing file: nobody does)."""
    try:
        handle = open(lock_path, "r+b")  # noqa: SIM115 - closed below, after the probe
    except OSError:
        return False
    try:
        if _lock(handle):
            _unlock(handle)
            return False
        return True
    finally:
        handle.close()


# --------------------------------------------------------------------------- autosave


class Autosave:
    """One session's autosave in ``directory`` (default: :func:`default_directory`)."""

    def __init__(self, directory: str | PathLike[str] | None = None):
        self.directory = Path(directory) if directory is not None else default_directory()
        self.session = f"{os.getpid()}-{secrets.token_hex(4)}"
        self._lock_handle: IO[bytes] | None = None
        self._reported: Path | None = None
        self._source: Path | None = None  # the source last written beside this session's save

    # ---------------------------------------------------------------- this session
    @property
    def path(self) -> Path:
        """This session's autosave file (it exists once :meth:`save` has run)."""
        return self.directory / f"{_PREFIX}{self.session}.sgf"

    @property
    def _lock_path(self) -> Path:
        return self.directory / f"{_PREFIX}{self.session}.lock"

    def save(self, record: Game, source: str | PathLike[str] | None = None) -> Path:
        """Write ``record`` as this session's autosave, atomically (see
        :func:`~engine.records.files.atomic_write_text`): at every instant the file holds the
        previous save or this one, complete. ``source``: the file the game was opened from or
        last saved to (None: not saved yet), kept beside the save so that a restore after a
        crash goes on with that file (:meth:`source_of`). Raises :class:`OSError` if the disk
        refuses (the previous save stays). Returns the file's path."""
        text = write_sgf(record)
        self.directory.mkdir(parents=True, exist_ok=True)
        if self._lock_handle is None:
            handle = open(self._lock_path, "a+b")  # noqa: SIM115 - held for the session
            if not _lock(handle):
                handle.close()
                raise OSError(f"cannot lock {self._lock_path}: another process holds it")
            self._lock_handle = handle
        source_path = Path(source) if source is not None else None
        if source_path != self._source or not self.path.exists():
            sidecar = self.path.with_suffix(_SOURCE)
            if source_path is None:
                with contextlib.suppress(FileNotFoundError):
                    sidecar.unlink()
            else:
                atomic_write_text(sidecar, str(source_path.absolute()) + "\n")
            self._source = source_path
        return atomic_write_text(self.path, text)

    @staticmethod
    def source_of(save: str | PathLike[str]) -> Path | None:
        """The file the game in ``save`` (an autosave, e.g. :meth:`pending`'s) belongs to, as
        :meth:`save` was told; None when it was not saved yet or nothing is known."""
        try:
            text = Path(save).with_suffix(_SOURCE).read_text(encoding="utf-8").strip()
        except (OSError, UnicodeDecodeError):
            return None
        return Path(text) if text else None

    def mark_clean_exit(self) -> None:
        """The session ends normally: its save becomes ``previous.sgf`` (not offered for
        restoring) and the lock is released. Safe to call more than once."""
        if self.path.exists():
            os.replace(self.path, self.directory / _PREVIOUS)
        with contextlib.suppress(OSError):
            self.path.with_suffix(_SOURCE).unlink()
        self._source = None
        self._release()

    def _release(self) -> None:
        if self._lock_handle is not None:
            _unlock(self._lock_handle)
            self._lock_handle.close()
            self._lock_handle = None
            with contextlib.suppress(OSError):
                self._lock_path.unlink()

    # ---------------------------------------------------------------- other sessions
    def pending(self) -> Path | None:
        """The newest save left by a session that did not exit cleanly (crashed, killed), or
        ``None``. Saves of sessions still running (other windows) are not reported."""
        if not self.directory.is_dir():
            return None
        candidates = []
        for path in self.directory.glob(f"{_PREFIX}*.sgf"):
            if path == self.path:
                continue
            if _held_by_a_live_session(path.with_suffix(".lock")):
                continue
            with contextlib.suppress(OSError):
                candidates.append((path.stat().st_mtime, path.name, path))
        if not candidates:
            self._reported = None
            return None
        self._reported = max(candidates)[2]
        return self._reported

    def discard(self, path: str | PathLike[str] | None = None) -> None:
        """Stop offering a left-behind save (by default the one :meth:`pending` reported last):
        it becomes ``previous.sgf``, and its lock and stray temporary files are removed."""
        target = Path(path) if path is not None else self._reported
        if target is None:
            return
        if target == self.path:
            raise ValueError("discard() is for saves of other sessions; use mark_clean_exit()")
        if target.exists():
            os.replace(target, self.directory / _PREVIOUS)
        for beside in (".lock", _SOURCE):
            with contextlib.suppress(OSError):
                target.with_suffix(beside).unlink()
        for stray in self.directory.glob(f".{target.name}.*.tmp"):
            with contextlib.suppress(OSError):
                stray.unlink()
        if target == self._reported:
            self._reported = None

    def previous(self) -> Path | None:
        """The game of the last session that exited (or was discarded), if any."""
        path = self.directory / _PREVIOUS
        return path if path.exists() else None

    def __repr__(self) -> str:
        return f"<Autosave {self.path}>"

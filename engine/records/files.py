"""Writing files so that a crash, a kill or a full disk never leaves half of one."""

from __future__ import annotations

import contextlib
import os
import tempfile
from os import PathLike
from pathlib import Path


def atomic_write_text(path: str | PathLike[str], text: str, *, encoding: str = "utf-8") -> Path:
    """Replace the file at ``path`` with ``text``, atomically.

    The text goes to a temporary file in the same folder (so the rename cannot cross file
    systems), is flushed and fsync'ed, then renamed over ``path`` with :func:`os.replace`, and
    the folder is fsync'ed so the rename itself survives a power cut (POSIX). At every instant
    ``path`` holds either the old complete content or the new: a process killed mid-write
    leaves at most a stray ``.*.tmp`` file. Line ends are written exactly as given. The file
    gets the mode a plain ``open(path, "w")`` would give it: the old file's mode when it
    replaces one, otherwise 0666 less the user's umask (``mkstemp`` alone makes it 0600). Raises
    :class:`OSError` (the old file untouched) if anything fails. Returns the path.
    """
    target = Path(path)
    data = text.encode(encoding)
    folder = target.parent
    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(handle, "wb") as stream:
            if hasattr(os, "fchmod"):
                os.fchmod(stream.fileno(), _mode_for(target))
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    _fsync_folder(folder)
    return target


def _mode_for(target: Path) -> int:
    """The permission bits ``target`` should get: its own if it exists, else the default for
    a new file under the process's umask."""
    try:
        return target.stat().st_mode & 0o7777
    except OSError:
        pass
    return 0o666 & ~_umask()


def _umask() -> int:
    """The process's umask, read without changing it where the system allows (Linux), else
    set and restored at once."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _fsync_folder(folder: Path) -> None:
    if os.name != "posix":
        return  # Windows cannot open a folder for fsync; NTFS journals the rename.
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass  # some file systems refuse fsync on folders; the rename is still atomic
    finally:
        os.close(descriptor)

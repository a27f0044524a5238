"""Start-up chores: numba's cache, and the kernels compiled while the window is already open.

numba compiles every kernel on its first call (minutes on a cold cache and a busy machine) and
holds a lock while it does. The window does not wait for it: a human can play at once, while
:class:`KernelWarmUp` compiles the kernel groups in worker processes, the ones the chosen AI
needs first, and loads each into this process as it is done (``engine.warmup``). A search
whose kernels are not ready yet waits for them on the engine thread, visibly
(``EngineWorker.waiting``).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from PySide6.QtCore import QObject, Signal


class KernelWarmUp(QObject):
    """The application's :class:`~engine.warmup.BackgroundWarmUp`, with its progress as a Qt
    signal (emitted on the warm-up's thread; connect with the default, queued, connection).

    ``progress(ready, total, text)``: ``ready`` of ``total`` groups are loaded; ``text`` says
    what is being done (``"ready"`` at the end).
    """

    progress = Signal(int, int, str)

    def __init__(
        self, cache_dir: Path | None, first: Iterable[str] = (), processes: int | None = None
    ):
        super().__init__()
        from hexswarm.engine.warmup import BackgroundWarmUp, default_processes

        self.background = BackgroundWarmUp(
            processes=default_processes() if processes is None else processes,
            cache_dir=cache_dir,
            progress=self._report,
            first=tuple(first),
        )
        self.last: tuple[int, int, str] | None = None  # the last progress reported

    def _report(self, ready: int, total: int, text: str) -> None:
        self.last = (ready, total, text)
        self.progress.emit(ready, total, text)

    def activate(self) -> None:
        """Make this the warm-up searches wait for (:func:`active_warm_up`), started or not."""
        global _active
        _active = self.background

    def start(self) -> None:
        """Start compiling and loading (on the warm-up's own thread; returns at once)."""
        self.activate()
        self.background.start()

    def close(self) -> None:
        """Stop compiling (the application quits); searches no longer wait for it."""
        global _active
        if _active is self.background:
            _active = None
        self.background.close()
        self.background.join(timeout=5)


_active = None


def active_warm_up():
    """The running :class:`~engine.warmup.BackgroundWarmUp` searches must wait for, or
    ``None`` (none was started, e.g. in tests and tools: kernels compile on first call)."""
    return _active

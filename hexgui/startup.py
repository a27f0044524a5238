"""Start-up chores that must happen before the window: numba's cache and the kernels' warm-up.

numba compiles every kernel on its first call (about 10-20 s on a cold start) and holds a lock
while it does; a search started before that would freeze the window. So the application compiles
(or loads from the cache) every kernel at start-up on a worker thread — the kernels release the
GIL — while a splash screen shows which step is running.
"""

from __future__ import annotations

import os
import sys
import tempfile
import threading
import time
from pathlib import Path

from PySide6.QtCore import QObject, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPixmap
from PySide6.QtWidgets import QApplication, QSplashScreen


def configure_numba_cache(version: str) -> Path | None:
    """Point numba's on-disk cache at the user's cache directory, versioned, unless the user
    chose one (``NUMBA_CACHE_DIR``); returns the directory in use (``None``: numba's default).
    Call before anything imports numba (if numba is already loaded, its config is reloaded).

    Versioned because numba does not notice that a kernel called from another file changed: an
    upgrade must never load machine code compiled from the previous release. Inside a bundle the
    installed files are read-only, so a writable user directory is the only cache that works;
    when the user cache directory cannot be written either, a per-user folder in the system's
    temporary directory is used instead (kernels then recompile after a reboot, but they run).
    """
    chosen = os.environ.get("NUMBA_CACHE_DIR")
    if chosen:
        return Path(chosen)
    from platformdirs import user_cache_dir

    subfolder = f"numba-{version}"
    user = os.environ.get("USER") or os.environ.get("USERNAME") or str(os.getpid())
    candidates = [
        Path(user_cache_dir("HexSwarm", appauthor=False)) / subfolder,
        Path(tempfile.gettempdir()) / f"HexSwarm-{user}" / subfolder,
    ]
    for folder in candidates:
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            continue
        if os.access(folder, os.W_OK | os.X_OK):
            os.environ["NUMBA_CACHE_DIR"] = str(folder)
            if "numba" in sys.modules:  # numba read its settings at import: make it re-read
                sys.modules["numba"].core.config.reload_config()
            return folder
    return None


class WarmUp(QObject):
    """Runs ``engine.warmup.warm_up`` on a plain thread and reports progress as signals."""

    progress = Signal(int, int, str)
    finished = Signal(float, str)  # seconds, error message ("" when all went well)

    def __init__(self, processes: int = 1):
        super().__init__()
        self.processes = processes

    def start(self) -> None:
        threading.Thread(target=self._run, name="hexswarm-warm-up", daemon=True).start()

    def _run(self) -> None:
        started = time.perf_counter()
        try:
            from hexswarm.engine.warmup import warm_up

            warm_up(
                lambda step, total, label: self.progress.emit(step, total, label),
                processes=self.processes,
            )
        except Exception as error:  # noqa: BLE001 - shown to the user, the app still starts
            self.finished.emit(time.perf_counter() - started, f"{type(error).__name__}: {error}")
            return
        self.finished.emit(time.perf_counter() - started, "")


SPLASH_NOTE = "The first start compiles the search kernels once; later starts are quick."


class Splash(QSplashScreen):
    """The icon, the name and a progress bar with the current warm-up step."""

    def __init__(self, icon_pixmap: QPixmap | None, version: str):
        canvas = QPixmap(460, 240)
        canvas.fill(QColor("#f4ecd8"))
        super().__init__(canvas, Qt.WindowType.WindowStaysOnTopHint)
        self._icon = icon_pixmap
        self._version = version
        self._fraction = 0.0
        self._label = "Starting…"
        self.parallel = False  # whether the warm-up compiles in worker processes
        # A cold start compiles for minutes on a busy machine: a clock that moves says the
        # application is working, not hung, even while one step takes long.
        self._started = time.monotonic()
        self._clock = QTimer(self)
        self._clock.timeout.connect(self.repaint)
        self._clock.start(1000)

    @property
    def label(self) -> str:
        """The line above the progress bar."""
        return self._label

    def elapsed_text(self) -> str:
        """The time since the splash appeared, as the splash shows it ("1 min 05 s")."""
        seconds = int(time.monotonic() - self._started)
        return f"{seconds // 60} min {seconds % 60:02d} s" if seconds >= 60 else f"{seconds} s"

    def set_progress(self, step: int, total: int, label: str) -> None:
        self._fraction = step / total if total else 1.0
        if label == "ready":
            self._label = "Ready"
        elif self.parallel:
            # Several groups compile at once: count the ones done, name the ones running.
            self._label = f"{step} of {total} kernel groups ready; compiling the {label}…"
        else:
            self._label = f"Step {step + 1} of {total}: preparing the {label}…"
        self.repaint()
        QApplication.processEvents()

    def drawContents(self, painter: QPainter) -> None:  # noqa: N802 (Qt API)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if self._icon is not None:
            painter.drawPixmap(24, 24, 96, 96, self._icon)
        title = QFont(painter.font())
        title.setPointSize(22)
        title.setBold(True)
        painter.setFont(title)
        painter.setPen(QColor("#2b2b2b"))
        painter.drawText(140, 64, "HexSwarm")
        small = QFont(painter.font())
        small.setPointSize(10)
        small.setBold(False)
        painter.setFont(small)
        painter.drawText(140, 90, f"version {self._version}")
        painter.drawText(140, 110, "Hex against swarms of simple agents")
        bar_x, bar_y, bar_w, bar_h = 24, 185, 412, 14
        # Wrapped above the bar: the longest step names ran past the splash's edge.
        painter.drawText(
            QRectF(bar_x, 138, bar_w, 42),
            int(
                Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignBottom | Qt.TextFlag.TextWordWrap
            ),
            f"{self._label} ({self.elapsed_text()})",
        )
        painter.setPen(QColor("#8a7a5a"))
        painter.setBrush(QColor("#ffffff"))
        painter.drawRoundedRect(bar_x, bar_y, bar_w, bar_h, 4, 4)
        painter.setBrush(QColor("#3a6ea5"))
        painter.drawRoundedRect(bar_x, bar_y, max(8, int(bar_w * self._fraction)), bar_h, 4, 4)
        painter.setPen(QColor("#6b6b6b"))
        # Wrapped in the bar's width: at larger font sizes one line ran past the splash's edge.
        painter.drawText(
            QRectF(bar_x, 204, bar_w, 34),
            int(Qt.AlignmentFlag.AlignLeft | Qt.TextFlag.TextWordWrap),
            SPLASH_NOTE,
        )

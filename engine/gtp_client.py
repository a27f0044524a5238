"""A client for external GTP engines: the match runner's (``gtp:COMMAND LINE`` players) and
the tests' way to drive ``hexswarm-gtp`` as a real subprocess."""

from __future__ import annotations

import contextlib
import os
import queue
import shlex
import subprocess
import threading
import time
from collections.abc import Callable
from typing import Any


class GtpClientError(Exception):
    """The engine answered ``?``, died, or did not answer in time."""


class GtpClient:
    """Drives an external GTP engine over a subprocess's stdin/stdout.

    Thread rules: one controlling thread calls :meth:`send`/:meth:`close`; :meth:`interrupt`
    may be called from any thread while a command runs. A private reader thread moves the
    engine's stdout lines into a queue so that :meth:`send` can wait with a timeout.
    ``gogui-gfx:`` blocks printed while thinking go to ``on_gfx`` (without the first line).
    """

    def __init__(
        self,
        argv: list[str],
        *,
        stderr: Any = subprocess.DEVNULL,
        env: dict[str, str] | None = None,
        cwd: str | os.PathLike | None = None,
        on_gfx: Callable[[str], None] | None = None,
    ):
        if not argv:
            raise GtpClientError("empty GTP command line")
        try:
            self.process = subprocess.Popen(
                argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=stderr,
                env=env,
                cwd=cwd,
                text=True,
                encoding="utf-8",
                errors="replace",
                bufsize=1,
            )
        except OSError as error:
            raise GtpClientError(f"cannot start {shlex.join(argv)}: {error}") from error
        self.argv = argv
        self.on_gfx = on_gfx
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._write_lock = threading.Lock()
        self._reader = threading.Thread(target=self._read, name="gtp-client-stdout", daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        try:
            for line in self.process.stdout:
                self._lines.put(line.rstrip("\r\n"))
        except (OSError, ValueError):
            pass
        finally:
            self._lines.put(None)

    def _write(self, text: str) -> None:
        assert self.process.stdin is not None
        with self._write_lock:
            try:
                self.process.stdin.write(text)
                self.process.stdin.flush()
            except (OSError, ValueError) as error:
                raise GtpClientError(f"{self.argv[0]} is not reading commands: {error}") from None

    def _next_line(self, deadline: float | None) -> str:
        timeout = None if deadline is None else max(0.0, deadline - time.monotonic())
        try:
            line = self._lines.get(timeout=timeout)
        except queue.Empty:
            raise GtpClientError(f"{self.argv[0]} did not answer in time") from None
        if line is None:
            self._lines.put(None)  # stay at EOF for later calls
            status = self.process.poll()
            raise GtpClientError(
                f"{self.argv[0]} closed its output"
                + (f" (exit status {status})" if status is not None else "")
            )
        return line

    def send(self, command: str, timeout: float | None = None) -> str:
        """Send one command; return the response text (lines joined by ``\\n``) or raise
        :class:`GtpClientError` with the engine's ``?`` message."""
        self._write(command.strip() + "\n")
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            line = self._next_line(deadline)
            if not line.strip():
                continue  # stray blank lines between responses
            if line.startswith("gogui-gfx:"):
                block = []
                while (gfx_line := self._next_line(deadline)).strip():
                    block.append(gfx_line)
                if self.on_gfx:
                    self.on_gfx("\n".join(block))
                continue
            if line[0] in "=?":
                break
            raise GtpClientError(f"{self.argv[0]} sent a line that is not a response: {line!r}")
        lines = [line]
        while (more := self._next_line(deadline)).strip():
            lines.append(more)
        head = lines[0][1:].lstrip("0123456789")
        text = "\n".join([head.strip(), *lines[1:]]).strip("\n")
        if lines[0][0] == "?":
            raise GtpClientError(f"{self.argv[0]}: {command.strip()}: {text}")
        return text

    def analyze(self, command: str, seconds: float, timeout: float | None = None) -> list[str]:
        """Run a streaming analysis command (``lz-analyze``/``kata-analyze``) for about
        ``seconds``, then stop it the way a GUI does, by sending the next command (``name``).
        Returns the lines the stream carried (``info ...``); raises :class:`GtpClientError`
        if the engine refuses the command."""
        self._write(command.strip() + "\n")
        deadline = None if timeout is None else time.monotonic() + timeout
        head = self._next_line(deadline)
        while not head.strip():
            head = self._next_line(deadline)
        if head.startswith("?"):
            while self._next_line(deadline).strip():
                pass
            raise GtpClientError(
                f"{self.argv[0]}: {command.strip()}: {head[1:].lstrip('0123456789').strip()}"
            )
        if not head.startswith("="):
            raise GtpClientError(f"{self.argv[0]} sent a line that is not a response: {head!r}")
        lines: list[str] = []
        stop_at = time.monotonic() + seconds
        stopped = False
        while True:
            if not stopped and time.monotonic() >= stop_at:
                self._write("name\n")  # any command ends the stream
                stopped = True
            try:
                line = self._lines.get(timeout=0.05)
            except queue.Empty:
                if deadline is not None and time.monotonic() > deadline:
                    raise GtpClientError(f"{self.argv[0]} did not answer in time") from None
                continue
            if line is None:
                self._lines.put(None)
                raise GtpClientError(f"{self.argv[0]} closed its output during the analysis")
            if not line.strip():
                if stopped:
                    break
                raise GtpClientError(f"{self.argv[0]} ended the analysis before it was stopped")
            lines.append(line)
        # The stopping command's own response follows the stream's empty line.
        while not self._next_line(deadline).strip().startswith("="):
            pass
        while self._next_line(deadline).strip():
            pass
        return lines

    def interrupt(self) -> None:
        """Ask a running ``genmove`` to answer now (``# interrupt``)."""
        self._write("# interrupt\n")

    def close(self, timeout: float = 5.0) -> int | None:
        """``quit``, then wait; kill the engine if it does not exit. Returns its exit status."""
        if self.process.poll() is None:
            with contextlib.suppress(GtpClientError):
                self.send("quit", timeout=timeout)
            try:
                assert self.process.stdin is not None
                self.process.stdin.close()
            except OSError:
                pass
            try:
                self.process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        return self.process.returncode

    def __enter__(self) -> GtpClient:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

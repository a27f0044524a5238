"""A client for external GTP engines: the match runner's (``gtp:COMMAND LINE`` players) and
the tests' way to drive ``hexswarm-gtp`` as a real subprocess."""

from __future__ import annotations

import collections
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


class GtpRefused(GtpClientError):
    """The engine answered ``?``: it refused the command and is still in step."""


class GtpTimeout(GtpClientError):
    """No answer in time (or within the grace after a stop): the engine is out of step."""


class GtpClosed(GtpClientError):
    """The engine closed its output (it exited or crashed)."""


class GtpGarbage(GtpClientError):
    """The engine wrote a line that is not part of a GTP response: it is out of step."""


POLL_S = 0.05  # how often a running command looks at its stop check
STDERR_HEAD = 4  # the first lines of stderr kept beside its tail (keep_stderr)


class GtpClient:
    """Drives an external GTP engine over a subprocess's stdin/stdout.

    Thread rules: one controlling thread calls :meth:`send`/:meth:`close`; :meth:`interrupt`
    may be called from any thread while a command runs. A private reader thread moves the
    engine's stdout lines into a queue so that :meth:`send` can wait with a timeout.
    ``gogui-gfx:`` blocks printed while thinking go to ``on_gfx`` (without the first line).
    With ``keep_stderr`` > 0 the engine's stderr is read by a second thread that keeps its last
    ``keep_stderr`` lines (:meth:`stderr_tail`, for error messages) and its first
    :data:`STDERR_HEAD` (:meth:`stderr_head`: a program that refuses its arguments often says
    why first and prints its usage after) and copies every line to
    ``stderr`` when that is a file object (nowhere for ``DEVNULL``, this process's stderr for
    None).
    A response ends at its first blank line; with ``strict_blank_lines`` only at a truly empty
    one, as GTP says (by default a line of spaces ends it too, for engines that pad their blank
    lines; MoHex's ``mohex-search-statistics`` holds lines of one space inside its answer).
    """

    def __init__(
        self,
        argv: list[str],
        *,
        stderr: Any = subprocess.DEVNULL,
        env: dict[str, str] | None = None,
        cwd: str | os.PathLike | None = None,
        on_gfx: Callable[[str], None] | None = None,
        keep_stderr: int = 0,
        strict_blank_lines: bool = False,
    ):
        if not argv:
            raise GtpClientError("empty GTP command line")
        self.strict_blank_lines = strict_blank_lines
        self._stderr_copy: Any = None
        self._stderr_tail: collections.deque[str] = collections.deque(maxlen=max(1, keep_stderr))
        self._stderr_head: list[str] = []
        self._stderr_count = 0
        if keep_stderr > 0:
            self._stderr_copy = stderr if hasattr(stderr, "write") else None
            if stderr is None:
                import sys

                self._stderr_copy = sys.stderr
            stderr = subprocess.PIPE
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
            where = f" in {cwd}" if cwd else ""
            raise GtpClientError(f"cannot start {shlex.join(argv)}{where}: {error}") from error
        self.argv = argv
        self.on_gfx = on_gfx
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._write_lock = threading.Lock()
        self._reader = threading.Thread(target=self._read, name="gtp-client-stdout", daemon=True)
        self._reader.start()
        self._stderr_reader: threading.Thread | None = None
        if keep_stderr > 0:
            self._stderr_reader = threading.Thread(
                target=self._read_stderr, name="gtp-client-stderr", daemon=True
            )
            self._stderr_reader.start()

    def _read_stderr(self) -> None:
        assert self.process.stderr is not None
        try:
            for line in self.process.stderr:
                text = line.rstrip("\r\n")
                if len(self._stderr_head) < STDERR_HEAD:
                    self._stderr_head.append(text)
                self._stderr_count += 1
                self._stderr_tail.append(text)
                if self._stderr_copy is not None:
                    with contextlib.suppress(OSError, ValueError):
                        self._stderr_copy.write(line)
                        self._stderr_copy.flush()
        except (OSError, ValueError):
            pass

    def stderr_head(self, wait_s: float = 0.2) -> list[str]:
        """The first lines the engine wrote to stderr, those :meth:`stderr_tail` does not
        hold (with ``keep_stderr``; see :meth:`stderr_tail` for ``wait_s``)."""
        tail = self.stderr_tail(wait_s)
        kept = max(0, self._stderr_count - len(tail))
        return self._stderr_head[:kept]

    def stderr_tail(self, wait_s: float = 0.2) -> list[str]:
        """The last lines the engine wrote to stderr (with ``keep_stderr``); after the engine
        exited, waits up to ``wait_s`` for the reader to reach the end of them."""
        if self._stderr_reader is None:
            return []
        if self.process.poll() is not None:
            self._stderr_reader.join(wait_s)
        return list(self._stderr_tail)

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
                raise GtpClosed(f"{self.argv[0]} is not reading commands: {error}") from None

    def _next_line(self, wait: _Wait) -> str:
        while True:
            try:
                line = self._lines.get(timeout=wait.step())
                break
            except queue.Empty:
                if wait.expired():
                    raise GtpTimeout(f"{self.argv[0]} did not answer {wait.why()}") from None
        if line is None:
            self._lines.put(None)  # stay at EOF for later calls
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(0.5)
            status = self.process.poll()
            raise GtpClosed(
                f"{self.argv[0]} closed its output"
                + (f" (exit status {status})" if status is not None else "")
            )
        return line

    def send(
        self,
        command: str,
        timeout: float | None = None,
        *,
        should_stop: Callable[[], bool] | None = None,
        stop_grace: float = 0.0,
        interrupt: bool = False,
        strict_blank_lines: bool | None = None,
    ) -> str:
        """Send one command; return the response text (lines joined by ``\\n``). Raises
        :class:`GtpRefused` with the engine's ``?`` message, :class:`GtpTimeout` after
        ``timeout`` seconds, :class:`GtpClosed` when the engine exits and :class:`GtpGarbage`
        on a line that is not a response.

        ``should_stop`` is polled while waiting; once it returns True the client sends
        ``# interrupt`` (with ``interrupt``) and waits ``stop_grace`` seconds more at most.
        ``strict_blank_lines``: how this response ends (None: as the client's
        :attr:`strict_blank_lines`; True for a command known to hold lines of spaces)."""
        self._write(command.strip() + "\n")
        wait = _Wait(timeout, should_stop, stop_grace, self.interrupt if interrupt else None)
        while True:
            line = self._next_line(wait)
            if not line.strip():
                continue  # stray blank lines between responses
            if line.startswith("gogui-gfx:"):
                block = []
                while (gfx_line := self._next_line(wait)).strip():
                    block.append(gfx_line)
                if self.on_gfx:
                    self.on_gfx("\n".join(block))
                continue
            if line[0] in "=?":
                break
            raise GtpGarbage(f"{self.argv[0]} sent a line that is not a response: {line!r}")
        strict = self.strict_blank_lines if strict_blank_lines is None else strict_blank_lines
        lines = [line]
        while not self._ends_response(more := self._next_line(wait), strict):
            lines.append(more)
        head = lines[0][1:].lstrip("0123456789")
        text = "\n".join([head.strip(), *lines[1:]]).strip("\n")
        if lines[0][0] == "?":
            raise GtpRefused(f"{self.argv[0]}: {command.strip()}: {text}")
        return text

    def analyze(self, command: str, seconds: float, timeout: float | None = None) -> list[str]:
        """Run a streaming analysis command (``lz-analyze``/``kata-analyze``) for about
        ``seconds``, then stop it the way a GUI does (:meth:`stream`). Returns the lines the
        stream carried (``info ...``); raises :class:`GtpClientError` (:class:`GtpRefused` if
        the engine refuses the command)."""
        lines: list[str] = []
        stop_at = time.monotonic() + seconds
        self.stream(command, lines.append, lambda: time.monotonic() >= stop_at, timeout)
        return lines

    def stream(
        self,
        command: str,
        on_line: Callable[[str], None],
        should_stop: Callable[[], bool],
        timeout: float | None = None,
        stop_grace: float | None = None,
    ) -> None:
        """Run a streaming command (``kata-analyze``, ``lz-analyze``): after its ``=`` line,
        hand each line of the stream to ``on_line`` until ``should_stop()`` (polled every
        :data:`POLL_S`) turns true, then stop the stream as Lizzie and KataGo do, by sending
        the next command (``name``), and read the stream's end (an empty line) and that
        command's response. ``timeout``: seconds for the first answer and, once stopped, for
        the end (or ``stop_grace`` if given). Raises :class:`GtpRefused` (``?``),
        :class:`GtpTimeout`, :class:`GtpClosed` (the engine exited, also mid-stream) or
        :class:`GtpGarbage` (the stream ended before it was stopped, or a line that is not a
        response)."""
        self._write(command.strip() + "\n")
        wait = _Wait(timeout, None, 0.0, None)
        head = self._next_line(wait)
        while not head.strip():
            head = self._next_line(wait)
        if head.startswith("?"):
            while self._next_line(wait).strip():
                pass
            message = head[1:].lstrip("0123456789").strip()
            raise GtpRefused(f"{self.argv[0]}: {command.strip()}: {message}")
        if not head.startswith("="):
            raise GtpGarbage(f"{self.argv[0]} sent a line that is not a response: {head!r}")
        stopped: _Wait | None = None
        while True:
            if stopped is None and should_stop():
                self._write("name\n")  # any command ends the stream
                stopped = _Wait(timeout if stop_grace is None else stop_grace, None, 0.0, None)
            try:
                line = self._lines.get(timeout=POLL_S)
            except queue.Empty:
                if stopped is not None and stopped.expired():
                    raise GtpTimeout(
                        f"{self.argv[0]} did not answer {stopped.why()} (the end of its stream)"
                    ) from None
                continue
            if line is None:
                self._lines.put(None)
                with contextlib.suppress(subprocess.TimeoutExpired):
                    self.process.wait(0.5)  # so that its exit status is known
                raise GtpClosed(f"{self.argv[0]} closed its output during {command.split()[0]}")
            if not line.strip():
                if stopped is not None:
                    break
                raise GtpGarbage(f"{self.argv[0]} ended {command.split()[0]} before it was stopped")
            on_line(line)
        # The stopping command's own response follows the stream's empty line.
        while not self._next_line(stopped).strip().startswith("="):
            pass
        while self._next_line(stopped).strip():
            pass

    @staticmethod
    def _ends_response(line: str, strict: bool) -> bool:
        return line == "" if strict else not line.strip()

    def interrupt(self) -> None:
        """Ask a running ``genmove`` to answer now (``# interrupt``)."""
        self._write("# interrupt\n")

    def close(self, timeout: float = 5.0) -> int | None:
        """``quit``, then wait; kill the engine if it does not exit. Returns its exit status."""
        if self.process.poll() is None:
            with contextlib.suppress(GtpClientError):
                self.send("quit", timeout=timeout)
            self.kill(timeout)
        return self.process.returncode

    def kill(self, timeout: float = 0.0) -> int | None:
        """Close the engine's input, wait ``timeout`` seconds for it to exit, then kill it
        (an engine that hangs or is out of step). Returns its exit status."""
        if self.process.poll() is None:
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


class _Wait:
    """How long a command may still take: a deadline, and a stop check that, once true,
    shortens it to a grace period (after sending ``# interrupt`` when the engine knows it)."""

    def __init__(
        self,
        timeout: float | None,
        should_stop: Callable[[], bool] | None,
        grace: float,
        interrupt: Callable[[], None] | None,
    ):
        self.timeout = timeout
        self.deadline = None if timeout is None else time.monotonic() + timeout
        self.should_stop = should_stop
        self.grace = grace
        self.interrupt = interrupt
        self.stopped = False

    def step(self) -> float | None:
        """Seconds to block for the next line before looking again (None: until it comes)."""
        if self.should_stop is not None and not self.stopped and self.should_stop():
            self.stopped = True
            stop_deadline = time.monotonic() + self.grace
            self.deadline = (
                stop_deadline if self.deadline is None else min(self.deadline, stop_deadline)
            )
            if self.interrupt is not None:
                with contextlib.suppress(GtpClientError):
                    self.interrupt()
        left = None if self.deadline is None else max(0.0, self.deadline - time.monotonic())
        if self.should_stop is not None and not self.stopped:
            return POLL_S if left is None else min(POLL_S, left)
        return left

    def expired(self) -> bool:
        return self.deadline is not None and time.monotonic() >= self.deadline

    def why(self) -> str:
        if self.stopped:
            return f"within {self.grace:g} s of being asked to stop"
        return f"within {self.timeout:g} s"

"""A deliberately broken GTP engine for the tests of external engines (no HexSwarm imports, so it
starts in a few tens of milliseconds).

    python tests/engine/broken_gtp_engine.py MODE [FILE]

It is a :class:`gtp_stand_in.GtpStandIn` (the tests' shared board: ``boardsize N [N]``,
``clear_board``, ``play``, ``undo`` and ``quit``, a move off the board or onto a stone refused
with ``?``) with its misbehaviours layered on top. It also answers ``name`` (``Broken-MODE``),
``version``, ``protocol_version``, ``list_commands`` and ``known_command``. Its ``genmove``
depends on MODE:

* ``good``: the stand-in's (the first empty cell, a1, b1, ... row by row, played); never
  crashes;
* ``crash``: writes a line on stderr and exits with status 3;
* ``crash-once``: crashes if FILE does not exist (creating it), else plays as ``good``;
* ``hang``: never answers (and does not list ``gogui-interrupt``);
* ``slow``: lists ``gogui-interrupt`` and answers only when ``# interrupt`` arrives;
* ``illegal``: the last cell played (occupied; ``a1`` on an empty board), not played;
* ``garbage``: ``= the weather is fine``;
* ``noise``: a line that is not GTP (``thinking...``) before a good answer;
* ``offboard``: a cell off the board (``z99``);
* ``swap``: ``swap-pieces`` whatever the rules;
* ``resign``: ``resign``.

``no-start`` exits at once and ``mute`` never answers ``name`` (a start that fails);
``bad-option`` exits at once as a script refusing its arguments does: an error line, then a
usage of twenty lines (as ``mohex-gtp.sh`` given ``--gams``);
``refuse-play`` refuses every ``play``.

Analysts and clocks (each plays as ``good``):

* ``analyze``: lists ``kata-analyze`` and streams, every interval, a line of two ``info``
  blocks (the first and second empty cells, win rates 0.6 and 0.4, KataGo's other keys among
  them) until the next command;
* ``analyze-crash``: streams one line, then exits with status 4;
* ``analyze-hang``: answers ``=``, then writes nothing and reads nothing more;
* ``clock``: lists ``time_settings``, ``kgs-time_settings`` and ``time_left``, and appends
  each such command it receives to FILE.
"""

from __future__ import annotations

import os
import queue
import sys
import threading
import time
from itertools import islice

from gtp_stand_in import GtpStandIn

MODE = sys.argv[1] if len(sys.argv) > 1 else "good"
FILE = sys.argv[2] if len(sys.argv) > 2 else ""
CLOCK_COMMANDS = ("kgs-time_settings", "time_left", "time_settings")
COMMANDS = [
    "boardsize",
    "clear_board",
    "genmove",
    "known_command",
    "list_commands",
    "name",
    "play",
    "protocol_version",
    "quit",
    "undo",
    "version",
]
if MODE == "slow":
    COMMANDS.append("gogui-interrupt")
if MODE.startswith("analyze"):
    COMMANDS.append("kata-analyze")
if MODE == "clock":
    COMMANDS += CLOCK_COMMANDS


def hang() -> None:
    while True:
        time.sleep(3600)


class BrokenEngine(GtpStandIn):
    """The stand-in's board and answers, misbehaving as MODE says; ``lines`` is the queue of
    the command lines read (a stream looks into it for the command that ends it)."""

    def __init__(self, lines: queue.Queue[str | None]) -> None:
        super().__init__()
        self.lines = lines
        self.pending_genmove: list[str] | None = None  # slow: the arguments of the genmove

    def answer(self, command: str, args: list[str]) -> str | None:
        if command == "name":
            if MODE == "mute":
                hang()
            return f"Broken-{MODE}"
        if command == "version":
            return "0.1"
        if command == "protocol_version":
            return "2"
        if command == "list_commands":
            return "\n".join(COMMANDS)
        if command == "known_command":
            return "true" if args and args[0] in COMMANDS else "false"
        if command == "play" and MODE == "refuse-play":
            raise ValueError("I do not take orders")
        if command == "genmove":
            return self.genmove(args)
        if command in CLOCK_COMMANDS and MODE == "clock":
            with open(FILE, "a") as log:
                log.write(" ".join([command, *args]) + "\n")
            return ""
        return super().answer(command, args)

    def genmove(self, args: list[str]) -> str | None:
        if MODE == "crash" or (MODE == "crash-once" and FILE and not os.path.exists(FILE)):
            if MODE == "crash-once":
                open(FILE, "w").close()
            sys.stderr.write("Broken: segmentation fault (imitated)\n")
            sys.stderr.flush()
            sys.exit(3)
        if MODE == "hang":
            hang()
        if MODE == "illegal":
            return self.played[-1] if self.played else "a1"
        if MODE == "garbage":
            return "the weather is fine"
        if MODE == "noise":
            sys.stdout.write("thinking...\n")
        if MODE == "offboard":
            return "z99"
        if MODE == "swap":
            return "swap-pieces"
        if MODE == "resign":
            return "resign"
        return super().answer("genmove", args)

    def reply(self, words: list[str]) -> str:
        """As the stand-in's, but ``slow`` keeps a genmove's answer until ``# interrupt`` and
        the analysts stream ``kata-analyze``."""
        if words == ["#", "interrupt"] and self.pending_genmove is not None:
            args, self.pending_genmove = self.pending_genmove, None
            return super().reply(["genmove", *args])
        if words[0] == "genmove" and MODE == "slow":
            self.pending_genmove = words[1:]
            return ""
        if words[0] == "kata-analyze" and MODE.startswith("analyze"):
            self.stream(words)
            return ""
        return super().reply(words)

    def analysis_line(self) -> str:
        """Two ``info`` blocks: the first two empty cells (a board with two at least)."""
        first, second = islice(self.empty_cells(), 2)
        return (
            f"info move {first} visits 30 utility 0.2 winrate 0.6000 scoreMean 0.0 prior 0.1 "
            f"lcb 0.55 order 0 pv {first} {second} info move {second} visits 10 winrate 0.4000 "
            f"order 1 pv {second}"
        )

    def stream(self, words: list[str]) -> None:
        """``kata-analyze [COLOR] [INTERVAL]``: lines until the next command (which stays
        queued for the main loop), as the MODE says."""
        interval = int(words[2]) / 100 if len(words) > 2 else 0.1
        sys.stdout.write("=\n")
        sys.stdout.flush()
        if MODE == "analyze-hang":
            hang()
        while True:
            sys.stdout.write(self.analysis_line() + "\n")
            sys.stdout.flush()
            if MODE == "analyze-crash":
                sys.exit(4)
            try:
                following = self.lines.get(timeout=max(0.01, interval))
            except queue.Empty:
                continue
            sys.stdout.write("\n")
            sys.stdout.flush()
            self.lines.queue.appendleft(following)  # the next command runs as usual
            return


def main() -> None:
    if MODE == "no-start":
        sys.stderr.write("Broken: cannot find my weights file\n")
        sys.exit(2)
    if MODE == "bad-option":
        sys.stderr.write("broken_gtp_engine.py: unknown argument '--gams'\n")
        for number in range(19):
            sys.stderr.write(f"  --option{number} N   what option {number} does\n")
        sys.stderr.write("Board sizes 1..13. Colours: b/w/black/white.\n")
        sys.exit(2)
    # Lines are read on a thread so that a stream can wait for the next one with a timeout.
    lines: queue.Queue[str | None] = queue.Queue()

    def read() -> None:
        for line in sys.stdin:
            lines.put(line)
        lines.put(None)

    threading.Thread(target=read, daemon=True).start()
    BrokenEngine(lines).serve(iter(lines.get, None))


if __name__ == "__main__":
    main()

"""A deliberately broken GTP engine for the tests of external engines (no HexSwarm imports, so it
starts in a few tens of milliseconds).

    python tests/engine/broken_gtp_engine.py MODE [FILE]

It keeps a board (stones by cell name, letters columns, numbers rows) and answers ``name``
(``Broken-MODE``), ``version``, ``protocol_version``, ``list_commands``, ``known_command``,
``boardsize N [N]``, ``clear_board``, ``play``, ``undo`` and ``quit``. Its ``genmove`` depends on
MODE:

* ``good``: the first empty cell (a1, b1, ... row by row); never crashes;
* ``crash``: writes a line on stderr and exits with status 3;
* ``crash-once``: crashes if FILE does not exist (creating it), else plays as ``good``;
* ``hang``: never answers (and does not list ``gogui-interrupt``);
* ``slow``: lists ``gogui-interrupt`` and answers only when ``# interrupt`` arrives;
* ``illegal``: the last cell played (occupied; ``a1`` on an empty board);
* ``garbage``: ``= the weather is fine``;
* ``noise``: a line that is not GTP (``thinking...``) before a good answer;
* ``offboard``: a cell off the board (``z99``);
* ``swap``: ``swap-pieces`` whatever the rules;
* ``resign``: ``resign``.

``no-start`` exits at once and ``mute`` never answers ``name`` (a start that fails);
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

import queue
import sys
import threading
import time

MODE = sys.argv[1] if len(sys.argv) > 1 else "good"
FILE = sys.argv[2] if len(sys.argv) > 2 else ""
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
    COMMANDS += ["kgs-time_settings", "time_left", "time_settings"]


def column(index: int) -> str:
    return chr(ord("a") + index)


class Engine:
    def __init__(self) -> None:
        self.size = 11
        self.stones: list[str] = []
        self.pending_genmove = False

    def first_empty(self) -> str:
        for row in range(1, self.size + 1):
            for col in range(self.size):
                cell = f"{column(col)}{row}"
                if cell not in self.stones:
                    return cell
        return "resign"

    def genmove(self) -> str | None:
        if MODE == "crash" or (MODE == "crash-once" and FILE and not _exists(FILE)):
            if MODE == "crash-once":
                open(FILE, "w").close()
            sys.stderr.write("Broken: segmentation fault (imitated)\n")
            sys.stderr.flush()
            sys.exit(3)
        if MODE == "hang":
            while True:
                time.sleep(3600)
        if MODE == "slow":
            self.pending_genmove = True
            return None
        if MODE == "illegal":
            return self.stones[-1] if self.stones else "a1"
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
        move = self.first_empty()
        self.stones.append(move)
        return move

    def answer(self, words: list[str]) -> tuple[bool, str] | None:
        command, args = words[0], words[1:]
        if command == "name":
            if MODE == "mute":
                while True:
                    time.sleep(3600)
            return True, f"Broken-{MODE}"
        if command == "version":
            return True, "0.1"
        if command == "protocol_version":
            return True, "2"
        if command == "list_commands":
            return True, "\n".join(COMMANDS)
        if command == "known_command":
            return True, "true" if args and args[0] in COMMANDS else "false"
        if command == "boardsize":
            self.size = int(args[0])
            self.stones = []
            return True, ""
        if command == "clear_board":
            self.stones = []
            return True, ""
        if command == "play":
            if MODE == "refuse-play":
                return False, "I do not take orders"
            self.stones.append(args[1].lower())
            return True, ""
        if command == "undo":
            if not self.stones:
                return False, "cannot undo"
            self.stones.pop()
            return True, ""
        if command == "genmove":
            move = self.genmove()
            return None if move is None else (True, move)
        if command in ("time_settings", "kgs-time_settings", "time_left") and MODE == "clock":
            with open(FILE, "a") as log:
                log.write(" ".join(words) + "\n")
            return True, ""
        if command == "quit":
            return True, ""
        return False, "unknown command"

    def analysis_line(self) -> str:
        first = self.first_empty()
        self.stones.append(first)
        second = self.first_empty()
        self.stones.pop()
        return (
            f"info move {first} visits 30 utility 0.2 winrate 0.6000 scoreMean 0.0 prior 0.1 "
            f"lcb 0.55 order 0 pv {first} {second} info move {second} visits 10 winrate 0.4000 "
            f"order 1 pv {second}"
        )


def _exists(path: str) -> bool:
    try:
        open(path).close()
    except OSError:
        return False
    return True


def main() -> None:
    if MODE == "no-start":
        sys.stderr.write("Broken: cannot find my weights file\n")
        sys.exit(2)
    engine = Engine()
    lines: queue.Queue[str | None] = queue.Queue()

    def read() -> None:
        for line in sys.stdin:
            lines.put(line)
        lines.put(None)

    threading.Thread(target=read, daemon=True).start()
    while (line := lines.get()) is not None:
        line = line.strip()
        if line == "# interrupt" and engine.pending_genmove:
            engine.pending_genmove = False
            move = engine.first_empty()
            engine.stones.append(move)
            sys.stdout.write(f"= {move}\n\n")
            sys.stdout.flush()
            continue
        if not line or line.startswith("#"):
            continue
        if line.split()[0] == "kata-analyze" and MODE.startswith("analyze"):
            stream(engine, line.split(), lines)
            continue
        reply = engine.answer(line.split())
        if reply is not None:
            ok, text = reply
            sys.stdout.write(f"{'=' if ok else '?'} {text}\n\n")
            sys.stdout.flush()
        if line.split()[0] == "quit":
            return


def stream(engine: Engine, words: list[str], lines: queue.Queue) -> None:
    """``kata-analyze [COLOR] [INTERVAL]``: lines until the next command (which stays queued
    for the main loop), as the MODE says."""
    interval = int(words[2]) / 100 if len(words) > 2 else 0.1
    sys.stdout.write("=\n")
    sys.stdout.flush()
    if MODE == "analyze-hang":
        while True:
            time.sleep(3600)
    while True:
        sys.stdout.write(engine.analysis_line() + "\n")
        sys.stdout.flush()
        if MODE == "analyze-crash":
            sys.exit(4)
        try:
            following = lines.get(timeout=max(0.01, interval))
        except queue.Empty:
            continue
        sys.stdout.write("\n")
        sys.stdout.flush()
        lines.queue.appendleft(following)  # the next command runs as usual
        return


if __name__ == "__main__":
    main()

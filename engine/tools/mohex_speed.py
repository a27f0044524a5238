"""Simulations a second of a HexSwarm level against MoHex 2.0's, in one run (issue 29, "Speed").

::

    python -m hexswarm.engine.tools.mohex_speed --mohex /work/mohex/mohex-gtp.sh --time 1 \\
        --sizes 9,11,13 --rounds 3 --out docs/results/speed-vs-mohex/table.md \\
        --raw docs/results/speed-vs-mohex/runs.jsonl

For each board size, on the empty board and on positions from committed games
(:data:`POSITIONS`), our level (``strong`` by default, given ``--time`` seconds a move, one
thread) and MoHex (``mohex-gtp.sh --time T --strict-time --no-reuse``, one thread, its own GTP
process) each search the same position for T seconds, alternating which goes first from one
run to the next, ``--rounds`` runs each. One untimed search each per size comes first (numba's
kernels, MoHex's tables).

What is counted:

* ours: the search's playouts and descents (``SearchSnapshot.playouts`` and ``iteration``; a
  descent runs ``leaf_playouts`` playouts from its leaf), over the move's wall time (root
  tactics included), over the search's own elapsed time, and over the process's CPU time;
* MoHex: its ``GamesPlayed`` (one playout a descent, so simulations = playouts = descents),
  read from ``mohex-search-statistics`` after each ``genmove``, over the genmove's wall time
  (its pre-search and set-up included), over its search's own ``Time``, and over the CPU time of
  its process (``/proc/PID/stat``). A genmove that did not search (a position its virtual
  connections decide) leaves the statistics unchanged: it is reported and not counted.

The table gives the median over the runs of each rate, per position and per size (all its
runs), with the machine, date, load average before and after, and the command. Rates by CPU
time are the ones to compare on a loaded machine; the wall-time rates are what a move gets.
Note that MoHex searches at least 1 s a move whatever ``--time`` is below that
(``MoHexPlayer::Search``), so times under 1 s make its rates, not its budget, comparable.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import platform
import re
import shlex
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

from hexswarm.engine.board import Board, HexError
from hexswarm.engine.gtp_client import GtpClient, GtpClientError
from hexswarm.engine.tools.tactics_real import MOHEX

PROG = "python -m hexswarm.engine.tools.mohex_speed"
DEFAULT_MOHEX = MOHEX
DEFAULT_SPEC = "strong"
SIZES = (9, 11, 13)


def _shifted(moves: Sequence[str], by: int) -> tuple[str, ...]:
    """``moves`` one board larger on each side: every cell ``by`` columns right and rows down."""
    return tuple(f"{chr(ord(m[0]) + by)}{int(m[1:]) + by}" for m in moves)


# Positions from committed games (the first two stones are the match's random opening):
# 9x9 from docs/results/mohex/strong-priors-1s-vs-mohex-1s/game-0001.sgf and game-0003.sgf,
# 11x11 from docs/results/mohex/strong-priors-1s-vs-mohex-1000-11x11/game-0001.sgf and
# game-0002.sgf. No 13x13 game is committed: its positions are the 11x11 ones moved one row
# and one column in, so that the same shapes stand a row further from every edge.
_GAME_9_A = ("f3", "h6", "d6", "d7", "c7", "b9", "c8", "c9", "a9", "b8", "a8", "b7")
_GAME_9_B = ("e5", "b7", "d7", "d8", "c8", "d6", "e6", "f1", "h2", "g3")
_GAME_11_A = (
    *("c7", "i8", "d8", "d9", "c9", "b11", "c10", "c11"),
    *("d10", "d11", "f10", "g8", "e10", "d5", "b6", "c4"),
)
_GAME_11_B = (
    *("c7", "i8", "h8", "b10", "d9", "d8", "f7", "f8", "e8", "f6"),
    *("h5", "h4", "g4", "g5", "i4", "i3", "k2", "j3", "k3", "j4"),
)
POSITIONS: dict[int, tuple[tuple[str, tuple[str, ...]], ...]] = {
    9: (("empty", ()), ("game1-12", _GAME_9_A), ("game3-10", _GAME_9_B)),
    11: (("empty", ()), ("game1-16", _GAME_11_A), ("game2-20", _GAME_11_B)),
    13: (
        ("empty", ()),
        ("game1-16+1", _shifted(_GAME_11_A, 1)),
        ("game2-20+1", _shifted(_GAME_11_B, 1)),
    ),
}
"""Per board size: (name, moves from the empty board, Black first)."""


@dataclass(frozen=True, slots=True)
class Run:
    """One timed search. ``searched`` is False when the engine moved without searching."""

    engine: str  # "ours" or "mohex"
    size: int
    position: str
    round: int
    playouts: int
    descents: int
    wall_s: float  # the whole move, as the caller saw it
    search_s: float  # the search's own elapsed time, as the engine reports it
    cpu_s: float  # CPU time of the engine's process during the move
    searched: bool = True


# --------------------------------------------------------------------------- MoHex


_STAT_LINE = re.compile(r"^(Elapsed Time|GamesPlayed|Time|Nodes)\s+([0-9.eE+-]+)s?\s*$")


def parse_mohex_statistics(text: str) -> dict[str, float]:
    """The numbers of a ``mohex-search-statistics`` answer this benchmark uses: ``games``
    (``GamesPlayed``), ``search_s`` (``Time``), ``elapsed_s`` (``Elapsed Time``) and ``nodes``;
    an empty dict before MoHex's first search (the answer then holds only tree and pattern
    counters). Raises :class:`HexError` when some of the four are there and some missing."""
    names = {"GamesPlayed": "games", "Time": "search_s", "Elapsed Time": "elapsed_s"}
    names["Nodes"] = "nodes"
    found: dict[str, float] = {}
    for line in text.splitlines():
        match = _STAT_LINE.match(line.strip())
        if match and names[match.group(1)] not in found:  # the search's block comes first
            found[names[match.group(1)]] = float(match.group(2))
    if found and len(found) != len(names):
        missing = ", ".join(sorted(set(names.values()) - set(found)))
        raise HexError(f"MoHex's search statistics lack {missing}: {text[:200]!r}")
    return found


def process_cpu_s(pid: int) -> float:
    """User plus system CPU seconds of process ``pid`` so far (Linux ``/proc``; NaN elsewhere)."""
    try:
        with open(f"/proc/{pid}/stat") as file:
            fields = file.read().rsplit(")", 1)[1].split()
    except OSError:
        return math.nan
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Mohex:
    """MoHex (or any engine answering ``mohex-search-statistics`` the same way) over GTP, by
    :class:`engine.gtp_client.GtpClient` with GTP's strict end of a response (MoHex's
    statistics hold lines of one space). ``argv`` must start MoHex itself or a script that
    ``exec``s it (``mohex-gtp.sh`` does): the CPU time counted is that of the process started.
    A command gets ``timeout`` seconds, a ``genmove`` ``genmove_timeout``; errors are
    :class:`~engine.gtp_client.GtpClientError`."""

    def __init__(self, argv: list[str], timeout: float = 60.0, genmove_timeout: float = 600.0):
        self.client = GtpClient(argv, stderr=None, strict_blank_lines=True)
        self.process = self.client.process
        self.timeout, self.genmove_timeout = timeout, genmove_timeout
        self.size = 0

    def send(self, command: str, timeout: float | None = None) -> str:
        """The answer to ``command``; :class:`GtpClientError` on ``?``, exit or timeout."""
        return self.client.send(command, timeout=self.timeout if timeout is None else timeout)

    def search(self, size: int, moves: Sequence[str]) -> tuple[int, float, float, float]:
        """``(simulations, wall_s, search_s, cpu_s)`` of one ``genmove`` from ``moves``;
        simulations -1 when MoHex moved without searching."""
        if size != self.size:
            self.send(f"boardsize {size}")
            self.size = size
        self.send("clear_board")
        for index, move in enumerate(moves):
            self.send(f"play {'b' if index % 2 == 0 else 'w'} {move}")
        colour = "b" if len(moves) % 2 == 0 else "w"
        before = self.send("mohex-search-statistics")
        cpu = process_cpu_s(self.process.pid)
        wall = time.perf_counter()
        self.send(f"genmove {colour}", timeout=self.genmove_timeout)
        wall = time.perf_counter() - wall
        cpu = process_cpu_s(self.process.pid) - cpu
        after = self.send("mohex-search-statistics")
        stats = parse_mohex_statistics(after)
        if after == before or not stats:
            return -1, wall, math.nan, cpu
        return int(stats["games"]), wall, stats["search_s"], cpu

    def close(self) -> None:
        """``quit``, then kill MoHex if it does not exit within ten seconds."""
        self.client.close(timeout=10)


# --------------------------------------------------------------------------- ours


class Ours:
    """Our level ``spec`` searching ``seconds`` a move on one thread, a new player each time
    (nothing kept from one search to the next)."""

    def __init__(self, spec: str, seconds: float):
        from hexswarm.engine.players.levels import spec_with

        self.spec = spec_with(spec_with(spec, "time_s", str(seconds)), "threads", "1")
        self.seed = 0

    def search(self, size: int, moves: Sequence[str]) -> tuple[int, int, float, float, float]:
        """``(playouts, descents, wall_s, search_s, cpu_s)`` of one move from ``moves``;
        playouts -1 when the move came without a search (root tactics)."""
        from hexswarm.engine.players import create_player
        from hexswarm.engine.players.levels import spec_with

        board = Board.from_moves(size, moves)
        self.seed += 1
        player = create_player(spec_with(self.spec, "seed", str(self.seed)))
        cpu, wall = time.process_time(), time.perf_counter()
        choice = player.choose_move(board)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        snapshot = choice.snapshot
        if snapshot is None or snapshot.playouts <= 0:
            return -1, -1, wall, math.nan, cpu
        return snapshot.playouts, snapshot.iteration, wall, snapshot.elapsed_s, cpu


# --------------------------------------------------------------------------- the run


def run_benchmark(
    ours,
    mohex,
    sizes: Iterable[int],
    rounds: int,
    *,
    positions: dict[int, tuple[tuple[str, tuple[str, ...]], ...]] = POSITIONS,
    on_run: Callable[[Run], None] | None = None,
) -> list[Run]:
    """Every size's positions searched ``rounds`` times by each engine, the order alternating
    (ours first when round plus position index is even), after one untimed search each per
    size. ``ours.search(size, moves)`` and ``mohex.search(size, moves)`` are
    :meth:`Ours.search` and :meth:`Mohex.search` (or stand-ins answering the same)."""
    runs: list[Run] = []
    for size in sizes:
        warm = positions[size][0][1]
        ours.search(size, warm)
        mohex.search(size, warm)
        for round_ in range(rounds):
            for index, (name, moves) in enumerate(positions[size]):
                order = ("ours", "mohex") if (round_ + index) % 2 == 0 else ("mohex", "ours")
                for engine in order:
                    if engine == "ours":
                        playouts, descents, wall, search, cpu = ours.search(size, moves)
                    else:
                        playouts, wall, search, cpu = mohex.search(size, moves)
                        descents = playouts
                    run = Run(engine, size, name, round_, playouts, descents, wall, search,
                              cpu, searched=playouts >= 0)  # fmt: skip
                    runs.append(run)
                    if on_run is not None:
                        on_run(run)
    return runs


def _rate(runs: list[Run], count: str, seconds: str) -> float:
    rates = [getattr(r, count) / getattr(r, seconds) for r in runs if getattr(r, seconds) > 0]
    return statistics.median(rates) if rates else math.nan


def _number(value: float) -> str:
    return "-" if math.isnan(value) else f"{value:,.0f}"


TABLE_COLUMNS = (
    "size",
    "position",
    "runs",
    "ours playouts/s (move)",
    "ours playouts/s (search)",
    "ours descents/s (search)",
    "ours playouts/s (CPU)",
    "MoHex sims/s (move)",
    "MoHex sims/s (search)",
    "MoHex sims/s (CPU)",
    "ours/MoHex (CPU)",
)


def table_rows(runs: list[Run]) -> list[list[str]]:
    """One row per (size, position) and one per size (``all``): median rates over the runs
    that searched; ``runs`` counts them as ``ours/mohex``."""
    rows = []
    sizes = sorted({r.size for r in runs})
    for size in sizes:
        names = list(dict.fromkeys(r.position for r in runs if r.size == size))
        for name in [*names, "all"]:
            mine = [r for r in runs if r.size == size and name in ("all", r.position)]
            ours = [r for r in mine if r.engine == "ours" and r.searched]
            theirs = [r for r in mine if r.engine == "mohex" and r.searched]
            ours_cpu, theirs_cpu = (
                _rate(ours, "playouts", "cpu_s"),
                _rate(theirs, "playouts", "cpu_s"),
            )
            rows.append([
                str(size), name, f"{len(ours)}/{len(theirs)}",
                _number(_rate(ours, "playouts", "wall_s")),
                _number(_rate(ours, "playouts", "search_s")),
                _number(_rate(ours, "descents", "search_s")),
                _number(ours_cpu),
                _number(_rate(theirs, "playouts", "wall_s")),
                _number(_rate(theirs, "playouts", "search_s")),
                _number(theirs_cpu),
                "-" if math.isnan(ours_cpu / theirs_cpu) else f"{ours_cpu / theirs_cpu:.2f}",
            ])  # fmt: skip
    return rows


def machine() -> str:
    """Cores, processor model and system, in one line."""
    model = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as file:
            model = next(
                (line.split(":", 1)[1].strip() for line in file if line.startswith("model name")),
                model,
            )
    except OSError:
        pass
    return f"{os.cpu_count()} cores, {model}, {platform.system()} {platform.release()}"


def load_average() -> str:
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def report(runs: list[Run], header: dict[str, str]) -> str:
    """The table in Markdown, after ``header``'s lines (``key: value``) and the runs that did
    not search."""
    lines = [f"- {key}: {value}" for key, value in header.items()]
    skipped = [r for r in runs if not r.searched]
    for r in skipped:
        lines.append(f"- no search: {r.engine} on {r.size}x{r.size} {r.position}, round {r.round}")
    lines += ["", "| " + " | ".join(TABLE_COLUMNS) + " |", "|---" * len(TABLE_COLUMNS) + "|"]
    lines += ["| " + " | ".join(row) + " |" for row in table_rows(runs)]
    return "\n".join(lines) + "\n"


def mohex_argv(command: str, seconds: float) -> list[str]:
    """MoHex's command line: one thread, ``seconds`` a move, no extension, no kept tree."""
    return [*shlex.split(command), "--time", f"{seconds:g}", "--strict-time", "--no-reuse"]


def main(argv: Iterable[str] | None = None) -> int:
    arguments = list(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="Simulations a second of a HexSwarm level against MoHex's, alternating.",
    )
    parser.add_argument("--mohex", default=DEFAULT_MOHEX, help="MoHex's GTP script (mohex-gtp.sh)")
    parser.add_argument("--spec", default=DEFAULT_SPEC, help="our level (default strong)")
    parser.add_argument("--time", type=float, default=1.0, help="seconds a move for both")
    parser.add_argument("--sizes", default="9,11,13", help="board sizes, comma separated")
    parser.add_argument("--rounds", type=int, default=3, help="timed searches per position")
    parser.add_argument("--out", help="also write the table here")
    parser.add_argument("--raw", help="write every run here, one JSON object a line")
    args = parser.parse_args(arguments)
    try:
        sizes = [int(s) for s in args.sizes.split(",")]
        unknown = [s for s in sizes if s not in POSITIONS]
        if unknown:
            raise HexError(f"no positions for size {unknown[0]} (sizes: 9, 11, 13)")
        if args.time <= 0 or args.rounds < 1:
            raise HexError("--time must be above 0 and --rounds at least 1")
        ours = Ours(args.spec, args.time)
    except (HexError, ValueError) as error:
        parser.error(str(error))
    header = {
        "command": f"{PROG} {shlex.join(arguments)}",
        "ours": ours.spec + " (seed 1, 2, ... a search)",
        "MoHex": shlex.join(mohex_argv(args.mohex, args.time)),
        "machine": machine(),
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "load average before (1, 5, 15 min)": load_average(),
    }
    try:
        with contextlib.ExitStack() as stack:
            raw = stack.enter_context(open(args.raw, "w")) if args.raw else None

            def record(run: Run) -> None:
                print(f"# {json.dumps(asdict(run))}", file=sys.stderr, flush=True)
                if raw is not None:
                    raw.write(json.dumps(asdict(run)) + "\n")
                    raw.flush()

            mohex = Mohex(mohex_argv(args.mohex, args.time))
            stack.callback(mohex.close)
            runs = run_benchmark(ours, mohex, sizes, args.rounds, on_run=record)
    except (HexError, GtpClientError, OSError) as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return 2
    header["load average after"] = load_average()
    text = report(runs, header)
    print(text, end="")
    if args.out:
        Path(args.out).parent.mkdir(parents=True, exist_ok=True)
        Path(args.out).write_text(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

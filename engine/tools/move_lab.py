"""A move-quality lab (ours; issue 29): how much win probability a player's move gives away,
judged by a strong oracle (MoHex 2.0 at a large simulation budget), on positions from the
games against MoHex::

    python -m hexswarm.engine.tools.move_lab positions --out positions.json --count 300 --seed 13
    python -m hexswarm.engine.tools.move_lab run positions.json --out run.json \\
        --cache oracle.json --player "strong:playouts=40000,time_s=none" \\
        --player "gtp:/work/mohex/mohex-gtp.sh --games 1000 --no-reuse --seed 1"
    python -m hexswarm.engine.tools.move_lab report run.json --cache oracle.json --json out.json
    python -m hexswarm.engine.tools.move_lab repeat --cache oracle.json --out noise.json \\
        --oracle "/work/mohex/mohex-gtp.sh --games 20000 --no-reuse --seed 2"

``positions`` reads the match folders written by ``hexswarm-match`` against MoHex (default:
every 9x9 folder under docs/results/mohex/; :func:`engine.tools.mistakes.match_games`), takes
every position before moves ``--first`` to ``--last`` (move 3 is the first move after two
opening stones) of every game, both colours to move, drops repeats, shuffles them with
``--seed`` and keeps ``--count``: any first ``n`` of the file is itself a random sample.

``run`` asks each ``--player`` (a :func:`engine.players.create_player` spec at a fixed budget
such as ``strong:playouts=40000,time_s=none``, or ``gtp:COMMAND``) for its move in each
position, in the file's order, then asks the oracle for the values it needs. Every figure is
from the side to move (the *mover*) of the position it is about:

* the oracle's value ``V(q)`` of a position ``q`` is the win rate of its most-visited root
  move after a search of ``q`` (``reg_genmove`` and ``mohex-values``); when MoHex plays
  without a search (its VCs decide the position, or its pre-search finds a win) the value is
  1 or 0 by its DFPN (``dfpn-solve-state``); a finished game is 0 for the side to move;
* the value of a move ``m`` in ``p`` is ``1 - V(p + m)``: the position after it is searched
  by itself, so every move is judged by a search of the same budget;
* the oracle's best move in ``p`` is the move its search of ``p`` plays, and the *regret* of
  ``m`` is ``value(best) - value(m)``: 0 for the oracle's own move, and negative when a
  search of ``p + m`` rates ``m`` above the best move (the searches' noise, or a better move
  than the oracle's; kept, so that a mean is not biased upwards);
* where the oracle calls ``p`` itself decided (its value exactly 1 or 0: a proof, or a search
  whose tree proved it), searches of the positions after it would mix proven values with a
  search's (a won position searched reads 0.6-0.8, a proven one 1): there the regret is
  exact, 0 for every move in a lost position, and in a won one 0 or 1 by DFPN on ``p + m``
  (``exact:`` entries of the cache; an unsettled proof leaves the move without a regret).
  A *best move* is the oracle's, or in a decided position one whose regret is 0.

Oracle values are kept by position in ``--cache`` (a JSON file named by the oracle's command
line, which a cache for another oracle refuses), so each position is searched once across
runs and players; the run file keeps each player's move, so a run continues where it
stopped and ``--limit`` extends it. ``report`` gives, per player, the mean regret (95%
t-interval), the share of positions where it played the oracle's move and the share of
*blunders* (regret above :data:`BLUNDER`), overall and by move-number bucket, and for every
pair of players the paired difference of regrets on the same positions (95% interval), with
the number of positions (in the file's order) from which that interval excludes 0 for good,
and the same on the positions the oracle calls open alone. ``repeat`` searches cached
positions again with another oracle (the same budget, another seed): the oracle's own noise.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import platform
import random
import shlex
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from hexswarm.engine.board import Board, Color, HexError
from hexswarm.engine.records.files import atomic_write_text
from hexswarm.engine.tools.stats import wilson_interval
from hexswarm.engine.tools.tactics_real import DFPN_SECONDS, MOHEX

PROG = "python -m hexswarm.engine.tools.move_lab"
POSITIONS_FORMAT = "hexswarm-move-lab-positions/1"
CACHE_FORMAT = "hexswarm-move-lab-oracle/1"
RUN_FORMAT = "hexswarm-move-lab-run/1"
MOHEX_FOLDERS = Path("docs/results/mohex")
ORACLE = f"{MOHEX} --games 20000 --no-reuse --seed 1"
BLUNDER = 0.1  # a move that gives away more than this much win probability
BUCKETS = ((3, 8), (9, 14), (15, 20))  # move numbers
Z_95 = 1.959963984540054


# --------------------------------------------------------------------------- positions


@dataclass(frozen=True, slots=True)
class LabPosition:
    """A position of a game: ``moves`` the cells played from the empty board (names, in
    order), ``game_move`` the move played there in the game; ``id`` says where it is from."""

    id: str
    size: int
    moves: tuple[str, ...]
    game_move: str

    @property
    def move_number(self) -> int:
        """The number of the move to be played here (1: the first stone)."""
        return len(self.moves) + 1

    def board(self) -> Board:
        board = Board(self.size)
        for name in self.moves:
            board.play(name)
        return board

    def to_dict(self) -> dict:
        return {
            "id": self.id,
            "size": self.size,
            "moves": list(self.moves),
            "game_move": self.game_move,
        }

    @classmethod
    def from_dict(cls, data: dict) -> LabPosition:
        return cls(data["id"], int(data["size"]), tuple(data["moves"]), data["game_move"])


def position_key(board: Board) -> str:
    """The oracle cache's key of ``board``: size, the stones cell by cell, the side to move."""
    stones = "".join(
        "." if (colour := board.stone_at(cell)) is None else colour.letter.upper()
        for cell in range(board.size * board.size)
    )
    return f"{board.size}:{stones}:{board.to_move.letter.lower()}"


def game_positions(
    source: str, size: int, cells: Sequence[int], first: int, last: int
) -> list[LabPosition]:
    """The positions before moves ``first`` to ``last`` of a game of ``cells`` (only moves the
    game has), named ``source@move``."""
    board = Board(size)
    names = [board.cell_name(cell) for cell in cells]
    return [
        LabPosition(f"{source}@{ply + 1}", size, tuple(names[:ply]), names[ply])
        for ply in range(max(first - 1, 0), min(last, len(names)))
    ]


def pick_positions(candidates: Iterable[LabPosition], count: int, seed: int) -> list[LabPosition]:
    """``count`` of ``candidates`` in a random order fixed by ``seed`` (any first ``n`` of
    it a random sample), repeated positions (by :func:`position_key`) dropped first, the
    first kept in ``id`` order: the result does not depend on the candidates' order."""
    seen: set[str] = set()
    distinct = []
    for position in sorted(candidates, key=lambda p: p.id):
        key = position_key(position.board())
        if key not in seen:
            seen.add(key)
            distinct.append(position)
    random.Random(seed).shuffle(distinct)
    return distinct[:count]


def match_positions(folders: Iterable[Path], size: int, first: int, last: int):
    """Every position of :func:`game_positions` in the games of the match ``folders`` on
    boards of ``size`` (the others skipped)."""
    from hexswarm.engine.tools.mistakes import match_games

    for folder in folders:
        for game in match_games(folder, "A", lost_only=False):
            if game.size == size:
                source = f"{folder.name}/{game.number:04d}"
                yield from game_positions(source, size, game.cells, first, last)


def default_folders(root: Path = MOHEX_FOLDERS) -> list[Path]:
    """The match folders under ``root`` (those with a ``match.json``), sorted."""
    return sorted(path.parent for path in root.glob("*/match.json"))


def load_positions(path: Path) -> list[LabPosition]:
    document = json.loads(Path(path).read_text(encoding="utf-8"))
    if document.get("format") != POSITIONS_FORMAT:
        raise HexError(f"{path}: not a move-lab positions file ({POSITIONS_FORMAT})")
    return [LabPosition.from_dict(item) for item in document["positions"]]


# --------------------------------------------------------------------------- the oracle


@dataclass(frozen=True, slots=True)
class OracleValue:
    """The oracle on one position: ``value`` the side to move's win probability (None: not
    settled), ``best`` its move there (a cell; None for a finished game), ``visits`` the
    search's, ``how`` ``search``, ``proof`` (DFPN), ``terminal`` (the game is over) or
    ``unsettled``, ``seconds`` the wall time it took and ``cpu_seconds`` the oracle process's
    CPU time (None: not known)."""

    value: float | None
    best: int | None
    visits: int = 0
    how: str = "search"
    seconds: float = 0.0
    cpu_seconds: float | None = None

    def to_dict(self) -> dict:
        return {
            "value": self.value,
            "best": self.best,
            "visits": self.visits,
            "how": self.how,
            "seconds": round(self.seconds, 3),
            "cpu_seconds": None if self.cpu_seconds is None else round(self.cpu_seconds, 3),
        }

    @classmethod
    def from_dict(cls, data: dict) -> OracleValue:
        return cls(
            data["value"],
            data["best"],
            data["visits"],
            data["how"],
            data["seconds"],
            data.get("cpu_seconds"),
        )


def process_cpu_seconds(pid: int) -> float | None:
    """The CPU time (user and system) process ``pid`` has used so far, from Linux's
    ``/proc``; None where that cannot be read."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


class Oracle(Protocol):
    command: str

    def evaluate(self, board: Board) -> OracleValue:
        """The oracle on ``board`` (a game not yet over)."""
        ...

    def solve(self, board: Board) -> OracleValue:
        """The proof of ``board``: value 1 or 0 (``how`` ``proof``), or None (``unsettled``)."""
        ...


EXACT = "exact:"  # the cache's key prefix of a proof (Oracle.solve)


class MohexOracle:
    """MoHex 2.0 over GTP (``command``, e.g. :data:`ORACLE`): ``reg_genmove`` (a search that
    plays nothing) and ``mohex-values`` (its root moves' win rates and visits). MoHex answers
    ``mohex-values`` from the last search's tree, also for a later position below its root,
    so a new search is recognised by its ``mohex-search-statistics`` changing (the elapsed
    time is in them); a position it answers without one goes to ``dfpn-solve-state``."""

    def __init__(self, command: str = ORACLE, dfpn_seconds: float = DFPN_SECONDS):
        from hexswarm.engine.gtp_client import GtpClient, GtpRefused

        self.command = command
        self.dfpn_seconds = dfpn_seconds
        self.client = GtpClient(shlex.split(command))
        self._statistics = ""
        # An engine without MoHex's DFPN refuses: its decided positions stay unsettled.
        with contextlib.suppress(GtpRefused):
            self.client.send(f"param_dfpn timelimit {dfpn_seconds:g}", timeout=120)

    def close(self) -> None:
        self.client.close()

    def _set(self, board: Board) -> None:
        n = board.size
        self.client.send(f"boardsize {n} {n}", timeout=60)
        self.client.send("clear_board", timeout=60)
        for move in board.moves:
            self.client.send(f"play {move.color.letter} {board.cell_name(move.cell)}", timeout=60)

    def evaluate(self, board: Board) -> OracleValue:
        from hexswarm.engine.gtp_client import GtpRefused
        from hexswarm.engine.players.external_analysis import move_index, parse_value_pairs

        started = time.monotonic()
        cpu_before = process_cpu_seconds(self.client.process.pid)
        self._set(board)
        mover = board.to_move
        answer = self.client.send(f"reg_genmove {mover.letter}", timeout=3600)
        best = move_index(answer, board.size)
        if best is not None and (best < 0 or board.stone_at(best) is not None):
            best = None
        statistics = self.client.send(
            "mohex-search-statistics", timeout=60, strict_blank_lines=True
        )
        searched = statistics != self._statistics
        self._statistics = statistics
        if searched:
            try:
                text = self.client.send("mohex-values", timeout=60)
            except GtpRefused:
                text = ""
            values = {
                cell: pair
                for cell, pair in parse_value_pairs(text, board.size).items()
                if pair[1] > 0
            }
            if values:
                chosen = best if best in values else max(values, key=lambda c: values[c][1])
                top = max(values, key=lambda c: values[c][1])
                return OracleValue(
                    values[top][0],
                    chosen,
                    sum(visits for _value, visits in values.values()),
                    "search",
                    time.monotonic() - started,
                    self._cpu_since(cpu_before),
                )
        value, how = self._dfpn(mover)
        return OracleValue(
            value, best, 0, how, time.monotonic() - started, self._cpu_since(cpu_before)
        )

    def solve(self, board: Board) -> OracleValue:
        started = time.monotonic()
        cpu_before = process_cpu_seconds(self.client.process.pid)
        self._set(board)
        value, how = self._dfpn(board.to_move)
        return OracleValue(
            value, None, 0, how, time.monotonic() - started, self._cpu_since(cpu_before)
        )

    def _dfpn(self, mover: Color) -> tuple[float | None, str]:
        """DFPN on the engine's position with ``mover`` to move: (1 or 0, ``proof``) or
        (None, ``unsettled``) when its time limit stops it (or the engine has no DFPN)."""
        from hexswarm.engine.gtp_client import GtpRefused

        try:
            answer = self.client.send(
                f"dfpn-solve-state {mover.letter}", timeout=self.dfpn_seconds * 20 + 60
            )
        except GtpRefused:
            answer = ""
        winner = answer.strip().lower()
        if winner in ("black", "white"):
            return (1.0 if Color.parse(winner) is mover else 0.0), "proof"
        return None, "unsettled"

    def _cpu_since(self, before: float | None) -> float | None:
        now = process_cpu_seconds(self.client.process.pid)
        return None if before is None or now is None else now - before


class OracleCache:
    """Oracle values by position (:func:`position_key`), for one oracle ``command``; a
    finished game is valued without asking the oracle (0 for the side to move: the other
    side has connected). ``searches`` counts the oracle's calls made through this cache."""

    def __init__(self, command: str, values: dict[str, OracleValue] | None = None):
        self.command = command
        self.values: dict[str, OracleValue] = dict(values or {})
        self.searches = 0

    def get(
        self, board: Board, oracle: Oracle | None = None, exact: bool = False
    ) -> OracleValue | None:
        """The oracle's value of ``board`` (``exact``: its proof, :meth:`Oracle.solve`):
        cached, or asked of ``oracle`` (None: only the cache, and None when the position is
        not in it)."""
        if board.winner is not None:
            return OracleValue(0.0, None, 0, "terminal")
        key = (EXACT if exact else "") + position_key(board)
        found = self.values.get(key)
        if found is None and oracle is not None:
            if oracle.command != self.command:
                raise HexError(f"the cache is {self.command!r}'s, not {oracle.command!r}'s")
            found = oracle.solve(board) if exact else oracle.evaluate(board)
            self.values[key] = found
            self.searches += 1
        return found

    def to_dict(self) -> dict:
        return {
            "format": CACHE_FORMAT,
            "oracle": self.command,
            "values": {key: self.values[key].to_dict() for key in sorted(self.values)},
        }

    def save(self, path: Path) -> None:
        atomic_write_text(path, json.dumps(self.to_dict(), indent=0) + "\n")

    @classmethod
    def load(cls, path: Path, command: str | None = None) -> OracleCache:
        """The cache at ``path`` (a new one for ``command`` when there is no file); a file for
        another oracle than ``command`` is refused."""
        path = Path(path)
        if not path.exists():
            if command is None:
                raise HexError(f"{path}: no oracle cache")
            return cls(command)
        document = json.loads(path.read_text(encoding="utf-8"))
        if document.get("format") != CACHE_FORMAT:
            raise HexError(f"{path}: not a move-lab oracle cache ({CACHE_FORMAT})")
        if command is not None and document["oracle"] != command:
            raise HexError(f"{path} holds {document['oracle']!r}'s values, not {command!r}'s")
        values = {k: OracleValue.from_dict(v) for k, v in document["values"].items()}
        return cls(document["oracle"], values)


def after(board: Board, cell: int) -> Board:
    child = board.copy()
    child.play(cell)
    return child


def decided(value: OracleValue | None) -> bool:
    """Whether the oracle calls the position won or lost outright (a proof, or a search
    whose tree proved it): its value exactly 1 or 0."""
    return value is not None and value.value in (0.0, 1.0)


def needed_boards(board: Board, cells: Iterable[int], cache: OracleCache) -> list[Board]:
    """The positions whose oracle values the regrets of ``cells`` in ``board`` need, besides
    ``board`` itself (which must be in ``cache``): after the oracle's best move and after each
    of ``cells``. None in a position the oracle calls lost (every move loses); in one it calls
    won, each is to be solved (:meth:`OracleCache.get` with ``exact``)."""
    root = cache.get(board)
    if root is None or (decided(root) and root.value == 0.0):
        return []
    wanted = list(dict.fromkeys(cells))
    if root.best is not None:
        wanted = [root.best, *[c for c in wanted if c != root.best]]
    return [after(board, cell) for cell in wanted]


def evaluate_moves(board: Board, cells: Iterable[int], cache: OracleCache, oracle: Oracle) -> None:
    """Ask ``oracle`` (through ``cache``) for every value the regrets of ``cells`` need."""
    cells = list(cells)
    root = cache.get(board, oracle)
    exact = decided(root)
    for child in needed_boards(board, cells, cache):
        cache.get(child, oracle, exact=exact)


def move_value(board: Board, cell: int, cache: OracleCache, exact: bool = False) -> float | None:
    """The oracle's value of ``cell`` in ``board`` for the side to move there: one less the
    value of the position after it (for the other side; ``exact``: its proof); None when not
    known."""
    found = cache.get(after(board, cell), exact=exact)
    return None if found is None or found.value is None else 1.0 - found.value


def regret(board: Board, cell: int, cache: OracleCache) -> float | None:
    """The win probability ``cell`` gives away in ``board`` by the oracle (module docstring):
    the value of the oracle's best move less ``cell``'s; in a position the oracle calls lost
    0, in one it calls won 0 or 1 by a proof of the position after ``cell``. None when a value
    is missing or a proof did not settle."""
    root = cache.get(board)
    if root is None or root.best is None:
        return None
    if decided(root):
        if root.value == 0.0:
            return 0.0
        chosen = move_value(board, cell, cache, exact=True)
        return None if chosen is None else 1.0 - chosen
    best, chosen = move_value(board, root.best, cache), move_value(board, cell, cache)
    if best is None or chosen is None:
        return None
    return best - chosen


# --------------------------------------------------------------------------- players


@dataclass
class Run:
    """A run: each player's move (a cell name) in each position, by position ``id``, and
    the seconds each took (CPU of this process for our levels, wall time for ``gtp:``)."""

    positions_file: str
    oracle: str
    seed: int
    players: list[str] = field(default_factory=list)
    moves: dict[str, dict[str, str]] = field(default_factory=dict)
    seconds: dict[str, dict[str, float]] = field(default_factory=dict)
    machine: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        return {
            "format": RUN_FORMAT,
            "positions_file": self.positions_file,
            "oracle": self.oracle,
            "seed": self.seed,
            "players": self.players,
            "machine": self.machine,
            "moves": self.moves,
            "seconds": self.seconds,
        }

    @classmethod
    def from_dict(cls, data: dict) -> Run:
        if data.get("format") != RUN_FORMAT:
            raise HexError(f"not a move-lab run ({RUN_FORMAT})")
        return cls(
            data["positions_file"],
            data["oracle"],
            int(data["seed"]),
            list(data["players"]),
            {k: dict(v) for k, v in data["moves"].items()},
            {k: dict(v) for k, v in data["seconds"].items()},
            dict(data.get("machine", {})),
        )


def position_seed(seed: int, index: int) -> int:
    """The seed of a player's search in position ``index`` of a run seeded ``seed``: the
    same move whatever order the run takes."""
    from hexswarm.engine.players.levels import child_seed

    return child_seed(seed, index) % (2**31 - 1)


def player_move(spec: str, board: Board, seed: int, cache) -> tuple[str, float]:
    """``spec``'s move in ``board`` (a cell name) and the seconds it took."""
    from hexswarm.engine.tools.games import GTP_PREFIX, make_player

    player = make_player(spec, seed, cache, None)
    external = spec.startswith(GTP_PREFIX)
    clock = time.monotonic if external else time.process_time
    started = clock()
    move = player.choose(board.copy(), board.to_move)
    spent = clock() - started
    if not isinstance(move, int):
        raise HexError(f"{spec} answered {move!r} in a position of the lab")
    return board.cell_name(move), spent


def run_lab(
    positions: Sequence[LabPosition],
    run: Run,
    cache: OracleCache,
    oracle: Oracle,
    save: Callable[[], None],
    log: Callable[[str], None] = print,
) -> None:
    """Every player of ``run`` on each of ``positions`` (in order), then the oracle's values
    its regrets need; ``save`` after each position. Moves already in ``run`` are kept."""
    from hexswarm.engine.tools.games import PlayerCache

    engines = PlayerCache()
    try:
        for index, position in enumerate(positions):
            board = position.board()
            moves = run.moves.setdefault(position.id, {})
            seconds = run.seconds.setdefault(position.id, {})
            for spec in run.players:
                if spec not in moves:
                    seed = position_seed(run.seed, index)
                    moves[spec], seconds[spec] = player_move(spec, board, seed, engines)
            before = cache.searches
            started = time.monotonic()
            evaluate_moves(board, [board.cell_index(m) for m in moves.values()], cache, oracle)
            save()
            log(
                f"{index + 1}/{len(positions)} {position.id}: {cache.searches - before} "
                f"oracle searches, {time.monotonic() - started:.0f} s"
            )
    finally:
        engines.close()


# --------------------------------------------------------------------------- report


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean of ``values`` and its 95% interval (normal; the sample's spread)."""
    n = len(values)
    if n == 0:
        return math.nan, math.nan, math.nan
    mean = sum(values) / n
    if n == 1:
        return mean, math.nan, math.nan
    spread = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = Z_95 * spread / math.sqrt(n)
    return mean, mean - half, mean + half


def bucket_of(move_number: int) -> str | None:
    for low, high in BUCKETS:
        if low <= move_number <= high:
            return f"{low}-{high}"
    return None


def regret_rows(positions: Sequence[LabPosition], run: Run, cache: OracleCache) -> list[dict]:
    """Per position of ``run`` (the file's order): the oracle's best move and value, and per
    player its move, its regret (None when a value is missing) and whether it is a best move
    (the oracle's, or where the oracle calls the position won or lost, one that keeps that)."""
    rows = []
    for position in positions:
        moves = run.moves.get(position.id)
        if not moves:
            continue
        board = position.board()
        root = cache.get(board)
        best = None if root is None or root.best is None else board.cell_name(root.best)
        row: dict[str, Any] = {
            "id": position.id,
            "move_number": position.move_number,
            "mover": board.to_move.value,
            "oracle_best": best,
            "oracle_value": None if root is None else root.value,
            "oracle_how": None if root is None else root.how,
            "moves": dict(moves),
            "regret": {
                spec: regret(board, board.cell_index(move), cache) for spec, move in moves.items()
            },
        }
        # A best move: the oracle's, or in a position it calls won or lost one that keeps that.
        row["best"] = {
            spec: move == best or (decided(root) and row["regret"][spec] == 0.0)
            for spec, move in moves.items()
        }
        rows.append(row)
    return rows


def player_summary(rows: Sequence[dict], spec: str) -> dict:
    """Mean regret (95% interval), best-move share and blunder share (Wilson 95%)."""
    known = [r for r in rows if r["regret"].get(spec) is not None]
    values = [r["regret"][spec] for r in known]
    best = [r for r in known if r["best"][spec]]
    blunders = [v for v in values if v > BLUNDER]
    mean, low, high = mean_interval(values)
    n = len(values)
    return {
        "positions": n,
        "mean_regret": mean,
        "mean_regret_interval": [low, high],
        "best_share": len(best) / n if n else math.nan,
        "best_interval": list(wilson_interval(len(best), n)) if n else [math.nan, math.nan],
        "blunder_share": len(blunders) / n if n else math.nan,
        "blunder_interval": list(wilson_interval(len(blunders), n)) if n else [math.nan] * 2,
    }


def paired(rows: Sequence[dict], first: str, second: str) -> dict:
    """``first``'s regret less ``second``'s on the positions both have (negative: ``first``
    gives away less), with its 95% interval, the positions where either is better, the
    number of positions (in order) from which the interval excludes 0 for good (None: not
    by the last), and how many positions an interval excluding 0 would take at this mean and
    spread (``positions_needed``, a projection)."""
    differences = [
        r["regret"][first] - r["regret"][second]
        for r in rows
        if r["regret"].get(first) is not None and r["regret"].get(second) is not None
    ]
    mean, low, high = mean_interval(differences)
    separated = None
    for n in range(len(differences), 1, -1):
        _m, lo, hi = mean_interval(differences[:n])
        if not (lo > 0 or hi < 0):
            break
        separated = n
    half = (high - low) / 2
    # Positions for the interval to exclude 0 at this mean and spread: (z * sd / mean)**2.
    needed = None
    if differences and mean and not math.isnan(half):
        needed = math.ceil(len(differences) * (half / abs(mean)) ** 2)
    return {
        "first": first,
        "second": second,
        "positions": len(differences),
        "mean_difference": mean,
        "interval": [low, high],
        "positions_needed": needed,
        "first_better": sum(d < 0 for d in differences),
        "second_better": sum(d > 0 for d in differences),
        "separated_after": separated,
    }


def kind_of(row: dict) -> str:
    """``won`` or ``lost`` where the oracle calls the position decided, else ``open``."""
    return {1.0: "won", 0.0: "lost"}.get(row["oracle_value"], "open")


def summarize(rows: Sequence[dict], players: Sequence[str]) -> dict:
    """Per player (overall, by move-number bucket, by :func:`kind_of`) and per pair."""
    by_bucket = {}
    for low, high in BUCKETS:
        label = f"{low}-{high}"
        group = [r for r in rows if bucket_of(r["move_number"]) == label]
        by_bucket[label] = {spec: player_summary(group, spec) for spec in players}
    by_kind = {}
    for kind in ("open", "won", "lost"):
        group = [r for r in rows if kind_of(r) == kind]
        by_kind[kind] = {spec: player_summary(group, spec) for spec in players}
    open_rows = [r for r in rows if kind_of(r) == "open"]
    return {
        "players": {spec: player_summary(rows, spec) for spec in players},
        "by_bucket": by_bucket,
        "by_kind": by_kind,
        "pairs": [paired(rows, a, b) for i, a in enumerate(players) for b in players[i + 1 :]],
        "pairs_open": [
            paired(open_rows, a, b) for i, a in enumerate(players) for b in players[i + 1 :]
        ],
    }


def costs(run: Run, cache: OracleCache) -> dict:
    """What the run cost: per player its mean seconds a move (CPU of this process for our
    levels, wall time for ``gtp:`` players), and the oracle's calls (searches and proofs)
    with their mean and total CPU seconds (of the oracle's process) and wall seconds."""
    players = {}
    for spec in run.players:
        spent = [s[spec] for s in run.seconds.values() if spec in s]
        players[spec] = {"moves": len(spent), "mean_seconds": sum(spent) / max(len(spent), 1)}
    calls = [v for v in cache.values.values() if v.how != "terminal"]
    cpu = [v.cpu_seconds for v in calls if v.cpu_seconds is not None]
    searched = [v for v in calls if v.how == "search" and v.cpu_seconds is not None]
    return {
        "players": players,
        "oracle_calls": len(calls),
        "oracle_searches": sum(v.how == "search" for v in calls),
        "oracle_mean_cpu_seconds": sum(cpu) / len(cpu) if cpu else None,
        "oracle_search_mean_cpu_seconds": (
            sum(v.cpu_seconds or 0.0 for v in searched) / len(searched) if searched else None
        ),
        "oracle_search_mean_visits": (
            sum(v.visits for v in searched) / len(searched) if searched else None
        ),
        "oracle_cpu_seconds_counted": sum(cpu),
        "oracle_calls_with_cpu": len(cpu),
        "oracle_wall_seconds": sum(v.seconds for v in calls),
    }


def _f(value: float, digits: int = 3) -> str:
    return "-" if value is None or math.isnan(value) else f"{value:.{digits}f}"


def markdown(summary: dict, names: dict[str, str]) -> str:
    lines = [
        "| player | positions | mean regret [95%] | oracle's move [95%] | blunders > "
        f"{BLUNDER:g} [95%] |",
        "|---|---|---|---|---|",
    ]
    for spec, s in summary["players"].items():
        lo, hi = s["mean_regret_interval"]
        lines.append(
            f"| {names[spec]} | {s['positions']} | {_f(s['mean_regret'])} [{_f(lo)}, {_f(hi)}] "
            f"| {_f(s['best_share'], 2)} [{_f(s['best_interval'][0], 2)}, "
            f"{_f(s['best_interval'][1], 2)}] | {_f(s['blunder_share'], 2)} "
            f"[{_f(s['blunder_interval'][0], 2)}, {_f(s['blunder_interval'][1], 2)}] |"
        )
    lines += ["", "Mean regret by move number:", ""]
    labels = list(summary["by_bucket"])
    lines.append("| player | " + " | ".join(f"moves {b}" for b in labels) + " |")
    lines.append("|---|" + "---|" * len(labels))
    for spec in summary["players"]:
        cells = []
        for label in labels:
            s = summary["by_bucket"][label][spec]
            cells.append(f"{_f(s['mean_regret'])} ({s['positions']})")
        lines.append(f"| {names[spec]} | " + " | ".join(cells) + " |")
    lines += ["", "By what the oracle calls the position (mean regret; blunders):", ""]
    kinds = list(summary["by_kind"])
    lines.append("| player | " + " | ".join(kinds) + " |")
    lines.append("|---|" + "---|" * len(kinds))
    for spec in summary["players"]:
        cells = []
        for kind in kinds:
            s = summary["by_kind"][kind][spec]
            blunders = round(s["blunder_share"] * s["positions"]) if s["positions"] else 0
            cells.append(f"{_f(s['mean_regret'])}; {blunders} of {s['positions']}")
        lines.append(f"| {names[spec]} | " + " | ".join(cells) + " |")
    lines += _pair_table(summary["pairs"], names, "all positions")
    lines += _pair_table(summary["pairs_open"], names, "positions the oracle calls open")
    return "\n".join(lines) + "\n"


def _pair_table(pairs: Sequence[dict], names: dict[str, str], label: str) -> list[str]:
    lines = [
        "",
        f"Paired, {label}: first's regret less second's on the same positions (negative: "
        "first better):",
        "",
        "| first | second | positions | difference [95%] | first better / second better "
        "| separated after | needed at this effect |",
        "|---|---|---|---|---|---|---|",
    ]
    for p in pairs:
        lo, hi = p["interval"]
        lines.append(
            f"| {names[p['first']]} | {names[p['second']]} | {p['positions']} | "
            f"{_f(p['mean_difference'])} [{_f(lo)}, {_f(hi)}] | {p['first_better']} / "
            f"{p['second_better']} | {p['separated_after'] or '-'} | "
            f"{p['positions_needed'] or '-'} |"
        )
    return lines


def board_of_key(key: str) -> Board:
    """The position a :func:`position_key` names (its stones; the side to move follows from
    them in a game without swap, and must match)."""
    size, stones, to_move = key.split(":")
    n = int(size)
    board = Board(n)
    black = [c for c, s in enumerate(stones) if s == "B"]
    white = [c for c, s in enumerate(stones) if s == "W"]
    for b, w in zip(black, white, strict=False):
        board.play(b)
        board.play(w)
    for cell in black[len(white) :] + white[len(black) :]:
        board.play(cell)
    if position_key(board) != key:
        raise HexError(f"{key!r} is not a position of a game without swap")
    return board


def repeat_searches(
    cache: OracleCache, oracle: Oracle, count: int, seed: int, log: Callable[[str], None] = print
) -> list[dict]:
    """The oracle's noise: ``count`` of the positions ``cache`` holds a search of (chosen by
    ``seed``) searched again by ``oracle`` (the same budget and another seed, say); per
    position the two values and best moves."""
    keys = sorted(
        k
        for k, v in cache.values.items()
        if v.how == "search" and v.value is not None and 0 < v.value < 1
    )
    random.Random(seed).shuffle(keys)
    rows = []
    for index, key in enumerate(keys[:count]):
        again = oracle.evaluate(board_of_key(key))
        first = cache.values[key]
        rows.append(
            {
                "key": key,
                "value": first.value,
                "again": again.value,
                "best": first.best,
                "best_again": again.best,
                "how_again": again.how,
            }
        )
        if (index + 1) % 10 == 0:
            log(f"{index + 1}/{count}")
    return rows


def repeat_summary(rows: Sequence[dict]) -> dict:
    """Mean absolute difference of two searches' values, the standard deviation of one
    search's value (the differences' over the square root of 2) and how often the best moves
    agree, over the rows both searched."""
    pairs = [r for r in rows if r["again"] is not None and r["how_again"] == "search"]
    differences = [r["again"] - r["value"] for r in pairs]
    n = len(differences)
    if n < 2:
        return {"positions": n}
    mean = sum(differences) / n
    spread = math.sqrt(sum((d - mean) ** 2 for d in differences) / (n - 1))
    return {
        "positions": n,
        "mean_difference": mean,
        "mean_absolute_difference": sum(abs(d) for d in differences) / n,
        "one_search_sd": spread / math.sqrt(2),
        "same_best": sum(r["best"] == r["best_again"] for r in pairs) / n,
    }


# --------------------------------------------------------------------------- command line


def machine() -> dict:
    return {
        "host": platform.node(),
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "load": list(os.getloadavg()),
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
    }


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=PROG, description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    pos = sub.add_parser("positions", help="pick positions from games against MoHex")
    pos.add_argument("folders", nargs="*", type=Path, help=f"default: {MOHEX_FOLDERS}/*")
    pos.add_argument("--out", type=Path, required=True)
    pos.add_argument("--size", type=int, default=9)
    pos.add_argument("--first", type=int, default=3, help="first move number (default 3)")
    pos.add_argument("--last", type=int, default=20, help="last move number (default 20)")
    pos.add_argument("--count", type=int, default=300)
    pos.add_argument("--seed", type=int, default=13)
    run = sub.add_parser("run", help="players' moves and the oracle's values")
    run.add_argument("positions", type=Path)
    run.add_argument("--out", type=Path, required=True, help="the run file (continued)")
    run.add_argument("--cache", type=Path, required=True, help="the oracle cache (JSON)")
    run.add_argument("--player", action="append", default=[], help="a player spec (repeat)")
    run.add_argument("--oracle", default=ORACLE, help=f"default: {ORACLE}")
    run.add_argument("--limit", type=int, default=None, help="only the first N positions")
    run.add_argument("--seed", type=int, default=13)
    again = sub.add_parser("repeat", help="the oracle's noise: cached searches done again")
    again.add_argument("--cache", type=Path, required=True)
    again.add_argument("--oracle", required=True, help="the same budget with another seed")
    again.add_argument("--count", type=int, default=60)
    again.add_argument("--seed", type=int, default=1)
    again.add_argument("--out", type=Path, required=True)
    rep = sub.add_parser("report", help="regrets, per player and paired")
    rep.add_argument("run", type=Path)
    rep.add_argument("--cache", type=Path, required=True)
    rep.add_argument("--json", type=Path, help="write per-position regrets and the summary")
    rep.add_argument("--name", action="append", default=[], help="SPEC=SHORT NAME (repeat)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    options = build_parser().parse_args(argv)
    command_line = shlex.join([PROG, *(sys.argv[1:] if argv is None else list(argv))])
    if options.command == "positions":
        folders = options.folders or default_folders()
        candidates = list(match_positions(folders, options.size, options.first, options.last))
        picked = pick_positions(candidates, options.count, options.seed)
        document = {
            "format": POSITIONS_FORMAT,
            "command": command_line,
            "folders": [str(f) for f in folders],
            "candidates": len(candidates),
            "seed": options.seed,
            "positions": [p.to_dict() for p in picked],
        }
        atomic_write_text(options.out, json.dumps(document, indent=1) + "\n")
        print(f"{len(picked)} positions of {len(candidates)} (distinct: by seed {options.seed})")
        return 0
    if options.command == "run":
        positions = load_positions(options.positions)[: options.limit]
        if options.out.exists():
            run = Run.from_dict(json.loads(options.out.read_text(encoding="utf-8")))
            if run.oracle != options.oracle or run.seed != options.seed:
                raise SystemExit(f"{options.out} was run with another oracle or seed")
        else:
            run = Run(str(options.positions), options.oracle, options.seed)
        run.players += [spec for spec in options.player if spec not in run.players]
        run.machine = machine()
        cache = OracleCache.load(options.cache, options.oracle)
        from hexswarm.engine.warmup import warm_up

        warm_up()
        oracle = MohexOracle(options.oracle)

        def save() -> None:
            atomic_write_text(options.out, json.dumps(run.to_dict(), indent=0) + "\n")
            cache.save(options.cache)

        try:
            run_lab(positions, run, cache, oracle, save, log=lambda t: print(t, flush=True))
        finally:
            oracle.close()
        return 0
    if options.command == "repeat":
        cache = OracleCache.load(options.cache)
        oracle = MohexOracle(options.oracle)
        try:
            rows = repeat_searches(cache, oracle, options.count, options.seed)
        finally:
            oracle.close()
        summary = repeat_summary(rows)
        document = {
            "command": command_line,
            "cache_oracle": cache.command,
            "oracle": options.oracle,
            "machine": machine(),
            "summary": summary,
            "rows": rows,
        }
        atomic_write_text(options.out, json.dumps(document, indent=1) + "\n")
        print(json.dumps(summary, indent=1))
        return 0
    run = Run.from_dict(json.loads(options.run.read_text(encoding="utf-8")))
    cache = OracleCache.load(options.cache, run.oracle)
    positions = load_positions(Path(run.positions_file))
    rows = regret_rows(positions, run, cache)
    summary = summarize(rows, run.players)
    names = {spec: spec for spec in run.players}
    for item in options.name:
        spec, _, short = item.rpartition("=")
        names[spec] = short
    print(markdown(summary, names), end="")
    spent = costs(run, cache)
    print(
        f"\nOracle: {spent['oracle_calls']} calls ({spent['oracle_searches']} searches), "
        f"{_f(spent['oracle_mean_cpu_seconds'], 2)} CPU s each "
        f"({spent['oracle_calls_with_cpu']} measured), {spent['oracle_wall_seconds']:.0f} s wall; "
        f"a search {_f(spent['oracle_search_mean_cpu_seconds'], 2)} CPU s, "
        f"{_f(spent['oracle_search_mean_visits'], 0)} visits"
    )
    for spec, cost in spent["players"].items():
        print(f"{names[spec]}: {cost['mean_seconds']:.2f} s a move over {cost['moves']}")
    if options.json:
        document = {"command": command_line, "costs": spent, "summary": summary, "rows": rows}
        atomic_write_text(options.json, json.dumps(document, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

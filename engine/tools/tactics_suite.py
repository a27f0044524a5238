"""A tactics suite with exact answers, and a benchmark that runs any player over it.

::

    python -m hexswarm.engine.tools.tactics_suite run "sdst" --time 1   # hit rate per category
    python -m hexswarm.engine.tools.tactics_suite generate --seed 1 --out suite.json
    python -m hexswarm.engine.tools.tactics_suite generate --suite-kind hard --seed 1
    python -m hexswarm.engine.tools.tactics_suite run strong --time 1 --suite hard.json

Every position has the side to move winning, and its set of winning moves comes from the exact
solver (:mod:`engine.solver`); a player *hits* when its move is in that set. The categories
(4x4 to 7x7, positions from seeded random play, the edge templates planted in it; ours):

``bridge``
    the opponent has just played into one of our bridges (two stones sharing exactly two empty
    neighbours); restoring it wins, and most other moves lose.
``template2``
    the opponent has just played into our edge template II (a stone on the second row with the
    two edge cells below it empty); the other edge cell wins.
``template3``
    the opponent has just played into the carrier of our edge template III (the *ziggurat*: a
    stone on the third row, 8 empty cells; both mirror forms, each checked minimal with the
    solver in the tests); only some replies keep the position won.
``must-block``
    the opponent has exactly one cell that wins at once, and we win after blocking it.
``mc-trap``
    flat Monte-Carlo (4 000 uniform playouts per move, one fixed seed) prefers a losing move.

Intrusion positions keep only won positions where the opponent has no immediate win (those are
must-blocks) and at most a third of the moves win; no position has a win in one for the side to
move. Generation is deterministic: the same seed gives the same file.

The *hard* suite (profile :data:`HARD`, ``resources/tactics/hard.json``) has the same categories
and filters on 7x7 and 8x8 with more empty cells, closer to the 7x7-9x9 positions a larger
solver can prove: its solver may spend 20 M nodes a candidate, where ``tactics=solve`` in a
player stops at 1 M nodes a second of its time limit (300 000 with more than 30 empty cells;
``engine.players.tactics.solver_budget``).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import shlex
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from hexswarm.engine.board import (
    BLACK,
    BLACK_STONE,
    EMPTY,
    WHITE,
    WHITE_STONE,
    Board,
    Color,
    HexError,
)
from hexswarm.engine.players.tactics import immediate_wins
from hexswarm.engine.solver import SolverBudgetExceeded, solve, winning_moves
from hexswarm.engine.tools.stats import wilson_interval
from hexswarm.resources import resource_path

SUITE_FORMAT = 1
# Shipped as package data (resources/tactics/suite.json) so an installed copy can run it.
DEFAULT_SUITE = Path(str(resource_path("tactics", "suite.json")))
CATEGORIES = ("bridge", "template2", "template3", "must-block", "mc-trap")
SIZES = (4, 5, 6, 7)
# Positions per (category, size); template III needs three rows and room beside the stone.
TARGETS = {"bridge": 6, "template2": 5, "template3": 4, "must-block": 5, "mc-trap": 6}
# Empty cells left after the random opening, per size: small enough for the solver.
EMPTIES = {4: (6, 11), 5: (9, 16), 6: (13, 20), 7: (17, 23)}
SOLVER_BUDGET = 1_000_000  # keeps every position quick to re-solve in the tests
SOLVER_TABLE_BITS = 20
MC_TRAP_PLAYOUTS = 4_000
MC_TRAP_SEED = 12_345
ATTEMPTS = 4_000

# Edge templates for a Black stone near the top edge, as (row, column) offsets from the stone.
TEMPLATE_II = ((-1, 0), (-1, 1))
ZIGGURATS = (
    ((0, 1), (-1, 0), (-1, 1), (-1, 2), (-2, 0), (-2, 1), (-2, 2), (-2, 3)),
    ((0, -1), (-1, -1), (-1, 0), (-1, 1), (-2, -1), (-2, 0), (-2, 1), (-2, 2)),
)


@dataclass(frozen=True, slots=True)
class SuiteProfile:
    """What a generated suite holds and how hard the solver may work on each candidate; the
    solver's budget and table size decide which candidates are kept, so they are part of it."""

    kind: str
    path: Path
    sizes: tuple[int, ...]
    empties: dict[int, tuple[int, int]]
    targets: dict[str, int]
    budget: int
    table_bits: int
    attempts: int
    id_prefix: str = ""
    command_option: str = ""


DEFAULT_PROFILE = SuiteProfile(
    "default", DEFAULT_SUITE, SIZES, EMPTIES, TARGETS, SOLVER_BUDGET, SOLVER_TABLE_BITS, ATTEMPTS
)
HARD_SUITE = Path(str(resource_path("tactics", "hard.json")))
# More empty cells than the default suite, as many as keep generation under half an hour: most
# 7x7 candidates with 31 empties need over 50 M nodes, 8x8 intrusions with 28 often over 20 M.
HARD = SuiteProfile(
    kind="hard",
    path=HARD_SUITE,
    sizes=(7, 8),
    empties={7: (24, 27), 8: (26, 29)},
    targets={"bridge": 5, "template2": 4, "template3": 4, "must-block": 4, "mc-trap": 5},
    budget=20_000_000,
    table_bits=23,
    attempts=ATTEMPTS,
    id_prefix="hard-",
    command_option="--suite-kind hard ",
)
PROFILES = {profile.kind: profile for profile in (DEFAULT_PROFILE, HARD)}


@dataclass(frozen=True, slots=True)
class TacticsPosition:
    """One suite entry: ``rows`` of ``.``/``B``/``W``, the side to move, its winning cells."""

    id: str
    category: str
    size: int
    to_move: str
    rows: tuple[str, ...]
    winning: tuple[str, ...]
    hint: str = ""

    def board(self) -> Board:
        return Board.from_rows(self.rows, to_move=self.to_move)

    def winning_cells(self) -> set[int]:
        board = Board(self.size)
        return {board.cell_index(name) for name in self.winning}

    def to_dict(self) -> dict:
        return {
            "id": self.id,
            "category": self.category,
            "size": self.size,
            "to_move": self.to_move,
            "rows": list(self.rows),
            "winning": list(self.winning),
            "hint": self.hint,
        }

    @classmethod
    def from_dict(cls, data: dict) -> TacticsPosition:
        return cls(
            id=str(data["id"]),
            category=str(data["category"]),
            size=int(data["size"]),
            to_move=str(data["to_move"]),
            rows=tuple(data["rows"]),
            winning=tuple(data["winning"]),
            hint=str(data.get("hint", "")),
        )


def load_suite(path: Path | str = DEFAULT_SUITE) -> list[TacticsPosition]:
    """The positions of a suite file written by :func:`generate`."""
    try:
        document = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise HexError(f"no tactics suite at {path}") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise HexError(f"cannot read the tactics suite {path}: {error}") from None
    if not isinstance(document, dict) or document.get("format") != SUITE_FORMAT:
        raise HexError(f"{path}: not a tactics suite of format {SUITE_FORMAT}")
    return [TacticsPosition.from_dict(item) for item in document["positions"]]


# --------------------------------------------------------------------------- geometry


def _oriented(size: int, color: Color, row: int, col: int, orientation: int) -> tuple[int, int]:
    """Map a cell given for Black near the top edge to ``color``'s edge ``orientation`` (0: top
    or left, 1: bottom or right). Rotating by 180 degrees and mirroring across the long diagonal
    both keep the hex neighbourhoods."""
    if orientation == 1:
        row, col = size - 1 - row, size - 1 - col
    if color is WHITE:
        row, col = col, row
    return row, col


def _template_placements(size: int, color: Color, third_row: bool) -> list[tuple[int, list[int]]]:
    """``(stone, carrier)`` for every placement of an edge template on ``color``'s edges."""
    shapes = ZIGGURATS if third_row else (TEMPLATE_II,)
    stone_row = 2 if third_row else 1
    placements = []
    for orientation in (0, 1):
        for shape in shapes:
            for col in range(size):
                cells = [(stone_row, col)] + [(stone_row + dr, col + dc) for dr, dc in shape]
                if not all(0 <= r < size and 0 <= c < size for r, c in cells):
                    continue
                mapped = [_oriented(size, color, r, c, orientation) for r, c in cells]
                indices = [r * size + c for r, c in mapped]
                placements.append((indices[0], indices[1:]))
    return placements


def _bridges(board: Board, stone: int) -> list[tuple[int, int, int, int]]:
    """``(a, b, x, y)``: stones ``a < b`` of code ``stone`` sharing exactly the two empty
    neighbours ``x`` and ``y`` and not adjacent (a bridge)."""
    neighbours = [{int(n) for n in row if n >= 0} for row in board.neighbours]
    stones = [c for c in range(board.size * board.size) if board.cells[c] == stone]
    found = []
    for i, a in enumerate(stones):
        for b in stones[i + 1 :]:
            if b in neighbours[a]:
                continue
            common = sorted(neighbours[a] & neighbours[b])
            if len(common) == 2 and all(board.cells[c] == EMPTY for c in common):
                found.append((a, b, common[0], common[1]))
    return found


# --------------------------------------------------------------------------- generation


def _random_opening(rng: random.Random, size: int, empties: int) -> Board | None:
    board = Board(size)
    cells = list(range(size * size))
    rng.shuffle(cells)
    for cell in cells[: size * size - empties]:
        board.play(cell)
        if board.is_over:
            return None
    return board


def _solved(board: Board, profile: SuiteProfile) -> set[int] | None:
    try:
        return winning_moves(board, budget=profile.budget, table_bits=profile.table_bits)
    except SolverBudgetExceeded:
        return None


def _may_win_by_keeping(board: Board, keep: list[int], profile: SuiteProfile) -> bool:
    """A cheap necessary condition checked before solving every move: a lone cell to keep must
    win, a larger carrier needs a won position. Most candidates fail here in a fraction of the
    time the full solve takes (on 8x8 one in ten of its budget)."""
    try:
        if len(keep) == 1:
            after = board.copy()
            after.play(keep[0])
            return not solve(after, profile.budget, profile.table_bits)[0]
        return solve(board, profile.budget, profile.table_bits)[0]
    except SolverBudgetExceeded:
        return False


def _tactical(board: Board, winning: set[int]) -> bool:
    """Won, not by a single stone, and most moves lose."""
    return bool(winning) and len(winning) <= max(1, board.empty_count // 3)


def _no_one_move_tactics(board: Board) -> bool:
    mover = board.to_move
    return not immediate_wins(board, mover) and not immediate_wins(board, mover.opponent)


def _intrusion(
    rng: random.Random, board: Board, category: str
) -> tuple[Board, list[int], str] | None:
    """The opponent (to move in ``board``) plays into one of our structures; returns the new
    position, with us to move, the structure's cells still empty, and a hint naming it."""
    us = board.to_move.opponent
    stone_code = us.stone
    options: list[tuple[int, list[int], str]] = []  # (intruded cell, cells to keep, hint)
    if category == "bridge":
        for a, b, x, y in _bridges(board, stone_code):
            for into, other in ((x, y), (y, x)):
                label = f"bridge {board.cell_name(a)}-{board.cell_name(b)}"
                options.append((into, [other], f"{label} intruded at {board.cell_name(into)}"))
    else:
        third = category == "template3"
        for stone, carrier in _template_placements(board.size, us, third):
            if board.cells[stone] != stone_code or any(board.cells[c] != EMPTY for c in carrier):
                continue
            kind = "III" if third else "II"
            for into in carrier:
                rest = [c for c in carrier if c != into]
                hint = f"template {kind} of {board.cell_name(stone)} intruded at "
                options.append((into, rest, hint + board.cell_name(into)))
    if not options:
        return None
    into, keep, hint = options[rng.randrange(len(options))]
    after = board.copy()
    after.play(into)
    if after.is_over:
        return None
    return after, keep, hint


def _flat_monte_carlo_choice(board: Board) -> int:
    from hexswarm.engine.players.common import cell_labels
    from hexswarm.engine.search.environment import hex_environment
    from hexswarm.engine.search.limits import SearchLimits
    from hexswarm.engine.search.montecarlo import MonteCarloSearch

    env = hex_environment(board)
    limits = SearchLimits(iterations=MC_TRAP_PLAYOUTS)  # playouts after each move
    result = MonteCarloSearch(threads=1, seed=MC_TRAP_SEED).run(env, limits)
    return int(cell_labels(env)[result.best_action])


def _planted_opening(rng: random.Random, size: int, empties: int, third_row: bool) -> Board | None:
    """A random opening in which one side holds an edge template with its carrier empty, and
    the other side is to move (template III carriers rarely survive random play)."""
    us = BLACK if rng.random() < 0.5 else WHITE
    placements = _template_placements(size, us, third_row)
    if not placements:
        return None
    stone, carrier = placements[rng.randrange(len(placements))]
    plies = size * size - empties
    if (plies % 2 == 0) == (us is BLACK):  # the opponent must be to move afterwards
        plies -= 1
    free = [c for c in range(size * size) if c != stone and c not in carrier]
    rng.shuffle(free)
    ours = [i for i in range(plies) if (i % 2 == 0) == (us is BLACK)]
    if plies < 1 or not ours:
        return None
    sequence = free[: plies - 1]
    sequence.insert(ours[rng.randrange(len(ours))], stone)
    board = Board(size)
    for cell in sequence:
        board.play(cell)
        if board.is_over:
            return None
    return board


def _candidate(
    rng: random.Random, category: str, size: int, profile: SuiteProfile = DEFAULT_PROFILE
) -> tuple[Board, set[int], str] | None:
    low, high = profile.empties[size]
    empties = rng.randint(low, high)
    if category in ("bridge", "template2", "template3"):
        if category == "bridge":
            board = _random_opening(rng, size, empties + 1)
        else:
            board = _planted_opening(rng, size, empties + 1, category == "template3")
        if board is None:
            return None
        made = _intrusion(rng, board, category)
        if made is None:
            return None
        board, keep, hint = made
        if not _no_one_move_tactics(board) or not _may_win_by_keeping(board, keep, profile):
            return None
        winning = _solved(board, profile)
        if winning is None or not _tactical(board, winning) or not winning & set(keep):
            return None
        return board, winning, hint
    board = _random_opening(rng, size, empties)
    if board is None:
        return None
    mover = board.to_move
    if category == "must-block":
        threats = immediate_wins(board, mover.opponent)
        if len(threats) != 1 or immediate_wins(board, mover):
            return None
        winning = _solved(board, profile)
        if not winning:
            return None
        return board, winning, f"block {board.cell_name(threats[0])}"
    if not _no_one_move_tactics(board):
        return None
    winning = _solved(board, profile)
    if winning is None or not _tactical(board, winning):
        return None
    choice = _flat_monte_carlo_choice(board)
    if choice in winning:
        return None
    return board, winning, f"flat Monte-Carlo plays {board.cell_name(choice)}"


def _rows(board: Board) -> tuple[str, ...]:
    symbols = {EMPTY: ".", BLACK_STONE: "B", WHITE_STONE: "W"}
    n = board.size
    return tuple(
        "".join(symbols[int(v)] for v in board.cells[r * n : (r + 1) * n]) for r in range(n)
    )


def generate(
    seed: int,
    log: Callable[[str], None] = lambda text: None,
    profile: SuiteProfile = DEFAULT_PROFILE,
) -> list[TacticsPosition]:
    """The suite for ``seed``: ``profile.targets`` positions per category and size (fewer where
    ``profile.attempts`` random tries do not find them)."""
    positions = []
    seen: set[tuple[tuple[str, ...], str]] = set()
    for category in CATEGORIES:
        for size in profile.sizes:
            started = time.perf_counter()
            rng = random.Random(f"{seed}-{category}-{size}")
            found = 0
            for _attempt in range(profile.attempts):
                if found == profile.targets[category]:
                    break
                made = _candidate(rng, category, size, profile)
                if made is None:
                    continue
                board, winning, hint = made
                key = (_rows(board), board.to_move.value)
                if key in seen:
                    continue
                seen.add(key)
                found += 1
                positions.append(
                    TacticsPosition(
                        id=f"{profile.id_prefix}{category}-{size}x{size}-{found:02d}",
                        category=category,
                        size=size,
                        to_move=board.to_move.value,
                        rows=key[0],
                        winning=tuple(sorted(board.cell_name(c) for c in winning)),
                        hint=hint,
                    )
                )
            elapsed = time.perf_counter() - started
            log(f"{category} {size}x{size}: {found} positions in {elapsed:.0f} s")
    return positions


def write_suite(
    positions: list[TacticsPosition],
    path: Path,
    seed: int,
    profile: SuiteProfile = DEFAULT_PROFILE,
) -> None:
    arguments = f"{profile.command_option}--seed {seed} --out {path.as_posix()}"
    document = {
        "format": SUITE_FORMAT,
        "command": f"python -m hexswarm.engine.tools.tactics_suite generate {arguments}",
        "seed": seed,
        "positions": [p.to_dict() for p in positions],
    }
    path.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")


# --------------------------------------------------------------------------- benchmark


@dataclass(frozen=True, slots=True)
class CategoryResult:
    category: str
    hits: int
    positions: int

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.hits, self.positions)


def run_suite(
    spec: str,
    positions: list[TacticsPosition],
    time_s: float | None,
    seed: int = 1,
    log: Callable[[str], None] = lambda text: None,
    records: list[dict] | None = None,
) -> list[CategoryResult]:
    """Hits per category (and ``"all"`` last) of the player ``spec`` over ``positions``.
    ``time_s`` replaces the spec's time limit; ``threads`` is 1 unless the spec names it.
    ``gtp:COMMAND LINE`` runs an external engine (e.g. MoHex) with its own limits.
    ``records``, when given, receives one dict per position (id, category, size, the move
    played, hit, seconds taken)."""
    player = _player(spec, time_s, seed)
    try:
        return _run_player(player, positions, log, records)
    finally:
        close = getattr(player, "close", None)
        if close is not None:
            close()


def _player(spec: str, time_s: float | None, seed: int):
    """The player of ``spec``: one of ours, or an external engine for ``gtp:COMMAND LINE``
    (its command line sets its own budget and seed; ``time_s`` and ``seed`` are ours only)."""
    from hexswarm.engine.players import create_player
    from hexswarm.engine.players.external import (
        GTP_PREFIX,
        EngineConfig,
        ExternalEnginePlayer,
    )
    from hexswarm.engine.players.levels import one_thread_unless_named
    from hexswarm.engine.warmup import warm_up

    if spec.startswith(GTP_PREFIX):
        config = EngineConfig("gtp", spec[len(GTP_PREFIX) :])
        if problems := config.problems():
            raise HexError(f"{spec!r}: {'; '.join(problems)}")
        return ExternalEnginePlayer(config, spec_text=spec)
    # Kernels loaded first: a first position searched while they load gets a fraction of its
    # time (at 1 s a move, one iteration).
    warm_up()
    overrides: dict = {"seed": seed, **one_thread_unless_named(spec)}
    if time_s is not None:
        overrides["time_s"] = time_s
    return create_player(spec, **overrides)


def _run_player(
    player,
    positions: list[TacticsPosition],
    log: Callable[[str], None],
    records: list[dict] | None,
) -> list[CategoryResult]:
    hits: dict[str, list[int]] = {c: [0, 0] for c in CATEGORIES}
    for position in positions:
        board = position.board()
        started = time.perf_counter()
        move = player.choose_move(board).move
        seconds = time.perf_counter() - started
        hit = move in position.winning_cells()
        if records is not None:
            records.append(
                {
                    "id": position.id,
                    "category": position.category,
                    "size": position.size,
                    "move": board.cell_name(move) if isinstance(move, int) else str(move),
                    "hit": hit,
                    "seconds": round(seconds, 3),
                }
            )
        counts = hits.setdefault(position.category, [0, 0])
        counts[0] += int(hit)
        counts[1] += 1
        log(f"{position.id}: {'hit' if hit else 'miss'}")
    results = [CategoryResult(c, h, n) for c, (h, n) in hits.items() if n]
    results.append(
        CategoryResult("all", sum(r.hits for r in results), sum(r.positions for r in results))
    )
    return results


def results_table(spec: str, time_s: float | None, results: list[CategoryResult]) -> str:
    budget = "the spec's own limits" if time_s is None else f"{time_s:g} s a move"
    lines = [
        f"`{spec}`, {budget}, one thread",
        "",
        "| category | hits | positions | hit rate [95% CI] |",
        "|---|---:|---:|---|",
    ]
    for r in results:
        low, high = r.interval
        rate = r.hits / r.positions
        lines.append(
            f"| {r.category} | {r.hits} | {r.positions} | {rate:.2f} [{low:.2f}, {high:.2f}] |"
        )
    return "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m hexswarm.engine.tools.tactics_suite",
        description="Run a player over the tactics suite, or regenerate the suite.",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("run", help="hit rate of a player spec per category")
    run.add_argument("spec", help="player spec, e.g. sdst or uct:tactics=on")
    run.add_argument("--time", type=float, default=None, help="seconds per move")
    run.add_argument("--suite", type=Path, default=DEFAULT_SUITE, help="suite file")
    run.add_argument("--seed", type=int, default=1, help="player seed (default 1)")
    run.add_argument("--verbose", action="store_true", help="one line per position")
    run.add_argument(
        "--json", type=Path, default=None, help="also write every position's move and hit here"
    )
    make = commands.add_parser("generate", help="write the suite (deterministic per seed)")
    make.add_argument("--seed", type=int, default=1)
    make.add_argument(
        "--suite-kind",
        choices=sorted(PROFILES),
        default=DEFAULT_PROFILE.kind,
        help="default: 4x4-7x7 (suite.json); hard: 7x7-8x8 with more empty cells (hard.json)",
    )
    make.add_argument("--out", type=Path, default=None, help="default: the kind's shipped file")
    return parser


def main(argv: Iterable[str] | None = None) -> int:
    options = build_parser().parse_args(None if argv is None else list(argv))

    def log(text: str) -> None:
        print(text, file=sys.stderr, flush=True)

    try:
        if options.command == "generate":
            started = time.perf_counter()
            profile = PROFILES[options.suite_kind]
            out = profile.path if options.out is None else options.out
            positions = generate(options.seed, log, profile)
            write_suite(positions, out, options.seed, profile)
            log(f"{len(positions)} positions in {time.perf_counter() - started:.0f} s")
            return 0
        positions = load_suite(options.suite)
        load_before = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
        records: list[dict] = []
        results = run_suite(
            options.spec,
            positions,
            options.time,
            options.seed,
            log if options.verbose else lambda text: None,
            records,
        )
    except HexError as error:
        print(f"python -m hexswarm.engine.tools.tactics_suite: {error}", file=sys.stderr)
        return 2
    print(results_table(options.spec, options.time, results))
    if options.json is not None:
        document = {
            "command": "python -m hexswarm.engine.tools.tactics_suite "
            + " ".join(shlex.quote(a) for a in (sys.argv[1:] if argv is None else argv)),
            "spec": options.spec,
            "time_s": options.time,
            "seed": options.seed,
            "suite": options.suite.name,
            "machine": f"{platform.machine()}, {os.cpu_count()} cores, "
            f"Python {platform.python_version()}",
            "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
            "load_average_before_after": [
                load_before,
                os.getloadavg()[0] if hasattr(os, "getloadavg") else None,
            ],
            "positions": records,
        }
        options.json.parent.mkdir(parents=True, exist_ok=True)
        options.json.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())

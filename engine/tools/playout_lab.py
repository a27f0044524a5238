"""An evaluator lab for playout policies (ours; issue 29, items 3 and 5).

A playout policy is an evaluator: the share of its playouts that the side to move wins is its
estimate of the position's value. This lab measures that estimate on positions whose result
is known exactly, so that policies can be compared without a match (Silver and Tesauro,
"Monte-Carlo simulation balance", 2009: what serves the search is a playout whose win rate
is right, not one that plays well)::

    python -m hexswarm.engine.tools.playout_lab build --out positions.json \\
        docs/results/patterns/mohex-selfplay-9x9 docs/results/patterns/mohex-selfplay-9x9-*.txt
    python -m hexswarm.engine.tools.playout_lab run positions.json --playouts 512 \\
        --policy uniform --policy template --policy patterns \\
        --policy "patterns:playout12-team-mohex-9x9,save=8"

``build`` takes positions from games (SGF folders and move-list files of
:func:`engine.tools.patterns.read_games_file`), at an empty-cell count drawn in each bucket,
and keeps those :func:`engine.dfpn.prove` settles within ``--nodes``: the label is the
winner with perfect play, not the game's result. Positions with few empty cells are easy
(for the solver and for the playouts), so the set is stratified by empty cells, the same
number in each bucket, and every figure is also given per bucket. Positions with many empty
cells that the solver settles quickly are the decided ones: the set says how many it tried.
``--real`` adds the positions of a real tactics suite (``resources/tactics/real.json``: from
MoHex's games, the side to move winning, its complete set of winning moves) that our solver
also settles.

``run`` plays ``--playouts`` playouts of every policy from every position (the policies
alternating position by position, so that the load of a busy machine falls on all of them
alike) and reports, per policy: the mean squared error of the win rate ``p`` of the side to
move against the exact result ``y`` (0 or 1), the same less the sampling variance
(``(p - y)**2 - p (1 - p) / (N - 1)`` is an unbiased estimate of the policy's own squared
error, what more playouts would converge to), its difference from the first policy's on the
same positions (paired, with a 95% interval), a calibration table by empty-cell bucket, and
its playouts a second (CPU time of this process, over these positions). With
``--move-playouts M`` it also plays the 1-ply policy "the move whose ``M`` playouts win
most" on the positions the side to move wins and reports how often that move wins (by the
position's known winning set, else by proving the position after it, ``--move-nodes``).

Policy specs: ``uniform``, ``bridge``, ``template``, ``win`` (``engine.knowledge``),
``patterns`` (the default table) or ``patterns:TABLE`` (a bundled name or a path), with
variant factors ``,local=F,cap=F,save=F`` (:meth:`engine.patterns.PlayoutTable.variant`),
written to ``--tables`` so that the run can be repeated and the table used elsewhere.
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
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from hexswarm.engine.board import Board, Color, HexError
from hexswarm.engine.dfpn import prove
from hexswarm.engine.knowledge import PlayoutPolicy, playout_policy
from hexswarm.engine.patterns import DEFAULT_PLAYOUT_TABLE, load_playout_table
from hexswarm.engine.playout import random_playouts
from hexswarm.engine.tools.patterns import read_games, read_games_file
from hexswarm.engine.tools.tactics_suite import load_suite

FORMAT = "hexswarm-playout-lab-1"
DEFAULT_BUCKETS = (10, 20, 30, 40, 50)  # lower edges of the empty-cell buckets (9x9)
BUCKET_WIDTH = 10
VARIANT_KEYS = ("local", "cap", "save")


@dataclass(frozen=True, slots=True)
class LabPosition:
    """A position with a known result: ``moves`` (cells from the empty board, Black first;
    the last one is the opponent's last move, which the playout answers look at), the
    ``winner`` with perfect play, the solver's ``nodes``, and ``winning``, the complete set of
    the side to move's winning cells when known (empty: not known)."""

    id: str
    source: str
    size: int
    moves: tuple[int, ...]
    winner: str
    nodes: int
    winning: tuple[int, ...] = ()
    kind: str = "game"  # "game": sampled from games; "real": from a real tactics suite

    def board(self) -> Board:
        board = Board(self.size)
        for cell in self.moves:
            board.play(cell)
        return board

    @property
    def empties(self) -> int:
        return self.size * self.size - len(self.moves)

    @property
    def to_move(self) -> str:
        return "black" if len(self.moves) % 2 == 0 else "white"

    @property
    def mover_wins(self) -> bool:
        return self.winner == self.to_move

    def to_dict(self) -> dict:
        return {
            "id": self.id,
            "source": self.source,
            "size": self.size,
            "empties": self.empties,
            "to_move": self.to_move,
            "winner": self.winner,
            "nodes": self.nodes,
            "kind": self.kind,
            "winning": list(self.winning),
            "moves": list(self.moves),
        }

    @classmethod
    def from_dict(cls, data: dict) -> LabPosition:
        position = cls(
            id=str(data["id"]),
            source=str(data["source"]),
            size=int(data["size"]),
            moves=tuple(int(c) for c in data["moves"]),
            winner=str(data["winner"]),
            nodes=int(data["nodes"]),
            winning=tuple(int(c) for c in data.get("winning", ())),
            kind=str(data.get("kind", "game")),
        )
        if position.winner not in ("black", "white"):
            raise HexError(f"position {position.id}: winner must be black or white")
        return position


def load_positions(path: Path | str) -> list[LabPosition]:
    """The positions of a file written by ``build``."""
    try:
        document = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise HexError(f"cannot read the lab positions {path}: {error}") from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise HexError(f"{path}: not a playout-lab position file ({FORMAT})")
    return [LabPosition.from_dict(item) for item in document["positions"]]


def bucket_of(empties: int, buckets: Sequence[int]) -> int | None:
    """The lower edge of the bucket of ``empties`` (None: below the first edge or past the
    last bucket's width)."""
    for edge in sorted(buckets, reverse=True):
        if empties >= edge:
            return edge if empties < edge + BUCKET_WIDTH else None
    return None


# --------------------------------------------------------------------------- building


def read_sources(sources: Iterable[Path], size: int) -> list[tuple[str, list[int]]]:
    """(source name, cells) of every distinct game of ``size`` in SGF folders and move-list
    files, in the order given."""
    games: dict[tuple[int, ...], str] = {}
    for source in sources:
        source = Path(source)
        found = read_games([source], size) if source.is_dir() else read_games_file(source, size)
        for number, cells in enumerate(found, 1):
            games.setdefault(tuple(cells), f"{source.name}#{number}")
    return [(name, list(cells)) for cells, name in games.items()]


def _prefix_position(name: str, size: int, cells: list[int]) -> Board | None:
    board = Board(size)
    for cell in cells:
        board.play(cell)
        if board.is_over:
            return None
    return board


def sample_game_positions(
    games: list[tuple[str, list[int]]],
    size: int,
    buckets: Sequence[int],
    per_bucket: int,
    nodes: int,
    seed: int,
    log: Callable[[str], None] = print,
    max_tries: int = 4,
) -> tuple[list[LabPosition], dict]:
    """Up to ``per_bucket`` positions settled by the solver in each empty-cell bucket: the
    games in a seeded random order, from each one position a bucket at an empty-cell count
    drawn in it (skipped when the game was over by then), at most ``max_tries`` times
    ``per_bucket`` tried a bucket; returns them and, per bucket, how many were tried and
    settled."""
    rng = random.Random(seed)
    order = list(range(len(games)))
    rng.shuffle(order)
    kept: dict[int, list[LabPosition]] = {edge: [] for edge in buckets}
    tried = {edge: 0 for edge in buckets}
    for index in order:
        name, cells = games[index]
        for edge in buckets:
            if len(kept[edge]) >= per_bucket or tried[edge] >= max_tries * per_bucket:
                continue
            empties = edge + rng.randrange(BUCKET_WIDTH)
            played = size * size - empties
            if not 0 < played < len(cells):
                continue
            board = _prefix_position(name, size, cells[:played])
            if board is None:
                continue
            tried[edge] += 1
            proof = prove(board, nodes=nodes)
            if not proof.settled:
                continue
            log(f"empties {empties}: {proof.winner} wins ({proof.nodes} nodes)")
            kept[edge].append(
                LabPosition(
                    id=f"g{size}-{empties}-{len(kept[edge]) + 1:02d}",
                    source=f"{name} after {played} moves",
                    size=size,
                    moves=tuple(cells[:played]),
                    winner=str(proof.winner),
                    nodes=proof.nodes,
                )
            )
        if all(
            len(kept[edge]) >= per_bucket or tried[edge] >= max_tries * per_bucket
            for edge in buckets
        ):
            break
    summary = {str(edge): {"tried": tried[edge], "settled": len(kept[edge])} for edge in buckets}
    for edge in buckets:
        log(f"empties {edge}-{edge + BUCKET_WIDTH - 1}: {len(kept[edge])} settled of {tried[edge]}")
    return [p for edge in buckets for p in kept[edge]], summary


def suite_moves(source: str, size: int) -> list[int]:
    """The cells of a real suite entry's ``source`` ("... after N moves: d2 b6 ...")."""
    if ": " not in source:
        raise HexError(f"no move list in {source!r}")
    board = Board(size)
    return [board.cell_index(name) for name in source.split(": ", 1)[1].split()]


def real_suite_positions(path: Path, nodes: int, log: Callable[[str], None] = print):
    """The real suite's positions that our solver settles within ``nodes`` (and finds won by
    the side to move, as the suite says), with their winning sets from the suite."""
    found = []
    # The move lists are in the file's "source" fields, which TacticsPosition leaves out.
    document = json.loads(Path(path).read_text(encoding="utf-8"))
    sources = {item["id"]: item.get("source", "") for item in document["positions"]}
    for entry in load_suite(path):
        moves = suite_moves(sources[entry.id], entry.size)
        target = entry.board().cells
        played = LabPosition(entry.id, "", entry.size, tuple(moves), entry.to_move, 0).board()
        # The intrusion categories add the opponent's intruding stone after the game's moves:
        # it is the last move.
        extra = np.flatnonzero(target != played.cells).tolist()
        if len(extra) == 1 and target[extra[0]] == played.to_move.stone:
            moves.append(extra[0])
        position = LabPosition(entry.id, "", entry.size, tuple(moves), entry.to_move, 0)
        board = position.board()
        if tuple(board.cells) != tuple(target) or position.to_move != entry.to_move:
            log(f"{entry.id}: its move list does not give its position; left out")
            continue
        proof = prove(board, nodes=nodes)
        if not proof.settled:
            continue
        if str(proof.winner) != entry.to_move:
            raise HexError(f"{entry.id}: our solver says {proof.winner} wins, the suite not")
        found.append(
            LabPosition(
                id=entry.id,
                source=f"{path.name}: {entry.category}",
                size=entry.size,
                moves=tuple(moves),
                winner=entry.to_move,
                nodes=proof.nodes,
                winning=tuple(sorted(entry.winning_cells())),
                kind="real",
            )
        )
    log(f"real suite: {len(found)} settled within {nodes} nodes")
    return found


# --------------------------------------------------------------------------- policies


@dataclass(frozen=True, slots=True)
class LabPolicy:
    """A policy spec and the policy it names."""

    spec: str
    policy: PlayoutPolicy


def parse_policy(spec: str, tables: Path) -> LabPolicy:
    """The policy of ``spec`` (module doc); a variant's table is written to ``tables``."""
    name, _, rest = spec.partition(":")
    if name != "patterns":
        if rest:
            raise HexError(f"{spec!r}: only patterns takes a table and variant factors")
        return LabPolicy(spec, playout_policy(name))
    table_name, *settings = rest.split(",") if rest else [""]
    table_name = table_name or DEFAULT_PLAYOUT_TABLE
    factors: dict[str, float] = {}
    for setting in settings:
        key, _, value = setting.partition("=")
        if key not in VARIANT_KEYS:
            raise HexError(f"{spec!r}: unknown variant factor {key!r} (known: {VARIANT_KEYS})")
        try:
            factors[key] = float(value)
        except ValueError:
            raise HexError(f"{spec!r}: {key} must be a number, not {value!r}") from None
    if not factors:
        return LabPolicy(spec, PlayoutPolicy("patterns", None, table_name))
    variant = load_playout_table(table_name).variant(**factors)
    stem = Path(table_name).stem + "".join(f"-{k}{v:g}" for k, v in sorted(factors.items()))
    tables.mkdir(parents=True, exist_ok=True)
    path = tables / f"{stem}.json"
    path.write_text(variant.to_json({"variant_of": table_name, **factors}), encoding="utf-8")
    return LabPolicy(spec, PlayoutPolicy("patterns", None, str(path)))


# --------------------------------------------------------------------------- measuring


def mover_win_rate(board: Board, policy: PlayoutPolicy, playouts: int, seed: int) -> float:
    """The share of ``playouts`` playouts of ``policy`` from ``board`` won by its side to
    move."""
    black = random_playouts(board, playouts, seed=seed, policy=policy)
    wins = black if board.to_move is Color.BLACK else playouts - black
    return wins / playouts


def one_ply_move(board: Board, policy: PlayoutPolicy, playouts: int, seed: int) -> int:
    """The move after which ``playouts`` playouts of ``policy`` win most often for the side
    to move (the first in cell order among equals)."""
    best, best_rate = -1, -1.0
    for cell in board.legal_moves():
        board.play(cell)
        if board.is_over:
            board.undo()
            return cell
        rate = 1.0 - mover_win_rate(board, policy, playouts, seed)
        board.undo()
        if rate > best_rate:
            best, best_rate = cell, rate
    return best


def move_wins(position: LabPosition, cell: int, nodes: int, cache: dict) -> bool | None:
    """Whether ``cell`` wins for the side to move of a won position: by its winning set when
    known, else by proving the position after it (None: not settled within ``nodes``)."""
    if position.winning:
        return cell in position.winning
    key = (position.id, cell)
    if key not in cache:
        board = position.board()
        board.play(cell)
        if board.is_over:
            cache[key] = True
        else:
            proof = prove(board, nodes=nodes)
            cache[key] = None if not proof.settled else str(proof.winner) == position.to_move
    return cache[key]


def squared_errors(rates: np.ndarray, results: np.ndarray, playouts: int):
    """(squared error, the same less the sampling variance) per position."""
    error = (rates - results) ** 2
    return error, error - rates * (1 - rates) / max(playouts - 1, 1)


def run(
    positions: list[LabPosition],
    policies: list[LabPolicy],
    playouts: int,
    seed: int,
    move_playouts: int = 0,
    move_nodes: int = 200_000,
    log: Callable[[str], None] = print,
) -> dict:
    """Every policy on every position (module doc): per position the win rates and 1-ply
    moves, per policy the CPU seconds of its playouts."""
    rows = []
    seconds = {lab.spec: 0.0 for lab in policies}
    counted = {lab.spec: 0 for lab in policies}
    cache: dict = {}
    # Untimed: each policy's first call loads its compiled kernel and builds its tables.
    warm = positions[0].board()
    for lab in policies:
        mover_win_rate(warm, lab.policy, 1, seed)
    for index, position in enumerate(positions):
        board = position.board()
        row = {
            "id": position.id,
            "kind": position.kind,
            "empties": position.empties,
            "mover_wins": position.mover_wins,
        }
        # A different policy first at each position: the load falls on all alike.
        turn = policies[index % len(policies) :] + policies[: index % len(policies)]
        for lab in turn:
            started = time.process_time()
            rate = mover_win_rate(board, lab.policy, playouts, seed + index)
            seconds[lab.spec] += time.process_time() - started
            counted[lab.spec] += playouts
            row[f"p:{lab.spec}"] = rate
            if move_playouts and position.mover_wins:
                cell = one_ply_move(board, lab.policy, move_playouts, seed + index)
                row[f"move:{lab.spec}"] = cell
                row[f"move_wins:{lab.spec}"] = move_wins(position, cell, move_nodes, cache)
        rows.append(row)
        if (index + 1) % 10 == 0:
            log(f"{index + 1}/{len(positions)} positions")
    speed = {spec: counted[spec] / max(seconds[spec], 1e-9) for spec in seconds}
    return {"rows": rows, "playouts_per_second": speed, "cpu_seconds": seconds}


def paired_difference(result: dict, spec: str, reference: str, playouts: int):
    """(mean, half-width of its 95% interval): the per-position difference of ``spec``'s
    squared error (less the sampling variance) and ``reference``'s, on the same positions;
    negative: ``spec`` errs less. A normal interval over the positions."""
    rows = result["rows"]
    results = np.array([1.0 if r["mover_wins"] else 0.0 for r in rows])
    errors = [
        squared_errors(np.array([r[f"p:{name}"] for r in rows]), results, playouts)[1]
        for name in (spec, reference)
    ]
    difference = errors[0] - errors[1]
    spread = float(difference.std(ddof=1)) if difference.size > 1 else 0.0
    return float(difference.mean()), 1.96 * spread / np.sqrt(difference.size)


def summarize(result: dict, policies: list[str], playouts: int, buckets: Sequence[int]) -> dict:
    """Per policy, overall and per empty-cell bucket: positions, mean squared error (raw and
    less the sampling variance), the mean win rate where the side to move wins and where it
    loses, the share of positions whose win rate is on the right side of 1/2 (above it where
    the side to move wins, below where it loses; 1/2 itself on neither), and the 1-ply
    move accuracy (winning moves among the moves settled)."""
    rows = result["rows"]
    summary = {}
    for spec in policies:
        games = [r for r in rows if r["kind"] == "game"]
        groups: dict[str, list[dict]] = {"all": rows, "games": games}
        for edge in buckets:
            groups[f"{edge}-{edge + BUCKET_WIDTH - 1}"] = [
                r for r in games if bucket_of(r["empties"], buckets) == edge
            ]
        groups["real"] = [r for r in rows if r["kind"] == "real"]
        per = {}
        for label, group in groups.items():
            if not group:
                continue
            rates = np.array([r[f"p:{spec}"] for r in group])
            results = np.array([1.0 if r["mover_wins"] else 0.0 for r in group])
            raw, corrected = squared_errors(rates, results, playouts)
            won, lost = rates[results == 1], rates[results == 0]
            verdicts = [r.get(f"move_wins:{spec}") for r in group if r["mover_wins"]]
            settled = [v for v in verdicts if v is not None]
            per[label] = {
                "positions": len(group),
                "mse": float(raw.mean()),
                "mse_less_variance": float(corrected.mean()),
                "p_when_won": float(won.mean()) if won.size else None,
                "p_when_lost": float(lost.mean()) if lost.size else None,
                "right_side": float(np.mean(np.where(results == 1, rates > 0.5, rates < 0.5))),
                "moves_settled": len(settled),
                "move_accuracy": float(np.mean(settled)) if settled else None,
            }
        summary[spec] = {"playouts_per_second": result["playouts_per_second"][spec], **per}
        if spec != policies[0]:
            summary[spec]["vs_first"] = paired_difference(result, spec, policies[0], playouts)
    return summary


def _cell(value, digits=3) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def summary_table(summary: dict, buckets: Sequence[int]) -> str:
    """The printed report: the overall table, then the calibration by bucket."""
    first = next(iter(summary))
    lines = [
        f"| policy | playouts/s (CPU) | MSE | MSE - var | - {first}'s [95%] | p won | p lost "
        "| right side | 1-ply move wins |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for spec, figures in summary.items():
        a = figures["all"]
        accuracy = (
            "-"
            if a["move_accuracy"] is None
            else f"{a['move_accuracy']:.3f} ({a['moves_settled']})"
        )
        versus = "-"
        if "vs_first" in figures:
            mean, half = figures["vs_first"]
            versus = f"{mean:+.4f} [{mean - half:+.4f}, {mean + half:+.4f}]"
        lines.append(
            f"| {spec} | {figures['playouts_per_second']:,.0f} | {a['mse']:.4f} "
            f"| {a['mse_less_variance']:.4f} | {versus} | {_cell(a['p_when_won'])} "
            f"| {_cell(a['p_when_lost'])} | {a['right_side']:.3f} | {accuracy} |"
        )
    lines += [
        "",
        "MSE by set (the game positions by empty cells, the real suite apart; in brackets the",
        "mean win rate of the side to move where it wins / where it loses):",
        "",
    ]
    labels = ["games"] + [f"{e}-{e + BUCKET_WIDTH - 1}" for e in buckets] + ["real"]
    figures = summary[first]
    present = [label for label in labels if label in figures]
    lines.append(
        "| policy | " + " | ".join(f"{x} ({figures[x]['positions']})" for x in present) + " |"
    )
    lines.append("|---|" + "---:|" * len(present))
    for spec, figures in summary.items():
        cells = [
            f"{figures[x]['mse']:.3f} ({_cell(figures[x]['p_when_won'], 2)}/"
            f"{_cell(figures[x]['p_when_lost'], 2)})"
            for x in present
        ]
        lines.append(f"| {spec} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


# --------------------------------------------------------------------------- command line


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m hexswarm.engine.tools.playout_lab",
        description="Playout policies as evaluators, on positions with known results.",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    build = commands.add_parser("build", help="a labelled position set from games")
    build.add_argument("sources", nargs="+", type=Path, help="SGF folders and move-list files")
    build.add_argument("--out", type=Path, required=True)
    build.add_argument("--size", type=int, default=9)
    build.add_argument(
        "--buckets",
        default=",".join(map(str, DEFAULT_BUCKETS)),
        help=f"lower edges of the empty-cell buckets, each {BUCKET_WIDTH} wide",
    )
    build.add_argument("--per-bucket", type=int, default=20)
    build.add_argument("--nodes", type=int, default=100_000, help="solver budget a position")
    build.add_argument(
        "--max-tries", type=int, default=4, help="positions tried a bucket, times --per-bucket"
    )
    build.add_argument("--real", type=Path, help="a real tactics suite to add (real.json)")
    build.add_argument("--seed", type=int, default=1)
    lab = commands.add_parser("run", help="every policy on every position")
    lab.add_argument("positions", type=Path)
    lab.add_argument("--policy", action="append", required=True, help="a policy spec (repeat)")
    lab.add_argument("--playouts", type=int, default=512)
    lab.add_argument("--move-playouts", type=int, default=0, help="1-ply move accuracy")
    lab.add_argument("--move-nodes", type=int, default=200_000)
    lab.add_argument("--seed", type=int, default=1)
    lab.add_argument("--buckets", default=",".join(map(str, DEFAULT_BUCKETS)))
    lab.add_argument("--tables", type=Path, default=Path("playout-lab-tables"))
    lab.add_argument("--json", type=Path, help="write every figure and position here")
    return parser


def _machine() -> dict:
    return {
        "machine": platform.platform(),
        "cpus": os.cpu_count(),
        "load_average": os.getloadavg(),
        "date": time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime()),
    }


def main(argv: Sequence[str] | None = None) -> int:
    options = build_parser().parse_args(argv)
    buckets = tuple(int(v) for v in options.buckets.split(","))
    command = "python -m hexswarm.engine.tools.playout_lab " + shlex.join(
        sys.argv[1:] if argv is None else list(argv)
    )

    def log(text: str) -> None:
        print(text, file=sys.stderr, flush=True)

    try:
        if options.command == "build":
            games = read_sources(options.sources, options.size)
            log(f"{len(games)} distinct games")
            positions, tried = sample_game_positions(
                games,
                options.size,
                buckets,
                options.per_bucket,
                options.nodes,
                options.seed,
                log,
                options.max_tries,
            )
            if options.real:
                positions += real_suite_positions(options.real, options.nodes, log)
            document = {
                "format": FORMAT,
                "command": command,
                **_machine(),
                "nodes": options.nodes,
                "buckets": list(buckets),
                "tried": tried,
                "positions": [p.to_dict() for p in positions],
            }
            options.out.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
            log(f"{len(positions)} positions written to {options.out}")
            return 0
        positions = load_positions(options.positions)
        policies = [parse_policy(spec, options.tables) for spec in options.policy]
        before = _machine()
        result = run(
            positions,
            policies,
            options.playouts,
            options.seed,
            options.move_playouts,
            options.move_nodes,
            log,
        )
        specs = [lab.spec for lab in policies]
        summary = summarize(result, specs, options.playouts, buckets)
        print(f"# {command}")
        print(f"# {before['date']}, {before['machine']}, {before['cpus']} CPUs, load average")
        print(f"# {before['load_average']} at the start, {os.getloadavg()} at the end (under")
        print(f"# load); {len(positions)} positions, {options.playouts} playouts a position")
        print("# and policy; playouts/s by this process's CPU time over these positions.\n")
        print(summary_table(summary, buckets))
        if options.json:
            document = {"command": command, **before, "summary": summary, **result}
            options.json.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
        return 0
    except HexError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())

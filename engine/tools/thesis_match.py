"""The thesis's 5.2.3 experiment: SDS in the tree (SDST) against SDS at the root (MCSDS).

    python -m hexswarm.engine.tools.thesis_match --games 200            # thesis settings, 7x7
    python -m hexswarm.engine.tools.thesis_match --games 20 --agents 5000 --iterations 20

Games alternate the first player (Black) between the two programs, as in the thesis (200 games,
SDST won 127 = 63%). Each finished game is appended to a JSON-lines log (so a long run can be
interrupted and resumed with the same command); the summary with its 95% Wilson interval is
rewritten into ``docs/experiments.md`` after every game.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from hexswarm.engine.board import Board
from hexswarm.engine.players import create_player
from hexswarm.engine.tools.stats import wilson_interval

THESIS_WINS, THESIS_GAMES = 127, 200


def play_game(first, second, size: int) -> tuple[str, list[str]]:
    """Play one game; returns the winner's colour and the moves."""
    board = Board(size)
    players = {"black": first, "white": second}
    while not board.is_over:
        player = players[board.to_move.value]
        board.play(player.choose_move(board).move)
    winner = board.winner
    assert winner is not None  # the loop ends only when the game is over
    return winner.value, [m.name(size) for m in board.moves]


def _result_row(label: str, records: list[dict]) -> str:
    games = len(records)
    wins = sum(1 for r in records if r["winner"] == r["sdst_color"])
    low, high = wilson_interval(wins, games)
    rate = f"{wins / games:.1%}" if games else "n/a"
    return f"| {label} | {games} | {wins} | {rate} | {low:.1%} - {high:.1%} |"


def write_report(path: Path, report: str) -> None:
    """Write ``report`` (this experiment's section) to ``path``, keeping every other ``## ``
    section already in the file (the match tables live there too)."""
    own = report.split("\n## ", 1)[1].split("\n", 1)[0] if "\n## " in report else None
    others: list[str] = []
    if path.exists():
        for section in path.read_text().split("\n## ")[1:]:
            if section.split("\n", 1)[0] != own:
                others.append("## " + section.rstrip("\n") + "\n")
    path.write_text("\n".join([report.rstrip("\n") + "\n", *others]))


def summary(records: list[dict]) -> str:
    """The Markdown report: the thesis's result, then one row per settings found in the log."""
    groups: dict[str, list[dict]] = {}
    for record in records:
        groups.setdefault(json.dumps(record["settings"], sort_keys=True), []).append(record)
    thesis_low, thesis_high = wilson_interval(THESIS_WINS, THESIS_GAMES)
    lines = [
        "# Experiments",
        "",
        "## SDST vs MCSDS (thesis 5.2.3)",
        "",
        "Reproduction of the thesis's match: SDS in the tree (policy `tree`, backscatter to",
        "the parent, scattering chance 1/5) against SDS at the root (passive recruitment), first",
        "player alternating between the programs, uniform random playouts, 7x7. Written by",
        "`python -m hexswarm.engine.tools.thesis_match` after every game (resumable: rerun the",
        "same command to continue a run).",
        "",
        "| run | games | SDST wins | win rate | 95% Wilson interval |",
        "|---|---|---|---|---|",
        f"| thesis (2012), 50 000 agents x 50 iterations | {THESIS_GAMES} | {THESIS_WINS} | "
        f"{THESIS_WINS / THESIS_GAMES:.1%} | {thesis_low:.1%} - {thesis_high:.1%} |",
    ]
    notes = []
    for key, group in groups.items():
        settings = json.loads(key)
        label = f"HexSwarm, {settings['sdst'].split(':', 1)[1]}"
        lines.append(_result_row(label, group))
        first = sum(1 for r in group if r["winner"] == "black")
        minutes = sum(r["seconds"] for r in group) / 60
        notes.append(
            f"* {label}: first player (Black) won {first} of {len(group)} games; "
            f"{minutes:.1f} min of play."
        )
    return "\n".join([*lines, "", *notes, ""])


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--size", type=int, default=7)
    parser.add_argument("--agents", type=int, default=50_000)
    parser.add_argument("--iterations", type=int, default=50)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument(
        "--log", type=Path, default=Path("docs/results/thesis-match/sdst-vs-mcsds.jsonl")
    )
    parser.add_argument("--report", type=Path, default=Path("docs/experiments.md"))
    parser.add_argument(
        "--report-only", action="store_true", help="rewrite the report from the log and exit"
    )
    args = parser.parse_args(argv)
    if args.report_only:
        logged = [json.loads(line) for line in args.log.read_text().splitlines() if line]
        write_report(args.report, summary(logged))
        return
    common = f"agents={args.agents},iterations={args.iterations},threads={args.threads}"
    settings = {"size": args.size, "sdst": f"sdst:{common}", "mcsds": f"mcsds:{common}"}
    records: list[dict] = []
    others: list[dict] = []
    if args.log.exists():
        for line in args.log.read_text().splitlines():
            record = json.loads(line)
            (records if record["settings"] == settings else others).append(record)
    while len(records) < args.games:
        game = len(records)
        sdst = create_player(settings["sdst"], seed=game)
        mcsds = create_player(settings["mcsds"], seed=game)
        sdst_first = game % 2 == 0
        start = time.perf_counter()
        winner, moves = play_game(
            sdst if sdst_first else mcsds, mcsds if sdst_first else sdst, args.size
        )
        record = {
            "game": game,
            "settings": settings,
            "sdst_color": "black" if sdst_first else "white",
            "winner": winner,
            "moves": moves,
            "seconds": round(time.perf_counter() - start, 2),
        }
        records.append(record)
        with args.log.open("a") as log:
            log.write(json.dumps(record) + "\n")
        write_report(args.report, summary(others + records))
        print(f"game {game}: SDST {record['sdst_color']}, {winner} won, {record['seconds']} s")


if __name__ == "__main__":
    main()

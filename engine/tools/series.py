"""A match in a folder (:class:`Match`: settings, results so far, ``match.json``) and where its
games run (:func:`play_games`: here, in a process pool, or on a Dask cluster). The command
around it is :mod:`engine.tools.match`; one game is :mod:`engine.tools.games`.
"""

from __future__ import annotations

import json
import math
import multiprocessing
from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hexswarm.engine.records.files import atomic_write_text
from hexswarm.engine.tools.games import (
    PLAYERS,
    GameResult,
    GameTask,
    MatchError,
    MatchSettings,
    PlayerCache,
    init_worker,
    play_game_record,
    play_in_worker,
)
from hexswarm.engine.tools.stats import format_elo, summarize

if TYPE_CHECKING:
    from hexswarm.engine.tools.distributed import DaskGames

STATE_FILE = "match.json"
STATE_FORMAT = 1


def play_games(
    tasks: list[GameTask],
    on_result: Callable[[MatchSettings, GameResult, str], None],
    *,
    jobs: int = 1,
    scheduler: str | None = None,
    cluster: DaskGames | None = None,
    use_dask: bool | None = None,
    log_dir: Path | None = None,
) -> None:
    """Play ``tasks`` (games of one or several matches) and call ``on_result(settings,
    result, sgf_text)`` in this thread once per game, in the order they finish.

    Where the games run: on ``cluster`` (an open :class:`~engine.tools.distributed.DaskGames`), else
    on     the Dask scheduler at ``scheduler``, else with ``jobs`` > 1 on a local Dask cluster of
    ``jobs`` processes (``use_dask`` None: when Dask is installed) or a pool of ``jobs``
    processes, else here, one after the other. A game's result depends only on its match and
    number, so every way gives the same results. External engines log to
    ``log_dir/engines.log`` (on a Dask worker: to the worker's stderr)."""
    if not tasks:
        return
    if cluster is None and scheduler is None and jobs > 1 and use_dask is None:
        from hexswarm.engine.tools.distributed import dask_available

        use_dask = dask_available()
    if cluster is not None or scheduler is not None or (jobs > 1 and use_dask):
        from hexswarm.engine.tools.distributed import DaskGames

        if cluster is not None:
            cluster.play(tasks, on_result)
        else:
            where = {"scheduler": scheduler} if scheduler else {"workers": jobs}
            with DaskGames(**where) as own_cluster:
                own_cluster.play(tasks, on_result)
        return
    if jobs <= 1:
        cache = PlayerCache()
        try:
            for settings, game in tasks:
                on_result(settings, *play_game_record(settings, game, cache, log_dir))
        finally:
            cache.close()
        return
    context = multiprocessing.get_context("spawn")
    with context.Pool(
        processes=jobs,
        initializer=init_worker,
        initargs=(None if log_dir is None else str(log_dir),),
    ) as pool:
        try:
            work = [(i, settings.identity(), game) for i, (settings, game) in enumerate(tasks)]
            for index, data, sgf_text in pool.imap_unordered(play_in_worker, work):
                on_result(tasks[index][0], GameResult(**data), sgf_text)
        except BaseException:
            pool.terminate()  # games in flight are lost; the finished ones are saved
            raise
        pool.close()
        pool.join()


# ---------------------------------------------------------------------------- the match


def write_json_atomic(path: Path, data: dict) -> None:
    """Replace the JSON file at ``path`` atomically (a killed match never leaves half a file)."""
    atomic_write_text(path, json.dumps(data, indent=1, sort_keys=True))


class Match:
    """A match in a folder: its settings, the results so far, and the state file."""

    def __init__(self, settings: MatchSettings, out_dir: Path):
        self.settings = settings
        self.out_dir = out_dir
        self.results: dict[int, GameResult] = {}

    @property
    def state_path(self) -> Path:
        return self.out_dir / STATE_FILE

    def load_or_create(self) -> None:
        """Read the state of an interrupted match, or start a new one; raise MatchError if
        DIR holds a different match."""
        self.out_dir.mkdir(parents=True, exist_ok=True)
        if not self.state_path.exists():
            self.save()
            return
        try:
            state = json.loads(self.state_path.read_text(encoding="utf-8"))
            saved = state["settings"]
            results = [GameResult.from_dict(r) for r in state["results"]]
        except (OSError, ValueError, KeyError, TypeError) as error:
            raise MatchError(f"{self.state_path} is not a match state file: {error}") from None
        mine = self.settings.identity()
        different = sorted(k for k in set(mine) | set(saved) if mine.get(k) != saved.get(k))
        if different:
            details = "; ".join(
                f"{k}: saved {saved.get(k)!r}, now {mine.get(k)!r}" for k in different
            )
            raise MatchError(
                f"{self.out_dir} holds a different match ({details}). "
                "Use the same settings to continue it, or another --out folder."
            )
        self.results = {r.game: r for r in results}

    def save(self) -> None:
        state = {
            "format": STATE_FORMAT,
            "settings": self.settings.identity(),
            "results": [asdict(self.results[g]) for g in sorted(self.results)],
        }
        write_json_atomic(self.state_path, state)

    def missing(self, games: int) -> list[int]:
        return [g for g in range(1, games + 1) if g not in self.results]

    def record(self, result: GameResult) -> None:
        self.results[result.game] = result
        self.save()

    def summary(self, games: int):
        counted = [self.results[g] for g in sorted(self.results) if g <= games]
        return summarize([(r.winner, r.winner_colour) for r in counted])

    def run(
        self,
        games: int,
        *,
        jobs: int = 1,
        limit: int | None = None,
        progress: Callable[[GameResult], None] | None = None,
        scheduler: str | None = None,
        cluster: DaskGames | None = None,
        use_dask: bool | None = None,
    ) -> int:
        """Play the missing games among 1..games (at most ``limit`` of them); return how many
        were played. The state file is rewritten after each one. ``jobs``, ``scheduler``,
        ``cluster`` and ``use_dask`` say where the games run (:func:`play_games`)."""
        todo = self.missing(games)
        if limit is not None:
            todo = todo[:limit]
        play_games(
            [(self.settings, game) for game in todo],
            self.finished_callback(progress),
            jobs=jobs,
            scheduler=scheduler,
            cluster=cluster,
            use_dask=use_dask,
            log_dir=self.out_dir,
        )
        return len(todo)

    def finished_callback(
        self, progress: Callable[[GameResult], None] | None = None
    ) -> Callable[[MatchSettings, GameResult, str], None]:
        """The ``on_result`` of :func:`play_games` for this match: save the game's SGF, record
        it in the state file, then report it to ``progress``."""
        from hexswarm.engine.records.files import atomic_write_text

        def finished(settings: MatchSettings, result: GameResult, sgf_text: str) -> None:
            atomic_write_text(self.out_dir / result.sgf, sgf_text)
            self.record(result)
            if progress:
                progress(result)

        return finished


# ---------------------------------------------------------------------------- output


def results_table(settings: MatchSettings, summary) -> str:
    """A Markdown table of the match (the format of docs/experiments.md)."""
    rate = "n/a" if math.isnan(summary.a_win_rate) else f"{summary.a_win_rate:.3f}"
    lines = [
        f"A = `{settings.player_a}`",
        f"B = `{settings.player_b}`",
        f"{settings.size}x{settings.size}, swap rule {'on' if settings.swap else 'off'}, "
        f"seed {settings.seed}",
        "",
        "| games | A wins | B wins | A wins as Black | A wins as White | Black wins | White wins "
        "| A win rate [95% CI] | Elo A-B [95% CI] |",
        "|---:|---:|---:|---:|---:|---:|---:|---|---|",
        f"| {summary.games} | {summary.a_wins} | {summary.b_wins} | {summary.a_wins_as_black} "
        f"| {summary.a_wins_as_white} | {summary.black_wins} | {summary.white_wins} "
        f"| {rate} [{summary.a_win_rate_low:.3f}, {summary.a_win_rate_high:.3f}] "
        f"| {format_elo(summary.elo)} [{format_elo(summary.elo_low)}, "
        f"{format_elo(summary.elo_high)}] |",
    ]
    return "\n".join(lines)


def clock_report(settings: MatchSettings, results: list[GameResult]) -> str:
    """For a clocked match: per player the losses on time and the share of its time it used
    (its clock's running time over the main time; over all games, and over the games in which
    it made at least ``MIN_LASTING_MOVES`` moves, where there was time to use)."""
    control = settings.time_control
    lines = [
        f"clock {settings.clock} ({control.describe() if control else 'none'}); "
        f"'lasting' = the player made at least {MIN_LASTING_MOVES} moves",
        "",
        "| player | games | lost on time | time used, mean | time used, min (lasting games) "
        "| lasting games | moves, mean |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    main = control.main_s if control and control.main_s else 1.0
    for player in PLAYERS:
        stats = [r.clock[player] for r in results if r.clock and player in r.clock]
        lost = sum(1 for r in results if r.reason == "T" and r.winner != player)
        if not stats:
            continue
        used = [s["used_s"] / main for s in stats]
        lasting = [s["used_s"] / main for s in stats if s["moves"] >= MIN_LASTING_MOVES]
        moves = sum(s["moves"] for s in stats) / len(stats)
        least = f"{min(lasting):.1%}" if lasting else "n/a"
        lines.append(
            f"| {player} | {len(stats)} | {lost} | {sum(used) / len(used):.1%} | {least} "
            f"| {len(lasting)} | {moves:.1f} |"
        )
    return "\n".join(lines)


def think_report(settings: MatchSettings, results: list[GameResult]) -> str:
    """Per player the wall time it took to choose its moves (an external engine's GTP answer
    included), from the games that recorded it; "" when none did (matches saved before)."""
    lines = [
        "time to choose a move (wall seconds, the GTP round trip included)",
        "",
        "| player | games | moves | mean a move | longest |",
        "|---|---:|---:|---:|---:|",
    ]
    recorded = [r.think for r in results if r.think]
    if not recorded:
        return ""
    specs = {"A": settings.player_a, "B": settings.player_b}
    for player in PLAYERS:
        moves = sum(t[player]["moves"] for t in recorded)
        total = sum(t[player]["total_s"] for t in recorded)
        longest = max(t[player]["max_s"] for t in recorded)
        mean = f"{total / moves:.3f} s" if moves else "n/a"
        lines.append(
            f"| {player} ({specs[player]}) | {len(recorded)} | {moves} | {mean} | {longest:.3f} s |"
        )
    return "\n".join(lines)


MIN_LASTING_MOVES = 20
"""A game "lasts" for a player who made this many moves (on 11x11, a game of 40 moves or more)."""


def _json_number(value: Any) -> Any:
    """Standard JSON has no infinities or NaN: write those as "+inf", "-inf" and null."""
    if isinstance(value, float) and not math.isfinite(value):
        return None if math.isnan(value) else ("+inf" if value > 0 else "-inf")
    return value

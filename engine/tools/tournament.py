"""Round robins: every player against every other, rated together.

``hexswarm-match`` with three or more players plays a round robin::

    hexswarm-match --games 10 --size 9 --jobs 2 --out runs/rr \\
        random mc:time=0.5 uct:time=0.5 strong:time=0.5

Each pair of players (in the order given) is a match of its own, in the folder
``DIR/01-02``, ``DIR/01-03`` ...: the match ``hexswarm-match --seed SEED PLAYER_1 PLAYER_2``
would play, game by game, and it can be resumed or extended on its own. ``--games`` is the
number of games of each pair. The games are played in rounds (game 1 of every pair, then game
2 ...), so a round robin stopped early is still balanced; re-running the command continues it,
and players may be appended to the list later (the pairs already played are kept).

``--clock`` plays every game on a clock (``60``, ``300+5``, ``600+5x30``), as in a match of two:
a level spends its time as ``engine.clock.move_time`` says, a GTP engine is told the clock, a
flag fall loses; the report then adds each player's losses on time and the share of its time
it used.

The report rates every player with :func:`engine.tools.stats.bradley_terry_ratings` (all games
fitted together, relative to the first player) and shows the crosstable of wins.
"""

from __future__ import annotations

import functools
import itertools
import json
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path

from hexswarm.engine.clock import TimeControl
from hexswarm.engine.tools.games import GameResult, MatchError, MatchSettings
from hexswarm.engine.tools.series import Match, play_games, write_json_atomic
from hexswarm.engine.tools.stats import Rating, bradley_terry_ratings, format_elo, wilson_interval

TOURNAMENT_FILE = "tournament.json"
TOURNAMENT_FORMAT = 1


@dataclass(frozen=True)
class TournamentSettings:
    """What defines a round robin; a resumed one must have the same, except that players may
    have been appended."""

    players: tuple[str, ...]
    size: int
    swap: bool
    seed: int
    clock: str = "none"  # a TimeControl's text, as MatchSettings.clock

    def pairs(self) -> list[tuple[int, int]]:
        """Every pair ``(i, j)``, ``i < j``, in order: player i is the pair's player A."""
        return list(itertools.combinations(range(len(self.players)), 2))

    def match_settings(self, pair: tuple[int, int]) -> MatchSettings:
        i, j = pair
        return MatchSettings(
            self.players[i], self.players[j], self.size, self.swap, self.seed, self.clock
        )

    def identity(self) -> dict:
        identity = {**asdict(self), "players": list(self.players)}
        if self.clock == "none":  # as round robins without clocks were always saved
            del identity["clock"]
        return identity


def pair_folder(pair: tuple[int, int]) -> str:
    return f"{pair[0] + 1:02d}-{pair[1] + 1:02d}"


@dataclass(frozen=True)
class PairResult:
    """The score of one pair: ``wins`` of its first player in ``games``."""

    first: int
    second: int
    wins: int
    games: int


class Tournament:
    """A round robin in a folder: its settings and a :class:`~engine.tools.series.Match` a pair."""

    def __init__(self, settings: TournamentSettings, out_dir: Path):
        if len(settings.players) < 3:
            raise MatchError("a round robin needs three players or more (two: a match)")
        repeated = sorted({p for p in settings.players if settings.players.count(p) > 1})
        if repeated:  # two equal players would play the same games twice over
            raise MatchError(f"a round robin names each player once; repeated: {repeated}")
        self.settings = settings
        self.out_dir = out_dir
        self.matches: dict[tuple[int, int], Match] = {}

    @property
    def state_path(self) -> Path:
        return self.out_dir / TOURNAMENT_FILE

    @classmethod
    def read(cls, out_dir: Path) -> Tournament:
        """The round robin saved in ``out_dir``, as it stands, without writing anything (for
        reports on committed results); :class:`MatchError` when it holds none."""
        try:
            saved = json.loads((out_dir / TOURNAMENT_FILE).read_text(encoding="utf-8"))
            settings = TournamentSettings(
                **{**saved["settings"], "players": tuple(saved["settings"]["players"])}
            )
        except (OSError, ValueError, KeyError, TypeError) as error:
            raise MatchError(f"{out_dir} holds no round robin: {error}") from None
        tournament = cls(settings, out_dir)
        for pair in settings.pairs():
            match = Match(settings.match_settings(pair), out_dir / pair_folder(pair))
            if not match.state_path.exists():
                raise MatchError(f"{match.state_path} is missing")
            match.load_or_create()
            tournament.matches[pair] = match
        return tournament

    def load_or_create(self) -> None:
        """Open the pairs' matches; refuse a folder that holds another round robin (or one
        whose players are not the first of these)."""
        self.out_dir.mkdir(parents=True, exist_ok=True)
        if self.state_path.exists():
            try:
                saved = json.loads(self.state_path.read_text(encoding="utf-8"))["settings"]
                saved_players = list(saved["players"])
            except (OSError, ValueError, KeyError, TypeError) as error:
                raise MatchError(f"{self.state_path} is not a round robin file: {error}") from None
            mine = {"clock": "none", **self.settings.identity()}
            saved = {"clock": "none", **saved}
            different = [k for k in ("size", "swap", "seed", "clock") if saved.get(k) != mine[k]]
            if mine["players"][: len(saved_players)] != saved_players:
                different.append("players")
            if different:
                details = "; ".join(
                    f"{k}: saved {saved.get(k)!r}, now {mine[k]!r}" for k in different
                )
                raise MatchError(
                    f"{self.out_dir} holds a different round robin ({details}). Use the same "
                    "settings to continue it (players may be added at the end), or another "
                    "--out folder."
                )
        write_json_atomic(
            self.state_path, {"format": TOURNAMENT_FORMAT, "settings": self.settings.identity()}
        )
        for pair in self.settings.pairs():
            match = Match(self.settings.match_settings(pair), self.out_dir / pair_folder(pair))
            match.load_or_create()
            self.matches[pair] = match

    def played(self, games: int) -> int:
        """Games already played among the first ``games`` of every pair."""
        return sum(len([g for g in m.results if g <= games]) for m in self.matches.values())

    def missing(self, games: int) -> list[tuple[tuple[int, int], int]]:
        """The games still to play, round by round: game 1 of every pair, then game 2 ..."""
        return [
            (pair, game)
            for game in range(1, games + 1)
            for pair, match in self.matches.items()
            if game not in match.results
        ]

    def run(
        self,
        games: int,
        *,
        jobs: int = 1,
        limit: int | None = None,
        progress: Callable[[tuple[int, int], GameResult], None] | None = None,
        scheduler: str | None = None,
        use_dask: bool | None = None,
    ) -> int:
        """Play the missing games among 1..games of every pair (at most ``limit`` of them,
        round by round); return how many were played. Where they run: as
        :func:`engine.tools.series.play_games`."""
        todo = self.missing(games)
        if limit is not None:
            todo = todo[:limit]
        finished_callbacks = {
            match.settings: match.finished_callback(
                None if progress is None else functools.partial(progress, pair)
            )
            for pair, match in self.matches.items()
        }

        def finished(settings: MatchSettings, result: GameResult, sgf_text: str) -> None:
            finished_callbacks[settings](settings, result, sgf_text)

        play_games(
            [(self.matches[pair].settings, game) for pair, game in todo],
            finished,
            jobs=jobs,
            scheduler=scheduler,
            use_dask=use_dask,
            log_dir=self.out_dir,
        )
        return len(todo)

    def pair_results(self, games: int) -> list[PairResult]:
        results = []
        for (i, j), match in self.matches.items():
            summary = match.summary(games)
            results.append(PairResult(i, j, summary.a_wins, summary.games))
        return results

    def ratings(self, games: int) -> list[Rating] | None:
        """Every player's rating (relative to the first), or None while some player has no
        games linking it to the others."""
        scores = [(p.first, p.second, p.wins, p.games) for p in self.pair_results(games)]
        try:
            return bradley_terry_ratings(len(self.settings.players), scores)
        except ValueError:
            return None


def tournament_report(tournament: Tournament, games: int) -> str:
    """The round robin in Markdown (the format of docs/experiments.md): the players ranked by
    rating, then who won how many games against whom."""
    settings = tournament.settings
    players = settings.players
    pairs = tournament.pair_results(games)
    ratings = tournament.ratings(games)
    won = {p: 0 for p in range(len(players))}
    played = {p: 0 for p in range(len(players))}
    wins_against: dict[tuple[int, int], tuple[int, int]] = {}
    for pair in pairs:
        won[pair.first] += pair.wins
        won[pair.second] += pair.games - pair.wins
        played[pair.first] += pair.games
        played[pair.second] += pair.games
        wins_against[pair.first, pair.second] = (pair.wins, pair.games)
        wins_against[pair.second, pair.first] = (pair.games - pair.wins, pair.games)
    order = list(range(len(players)))
    if ratings is not None:
        order.sort(key=lambda p: (-ratings[p].elo, p))
    total = sum(p.games for p in pairs)
    fewest, most = min(p.games for p in pairs), max(p.games for p in pairs)
    # Pairs extended on their own (their folders are matches) have played more than others.
    played_text = (
        f"{total} of {games * len(pairs)} games ({games} a pair)"
        if fewest == most == games
        else f"{total} games ({fewest} to {most} a pair)"
    )
    lines = [
        f"Round robin of {len(players)} players, {settings.size}x{settings.size}, swap rule "
        f"{'on' if settings.swap else 'off'}, seed {settings.seed}: {played_text}",
        "",
        "| rank | player | games | wins | win rate [95% CI] | Elo [95% CI] |",
        "|---:|---|---:|---:|---|---|",
    ]
    for rank, p in enumerate(order, 1):
        rate = f"{won[p] / played[p]:.3f}" if played[p] else "n/a"
        low, high = wilson_interval(won[p], played[p])
        if ratings is None:
            elo = "n/a"
        elif p == 0:
            elo = "0 (anchor)"
        else:
            r = ratings[p]
            elo = f"{format_elo(r.elo)} [{format_elo(r.elo_low)}, {format_elo(r.elo_high)}]"
        lines.append(
            f"| {rank} | `{players[p]}` | {played[p]} | {won[p]} | {rate} "
            f"[{low:.3f}, {high:.3f}] | {elo} |"
        )
    lines += [
        "",
        "Elo: one Bradley-Terry fit of all games, relative to the first player named, each "
        "player with one virtual draw shared among its pairs. Below: the row player's wins "
        "against the column player.",
        "",
        "| | " + " | ".join(str(rank) for rank in range(1, len(order) + 1)) + " |",
        "|---|" + "---:|" * len(order),
    ]
    for rank, p in enumerate(order, 1):
        cells = []
        for q in order:
            if q == p:
                cells.append("-")
            else:
                wins, count = wins_against[p, q]
                cells.append(f"{wins}/{count}")
        lines.append(f"| {rank} `{players[p]}` | " + " | ".join(cells) + " |")
    if settings.clock != "none":
        lines += ["", _clock_table(tournament, games)]
    return "\n".join(lines)


def _clock_table(tournament: Tournament, games: int) -> str:
    """Per player of a clocked round robin: games, losses on time, and the share of its main
    time its clock ran (mean and least over its games)."""
    settings = tournament.settings
    control = TimeControl.parse(settings.clock)
    main = control.main_s or 1.0
    lost = dict.fromkeys(settings.players, 0)
    used: dict[str, list[float]] = {p: [] for p in settings.players}
    for (i, j), match in tournament.matches.items():
        for game, result in match.results.items():
            if game > games:
                continue
            for slot, player in (("A", settings.players[i]), ("B", settings.players[j])):
                if result.reason == "T" and result.winner != slot:
                    lost[player] += 1
                if result.clock and slot in result.clock:
                    used[player].append(result.clock[slot]["used_s"] / main)
    lines = [
        f"Clock {settings.clock} ({control.describe()}):",
        "",
        "| player | games | lost on time | time used, mean | time used, least |",
        "|---|---:|---:|---:|---:|",
    ]
    for player in settings.players:
        shares = used[player]
        mean = f"{sum(shares) / len(shares):.1%}" if shares else "n/a"
        least = f"{min(shares):.1%}" if shares else "n/a"
        lines.append(f"| `{player}` | {len(shares)} | {lost[player]} | {mean} | {least} |")
    return "\n".join(lines)


def tournament_json(tournament: Tournament, games: int) -> dict:
    """The round robin as JSON-ready data: settings, every pair's score, every rating."""
    ratings = tournament.ratings(games)
    return {
        "settings": tournament.settings.identity(),
        "games_per_pair": games,
        "pairs": [
            {
                "players": [
                    tournament.settings.players[p.first],
                    tournament.settings.players[p.second],
                ],
                "folder": pair_folder((p.first, p.second)),
                "a_wins": p.wins,
                "games": p.games,
            }
            for p in tournament.pair_results(games)
        ],
        "ratings": None
        if ratings is None
        else [
            {"player": player, **asdict(rating)}
            for player, rating in zip(tournament.settings.players, ratings, strict=True)
        ],
    }

"""Round robins (``hexswarm-match`` with three players or more): every pair is the match that
``hexswarm-match`` would play alone, the rounds stay balanced when stopped, players can be
added later, and the report ranks and rates them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hexswarm.engine.tools.games import GameResult, MatchError, MatchSettings
from hexswarm.engine.tools.match import main
from hexswarm.engine.tools.series import STATE_FILE, Match
from hexswarm.engine.tools.tournament import (
    TOURNAMENT_FILE,
    Tournament,
    TournamentSettings,
    pair_folder,
    tournament_report,
)

# Three players that finish 4x4 games in milliseconds and differ in strength.
PLAYERS = ("random", "mc:playouts_per_move=40", "uct:playouts=300")


def run(capsys, *args) -> tuple[int, str, str]:
    status = main([str(a) for a in args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def results(folder: Path) -> list[GameResult]:
    """The saved games (compared without their think times: a measurement, not an outcome)."""
    saved = json.loads((folder / STATE_FILE).read_text(encoding="utf-8"))["results"]
    return [GameResult.from_dict(r) for r in saved]


def test_every_pair_is_the_match_it_names(capsys, tmp_path):
    status, report, _ = run(
        capsys, "--games", "2", "--size", "4", "--seed", "3", "--out", tmp_path / "rr", "--quiet",
        *PLAYERS,
    )  # fmt: skip
    assert status == 0
    for i, j in ((0, 1), (0, 2), (1, 2)):
        alone = Match(MatchSettings(PLAYERS[i], PLAYERS[j], 4, False, 3), tmp_path / f"{i}{j}")
        alone.load_or_create()
        alone.run(2)
        assert results(tmp_path / "rr" / pair_folder((i, j))) == results(tmp_path / f"{i}{j}")
        assert len(list((tmp_path / "rr" / pair_folder((i, j))).glob("*.sgf"))) == 2
    assert "Round robin of 3 players, 4x4, swap rule off, seed 3: 6 of 6 games" in report
    ranking = [line for line in report.splitlines() if line.startswith(("| 1 |", "| 2 |", "| 3 |"))]
    assert sorted(line.split("`")[1] for line in ranking) == sorted(PLAYERS)
    assert all(line.split("|")[3].strip() == "4" for line in ranking)  # 2 games x 2 pairs each
    assert sum(int(line.split("|")[4]) for line in ranking) == 6  # one winner a game


def test_a_stopped_round_robin_is_balanced_and_continues(capsys, tmp_path):
    settings = TournamentSettings(PLAYERS, 4, False, 7)
    tournament = Tournament(settings, tmp_path)
    tournament.load_or_create()
    assert tournament.run(3, limit=4) == 4
    # round 1 of all three pairs, then the first pair's game 2
    assert {pair: sorted(m.results) for pair, m in tournament.matches.items()} == {
        (0, 1): [1, 2],
        (0, 2): [1],
        (1, 2): [1],
    }
    resumed = Tournament(settings, tmp_path)
    resumed.load_or_create()
    assert resumed.played(3) == 4
    assert resumed.run(3, jobs=2, use_dask=False) == 5  # the process pool gives the same games
    full = Tournament(settings, tmp_path / "full")
    full.load_or_create()
    full.run(3)
    for pair in settings.pairs():
        assert resumed.matches[pair].results == full.matches[pair].results


def test_players_may_be_appended_but_not_changed(capsys, tmp_path):
    out = tmp_path / "rr"
    base = ["--games", "1", "--size", "3", "--quiet", "--out", out]
    assert run(capsys, *base, "random", "mc:playouts_per_move=2", "mc:playouts_per_move=5")[0] == 0
    first = results(out / "01-02")
    status, report, _ = run(
        capsys,
        *base,
        "random",
        "mc:playouts_per_move=2",
        "mc:playouts_per_move=5",
        "uct:playouts=20",
    )
    assert status == 0
    assert results(out / "01-02") == first  # kept, not replayed
    assert sorted(p.name for p in out.iterdir() if p.is_dir()) == [
        "01-02", "01-03", "01-04", "02-03", "02-04", "03-04",
    ]  # fmt: skip
    assert "Round robin of 4 players, 3x3, swap rule off, seed 1: 6 of 6 games" in report
    saved = json.loads((out / TOURNAMENT_FILE).read_text())["settings"]
    assert saved["players"][-1] == "uct:playouts=20"
    status, _, err = run(capsys, *base, "random", "mc:playouts_per_move=5", "uct:playouts=20")
    assert status == 2 and "holds a different round robin" in err and "players" in err
    status, _, err = run(capsys, *base[:-2], "--size", "4", "--out", out, "random",
                         "mc:playouts_per_move=2", "mc:playouts_per_move=5")  # fmt: skip
    assert status == 2 and "size: saved 3, now 4" in err


def test_report_ranks_by_rating_and_json_rates_everyone(capsys, tmp_path):
    settings = TournamentSettings(
        ("random", "mc:playouts_per_move=2", "uct:playouts=400"), 4, False, 2
    )
    tournament = Tournament(settings, tmp_path)
    tournament.load_or_create()
    tournament.run(4)
    report = tournament_report(tournament, 4)
    rows = [line for line in report.splitlines() if line.startswith("| 1 ")]
    assert rows[0].startswith("| 1 | `uct:playouts=400` | 8 |")  # the ranking's first row
    crosstable = [line for line in report.splitlines() if line.startswith("| 1 `uct")]
    assert crosstable and crosstable[0].count("/4") == 2
    status, out, _ = run(
        capsys, "--games", "4", "--size", "4", "--seed", "2", "--out", tmp_path, "--json",
        "--quiet", *settings.players,
    )  # fmt: skip
    assert status == 0
    data = json.loads(out)
    assert data["games_per_pair"] == 4
    assert [p["folder"] for p in data["pairs"]] == ["01-02", "01-03", "02-03"]
    assert sum(p["games"] for p in data["pairs"]) == 12
    ratings = {r["player"] if i else "anchor": r for i, r in enumerate(data["ratings"])}
    assert ratings["anchor"]["elo"] == 0.0
    assert ratings["uct:playouts=400"]["elo"] > 0


def test_a_round_robin_needs_three_players(capsys, tmp_path):
    with pytest.raises(SystemExit):
        run(capsys, "--games", "1", "--out", tmp_path, "random")
    with pytest.raises(MatchError, match="three players"):
        Tournament(TournamentSettings(("random", "uct"), 3, False, 1), tmp_path)
    with pytest.raises(MatchError, match=r"repeated: \['random'\]"):
        Tournament(TournamentSettings(("random", "uct", "random"), 3, False, 1), tmp_path)
    status, _, err = run(capsys, "--games", "1", "--out", tmp_path, "random", "mc", "random")
    assert status == 2 and "names each player once" in err


def test_a_round_robin_on_a_local_dask_cluster_plays_the_serial_games(tmp_path):
    settings = TournamentSettings(PLAYERS, 3, False, 5)
    played = {}
    for name, options in (("serial", {}), ("dask", {"jobs": 2, "use_dask": True})):
        tournament = Tournament(settings, tmp_path / name)
        tournament.load_or_create()
        assert tournament.run(2, **options) == 6
        played[name] = {pair: m.results for pair, m in tournament.matches.items()}
    assert played["dask"] == played["serial"]


def test_a_round_robin_on_the_clock(capsys, tmp_path):
    out = tmp_path / "rr"
    base = ["--games", "1", "--size", "4", "--seed", "5", "--quiet", "--out", out]
    status, report, _ = run(capsys, *base, "--clock", "2", *PLAYERS)
    assert status == 0
    for pair in ("01-02", "01-03", "02-03"):
        state = json.loads((out / pair / STATE_FILE).read_text(encoding="utf-8"))
        assert state["settings"]["clock"] == "2"
        (game,) = state["results"]
        assert set(game["clock"]) == {"A", "B"}
        assert all(0.0 <= side["used_s"] <= 2.0 + 0.5 for side in game["clock"].values())
    assert "Clock 2 (" in report and "| lost on time |" in report
    rows = [line for line in report.splitlines() if line.startswith("| `")]
    assert sorted(line.split("`")[1] for line in rows) == sorted(PLAYERS)
    assert all(line.split("|")[2].strip() == "2" for line in rows)  # two games each
    # The same folder with another clock is another round robin.
    status, _, err = run(capsys, *base, "--clock", "5", *PLAYERS)
    assert status == 2 and "clock: saved '2', now '5'" in err
    status, _, err = run(capsys, *base, *PLAYERS)
    assert status == 2 and "clock: saved '2', now 'none'" in err

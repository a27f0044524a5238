"""hexswarm-match: tiny real matches, SGF output read back, resume, parallel = serial, GTP players.

The match tests use the real AI levels (engine.players) and SGF writer (engine.records) with
tiny boards and budgets.
"""

from __future__ import annotations

import json
import math
import os
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from hexswarm.engine.tools.games import (
    GameResult,
    MatchError,
    MatchSettings,
    game_seed,
    opening_cells,
    sgf_name,
)
from hexswarm.engine.tools.match import main
from hexswarm.engine.tools.series import STATE_FILE, Match, results_table
from hexswarm.engine.tools.stats import summarize

ROOT = Path(__file__).resolve().parents[2]


def run_match(capsys, *args: str) -> tuple[int, str, str]:
    status = main([str(a) for a in args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def state(out: Path) -> dict:
    return json.loads((out / STATE_FILE).read_text(encoding="utf-8"))


def score_row(report: str) -> str:
    """The results table's row of a match report (the think times' table follows it)."""
    lines = report.splitlines()
    return lines[lines.index(next(x for x in lines if x.startswith("| games |"))) + 2]


def outcomes(out: Path) -> list[GameResult]:
    """The saved games (compared without their think times: a measurement, not an outcome)."""
    return [GameResult.from_dict(r) for r in state(out)["results"]]


# ------------------------------------------------------------------ pure parts


def test_game_seeds_are_distinct_and_depend_only_on_the_match_seed():
    seeds = {game_seed(7, game, player) for game in range(1, 501) for player in ("A", "B")}
    assert len(seeds) == 1000
    assert game_seed(7, 3, "B") == game_seed(7, 3, "B")
    assert game_seed(7, 3, "A") != game_seed(8, 3, "A")


def test_state_file_with_other_settings_is_refused(tmp_path):
    settings = MatchSettings("random", "mc", 5, False, 1)
    Match(settings, tmp_path).load_or_create()
    assert (tmp_path / STATE_FILE).exists()
    other = MatchSettings("random", "mc", 7, True, 1)
    with pytest.raises(MatchError) as error:
        Match(other, tmp_path).load_or_create()
    message = str(error.value)
    assert "size: saved 5, now 7" in message and "swap: saved False, now True" in message
    assert "another --out folder" in message
    # the same settings are accepted
    Match(settings, tmp_path).load_or_create()


def test_corrupt_state_file_is_reported(tmp_path):
    (tmp_path / STATE_FILE).write_text("{not json", encoding="utf-8")
    with pytest.raises(MatchError, match="not a match state file"):
        Match(MatchSettings("random", "mc", 5, False, 1), tmp_path).load_or_create()


def test_results_are_saved_atomically_and_reloaded(tmp_path):
    settings = MatchSettings("random", "mc", 5, False, 1)
    match = Match(settings, tmp_path)
    match.load_or_create()
    result = GameResult(2, "B", "black", "white", "", 13, "B+", sgf_name(2))
    match.record(result)
    assert not list(tmp_path.glob("*.tmp"))
    again = Match(settings, tmp_path)
    again.load_or_create()
    assert again.results == {2: result}
    assert again.missing(3) == [1, 3]


def test_results_table_shape():
    settings = MatchSettings("sdst:agents=100", "mcsds", 7, False, 1)
    summary = summarize([("A", "black"), ("A", "white"), ("B", "black")])
    table = results_table(settings, summary)
    assert "A = `sdst:agents=100`" in table
    row = table.splitlines()[-1]
    assert row.startswith("| 3 | 2 | 1 | 1 | 1 | 2 | 1 | 0.667 [")
    assert row.count("|") == 10


def test_json_numbers_are_standard_json():
    from hexswarm.engine.tools.series import _json_number

    assert _json_number(math.inf) == "+inf"
    assert _json_number(-math.inf) == "-inf"
    assert _json_number(math.nan) is None
    assert _json_number(0.25) == 0.25 and _json_number(3) == 3


def test_command_line_errors(capsys, tmp_path):
    status, out, err = run_match(capsys, "--games", "2", "--out", tmp_path, "gtp:", "random")
    assert status == 2 and "command line after 'gtp:'" in err
    with pytest.raises(SystemExit):
        main(["--games", "0", "--out", str(tmp_path), "random", "random"])
    with pytest.raises(SystemExit):
        main(["--games", "2", "--size", "40", "--out", str(tmp_path), "random", "random"])
    with pytest.raises(SystemExit):
        main(["--games", "2", "--jobs", "2", "--scheduler", "tcp://127.0.0.1:1", "--out",
              str(tmp_path), "random", "random"])  # fmt: skip
    assert "exclude each other" in capsys.readouterr().err


class ScriptedPlayer:
    """Plays a fixed list of moves (cell names, swap tokens, "resign"), whatever the position."""

    def __init__(self, name: str, moves: list[str]):
        self.name, self.settings, self.moves = name, f"script:{name}", list(moves)
        self.seen: list[tuple[str, str]] = []

    def new_game(self, size: int, swap: bool) -> None:
        pass

    def choose(self, board, colour):
        return self.moves.pop(0)

    def observe(self, colour, move: str) -> None:
        self.seen.append((str(colour), move))


def scripted_game(monkeypatch, tmp_path, game: int, a_moves, b_moves, swap=True):
    from hexswarm.engine.tools import games as games_module

    scripted = {"script-a": ScriptedPlayer("a", a_moves), "script-b": ScriptedPlayer("b", b_moves)}
    monkeypatch.setattr(games_module, "make_player", lambda spec, seed, cache, out: scripted[spec])
    settings = MatchSettings("script-a", "script-b", 3, swap, 1)
    result = games_module.play_game(settings, game, tmp_path, games_module.PlayerCache())
    return result, scripted


def test_swap_sides_hands_the_colours_over(monkeypatch, tmp_path):
    from hexswarm.engine.records import read_sgf

    # Game 1 on 3x3: A has Black and opens a1; B (White) swaps sides, so B now holds the
    # Black stone and A plays White, moving again. A: a2, c1, c2 (White); B: b1, b2, b3
    # (Black), which joins a1-b1-b2-b3 from the top edge to the bottom: B wins with Black.
    a_moves = ["a1", "a2", "c1", "c2"]
    b_moves = ["swap-sides", "b1", "b2", "b3"]
    result, scripted = scripted_game(monkeypatch, tmp_path, 1, a_moves, b_moves)
    assert result.a_colour == "black"
    assert result.winner_colour == "black" and result.winner == "B"
    assert result.result == "B+"
    record = read_sgf(tmp_path / sgf_name(1))
    assert record.player_black == "a (A)"  # PB names who held Black when the game began
    assert ("white", "swap-sides") in scripted["script-a"].seen


def test_resign_and_forfeit_are_recorded(monkeypatch, tmp_path):
    from hexswarm.engine.records import read_sgf

    # Game 2: B has Black. B opens b2, A (White) resigns.
    result, _ = scripted_game(monkeypatch, tmp_path, 2, ["resign"], ["b2"])
    assert (result.winner, result.winner_colour, result.result) == ("B", "black", "B+R")
    assert (read_sgf(tmp_path / sgf_name(2))).game_end() == ("white", "resign")
    # Game 3: A has Black and opens b2; B answers on the same cell: a forfeit.
    result, _ = scripted_game(monkeypatch, tmp_path, 3, ["b2"], ["b2"])
    assert (result.winner, result.result, result.reason) == ("A", "B+F", "F")
    assert (read_sgf(tmp_path / sgf_name(3))).game_end() == ("white", "forfeit")


def test_each_players_time_to_choose_is_recorded_and_reported(monkeypatch, tmp_path):
    """ "Equal time" is checked, not assumed: each player's wall time from being asked for a
    move to having it is summed per game (an engine told 1 s a move may take more), and the
    report gives the mean a move. B sleeps 20 ms a move here: its mean is at least that."""
    from dataclasses import asdict

    from hexswarm.engine.tools import games as games_module
    from hexswarm.engine.tools.series import think_report

    class SlowPlayer(ScriptedPlayer):
        def choose(self, board, colour):
            time.sleep(0.02)
            return super().choose(board, colour)

    # Game 1 on 3x3: A (Black) joins top to bottom down column a (a1, a2, a3); B plays b1, b2.
    a_moves, b_moves = ["a1", "a2", "a3"], ["b1", "b2"]
    players = {"a": ScriptedPlayer("a", a_moves), "b": SlowPlayer("b", b_moves)}
    monkeypatch.setattr(
        games_module, "make_player", lambda spec, seed, cache, out: players[spec[-1]]
    )
    settings = MatchSettings("script-a", "script-b", 3, False, 1)
    result = games_module.play_game(settings, 1, tmp_path, games_module.PlayerCache())
    assert result.winner == "A" and result.moves == 5
    assert result.think["A"]["moves"] == 3 and result.think["B"]["moves"] == 2
    assert result.think["B"]["total_s"] >= 0.04 and result.think["B"]["max_s"] >= 0.02
    assert result.think["B"]["max_s"] <= result.think["B"]["total_s"]
    assert GameResult.from_dict(json.loads(json.dumps(asdict(result)))) == result
    table = think_report(settings, [result])
    b_row = next(line for line in table.splitlines() if line.startswith("| B "))
    mean = float(b_row.split("|")[4].strip().removesuffix(" s"))
    assert mean >= 0.02 and "| 1 | 2 |" in b_row
    older = GameResult(2, "B", "black", "white", "", 13, "B+", sgf_name(2))  # saved before
    assert think_report(settings, [older]) == ""


# ------------------------------------------------------------------ real matches


def test_openings_are_shared_by_each_pair_of_games_and_played_first(capsys, tmp_path):
    """Games 2k-1 and 2k start from the same random stones (A Black in one, White in the
    other); other pairs differ; the stones are on the saved record, Black's first."""
    from hexswarm.engine.records import read_sgf

    assert opening_cells(5, 1, 7, 3) == opening_cells(5, 2, 7, 3)
    assert opening_cells(5, 3, 7, 3) == opening_cells(5, 4, 7, 3)
    assert len({tuple(opening_cells(5, g, 7, 3)) for g in range(1, 41, 2)}) > 15
    assert len(set(opening_cells(5, 1, 7, 48))) == 48
    with pytest.raises(MatchError, match="does not fit"):
        opening_cells(5, 1, 3, 9)
    out = tmp_path / "match"
    status, _, _ = run_match(
        capsys, "--games", "4", "--size", "5", "--opening", "2", "--out", out, "--quiet",
        "random", "random",
    )  # fmt: skip
    assert status == 0
    saved = json.loads((out / STATE_FILE).read_text("utf-8"))
    assert saved["settings"]["opening"] == 2
    for game in range(1, 5):
        board = read_sgf(out / sgf_name(game)).board_at()
        first = [m.cell for m in board.moves[:2]]
        assert first == opening_cells(1, game, 5, 2)
        assert [m.color.value for m in board.moves[:2]] == ["black", "white"]


def test_a_match_without_opening_keeps_its_old_identity():
    settings = MatchSettings("random", "random", 5, False, 1)
    assert "opening" not in settings.identity()
    assert MatchSettings("random", "random", 5, False, 1, opening=2).identity()["opening"] == 2


def test_random_vs_random_writes_sgf_files_that_read_back(capsys, tmp_path):
    from hexswarm.engine.records import read_sgf

    out = tmp_path / "match"
    status, table, _ = run_match(
        capsys, "--games", "4", "--size", "4", "--out", out, "--quiet", "random", "random"
    )
    assert status == 0
    files = sorted(p.name for p in out.glob("*.sgf"))
    assert files == [sgf_name(i) for i in range(1, 5)]
    results = {r["game"]: r for r in state(out)["results"]}
    assert sorted(results) == [1, 2, 3, 4]
    for game, result in results.items():
        record = read_sgf(out / sgf_name(game))
        board = record.board_at()
        assert board.winner is not None
        assert str(board.winner) == result["winner_colour"]
        assert result["result"] == f"{board.winner.letter}+"
        assert result["a_colour"] == ("black" if game % 2 else "white")
        winner_is_a = result["winner_colour"] == result["a_colour"]
        assert result["winner"] == ("A" if winner_is_a else "B")
    a_wins = sum(r["winner"] == "A" for r in results.values())
    assert score_row(table).startswith(f"| 4 | {a_wins} | {4 - a_wins} |")
    assert "time to choose a move" in table


def test_mc_vs_random_json_output(capsys, tmp_path):
    status, out, _ = run_match(
        capsys,
        "--games",
        "2",
        "--size",
        "4",
        "--out",
        tmp_path,
        "--json",
        "--quiet",
        "mc:playouts_per_move=20",
        "random",
    )
    assert status == 0

    def refuse(constant):
        raise AssertionError(f"non-standard JSON constant {constant}")

    report = json.loads(out, parse_constant=refuse)  # Infinity/NaN are written as text/null
    assert report["summary"]["games"] == 2
    assert report["summary"]["a_wins"] + report["summary"]["b_wins"] == 2
    assert len(report["games"]) == 2


def test_resume_continues_where_it_stopped_and_matches_a_full_run(capsys, tmp_path):
    args = ["--games", "5", "--size", "4", "--seed", "11", "--quiet", "random", "random"]
    stopped = tmp_path / "stopped"
    assert run_match(capsys, "--out", stopped, "--max-new-games", "2", *args)[0] == 0
    assert len(state(stopped)["results"]) == 2
    assert len(list(stopped.glob("*.sgf"))) == 2
    status, _, err = run_match(capsys, "--out", stopped, *args[:-3], "random", "random")
    assert status == 0
    assert len(state(stopped)["results"]) == 5
    full = tmp_path / "full"
    assert run_match(capsys, "--out", full, *args)[0] == 0
    assert outcomes(stopped) == outcomes(full)
    for game in range(1, 6):  # identical files but for the date of play
        texts = [
            re.sub(r"DT\[[^]]*\]", "", (d / sgf_name(game)).read_text()) for d in (stopped, full)
        ]
        assert texts[0] == texts[1]
    # a different match in the same folder is refused
    status, _, err = run_match(
        capsys, "--out", stopped, "--games", "5", "--size", "5", "random", "random"
    )
    assert status == 2 and "holds a different match" in err


def test_parallel_jobs_give_the_same_results_as_serial(capsys, tmp_path):
    """The process pool that ``--jobs`` uses without Dask (test_cluster.py: with Dask)."""
    args = ["--games", "4", "--size", "4", "--seed", "5", "--quiet", "random", "random"]
    assert run_match(capsys, "--out", tmp_path / "serial", *args)[0] == 0
    parallel = Match(MatchSettings("random", "random", 4, False, 5), tmp_path / "parallel")
    parallel.load_or_create()
    assert parallel.run(4, jobs=2, use_dask=False) == 4
    assert outcomes(tmp_path / "serial") == outcomes(tmp_path / "parallel")


def test_external_gtp_player_is_our_own_engine(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("PYTHONPATH", str(ROOT))
    monkeypatch.setenv("NUMBA_CACHE_DIR", os.environ.get("NUMBA_CACHE_DIR", "/tmp/nbcache-tests"))
    engine = f"gtp:{sys.executable} -m hexswarm.engine.gtp --ai random --seed 4"
    status, table, _ = run_match(
        capsys, "--games", "2", "--size", "4", "--out", tmp_path, "--quiet", engine, "random"
    )
    assert status == 0
    from hexswarm.engine.records import read_sgf

    record = read_sgf(tmp_path / sgf_name(1))
    assert record.player_black.startswith("HexSwarm ")  # the engine's GTP name and version
    assert record.player_black.endswith("(A)")
    assert record.ai_black.startswith("gtp:")
    assert "| 2 |" in table


def test_python_m_engine_match_runs(tmp_path):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.setdefault("NUMBA_CACHE_DIR", "/tmp/nbcache-tests")
    finished = subprocess.run(
        [
            sys.executable,
            "-m",
            "hexswarm.engine.tools.match",
            "--games",
            "2",
            "--size",
            "3",
            "--out",
            str(tmp_path),
            "--jobs",
            "2",
            "random",
            "random",
        ],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=300,
    )
    assert finished.returncode == 0, finished.stderr
    assert score_row(finished.stdout).startswith("| 2 |")
    assert "2/2" in finished.stderr  # the progress line


@pytest.mark.slow
def test_resume_after_sigkill(tmp_path):
    """Kill the match process hard mid-run; the re-run finishes with the results of a clean run."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.setdefault("NUMBA_CACHE_DIR", "/tmp/nbcache-tests")
    args = [
        "--games",
        "30",
        "--size",
        "5",
        "--seed",
        "2",
        "--quiet",
        "mc:playouts_per_move=1500",
        "random",
    ]
    killed = tmp_path / "killed"
    process = subprocess.Popen(
        [sys.executable, "-m", "hexswarm.engine.tools.match", "--out", str(killed), *args],
        env=env,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        while process.poll() is None:  # wait for a few finished games, then kill
            try:
                if len(state(killed)["results"]) >= 3:
                    break
            except (OSError, ValueError):
                pass  # not written yet
            time.sleep(0.05)
        process.kill()
    finally:
        process.wait()
    partial = len(state(killed)["results"])
    assert 3 <= partial < 30  # killed mid-match, and the state file is whole (atomic replace)
    assert main(["--out", str(killed), *args]) == 0
    full = tmp_path / "full"
    assert main(["--out", str(full), *args]) == 0
    assert outcomes(killed) == outcomes(full)
    assert len(list(killed.glob("*.sgf"))) == 30


def test_a_game_loads_the_kernels_before_its_first_timed_move(monkeypatch, tmp_path):
    """At equal time a first move whose kernels loaded inside its budget was played after one
    iteration: a match process loads every kernel group before its first game, once."""
    import hexswarm.engine.tools.games as games_module
    import hexswarm.engine.warmup as warmup_module

    calls: list[int] = []
    monkeypatch.setattr(warmup_module, "warm_up", lambda: calls.append(1))
    monkeypatch.setattr(games_module, "_kernels_ready", threading.Event())
    settings = MatchSettings("random", "random", 3, False, 1)
    for game in (1, 2):
        games_module.play_game(settings, game, tmp_path, games_module.PlayerCache())
    assert calls == [1]

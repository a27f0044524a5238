"""Matches on a real Dask cluster: a ``dask scheduler`` and two ``dask worker`` processes on
localhost (ports chosen by the system, processes stopped at the end), a local cluster for
``--jobs``, and a worker killed mid-match whose games are played again by the other one.

Every cluster run is compared game by game with the serial run of the same match.
"""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import pytest
from dask.distributed import Client
from hexswarm.engine.tools.distributed import (
    DaskGames,
    code_fingerprint,
    localise_files,
    play_on_worker,
    spec_files,
)
from hexswarm.engine.tools.games import GameResult, MatchError, MatchSettings, sgf_name
from hexswarm.engine.tools.match import main
from hexswarm.engine.tools.series import STATE_FILE, Match

ROOT = Path(__file__).resolve().parents[2]
START_TIMEOUT_S = 120  # a loaded machine imports numba slowly


@dataclass
class LocalDaskCluster:
    address: str
    workers: list[subprocess.Popen]


def _environment() -> dict[str, str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.setdefault("NUMBA_CACHE_DIR", "/tmp/nbcache-tests")
    return env


def _stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@pytest.fixture
def dask_cluster(tmp_path):
    """A scheduler and two single-thread workers without nannies (so that killing a worker's
    process kills the worker), each a real ``python -m dask`` process."""
    scheduler_file = tmp_path / "scheduler.json"
    log = open(tmp_path / "dask.log", "w")  # noqa: SIM115
    processes: list[subprocess.Popen] = []

    def start(*args: str) -> subprocess.Popen:
        process = subprocess.Popen(
            [sys.executable, "-m", "dask", *args],
            env=_environment(),
            cwd=tmp_path,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=log,
        )
        processes.append(process)
        return process

    try:
        start(
            "scheduler",
            "--host",
            "127.0.0.1",
            "--port",
            "0",
            "--no-dashboard",
            "--scheduler-file",
            str(scheduler_file),
        )
        deadline = time.monotonic() + START_TIMEOUT_S
        while not scheduler_file.exists():
            assert time.monotonic() < deadline, "the scheduler did not start"
            assert processes[0].poll() is None, (tmp_path / "dask.log").read_text()
            time.sleep(0.1)
        time.sleep(0.2)  # the file is written whole, but give the writer a moment
        address = json.loads(scheduler_file.read_text())["address"]
        workers = [
            start(
                "worker",
                address,
                "--nthreads",
                "1",
                "--no-nanny",
                "--no-dashboard",
                "--host",
                "127.0.0.1",
                "--memory-limit",
                "0",
                "--name",
                name,
            )
            for name in ("worker-1", "worker-2")
        ]
        with Client(address, timeout=START_TIMEOUT_S, set_as_default=False) as client:
            client.wait_for_workers(2, timeout=START_TIMEOUT_S)
        yield LocalDaskCluster(address, workers)
    finally:
        for process in reversed(processes):
            _stop(process)
        log.close()


def results_of(out: Path) -> list[GameResult]:
    """The saved games (compared without their think times: a measurement, not an outcome)."""
    saved = json.loads((out / STATE_FILE).read_text(encoding="utf-8"))["results"]
    return [GameResult.from_dict(r) for r in saved]


def sgf_texts(out: Path, games: int) -> list[str]:
    """The SGF files without the date of play."""
    return [
        re.sub(r"DT\[[^]]*\]", "", (out / sgf_name(game)).read_text())
        for game in range(1, 1 + games)
    ]


def serial_match(settings: MatchSettings, games: int, out: Path) -> Match:
    match = Match(settings, out)
    match.load_or_create()
    match.run(games)
    return match


def test_a_match_on_a_scheduler_with_two_workers_is_the_serial_match(dask_cluster, tmp_path):
    args = ["--games", "6", "--size", "4", "--seed", "8", "--quiet", "mc:playouts_per_move=30"]
    assert (
        main(
            [
                "--out",
                str(tmp_path / "cluster"),
                "--scheduler",
                dask_cluster.address,
                *args,
                "random",
            ]
        )
        == 0
    )
    settings = MatchSettings("mc:playouts_per_move=30", "random", 4, False, 8)
    serial_match(settings, 6, tmp_path / "serial")
    assert results_of(tmp_path / "cluster") == results_of(tmp_path / "serial")
    assert sgf_texts(tmp_path / "cluster", 6) == sgf_texts(tmp_path / "serial", 6)


def test_a_worker_killed_mid_match_loses_no_game_and_counts_none_twice(dask_cluster, tmp_path):
    games = 10
    # Games long enough (~0.1 s) that each worker holds one most of the time: with 300
    # playouts a move a loaded machine once ran the whole match between two looks.
    settings = MatchSettings("mc:playouts_per_move=20000", "random", 5, False, 4)
    victim = dask_cluster.workers[0]
    with Client(dask_cluster.address, set_as_default=False) as observer:
        victim_address = next(
            address for address, pid in observer.run(os.getpid).items() if pid == victim.pid
        )
        reported: list[int] = []
        games_in_flight_on_victim: list[int] = []
        done = threading.Event()

        def kill_once_it_holds_a_game() -> None:
            # Watched from a thread of its own every few milliseconds, not only when a result
            # comes in: the victim may be between two games at every result.
            while not done.is_set():
                keys = observer.processing(workers=[victim_address]).get(victim_address, ())
                if keys:
                    games_in_flight_on_victim.extend(int(str(k).split("-")[2]) for k in keys)
                    victim.kill()
                    victim.wait()
                    return
                done.wait(0.005)

        watcher = threading.Thread(target=kill_once_it_holds_a_game, daemon=True)
        watcher.start()
        match = Match(settings, tmp_path / "cluster")
        match.load_or_create()
        try:
            match.run(
                games, scheduler=dask_cluster.address, progress=lambda r: reported.append(r.game)
            )
        finally:
            done.set()
            watcher.join()
    assert games_in_flight_on_victim, "the victim never held a game: nothing was tested"
    assert victim.returncode == -signal.SIGKILL
    assert sorted(reported) == list(range(1, games + 1))  # each game reported once
    serial = serial_match(settings, games, tmp_path / "serial")
    assert match.results == serial.results
    assert results_of(tmp_path / "cluster") == results_of(tmp_path / "serial")
    assert sorted(p.name for p in (tmp_path / "cluster").glob("*.sgf")) == [
        sgf_name(g) for g in range(1, games + 1)
    ]


def test_one_local_cluster_plays_several_matches_and_resumes(tmp_path):
    """The local cluster of ``--jobs`` (``hexswarm-match --jobs 2`` itself runs in
    test_match.py), kept open for two matches as the tuner does."""
    first = MatchSettings("random", "random", 3, False, 1)
    second = MatchSettings("random", "random", 4, True, 2)
    with DaskGames(workers=2) as cluster:
        for settings, name in ((first, "first"), (second, "second")):
            match = Match(settings, tmp_path / name)
            match.load_or_create()
            assert match.run(5, cluster=cluster, limit=2) == 2
            resumed = Match(settings, tmp_path / name)
            resumed.load_or_create()
            assert sorted(resumed.results) == [1, 2]
            assert resumed.run(5, cluster=cluster) == 3
            assert resumed.results == serial_match(settings, 5, tmp_path / f"{name}-serial").results


def test_a_worker_with_other_code_refuses_the_game():
    settings = MatchSettings("random", "random", 3, False, 1).identity()
    with pytest.raises(MatchError, match="other HexSwarm code"):
        play_on_worker(settings, 1, "0" * 12)
    data, sgf_text = play_on_worker(settings, 1, code_fingerprint())
    assert data["game"] == 1 and sgf_text.startswith("(;")


def test_an_unreachable_scheduler_is_a_clear_error(capsys, tmp_path):
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.raises(MatchError, match="cannot reach the Dask scheduler"):
        DaskGames(scheduler=f"tcp://127.0.0.1:{port}", timeout=2)


def test_a_database_file_travels_with_the_games_to_a_worker_without_it(tmp_path):
    """A worker on another machine lacks the coordinator's file: it plays with a copy in its
    temporary folder, and the record names the coordinator's path."""
    text = '{"format": "hexswarm-playout-agents", "version": 1, "agents": [["bridge"]]}\n'
    here = tmp_path / "agents.json"
    here.write_text(text, encoding="utf-8")
    spec = f"uct:playouts=4,playout=agents,playout_agents={here}"
    settings = MatchSettings(spec, "random", 3, False, 1)
    assert spec_files(settings) == {str(here): text}
    assert spec_files(MatchSettings("uct:playout_agents=default", "random", 3, False, 1)) == {}
    # The same file on the worker: nothing changes.
    assert localise_files(settings.identity(), {str(here): text}) == (settings.identity(), {})
    elsewhere = str(tmp_path / "on-the-coordinator-only" / "agents.json")
    remote = MatchSettings(spec.replace(str(here), elsewhere), "random", 3, False, 1)
    localised, originals = localise_files(remote.identity(), {elsewhere: text})
    (copy,) = originals
    assert originals == {copy: elsewhere} and Path(copy).read_text(encoding="utf-8") == text
    assert localised["player_a"] == spec.replace(str(here), copy)
    data, sgf_text = play_on_worker(remote.identity(), 1, code_fingerprint(), {elsewhere: text})
    assert elsewhere in sgf_text and copy not in sgf_text
    assert data["game"] == 1

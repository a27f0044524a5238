"""Match games on a Dask distributed cluster (the optional extra ``hexswarm[cluster]``).

``hexswarm-match --scheduler ADDRESS`` sends its games to the workers of a running
``dask scheduler`` (on any machines); ``--jobs N`` starts a local cluster of N worker processes
(:class:`dask.distributed.LocalCluster`) when Dask is installed. Either way one game is one
Dask task, :func:`play_on_worker`, which plays it with the seeds of
:func:`engine.tools.games.game_seed` and returns its result and SGF text; the coordinating
process writes the files and the state, so a match played on a cluster is the serial match game
by game, and resuming works as usual.

When a worker dies, the scheduler gives its unfinished games to other workers (Dask's own
rescheduling; a game whose worker dies three times fails the match). A game is recorded when
its task's result arrives, once: nothing is lost and nothing is counted twice.

Every worker must run the same HexSwarm code as the coordinator: each task carries
:func:`code_fingerprint` and a worker with other code refuses it with a message. A setting that
names a file on the coordinator (``playout_agents=PATH``, the tuner's candidate databases)
travels with the task: a worker on another machine plays with a copy of the file, and the
record names the coordinator's path.
"""

from __future__ import annotations

import atexit
import contextlib
import functools
import hashlib
import importlib.util
import json
import logging
import tempfile
import uuid
from collections.abc import Callable, Iterable
from dataclasses import asdict
from pathlib import Path
from typing import Any

from hexswarm.engine.players.levels import split_spec
from hexswarm.engine.tools.games import (
    GTP_PREFIX,
    GameResult,
    GameTask,
    MatchError,
    MatchSettings,
    PlayerCache,
    play_game_record,
)

INSTALL_HINT = "install the cluster extra: pip install 'hexswarm[cluster]'"


def dask_available() -> bool:
    """Whether ``dask.distributed`` can be imported here."""
    return importlib.util.find_spec("distributed") is not None


@functools.cache
def code_fingerprint() -> str:
    """A short hash of every Python file of the ``engine`` package (names and contents)."""
    root = Path(__file__).resolve().parent
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        digest.update(path.relative_to(root).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


# Settings of a level spec whose value may name a file on the coordinator (an agent database):
# its text travels with every game, and a worker without that file plays with a local copy.
FILE_SETTINGS = ("playout_agents",)


def spec_files(settings: MatchSettings) -> dict[str, str]:
    """``{value: file text}`` for the file-valued settings of both players that name a file
    here (bundled names such as ``default`` are not files and stay as they are)."""
    files = {}
    for spec in (settings.player_a, settings.player_b):
        if spec.startswith(GTP_PREFIX):
            continue
        for key, value in split_spec(spec)[1]:
            path = Path(value).expanduser()
            if key in FILE_SETTINGS and path.is_file():
                files[value] = path.read_text(encoding="utf-8")
    return files


def _replace_file_values(spec: str, replacements: dict[str, str]) -> str:
    if spec.startswith(GTP_PREFIX) or ":" not in spec:
        return spec
    level, items = split_spec(spec)
    return f"{level}:" + ",".join(
        f"{key}={replacements.get(value, value) if key in FILE_SETTINGS else value}"
        for key, value in items
    )


def localise_files(settings: dict, files: dict[str, str]) -> tuple[dict, dict[str, str]]:
    """On a worker: the match settings with every file this machine lacks (or holds with
    other text) replaced by a copy in its temporary folder, named by the text's hash; and
    ``{copy: original}`` to put the coordinator's names back into the game's record."""
    copies = {}
    for original, text in files.items():
        path = Path(original).expanduser()
        with contextlib.suppress(OSError, UnicodeDecodeError):
            if path.is_file() and path.read_text(encoding="utf-8") == text:
                continue
        digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
        copy = Path(tempfile.gettempdir()) / "hexswarm-files" / digest / path.name
        if not copy.is_file():
            from hexswarm.engine.records.files import atomic_write_text

            copy.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_text(copy, text)
        copies[original] = str(copy)
    if not copies:
        return settings, {}
    localised = dict(settings)
    for key in ("player_a", "player_b"):
        localised[key] = _replace_file_values(settings[key], copies)
    return localised, {copy: original for original, copy in copies.items()}


# Per worker process: external GTP engines stay running between the games of one match.
_worker_caches: dict[str, PlayerCache] = {}


def _close_worker_caches() -> None:
    for cache in _worker_caches.values():
        cache.close()
    _worker_caches.clear()


atexit.register(_close_worker_caches)


def play_on_worker(
    settings: dict, game: int, fingerprint: str, files: dict[str, str] | None = None
) -> tuple[dict, str]:
    """The Dask task: play game ``game`` of the match ``settings`` (a
    :meth:`MatchSettings.identity`) with the coordinator's ``files`` (:func:`spec_files`);
    return the result as a dict and the SGF text, as the coordinator would have written it."""
    if fingerprint != code_fingerprint():
        raise MatchError(
            f"this worker runs other HexSwarm code (engine fingerprint {code_fingerprint()}, "
            f"the match needs {fingerprint}): install the same version on every machine"
        )
    local_settings, originals = localise_files(settings, files or {})
    key = json.dumps(local_settings, sort_keys=True)
    cache = _worker_caches.setdefault(key, PlayerCache())
    result, sgf_text = play_game_record(MatchSettings(**local_settings), game, cache, None)
    for copy, original in originals.items():
        sgf_text = sgf_text.replace(copy, original)
    return asdict(result), sgf_text


class DaskGames:
    """A connection to a Dask cluster that plays match games: to the scheduler at ``scheduler``
    (``tcp://host:port``), or to a new local cluster of ``workers`` processes with one thread
    each. Use as a context manager (or call :meth:`close`); one instance may play many
    matches (the tuner keeps one for its whole run). Called from one thread."""

    def __init__(
        self, *, scheduler: str | None = None, workers: int | None = None, timeout: float = 30
    ):
        if (scheduler is None) == (workers is None):
            raise ValueError("give either a scheduler address or a number of workers")
        if not dask_available():
            raise MatchError(f"playing on a Dask cluster needs Dask: {INSTALL_HINT}")
        from dask.distributed import Client, LocalCluster

        self._stack = contextlib.ExitStack()
        try:
            if scheduler is not None:
                try:
                    self.client = self._stack.enter_context(
                        Client(scheduler, timeout=timeout, set_as_default=False)
                    )
                except (OSError, TimeoutError) as error:
                    raise MatchError(
                        f"cannot reach the Dask scheduler at {scheduler}: {error}"
                    ) from None
                self.description = f"Dask scheduler {scheduler}"
            else:
                if workers is None or workers < 1:
                    raise ValueError("a local cluster needs at least one worker")
                cluster = self._stack.enter_context(
                    LocalCluster(
                        n_workers=workers,
                        threads_per_worker=1,  # one game per process: players use one thread
                        processes=True,
                        host="127.0.0.1",
                        dashboard_address=":0",  # a free port: never clashes with 8787
                        silence_logs=logging.ERROR,
                    )
                )
                self.client = self._stack.enter_context(
                    Client(cluster, timeout=timeout, set_as_default=False)
                )
                self.description = f"local Dask cluster of {workers} processes"
        except BaseException:
            self._stack.close()
            raise

    def play(
        self,
        tasks: Iterable[GameTask],
        on_result: Callable[[MatchSettings, GameResult, str], Any],
    ) -> None:
        """Play ``tasks`` (``(match settings, game number)``, of one match or several) on the
        workers; call ``on_result(settings, result, sgf_text)`` in this thread once per game,
        in the order they finish. A failing game cancels the others and raises
        :class:`MatchError` (the games already passed to ``on_result`` stay done)."""
        from dask.distributed import as_completed

        token = uuid.uuid4().hex[:8]
        fingerprint = code_fingerprint()
        files: dict[MatchSettings, dict[str, str]] = {}
        futures = {}
        for index, (settings, game) in enumerate(tasks):
            if settings not in files:
                files[settings] = spec_files(settings)
            future = self.client.submit(
                play_on_worker,
                settings.identity(),
                game,
                fingerprint,
                files[settings],
                key=f"hexswarm-game-{index:05d}-{game:04d}-{token}",
                pure=False,
            )
            futures[future] = (settings, game)
        done: set[tuple[MatchSettings, int]] = set()
        try:
            for future in as_completed(futures, loop=self.client.loop):
                settings, game = futures[future]
                try:
                    data, sgf_text = future.result()
                except MatchError:
                    raise
                except Exception as error:
                    raise MatchError(
                        f"game {game} failed on the cluster: {type(error).__name__}: {error}"
                    ) from None
                if (settings, game) in done:  # never expected: one future per game
                    continue
                done.add((settings, game))
                on_result(settings, GameResult(**data), sgf_text)
        finally:
            self.client.cancel(list(futures))  # unfinished games; finished ones are released

    def close(self) -> None:
        self._stack.close()

    def __enter__(self) -> DaskGames:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

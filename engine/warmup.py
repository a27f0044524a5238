"""Compile (or load from numba's cache) the kernels before a search needs them.

numba compiles on first call and holds a lock while it does: a search started before its
kernels are ready waits for seconds (minutes on a cold cache and a busy machine). The kernels
come in groups (:data:`GROUP_LABELS`), each compiled by running its searches once on tiny
inputs; :func:`groups_for_spec` says which groups an AI needs.

Two ways to use them:

* :func:`warm_up` compiles or loads every group in this process, now (tools, tests);
* :class:`GroupLoader` (``hexswarm-gtp``) loads the groups its AI needs in this process, on a
  thread, and a group more when a command needs it;
* :class:`BackgroundWarmUp` (the desktop application) compiles the groups in worker
  *processes*, the groups an AI needs first, and loads each one into this process from
  numba's on-disk cache as soon as it is compiled; a search asks :meth:`BackgroundWarmUp.wait`
  for its groups first. Processes, not threads: numba's compile lock blocks every other
  thread that calls a kernel meanwhile, and compiling holds the GIL most of the time.
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from multiprocessing.connection import Connection
    from multiprocessing.process import BaseProcess

Progress = Callable[[int, int, str], None]

GROUP_LABELS = {
    "uct": "UCT kernels",
    "solver": "solver kernels",
    "swarm": "swarm search kernels (MCSDS, SDST)",
    "playouts": "playout kernels",
    "mc": "vanilla Monte-Carlo kernels",
    "anthill": "anthill kernels",
    "knowledge-swarm": "swarm kernels with knowledge playouts",
    "knowledge-mc": "vanilla Monte-Carlo kernels with knowledge playouts",
    "variants": "recruitment and relate variants",
    "dfpn": "proof-number solver kernels",
    "toys": "kernels of the bandit and toy-tree studies",
}
"""Every kernel group: its key in code and its name for the user, in the order
:func:`warm_up` runs them: first those of the default AI (``strong``: UCT with template
playouts and the solver's tactics, also the hints' and analysis's) and of MCSDS (the hints'
AI until round 12), then the other levels', then the
tools'. Each tree search has one group for every playout policy (its descent takes the
policy as one type, ``engine.knowledge.run_time_policy``; the uniform and the knowledge
searches compiled the same kernels): ``uct``, and the anthill's (``strong-swarm``) of its own:
UCT's descent is compiled without the agents' code (``engine.kernels.descent``), so the
default never compiles it. The swarm and Monte-Carlo searches have a ``knowledge-`` twin
(their playout loops are compiled per policy type: ``engine.players.family.playout_group``).
``dfpn`` (``tactics=dfpn``, in no preset) is a group of its own, apart from ``solver``: in the
application and in ``hexswarm-gtp`` an AI that does not prove by DFPN never waits for it. Kept
here, not beside the kernels, so that asking about a group imports no kernel module."""

GROUP_KEYS = tuple(GROUP_LABELS)


@dataclass(frozen=True)
class KernelGroup:
    """Kernels compiled together by running ``run`` once (what it returns is not used)."""

    key: str
    label: str
    run: Callable[[], object]


def kernel_groups() -> list[KernelGroup]:
    """Every group with the function that compiles (or loads) it, in :data:`GROUP_KEYS`
    order: each runs its searches once on tiny inputs."""
    runs = _group_runs()
    if set(runs) != set(GROUP_KEYS):  # pragma: no cover - a programming error, caught by tests
        raise RuntimeError(f"kernel groups {sorted(runs)} differ from {GROUP_KEYS}")
    return [KernelGroup(key, GROUP_LABELS[key], runs[key]) for key in GROUP_KEYS]


def _group_runs() -> dict[str, Callable[[], object]]:
    import numpy as np
    from hexswarm.engine.board import Board
    from hexswarm.engine.dfpn import prove
    from hexswarm.engine.kernels.environment import action_count_py
    from hexswarm.engine.playout import gale_winner, random_playouts
    from hexswarm.engine.search.anthill import AnthillSearch
    from hexswarm.engine.search.environment import (
        PAPER_FIGURE_4_LEAVES,
        bandit_environment,
        explicit_tree_environment,
        hex_environment,
    )
    from hexswarm.engine.search.limits import SearchLimits
    from hexswarm.engine.search.montecarlo import MonteCarloSearch
    from hexswarm.engine.search.swarm import POLICIES, RECRUITMENT, RELATE, SwarmConfig, SwarmSearch
    from hexswarm.engine.search.uct import UctSearch
    from hexswarm.engine.solver import winning_move, winning_moves

    board = Board(3)
    board.play("a1")
    hex_env = hex_environment(board)
    toys = (bandit_environment((0.2, 0.8)), explicit_tree_environment(PAPER_FIGURE_4_LEAVES))
    few = SearchLimits(playouts=20)
    one, two = SearchLimits(iterations=1), SearchLimits(iterations=2)

    def playouts() -> None:
        empty = Board(3)
        random_playouts(empty, 2, seed=0)
        random_playouts(empty, 2, seed=0, policy="win")
        gale_winner(empty)

    def swarms(env) -> None:
        for policy in POLICIES:
            SwarmSearch(SwarmConfig(policy=policy, agents=12, depth=2)).run(env, two)

    def swarms_on_toys() -> None:
        for env in toys:
            swarms(env)
            UctSearch().run(env, few)
            AnthillSearch().run(env, few)

    def recruitment_and_relate() -> None:
        for recruitment in RECRUITMENT:
            for relate in RELATE:
                config = SwarmConfig(agents=8, recruitment=recruitment, relate=relate)
                SwarmSearch(config).run(hex_env, one)
        # The options beyond the thesis use two more kernels (apply_test_outcomes, and
        # recruit's copy-activating branch compiles with it).
        options = SwarmConfig(
            agents=8,
            test="sequential",
            test_playouts=3,
            evidence=True,
            reference="mean",
        )
        SwarmSearch(options).run(hex_env, one)

    def tree_search(search, env) -> None:
        # Tree reuse between moves (UCTPlayer) copies the subtree under the moves played; its
        # kernels compiled lazily on the GUI's engine thread in the middle of a game. Only an
        # expanded child's subtree is copied (an unexpanded one's is None): keep the first.
        every = np.arange(action_count_py(env), dtype=np.int64)
        search.run(env, few)
        tree = search.trees[0]
        for child in tree.children(0):
            if tree.subtree([int(tree.actions[child])], every) is not None:
                return
        raise RuntimeError("no child expanded: the tree reuse kernels were not compiled")

    def solver() -> None:
        small = Board(2)
        winning_moves(small, table_bits=4)
        winning_move(small, budget=1_000, table_bits=4)

    def dfpn() -> None:
        # One kernel call compiles the whole search (its argument types do not depend on the
        # board, the budget or the time limit).
        prove(Board(2), nodes=1, table_bits=4)

    # Knowledge playouts (engine.knowledge) compile the swarm and Monte-Carlo playout loops
    # once more: their playout policy is a tuple of another type (see engine.kernels.knowledge);
    # the rest of each search is shared (engine.search.environment.without_playouts). The tree
    # searches' descent takes every policy as one type (engine.knowledge.run_time_policy) and
    # calls every playout kernel: one run, with any policy, compiles UCT's (or the anthill's)
    # search for all of them (tests/engine/test_warmup.py checks both searches compile nothing).
    knowledge_env = hex_environment(board, "win")
    mc_limits = SearchLimits(iterations=2)
    return {
        "playouts": playouts,
        "swarm": lambda: swarms(hex_env),
        "uct": lambda: tree_search(UctSearch(), knowledge_env),
        # Restricted to two root moves, as tactics=vc's must-play region restricts it: the
        # root population's settling kernel compiles too.
        "anthill": lambda: tree_search(AnthillSearch(root_actions=[0, 1]), knowledge_env),
        "mc": lambda: MonteCarloSearch().run(hex_env, mc_limits),
        "variants": recruitment_and_relate,
        "toys": swarms_on_toys,
        "knowledge-swarm": lambda: swarms(knowledge_env),
        "knowledge-mc": lambda: MonteCarloSearch().run(knowledge_env, mc_limits),
        "solver": solver,
        "dfpn": dfpn,
    }


def run_group(key: str) -> None:
    """Compile (or load) the one group ``key`` in this process."""
    _group_runs()[key]()


def groups_for_spec(spec: str | None) -> tuple[str, ...]:
    """The kernel groups the AI of ``spec`` (as :func:`engine.players.create_player` takes
    it) needs before its first search, most needed first. A spec that does not parse needs
    none: creating its player fails with its own message, which must not wait for kernels."""
    from hexswarm.engine.board import HexError
    from hexswarm.engine.players.family import family
    from hexswarm.engine.players.levels import parse_spec

    try:
        name, settings = parse_spec(spec, None)
    except (HexError, ValueError):
        return ()
    groups = list(family(name).kernel_groups(settings))
    from hexswarm.engine.players.tactics import SOLVER_TACTICS

    tactics = getattr(settings, "tactics", "off")
    if tactics in SOLVER_TACTICS:
        groups.append("solver")
    if tactics == "dfpn":  # the proof-number search after the solver's (engine.players.tactics)
        groups.append("dfpn")
    return tuple(groups)


def configure_numba_cache(version: str | None = None) -> Path | None:
    """Point numba's on-disk cache at the user's cache directory, versioned, unless the user
    chose one (``NUMBA_CACHE_DIR``); returns the directory in use (``None``: numba's default).
    Call before anything imports numba (if numba is already loaded, its config is reloaded).

    ``version`` names the folder; by default the release and the kernel sources' fingerprint:
    the application and the test suite (``tests/conftest.py``) then share one cache.

    Versioned because numba does not notice that a kernel called from another file changed: an
    upgrade must never load machine code compiled from the previous release. Inside a bundle the
    installed files are read-only, so a writable user directory is the only cache that works;
    when the user cache directory cannot be written either, a per-user folder in the system's
    temporary directory is used instead (kernels then recompile after a reboot, but they run).
    """
    chosen = os.environ.get("NUMBA_CACHE_DIR")
    if chosen:
        return Path(chosen)
    from platformdirs import user_cache_dir

    if version is None:
        from hexswarm.engine import __version__
        from hexswarm.engine.kernels import source_fingerprint

        version = f"{__version__}-{source_fingerprint()}"

    subfolder = f"numba-{version}"
    user = os.environ.get("USER") or os.environ.get("USERNAME") or str(os.getpid())
    candidates = [
        Path(user_cache_dir("HexSwarm", appauthor=False)) / subfolder,
        Path(tempfile.gettempdir()) / f"HexSwarm-{user}" / subfolder,
    ]
    for folder in candidates:
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            continue
        if os.access(folder, os.W_OK | os.X_OK):
            os.environ["NUMBA_CACHE_DIR"] = str(folder)
            if "numba" in sys.modules:  # numba read its settings at import: make it re-read
                sys.modules["numba"].core.config.reload_config()
            return folder
    return None


def cache_is_cold(directory: str | os.PathLike[str] | None) -> bool:
    """Whether numba's cache ``directory`` holds nothing yet (a first start, a new version)."""
    if directory is None:
        return False
    try:
        with os.scandir(directory) as entries:
            return next(entries, None) is None
    except FileNotFoundError:
        return True


def default_processes() -> int:
    """Worker processes to compile in: one per core, at most four; none (compile in this
    process) inside a frozen bundle, whose executable cannot be started as a plain Python
    worker."""
    if getattr(sys, "frozen", False):
        return 0
    return max(1, min(4, os.cpu_count() or 1))


def warm_up(progress: Progress | None = None, *, processes: int = 0) -> None:
    """Compile or load every kernel group in this process; report ``progress(step, total,
    label)`` before each group and ``progress(total, total, "ready")`` at the end. Safe to
    call from any thread. With ``processes`` > 0 the groups are compiled in that many worker
    processes first (see :class:`BackgroundWarmUp`) and loaded here as each one is done;
    ``step`` then counts the groups ready and ``label`` says what is being done.

    Each group is then marked ready in ``NUMBA_CACHE_DIR`` (:func:`ready_marker`), if set:
    an application started next loads it without a worker process."""
    cache_dir = os.environ.get("NUMBA_CACHE_DIR") or None
    if processes > 0:
        background = BackgroundWarmUp(processes=processes, cache_dir=cache_dir, progress=progress)
        background.start()
        background.join()
        if background.errors:
            key, message = next(iter(background.errors.items()))
            raise RuntimeError(f"the {GROUP_LABELS[key]} failed: {message}")
        return
    groups = kernel_groups()
    total = len(groups)
    for index, group in enumerate(groups):
        if progress is not None:
            progress(index, total, group.label)
        group.run()
        if cache_dir is not None:
            _mark_ready(Path(cache_dir), group.key)
    if progress is not None:
        progress(total, total, "ready")


def _mark_ready(cache_dir: Path, key: str) -> None:
    # An unwritable cache: the next start compiles that group in a worker again.
    with contextlib.suppress(OSError):
        ready_marker(cache_dir, key).touch()


def ready_marker(directory: Path, key: str) -> Path:
    """The file saying that group ``key`` of these kernel sources is in numba's cache
    ``directory`` (named by the sources' fingerprint and numba's version: other sources or
    another numba compile again)."""
    import numba
    from hexswarm.engine.kernels import source_fingerprint

    return directory / f"hexswarm-ready-{source_fingerprint()}-numba{numba.__version__}-{key}"


def _compile_worker(connection) -> None:
    """A worker process: compile the group each received key names (into numba's on-disk
    cache, which the parent shares through ``NUMBA_CACHE_DIR``) and answer ``(key, error)``,
    error ``""`` when it went well; stops at ``None``.

    numba's ``NumbaIRAssumptionWarning`` fails a group: an inlined kernel that drew it was
    once miscompiled (issue 13); the parent then compiles the group itself, where the warning
    shows (and where the tests turn it into an error)."""
    import warnings

    from numba.core.errors import NumbaIRAssumptionWarning

    groups = {group.key: group for group in kernel_groups()}
    while True:
        try:
            key = connection.recv()
        except EOFError:  # the parent is gone
            return
        if key is None:
            return
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("error", NumbaIRAssumptionWarning)
                groups[key].run()
        except Exception as error:  # noqa: BLE001 - reported; the parent compiles it itself
            connection.send((key, f"{type(error).__name__}: {error}"))
        else:
            connection.send((key, ""))


class BackgroundWarmUp:
    """Makes every kernel group ready in this process without blocking the caller.

    A thread of this process runs the plan: groups marked as compiled in numba's cache
    ``cache_dir`` (:func:`ready_marker`) are loaded at once; the others are compiled by up to
    ``processes`` worker processes (0: by the thread itself, e.g. in a frozen bundle) and
    loaded here as each one finishes. The next group to compile or load is the first of
    :meth:`prioritise`'s list not yet done, then the rest in :data:`GROUP_KEYS` order.
    ``progress(ready, total, text)`` is called on that thread whenever ``text`` (what is being
    done) changes: ``"preparing"`` first, and ``progress(total, total, "ready")`` at the end.

    :meth:`wait`, :meth:`is_ready`, :meth:`prioritise` and :meth:`close` may be called from
    any thread.
    """

    def __init__(
        self,
        *,
        processes: int = 1,
        cache_dir: str | os.PathLike | None = None,
        progress: Progress | None = None,
        first: Sequence[str] = (),
    ):
        self.processes = processes
        self.cache_dir = Path(cache_dir) if cache_dir is not None else None
        self._progress = progress
        self._lock = threading.Condition()
        self._ready: set[str] = set()
        self._priority: list[str] = [key for key in first if key in GROUP_LABELS]
        self._closing = False
        self._last_text = ""
        self._thread = threading.Thread(target=self._run, name="hexswarm-warm-up", daemon=True)
        self.errors: dict[str, str] = {}  # groups that failed here: they compile on first call
        self.seconds: dict[str, float] = {}  # when each group became ready, from start()
        self.from_cache: frozenset[str] = frozenset()  # groups found compiled at the start
        self.started_at = 0.0
        self.finished_at: float | None = None

    # ------------------------------------------------------------------ any thread
    def start(self) -> None:
        self.started_at = time.perf_counter()
        self._thread.start()

    def join(self, timeout: float | None = None) -> bool:
        """Wait until the plan ended (every group ready or failed, or closed); True if so
        within ``timeout``."""
        self._thread.join(timeout)
        return not self._thread.is_alive()

    def close(self) -> None:
        """Stop (the application quits): no further group is started or loaded; the worker
        processes are ended."""
        with self._lock:
            self._closing = True
            self._lock.notify_all()

    @property
    def closed(self) -> bool:
        """Whether :meth:`close` was called (the application quits)."""
        return self._closing

    @property
    def ready(self) -> frozenset[str]:
        """The groups loaded into this process."""
        with self._lock:
            return frozenset(self._ready)

    def is_ready(self, keys: Iterable[str]) -> bool:
        """Whether nothing in ``keys`` is left to wait for (ready, or failed)."""
        with self._lock:
            return all(key in self._ready or key in self.errors for key in keys)

    def prioritise(self, keys: Iterable[str]) -> None:
        """Make ``keys`` the next groups to compile and load (groups already compiling
        finish first)."""
        with self._lock:
            wanted = [key for key in keys if key in GROUP_LABELS]
            self._priority = wanted + [key for key in self._priority if key not in wanted]
            self._lock.notify_all()

    def wait(self, keys: Iterable[str], timeout: float | None = None) -> bool:
        """Block until nothing in ``keys`` is left to wait for (a group that failed compiles
        on first call, as without a warm-up); True if so within ``timeout``."""
        keys = tuple(keys)
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._lock:
            while not all(key in self._ready or key in self.errors for key in keys):
                if self.finished_at is not None:
                    return False  # closed before they were ready
                remaining = None if deadline is None else deadline - time.monotonic()
                if remaining is not None and remaining <= 0:
                    return False
                self._lock.wait(remaining)
            return True

    # ------------------------------------------------------------------ the thread
    def _report(self, text: str) -> None:
        if self._progress is None or text == self._last_text:
            return
        self._last_text = text
        with self._lock:
            done = len(self._ready) + len(self.errors)
        self._progress(done, len(GROUP_KEYS), text)

    def _next(self, candidates: set[str]) -> str:
        with self._lock:
            return next(key for key in (*self._priority, *GROUP_KEYS) if key in candidates)

    def _load(self, group: KernelGroup) -> None:
        """Run ``group`` here: a load from the cache if it was compiled, else a compile."""
        error = ""
        try:
            group.run()
        except Exception as exception:  # noqa: BLE001 - kept; a search will meet it again
            error = f"{type(exception).__name__}: {exception}"
        else:
            if self.cache_dir is not None:
                _mark_ready(self.cache_dir, group.key)
        with self._lock:
            if error:
                self.errors[group.key] = error
            else:
                self._ready.add(group.key)
            self.seconds[group.key] = time.perf_counter() - self.started_at
            self._lock.notify_all()

    def _run(self) -> None:
        self._report("preparing")  # importing the kernels' modules takes seconds already
        try:
            self._plan()
        except Exception as exception:  # noqa: BLE001 - no group may stay waited for forever
            message = f"{type(exception).__name__}: {exception}"
            with self._lock:
                for key in GROUP_KEYS:
                    if key not in self._ready:
                        self.errors.setdefault(key, message)
        finally:
            with self._lock:
                self.finished_at = time.perf_counter()
                self._lock.notify_all()
            self._last_text = ""
            self._report("ready")

    def _plan(self) -> None:
        groups = {group.key: group for group in kernel_groups()}
        to_load: set[str] = set()  # compiled (now or at an earlier start): load here
        if self.cache_dir is not None:
            to_load = {key for key in groups if ready_marker(self.cache_dir, key).exists()}
        self.from_cache = frozenset(to_load)
        to_compile = set(groups) - to_load
        workers = _Workers(self.processes if to_compile else 0)
        try:
            while to_load or to_compile or workers.running:
                if self._closing:
                    return
                # Keep every worker busy first: loading here takes a while too.
                while to_compile and workers.idle:
                    key = self._next(to_compile)
                    to_compile.discard(key)
                    workers.send(key)
                # A group a worker failed to compile is compiled here, where its error shows.
                to_load |= {key for key, _error in workers.results(0 if to_load else 0.2)}
                if to_load:
                    key = self._next(to_load)
                    to_load.discard(key)
                    self._report(self._doing(workers.running, "loading the", key))
                    self._load(groups[key])
                elif to_compile and not workers.count:
                    key = self._next(to_compile)
                    to_compile.discard(key)
                    self._report(self._doing([], "compiling the", key))
                    self._load(groups[key])
                elif workers.running:
                    self._report(self._doing(workers.running, "", None))
        finally:
            workers.close()

    @staticmethod
    def _doing(compiling: list[str], verb: str, key: str | None) -> str:
        """What is being done, for the user: the groups compiling in workers and the one
        loaded (or compiled) here."""
        parts = []
        if compiling:
            parts.append("compiling the " + ", ".join(GROUP_LABELS[k] for k in compiling))
        if key is not None:
            parts.append(f"{verb} {GROUP_LABELS[key]}")
        return "; ".join(parts)


class GroupLoader:
    """Loads the kernel groups asked for into this process, on one thread of its own, and no
    others (``hexswarm-gtp``: an engine started for one AI compiles that AI's kernels, not
    every level's; :class:`BackgroundWarmUp` makes every group ready, for the application).

    :meth:`load` queues groups (each is loaded once, in the order asked); :meth:`wait` queues
    them and blocks until each is loaded or failed (a failed group compiles on first call, as
    without a warm-up). Both may be called from any thread. The modules the groups import
    should be imported before the first call (imports racing between threads can deadlock on
    Python's module locks)."""

    def __init__(self) -> None:
        self._lock = threading.Condition()
        self._queue: list[str] = []
        self._thread: threading.Thread | None = None
        self.ready: list[str] = []  # the groups loaded, in order
        self.errors: dict[str, str] = {}

    def load(self, keys: Iterable[str]) -> None:
        """Queue the groups ``keys`` not loaded or queued yet, and start loading."""
        with self._lock:
            for key in keys:
                if key not in GROUP_LABELS:
                    raise ValueError(f"no kernel group {key!r} (groups: {', '.join(GROUP_KEYS)})")
                if key not in self._queue and key not in self.ready and key not in self.errors:
                    self._queue.append(key)
            if self._queue and self._thread is None:
                self._thread = threading.Thread(
                    target=self._run, name="hexswarm-kernels", daemon=True
                )
                self._thread.start()

    def wait(self, keys: Iterable[str]) -> None:
        """Load the groups ``keys`` (:meth:`load`) and block until none is left to wait for."""
        keys = tuple(keys)
        self.load(keys)
        with self._lock:
            while not all(key in self.ready or key in self.errors for key in keys):
                self._lock.wait()

    def _run(self) -> None:
        runs: dict[str, Callable[[], object]] | None = None
        while True:
            with self._lock:
                if not self._queue:
                    self._thread = None
                    return
                key = self._queue[0]
            error = ""
            try:
                runs = runs or _group_runs()
                runs[key]()
            except Exception as exception:  # noqa: BLE001 - kept; the search will meet it again
                error = f"{type(exception).__name__}: {exception}"
            with self._lock:
                self._queue.remove(key)
                if error:
                    self.errors[key] = error
                else:
                    self.ready.append(key)
                self._lock.notify_all()


class _Workers:
    """Up to ``count`` worker processes, started on the first :meth:`send`, each compiling
    one group at a time. Spawned, not forked: the caller may run threads (Qt's among them),
    which a forked child must not inherit."""

    def __init__(self, count: int):
        self.count = count
        self._processes: list[tuple[BaseProcess, Connection]] = []
        self._idle: list[Connection] = []
        self._jobs: dict[Connection, str] = {}  # connection -> the key its worker compiles

    @property
    def idle(self) -> bool:
        return bool(self._idle) or len(self._processes) < self.count

    @property
    def running(self) -> list[str]:
        return list(self._jobs.values())

    def send(self, key: str) -> None:
        if not self._idle:
            import multiprocessing

            context = multiprocessing.get_context("spawn")
            parent, child = context.Pipe()
            process = context.Process(
                target=_compile_worker, args=(child,), name="hexswarm-compile", daemon=True
            )
            process.start()
            child.close()
            self._processes.append((process, parent))
            self._idle.append(parent)
        connection = self._idle.pop()
        connection.send(key)
        self._jobs[connection] = key

    def results(self, timeout: float) -> list[tuple[str, str]]:
        """The ``(key, error)`` of the groups finished within ``timeout`` seconds."""
        from multiprocessing.connection import wait

        finished: list[tuple[str, str]] = []
        ready = wait(list(self._jobs), timeout) if self._jobs else []
        for connection in [job for job in self._jobs if job in ready]:
            key = self._jobs.pop(connection)
            try:
                _key, error = connection.recv()
            except (EOFError, OSError):  # the worker died: the caller compiles the group
                finished.append((key, "the worker process ended"))
                continue
            self._idle.append(connection)
            finished.append((key, error))
        return finished

    def close(self) -> None:
        """End every worker: at once, even one in the middle of a compile (its cache entries
        are written whole or not at all by numba)."""
        for process, connection in self._processes:
            process.terminate()
            process.join(timeout=2)
            connection.close()

"""The kernel warm-up: its groups, which groups an AI needs, and the background warm-up that
compiles in worker processes while the caller goes on."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from hexswarm.engine.warmup import (
    GROUP_KEYS,
    GROUP_LABELS,
    BackgroundWarmUp,
    cache_is_cold,
    groups_for_spec,
    kernel_groups,
    ready_marker,
    warm_up,
)


def test_cache_is_cold_only_when_the_directory_is_missing_or_empty(tmp_path):
    assert cache_is_cold(tmp_path / "missing")
    assert cache_is_cold(tmp_path)
    (tmp_path / "kernel.nbi").write_bytes(b"")
    assert not cache_is_cold(tmp_path)
    assert not cache_is_cold(None)  # numba's own default: unknown, so no worker processes


def test_every_group_has_a_label_and_a_run_in_one_order():
    groups = kernel_groups()
    assert [g.key for g in groups] == list(GROUP_KEYS)
    assert [g.label for g in groups] == [GROUP_LABELS[k] for k in GROUP_KEYS]
    assert len(set(GROUP_LABELS.values())) == len(GROUP_KEYS)


@pytest.mark.parametrize(
    ("spec", "groups"),
    [
        # The default (UCT with template playouts, the solver at the root).
        ("strong", ("uct", "solver")),
        # Each tree search has one group for every playout policy; the anthill's is its own
        # (the default never compiles the agents' code).
        ("strong-swarm", ("anthill", "solver")),
        ("anthill", ("anthill",)),
        ("strong-sdst", ("swarm", "variants", "solver")),  # reference=shared: beyond the thesis
        ("sdst", ("swarm",)),
        ("mcsds", ("swarm",)),
        ("sdst:relate=context-free", ("swarm", "variants")),
        ("sdst:playout=bridge", ("knowledge-swarm",)),
        ("mc", ("mc",)),
        ("mc:playout=win", ("knowledge-mc",)),
        ("uct", ("uct",)),
        ("anthill:tactics=solve", ("anthill", "solver")),
        ("uct:playout=bridge", ("uct",)),
        ("uct:tactics=dfpn", ("uct", "solver", "dfpn")),
        ("strong:tactics=dfpn", ("uct", "solver", "dfpn")),
        ("random", ()),
        ("nosuchlevel", ()),  # its player fails with its own message, at once
        ("sdst:agents=-5", ()),
    ],
)
def test_groups_for_spec_names_the_kernels_the_ai_calls(spec, groups):
    assert groups_for_spec(spec) == groups


# For the scripts below: how many compiled versions each kernel has (so a script can tell what
# compiled or loaded between two calls).
_VERSIONS = """
import sys
from numba.core.dispatcher import Dispatcher

def versions():
    return {
        f"{name}.{attribute}": len(value.overloads)
        for name, module in list(sys.modules.items()) if name.startswith("hexswarm.engine")
        for attribute, value in list(vars(module).items()) if isinstance(value, Dispatcher)
    }
"""


def _run_script(script: str, *args: str) -> str:
    """The last line ``script`` prints, run in a fresh Python with ``args``."""
    import os
    import subprocess
    import sys

    result = subprocess.run(
        [sys.executable, "-c", _VERSIONS + script, *args],
        env=dict(os.environ),
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.splitlines()[-1]


# Loads the groups ``argv[2:]`` (from the session's numba cache), then plays one move of
# ``argv[1]`` on an 8x8 position that only DFPN proves (test_analysis_players), and prints the
# kernels that gained a compiled version during the move: those it compiled or loaded itself.
_MOVE_AFTER_WARM_UP = """
from hexswarm.engine.players import create_player
from hexswarm.engine.tools.tactics_real import REAL_SUITE
from hexswarm.engine.tools.tactics_suite import load_suite
from hexswarm.engine.warmup import run_group

suite = load_suite(REAL_SUITE)
board = next(p for p in suite if p.id == "real-template3-8x8-01").board()
player = create_player(sys.argv[1])
for key in sys.argv[2:]:
    run_group(key)
before = versions()
choice = player.choose_move(board)
assert "DFPN" in choice.snapshot.note, choice.snapshot.note
print(" ".join(sorted(k for k, n in versions().items() if n > before.get(k, 0))))
"""


def _kernels_compiled_in_the_move(spec: str, groups: tuple[str, ...]) -> set[str]:
    return set(_run_script(_MOVE_AFTER_WARM_UP, spec, *groups).split())


def test_a_player_proving_by_dfpn_compiles_nothing_in_its_move_after_its_groups():
    """``tactics=dfpn`` once compiled the proof-number search inside its first move: after
    the groups :func:`groups_for_spec` names are loaded, the move loads or compiles no kernel;
    without the ``dfpn`` group it does (so the check can see one)."""
    spec = "uct:playouts=100,tactics=dfpn"
    groups = groups_for_spec(spec)
    assert _kernels_compiled_in_the_move(spec, groups) == set()
    without = tuple(key for key in groups if key != "dfpn")
    assert "hexswarm.engine.kernels.dfpn.mid" in _kernels_compiled_in_the_move(spec, without)


# Loads the groups groups_for_spec(argv[1]) names (from the session's numba cache) and prints
# the population types the tree searches' descent was compiled for, then plays one move of
# argv[1] on a 9x9 position and prints the kernels that gained a compiled version in the move.
_TREE_SEARCH_GROUPS = """
import json
from hexswarm.engine.board import Board
from hexswarm.engine.kernels import descent
from hexswarm.engine.players import create_player
from hexswarm.engine.warmup import groups_for_spec, run_group

spec = sys.argv[1]
player = create_player(spec)
for key in groups_for_spec(spec):
    run_group(key)
populations = sorted({str(signature[2]) for signature in descent.tree_iterations.signatures})
board = Board(9)
for cell in ("e5", "c7", "g3"):
    board.play(cell)
before = versions()
choice = player.choose_move(board)
assert choice.snapshot.playouts > 0
compiled = sorted(k for k, n in versions().items() if n > before.get(k, 0))
print(json.dumps([populations, compiled]))
"""


def _tree_search_groups(spec: str) -> tuple[list[str], list[str]]:
    import json

    populations, compiled = json.loads(_run_script(_TREE_SEARCH_GROUPS, spec))
    return populations, compiled


def test_the_default_compiles_no_anthill_code_and_each_tree_search_its_own_group():
    """The default's group compiled the anthill's agents into the one descent they shared
    (their tests' cost once added 40 % to it): UCT's descent now takes no population, so
    numba prunes the agents' code, and the anthill's is compiled by its own group. After the
    groups :func:`groups_for_spec` names, a move of either preset compiles nothing more."""
    settings = ":playouts=400,time_s=none,tactics=off"
    populations, compiled = _tree_search_groups("strong" + settings)
    assert populations == ["none"] and compiled == []
    populations, compiled = _tree_search_groups("strong-swarm" + settings)
    assert len(populations) == 1 and "AnthillAgents" in populations[0] and compiled == []


@pytest.mark.parametrize("playout", ["uniform", "template"])
def test_one_uct_group_serves_every_playout_policy(playout):
    """The uniform and the knowledge UCT searches once had a group each, which compiled the
    same kernels (a first start's two workers could compile them twice): after the one group,
    a move with any playout policy compiles nothing more."""
    spec = f"uct:playouts=400,playout={playout}"
    assert groups_for_spec(spec) == ("uct",)
    populations, compiled = _tree_search_groups(spec)
    assert populations == ["none"] and compiled == []


def test_warm_up_reports_one_step_per_group_then_ready():
    steps: list[tuple[int, int, str]] = []
    warm_up(lambda step, total, label: steps.append((step, total, label)))
    total = len(GROUP_KEYS)
    assert steps == [(i, total, GROUP_LABELS[k]) for i, k in enumerate(GROUP_KEYS)] + [
        (total, total, "ready")
    ]


def test_the_background_warm_up_compiles_in_a_process_the_wanted_groups_first(tmp_path):
    reports: list[tuple[int, int, str]] = []
    background = BackgroundWarmUp(
        processes=1, cache_dir=tmp_path, progress=lambda *r: reports.append(r), first=["solver"]
    )
    waited: list[bool] = []
    waiter = threading.Thread(target=lambda: waited.append(background.wait(["toys"], 600)))
    waiter.start()
    background.start()
    assert background.join(600)
    waiter.join(10)
    assert waited == [True]
    assert background.ready == set(GROUP_KEYS) and not background.errors
    assert background.from_cache == frozenset()
    # The group asked for first was ready first; every group is marked compiled in the cache.
    assert min(background.seconds, key=background.seconds.get) == "solver"
    assert all(ready_marker(tmp_path, key).exists() for key in GROUP_KEYS)
    # Progress: counts never go down, say what compiles, and end with "ready".
    counts = [ready for ready, _total, _text in reports]
    assert counts == sorted(counts) and reports[-1] == (len(GROUP_KEYS), len(GROUP_KEYS), "ready")
    assert reports[0] == (0, len(GROUP_KEYS), "preparing")  # at once: imports take seconds
    assert any(text.startswith("compiling the solver kernels") for *_, text in reports)

    # The next start finds every group compiled: it loads them here, no worker process.
    again = BackgroundWarmUp(processes=1, cache_dir=tmp_path)
    again.start()
    assert again.join(600)
    assert again.from_cache == frozenset(GROUP_KEYS) and again.ready == set(GROUP_KEYS)


def test_a_closed_background_warm_up_stops_and_no_longer_makes_anyone_wait(tmp_path):
    background = BackgroundWarmUp(processes=1, cache_dir=tmp_path)
    background.close()
    background.start()
    assert background.join(60)
    assert background.wait(["knowledge-swarm"], timeout=1) is False
    assert not background.is_ready(["knowledge-swarm"])


def test_prioritise_puts_the_named_groups_first_and_ignores_unknown_names():
    background = BackgroundWarmUp(processes=0, first=["mc"])
    background.prioritise(["solver", "no-such-group", "mc"])
    assert background._next(set(GROUP_KEYS)) == "solver"
    assert background._next(set(GROUP_KEYS) - {"solver"}) == "mc"
    assert background._next({"toys", "playouts"}) == "playouts"


def test_the_kernels_cache_folder_does_not_depend_on_where_they_are_installed(tmp_path):
    """The editable checkout and the wheel the test command installs share one cache."""
    from hexswarm.engine.kernels import jit, playout
    from numba.core import caching

    kernel = playout.playout.py_func
    locator = jit._InstalledAnywhereLocator.from_function(kernel, kernel.__code__.co_filename)
    cache_impl = getattr(caching, "CacheImpl", None) or caching._CacheImpl
    assert locator is not None and cache_impl._locator_classes[0] is type(locator)
    # The kernels' own dispatchers use it.
    assert Path(playout.playout_batch._cache._cache_path).name == "hexswarm-engine-kernels"
    assert Path(locator.get_cache_path()).name == "hexswarm-engine-kernels"
    assert jit._InstalledAnywhereLocator.get_suitable_cache_subpath("/a/b/x.py") == (
        jit._InstalledAnywhereLocator.get_suitable_cache_subpath("/c/x.py")
    )
    # Functions elsewhere keep numba's own locators.
    assert (
        jit._InstalledAnywhereLocator.from_function(
            test_cache_is_cold_only_when_the_directory_is_missing_or_empty, __file__
        )
        is None
    )


def test_configure_numba_cache_names_the_folder_by_release_and_kernel_sources(
    monkeypatch, tmp_path
):
    from hexswarm.engine import __version__
    from hexswarm.engine.kernels import source_fingerprint
    from hexswarm.engine.warmup import configure_numba_cache

    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr("numba.core.config.reload_config", lambda: None)  # keep the session's
    folder = configure_numba_cache()
    assert folder == tmp_path / "HexSwarm" / f"numba-{__version__}-{source_fingerprint()}"


def test_a_copy_of_the_kernels_installed_elsewhere_loads_them_from_the_same_cache(tmp_path):
    """Compiled here (or loaded), then loaded by the same sources in another folder: the
    wheel the test command installs and the checkout the application runs from share it."""
    import os
    import shutil
    import subprocess
    import sys

    import hexswarm.engine as engine_package
    from hexswarm.engine.warmup import run_group

    run_group("playouts")  # into the session's cache, if it was not there
    source = Path(engine_package.__file__).parent
    copy = tmp_path / "elsewhere" / "hexswarm"
    shutil.copytree(source, copy / "engine", ignore=shutil.ignore_patterns("__pycache__"))
    probe = (
        "from hexswarm.engine import playout\n"
        "from hexswarm.engine.kernels import playout as kernels\n"
        "from hexswarm.engine.warmup import run_group\n"
        f"assert playout.__file__.startswith({str(copy)!r}), playout.__file__\n"
        "run_group('playouts')\n"
        "print(sum(kernels.playout_batch.stats.cache_hits.values()),"
        " sum(kernels.playout_batch.stats.cache_misses.values()))\n"
    )
    env = dict(os.environ, PYTHONPATH=str(copy.parent))
    result = subprocess.run(
        [sys.executable, "-c", probe], env=env, capture_output=True, text=True, timeout=600
    )
    assert result.returncode == 0, result.stderr
    hits, misses = map(int, result.stdout.split())
    assert hits >= 1 and misses == 0


def test_a_warm_up_that_breaks_leaves_no_search_waiting_forever(monkeypatch):
    """Every group then counts as failed: a search compiles its kernels on first call."""
    import hexswarm.engine.warmup as warmup

    def broken():
        raise RuntimeError("no compiler here")

    monkeypatch.setattr(warmup, "kernel_groups", broken)
    background = BackgroundWarmUp(processes=0)
    background.start()
    assert background.join(60)
    assert background.wait(["uct", "solver"], timeout=1)
    assert "no compiler here" in background.errors["uct"]
    assert not background.ready and not background.closed


def test_the_group_loader_loads_only_the_groups_asked_for_once_each_in_order(monkeypatch):
    import hexswarm.engine.warmup as warmup

    ran: list[str] = []
    release = threading.Event()

    def runs():
        def run(key):
            if key == "dfpn":
                raise RuntimeError("no compiler here")
            release.wait(60)  # so the second request arrives while the first group loads
            ran.append(key)

        return {key: (lambda key=key: run(key)) for key in GROUP_KEYS}

    monkeypatch.setattr(warmup, "_group_runs", runs)
    loader = warmup.GroupLoader()
    loader.load(["uct", "solver"])
    loader.load(["solver", "mc"])  # solver is queued already
    release.set()
    loader.wait(["mc"])
    assert ran == ["uct", "solver", "mc"] == loader.ready
    loader.wait(["uct", "dfpn"])  # a failed group is not waited for again (it compiles on call)
    assert ran == ["uct", "solver", "mc"] and "no compiler here" in loader.errors["dfpn"]
    loader.wait(["dfpn"])
    assert list(loader.errors) == ["dfpn"]
    with pytest.raises(ValueError, match="no kernel group 'nosuch'"):
        loader.load(["nosuch"])


# hexswarm-gtp with the level ARGV[1]: the kernel groups loaded and whether DFPN's search is in
# the process, after start-up and a genmove, then after the AI changes to one proving by DFPN
# (a genmove again).
_GTP_KERNELS = """
import json, sys
from hexswarm.engine.gtp import GtpEngine, _start_kernel_loader
from hexswarm.engine.kernels import dfpn
from hexswarm.engine.players import LEVELS, create_player

engine = GtpEngine(levels=LEVELS, create_player=create_player, level="mc",
                   settings={"playouts_per_move": "3", "threads": "1"}, size=4)
loader = _start_kernel_loader(engine)
steps = []
def step(command):
    response = engine.execute(command)
    assert response.ok, response.text
    steps.append([list(loader.ready), len(dfpn.mid.overloads)])
step("genmove b")
step("hexswarm-param level uct")
step("hexswarm-param playouts 50")
step("hexswarm-param tactics dfpn")
step("genmove w")
print(json.dumps(steps))
"""


def test_hexswarm_gtp_loads_the_kernels_of_its_ai_and_dfpn_only_when_an_ai_proves():
    """``hexswarm-gtp`` once loaded every group before its first search (about 6 CPU s on a
    cold cache, DFPN's among them): it now loads its AI's groups, and another AI's when the
    AI changes; DFPN's search is loaded only once an AI that proves by DFPN is chosen."""
    import json
    import os
    import subprocess
    import sys

    result = subprocess.run(
        [sys.executable, "-c", _GTP_KERNELS],
        env=dict(os.environ),
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert result.returncode == 0, result.stderr
    steps = json.loads(result.stdout.splitlines()[-1])
    assert steps[0] == [["mc"], 0]  # the first search: Monte-Carlo's kernels, no DFPN
    after_dfpn = steps[-1]
    assert after_dfpn[0][:2] == ["mc", "uct"]
    assert set(after_dfpn[0]) == {"mc", "uct", "solver", "dfpn"}
    assert after_dfpn[1] >= 1  # DFPN's search loaded (compiled or from the cache)

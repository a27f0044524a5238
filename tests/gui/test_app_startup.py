"""The application entry point: version flag, numba cache location, a real start to the window."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hexswarm.engine import __version__
from hexswarm.engine.warmup import configure_numba_cache


def clean_environment(tmp_path: Path) -> dict:
    """An environment whose user folders are all inside ``tmp_path`` (no real settings touched)."""
    env = dict(os.environ)
    for name in ("HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"):
        env[name] = str(tmp_path / name.lower())
    env["QT_QPA_PLATFORM"] = "offscreen"
    return env


def test_version_prints_and_exits_without_starting_qt(tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "hexswarm.gui", "--version"],
        env=clean_environment(tmp_path),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0
    assert result.stdout.strip() == f"HexSwarm {__version__}"


def test_a_chosen_numba_cache_is_respected(monkeypatch, tmp_path):
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "mine"))
    assert configure_numba_cache("9.9") == tmp_path / "mine"


def test_the_default_numba_cache_is_versioned_in_the_user_cache(tmp_path):
    env = clean_environment(tmp_path)
    env.pop("NUMBA_CACHE_DIR", None)
    probe = (
        "from hexswarm.engine.warmup import configure_numba_cache; import os;"
        "print(configure_numba_cache('1.2.3')); print(os.environ['NUMBA_CACHE_DIR'])"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], env=env, capture_output=True, text=True, timeout=60
    )
    first, second = result.stdout.split()
    assert first == second
    assert Path(first).name == "numba-1.2.3"
    assert Path(first).is_relative_to(tmp_path / "xdg_cache_home")


@pytest.mark.slow
def test_the_application_starts_opens_a_record_and_shows_its_window(tmp_path):
    record = tmp_path / "game.sgf"
    record.write_text("(;FF[4]GM[11]SZ[5];B[c3];W[b4])")
    shot = tmp_path / "window.png"
    env = clean_environment(tmp_path)
    env["NUMBA_CACHE_DIR"] = os.environ.get("NUMBA_CACHE_DIR", str(tmp_path / "numba"))
    env.update(HEXSWARM_TIMING="1", HEXSWARM_SCREENSHOT=str(shot))
    result = subprocess.run(
        [sys.executable, "-m", "hexswarm.gui", str(record)],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    assert "first window shown after" in result.stderr
    assert shot.is_file() and shot.stat().st_size > 10_000
    # The window does not wait for the kernels: it is shown before they are all ready (the
    # screenshot closes it 1.5 s later, usually before; then no "kernels ready" line).
    lines = result.stderr.splitlines()
    first = next(i for i, line in enumerate(lines) if "first window shown after" in line)
    assert not any("kernels ready" in line for line in lines[:first])


def test_an_unwritable_user_cache_falls_back_to_a_private_temporary_folder(tmp_path):
    env = clean_environment(tmp_path)
    env.pop("NUMBA_CACHE_DIR", None)
    (tmp_path / "not-a-folder").write_text("a file where the cache folder would go")
    env["XDG_CACHE_HOME"] = str(tmp_path / "not-a-folder")
    env["TMPDIR"] = str(tmp_path / "tmp")
    (tmp_path / "tmp").mkdir()
    probe = (
        "import numba\n"  # already loaded: the new folder must still reach numba's config
        "from hexswarm.engine.warmup import configure_numba_cache\n"
        "print(configure_numba_cache('1.2.3')); print(numba.core.config.CACHE_DIR)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], env=env, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    chosen, seen_by_numba = result.stdout.split()
    assert chosen == seen_by_numba
    assert Path(chosen).is_relative_to(tmp_path / "tmp") and Path(chosen).name == "numba-1.2.3"


def test_the_start_up_objects_are_left_out_of_garbage_collections():
    import gc

    from hexswarm.gui.app import freeze_start_up_objects

    before = [["start-up"]]
    try:
        assert freeze_start_up_objects() >= 2
        after = [["later"]]
        tracked = {id(o) for o in gc.get_objects()}
        assert id(before) not in tracked and id(before[0]) not in tracked
        assert id(after) in tracked and id(after[0]) in tracked  # collected as before
    finally:
        gc.unfreeze()

"""The engine type-checks under mypy (issue 28 item 6), as installed: the package ships
``py.typed``, so users' type checkers read its annotations too.

mypy runs over the package that the tests import (the installed wheel in CI, the checkout in
a development install), seen under its import name ``hexswarm.engine`` through a symlink, with
the settings of ``pyproject.toml`` (``[tool.mypy]``)."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import hexswarm.engine
import pytest

# The modules excused from mypy's errors: 18 when the check started, none since the last four
# were made clean. pyproject.toml may excuse no module (``ignore_errors``) outside this set.
NOT_YET_CLEAN: set[str] = set()


def _mypy_settings(pytestconfig) -> tuple[Path, dict]:
    path = pytestconfig.rootpath / "pyproject.toml"
    return path, tomllib.loads(path.read_text(encoding="utf-8"))["tool"]["mypy"]


def test_the_engine_ships_its_annotations():
    assert (Path(hexswarm.engine.__file__).parent / "py.typed").is_file()


def test_the_list_of_modules_excused_from_type_errors_only_shrinks(pytestconfig):
    _, settings = _mypy_settings(pytestconfig)
    excused = {
        module
        for override in settings.get("overrides", [])
        if override.get("ignore_errors")
        for module in override["module"]
    }
    assert excused <= NOT_YET_CLEAN, f"newly excused: {sorted(excused - NOT_YET_CLEAN)}"
    assert not any("*" in module for module in excused), "excuse modules by name, not pattern"


@pytest.mark.slow
@pytest.mark.skipif(os.name == "nt", reason="links the package folder with a symlink")
def test_mypy_passes_on_the_engine(pytestconfig, tmp_path):
    config, _ = _mypy_settings(pytestconfig)
    root = tmp_path / "root"
    (root / "hexswarm").mkdir(parents=True)
    (root / "hexswarm" / "engine").symlink_to(Path(hexswarm.engine.__file__).parent)
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", str(config)]
        + ["--cache-dir", str(tmp_path / "cache"), "-p", "hexswarm.engine"],
        cwd=root,
        env=dict(os.environ, MYPYPATH=str(root)),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert "Success" in result.stdout

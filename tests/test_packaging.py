"""What makes HexSwarm an installable desktop application: data files, desktop metadata, wheel."""

import configparser
import os
import struct
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
import zipfile
from pathlib import Path

import pytest
from hexswarm import resources
from hexswarm.engine import __version__
from hexswarm.gui.app import APP_ID
from hexswarm.resources import ICON_SIZES, icon_png, resource_path
from hexswarm.resources.positions import list_positions

# The source tree: this file's own, or the one HEXSWARM_CHECKOUT names when the suite runs from
# a copy of tests/ against an installed wheel (./hexswarm.sh test sets it).
CHECKOUT = Path(os.environ.get("HEXSWARM_CHECKOUT") or Path(__file__).resolve().parent.parent)
PACKAGING = CHECKOUT / "packaging"
needs_checkout = pytest.mark.skipif(
    not (PACKAGING / "hexswarm.spec").is_file(),
    reason="needs the source tree: run from the checkout or set HEXSWARM_CHECKOUT",
)


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_every_icon_size_is_installed_with_its_true_size():
    for size in ICON_SIZES:
        assert png_size(icon_png(size).read_bytes()) == (size, size)
    svg = ElementTree.fromstring(resource_path("icons", "hexswarm.svg").read_bytes())
    assert svg.tag.endswith("svg")


def test_study_positions_load_from_the_installed_package():
    positions = list_positions()
    assert len(positions) >= 6
    for position in positions:
        assert resource_path("positions", position.file).is_file()


def test_resource_paths_cannot_leave_the_package():
    for bad in ("..", "", "a/b", "/etc"):
        with pytest.raises(ValueError):
            resources.resource_path(bad)


@needs_checkout
def test_desktop_entry_and_appstream_metadata_agree():
    desktop = configparser.ConfigParser(interpolation=None)
    desktop.optionxform = str
    desktop.read(PACKAGING / f"{APP_ID}.desktop")
    entry = desktop["Desktop Entry"]
    assert entry["Type"] == "Application" and entry["Exec"].startswith("hexswarm")
    assert entry["Icon"] == APP_ID and "Game;" in entry["Categories"]
    meta = ElementTree.parse(PACKAGING / f"{APP_ID}.metainfo.xml").getroot()
    assert meta.findtext("id") == APP_ID
    assert meta.find("launchable").text == f"{APP_ID}.desktop"
    assert meta.findtext("project_license") == "MIT"


@needs_checkout
@pytest.mark.slow
def test_the_wheel_carries_the_resources_and_the_engine_sources(tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--outdir", str(tmp_path), str(CHECKOUT)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    (wheel,) = tmp_path.glob("hexswarm-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for size in ICON_SIZES:
        assert f"hexswarm/resources/icons/hexswarm-{size}.png" in names
    assert "hexswarm/resources/positions/index.json" in names
    assert "hexswarm/resources/playout_agents/default.json" in names
    assert {f"hexswarm/resources/positions/{p.file}" for p in list_positions()} <= names
    assert "hexswarm/engine/kernels/playout.py" in names and "hexswarm/gui/app.py" in names
    assert "hexswarm/engine/tools/benchref/playout_ref.c" in names
    # one import namespace: no generic top-level name such as engine/ or resources/
    assert {name.split("/")[0] for name in names if "/" in name} == {
        "hexswarm",
        f"hexswarm-{__version__}.dist-info",
        f"hexswarm-{__version__}.data",
    }

    # Installed (not the checkout): the console script runs and the resources load from the
    # installed files, in a subprocess whose working directory is outside the repository.
    target = tmp_path / "installed"
    result = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(target)]
        + [str(wheel)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("PYTHONPATH", "PYTHONHOME", "PYTHONSAFEPATH")
    }
    env["PYTHONPATH"] = str(target)
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    version = subprocess.run(
        [sys.executable, str(target / "bin" / "hexswarm"), "--version"],
        cwd=outside,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert version.returncode == 0, version.stderr
    assert version.stdout.strip() == f"HexSwarm {__version__}"
    probe = (
        "import hexswarm.engine, hexswarm.gui, hexswarm.resources\n"
        "from hexswarm.resources import ICON_SIZES, icon_png\n"
        "from hexswarm.resources.positions import list_positions\n"
        "for package in (hexswarm.engine, hexswarm.gui, hexswarm.resources):\n"
        "    print(package.__file__)\n"
        "print(sum(len(icon_png(s).read_bytes()) > 0 for s in ICON_SIZES))\n"
        "print(len(list_positions()))\n"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=outside,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert loaded.returncode == 0, loaded.stderr
    *module_files, icons, positions = loaded.stdout.split()
    for module_file in module_files:
        assert Path(module_file).is_relative_to(target), module_file
    assert int(icons) == len(ICON_SIZES)
    assert int(positions) == len(list_positions())


@needs_checkout
def test_every_package_folder_is_installed_under_the_hexswarm_namespace():
    import tomllib

    config = tomllib.loads((CHECKOUT / "pyproject.toml").read_text())["tool"]["setuptools"]
    folders = {
        "hexswarm.engine": "engine",
        "hexswarm.gui": "hexgui",
        "hexswarm.resources": "resources",
    }
    assert config["package-dir"] == folders
    expected = set()
    for name, folder in folders.items():
        for init in sorted((CHECKOUT / folder).rglob("__init__.py")):
            relative = init.parent.relative_to(CHECKOUT / folder).parts
            expected.add(".".join((name, *relative)))
    assert set(config["packages"]) == expected

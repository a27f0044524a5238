"""Data files shipped with HexSwarm: application icons and study positions.

Always reach them through these helpers, never through ``__file__`` or a path relative to the
checkout: from an installed wheel, a zip import or a PyInstaller bundle the files live wherever
the package lives, and :mod:`importlib.resources` is what finds them there.

>>> resource_path("icons", "hexswarm.svg").is_file()
True
>>> read_text("icons", "hexswarm.svg").lstrip().startswith("<svg")
True

Every sub-folder holding data is a package of its own (it has an ``__init__.py``) so that the
``package-data`` patterns in ``pyproject.toml`` put its files into the wheel.

Pure functions of the installed files; safe to call from any thread.
"""

from __future__ import annotations

from importlib.resources import files
from importlib.resources.abc import Traversable

__all__ = ["ICON_NAME", "ICON_SIZES", "icon_png", "read_bytes", "read_text", "resource_path"]

ICON_NAME = "hexswarm"
"""Base name of the application icon: ``icons/hexswarm.svg`` and ``icons/hexswarm-<size>.png``."""

ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
"""The square PNG sizes rendered from the SVG (what desktops and icon themes ask for)."""


def resource_path(*parts: str) -> Traversable:
    """The resource at ``resources/<parts...>``, e.g. ``resource_path("icons", "hexswarm.svg")``.

    Returns a :class:`~importlib.resources.abc.Traversable` (a ``pathlib.Path`` for ordinary
    installs); it may not exist, check with ``.is_file()``. Raises ``ValueError`` for a part that
    tries to leave the package (absolute, empty, ``..`` or containing a separator), because a
    caller passing user input must not be able to read arbitrary files.
    """
    node = files(__name__)
    for part in parts:
        if not part or part in (".", "..") or "/" in part or "\\" in part:
            raise ValueError(f"invalid resource path component: {part!r}")
        node = node.joinpath(part)
    return node


def read_text(*parts: str, encoding: str = "utf-8") -> str:
    """The text of the resource at ``resources/<parts...>``; ``FileNotFoundError`` if missing."""
    return resource_path(*parts).read_text(encoding=encoding)


def read_bytes(*parts: str) -> bytes:
    """The bytes of the resource at ``resources/<parts...>``; ``FileNotFoundError`` if missing."""
    return resource_path(*parts).read_bytes()


def icon_png(size: int) -> Traversable:
    """The application icon rendered at ``size``×``size`` pixels (one of :data:`ICON_SIZES`)."""
    if size not in ICON_SIZES:
        raise ValueError(f"no icon of size {size}; sizes are {ICON_SIZES}")
    return resource_path("icons", f"{ICON_NAME}-{size}.png")

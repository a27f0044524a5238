"""Render the application icon's PNG sizes from its SVG source.

    python packaging/make_icons.py            # rewrite resources/icons/hexswarm-<size>.png
    python packaging/make_icons.py --check    # exit 1 if a committed PNG differs from the SVG

The SVG (``resources/icons/hexswarm.svg``) is the only source: edit it, then run this script and
commit the PNGs with it. Rendering uses Qt's own SVG renderer (PySide6.QtSvg, part of
PySide6-Essentials), so no extra tool is needed. Runs headless (offscreen platform).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ICONS_DIR = Path(__file__).resolve().parent.parent / "resources" / "icons"
sys.path.insert(0, str(ICONS_DIR.parent.parent))

from hexswarm.resources import ICON_NAME, ICON_SIZES  # noqa: E402  (needs the sys.path line above)

# Largest per-channel difference (0..255) averaged over the image that --check still accepts:
# anti-aliasing may differ by a unit or two between Qt versions, a changed drawing does not.
CHECK_TOLERANCE = 1.0


def render_icon(svg_bytes: bytes, size: int):
    """The SVG rendered to a ``size``×``size`` QImage with a transparent background."""
    from PySide6.QtCore import QByteArray, Qt
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    renderer = QSvgRenderer(QByteArray(svg_bytes))
    if not renderer.isValid():
        raise ValueError("the icon SVG does not parse")
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    renderer.render(painter)
    painter.end()
    return image


def mean_difference(first, second) -> float:
    """Mean absolute difference per channel (0..255) of two same-size ARGB32 QImages."""
    import numpy as np

    def as_array(image):
        image = image.convertToFormat(type(image).Format.Format_ARGB32)
        height, width = image.height(), image.width()
        buffer = np.frombuffer(image.constBits(), dtype=np.uint8)
        return buffer.reshape(height, image.bytesPerLine())[:, : width * 4].astype(np.int16)

    if first.size() != second.size():
        return 255.0
    return float(np.abs(as_array(first) - as_array(second)).mean())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    args = parser.parse_args(argv)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication, QImage

    _app = QGuiApplication.instance() or QGuiApplication([])
    svg_bytes = (ICONS_DIR / f"{ICON_NAME}.svg").read_bytes()
    stale = []
    for size in ICON_SIZES:
        target = ICONS_DIR / f"{ICON_NAME}-{size}.png"
        image = render_icon(svg_bytes, size)
        if args.check:
            committed = QImage(str(target))
            if committed.isNull() or mean_difference(image, committed) > CHECK_TOLERANCE:
                stale.append(target.name)
        elif not image.save(str(target), "PNG"):
            print(f"could not write {target}", file=sys.stderr)
            return 1
        else:
            print(f"wrote {target} ({size}x{size})")
    if stale:
        print("out of date with the SVG: " + ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The About box: name, version, licence, and the research HexSwarm implements."""

from __future__ import annotations

from hexswarm.engine import __version__
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QMessageBox, QWidget

ABOUT_HTML = f"""
<h2>HexSwarm {__version__}</h2>
<p>Play the game of Hex against swarms of simple agents, and watch them think.</p>
<p>Its swarm players implement the searches described in:</p>
<ul>
<li>T. Tanay, <i>Game-Tree Exploration using Stochastic Diffusion Search</i>,
MSc thesis, Goldsmiths, University of London, 2012;</li>
<li>J.M. Bishop, S.J. Nasuto, T. Tanay et al.,
<i>HeX and the single anthill: playing games with Aunt Hillary</i>.</li>
</ul>
<p>Conventions of HexGui, MoHex, KataHex and OpenSpiel: Black moves first and joins top and
bottom; White joins left and right; <tt>a1</tt> is the top-left cell.</p>
<p>Released under the MIT licence. Built with Python, numpy, numba, PySide6 (Qt) and
pyqtgraph.</p>
"""


def show_about(parent: QWidget | None) -> None:
    """Show the About box (modal). GUI thread only."""
    box = QMessageBox(parent)
    box.setWindowTitle("About HexSwarm")
    box.setTextFormat(box.textFormat().RichText)
    box.setText(ABOUT_HTML)
    icon = QIcon.fromTheme("hexswarm")
    if parent is not None and not parent.windowIcon().isNull():
        icon = parent.windowIcon()
    if not icon.isNull():
        box.setIconPixmap(icon.pixmap(96, 96))
    box.exec()

"""The user guide (docs/gui.md) inside the application: Help > User Guide. GUI thread only.

The guide is one Markdown file. A wheel installs it as data under ``<prefix>/share/hexswarm/docs``
(``pyproject.toml``); a checkout or an editable install reads it from ``docs/``.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

GUIDE_NAME = "gui.md"


def guide_path() -> Path | None:
    """Where the guide is: installed data first, then the checkout; None if neither exists."""
    candidates = (
        Path(sys.prefix) / "share" / "hexswarm" / "docs" / GUIDE_NAME,
        Path(__file__).resolve().parents[1] / "docs" / GUIDE_NAME,
    )
    return next((path for path in candidates if path.is_file()), None)


def guide_dialog(parent: QWidget | None = None) -> QDialog | None:
    """A window showing the guide rendered from its Markdown (None if it is not installed)."""
    path = guide_path()
    if path is None:
        return None
    dialog = QDialog(parent)
    dialog.setWindowTitle("HexSwarm User Guide")
    layout = QVBoxLayout(dialog)
    browser = QTextBrowser(dialog)
    browser.setObjectName("guide")
    browser.setOpenExternalLinks(True)
    browser.setSearchPaths([str(path.parent)])  # the screenshots, where they are installed
    browser.setMarkdown(path.read_text(encoding="utf-8"))
    layout.addWidget(browser)
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, dialog)
    buttons.rejected.connect(dialog.reject)
    layout.addWidget(buttons)
    dialog.resize(760, 680)
    return dialog

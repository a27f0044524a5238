"""Input the tests send as a user would: events Qt's test module has no helper for."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication, QWidget


def wheel_over(widget: QWidget, notches: int = -1) -> None:
    """Turn the mouse wheel ``notches`` notches (negative: towards the user, to scroll down)
    with the pointer over the middle of ``widget``."""
    middle = QPoint(widget.width() // 2, widget.height() // 2)
    event = QWheelEvent(
        QPointF(middle),
        QPointF(widget.mapToGlobal(middle)),
        QPoint(0, 0),
        QPoint(0, 120 * notches),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(widget, event)

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


def hover(widget: QWidget, point: QPoint) -> None:
    """Move the pointer to ``point`` over ``widget``, as a user would. Qt drops a move to
    where the pointer already is, and the pointer stays where the previous test left it (two
    tests hovering the same cell of equal widgets: the second saw no move, in any random order
    that ran them so), so it first goes to another point of the widget."""
    from PySide6.QtTest import QTest

    elsewhere = QPoint(0, 0) if point != QPoint(0, 0) else QPoint(1, 1)
    QTest.mouseMove(widget, elsewhere)
    QTest.mouseMove(widget, point)

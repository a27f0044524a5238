"""What every form of the application shares: the mouse wheel scrolls the form, not the field
under the pointer, and a window of its own opens beside the main window. GUI thread only.

Issue 30: in the Swarm Lab the wheel silently changed the spin box under the pointer while the
user scrolled the settings (``halt_band`` 0.020 -> 0.000), and the lab opened at (0, 0), over
the main window.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QRect, Qt
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QAbstractSlider,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QWidget,
)

WHEEL_FIELDS = (QAbstractSpinBox, QComboBox, QAbstractSlider)
"""The fields that change their value on a wheel turn."""


class WheelGuard(QObject):
    """An event filter: a wheel turn over a field that does not have the keyboard focus goes
    to the form around it (which scrolls), instead of changing the field's value. A field the
    user clicked or tabbed into still answers the wheel."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt API)
        if (
            event.type() != QEvent.Type.Wheel
            or not isinstance(watched, QWidget)
            or watched.hasFocus()
        ):
            return False
        area = watched.parentWidget()
        while area is not None and not isinstance(area, QAbstractScrollArea):
            area = area.parentWidget()
        if area is not None:
            # The form scrolls as it would under the wheel (Qt passes a real wheel turn on
            # to the parents, but not a synthesized one).
            bar = area.verticalScrollBar()
            notches = event.angleDelta().y() / 120
            bar.setValue(
                round(bar.value() - notches * QApplication.wheelScrollLines() * bar.singleStep())
            )
        else:
            event.ignore()  # not consumed: Qt hands a real wheel turn on to the parent
        return True


def guard_wheel(root: QWidget) -> WheelGuard:
    """Give every wheel field under ``root`` (see :data:`WHEEL_FIELDS`) a :class:`WheelGuard`,
    and a focus policy that a wheel turn does not change (so the first turn does not focus the
    field and then change it). Call after the form is built; returns the guard (its parent is
    ``root``)."""
    guard = root.findChild(WheelGuard, "wheel_guard")
    if guard is None:
        guard = WheelGuard(root)
        guard.setObjectName("wheel_guard")
    for kind in WHEEL_FIELDS:
        for field in root.findChildren(kind):
            field.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
            field.removeEventFilter(guard)
            field.installEventFilter(guard)
    return guard


def beside(size: tuple[int, int], anchor: QRect, screen: QRect, gap: int = 8) -> tuple[int, int]:
    """Where a window of ``size`` (width, height, frame included) goes next to ``anchor`` (the
    main window's frame) on ``screen`` (its available area): to the right of it if it fits
    there, else to the left, else over its right part; vertically level with its top, kept on
    the screen. Pure arithmetic, so it is tested without a window manager."""
    width, height = size
    right = anchor.right() + 1 + gap
    left = anchor.left() - gap - width
    if right + width <= screen.right() + 1:
        x = right
    elif left >= screen.left():
        x = left
    else:  # no room on either side: over the main window's right part, fully on screen
        x = min(screen.right() + 1 - width, anchor.left() + anchor.width() // 3)
    y = min(max(anchor.top(), screen.top()), screen.bottom() + 1 - height)
    return max(screen.left(), x), max(screen.top(), y)


def place_beside(window: QWidget, anchor: QWidget | None) -> None:
    """Move top-level ``window`` next to ``anchor`` (see :func:`beside`); nothing without an
    anchor or a screen."""
    if anchor is None or anchor is window or not anchor.isVisible():
        return
    screen = anchor.screen()
    if screen is None:
        return
    area = screen.availableGeometry()
    size = window.frameGeometry().size()
    width, height = min(size.width(), area.width()), min(size.height(), area.height())
    x, y = beside((width, height), anchor.frameGeometry(), area)
    window.move(x, y)

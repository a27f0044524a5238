"""What every form of the application shares: the mouse wheel scrolls the form, not the field
under the pointer, a window of its own opens beside the main window, and a dialog is wide
enough for its title. GUI thread only.

Issue 30: in the Swarm Lab the wheel silently changed the spin box under the pointer while the
user scrolled the settings (``halt_band`` 0.020 -> 0.000), and the lab opened at (0, 0), over
the main window.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QRect, Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QAbstractSlider,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QGridLayout,
    QInputDialog,
    QLineEdit,
    QMessageBox,
    QSizePolicy,
    QSpacerItem,
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


TITLE_BAR_EXTRA_PX = 150
"""What a title bar needs beside its text: the window's icon and its three buttons, margins."""


def title_width(title: str) -> int:
    """The width a window needs to show ``title`` whole in its title bar (the window manager
    adds the application's name: "Open Link — HexSwarm")."""
    name = QApplication.applicationDisplayName()
    text = f"{title} — {name}" if name and name not in title else title
    return QFontMetrics(QApplication.font()).horizontalAdvance(text) + TITLE_BAR_EXTRA_PX


def fit_title(window: QWidget) -> None:
    """Make ``window`` (a dialog) at least as wide as its title needs: the title bars of narrow
    dialogs were cut to "AI Settings in ... e" (issue 30)."""
    wanted = title_width(window.windowTitle())
    if isinstance(window, QMessageBox):
        # A message box sizes itself from its text and ignores a minimum width: a spacer as
        # wide as the title across the bottom row of its grid widens it.
        layout = window.layout()
        if isinstance(layout, QGridLayout):
            spacer = QSpacerItem(wanted, 0, QSizePolicy.Policy.Minimum)
            layout.addItem(spacer, layout.rowCount(), 0, 1, layout.columnCount())
        return
    window.setMinimumWidth(max(window.minimumWidth(), wanted))


def ask(
    parent: QWidget | None,
    title: str,
    text: str,
    buttons: QMessageBox.StandardButton = (
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No
    ),
    default: QMessageBox.StandardButton = QMessageBox.StandardButton.NoButton,
) -> QMessageBox.StandardButton:
    """``QMessageBox.question`` with its title shown whole (:func:`fit_title`)."""
    box = QMessageBox(QMessageBox.Icon.Question, title, text, buttons, parent)
    if default != QMessageBox.StandardButton.NoButton:
        box.setDefaultButton(default)
    fit_title(box)
    box.exec()
    return box.standardButton(box.clickedButton()) if box.clickedButton() else default


LINK_FIELD_CHARS = 64
"""How many characters of a link the Open Link field shows (it was 150 px: a dozen)."""


def link_dialog(parent: QWidget | None) -> QInputDialog:
    """The Open Link question, with a field wide enough to read a HexWorld or trmph link."""
    dialog = QInputDialog(parent)
    dialog.setWindowTitle("Open Link")
    dialog.setLabelText("HexWorld or trmph link:")
    dialog.setInputMode(QInputDialog.InputMode.TextInput)
    width = QFontMetrics(dialog.font()).horizontalAdvance("x" * LINK_FIELD_CHARS)
    dialog.resize(max(width + 40, title_width(dialog.windowTitle())), dialog.sizeHint().height())
    for field in dialog.findChildren(QLineEdit):
        field.setMinimumWidth(width)
    return dialog

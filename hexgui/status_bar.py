"""The window's status bar: its messages cut with "…" where the labels on the right begin, and
the messages kept for reading whole.

Qt's status bar draws a long message under its permanent labels, cut mid-word at their edge
(round 16 at 1366 pixels: the collection's note and the cut file's warning ended in the
middle of a word). :class:`MessageBar` draws it elided instead, the whole of it in its
tooltip; clicking it opens :class:`MessageLog`, the last messages whole, which View > Recent
Messages opens too. GUI thread only.
"""

from __future__ import annotations

import time
from collections import deque

from PySide6.QtCore import QRect, Qt, Signal
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QPlainTextEdit,
    QSizeGrip,
    QStatusBar,
    QStyle,
    QStyleOption,
    QVBoxLayout,
    QWidget,
)

LOG_MESSAGES = 100
"""How many of the latest messages :class:`MessageLog` keeps."""
MARGIN_PX = 6  # where Qt's status bar begins its message


class MessageBar(QStatusBar):
    """A status bar whose temporary message (``showMessage``) ends in "…" where it meets the
    permanent widgets on the right, and whose message area emits ``message_clicked`` when
    clicked. Otherwise Qt's: ``currentMessage`` is the whole message."""

    message_clicked = Signal()

    def message_rect(self) -> QRect:
        """Where the message is drawn: from the left margin to the first visible permanent
        widget (Qt's own rule for its message)."""
        right = self.width() - 2 * MARGIN_PX
        for child in self.findChildren(QWidget, options=Qt.FindChildOption.FindDirectChildrenOnly):
            if child.isVisible():
                right = min(right, child.x() - 2)
        return QRect(MARGIN_PX, 0, max(0, right - MARGIN_PX), self.height())

    def shown_message(self) -> str:
        """The message as drawn: whole, or cut with "…" to fit :meth:`message_rect`."""
        width = self.message_rect().width()
        return self.fontMetrics().elidedText(
            self.currentMessage(), Qt.TextElideMode.ElideRight, width
        )

    def paintEvent(self, event) -> None:  # noqa: N802 (Qt API)
        if not self.currentMessage():
            super().paintEvent(event)
            return
        painter = QPainter(self)
        option = QStyleOption()
        option.initFrom(self)
        style = self.style()
        style.drawPrimitive(QStyle.PrimitiveElement.PE_PanelStatusBar, option, painter, self)
        for child in self.findChildren(QWidget, options=Qt.FindChildOption.FindDirectChildrenOnly):
            if child.isVisible() and not isinstance(child, QSizeGrip):
                frame = QStyleOption()
                frame.rect = child.geometry().adjusted(-2, -1, 2, 1)
                frame.palette = self.palette()
                style.drawPrimitive(
                    QStyle.PrimitiveElement.PE_FrameStatusBarItem, frame, painter, child
                )
        painter.setPen(self.palette().windowText().color())
        flags = Qt.AlignmentFlag.AlignLeading | Qt.AlignmentFlag.AlignVCenter
        painter.drawText(self.message_rect(), int(flags), self.shown_message())

    def mousePressEvent(self, event) -> None:  # noqa: N802 (Qt API)
        if event.button() == Qt.MouseButton.LeftButton and self.message_rect().contains(
            event.position().toPoint()
        ):
            self.message_clicked.emit()
        super().mousePressEvent(event)


class MessageLog:
    """The latest :data:`LOG_MESSAGES` status messages with the time each was shown."""

    def __init__(self, size: int = LOG_MESSAGES):
        self.messages: deque[tuple[str, str]] = deque(maxlen=size)

    def add(self, message: str) -> None:
        if message:
            self.messages.append((time.strftime("%H:%M:%S"), message))

    def text(self) -> str:
        """Every message kept, oldest first, one paragraph each."""
        return "\n\n".join(f"{when}  {message}" for when, message in self.messages)

    def dialog(self, parent: QWidget | None = None) -> QDialog:
        """A window of the messages, whole and selectable, the newest in view."""
        dialog = QDialog(parent)
        dialog.setWindowTitle("Recent Messages")
        layout = QVBoxLayout(dialog)
        view = QPlainTextEdit(dialog)
        view.setObjectName("recent_messages")
        view.setReadOnly(True)
        view.setPlainText(self.text() or "No messages yet.")
        view.moveCursor(view.textCursor().MoveOperation.End)
        layout.addWidget(view)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, dialog)
        buttons.rejected.connect(dialog.reject)
        layout.addWidget(buttons)
        dialog.resize(640, 360)
        return dialog

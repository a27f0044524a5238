"""The game clocks beside the board: each side's time, the running one highlighted.

A thin view of the controller's :class:`~engine.clock.GameClock` (the model and every rule of
time are in the engine): it repaints from the clock on a timer while the clock runs, and is
hidden when the game has no clock. GUI thread only.
"""

from __future__ import annotations

from collections.abc import Callable

from hexswarm.engine.board import BLACK, WHITE, Color
from hexswarm.engine.clock import GameClock, TimeLeft, format_clock
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QHBoxLayout, QLabel, QWidget

REFRESH_MS = 100  # tenths are shown under ten seconds

_BOX = "border-radius: 4px; padding: 2px 8px"
_WAITING = _BOX
_RUNNING = f"{_BOX}; font-weight: bold; background: #2e7d32; color: white"
_FLAGGED = f"{_BOX}; font-weight: bold; background: #c62828; color: white"
WAITING_NOTE = "clocks start with the next move"


def clock_text(left: TimeLeft, period_s: float | None = None, increment_s: float = 0.0) -> str:
    """``4:59``; with byo-yomi periods ``4:59 + 5\u00d730 s`` during the main time (round 16:
    the periods were not on the clock until the main time was spent; ``period_s``: a whole
    period's length), then ``28.0 (3 left)``: the current period's time and how many
    periods are left. A Fischer increment is said after the time, ``1:58 +5 s/move``
    (round 16: only the tooltip named it)."""
    if left.main_s > 0 or not left.periods:
        text = format_clock(left.main_s)
        if left.periods and period_s:
            text += f" + {left.periods}\u00d7{period_s:g} s"
        elif increment_s and left.main_s > 0:  # beside a fallen flag it says nothing
            text += f" +{increment_s:g} s/move"
        return text
    return f"{format_clock(left.period_s)} ({left.periods} left)"


class ClockPanel(QWidget):
    """Black's and White's clocks in a row; :meth:`set_clock` attaches the game's clock
    (None hides the panel)."""

    def __init__(
        self,
        color_name: Callable[[Color], str] = lambda c: c.value.capitalize(),
        parent: QWidget | None = None,
    ):
        super().__init__(parent)
        self.setObjectName("clock_panel")
        self.color_name = color_name
        self._clock: GameClock | None = None
        self._lost: Color | None = None
        row = QHBoxLayout(self)
        row.setContentsMargins(6, 2, 6, 2)
        self.labels: dict[Color, QLabel] = {}
        # Between the clocks while the game waits for its first move (see set_clock).
        self.note = QLabel(WAITING_NOTE)
        self.note.setObjectName("clock_note")
        self.note.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.note.setVisible(False)
        for color in (BLACK, WHITE):
            label = QLabel()
            label.setObjectName(f"clock_{color.value}")
            label.setAlignment(Qt.AlignmentFlag.AlignCenter)
            font = label.font()
            font.setPointSizeF(font.pointSizeF() * 1.4)
            font.setStyleHint(font.StyleHint.Monospace)
            label.setFont(font)
            self.labels[color] = label
            row.addWidget(label, 1)
            if color is BLACK:
                row.addWidget(self.note)
        self._timer = QTimer(self)
        self._timer.setInterval(REFRESH_MS)
        self._timer.timeout.connect(self.refresh)
        self.setVisible(False)

    def set_clock(
        self, clock: GameClock | None, lost: Color | None = None, *, waiting: bool = False
    ) -> None:
        """Show ``clock``; ``lost``: the side that lost on time at the position shown (a
        record's ``B+T``, whose clock did not itself run out here); ``waiting``: the game
        waits for its first move, so no clock runs yet (said between the clocks)."""
        self._clock = clock
        self._lost = lost
        self.setVisible(clock is not None)
        self.note.setVisible(waiting)
        self.refresh()

    def refresh(self) -> None:
        """Show both sides' time now; keep refreshing while a clock runs."""
        clock = self._clock
        if clock is None:
            self._timer.stop()
            return
        flagged = clock.flagged() or self._lost
        for color, label in self.labels.items():
            control = clock.control
            left = clock_text(clock.left(color), control.period_s, control.increment_s)
            label.setText(f"{self.color_name(color)}  {left}")
            if color is flagged:
                style = _FLAGGED
            elif color is clock.running:
                style = _RUNNING
            else:
                style = _WAITING
            label.setStyleSheet(style)
            label.setToolTip(clock.control.describe())
        if clock.running is not None:
            if not self._timer.isActive():
                self._timer.start()
        else:
            self._timer.stop()

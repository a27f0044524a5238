"""The move list: the line on screen as numbered entries, clickable to go there.

:class:`MoveList` shows the controller's line (the path to the cursor and the main continuation
below it): "Start", every move with who played it (``[strong-swarm]`` for an AI) and the grade
a review gave it (``?!``, ``?``, ``??``), setup edits, a resignation; entries after the cursor
are greyed. It is brought up to date from the controller whenever the window asks
(:meth:`refresh`), entry by entry; clicking an entry goes to the position after it. GUI thread only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from hexswarm.engine.board import BLACK, WHITE, Color, SetupEdit, cell_name
from hexswarm.engine.game import GAME_END_TOKENS
from hexswarm.gui.game_controller import GameController, MoveInfo
from hexswarm.gui.review import GRADE_MARKS, GameReview
from hexswarm.gui.settings import engine_name
from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QWidget

MIN_WIDTH_PX = 140
MAX_WIDTH_PX = 320  # a longer entry (an engine's long name) is cut; its tooltip shows it all
SETUP_PREFIX = "Setup: "
FUTURE_COLOUR = "#8a8a8a"
"""The text colour of the entries after the cursor (the redo part)."""


@dataclass(frozen=True, slots=True)
class Row:
    """One entry of the list: its text, the line entry it goes to (0: the start, None: not
    clickable), whether it lies after the cursor (greyed) and its tooltip."""

    text: str
    index: int | None
    future: bool
    tooltip: str


class MoveList(QListWidget):
    """The line's entries; ``review`` gives the grades of the reviewed main line and
    ``player_name`` names the colours as the board's theme does. Signal ``fitted(int)``:
    the width the entries need changed (see :meth:`_fit_entries`)."""

    fitted = Signal(int)

    def __init__(
        self,
        controller: GameController,
        review: GameReview,
        player_name: Callable[[Color], str],
        parent: QWidget | None = None,
    ):
        super().__init__(parent)
        self.setObjectName("move_list")
        self.setMinimumWidth(MIN_WIDTH_PX)
        # An entry wider than the list (a long setup) is cut with "...", its tooltip whole: a
        # sideways scroll bar would hide the moves' ends for the sake of one entry.
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.fitted_width = MIN_WIDTH_PX  # see _fit_entries
        self._controller = controller
        self._review = review
        self._player_name = player_name
        self._rows: list[Row] = []  # what the items show (see refresh)
        self._widest = ""  # the game's widest move entry, as last fitted (widest_move_text)
        self._widest_cell: dict[tuple[int, int], str] = {}
        self.itemClicked.connect(self._clicked)

    def rows(self) -> list[Row]:
        """What the list should show now: every entry of the controller's line with its grade,
        then a resignation."""
        c = self._controller
        shape = c.board.shape
        # The grades of the reviewed main line, on the entries that are its nodes.
        reviews = self._review.reviews(c.game)
        nodes = [
            n for n in c.game.continuation(c.game.cursor)[1:] if n.token not in GAME_END_TOKENS
        ]
        grades = {
            index: reviews[node].grade
            for index, node in enumerate(nodes, start=1)
            if node in reviews
        }
        cursor = c.cursor
        rows = [Row("Start", 0, future=False, tooltip="")]
        for index, entry in enumerate(c.line, start=1):
            thought = ""  # the tooltip's addition: the move's thinking time, when known
            if isinstance(entry, MoveInfo):
                who = self._player_name(entry.move.color)
                text = f"{entry.number}. {who} {entry.move.name(*shape)}"
                text += GRADE_MARKS.get(grades.get(index, ""), "")
                if entry.player != "human":
                    label = engine_name(entry.player) or entry.player.split(":")[0]
                    text += f"  [{label}]"
                if entry.seconds is not None:
                    thought = f" · thought {entry.seconds:.1f} s"
            else:
                text = SETUP_PREFIX + describe_setup(entry, shape, self._player_name)
            # The tooltip: a narrow dock cuts a long setup or level name.
            rows.append(Row(text, index, future=index > cursor, tooltip=text + thought))
        if c.resigned is not None:
            rows.append(Row(f"{self._player_name(c.resigned)} resigned", None, False, ""))
        return rows

    def widest_move_text(self) -> str:
        """The widest move entry this game can have with its players: the last move number
        the board allows, the wider colour name, the widest cell name and an AI player's
        label. The list is made this wide before the game's entries need it: the AI's first
        move ("2. White d8  [strong]") had widened the dock and moved the board 28 pixels
        sideways mid-game (round 16)."""
        c = self._controller
        columns, rows = c.board.shape
        metrics = self.fontMetrics()
        who = max(
            (self._player_name(color) for color in (BLACK, WHITE)), key=metrics.horizontalAdvance
        )
        cell = self._widest_cell.get((columns, rows))
        if cell is None:  # measured once a board shape: every refresh asks
            cell = max(
                (cell_name(index, columns, rows) for index in range(columns * rows)),
                key=metrics.horizontalAdvance,
            )
            self._widest_cell[columns, rows] = cell
        labels = [""]
        for color in (BLACK, WHITE):
            side = c.side(color)
            if side.ai:
                labels.append(f"  [{engine_name(side.spec) or side.spec.split(':')[0]}]")
        label = max(labels, key=metrics.horizontalAdvance)
        return f"{columns * rows}. {who} {cell}{max(GRADE_MARKS.values(), key=len)}{label}"

    def refresh(self) -> None:
        """Show :meth:`rows`, changing only the entries that differ from what is shown: after
        an AI's move that is one new entry (rebuilding every entry each move cost the GUI
        thread more the longer the game; issue 32)."""
        rows = self.rows()
        self.blockSignals(True)
        future = QBrush(QColor(FUTURE_COLOUR))
        texts_changed = False
        for row_number, row in enumerate(rows):
            if row_number < len(self._rows) and self._rows[row_number] == row:
                continue
            item = self.item(row_number)
            if item is None:
                item = QListWidgetItem()
                self.addItem(item)
            if item.text() != row.text:
                item.setText(row.text)
                texts_changed = True
            item.setToolTip(row.tooltip)
            item.setData(Qt.ItemDataRole.UserRole, row.index)
            item.setForeground(future if row.future else QBrush())
        while self.count() > len(rows):
            self.takeItem(self.count() - 1)
            texts_changed = True
        self._rows = rows
        cursor = self._controller.cursor
        if self.currentRow() != cursor:
            self.setCurrentRow(cursor)
        self.scrollToItem(self.item(cursor))
        self.blockSignals(False)
        widest = self.widest_move_text()
        if texts_changed or widest != self._widest:
            self._widest = widest
            self._fit_entries()

    def _fit_entries(self) -> None:
        """As wide as the widest move entry, or the game's widest to come
        (:meth:`widest_move_text`), up to :data:`MAX_WIDTH_PX`, scroll bar included: the
        dock cut "12. White c7  [strong-swarm]" at its first width (issue 30). Setup entries
        do not widen it (a setup of many stones had grown the dock to its largest, for
        good); they are cut, their tooltips whole. Emits ``fitted(width)`` when the width
        changes, narrower too (the window's dock follows it: a minimum width only ever
        widens a dock)."""
        metrics = self.fontMetrics()
        texts = [self.item(i).text() for i in range(self.count())] + [self._widest]
        widest = max(
            (metrics.horizontalAdvance(t) for t in texts if not t.startswith(SETUP_PREFIX)),
            default=0,
        )
        room = widest + 2 * self.frameWidth() + self.verticalScrollBar().sizeHint().width() + 16
        width = max(MIN_WIDTH_PX, min(MAX_WIDTH_PX, room))
        self.setMinimumWidth(width)
        if width != self.fitted_width:
            self.fitted_width = width
            self.fitted.emit(width)

    def _clicked(self, item: QListWidgetItem) -> None:
        index = item.data(Qt.ItemDataRole.UserRole)
        if index is not None:
            self._controller.go_to_entry(int(index))


def describe_setup(
    edit: SetupEdit, shape: tuple[int, int], player_name: Callable[[Color], str]
) -> str:
    """A setup edit in words: ``+Black a1 b2; remove c3; White to move`` (cells named on a
    board of ``shape``: columns, rows)."""
    parts = []
    if edit.black:
        parts.append(f"+{player_name(BLACK)} " + " ".join(cell_name(c, *shape) for c in edit.black))
    if edit.white:
        parts.append(f"+{player_name(WHITE)} " + " ".join(cell_name(c, *shape) for c in edit.white))
    if edit.empty:
        parts.append("remove " + " ".join(cell_name(c, *shape) for c in edit.empty))
    if edit.to_move is not None:
        parts.append(f"{player_name(edit.to_move)} to move")
    return "; ".join(parts) if parts else "no change"

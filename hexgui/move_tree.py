"""The move tree and comment docks: every variation of the game, and the comment of a node.

:class:`MoveTreePanel` shows the controller's :class:`~engine.game.Game` as an indented tree, as
Sabaki's and KaTrain's trees do in their own way: a line of play is a column of items, and each
variation starts a nested column under the move it branches from; every variation is visible
(expanded). The node on the board is selected; the main line's moves carry the review's grade
marks (``?!``, ``?``, ``??``, as the move list does) and say in their tooltip what the move
cost and what was better. A click goes there; with the panel focused the
keys walk the tree: Up/Down one move back/forward (forward follows the main continuation),
Left/Right the previous/next variation of the move, Page Up/Page Down to the previous/next fork,
Home/End to the start/end of the line; Ctrl+Up makes the selected line the main line and Delete
deletes the branch (asking first). The context menu offers the same.

:class:`CommentPane` edits the comment (SGF ``C``) of the node on the board; the text is stored
in the game as you type (after a short pause) and saved with it; study positions' explanations
appear there.

GUI thread only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from hexswarm.engine.board import Color
from hexswarm.engine.game import GAME_END_TOKENS, PASS, GameNode
from hexswarm.gui.document import count_text
from hexswarm.gui.forms import ask
from hexswarm.gui.game_controller import GameController
from hexswarm.gui.game_events import CannotGo
from hexswarm.gui.review import GRADE_MARKS, GameReview, describe_review
from PySide6.QtCore import QEvent, Qt, QTimer, Slot
from PySide6.QtGui import QFont, QKeyEvent
from PySide6.QtWidgets import (
    QMenu,
    QMessageBox,
    QPlainTextEdit,
    QTreeWidget,
    QTreeWidgetItem,
    QWidget,
)

NODE_ROLE = Qt.ItemDataRole.UserRole
COMMENT_DELAY_MS = 400

_WALK_KEYS = (
    Qt.Key.Key_Up,
    Qt.Key.Key_Down,
    Qt.Key.Key_Left,
    Qt.Key.Key_Right,
    Qt.Key.Key_PageUp,
    Qt.Key.Key_PageDown,
    Qt.Key.Key_Home,
    Qt.Key.Key_End,
    Qt.Key.Key_Delete,
)


def node_label(
    node: GameNode,
    number: int,
    shape: tuple[int, int],
    player_name: Callable[[Color], str],
    grade: str = "",
) -> str:
    """One line for ``node``: ``12. Black e5``, ``White resigned``, ``Setup: ...``, ``Start``;
    the review's mark of ``grade`` after a move (``12. Black e5??``); a pencil when it has a
    comment. ``number`` is its move number."""
    move = node.move
    if node.parent is None and move is None:
        text = "Start"
    elif move is None:
        text = "Setup"
        edit = node.setup_edit(*shape)
        if edit is not None and edit.is_pass and edit.to_move is not None:
            text = f"Setup: {player_name(edit.to_move)} to move"
    else:
        color, token = move
        if token in GAME_END_TOKENS:
            text = f"{player_name(color)} {'resigned' if token == 'resign' else 'forfeited'}"
        elif token == PASS:
            text = f"{number}. {player_name(color)} passes"
        else:
            text = f"{number}. {player_name(color)} {token}{GRADE_MARKS.get(grade, '')}"
    return text + ("  \u270e" if node.comment else "")


def delete_question(node: GameNode) -> str:
    """What deleting the branch at ``node`` asks: how many moves go, and the comments with
    them (round 13: "Delete this move and the 1 after it in this branch?", and a comment
    written in it went without a word)."""
    nodes = [n for n, _depth in node.walk()]
    after = len(nodes) - 1
    text = "Delete this move"
    if after:
        text += f" and the {count_text(after, 'move')} after it"
    text += "?"
    comments = sum(1 for n in nodes if n.comment.strip())
    if comments:
        text += f" {count_text(comments, 'comment')} will be lost with {'them' if after else 'it'}."
    return text


@dataclass(frozen=True, slots=True)
class TreeEntry:
    """What the item of a node shows (its label, bold on the main line, its tooltip: the
    review of its move and its comment) and its children's nodes, by ``id``, in order."""

    label: str
    main_line: bool
    tooltip: str
    children: tuple[int, ...]


class MoveTreePanel(QTreeWidget):
    """The game tree; see the module docstring. ``player_name`` names a colour as the theme
    does ("Black"/"Blue"); ``review`` gives the grades of the reviewed main line (the
    window's; call :meth:`refresh` when they change)."""

    def __init__(
        self,
        controller: GameController,
        player_name: Callable[[Color], str],
        review: GameReview | None = None,
        parent: QWidget | None = None,
    ):
        super().__init__(parent)
        self.setObjectName("move_tree")
        self.setHeaderHidden(True)
        self.setColumnCount(1)
        self.setIndentation(14)
        self.setUniformRowHeights(True)
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self._controller = controller
        self._player_name = player_name
        self._review = review or GameReview()
        self._items: dict[int, QTreeWidgetItem] = {}  # id(node) -> item
        self._entries: dict[int, TreeEntry] = {}  # what the items show (see entries())
        self._shown_game = None
        self.itemClicked.connect(self._on_item_clicked)
        self.customContextMenuRequested.connect(self._show_menu)
        controller.line_changed.connect(self._on_line_changed)
        controller.position_changed.connect(self._on_position_changed)
        self.rebuild()

    # ------------------------------------------------------------------ showing
    def entries(self) -> dict[int, TreeEntry]:
        """What the tree should show now: each node's entry, by ``id(node)``."""
        game = self._controller.game
        main = set(map(id, game.main_line()))
        reviews = {id(node): review for node, review in self._review.reviews(game).items()}
        numbers: dict[int, int] = {}
        entries: dict[int, TreeEntry] = {}
        for node, _depth in game.root.walk():  # a parent before its children
            if node.parent is None:
                number = game.move_number(node)
            else:
                counted = node.move is not None and node.token not in GAME_END_TOKENS
                number = numbers[id(node.parent)] + counted
            numbers[id(node)] = number
            review = reviews.get(id(node))
            grade = review.grade if review is not None else ""
            tooltip = node.comment
            if review is not None:
                told = describe_review(review, self._player_name(review.color))
                tooltip = f"{told}\n\n{tooltip}" if tooltip else told
            entries[id(node)] = TreeEntry(
                node_label(node, number, game.shape, self._player_name, grade),
                id(node) in main,
                tooltip,
                tuple(map(id, node.children)),
            )
        return entries

    @Slot()
    def rebuild(self, entries: dict[int, TreeEntry] | None = None) -> None:
        """Rebuild every item from the game (``entries``: :meth:`entries`, if known)."""
        game = self._controller.game
        entries = self.entries() if entries is None else entries
        self._shown_game, self._entries = game, entries
        self.blockSignals(True)
        self.clear()
        self._items.clear()
        # Each entry starts a line: (first node, the item it hangs under; None = top level).
        stack: list[tuple[GameNode, QTreeWidgetItem | None]] = [(game.root, None)]
        while stack:
            node, container = stack.pop()
            current: GameNode | None = node
            while current is not None:
                item = self._make_item(current, entries[id(current)])
                if container is None:
                    self.addTopLevelItem(item)
                else:
                    container.addChild(item)
                for child in reversed(current.children[1:]):
                    stack.append((child, item))
                current = current.children[0] if current.children else None
        self.expandAll()
        self.blockSignals(False)
        self._select_cursor()

    def _make_item(self, node: GameNode, entry: TreeEntry) -> QTreeWidgetItem:
        item = QTreeWidgetItem()
        item.setData(0, NODE_ROLE, node)
        self._show_entry(item, entry)
        self._items[id(node)] = item
        return item

    def _show_entry(self, item: QTreeWidgetItem, entry: TreeEntry) -> None:
        item.setText(0, entry.label)
        font = QFont(self.font())
        font.setBold(entry.main_line)
        item.setFont(0, font)
        item.setToolTip(0, entry.tooltip)

    @Slot()
    def refresh(self) -> None:
        """Show what changed in the game or its grades (the window calls it when the
        review's grades change)."""
        self._on_line_changed()

    @Slot()
    def _on_line_changed(self) -> None:
        """Change only what changed: nothing when a move followed the game's own
        continuation, one item for a move played at the cursor (an AI's move, most often),
        the items whose text changed when the tree's shape did not (a grade, a comment),
        every item for anything else (rebuilding them after every move cost the GUI thread
        more the longer the game; issue 32)."""
        entries = self.entries()
        if self._controller.game is self._shown_game:
            if entries == self._entries:
                self._select_cursor()
                return
            if self._append_cursor(entries) or self._relabel(entries):
                return
        self.rebuild(entries)

    def _relabel(self, entries: dict[int, TreeEntry]) -> bool:
        """Show ``entries`` in the items there are when they hold the same nodes with the same
        children (only labels, tooltips or the main line's bold changed: a review's grade
        arrived); returns whether it did. A rebuild would lose the tree's scroll position
        at every analysis of a review."""
        shown = self._entries
        if entries.keys() != shown.keys() or any(
            entry.children != shown[key].children for key, entry in entries.items()
        ):
            return False
        for key, entry in entries.items():
            if entry != shown[key]:
                self._show_entry(self._items[key], entry)
        self._entries = entries
        self._select_cursor()
        return True

    def _append_cursor(self, entries: dict[int, TreeEntry]) -> bool:
        """Add the item of the game's cursor if ``entries`` differ from the shown ones by that
        node alone, a new leaf added as its parent's last child; returns whether it did."""
        node = self._controller.game.cursor
        parent = node.parent
        if parent is None or id(node) in self._entries or id(parent) not in self._entries:
            return False
        expected = dict(self._entries)
        before = expected[id(parent)]
        expected[id(parent)] = replace(before, children=(*before.children, id(node)))
        expected[id(node)] = entries[id(node)]
        if entries[id(node)].children or entries != expected:
            return False
        parent_item = self._items[id(parent)]
        item = self._make_item(node, entries[id(node)])
        if len(parent.children) > 1:  # a new variation: a nested column under the parent
            parent_item.addChild(item)
            parent_item.setExpanded(True)
        else:  # the line goes on: the next item of the parent's column
            column = parent_item.parent()
            if column is None:
                self.insertTopLevelItem(self.indexOfTopLevelItem(parent_item) + 1, item)
            else:
                column.insertChild(column.indexOfChild(parent_item) + 1, item)
        self._entries = entries
        self._select_cursor()
        return True

    def _on_position_changed(self, _position_id: int) -> None:
        if self._controller.game is not self._shown_game:
            self.rebuild()
        else:
            self._select_cursor()

    def _select_cursor(self) -> None:
        item = self._items.get(id(self._controller.game.cursor))
        if item is None:
            return
        self.blockSignals(True)
        self.setCurrentItem(item)
        self.blockSignals(False)
        self.scrollToItem(item)

    def item_of(self, node: GameNode) -> QTreeWidgetItem | None:
        """The item showing ``node`` (for tests and the window)."""
        return self._items.get(id(node))

    # ------------------------------------------------------------------ acting
    def _on_item_clicked(self, item: QTreeWidgetItem, _column: int = 0) -> None:
        node = item.data(0, NODE_ROLE)
        if node is not None:
            self._controller.go_to_node(node)

    def event(self, event: QEvent) -> bool:
        # The window binds Left/Right/Home/End to its own navigation; with the tree focused,
        # its keys walk the tree instead.
        if (
            event.type() == QEvent.Type.ShortcutOverride
            and isinstance(event, QKeyEvent)
            and event.key() in _WALK_KEYS
        ):
            event.accept()
            return True
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt API)
        c = self._controller
        key = event.key()
        control = bool(event.modifiers() & Qt.KeyboardModifier.ControlModifier)
        if key == Qt.Key.Key_Up and control:
            c.promote()
        elif key == Qt.Key.Key_Up:
            c.back()
        elif key == Qt.Key.Key_Down:
            c.forward()
        elif key == Qt.Key.Key_Left:
            c.go_to_variation(-1)
        elif key == Qt.Key.Key_Right:
            c.go_to_variation(1)
        elif key == Qt.Key.Key_PageDown:
            self.go_to_fork(forward=True)
        elif key == Qt.Key.Key_PageUp:
            self.go_to_fork(forward=False)
        elif key == Qt.Key.Key_Home:
            c.first()
        elif key == Qt.Key.Key_End:
            c.last()
        elif key == Qt.Key.Key_Delete:
            self.delete_branch()
        else:
            super().keyPressEvent(event)
            return
        event.accept()

    def go_to_fork(self, *, forward: bool) -> bool:
        """Along the line, to the next (or previous) move that has variations."""
        game = self._controller.game
        node = game.cursor
        if forward:
            for candidate in game.continuation(node)[len(node.path_from_root()) :]:
                if len(candidate.children) > 1:
                    self._controller.go_to_node(candidate)
                    return True
        else:
            for candidate in reversed(node.path_from_root()[:-1]):
                if len(candidate.children) > 1:
                    self._controller.go_to_node(candidate)
                    return True
        self._controller.event.emit(CannotGo("next-branch"))
        return False

    def delete_branch(self, node: GameNode | None = None, *, confirm: bool = True) -> bool:
        """Delete the branch at ``node`` (default: the node on the board), asking first."""
        node = node or self._controller.game.cursor
        if node.parent is None:
            return self._controller.delete_branch(node)
        if confirm:
            answer = ask(self, "Delete Branch", delete_question(node))
            if answer != QMessageBox.StandardButton.Yes:
                return False
        return self._controller.delete_branch(node)

    def _show_menu(self, position) -> None:
        item = self.itemAt(position)
        node = item.data(0, NODE_ROLE) if item is not None else None
        if node is None:
            return
        menu = QMenu(self)
        menu.addAction("Go Here", lambda: self._controller.go_to_node(node))
        menu.addAction("Make Main Line", lambda: self._controller.promote(node))
        delete = menu.addAction("Delete Branch...", lambda: self.delete_branch(node))
        delete.setEnabled(node.parent is not None)
        menu.exec(self.viewport().mapToGlobal(position))


class CommentPane(QPlainTextEdit):
    """The comment of the node on the board, editable; see the module docstring."""

    def __init__(self, controller: GameController, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("comment_pane")
        self.setPlaceholderText("Comment on this position (saved with the game)")
        self._controller = controller
        self._node: GameNode | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(COMMENT_DELAY_MS)
        self._timer.timeout.connect(self.store)
        self.textChanged.connect(self._timer.start)
        controller.position_changed.connect(self._show_cursor)
        controller.line_changed.connect(self._show_cursor)
        self._show_cursor()

    @Slot()
    def store(self) -> None:
        """Put the text into the node it was typed for (now, not after the pause)."""
        self._timer.stop()
        node = self._node
        if node is not None and node.comment != self.toPlainText():
            self._controller.set_comment(self.toPlainText(), node)

    @Slot()
    def _show_cursor(self, *_args) -> None:
        cursor = self._controller.game.cursor
        if self._timer.isActive():
            self.store()  # typed for the node being left
        if cursor is self._node and cursor.comment == self.toPlainText():
            return
        self._node = cursor
        self.blockSignals(True)
        self.setPlainText(cursor.comment)
        self.blockSignals(False)

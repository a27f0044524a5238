"""Every level on rectangular boards: the player searches the embedded square
(``engine.search.environment.embedded_board``) and answers in the rectangle's cells.

:class:`RectanglePlayer` wraps the player :func:`engine.players.create_player` builds (the
root tactics and the opening table included): on a square board it is the wrapped player
itself; on a rectangle it hands the wrapped player the square position and maps back, with
:func:`~engine.search.environment.rectangle_cell`, everything that names a cell: the move, and
in every snapshot the root moves, the best move, the principal variation, the candidate lines
and the tree's paths. Root moves a caller passes in are mapped the other way. Names in a
snapshot's note need no mapping: a cell has the same column and row in both boards.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from hexswarm.engine.board import Board
from hexswarm.engine.players.base import MoveChoice, Player
from hexswarm.engine.search.environment import embedded_board, rectangle_cell, square_cell
from hexswarm.engine.search.snapshot import SearchSnapshot, SnapshotCallback, TreeNode


def snapshot_on_rectangle(snapshot: SearchSnapshot, width: int, height: int) -> SearchSnapshot:
    """``snapshot`` of a search of the embedded square, in the cells of the ``width`` x
    ``height`` board (``-1``, a swap, stays ``-1``)."""

    def cell(value: int) -> int:
        return value if value < 0 else rectangle_cell(value, width, height)

    def cells(values: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(cell(v) for v in values)

    def node(tree: TreeNode) -> TreeNode:
        children = tuple(node(child) for child in tree.children)
        return dataclasses.replace(tree, path=cells(tree.path), children=children)

    return dataclasses.replace(
        snapshot,
        root_moves=cells(snapshot.root_moves),
        best_move=cell(snapshot.best_move),
        principal_variation=cells(snapshot.principal_variation),
        root_lines=tuple(cells(line) for line in snapshot.root_lines),
        tree=None if snapshot.tree is None else node(snapshot.tree),
    )


class RectanglePlayer:
    """``player`` on boards of any shape (see the module docstring). Its attributes
    (``name``, ``settings``, ``spec()``, ``supports_root_moves``...) are the wrapped
    player's; thread rules as for the wrapped player."""

    def __init__(self, player: Player):
        self.player = player

    def __getattr__(self, name: str) -> Any:
        if name == "player" or name.startswith("__"):  # not set yet (copy, pickle)
            raise AttributeError(name)
        return getattr(self.player, name)

    def choose_move(
        self,
        board: Board,
        *,
        on_snapshot: SnapshotCallback | None = None,
        **options: Any,
    ) -> MoveChoice:
        if board.is_square:
            return self.player.choose_move(board, on_snapshot=on_snapshot, **options)
        width, height = board.shape
        if options.get("root_moves") is not None:
            options["root_moves"] = tuple(
                square_cell(c, width, height) for c in options["root_moves"]
            )

        def mapped(snapshot: SearchSnapshot) -> SearchSnapshot:
            return snapshot_on_rectangle(snapshot, width, height)

        choice = self.player.choose_move(
            embedded_board(board),
            on_snapshot=None if on_snapshot is None else lambda s: on_snapshot(mapped(s)),
            **options,
        )
        move = choice.move
        if not isinstance(move, str):
            move = rectangle_cell(move, width, height)
        return MoveChoice(move, None if choice.snapshot is None else mapped(choice.snapshot))

"""What Hex knowledge decides at the root of a search (ours, after MoHex's root: fill-in, then
virtual connections, then the must-play region; see ``docs/search.md``, "Hex knowledge").

:func:`analyse` takes a position and returns a :class:`RootAnalysis`, all from the point of
view of the side to move:

1. the fill-in of :mod:`.inferior` (dead cells and captured pairs) goes onto a copy of the
   board: same winner with perfect play;
2. if the filled board already joins a side's edges, the position is decided;
3. H-search (:mod:`.connections`) for the side to move on the filled board: a full connection
   between its edges wins (whatever it plays: an extra stone never hurts), a semi connection
   wins by playing its key;
4. H-search for the opponent: a full connection between its edges means the side to move has
   lost; semi connections mean it must play inside all of their carriers (the **must-play**
   region), since any other move lets the opponent play a key and connect;
5. the moves worth searching (:attr:`RootAnalysis.consider`): the must-play region (or every
   cell) minus the filled cells. Empty: the position is lost.

Every "win" and "loss" here is proven; ``consider`` never drops the only good move.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from functools import reduce

import numpy as np
from hexswarm.engine.analysis.connections import Connections, cells_of, h_search
from hexswarm.engine.analysis.inferior import InferiorCells, inferior_cells
from hexswarm.engine.board import BLACK, EMPTY, Board, Color, HexError, neighbour_table


@dataclass(frozen=True, slots=True)
class RootAnalysis:
    """The proven facts about a position for its side to move.

    ``proven``: ``"win"``, ``"loss"`` or ``None``; ``move``: a proven winning move when
    ``proven == "win"`` (else ``None``); ``must_play``: the must-play region (``None`` when the
    opponent has no semi connection between its edges); ``consider``: the empty cells worth
    searching, in index order (empty when lost); ``note``: why, with cell names.
    ``connections`` per colour are those of the filled board (absent for a colour whose
    search was not needed, or when the fill-in decided).
    """

    to_move: Color
    inferior: InferiorCells
    connections: dict[Color, Connections]
    proven: str | None
    move: int | None
    must_play: frozenset[int] | None
    consider: tuple[int, ...]
    note: str


def analyse(
    board: Board, budget: int | None = None, should_stop: Callable[[], bool] | None = None
) -> RootAnalysis:
    """The root analysis of ``board`` (the game must not be over). ``budget``: the H-search's
    budget per colour (:func:`.connections.h_search`; None: none). A search cut short (by
    the budget, or by ``should_stop``: a Stop) finds fewer connections, so fewer verdicts and
    a larger must-play region, never a wrong one."""
    if board.is_over:
        raise HexError(f"the game is over: {board.winner} has already won")
    me, opponent = board.to_move, board.to_move.opponent
    size = board.size
    inferior = inferior_cells(board)
    filled = inferior.filled
    open_cells = tuple(int(c) for c in np.flatnonzero(filled == EMPTY))
    name = board.cell_name

    def result(proven, move, must_play, consider, note, connections=None):
        return RootAnalysis(
            me, inferior, connections or {}, proven, move, must_play, tuple(consider), note
        )

    if inferior.winner is me:
        move = _any_move(board, inferior, me)
        note = f"won: the fill-in joins our edges (playing {name(move)})"
        return result("win", move, None, (move,), note)
    if inferior.winner is opponent:
        return result("loss", None, None, (), "lost: the fill-in joins the opponent's edges")
    mine = h_search(
        filled, size, me, stop_when_connected=True, budget=budget, should_stop=should_stop
    )
    if mine.edge_fulls:
        carrier = cells_of(mine.edge_fulls[0])
        closing = _closing_move(board, carrier)
        move = closing if closing is not None else _any_move(board, inferior, me)
        note = f"won: a virtual connection between our edges ({len(carrier)} carrier cells)"
        return result("win", move, None, (move,), note, {me: mine})
    if mine.edge_semis:
        semi = mine.edge_semis[0]
        note = f"{name(semi.key)} wins: it completes a virtual connection between our edges"
        return result("win", semi.key, None, (semi.key,), note, {me: mine})
    theirs = h_search(
        filled, size, opponent, stop_when_connected=True, budget=budget, should_stop=should_stop
    )
    connections = {me: mine, opponent: theirs}
    if theirs.edge_fulls:
        note = "lost: the opponent has a virtual connection between its edges"
        return result("loss", None, None, (), note, connections)
    if not theirs.edge_semis:
        return result(None, None, None, open_cells, "", connections)
    region = reduce(lambda a, b: a & b, (s.carrier for s in theirs.edge_semis))
    must_play = frozenset(cells_of(region))
    consider = [c for c in open_cells if c in must_play]
    if not consider:
        note = "lost: no move breaks all of the opponent's semi connections"
        return result("loss", None, must_play, (), note, connections)
    note = f"must-play: {len(consider)} cells break the opponent's semi connections"
    return result(None, None, must_play, consider, note, connections)


def shortest_way_cell(board: Board, color: Color) -> int | None:
    """An empty cell on a shortest way between ``color``'s edges (the cell nearest the middle
    of that way), or None when no empty cell is on one. For the side to move in a proven loss
    it is where to stand in the opponent's way (the review's move there: ``engine.players.
    tactics.proven_choice``); any move loses against perfect play, and this one makes the
    opponent's shortest way longer."""
    return _closing_move(board, [], color)


def _closing_move(board: Board, carrier: list[int], color: Color | None = None) -> int | None:
    """For the side to move (or ``color``), which has a full connection between its edges
    with ``carrier``: an empty cell on a shortest way between its edges on the board (own
    stones cost nothing, empty cells one, the opponent's block), a carrier cell when one is,
    the one nearest the middle of that way; None when there is no way (the fill-in decided).
    Any own move keeps a won position won (a stone never hurts); this one brings the end
    nearer. The carrier's first cell in index order had played the edges' corners while the
    game went on (round 15: ``strong`` on 8x13 answered moves at the centre with h1, g2, a3,
    b1)."""
    to_move = board.to_move if color is None else color
    width, height = board.shape
    neighbours = neighbour_table(width, height)
    count = width * height
    if to_move is BLACK:
        sides = (range(width), range(count - width, count))
    else:
        sides = (range(0, count, width), range(width - 1, count, width))
    cells = board.cells

    def cost(cell: int) -> int | None:
        value = int(cells[cell])
        return 0 if value == to_move.stone else 1 if value == EMPTY else None

    def distances(starts: range) -> list[float]:
        """The cheapest way from an edge to each cell, that cell's cost included (0-1 BFS)."""
        far = [math.inf] * count
        queue: deque[int] = deque()
        for cell in starts:
            step = cost(cell)
            if step is not None:
                far[cell] = step
                queue.appendleft(cell) if step == 0 else queue.append(cell)
        while queue:
            cell = queue.popleft()
            for other in neighbours[cell]:
                other = int(other)
                step = cost(other) if other >= 0 else None
                if step is None or far[cell] + step >= far[other]:
                    continue
                far[other] = far[cell] + step
                queue.appendleft(other) if step == 0 else queue.append(other)
        return far

    first, second = distances(sides[0]), distances(sides[1])
    shortest = min(first[c] for c in sides[1])
    on_way = [c for c in range(count) if cells[c] == EMPTY and first[c] + second[c] - 1 == shortest]
    if not on_way or math.isinf(shortest):
        return None
    inside = set(carrier)
    return min(on_way, key=lambda c: (c not in inside, abs(first[c] - second[c]), c))


def _any_move(board: Board, inferior: InferiorCells, color: Color) -> int:
    """A move for a side that has already won: a cell filled for it if any (it makes the
    connection real), else any empty cell."""
    own = sorted(inferior.captured[color])
    if own:
        return own[0]
    return int(np.flatnonzero(board.cells == EMPTY)[0])

"""Slow, obvious reference implementations: the tests check the kernels against them and
``hexswarm-bench`` times them to report how much the kernels gain.

Nothing here is clever; everything here is easy to check by reading.
"""

from __future__ import annotations

from collections import deque
from fractions import Fraction
from functools import cache

import numpy as np

MASK64 = (1 << 64) - 1


def neighbours(cell: int, size: int) -> list[int]:
    row, col = divmod(cell, size)
    out = []
    for dr, dc in ((0, -1), (0, 1), (-1, 0), (-1, 1), (1, 0), (1, -1)):
        r, c = row + dr, col + dc
        if 0 <= r < size and 0 <= c < size:
            out.append(r * size + c)
    return out


def flood_fill_winner(cells, size: int) -> int:
    """1 if Black (top-bottom) is connected, 2 if White (left-right) is, else 0 — breadth-first."""
    for stone, starts, reached in (
        (1, [c for c in range(size)], lambda cell: cell // size == size - 1),
        (2, [r * size for r in range(size)], lambda cell: cell % size == size - 1),
    ):
        queue = deque(c for c in starts if cells[c] == stone)
        seen = set(queue)
        while queue:
            cell = queue.popleft()
            if reached(cell):
                return stone
            for nb in neighbours(cell, size):
                if nb not in seen and cells[nb] == stone:
                    seen.add(nb)
                    queue.append(nb)
    return 0


def rectangle_winner(stones: dict[tuple[int, int], int], width: int, height: int) -> int:
    """1 if Black joins the top and bottom rows of a ``width`` x ``height`` board, 2 if White
    joins the left and right columns, else 0: a depth-first search over ``(column, row)``
    points (``stones`` maps a point to 1 or 2), no cell numbering and no union-find, so that it
    checks ``Board``'s rules by another method."""
    steps = ((-1, 0), (1, 0), (0, -1), (1, -1), (0, 1), (-1, 1))  # (d column, d row)
    for stone, starts, arrived in (
        (1, [(c, 0) for c in range(width)], lambda point: point[1] == height - 1),
        (2, [(0, r) for r in range(height)], lambda point: point[0] == width - 1),
    ):
        stack = [p for p in starts if stones.get(p) == stone]
        seen = set(stack)
        while stack:
            point = stack.pop()
            if arrived(point):
                return stone
            for dc, dr in steps:
                near = (point[0] + dc, point[1] + dr)
                if near not in seen and stones.get(near) == stone:
                    seen.add(near)
                    stack.append(near)
    return 0


def exact_black_win_probability(cells: tuple[int, ...], size: int, black_to_move: bool) -> Fraction:
    """Probability that Black wins when both sides play uniformly random legal moves from here,
    the game stopping as soon as someone connects. Exhaustive with memoisation."""

    @cache
    def value(state: tuple[int, ...], black: bool) -> Fraction:
        winner = flood_fill_winner(state, size)
        if winner:
            return Fraction(1 if winner == 1 else 0)
        empties = [i for i, v in enumerate(state) if v == 0]
        stone = 1 if black else 2
        total = Fraction(0)
        for cell in empties:
            child = state[:cell] + (stone,) + state[cell + 1 :]
            total += value(child, not black)
        return total / len(empties)

    return value(tuple(int(v) for v in cells), black_to_move)


class XorShift:
    """The kernels' xorshift64* generator, in plain Python integers."""

    def __init__(self, state: int):
        self.state = state

    def next_u64(self) -> int:
        x = self.state
        x ^= x >> 12
        x ^= (x << 25) & MASK64
        x ^= x >> 27
        self.state = x
        return (x * 0x2545F4914F6CDD1D) & MASK64

    def below(self, bound: int) -> int:
        return ((self.next_u64() >> 32) * bound) >> 32


def reference_playouts(cells, size: int, black_to_move: bool, count: int, state: int) -> list[int]:
    """The kernel's playout algorithm step by step with a flood fill judge: the winner (1/2) of
    each of ``count`` consecutive playouts drawn from generator ``state``."""
    rng = XorShift(state)
    order = [i for i, v in enumerate(cells) if v == 0]
    k = len(order)
    winners = []
    for _ in range(count):
        share = (k + 1) // 2
        for i in range(share):
            j = i + rng.below(k - i)
            order[i], order[j] = order[j], order[i]
        filled = list(int(v) for v in cells)
        mover, other = (1, 2) if black_to_move else (2, 1)
        for i, cell in enumerate(order):
            filled[cell] = mover if i < share else other
        winners.append(flood_fill_winner(filled, size))
    return winners


def _connects(cells, size: int, stone: int) -> bool:
    return flood_fill_winner(cells, size) == stone


def winning_cells(cells, size: int, stone: int) -> list[int]:
    """The empty cells where ``stone`` (1 Black, 2 White) would connect its edges at once."""
    out = []
    for cell, value in enumerate(cells):
        if value == 0:
            trial = list(cells)
            trial[cell] = stone
            if _connects(trial, size, stone):
                out.append(cell)
    return out


def bridge_answers(cells, size: int, intruder: int, stone: int) -> list[int]:
    """Cells that restore ``stone``'s bridges broken by ``intruder``: for two of its stones
    next to the intruder and not next to each other, their other common neighbour, if empty."""
    around = neighbours(intruder, size)
    out: set[int] = set()
    for a in around:
        for b in around:
            if a < b and cells[a] == stone and cells[b] == stone and b not in neighbours(a, size):
                common = set(neighbours(a, size)) & set(neighbours(b, size))
                out.update(y for y in common - {intruder} if cells[y] == 0)
    return sorted(out)


def _edge_lines(size: int, stone: int) -> list[tuple[list[int], list[int]]]:
    """(edge row, second row) of each of ``stone``'s two edges, as cell lists."""
    if size < 2:
        return []
    line = (
        (lambda r: [r * size + c for c in range(size)])
        if stone == 1
        else (lambda c: [r * size + c for r in range(size)])
    )
    return [(line(0), line(1)), (line(size - 1), line(size - 2))]


def template_answers(cells, size: int, intruder: int, stone: int) -> list[int]:
    """Cells that restore ``stone``'s edge templates II broken by ``intruder``: a stone of
    ``stone`` on the second row from one of its edges has the two cells of the edge row next
    to it as carrier; if the intruder took one, the other, if empty."""
    out = set()
    for edge_row, second_row in _edge_lines(size, stone):
        for s in neighbours(intruder, size):
            if cells[s] == stone and s in second_row and intruder in edge_row:
                carrier = [c for c in neighbours(s, size) if c in edge_row]
                if len(carrier) == 2:
                    other = carrier[0] if carrier[1] == intruder else carrier[1]
                    if cells[other] == 0:
                        out.add(other)
    return sorted(out)


def reference_policy_playouts(
    cells,
    size: int,
    black_to_move: bool,
    last_cell: int,
    agents: list[list[str]],
    per_playout: bool,
    count: int,
    state: int,
) -> list[int]:
    """The knowledge playouts (``engine.kernels.knowledge``) step by step, every heuristic
    computed from its definition: the winner (1/2) of ``count`` consecutive playouts from
    generator ``state``. ``last_cell`` is the opponent's last move (-1: none).

    Draws, in order: the agent (per playout or per move, only if there are several), a tie
    among sorted answers (only if several), a random cell by a Fisher–Yates step over the
    empty cells of the start (``order``, kept between playouts) that skips cells an answer
    took. When some agent uses ``win``/``block`` the game stops as soon as someone connects
    (the kernel tracks connectivity then); otherwise the board is filled and judged.
    """
    rng = XorShift(state)
    order = [i for i, v in enumerate(cells) if v == 0]
    empty_count = len(order)
    tracks = any(name in ("win", "block") for agent in agents for name in agent)
    winners = []
    for _ in range(count):
        board = [int(v) for v in cells]
        decided = flood_fill_winner(board, size) if tracks else 0
        if decided:
            winners.append(decided)
            continue
        agent = agents[0]
        if per_playout and len(agents) > 1:
            agent = agents[rng.below(len(agents))]
        mover = 1 if black_to_move else 2
        last = last_cell
        winner = 0
        drawn = 0
        for _ in range(empty_count):
            opponent = 3 - mover
            if not per_playout and len(agents) > 1:
                agent = agents[rng.below(len(agents))]
            cell = None
            for name in agent:
                if name == "win" and winning_cells(board, size, mover):
                    winner = mover
                    break
                if name == "block":
                    threats = winning_cells(board, size, opponent)
                    if len(threats) == 1:
                        cell = threats[0]
                if name in ("bridge", "template") and last >= 0 and board[last] == opponent:
                    find = bridge_answers if name == "bridge" else template_answers
                    answers = find(board, size, last, mover)
                    if answers:
                        cell = answers[rng.below(len(answers))] if len(answers) > 1 else answers[0]
                if cell is not None:
                    break
            if winner:
                break
            while cell is None:
                j = drawn + rng.below(empty_count - drawn)
                order[j], order[drawn] = order[drawn], order[j]
                drawn += 1
                if board[order[drawn - 1]] == 0:
                    cell = order[drawn - 1]
            board[cell] = mover
            if tracks and _connects(board, size, mover):
                winner = mover
                break
            last = cell
            mover = opponent
        winners.append(winner or flood_fill_winner(board, size))
    return winners


def carrier_game_connects(
    cells, size: int, stone: int, ends: tuple, carrier: list[int], owner_first: bool
) -> bool:
    """Whether the owner of ``stone`` joins the two ``ends`` by play inside ``carrier`` alone,
    the opponent taking turns with it (``owner_first``: the owner moves first). An end is a
    list of cells (a group, or one empty cell that counts as the owner's) or ``"first"`` /
    ``"last"`` for the owner's edge (row or column 0, or ``size - 1``). Cells outside the
    carrier that are not the owner's are the opponent's. Plain minimax over the carrier."""

    def on_edge(cell: int, which: str) -> bool:
        line = cell // size if stone == 1 else cell % size
        return line == (0 if which == "first" else size - 1)

    base = {c for c in range(size * size) if cells[c] == stone}
    for end in ends:
        if not isinstance(end, str):
            base.update(end)

    def joined(owned: frozenset) -> bool:
        own = base | owned
        start_end, goal_end = ends
        if isinstance(start_end, str):
            queue = deque(c for c in own if on_edge(c, start_end))
        else:
            queue = deque(start_end)
        seen = set(queue)
        while queue:
            cell = queue.popleft()
            if on_edge(cell, goal_end) if isinstance(goal_end, str) else cell in goal_end:
                return True
            for nb in neighbours(cell, size):
                if nb in own and nb not in seen:
                    seen.add(nb)
                    queue.append(nb)
        return False

    @cache
    def owner_wins(owned: frozenset, taken: frozenset, owner_to_move: bool) -> bool:
        if joined(owned):
            return True
        free = [c for c in carrier if c not in owned and c not in taken]
        if not free:
            return False
        if owner_to_move:
            return any(owner_wins(owned | {c}, taken, False) for c in free)
        return all(owner_wins(owned, taken | {c}, True) for c in free)

    return owner_wins(frozenset(), frozenset(), owner_first)


def reference_pattern_playouts(
    cells, size: int, black_to_move: bool, last_cell: int, table, count: int, state: int
) -> list[tuple[int, list[int]]]:
    """The pattern playouts (``engine.kernels.patterns``) step by step, every weight computed
    afresh from the board by ``engine.patterns`` (pattern code, near or not, the table's
    integer weight, by its 12-cell code if the table has it, else its 6-cell code):
    ``count`` playouts, each from a fresh list of the empty cells, from one
    generator ``state``; per playout its winner (1/2) and the filled board.

    Per move: ``u = below(L + G)`` (L: the near cells' local weights, G: the other live
    cells' global ones), the cell where ``u`` falls among the near cells (the 12 around the
    last move in ``engine.patterns.NEAR_STEPS`` order), else, ``u - L``, among the far ones
    in the live list's order; the cell played leaves the list by swapping with its last."""
    from hexswarm.engine.patterns import NEAR_STEPS

    rng = XorShift(state)
    results = []
    for _ in range(count):
        board = [int(v) for v in cells]
        order = [i for i, v in enumerate(cells) if v == 0]
        mover = 1 if black_to_move else 2
        last = last_cell
        while order:
            array = np.asarray(board, dtype=np.int8)
            near = []
            if last >= 0:
                row, col = divmod(last, size)
                for dr, dc in NEAR_STEPS:
                    r, c = row + dr, col + dc
                    if 0 <= r < size and 0 <= c < size and board[r * size + c] == 0:
                        near.append(r * size + c)

            black = mover == 1
            local = [table.weight_of(array, size, c, black, True) for c in near]
            far = [
                (c, table.weight_of(array, size, c, black, False))
                for c in sorted(order)
                if c not in near
            ]
            u = rng.below(sum(local) + sum(w for _, w in far))
            # The cumulative weights, near cells first, then the far ones in cell order.
            candidates = list(zip(near, local, strict=True)) + far
            index = 0
            while u >= candidates[index][1]:
                u -= candidates[index][1]
                index += 1
            chosen = candidates[index][0]
            order.remove(chosen)
            board[chosen] = mover
            last = chosen
            mover = 3 - mover
        results.append((flood_fill_winner(board, size), board))
    return results

"""Slow, obvious reference implementations: the tests check the kernels against them and
``hexswarm-bench`` times them to report how much the kernels gain.

Nothing here is clever; everything here is easy to check by reading.
"""

from __future__ import annotations

from collections import deque
from fractions import Fraction
from functools import cache

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

"""Slow, obvious references for the search tests (no numba, no cleverness).

* :func:`solve` — the game-theoretic winner of a small Hex position by plain minimax with a
  memo (a move wins if it connects at once or leaves the opponent a lost position);
* :func:`winning_moves` — the cells that win for the player to move;
* :func:`sds_bandit` — standard SDS with passive recruitment on a bandit, written straight from
  thesis 4.2.1 with Python's ``random``.
"""

from __future__ import annotations

import random
from functools import cache

from engine.board import BLACK, BLACK_STONE, WHITE_STONE, Board, neighbour_table


@cache
def _neighbour_masks(size: int) -> tuple[int, ...]:
    table = neighbour_table(size)
    return tuple(sum(1 << int(nb) for nb in table[cell] if nb >= 0) for cell in range(size * size))


@cache
def _edge_masks(size: int) -> tuple[int, int, int, int]:
    top = sum(1 << c for c in range(size))
    bottom = top << (size * (size - 1))
    left = sum(1 << (r * size) for r in range(size))
    right = left << (size - 1)
    return top, bottom, left, right


def _connects(stones: int, start: int, goal: int, neighbours: tuple[int, ...]) -> bool:
    """Flood fill over a bitmask of stones from the ``start`` edge cells to the ``goal`` edge."""
    reached = stones & start
    frontier = reached
    while frontier:
        if reached & goal:
            return True
        grown = 0
        cells = frontier
        while cells:
            low = cells & -cells
            grown |= neighbours[low.bit_length() - 1]
            cells ^= low
        frontier = grown & stones & ~reached
        reached |= frontier
    return bool(reached & goal)


def solve(size: int, black: frozenset[int], white: frozenset[int], black_to_move: bool) -> bool:
    """True if Black wins with perfect play from the position (nobody has won yet): plain
    minimax over bitmask positions with a memo."""
    neighbours = _neighbour_masks(size)
    top, bottom, left, right = _edge_masks(size)
    full = (1 << (size * size)) - 1

    @cache
    def mover_wins(black_mask: int, white_mask: int, black_moves: bool) -> bool:
        empty = full & ~(black_mask | white_mask)
        while empty:
            low = empty & -empty
            empty ^= low
            if black_moves:
                after = black_mask | low
                if _connects(after, top, bottom, neighbours) or not mover_wins(
                    after, white_mask, False
                ):
                    return True
            else:
                after = white_mask | low
                if _connects(after, left, right, neighbours) or not mover_wins(
                    black_mask, after, True
                ):
                    return True
        return False

    black_mask = sum(1 << c for c in black)
    white_mask = sum(1 << c for c in white)
    wins = mover_wins(black_mask, white_mask, black_to_move)
    return wins if black_to_move else not wins


def connected(size: int, stones: frozenset[int], black: bool) -> bool:
    """Whether ``stones`` join Black's edges (top-bottom) or White's (left-right)."""
    top, bottom, left, right = _edge_masks(size)
    mask = sum(1 << c for c in stones)
    start, goal = (top, bottom) if black else (left, right)
    return _connects(mask, start, goal, _neighbour_masks(size))


def position_of(board: Board) -> tuple[frozenset[int], frozenset[int], bool]:
    cells = board.cells
    black = frozenset(int(c) for c in range(cells.size) if cells[c] == BLACK_STONE)
    white = frozenset(int(c) for c in range(cells.size) if cells[c] == WHITE_STONE)
    return black, white, board.to_move is BLACK


def winning_moves(board: Board) -> set[int]:
    """Cells after which the player to move wins with perfect play (small boards only)."""
    black, white, black_to_move = position_of(board)
    size = board.size
    moves = set()
    for cell in board.legal_moves():
        if black_to_move:
            after_black, after_white = black | {cell}, white
            won = connected(size, after_black, True)
        else:
            after_black, after_white = black, white | {cell}
            won = connected(size, after_white, False)
        if won or solve(size, after_black, after_white, not black_to_move) == black_to_move:
            moves.add(cell)
    return moves


def sds_bandit(probabilities, agents: int, iterations: int, seed: int) -> list[int]:
    """Standard SDS, passive recruitment, on a bandit: the final agents per arm."""
    rng = random.Random(seed)
    arms = len(probabilities)
    hypothesis = [rng.randrange(arms) for _ in range(agents)]
    for _ in range(iterations):
        active = [rng.random() < probabilities[h] for h in hypothesis]
        new = list(hypothesis)
        for agent in range(agents):
            if not active[agent]:
                other = rng.randrange(agents - 1)
                other += other >= agent
                new[agent] = hypothesis[other] if active[other] else rng.randrange(arms)
        hypothesis = new
    return [hypothesis.count(arm) for arm in range(arms)]


def proven_winning_moves(size: int, moves: str) -> set[str]:
    """The cells after which every reply of the opponent (that does not win at once) leaves
    the player to move a cell that wins at once: wins proven within three plies."""
    board = Board(size)
    for move in moves.split():
        board.play(move)
    black, white, black_to_move = position_of(board)
    full = frozenset(range(size * size))

    def wins_at_once(own: frozenset[int], other: frozenset[int], is_black: bool) -> bool:
        return any(connected(size, own | {c}, is_black) for c in full - own - other)

    own, other = (black, white) if black_to_move else (white, black)
    proven = set()
    for cell in full - own - other:
        mine = own | {cell}
        if all(
            not connected(size, other | {reply}, not black_to_move)
            and wins_at_once(mine, other | {reply}, black_to_move)
            for reply in full - mine - other
        ):
            proven.add(board.cell_name(cell))
    return proven


def apply_test_outcomes(
    agent_node,
    node_depth,
    hypothesis,
    evidence,
    path,
    results,
    tests,
    reference_mean,
    keep_evidence,
    coin,
):
    """Test outcome of the kernels' ``apply_test_outcomes``, written out plainly: ``path`` is
    a list of (agent, hypothesis index); ``coin()`` decides ties. Returns the new activity of
    the agents on the path, as a dict (the last entry of an agent wins)."""

    def mover_counts(agent, i):
        root_to_move = node_depth[agent_node[agent]] % 2 == 0
        won = int(results[i]) if root_to_move else int(tests[i]) - int(results[i])
        return won, int(tests[i])

    node_won: dict[int, int] = {}
    node_run: dict[int, int] = {}
    for agent, i in path:
        won, run = mover_counts(agent, i)
        node = agent_node[agent]
        node_won[node] = node_won.get(node, 0) + won
        node_run[node] = node_run.get(node, 0) + run
    activity = {}
    for agent, i in path:
        won, run = mover_counts(agent, i)
        node = agent_node[agent]
        if keep_evidence:
            key = (node, hypothesis[agent])
            if evidence.get(agent, (None, 0, 0))[0] != key:
                evidence[agent] = (key, 0, 0)
            _, kept_won, kept_run = evidence[agent]
            evidence[agent] = (key, kept_won + won, kept_run + run)
            won, run = kept_won + won, kept_run + run
        # Compare won/run with the node's mean, or with one half.
        margin = won * node_run[node] - node_won[node] * run if reference_mean else 2 * won - run
        activity[agent] = coin() if margin == 0 else int(margin > 0)
    return activity

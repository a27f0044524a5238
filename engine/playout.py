"""Random playouts from a position, on one or several threads: uniform (the thesis's) or by a
playout policy with Hex knowledge (``engine.knowledge``).

>>> from hexswarm.engine import Board
>>> wins = random_playouts(Board(5), 1000, seed=1)   # Black's wins out of 1000
>>> 0 <= wins <= 1000
True

The numba kernels release the GIL, so ``threads=T`` runs T plain Python threads, each on its own
generator derived from ``seed``: the result depends only on ``(position, count, seed, threads)``.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import numpy as np
from hexswarm.engine.board import BLACK, Board
from hexswarm.engine.kernels.knowledge import make_knowledge_scratch, policy_playout_batch
from hexswarm.engine.kernels.playout import empty_cells, playout_batch, rows_from_cells
from hexswarm.engine.kernels.rng import seed_states
from hexswarm.engine.kernels.winner import gale_winner_of_cells
from hexswarm.engine.knowledge import PlayoutPolicy, playout_policy

SLOT_STRIDE = 8  # uint64 generator states per cache line


@dataclass(frozen=True, slots=True)
class PlayoutPosition:
    """A position in the form the playout kernels take."""

    size: int
    black_rows: np.ndarray  # uint64[size]
    empties: np.ndarray  # int32[k]
    black_to_move: bool
    last_cell: int = -1  # the last stone played (-1: none), which the bridge answers look at

    @classmethod
    def from_board(cls, board: Board) -> PlayoutPosition:
        """``board``'s position (a rectangle's in its square embedding: the same game)."""
        from hexswarm.engine.search.environment import embedded_board

        board = embedded_board(board)
        moves = board.moves
        return cls(
            board.size,
            rows_from_cells(board.cells, board.size),
            empty_cells(board.cells),
            board.to_move is BLACK,
            moves[-1].cell if moves else -1,
        )


def split_evenly(total: int, parts: int) -> list[int]:
    """``total`` split into ``parts`` whole shares that differ by at most one."""
    base, extra = divmod(total, parts)
    return [base + (1 if i < extra else 0) for i in range(parts)]


def random_playouts(
    board: Board,
    count: int,
    *,
    seed: int = 0,
    threads: int = 1,
    policy: str | PlayoutPolicy = "uniform",
) -> int:
    """Play ``count`` random games from ``board``; return how many Black won.

    ``policy``: a :class:`engine.knowledge.PlayoutPolicy` or a policy name (``uniform``, the
    default, ``bridge``, ``template``, ``win``, ``agents`` with the default database, ``patterns``).
    Thread-safe: reads ``board`` once on the calling thread, before any worker starts.
    """
    policy = playout_policy(policy)
    if count < 0 or threads < 1:
        raise ValueError("count must be >= 0 and threads >= 1")
    position = PlayoutPosition.from_board(board)
    # One generator per thread, each on its own 64-byte cache line: the kernels write their
    # state back after every playout, and neighbouring slots would make the cores fight over it.
    states = seed_states(seed, threads * SLOT_STRIDE)
    shares = split_evenly(count, threads)

    kernel_policy = policy.kernel_policy()

    def run(slot: int) -> int:
        if policy.name != "uniform":
            return policy_playout_batch(
                kernel_policy,
                make_knowledge_scratch(position.size),
                position.black_rows,
                position.empties,
                len(position.empties),
                position.black_to_move,
                position.last_cell,
                position.size,
                shares[slot],
                states,
                slot * SLOT_STRIDE,
            )
        return playout_batch(
            position.black_rows,
            position.empties,
            len(position.empties),
            position.black_to_move,
            position.size,
            shares[slot],
            states,
            slot * SLOT_STRIDE,
        )

    if threads == 1:
        return run(0)
    with ThreadPoolExecutor(max_workers=threads) as pool:
        return sum(pool.map(run, range(threads)))


def gale_winner(board: Board):
    """The winner by Gale's tour (thesis Table 5.1): ``"black"``, ``"white"`` or ``None`` (a
    rectangle's in its square embedding)."""
    from hexswarm.engine.search.environment import embedded_board

    board = embedded_board(board)
    code = gale_winner_of_cells(board.cells, board.size)
    return None if code == 0 else ("black" if code == 1 else "white")

"""The Random level: a uniformly random legal move (the swap counts as one when legal)."""

from __future__ import annotations

import numpy as np
from hexswarm.engine.board import SWAP_PIECES, Board
from hexswarm.engine.players.base import MoveChoice
from hexswarm.engine.players.common import SettingsPlayer, position_seed, require_open
from hexswarm.engine.players.family import Family
from hexswarm.engine.players.levels import RandomSettings
from hexswarm.engine.search.snapshot import SnapshotCallback, StopCheck


class RandomPlayer(SettingsPlayer):
    """Uniform over the legal moves; reproducible per (seed, position)."""

    name = "random"

    settings_class = RandomSettings

    def choose_move(
        self,
        board: Board,
        *,
        on_snapshot: SnapshotCallback | None = None,
        should_stop: StopCheck | None = None,
        position_id: int = 0,
    ) -> MoveChoice:
        require_open(board)
        options: list[int | str] = list(board.legal_moves())
        if board.swap_allowed():
            options.append(SWAP_PIECES)
        rng = np.random.default_rng(position_seed(self.settings.seed, board))
        return MoveChoice(options[int(rng.integers(len(options)))])


# No kernel, no playout.
FAMILIES = {"random": Family(RandomPlayer, lambda settings: (), lambda values, size: 0)}

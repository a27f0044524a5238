"""The Vanilla Monte-Carlo level (thesis level 1)."""

from __future__ import annotations

from hexswarm.engine.board import Board
from hexswarm.engine.players.base import MoveChoice
from hexswarm.engine.players.common import (
    SettingsPlayer,
    cell_labels,
    position_seed,
    require_open,
    swap_or,
)
from hexswarm.engine.players.levels import MonteCarloSettings
from hexswarm.engine.search.environment import hex_environment
from hexswarm.engine.search.montecarlo import monte_carlo_search
from hexswarm.engine.search.snapshot import SnapshotCallback, StopCheck


class MonteCarloPlayer(SettingsPlayer):
    """``playouts_per_move`` playouts after every legal move; best win ratio wins."""

    name = "mc"

    settings_class = MonteCarloSettings

    def choose_move(
        self,
        board: Board,
        *,
        on_snapshot: SnapshotCallback | None = None,
        should_stop: StopCheck | None = None,
        position_id: int = 0,
    ) -> MoveChoice:
        require_open(board)
        s = self.settings
        env = hex_environment(board, self.playout_policy())
        labels = cell_labels(env)
        result = monte_carlo_search(
            env,
            s.playouts_per_move,
            threads=s.threads,
            seed=position_seed(s.seed, board),
            time_s=s.time_s,
            on_snapshot=on_snapshot,
            should_stop=should_stop,
            action_labels=labels,
            player=self.name,
            to_move=board.to_move.value,
            position_id=position_id,
        )
        move = int(labels[result.best_action])
        return MoveChoice(swap_or(board, move, result.estimate), result.snapshot)

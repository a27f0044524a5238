"""The Vanilla Monte-Carlo level (thesis level 1)."""

from __future__ import annotations

from hexswarm.engine.board import Board
from hexswarm.engine.players.base import MoveChoice
from hexswarm.engine.players.common import (
    SettingsPlayer,
    cell_labels,
    position_seed,
    require_open,
    search_limits,
    swap_or,
)
from hexswarm.engine.players.family import Family, playout_group
from hexswarm.engine.players.levels import MonteCarloSettings
from hexswarm.engine.search.environment import hex_environment
from hexswarm.engine.search.montecarlo import MonteCarloSearch
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
        search = MonteCarloSearch(
            s.threads, position_seed(s.seed, board), player=self.name, position_id=position_id
        )
        limits = search_limits(s, "iterations", "playouts_per_move")
        result = search.run(env, limits, on_snapshot, should_stop)
        move = int(labels[result.best_action])
        return MoveChoice(swap_or(board, move, result.estimate), result.snapshot)


FAMILIES = {
    "mc": Family(
        MonteCarloPlayer,
        kernel_groups=lambda settings: (playout_group(settings, "mc"),),
        playouts_asked=lambda values, size: int(values.get("playouts_per_move", 0)) * size * size,
        search_cost=1.0,  # taken as raw playouts (engine.players.budget)
    )
}

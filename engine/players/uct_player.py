"""The UCT level: the Monte-Carlo tree search baseline the swarm players are compared with."""

from __future__ import annotations

from engine.board import Board
from engine.players.base import MoveChoice
from engine.players.common import SettingsPlayer, cell_labels, position_seed, require_open, swap_or
from engine.players.levels import UCTSettings
from engine.search.environment import hex_environment
from engine.search.snapshot import SnapshotCallback, StopCheck
from engine.search.uct import UctSearch


class UCTPlayer(SettingsPlayer):
    """UCB1 tree search for ``playouts`` iterations (or ``time_s``); most visited move."""

    name = "uct"

    settings_class = UCTSettings

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
        search = UctSearch(
            env,
            playouts=s.playouts,
            exploration=s.exploration,
            threads=s.threads,
            seed=position_seed(s.seed, board),
            time_s=s.time_s,
            action_labels=labels,
            player=self.name,
            to_move=board.to_move.value,
            position_id=position_id,
        )
        result = search.run(on_snapshot, should_stop)
        move = int(labels[result.best_action])
        return MoveChoice(swap_or(board, move, result.estimate), result.snapshot)

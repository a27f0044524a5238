"""The swarm levels: MCSDS (SDS at the root, thesis level 2) and SDST (SDS in the tree,
thesis level 3). Both are thin wrappers over :class:`engine.search.swarm.SwarmSearch`."""

from __future__ import annotations

from engine.board import Board
from engine.players.base import MoveChoice
from engine.players.common import SettingsPlayer, cell_labels, position_seed, require_open, swap_or
from engine.players.levels import MCSDSSettings, SDSTSettings
from engine.search.environment import hex_environment
from engine.search.snapshot import SnapshotCallback, StopCheck
from engine.search.swarm import SwarmConfig, SwarmSearch

# Settings passed to SwarmConfig under the same name (the options beyond the thesis).
SWARM_OPTION_NAMES = (
    "test",
    "test_playouts",
    "reference",
    "evidence",
    "internal_diffusion",
    "copy_activates",
    "halt",
    "halt_threshold",
    "halt_band",
    "halt_iterations",
)


def swarm_options(settings) -> dict:
    """The options beyond the thesis's, from a level's settings."""
    return {name: getattr(settings, name) for name in SWARM_OPTION_NAMES}


class _SwarmPlayer(SettingsPlayer):
    name = ""

    def config(self, seed: int) -> SwarmConfig:  # pragma: no cover - overridden
        raise NotImplementedError

    def choose_move(
        self,
        board: Board,
        *,
        on_snapshot: SnapshotCallback | None = None,
        should_stop: StopCheck | None = None,
        position_id: int = 0,
    ) -> MoveChoice:
        require_open(board)
        env = hex_environment(board, self.playout_policy())
        labels = cell_labels(env)
        search = SwarmSearch(
            env,
            self.config(position_seed(self.settings.seed, board)),
            action_labels=labels,
            player=self.name,
            to_move=board.to_move.value,
            position_id=position_id,
        )
        result = search.run(on_snapshot, should_stop)
        move = int(labels[result.best_action])
        return MoveChoice(swap_or(board, move, result.estimate), result.snapshot)


class MCSDSPlayer(_SwarmPlayer):
    """SDS at the root: one population whose hypotheses are the legal moves."""

    name = "mcsds"

    settings_class = MCSDSSettings

    def config(self, seed: int) -> SwarmConfig:
        s = self.settings
        return SwarmConfig(
            policy="root",
            agents=s.agents,
            iterations=s.iterations,
            recruitment=s.recruitment,
            relate=s.relate,
            confidence=s.confidence,
            time_s=s.time_s,
            threads=s.threads,
            seed=seed,
            **swarm_options(s),
        )


class SDSTPlayer(_SwarmPlayer):
    """SDS in the tree with the chosen allocation policy (fixed, layers or tree)."""

    name = "sdst"

    settings_class = SDSTSettings

    def config(self, seed: int) -> SwarmConfig:
        s = self.settings
        return SwarmConfig(
            policy=s.policy,
            agents=s.agents,
            iterations=s.iterations,
            depth=s.depth,
            p_scatter=s.p_scatter,
            backscatter_to_root=s.backscatter == "root",
            recruitment=s.recruitment,
            relate=s.relate,
            confidence=s.confidence,
            time_s=s.time_s,
            threads=s.threads,
            seed=seed,
            uncontacted=s.uncontacted,
            **swarm_options(s),
        )

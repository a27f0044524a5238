"""The swarm levels: MCSDS (SDS at the root, thesis level 2) and SDST (SDS in the tree,
thesis level 3). Both are thin wrappers over :class:`engine.search.swarm.SwarmSearch`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hexswarm.engine.board import Board
from hexswarm.engine.players.base import MoveChoice
from hexswarm.engine.players.common import (
    SettingsPlayer,
    cell_labels,
    position_seed,
    require_open,
    search_config,
    search_limits,
    swap_or,
)
from hexswarm.engine.players.family import Family, playout_group
from hexswarm.engine.players.levels import MCSDSSettings, SDSTSettings
from hexswarm.engine.search.environment import hex_environment
from hexswarm.engine.search.snapshot import SnapshotCallback, StopCheck
from hexswarm.engine.search.swarm import SwarmConfig, SwarmSearch


def swarm_config(settings, seed: int) -> SwarmConfig:
    """The search library's configuration for a swarm level's ``settings`` (the one mapping
    from levels to :class:`SwarmConfig`): every setting the level declares under a
    ``SwarmConfig`` field's name is passed as it is, so no default is declared twice. Only
    three differ: MCSDS is the ``root`` policy, ``backscatter`` is a choice of the level and a
    flag of the library, and the seed is the position's."""
    values = {"policy": getattr(settings, "policy", "root"), "seed": seed}
    if hasattr(settings, "backscatter"):
        values["backscatter_to_root"] = settings.backscatter == "root"
    return search_config(SwarmConfig, settings, **values)


class _SwarmPlayer(SettingsPlayer):
    name = ""

    def config(self, seed: int) -> SwarmConfig:
        """The search configuration this player uses with position seed ``seed``."""
        return swarm_config(self.settings, seed)

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
            self.config(position_seed(self.settings.seed, board)),
            player=self.name,
            position_id=position_id,
        )
        limits = search_limits(self.settings, "iterations")
        result = search.run(env, limits, on_snapshot, should_stop)
        move = int(labels[result.best_action])
        return MoveChoice(swap_or(board, move, result.estimate), result.snapshot)


class MCSDSPlayer(_SwarmPlayer):
    """SDS at the root: one population whose hypotheses are the legal moves."""

    name = "mcsds"

    settings_class = MCSDSSettings


class SDSTPlayer(_SwarmPlayer):
    """SDS in the tree with the chosen allocation policy (fixed, layers or tree)."""

    name = "sdst"

    settings_class = SDSTSettings


def swarm_groups(settings) -> tuple[str, ...]:
    """The swarm search's kernel groups: its playouts' and, with an option beyond the thesis,
    the ``variants`` (engine.warmup)."""
    beyond_thesis = (
        getattr(settings, "relate", "none") != "none"
        or getattr(settings, "recruitment", "passive") != "passive"
        or getattr(settings, "test", "single") != "single"
        or getattr(settings, "reference", "win") != "win"
        or bool(getattr(settings, "evidence", False))
    )
    return (playout_group(settings, "swarm"), *(("variants",) if beyond_thesis else ()))


def swarm_playouts_asked(values: Mapping[str, Any], size: int) -> int:
    """Agents x iterations, times the playouts of one test."""
    per_test = int(values.get("test_playouts", 1)) if values.get("test") != "single" else 1
    return int(values.get("agents", 0)) * int(values.get("iterations", 0)) * per_test


# Costs (engine.players.budget): agents x iterations a second on 7x7, thesis settings.
FAMILIES = {
    "mcsds": Family(MCSDSPlayer, swarm_groups, swarm_playouts_asked, search_cost=7.68 / 5.60),
    "sdst": Family(SDSTPlayer, swarm_groups, swarm_playouts_asked, search_cost=7.68 / 5.09),
}

"""What a search reports while it runs: immutable snapshots, safe to hand to another thread.

Perspective: every count and rate here is *for the player to move at the root* unless a field says
otherwise (``TreeNode.value`` is from the point of view of the player who made the node's move).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

SnapshotCallback = Callable[["SearchSnapshot"], None]
StopCheck = Callable[[], bool]


@dataclass(frozen=True, slots=True)
class TreeNode:
    """One node of the searched tree (SDST metapopulation or UCT tree), size-limited.

    ``path`` is the sequence of cell indices from the root position; ``agents`` the node's
    population size (UCT: visits); ``active`` its active agents (UCT: wins);
    ``value`` the estimated win rate for the player who made the last move of ``path``.
    A move with no population below it (``held_only``: it ends the game, or the allocation
    policy has not populated it yet) counts the agents of the parent that hold that move as
    their hypothesis.
    """

    path: tuple[int, ...]
    depth: int
    agents: int
    active: int
    value: float
    children: tuple[TreeNode, ...] = ()
    collapsed_children: int = 0  # children left out of the summary ("other")
    collapsed_agents: int = 0  # their agents (UCT: visits) in total
    ends_game: bool = False  # the node's move ends the game (its value is exact)
    held_only: bool = False  # no population of its own: ``agents`` are the parent's holders


@dataclass(frozen=True, slots=True)
class SearchSnapshot:
    """What the search knows at one instant.

    ``root_moves[i]`` is a cell index (or ``-1`` for a swap); ``root_agents[i]`` the agents (or
    visits) supporting it; ``root_active[i]`` how many of those are active (or wins).
    ``history`` holds, for every completed iteration, the agents per root move in the order of
    ``root_moves`` (thesis Fig. 4.2/4.6); it may be thinned on long searches.
    ``estimate`` is the searcher's win-rate estimate for the player to move (0..1); NaN
    (:attr:`has_value`) when no search ran and the rule that chose the move gives no value
    (root tactics blocking the opponent's only winning cell).
    ``proven`` is ``"win"`` or ``"loss"`` when the result for the player to move is known
    exactly (``None`` otherwise); ``note`` says how, in words (e.g. the root tactics of
    ``engine.players.tactics``).
    """

    position_id: int
    player: str
    to_move: str
    iteration: int
    playouts: int
    elapsed_s: float
    root_moves: tuple[int, ...]
    root_agents: tuple[int, ...]
    root_active: tuple[int, ...]
    best_move: int
    estimate: float
    principal_variation: tuple[int, ...] = ()
    history_iterations: tuple[int, ...] = ()
    history: tuple[tuple[int, ...], ...] = ()
    active_fraction_history: tuple[float, ...] = ()
    tree: TreeNode | None = None
    done: bool = False
    proven: str | None = None
    note: str = ""
    extra: dict = field(default_factory=dict)

    @property
    def playouts_per_s(self) -> float:
        return self.playouts / self.elapsed_s if self.elapsed_s > 0 else 0.0

    @property
    def total_agents(self) -> int:
        return sum(self.root_agents)

    @property
    def has_value(self) -> bool:
        """Whether ``estimate`` is a value (not NaN: a move chosen by a rule without one)."""
        return not math.isnan(self.estimate)

"""The UCT level: the Monte-Carlo tree search baseline the swarm players are compared with."""

from __future__ import annotations

import threading
import zlib
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

import numpy as np
from hexswarm.engine.board import BLACK, BLACK_STONE, EMPTY, WHITE_STONE, Board, HexError
from hexswarm.engine.kernels.tree import ROOT_WINS
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
from hexswarm.engine.players.family import Family
from hexswarm.engine.players.levels import AnthillSettings, UCTSettings
from hexswarm.engine.search.anthill import AnthillSearch
from hexswarm.engine.search.environment import hex_environment
from hexswarm.engine.search.snapshot import SnapshotCallback, StopCheck
from hexswarm.engine.search.uct import UctConfig, UctSearch, UctTree


@dataclass(frozen=True, slots=True)
class _KeptTree:
    """The tree of the last search and the position at its root."""

    cells: np.ndarray
    black_to_move: bool
    labels: np.ndarray  # the cell of each action of that search
    tree: UctTree


def moves_between(old_cells: np.ndarray, old_black: bool, board: Board) -> list[int] | None:
    """The cells played from the old position to ``board``: one move (the old side to move's)
    or two (then the reply); None when ``board`` is not such a continuation (a new game, an
    undo, a swap, a setup edit)."""
    cells = board.cells
    if cells.shape != old_cells.shape or np.any(old_cells[old_cells != 0] != cells[old_cells != 0]):
        return None
    added = np.flatnonzero((old_cells == 0) & (cells != 0))
    black_to_move = board.to_move is BLACK
    first_stone = BLACK_STONE if old_black else WHITE_STONE
    if added.size == 1 and cells[added[0]] == first_stone and black_to_move != old_black:
        return [int(added[0])]
    if added.size == 2 and black_to_move == old_black:
        mine = [int(c) for c in added if cells[c] == first_stone]
        reply = [int(c) for c in added if cells[c] != first_stone]
        if len(mine) == 1 and len(reply) == 1:
            return [mine[0], reply[0]]
    return None


def filled_position(board: Board, filled: np.ndarray | None) -> Board:
    """The position a ``root_fill`` search runs on: ``board`` with the fill-in ``filled``
    (``board``'s cells after the fill-in, ``engine.analysis.inferior``) placed as stones, same
    side to move; ``board`` itself when nothing is filled or ``filled`` is None. Raises
    :class:`HexError` when ``filled`` does not extend ``board`` (a stone changed or removed)."""
    if filled is None:
        return board
    filled = np.asarray(filled)
    cells = board.cells
    if filled.shape != cells.shape or np.any(filled[cells != EMPTY] != cells[cells != EMPTY]):
        raise HexError("the fill-in does not extend the position")
    added = np.flatnonzero((cells == EMPTY) & (filled != EMPTY))
    if added.size == 0:
        return board
    searched = board.copy()
    searched.setup(
        black=[int(c) for c in added if filled[c] == BLACK_STONE],
        white=[int(c) for c in added if filled[c] == WHITE_STONE],
    )
    return searched


def root_fill_in(board: Board) -> np.ndarray | None:
    """``board``'s cells after the fill-in of dead cells and captured pairs
    (:func:`engine.analysis.inferior.inferior_cells`), or None when the fill-in decides the
    game (there is nothing to search on: the root tactics report such a position)."""
    from hexswarm.engine.analysis.inferior import inferior_cells

    inferior = inferior_cells(board)
    return inferior.filled if inferior.winner is None else None


def last_stone(board: Board) -> int:
    """The cell of the last move if it placed a stone, else -1 (no move yet, or a swap)."""
    return int(board.moves[-1].cell) if board.moves else -1


# Mixed into the search's seed for the temperature's draw, so it is not the search's stream.
_TEMPERATURE_STREAM = zlib.crc32(b"temperature")


def visit_weights(visits: np.ndarray, temperature: float) -> np.ndarray:
    """The probabilities of playing each root move at ``temperature`` > 0: proportional to
    ``visits ** (1 / temperature)`` (unvisited moves 0), computed relative to the most visited
    move so that small temperatures do not overflow; all zeros when nothing was visited."""
    visits = np.asarray(visits, dtype=np.float64)
    weights = np.zeros(len(visits))
    visited = visits > 0
    if not visited.any():
        return weights
    weights[visited] = np.exp((np.log(visits[visited]) - np.log(visits.max())) / temperature)
    return weights / weights.sum()


def tempered_action(search: UctSearch, temperature: float, seed: int) -> int:
    """The root action to play at ``temperature`` > 0 (setting ``temperature``): drawn with
    :func:`visit_weights` over the root's moves (``root_actions`` only) by a generator seeded
    from ``seed`` (the position's search seed), so the same seed and position give the same
    move. A move that wins at once is played as the search chose it; with no visits (a search
    stopped before its first playout) the search's choice stands too."""
    visits, wins, terminal = search.root_stats()
    best = search.best_action(visits, wins, terminal)
    if terminal[best] == ROOT_WINS:
        return best
    weights = visit_weights(np.where(search.root_mask, visits, 0.0), temperature)
    if not weights.any():
        return best
    generator = np.random.default_rng([seed, _TEMPERATURE_STREAM])
    return int(generator.choice(len(weights), p=weights))


TreeConfig = TypeVar("TreeConfig", bound=UctConfig)


def tree_config(config_class: type[TreeConfig], settings, seed: int) -> TreeConfig:
    """The library's config (``UctConfig`` or ``AnthillConfig``) of a tree level's
    ``settings`` searching with ``seed``: the level's ``priors=none`` is the library's None."""
    priors = None if settings.priors == "none" else settings.priors
    return search_config(config_class, settings, seed=seed, priors=priors)


class UCTPlayer(SettingsPlayer):
    """UCB1 tree search for ``playouts`` iterations (or ``time_s``); plays the most visited
    move, or at a ``temperature`` above 0 a move drawn by its visits (:func:`tempered_action`).

    With ``reuse`` (the default) the player keeps its last tree: when the next position
    continues the last one by our move and the reply, the subtree under them is searched on.
    One search at a time per player (a lock); the kept tree makes a player's move depend on
    the positions it searched before, not only on the position (``reuse=false`` for that).

    With ``root_fill`` the search runs on the root's filled board (:func:`filled_position`):
    the fill-in the root tactics pass (``filled``), or the player's own
    (:func:`root_fill_in`). Its actions are the filled board's empty cells, so the move played,
    the snapshot's root moves and its principal variation are cells of the real board and
    never a filled one. The kept tree is the filled board's: it is reused only when the next
    filled board is exactly its position after our move and the reply (a fill-in that grew,
    or changed colour, starts a new tree).
    """

    name = "uct"

    settings_class = UCTSettings
    # ``choose_move`` takes ``root_moves`` (engine.players.base).
    supports_root_moves = True
    search_class: type[UctSearch] = UctSearch

    def __init__(self, settings=None):
        super().__init__(settings)
        self._lock = threading.Lock()
        self._kept: _KeptTree | None = None

    def _reused_tree(self, board: Board, labels: np.ndarray) -> UctTree | None:
        kept = self._kept
        if kept is None or not self.settings.reuse or self.settings.parallel != "none":
            return None
        moves = moves_between(kept.cells, kept.black_to_move, board)
        if moves is None:
            return None
        old_action = {int(cell): a for a, cell in enumerate(kept.labels)}
        if any(m not in old_action for m in moves):
            return None
        action_map = np.full(len(kept.labels), -1, dtype=np.int64)
        new_action = {int(cell): a for a, cell in enumerate(labels)}
        for a, cell in enumerate(kept.labels):
            action_map[a] = new_action.get(int(cell), -1)
        return kept.tree.subtree([old_action[m] for m in moves], action_map)

    def choose_move(
        self,
        board: Board,
        *,
        on_snapshot: SnapshotCallback | None = None,
        should_stop: StopCheck | None = None,
        position_id: int = 0,
        root_moves: Collection[int] | None = None,
        filled: np.ndarray | None = None,
    ) -> MoveChoice:
        """``root_moves``: the cells to search at the root (None: every empty cell);
        ``filled``: with ``root_fill``, ``board``'s cells after the root's fill-in (None: the
        player computes it); ignored without ``root_fill``."""
        require_open(board)
        s = self.settings
        searched = board
        if s.root_fill:
            if filled is None:
                filled = root_fill_in(board)
            searched = filled_position(board, filled)
        with self._lock:
            env = hex_environment(searched, self.playout_policy())
            labels = cell_labels(env)
            root_actions = None
            if root_moves is not None:
                wanted = {int(c) for c in root_moves}
                root_actions = [a for a, cell in enumerate(labels) if int(cell) in wanted]
                if not root_actions:
                    raise HexError("root_moves holds no empty cell of the position")
            tree = self._reused_tree(searched, labels)
            self._kept = None  # the old tree's memory goes before the new search grows
            search = self.search_class(
                tree_config(self.search_class.config_class, s, position_seed(s.seed, board)),
                tree=tree,
                root_actions=root_actions,
                last_cell=last_stone(board),
                player=self.name,
                position_id=position_id,
            )
            result = search.run(env, search_limits(s, "playouts"), on_snapshot, should_stop)
            action = result.best_action
            if s.temperature > 0:
                action = tempered_action(search, s.temperature, position_seed(s.seed, board))
            if s.reuse and s.parallel == "none":
                self._kept = _KeptTree(
                    searched.cells.copy(), searched.to_move is BLACK, labels, search.trees[0]
                )
        move = int(labels[action])
        return MoveChoice(swap_or(board, move, result.estimate), result.snapshot)


class AnthillPlayer(UCTPlayer):
    """The anthill (ours): UCT's tree, budgets and reuse, with the moves chosen by agents
    (:mod:`engine.kernels.anthill`); plays the most visited move (or, at a ``temperature``,
    one drawn by its visits)."""

    name = "anthill"

    settings_class = AnthillSettings
    search_class = AnthillSearch


def uct_groups(settings) -> tuple[str, ...]:
    """UCT's kernel group (its descent without the agents, engine.kernels.descent), one for
    every playout policy (the descent takes the policy as one type,
    engine.knowledge.run_time_policy)."""
    return ("uct",)


def anthill_groups(settings) -> tuple[str, ...]:
    """The anthill's kernel group, its own (the descent with the agents) and one for every
    playout policy (the descent takes the policy as one type, engine.knowledge.run_time_policy)."""
    return ("anthill",)


def tree_playouts_asked(values: Mapping[str, Any], size: int) -> int:
    return int(values.get("playouts", 0))


FAMILIES = {
    # UCT: 0.78 M playouts per CPU second on 7x7 (engine.players.budget)
    "uct": Family(UCTPlayer, uct_groups, tree_playouts_asked, search_cost=7.68 / 0.78),
    # the level's defaults (one test a descent, one playout a leaf): 658 k playouts per CPU
    # second on 7x7 (docs/benchmarks.md, "The anthill in the benchmark", under load: the
    # estimate errs long, the safe side for a warning)
    "anthill": Family(AnthillPlayer, anthill_groups, tree_playouts_asked, search_cost=7.68 / 0.658),
}

"""What every searching player shares: per-position seeds, the swap decision, labels.

Thread rules: a player object holds only its frozen settings, so one player may be used from
any thread, one ``choose_move`` call at a time per board copy.
"""

from __future__ import annotations

import dataclasses
import zlib

import numpy as np
from hexswarm.engine.board import SWAP_PIECES, Board, GameOverError
from hexswarm.engine.knowledge import PlayoutPolicy, playout_policy
from hexswarm.engine.players.levels import child_seed, draw_seed, settings_spec
from hexswarm.engine.search.limits import SearchLimits

SWAP_THRESHOLD = 0.5


def position_seed(seed: int, board: Board) -> int:
    """A seed for searching ``board``: the same for the same settings and position, different
    from one position to the next (so a game does not replay the same random choices)."""
    digest = zlib.crc32(board.cells.tobytes() + board.to_move.value.encode())
    return child_seed(seed, digest) & ((1 << 63) - 1)


def require_open(board: Board) -> None:
    """Raise :class:`GameOverError` when there is nothing to choose."""
    if board.is_over:
        raise GameOverError(f"the game is over: {board.winner} has already won")


def swap_or(board: Board, move: int, estimate: float) -> int | str:
    """Decide the swap: ``estimate`` is the searcher's win rate for the player to move (the
    second player) after its best move. Swapping gives that player the first stone and gives
    the opponent the move, i.e. the mirror of the opponent's situation, worth ``1 - estimate``
    by symmetry; swap when that is better."""
    if board.swap_allowed() and prefers_swap(estimate):
        return SWAP_PIECES
    return move


def prefers_swap(estimate: float) -> bool:
    """Whether a player whose best reply is worth ``estimate`` swaps when it may (see
    :func:`swap_or`); the GTP live display asks it too, so it shows the move that is played."""
    return 1.0 - estimate > max(estimate, SWAP_THRESHOLD)


def cell_labels(env) -> np.ndarray:
    """The cell index of each Hex action."""
    return np.asarray(env.action_cells, dtype=np.int64)


def search_config(config_class: type, settings, **values):
    """The search library's config (``UctConfig``, ``AnthillConfig``, ``SwarmConfig``) for a
    level's ``settings``: every setting the level declares under a config field's name is
    passed as it is (no default declared twice); ``values`` are the few that differ (the
    position's seed, a choice the library takes as a flag)."""
    for field in dataclasses.fields(config_class):
        if field.name not in values and hasattr(settings, field.name):
            values[field.name] = getattr(settings, field.name)
    return config_class(**values)


def search_limits(settings, limit: str, setting: str | None = None) -> SearchLimits:
    """How long a level's search runs: its ``time_s`` when it has one (the level's count no
    longer limits it, as the ``time_s`` setting says), else the count setting ``setting``
    (default: named as the limit) as the library's ``limit`` (``playouts`` or
    ``iterations``), and its ``time_cap_s`` when set (a game clock's cap: the search stops at
    whichever comes first)."""
    seconds = move_limit_s(settings)
    if getattr(settings, "time_s", None) is not None:
        return SearchLimits(seconds=seconds)
    return SearchLimits(**{limit: getattr(settings, setting or limit)}, seconds=seconds)


def move_limit_s(settings) -> float | None:
    """The most seconds a move of a level with ``settings`` may take: its ``time_s``, else its
    ``time_cap_s`` (a clock's cap on a count budget), else None (its budget alone ends it)."""
    limit = getattr(settings, "time_s", None)
    return limit if limit is not None else getattr(settings, "time_cap_s", None)


class SettingsPlayer:
    """What every level shares: a registry ``name``, frozen ``settings`` of the level's
    ``settings_class`` (its defaults when none are given), and the spec that recreates it.

    A seed left random (``seed=random``, the default) is drawn when the player is made and
    kept for its life: one player plays one game reproducibly, and its :meth:`spec` names the
    seed drawn, so the game can be replayed; a new player (a new game) draws another."""

    name: str
    settings_class: type

    def __init__(self, settings=None):
        settings = settings if settings is not None else self.settings_class()
        if getattr(settings, "seed", 0) is None:  # seed=random: this player's own, drawn now
            settings = dataclasses.replace(settings, seed=draw_seed())
        self.settings = settings

    def playout_policy(self) -> PlayoutPolicy:
        """The playout policy of the ``playout``, ``playout_agents`` and ``playout_table``
        settings (databases are read again at every call: they are small, and the player
        stays immutable)."""
        s = self.settings
        return playout_policy(s.playout, s.playout_agents, s.playout_table)

    def spec(self) -> str:
        """``level:key=value,...`` that ``engine.players.create_player`` turns back into this."""
        return settings_spec(self.name, self.settings)

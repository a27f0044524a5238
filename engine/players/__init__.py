"""The AI levels: a registry (:data:`LEVELS`) and a factory (:func:`create_player`).

>>> from hexswarm.engine.board import Board
>>> player = create_player("mc:playouts_per_move=50,threads=1")
>>> player.spec().startswith("mc:playouts_per_move=50")
True
>>> isinstance(player.choose_move(Board(3)).move, int)
True

Levels, weakest first: ``random``, ``mc`` (thesis level 1), ``mcsds`` (level 2), ``sdst``
(level 3, the default), and ``uct``, the classical baseline.
"""

from __future__ import annotations

from typing import Any

from hexswarm.engine.board import HexError
from hexswarm.engine.players.base import MoveChoice, Player
from hexswarm.engine.players.levels import (
    LEVELS,
    STRONGEST_LEVEL,
    LevelInfo,
    MCSDSSettings,
    MonteCarloSettings,
    Parameter,
    RandomSettings,
    SDSTSettings,
    UCTSettings,
    parse_spec,
    settings_spec,
)


def create_player(spec: str | None = None, **overrides: Any) -> Player:
    """A player for ``spec`` (``"level"`` or ``"level:key=value,..."``; None = the strongest
    level), with keyword ``overrides`` applied last. Raises :class:`HexError` on an unknown
    level or setting, a malformed value or one out of range. The player plays rectangular
    boards too, through the square embedding (``engine.players.embedding``)."""
    if spec is not None and not isinstance(spec, str):
        raise HexError(f"a player spec must be text like 'sdst:agents=50000', not {spec!r}")
    from hexswarm.engine.players.embedding import RectanglePlayer

    name, settings = parse_spec(spec, overrides)
    return RectanglePlayer(_player(name, settings))


def _player(name: str, settings) -> Player:
    """The player of level ``name`` with ``settings``: the level, the opening table and the
    root tactics, on square boards. The level is its family's player (registered in its
    module: ``engine.players.family``)."""
    from hexswarm.engine.players.family import family

    player = family(name).player(settings)
    if getattr(settings, "swap_policy", "search") == "table":
        from hexswarm.engine.players.openings import OpeningTablePlayer

        player = OpeningTablePlayer(player)
    tactics = getattr(settings, "tactics", "off")
    if tactics != "off":
        from hexswarm.engine.players.tactics import SOLVER_TACTICS, TacticalPlayer

        return TacticalPlayer(
            player,
            solve=tactics in SOLVER_TACTICS,
            analyse=tactics in ("vc", "dfpn"),
            prove=tactics == "dfpn",
        )
    return player


__all__ = [
    "LEVELS",
    "STRONGEST_LEVEL",
    "LevelInfo",
    "MCSDSSettings",
    "MonteCarloSettings",
    "MoveChoice",
    "Parameter",
    "Player",
    "RandomSettings",
    "SDSTSettings",
    "UCTSettings",
    "create_player",
    "parse_spec",
    "settings_spec",
]

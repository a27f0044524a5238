"""A search family's registration: what the players, the warm-up and the move-time estimate
know of it, declared once, in the family's own module.

A *family* is a level of :data:`engine.players.levels.LEVELS` that is not a preset (``mc``,
``sdst``, ``uct``, ...). Its :class:`~engine.players.levels.LevelInfo` (its settings: the one
registry entry) names its ``module``, which declares ``FAMILIES``, a dict from the family's
name to its :class:`Family`: the player built from the level's settings, the kernel groups its
search calls, and its move-time estimate. So a new family is its module and its entry in the
level table; :func:`engine.players.create_player`, :func:`engine.warmup.groups_for_spec` and
:mod:`engine.players.budget` ask :func:`family` (``docs/architecture.md``, "Where to add").

>>> from hexswarm.engine.players.levels import parse_spec
>>> _name, settings = parse_spec("strong:playout=uniform", None)
>>> family("strong").kernel_groups(settings)  # strong is a preset of uct
('uct',)
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from hexswarm.engine.players.base import Player


@dataclass(frozen=True, slots=True)
class Family:
    """One family's registration (see the module docstring).

    ``player`` builds the family's player from its level's settings object (the root tactics
    and the opening table are added around it by ``create_player``); ``kernel_groups`` names
    the groups of :data:`engine.warmup.GROUP_LABELS` its searches call with those settings
    (the root tactics' groups are added by :func:`engine.warmup.groups_for_spec`);
    ``playouts_asked(values, size)`` is how many playouts one move's search runs to its budget
    on a ``size`` board, the settings by name (ignoring any time limit); ``search_cost`` is
    the search's time per playout asked over a raw playout's (``engine.players.budget``)."""

    player: Callable[[Any], Player]
    kernel_groups: Callable[[Any], tuple[str, ...]]
    playouts_asked: Callable[[Mapping[str, Any], int], int]
    search_cost: float = 1.0


def family(name: str) -> Family:
    """The registration of level ``name``'s family (a preset's is its family's)."""
    from hexswarm.engine.players.levels import LEVELS

    key = LEVELS[name].family or name
    return importlib.import_module(LEVELS[key].module).FAMILIES[key]


def import_families() -> None:
    """Import every family's module now (``hexswarm-gtp`` does it on its main thread before
    its kernel loader's thread starts: imports racing between two threads can deadlock)."""
    from hexswarm.engine.players.levels import LEVELS

    for level in LEVELS.values():
        importlib.import_module(level.module)


def playout_group(settings: Any, group: str) -> str:
    """The kernel group ``group`` of a search with uniform playouts, or its knowledge-playout
    twin (``knowledge-`` + ``group``) when ``settings.playout`` names another policy: for the
    swarm and Monte-Carlo searches, whose playout loops are compiled per policy type (a tree
    search's one group serves every policy: ``engine.warmup.GROUP_LABELS``)."""
    knowledge = getattr(settings, "playout", "uniform") != "uniform"
    return f"knowledge-{group}" if knowledge else group

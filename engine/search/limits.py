"""The one call shape of every search, and how long a search may run.

Every search (vanilla Monte-Carlo, MCSDS/SDST, UCT, the anthill) is an object made from its
settings (what the search is: a config, a seed, threads) and run on a position::

    result = search.run(env, limits, on_snapshot=None, should_stop=None)

``env`` is the kernels' environment (:mod:`engine.search.environment`), ``limits`` a
:class:`SearchLimits` (how long), ``on_snapshot`` receives :class:`SearchSnapshot` s through
the one throttle (:class:`engine.search.snapshot.SnapshotThrottle`), the last one with
``done``, and ``should_stop`` is polled between kernel batches. The result has at least the
fields of :class:`SearchResult`. Callbacks run on the thread that called ``run``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Protocol

from hexswarm.engine.board import HexError
from hexswarm.engine.search.snapshot import SearchSnapshot, SnapshotCallback, StopCheck


@dataclass(frozen=True, slots=True)
class SearchLimits:
    """How long a search runs: it stops at the first limit reached (None: no such limit).

    * ``playouts``: it starts no work that could take it past this many playouts (a
      swarm iteration counts as ``agents * test_playouts``, a tree descent as its
      ``leaf_playouts``, a Monte-Carlo round as one playout per open move);
    * ``iterations``: at most this many of its own steps (SDS iterations, tree descents over
      all trees, Monte-Carlo rounds: playouts per move);
    * ``seconds``: it uses this time, in batches sized from its measured speed
      (:mod:`engine.search.timing`), and ends within about one short batch of it.

    At least one limit is needed unless the caller stops the search (``should_stop``)."""

    playouts: int | None = None
    iterations: int | None = None
    seconds: float | None = None

    def __post_init__(self) -> None:
        for name in ("playouts", "iterations"):
            value = getattr(self, name)
            if value is None:
                continue
            if isinstance(value, bool) or not isinstance(value, int):
                raise HexError(f"search limit {name} must be a whole number, not {value!r}")
            if value < 1:
                raise HexError(f"search limit {name} must be at least 1, not {value}")
        seconds = self.seconds
        if seconds is not None:
            if isinstance(seconds, bool) or not isinstance(seconds, int | float):
                raise HexError(f"search limit seconds must be a number, not {seconds!r}")
            if not (math.isfinite(seconds) and seconds > 0):
                raise HexError(f"search limit seconds must be positive and finite, not {seconds}")

    @property
    def bounded(self) -> bool:
        """Whether a limit ends the search by itself."""
        return self.playouts is not None or self.iterations is not None or self.seconds is not None

    def require_end(self, should_stop: StopCheck | None) -> None:
        """Refuse a search that nothing would end."""
        if should_stop is None and not self.bounded:
            raise HexError(
                "a search needs a limit (playouts, iterations or seconds) or a should_stop"
            )


class SearchResult(Protocol):
    """What every search's result tells (each search adds its own statistics)."""

    best_action: int  # an index of the environment's actions
    estimate: float  # the root player's win rate after it (0..1)
    playouts: int
    iterations: int
    stopped: bool  # ended by should_stop (not by a limit)
    snapshot: SearchSnapshot  # the last one, with done=True


class Search(Protocol):
    """The call shape every search has (see the module's docstring)."""

    def run(
        self,
        env,
        limits: SearchLimits,
        on_snapshot: SnapshotCallback | None = None,
        should_stop: StopCheck | None = None,
    ) -> SearchResult: ...

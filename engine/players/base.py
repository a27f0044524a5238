"""The contract every player (AI level) fulfils.

A player is a plain object with settings. ``choose_move`` runs on whatever thread calls it (the
GUI runs it on a worker QThread) and must:

* never modify the board it is given (it copies what it needs);
* call ``on_snapshot`` at most every ~50-100 ms with an immutable :class:`SearchSnapshot`;
* poll ``should_stop`` between bounded kernel batches (~20 ms) and, when it returns True,
  finish promptly with the best move found so far;
* be reproducible: the same settings, seed and position give the same move.

A player whose ``supports_root_moves`` is True also takes ``root_moves`` (cells): it then
searches only those moves at the root (the root tactics pass the moves Hex knowledge leaves,
``engine.analysis.root``); the other players have no such keyword.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from hexswarm.engine.board import Board
from hexswarm.engine.search.snapshot import SearchSnapshot, SnapshotCallback, StopCheck


@dataclass(frozen=True, slots=True)
class MoveChoice:
    """A player's decision: ``move`` is a cell index or a swap token ("swap-pieces");
    ``snapshot`` is the final state of the search (None for players that do not search)."""

    move: int | str
    snapshot: SearchSnapshot | None = None


@runtime_checkable
class Player(Protocol):
    name: str  # registry name: "random", "mc", "mcsds", "sdst", "uct"

    def choose_move(
        self,
        board: Board,
        *,
        on_snapshot: SnapshotCallback | None = None,
        should_stop: StopCheck | None = None,
        position_id: int = 0,
    ) -> MoveChoice: ...

    def spec(self) -> str:
        """The spec that recreates this player (``engine.players.create_player``)."""
        ...

"""Small deterministic players for GUI tests: fast, and with searches that can be stopped.

They fulfil the :class:`engine.players.base.Player` contract (``choose_move`` with
``on_snapshot``, ``should_stop`` and ``position_id``) without any numba, so GUI tests run in
milliseconds and test the threading, not the AI.
"""

from __future__ import annotations

import random
import threading
import time
import zlib

from hexswarm.engine.board import Board
from hexswarm.engine.players.base import MoveChoice
from hexswarm.engine.search.snapshot import SearchSnapshot


def make_snapshot(
    board: Board, position_id: int, player: str, iteration: int, move: int, done: bool = False
) -> SearchSnapshot:
    """A snapshot that supports ``move`` with most agents and the other legal cells with one."""
    legal = board.legal_moves()
    agents = tuple(10 if cell == move else 1 for cell in legal)
    return SearchSnapshot(
        position_id=position_id,
        player=player,
        to_move=board.to_move.value,
        iteration=iteration,
        playouts=100 * (iteration + 1),
        elapsed_s=0.001 * (iteration + 1),
        root_moves=tuple(legal),
        root_agents=agents,
        root_active=tuple(a // 2 for a in agents),
        best_move=move,
        estimate=0.5,
        principal_variation=(move,),
        done=done,
    )


class TinyRandomPlayer:
    """Plays a uniformly random empty cell, seeded by the position (reproducible).

    The seed is a CRC of the cells, not Python's built-in hash, which is salted per
    process, so a hash-seeded choice would differ from run to run.
    """

    name = "tiny"

    def __init__(self, seed: int = 0):
        self.seed = seed
        self.calls = 0

    def choose_move(self, board, *, on_snapshot=None, should_stop=None, position_id=0):
        self.calls += 1
        legal = board.legal_moves()
        rng = random.Random(zlib.crc32(bytes(board.cells), self.seed))
        move = rng.choice(legal)
        snapshot = make_snapshot(board, position_id, self.name, 1, move, done=True)
        if on_snapshot is not None:
            on_snapshot(snapshot)
        return MoveChoice(move, snapshot)


class SlowPlayer:
    """Thinks until told to stop (or ``limit_s`` passes), sending a snapshot every 5 ms.

    Records in ``events`` whether each search ended by the stop flag. Its best move is the
    first legal cell, so a test knows what "move now" plays.
    """

    name = "slow"

    def __init__(self, limit_s: float = 10.0):
        self.limit_s = limit_s
        self.started = threading.Event()
        self.stopped_searches = 0
        self.searches = 0
        self.lock = threading.Lock()

    def choose_move(self, board, *, on_snapshot=None, should_stop=None, position_id=0):
        with self.lock:
            self.searches += 1
        self.started.set()
        move = board.legal_moves()[0]
        deadline = time.monotonic() + self.limit_s
        iteration = 0
        while time.monotonic() < deadline:
            if should_stop is not None and should_stop():
                with self.lock:
                    self.stopped_searches += 1
                break
            iteration += 1
            if on_snapshot is not None:
                on_snapshot(make_snapshot(board, position_id, self.name, iteration, move))
            time.sleep(0.005)
        return MoveChoice(move, make_snapshot(board, position_id, self.name, iteration, move, True))


class MovesOnlyPlayer:
    """Plays as an external engine that only answers ``genmove`` does: no snapshot while it
    thinks (``seconds``, or until stopped), and its move comes without one (no evaluation).
    Its move is the first legal cell."""

    name = "movesonly"

    def __init__(self, seconds: float = 0.5):
        self.seconds = seconds

    def choose_move(self, board, *, on_snapshot=None, should_stop=None, position_id=0):
        deadline = time.monotonic() + self.seconds
        while time.monotonic() < deadline and not (should_stop is not None and should_stop()):
            time.sleep(0.005)
        return MoveChoice(board.legal_moves()[0])


class FailingPlayer:
    name = "failing"

    def choose_move(self, board, *, on_snapshot=None, should_stop=None, position_id=0):
        raise RuntimeError("this player always fails")


def factory_for(**players):
    """A player factory: the spec's level name picks one of ``players`` (same instance)."""

    def factory(spec: str):
        level = spec.partition(":")[0]
        if level not in players:
            raise ValueError(f"unknown test level {level!r}")
        return players[level]

    return factory

"""Local patterns and their learned weights: the prior knowledge UCT gives a new node's moves.

A move's *pattern* is what its six neighbours hold, seen by the player making it (ours, after
MoHex 2.0's 6-cell patterns; docs/search.md). Each neighbour, in the ring order of
:mod:`engine.kernels.knowledge` (``RING_ROWS``/``RING_COLUMNS``), is one of

* ``EMPTY`` (0), ``OWN`` (1: a stone or an edge of the mover), ``THEIRS`` (2: the opponent's),
  ``OFF`` (3: off the board beyond a corner, nobody's),

and the *raw code* is ``sum(owner_i << 2 i)``. White's patterns are read on the transposed
board (rows and columns exchanged: White's edges become top and bottom, like Black's), so one
table serves both players; a pattern and its 180-degree rotation (the board's own symmetry,
which keeps every edge's owner) share one *canonical code*, the smaller of the two.

A move also has a *local* class against the opponent's last move: ``ADJACENT`` to it, at one of
its ``BRIDGE`` points (two cells away across two common neighbours), or ``FAR`` (anything else,
or no last move). The prior of a move is ``gamma(pattern) * delta(local)`` over the sum of
those of all the moves, with the weights learned by Bradley-Terry (minorization-maximization)
from games (:mod:`engine.tools.patterns`; the table in ``resources/patterns``).

This module is the slow, obvious version (tools, tests); the search computes the same codes
from its bitmasks in :func:`engine.kernels.uct.child_priors`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np

EMPTY, OWN, THEIRS, OFF = 0, 1, 2, 3
CODES = 4096  # four owners for each of six neighbours
# The ring order of engine.kernels.knowledge: (row step, column step) of neighbour i.
RING = ((0, 1), (1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1))
# Transposing the board exchanges row and column steps: neighbour i becomes TRANSPOSED[i].
TRANSPOSED = tuple(RING.index((dc, dr)) for dr, dc in RING)
FAR, ADJACENT, BRIDGE = 0, 1, 2
LOCAL_CLASSES = 3
BRIDGE_STEPS = ((1, 1), (2, -1), (1, -2), (-1, -1), (-2, 1), (-1, 2))
DEFAULT_TABLE = "hex6-mohex-9x9"
_RESOURCE_FOLDER = "patterns"


def rotate_half(code: int) -> int:
    """The raw code of the pattern turned by 180 degrees (neighbour i becomes i + 3)."""
    out = 0
    for i in range(6):
        out |= ((code >> (2 * i)) & 3) << (2 * ((i + 3) % 6))
    return out


def canonical(code: int) -> int:
    return min(code, rotate_half(code))


def owner_of(cells: np.ndarray, size: int, row: int, col: int, black_moves: bool) -> int:
    """The owner class of the point (row, col), maybe off the board, for the mover.
    ``cells``: int8 row-major, 1 Black, 2 White, 0 empty (engine.board)."""
    row_in, col_in = 0 <= row < size, 0 <= col < size
    if row_in and col_in:
        stone = int(cells[row * size + col])
        if stone == 0:
            return EMPTY
        return OWN if (stone == 1) == black_moves else THEIRS
    if row_in:  # beyond the left or right edge: White's
        return THEIRS if black_moves else OWN
    if col_in:  # beyond the top or bottom edge: Black's
        return OWN if black_moves else THEIRS
    return OFF


def pattern_code(cells: np.ndarray, size: int, cell: int, black_moves: bool) -> int:
    """The canonical pattern code of ``cell`` for the mover (see the module docstring)."""
    row, col = divmod(cell, size)
    code = 0
    for i in range(6):
        direction = i if black_moves else TRANSPOSED[i]
        dr, dc = RING[direction]
        code |= owner_of(cells, size, row + dr, col + dc, black_moves) << (2 * i)
    return canonical(code)


def local_class(size: int, cell: int, last: int) -> int:
    """``ADJACENT``/``BRIDGE``/``FAR`` of ``cell`` against the opponent's last move (-1: none)."""
    if last < 0:
        return FAR
    step = (cell // size - last // size, cell % size - last % size)
    if step in RING:
        return ADJACENT
    if step in BRIDGE_STEPS:
        return BRIDGE
    return FAR


@dataclass(frozen=True)
class PatternTable:
    """Learned weights: ``gamma[canonical code]`` (1.0 where never seen) and
    ``delta[local class]``; ``source`` says where they came from."""

    gamma: np.ndarray
    delta: np.ndarray
    source: str

    def raw_gammas(self) -> np.ndarray:
        """float64[2, CODES]: the gamma of every raw code as the kernel reads it, from the
        board as it is (row 0: Black moves; row 1: White moves, whose raw code is read in the
        board's own ring order and is transposed here)."""
        table = np.empty((2, CODES), dtype=np.float64)
        for raw in range(CODES):
            table[0, raw] = self.gamma[canonical(raw)]
            transposed = 0
            for i in range(6):
                transposed |= ((raw >> (2 * TRANSPOSED[i])) & 3) << (2 * i)
            table[1, raw] = self.gamma[canonical(transposed)]
        return table

    def to_json(self, extra: dict) -> str:
        seen = {str(c): round(float(g), 6) for c, g in enumerate(self.gamma) if g != 1.0}
        document = {
            "format": "hexswarm-patterns-1",
            "pattern": "6 neighbours, ring order of engine.kernels.knowledge, canonical code",
            "source": self.source,
            **extra,
            "local": [round(float(d), 6) for d in self.delta],
            "gamma": seen,
        }
        return json.dumps(document, indent=1, sort_keys=False) + "\n"

    @classmethod
    def from_json(cls, text: str, source: str) -> PatternTable:
        document = json.loads(text)
        if document.get("format") != "hexswarm-patterns-1":
            raise ValueError(f"{source}: not a hexswarm pattern table")
        gamma = np.ones(CODES, dtype=np.float64)
        for code, value in document["gamma"].items():
            gamma[int(code)] = float(value)
        delta = np.asarray(document["local"], dtype=np.float64)
        if delta.shape != (LOCAL_CLASSES,) or np.any(gamma <= 0) or np.any(delta <= 0):
            raise ValueError(f"{source}: weights must be positive, {LOCAL_CLASSES} local ones")
        return cls(gamma, delta, source)


_LOADED: dict[str, PatternTable] = {}


def load_table(name_or_path: str = DEFAULT_TABLE) -> PatternTable:
    """A bundled table by name or a table file by path (cached per name)."""
    if name_or_path not in _LOADED:
        path = Path(name_or_path)
        if path.suffix == ".json" and path.exists():
            text = path.read_text(encoding="utf-8")
        else:
            from hexswarm.resources import resource_path

            resource = resource_path(_RESOURCE_FOLDER, f"{name_or_path}.json")
            if not resource.is_file():
                raise ValueError(f"no pattern table {name_or_path!r}")
            text = resource.read_text("utf-8")
        _LOADED[name_or_path] = PatternTable.from_json(text, name_or_path)
    return _LOADED[name_or_path]


def move_priors(table: PatternTable, cells: np.ndarray, size: int, black_moves: bool, last: int):
    """The prior of every empty cell (dict cell -> probability): the slow reference of what the
    search gives a new node's children."""
    weights = {}
    for cell in np.flatnonzero(cells == 0):
        cell = int(cell)
        weights[cell] = (
            table.gamma[pattern_code(cells, size, cell, black_moves)]
            * table.delta[local_class(size, cell, last)]
        )
    total = sum(weights.values())
    return {cell: w / total for cell, w in weights.items()}

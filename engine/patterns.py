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
from games (:mod:`engine.tools.patterns`; the table in ``resources/patterns``). A table may
also weigh a move near the last one by a *local gamma* of its pattern and the last move's
place in it (:meth:`PatternTable.local_of`; ours, after MoHex 2.0's local gammas): an answer
next to the move just played can then weigh otherwise than the same shape elsewhere.

This module is the slow, obvious version (tools, tests); the search computes the same codes
from its bitmasks in :func:`engine.kernels.uct.child_priors`.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import numpy as np
from hexswarm.engine.analysis.inferior import useless_to
from hexswarm.engine.board import BLACK_STONE, WHITE_STONE
from hexswarm.engine.board import EMPTY as NO_STONE
from hexswarm.engine.kernels.patterns import HASH_MULTIPLIER, NO_KEY, ROW_SHIFT

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
DEFAULT_PLAYOUT_TABLE = "playout12-team-mohex-9x9"
# The bundled playout tables (resources/patterns; docs/results/patterns and playout-lab).
PLAYOUT_TABLES = (
    "playout6-mohex-9x9",
    "playout12-mohex-9x9",
    "playout12-team-mohex-9x9",
    "playout12-team-save-mohex-9x9",
)
_RESOURCE_FOLDER = "patterns"
# A 12-cell pattern: the six neighbours then the six bridge points (bridge point i lies
# between neighbours i and i + 1), so a half turn moves each group's entry i to i + 3.
TWELVE = RING + BRIDGE_STEPS
# A playout's *near* cells: the 12 pattern cells around the last move (MoHex's local region).
NEAR_STEPS = TWELVE


def rotate_half(code: int) -> int:
    """The raw code of the pattern turned by 180 degrees (neighbour i becomes i + 3)."""
    out = 0
    for i in range(6):
        out |= ((code >> (2 * i)) & 3) << (2 * ((i + 3) % 6))
    return out


def canonical(code: int) -> int:
    return min(code, rotate_half(code))


@cache
def dead_table() -> np.ndarray:
    """bool[2, CODES]: whether the empty centre of a 6-cell code is *dead* by its neighbours
    alone (its colour never changes the winner), row 0 for Black to move and row 1 for
    White. A code's owners are the mover's (:func:`owner_of`: own, theirs, empty, beyond a
    corner), in any of the ring's orders (the raw codes of the tree's priors, the canonical and
    transposed ones of the playouts: the test only sees which neighbours touch). The test is
    :func:`engine.analysis.inferior.useless_to` for either colour, so a pattern is dead exactly
    when the board analysis finds its cell dead (a point beyond a corner counts as Black's
    edge, as :func:`engine.analysis.inferior.ring_table` has it). The one definition behind the
    tree's prior pruning and the playouts' dead-cell weight."""
    # A ring of six stand-in cells (0-5) around the centre (6); edges become stones of their
    # owner, which the ring test treats alike.
    ring = np.array([[0] * 6] * 6 + [list(range(6))], dtype=np.int32)
    dead = np.zeros((2, CODES), dtype=bool)
    for side, own in ((0, BLACK_STONE), (1, WHITE_STONE)):
        theirs = WHITE_STONE if own == BLACK_STONE else BLACK_STONE
        stone_of = {EMPTY: NO_STONE, OWN: own, THEIRS: theirs, OFF: BLACK_STONE}
        for code in range(CODES):
            cells = np.array(
                [stone_of[(code >> (2 * i)) & 3] for i in range(6)] + [NO_STONE], dtype=np.int8
            )
            dead[side, code] = useless_to(cells, ring, 6, BLACK_STONE) or useless_to(
                cells, ring, 6, WHITE_STONE
            )
    dead.setflags(write=False)
    return dead


@cache
def killer_table() -> np.ndarray:
    """uint8[2, CODES]: the *killers* of the empty centre of a 6-cell code for the mover (rows
    and owners as :func:`dead_table`): bit i is set when neighbour i is empty and an opponent
    stone there would make the centre dead (:func:`dead_table` of the code with entry i the
    opponent's), the centre being alive now. A cell with a killer is *vulnerable* (ours, after
    MoHex 2.0's pattern type 2): the mover's stone there dies when the opponent answers on the
    killer. A cell the opponent *captures* with one of its killers (the pair the inferior-cell
    analysis fills for the opponent: an opponent stone on either makes the other dead) is the
    pruning of ``prune_captured``, which reads the killer's own ring on the board
    (:func:`engine.kernels.uct.child_priors`); both prunings of the tree start from this
    table."""
    dead = dead_table()
    killers = np.zeros((2, CODES), dtype=np.uint8)
    for side in range(2):
        for code in range(CODES):
            if dead[side, code]:
                continue
            for i in range(6):
                if (code >> (2 * i)) & 3 == EMPTY and dead[side, code | THEIRS << (2 * i)]:
                    killers[side, code] |= 1 << i
    killers.setflags(write=False)
    return killers


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


def _mover_code12(cells: np.ndarray, size: int, cell: int, black_moves: bool) -> int:
    """The 12-cell code of ``cell`` for the mover before the half turn: entry i is the owner
    at step TWELVE[i], on the transposed board when White moves."""
    row, col = divmod(cell, size)
    code = 0
    for i, (dr, dc) in enumerate(TWELVE):
        if not black_moves:
            dr, dc = dc, dr  # White's view: the transposed board
        code |= owner_of(cells, size, row + dr, col + dc, black_moves) << (2 * i)
    return code


def pattern_code12(cells: np.ndarray, size: int, cell: int, black_moves: bool) -> int:
    """The canonical 12-cell code (24 bits: the six neighbours as :func:`pattern_code`, then
    the six bridge points) of ``cell`` for the mover; a half turn, the smaller of the two."""
    return canonical12(_mover_code12(cells, size, cell, black_moves))


# The local keys of the prior model: a 12-cell (6-cell) code and the position in it of the last
# move (an index into TWELVE: 0-5 a neighbour, 6-11 a bridge point), at bit LOCAL_SHIFT12
# (LOCAL_SHIFT6) of the key.
LOCAL_SHIFT12 = 24
LOCAL_SHIFT6 = 12


def turn_position(position: int) -> int:
    """The index in TWELVE of entry ``position`` after a half turn (i becomes i + 3 within
    the neighbours and within the bridge points)."""
    return (position + 3) % 6 + (6 if position >= 6 else 0)


def local_key12(code12: int, position: int) -> int:
    """The canonical local key of a 12-cell code (the mover's, not turned) whose entry
    ``position`` is the last move: the smaller of it and its half turn's."""
    return min(
        code12 | position << LOCAL_SHIFT12,
        rotate_half12(code12) | turn_position(position) << LOCAL_SHIFT12,
    )


def local_key6(code6: int, position: int) -> int:
    """:func:`local_key12` for a 6-cell code (the last move maybe at a bridge point, outside
    it: ``position`` still says which)."""
    return min(
        code6 | position << LOCAL_SHIFT6,
        rotate_half(code6) | turn_position(position) << LOCAL_SHIFT6,
    )


def local_keys(
    cells: np.ndarray, size: int, cell: int, black_moves: bool, last: int
) -> tuple[int, int] | None:
    """(6-cell, 12-cell) local keys (:func:`local_key6`, :func:`local_key12`) of ``cell`` for
    the mover when it is one of the 12 pattern cells around ``last``, else None."""
    if not is_near(size, cell, last):
        return None
    step = (last // size - cell // size, last % size - cell % size)
    if not black_moves:
        step = (step[1], step[0])  # White's view: the transposed board
    position = TWELVE.index(step)
    code12 = _mover_code12(cells, size, cell, black_moves)
    return local_key6(code12 & (CODES - 1), position), local_key12(code12, position)


def is_near(size: int, cell: int, last: int) -> bool:
    """Whether ``cell`` is one of the 12 pattern cells around ``last`` (-1: no last move)."""
    if last < 0:
        return False
    step = (cell // size - last // size, cell % size - last % size)
    return step in NEAR_STEPS


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
    ``delta[local class]``; ``source`` says where they came from. A table of 12-cell priors
    (ours, after MoHex 2.0's global gammas of 12-cell patterns) also has ``gamma12``: the weight
    of a canonical 12-cell code (:func:`pattern_code12`) seen often enough in training, which
    takes the place of its 6-cell code's (:meth:`gamma_of`). A table of local gammas (ours,
    after MoHex 2.0's local gammas) also has ``local12`` and ``local6``: a move near the last
    one (one of its 12 pattern cells) has its weight times the local gamma of its pattern with
    the last move's place in it (:meth:`local_of`, :func:`local_keys`); without them every
    move's local gamma is 1 and the table weighs as before."""

    gamma: np.ndarray
    delta: np.ndarray
    source: str
    gamma12: dict[int, float] = field(default_factory=dict)
    local12: dict[int, float] = field(default_factory=dict)
    local6: dict[int, float] = field(default_factory=dict)

    def gamma_of(self, code6: int, code12: int) -> float:
        """The pattern weight of a move of canonical codes ``code6`` and ``code12``."""
        return float(self.gamma12.get(code12, self.gamma[code6]))

    def local_of(self, keys: tuple[int, int] | None) -> float:
        """The local gamma of a move of local ``keys`` (:func:`local_keys`; None: not near the
        last move, 1): its 12-cell key's when the table has one, else its 6-cell key's, else
        1."""
        if keys is None:
            return 1.0
        key6, key12 = keys
        return float(self.local12.get(key12, self.local6.get(key6, 1.0)))

    def kernel_local(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(local6, slots, gammas): the search's local gammas
        (:func:`engine.kernels.uct.child_priors`), read from the board as it is (the raw
        codes of :meth:`kernel_hash12`, ``position`` the index in TWELVE of the last move's
        step from the cell on the board as it is). ``local6[side, position, raw & 4095]``
        (float64[2, 12, CODES]) is the 6-cell local gamma (1 where the table has none);
        ``slots`` is :func:`open_hash` of ``local12`` by key ``raw | side << 24 | position
        << 25``, each entry ``key | index << 32`` with ``gammas[index]`` its gamma."""
        local6 = np.ones((2, len(TWELVE), CODES), dtype=np.float64)
        for position in range(len(TWELVE)):
            white_position = TRANSPOSED12[position]
            for raw in range(CODES):
                key = local_key6(raw, position)
                if key in self.local6:
                    local6[0, position, raw] = self.local6[key]
                key = local_key6(transpose12(raw), white_position)
                if key in self.local6:
                    local6[1, position, raw] = self.local6[key]
        entries = {}
        for key12 in self.local12:
            code, position = key12 & ((1 << LOCAL_SHIFT12) - 1), key12 >> LOCAL_SHIFT12
            for raw, at in ((code, position), (rotate_half12(code), turn_position(position))):
                entries[raw | at << 25] = key12
                entries[transpose12(raw) | 1 << 24 | TRANSPOSED12[at] << 25] = key12
        keys = sorted(self.local12)
        index = {key: i for i, key in enumerate(keys)}
        slots = open_hash({key: key | index[k12] << 32 for key, k12 in entries.items()})
        gammas = np.array([self.local12[key] for key in keys], dtype=np.float64)
        return local6, slots, gammas

    def kernel_hash12(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(slots, gammas, probe): the search's table of the 12-cell gammas
        (:func:`engine.kernels.uct.child_priors`). ``slots`` is :func:`open_hash` of
        ``gamma12`` by key ``raw | side << 24``, each entry ``key | index << 32`` with
        ``gammas[index]`` its gamma, ``raw`` the 12-cell code as the search reads it (TWELVE's
        order on the board as it is, owners for the mover: 1 own, 2 theirs, 3 beyond a corner)
        and ``side`` 0 when Black moves, 1 when White does (whose canonical code is that of the
        transposed board). ``probe[side, raw & 4095]`` (bool[2, CODES]) says whether any key
        has that 6-cell part: the search probes only then."""
        entries = {}
        for code in self.gamma12:
            for raw in (code, rotate_half12(code)):
                entries[raw] = code
                entries[transpose12(raw) | 1 << 24] = code
        codes = sorted(self.gamma12)
        index = {code: i for i, code in enumerate(codes)}
        slots = open_hash({key: key | index[code] << 32 for key, code in entries.items()})
        gammas = np.array([self.gamma12[code] for code in codes], dtype=np.float64)
        probe = np.zeros((2, CODES), dtype=np.bool_)
        for key in entries:
            probe[key >> 24, key & (CODES - 1)] = True
        return slots, gammas, probe

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
        if self.gamma12:
            document["pattern12"] = (
                "gamma12: canonical 12-cell codes (engine.patterns.pattern_code12), "
                "in place of the 6-cell code's gamma"
            )
            document["gamma12"] = {
                str(c): round(float(g), 6) for c, g in sorted(self.gamma12.items())
            }
        if self.local12 or self.local6:
            document["pattern_local"] = (
                "local12/local6: local gammas of a move among the 12 pattern cells around the "
                "last move, by canonical code and the last move's place in it "
                "(engine.patterns.local_keys); local12 in place of local6, else 1"
            )
            for name, table in (("local12", self.local12), ("local6", self.local6)):
                document[name] = {str(c): round(float(g), 6) for c, g in sorted(table.items())}
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
        gamma12, local12, local6 = (
            {int(c): float(g) for c, g in document.get(name, {}).items()}
            for name in ("gamma12", "local12", "local6")
        )
        if (
            delta.shape != (LOCAL_CLASSES,)
            or np.any(gamma <= 0)
            or np.any(delta <= 0)
            or any(g <= 0 for t in (gamma12, local12, local6) for g in t.values())
        ):
            raise ValueError(f"{source}: weights must be positive, {LOCAL_CLASSES} local ones")
        if any(not 0 <= c < 1 << 24 or c != canonical12(c) for c in gamma12):
            raise ValueError(f"{source}: a 12-cell code is not canonical")
        for keys, shift, canonical_key in (
            (local12, LOCAL_SHIFT12, local_key12),
            (local6, LOCAL_SHIFT6, local_key6),
        ):
            for key in keys:
                code, position = key & ((1 << shift) - 1), key >> shift
                if not 0 <= position < len(TWELVE) or key != canonical_key(code, position):
                    raise ValueError(f"{source}: a local key is not canonical")
        return cls(gamma, delta, source, gamma12, local12, local6)


# The playout kernel's integer weights (engine.kernels.patterns): the capped global weight of
# an open-board cell is WEIGHT_SCALE, and no local weight exceeds LOCAL_WEIGHT_LIMIT, so every
# sum of a 13x13 playout stays exact below 2**32 (the generator's bound).
WEIGHT_SCALE = 1024
LOCAL_WEIGHT_LIMIT = 1 << 20
PLAYOUT_FORMAT = "hexswarm-playout-patterns-1"
# A dead cell's weight, global or local: the least (an open-board cell far from the last move
# weighs WEIGHT_SCALE); MoHex gives its dead cells 1e-5 of the open board's weight or so.
DEAD_WEIGHT = 1
# Transposing the board moves entry i of a 12-cell pattern (TWELVE's order) to TRANSPOSED12[i].
TRANSPOSED12 = tuple(TWELVE.index((dc, dr)) for dr, dc in TWELVE)


def saves_link(code: int) -> bool:
    """Whether a cell of 6-cell ``code`` (the mover's view, any rotation) has two of the
    mover's stones or edges on either side of an opponent's stone around it: its two
    neighbours ``i - 1`` and ``i + 1`` are the mover's and ``i`` the opponent's. Then the
    mover's ``i - 1`` and ``i + 1`` were a bridge (or an edge template II) with this cell and
    ``i`` as carrier, the opponent intruded at ``i``, and this cell restores the link: the
    ``bridge`` and ``template`` playouts' answer."""
    owners = [(code >> (2 * i)) & 3 for i in range(6)]
    return any(
        owners[i] == THEIRS and owners[i - 1] == OWN and owners[(i + 1) % 6] == OWN
        for i in range(6)
    )


def mover_view(around: int, black_moves: bool) -> int:
    """The canonical code (:func:`pattern_code`) of a cell whose six neighbours hold the
    absolute owners ``around`` (2 bits each in ring order: 1 Black or its edge, 2 White or
    its edge, 3 beyond a corner; the kernels' ``around``), for the mover."""
    if black_moves:
        return canonical(around)
    code = 0
    for i in range(6):
        owner = (around >> (2 * TRANSPOSED[i])) & 3
        code |= (3 - owner if owner in (1, 2) else owner) << (2 * i)
    return canonical(code)


def rotate_half12(code: int) -> int:
    """A 12-cell code turned by 180 degrees: entry i of each group of six becomes i + 3."""
    return rotate_half(code & 4095) | (rotate_half(code >> 12) << 12)


def mover_view12(code: int, black_moves: bool) -> int:
    """:func:`mover_view` for 12-cell codes (24 bits, TWELVE's order, absolute owners):
    the canonical code of :func:`pattern_code12` for the mover."""
    if not black_moves:
        code = white_view12(code)
    return min(code, rotate_half12(code))


def absolute_codes12(canonical_code: int, black_moves: bool) -> set[int]:
    """Every absolute 24-bit code whose :func:`mover_view12` is ``canonical_code``."""
    codes = {canonical_code, rotate_half12(canonical_code)}
    if black_moves:
        return codes
    # The transposition with the colours exchanged is its own inverse.
    return {white_view12(c) for c in codes}


def white_view12(code: int) -> int:
    """White's view of an absolute 12-cell code (the board transposed, the colours exchanged;
    not canonicalised): its own inverse."""
    view = 0
    for i in range(12):
        owner = (code >> (2 * TRANSPOSED12[i])) & 3
        view |= (3 - owner if owner in (1, 2) else owner) << (2 * i)
    return view


def transpose12(code: int) -> int:
    """A 12-cell code read on the transposed board (entry i moves to TRANSPOSED12[i]), owners
    unchanged: its own inverse. A mover's raw code in the board's order is White's pattern
    code before :func:`canonical12` (as :meth:`PatternTable.raw_gammas` does for 6 cells)."""
    view = 0
    for i in range(12):
        view |= ((code >> (2 * TRANSPOSED12[i])) & 3) << (2 * i)
    return view


def canonical12(code: int) -> int:
    return min(code, rotate_half12(code))


def open_hash(entries: Mapping[int, int]) -> np.ndarray:
    """The kernels' open-addressing hash of ``entries`` (key -> int64 entry, each entry
    holding its non-negative key in its low 32 bits): a power-of-two length at most half
    full, the entry of a key in the first slot free when inserted by linear probing from
    ``(key * HASH_MULTIPLIER mod 2**64) >> (64 - bits)``, empty slots ``NO_KEY`` (at least 16
    slots, so the kernels' shift stays below 64). One int64 a slot: a probe reads one cache
    line for the key and its value."""
    bits = 4
    while (1 << bits) < 2 * len(entries):
        bits += 1
    slots = np.full(1 << bits, NO_KEY, dtype=np.int64)
    mask = (1 << bits) - 1
    for key in sorted(entries):
        slot = ((key * HASH_MULTIPLIER) & (2**64 - 1)) >> (64 - bits)
        while slots[slot] != NO_KEY:
            slot = (slot + 1) & mask
        slots[slot] = entries[key]
    return slots


def key_filter(hash12: np.ndarray) -> np.ndarray:
    """The playout kernel's filter of the keys of ``hash12`` (:meth:`PlayoutTable.
    kernel_hash`): uint64 words, bit ``b`` (word ``b >> 6``, bit ``b & 63``) set when some key
    has ``(key * HASH_MULTIPLIER mod 2**64) >> (64 - bits) == b``, for ``bits`` the filter's
    size in bits: a power of two, at least 64 times the number of keys, so that a code not in
    the hash finds its bit set about once in 64 or less. The kernel probes the hash only for
    a code whose bit is set; the filter is in the cache where the hash (16 bytes a slot,
    half empty) is not: skipping the probes of codes not in the table made a 9x9 playout
    about 1.2x cheaper (docs/results/playout-lab/speed-r10/)."""
    keys = hash12[0::2]
    keys = keys[keys != NO_KEY].astype(np.uint64)
    bits = 6
    while (1 << bits) < 64 * keys.size:
        bits += 1
    with np.errstate(over="ignore"):
        spots = (keys * np.uint64(HASH_MULTIPLIER)) >> np.uint64(64 - bits)
    words = np.zeros(1 << (bits - 6), dtype=np.uint64)
    np.bitwise_or.at(words, spots >> np.uint64(6), np.uint64(1) << (spots & np.uint64(63)))
    return words


@dataclass(frozen=True)
class PlayoutTable:
    """Learned playout weights (ours, after MoHex 2.0's playout policy). A cell near the last
    move (one of its 12 pattern cells) weighs its *local* weight, any other its *global*
    weight capped at ``cap``. Each is the weight of the cell's canonical 12-cell code for the
    mover when the table has one (``local12``/``global12``: the codes seen often enough in
    training), else that of its canonical 6-cell code (``local``/``global_``; codes never
    seen weigh ``unseen``). ``cap`` holds global weights near the open-board level, so the
    pull towards good shapes comes from the answers to the last move. A dead cell (by its six
    neighbours, :func:`dead_table`) weighs DEAD_WEIGHT, near or not: MoHex's self-play hardly
    shows them, so their learned weights stay near the prior's 1."""

    global_: np.ndarray
    local: np.ndarray
    cap: float
    source: str
    unseen: float = 1.0
    global12: dict[int, float] = field(default_factory=dict)
    local12: dict[int, float] = field(default_factory=dict)

    def _integer(self, gamma: float, near: bool) -> int:
        unit = self.cap / WEIGHT_SCALE
        if near:
            return min(max(1, round(gamma / unit)), LOCAL_WEIGHT_LIMIT)
        return max(1, round(min(gamma, self.cap) / unit))

    def integer_weight(self, code: int, near: bool, black_moves: bool) -> int:
        """The kernel's weight of canonical 6-cell ``code`` for the mover: WEIGHT_SCALE units
        of ``cap``, a global one capped, at least 1, a local one at most LOCAL_WEIGHT_LIMIT; a
        dead cell's (:func:`dead_table`) is DEAD_WEIGHT, whatever the table says."""
        if dead_table()[0 if black_moves else 1, code]:
            return DEAD_WEIGHT
        return self._integer(float((self.local if near else self.global_)[code]), near)

    def integer_weight12(self, code6: int, code12: int, near: bool, black_moves: bool) -> int:
        """The kernel's weight of a cell of canonical codes ``code6`` and ``code12``: the
        12-cell weight when the table has one and the cell is not dead, else
        :meth:`integer_weight`."""
        table12 = self.local12 if near else self.global12
        if code12 in table12 and not dead_table()[0 if black_moves else 1, code6]:
            return self._integer(table12[code12], near)
        return self.integer_weight(code6, near, black_moves)

    def kernel_weights(self) -> np.ndarray:
        """int64[4, CODES]: row ``2 * side + near`` (side 0: Black moves) gives
        :meth:`integer_weight` of every absolute ``around`` code (:func:`mover_view`)."""
        table = np.empty((4, CODES), dtype=np.int64)
        for side in range(2):
            for around in range(CODES):
                code = mover_view(around, side == 0)
                table[2 * side, around] = self.integer_weight(code, False, side == 0)
                table[2 * side + 1, around] = self.integer_weight(code, True, side == 0)
        return table

    def kernel_rows(self) -> np.ndarray:
        """int64[CODES]: :meth:`kernel_weights` packed, the four rows of an ``around`` code in
        one integer (row ``r`` at bit ``ROW_SHIFT[r]``): the kernel's 6-cell weights."""
        return _packed(self.kernel_weights())

    def kernel_hash(self) -> np.ndarray:
        """The kernel's hash of the integer 12-cell weights (engine.kernels.patterns): int64
        (key, weights) pairs, a power-of-two number of them, at most half used (half the
        memory of a quarter, measured faster: the cache). The key is an absolute 24-bit code,
        the weights its four weights packed as in
        :meth:`kernel_rows` (table row ``2 * side + near``): the 12-cell weight where the
        table has one and the cell is not dead for that player, else the 6-cell row's."""
        rows = self.kernel_weights()
        found: dict[int, np.ndarray] = {}
        for near, table12 in ((0, self.global12), (1, self.local12)):
            for code, gamma in table12.items():
                weight = self._integer(gamma, bool(near))
                for side in range(2):
                    if dead_table()[side, code & (CODES - 1)]:
                        continue  # the 6-cell row's DEAD_WEIGHT
                    for absolute in absolute_codes12(code, side == 0):
                        if absolute not in found:
                            found[absolute] = rows[:, absolute & (CODES - 1)].copy()
                        found[absolute][2 * side + near] = weight
        bits = 4
        while (1 << bits) < 2 * len(found):
            bits += 1
        table = np.full(2 << bits, NO_KEY, dtype=np.int64)
        mask = (1 << bits) - 1
        keys = np.array(sorted(found), dtype=np.int64)
        packed = _packed(np.array([found[k] for k in keys.tolist()]).T.reshape(4, -1))
        for key, weights in zip(keys.tolist(), packed.tolist(), strict=True):
            slot = ((key * HASH_MULTIPLIER) & (2**64 - 1)) >> (64 - bits)
            while table[2 * slot] != NO_KEY:
                slot = (slot + 1) & mask
            table[2 * slot : 2 * slot + 2] = key, weights
        return table

    def to_json(self, extra: dict) -> str:
        def seen(gamma):
            return {str(c): round(float(g), 6) for c, g in enumerate(gamma) if g != self.unseen}

        def rounded(table12):
            return {str(c): round(float(g), 6) for c, g in sorted(table12.items())}

        document = {
            "format": PLAYOUT_FORMAT,
            "pattern": "6 neighbours, ring order of engine.kernels.knowledge, canonical code; "
            "local: the cell is one of the 12 pattern cells around the last move; "
            "global12/local12: 12-cell canonical codes (engine.patterns.pattern_code12) "
            "that take precedence over the 6-cell code",
            "source": self.source,
            **extra,
            "cap": round(self.cap, 6),
            "unseen": self.unseen,
            "global": seen(self.global_),
            "local": seen(self.local),
            "global12": rounded(self.global12),
            "local12": rounded(self.local12),
        }
        return json.dumps(document, indent=1) + "\n"

    @classmethod
    def from_json(cls, text: str, source: str) -> PlayoutTable:
        document = json.loads(text)
        if document.get("format") != PLAYOUT_FORMAT:
            raise ValueError(f"{source}: not a hexswarm playout pattern table")
        tables = []
        unseen = float(document.get("unseen", 1.0))
        for key in ("global", "local"):
            gamma = np.full(CODES, unseen, dtype=np.float64)
            for code, value in document[key].items():
                gamma[int(code)] = float(value)
            tables.append(gamma)
        twelve = [
            {int(code): float(value) for code, value in document.get(key, {}).items()}
            for key in ("global12", "local12")
        ]
        cap = float(document["cap"])
        values12 = [v for t in twelve for v in t.values()]
        if (
            cap <= 0
            or unseen <= 0
            or any(np.any(g <= 0) for g in tables)
            or any(v <= 0 for v in values12)
        ):
            raise ValueError(f"{source}: weights and cap must be positive")
        if any(c != mover_view12(c, True) or not 0 <= c < 1 << 24 for t in twelve for c in t):
            raise ValueError(f"{source}: a 12-cell code is not canonical")
        return cls(tables[0], tables[1], cap, source, unseen, twelve[0], twelve[1])

    def variant(self, local: float = 1.0, cap: float = 1.0, save: float = 1.0) -> PlayoutTable:
        """This table with its balance changed (ours, for the playout lab): every local weight
        times ``local`` (the share L/(G+L) of the answers to the last move), the cap times
        ``cap``, and the local weight of a *saving* pattern (:func:`saves_link`: the cell
        restores a bridge or an edge template II the opponent intruded into) times
        ``save``. The factors must be positive; the rest of the table is unchanged."""
        if min(local, cap, save) <= 0:
            raise ValueError("variant factors must be positive")
        saving = np.array([saves_link(code) for code in range(CODES)])
        factor6 = np.where(saving, local * save, local)
        local12 = {
            code: gamma * float(factor6[code & (CODES - 1)]) for code, gamma in self.local12.items()
        }
        return dataclasses.replace(
            self,
            local=self.local * factor6,
            local12=local12,
            cap=self.cap * cap,
            source=f"{self.source} (variant: local x{local:g}, cap x{cap:g}, save x{save:g})",
        )

    def weight_of(self, cells: np.ndarray, size: int, cell: int, black_moves: bool, near: bool):
        """The integer weight of empty ``cell`` for the mover, from the board itself (the
        slow reference of the kernel's incremental weights)."""
        return self.integer_weight12(
            pattern_code(cells, size, cell, black_moves),
            pattern_code12(cells, size, cell, black_moves),
            near,
            black_moves,
        )


def _packed(rows: np.ndarray) -> np.ndarray:
    """int64: the four weights of each column of ``rows`` (int64[4, k]) in one integer, row
    ``r`` at bit ``ROW_SHIFT[r]`` (the kernel's layout; the top row's field reaches the sign
    bit, so the bits are those of the unsigned sum)."""
    total = np.zeros(rows.shape[1], dtype=np.uint64)
    for row in range(4):
        total |= rows[row].astype(np.uint64) << np.uint64(ROW_SHIFT[row])
    return total.view(np.int64)


def playout_weights(
    table: PlayoutTable, cells: np.ndarray, size: int, black_moves: bool, last: int
) -> dict[int, float]:
    """The playout weight of every empty cell (dict cell -> float, before the kernel's integer
    rounding): the slow reference of :meth:`PlayoutTable.kernel_weights` and the kernel."""
    weights: dict[int, float] = {}
    for cell in np.flatnonzero(cells == 0).tolist():
        code = pattern_code(cells, size, cell, black_moves)
        code12 = pattern_code12(cells, size, cell, black_moves)
        if dead_table()[0 if black_moves else 1, code]:
            weights[cell] = DEAD_WEIGHT * table.cap / WEIGHT_SCALE
        elif is_near(size, cell, last):
            weights[cell] = float(table.local12.get(code12, table.local[code]))
        else:
            weights[cell] = min(float(table.global12.get(code12, table.global_[code])), table.cap)
    return weights


_LOADED: dict[str, PatternTable] = {}
_LOADED_PLAYOUT: dict[str, PlayoutTable] = {}


def _table_text(name_or_path: str) -> str:
    path = Path(name_or_path)
    if path.suffix == ".json" and path.exists():
        return path.read_text(encoding="utf-8")
    from hexswarm.resources import resource_path

    resource = resource_path(_RESOURCE_FOLDER, f"{name_or_path}.json")
    if not resource.is_file():
        raise ValueError(f"no pattern table {name_or_path!r}")
    return resource.read_text("utf-8")


def load_playout_table(name_or_path: str = DEFAULT_PLAYOUT_TABLE) -> PlayoutTable:
    """A bundled playout table by name or a table file by path (cached per name)."""
    if name_or_path not in _LOADED_PLAYOUT:
        _LOADED_PLAYOUT[name_or_path] = PlayoutTable.from_json(
            _table_text(name_or_path), name_or_path
        )
    return _LOADED_PLAYOUT[name_or_path]


def load_table(name_or_path: str = DEFAULT_TABLE) -> PatternTable:
    """A bundled table by name or a table file by path (cached per name)."""
    if name_or_path not in _LOADED:
        _LOADED[name_or_path] = PatternTable.from_json(_table_text(name_or_path), name_or_path)
    return _LOADED[name_or_path]


def move_priors(
    table: PatternTable,
    cells: np.ndarray,
    size: int,
    black_moves: bool,
    last: int,
    added: dict[int, float] | None = None,
):
    """The prior of every empty cell (dict cell -> probability): the slow reference of what the
    search gives a new node's children. ``added``: a gamma added to the weights of some cells
    (those of weight > 0) before normalising (the search's ``intrusion_bonus``)."""
    weights: dict[int, float] = {}
    for cell in np.flatnonzero(cells == 0).tolist():
        weights[cell] = (
            table.gamma_of(
                pattern_code(cells, size, cell, black_moves),
                pattern_code12(cells, size, cell, black_moves),
            )
            * float(table.delta[local_class(size, cell, last)])
            * table.local_of(local_keys(cells, size, cell, black_moves, last))
        )
    for cell, gamma in (added or {}).items():
        if weights.get(cell, 0.0) > 0.0:
            weights[cell] += gamma
    total = sum(weights.values())
    return {cell: w / total for cell, w in weights.items()}

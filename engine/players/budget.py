"""How long a level's settings make a move take, estimated from measured speeds (no timing here).

The new-game dialog warns when the settings chosen imply more than about a minute a move
(issue 16: someone chose 999 999 agents x 999 999 iterations and every launch searched for
days). The estimate is the number of playouts the settings ask for on the empty board (the
longest playouts of the game), times the cost of one playout in that search, divided by the
measured playout rate for the board size. It is an upper estimate: halting and confidence
stops can end a swarm search earlier, and later positions have shorter playouts.

The rates are a table of measurements, not a calibration at start-up (a calibration would cost
each start a second of both cores): ``docs/benchmarks.md``, 2026-11-23, idle AMD EPYC with 2
vCPUs, numba 0.68.1, one thread, uniform playouts from the empty board:

=====  ===========  ======================================================
size   playouts/s   search cost per playout relative to a raw playout
=====  ===========  ======================================================
7      7.68 M       MCSDS 1.37 (5.60 M agents x iterations/s), SDST in
9      4.98 M       the tree 1.51 (5.09 M), UCT 9.8 (0.78 M playouts/s), all
11     3.34 M       measured on 7x7 with the thesis's 50 000 agents x 50
13     2.70 M       iterations and UCT's 100 000 playouts; flat Monte-
19     1.36 M       Carlo is taken as raw playouts (1.0)
=====  ===========  ======================================================

Each family declares its cost beside its player (``Family.search_cost``, from this table:
``engine.players.family``), and how many playouts its settings ask for.

Other sizes are interpolated in log-log space between the nearest measured sizes (playout
cost grows about as the number of cells). Threads are not counted: two threads measured
1.2-1.9 times faster, so the estimate errs on the long side, which is the safe side for a
warning. Sizes and settings are the only inputs, so tests use fixed inputs and no clock.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

PLAYOUTS_PER_SECOND = {7: 7.68e6, 9: 4.98e6, 11: 3.34e6, 13: 2.70e6, 19: 1.36e6}
"""Uniform playouts per second on one thread from the empty board (docs/benchmarks.md)."""

SLOW_MOVE_SECONDS = 60.0
"""Above this a move is slow enough for the dialog to say so."""


def playouts_per_second(size: int) -> float:
    """The measured playout rate for ``size``, interpolated in log-log space by cell count
    (extrapolated with the nearest two measurements outside 7..19)."""
    if size in PLAYOUTS_PER_SECOND:
        return PLAYOUTS_PER_SECOND[size]
    sizes = sorted(PLAYOUTS_PER_SECOND)
    below = [s for s in sizes if s < size]
    above = [s for s in sizes if s > size]
    if not below:
        low, high = sizes[0], sizes[1]
    elif not above:
        low, high = sizes[-2], sizes[-1]
    else:
        low, high = below[-1], above[0]
    slope = math.log(PLAYOUTS_PER_SECOND[high] / PLAYOUTS_PER_SECOND[low]) / math.log(
        high * high / (low * low)
    )
    return PLAYOUTS_PER_SECOND[low] * (size * size / (low * low)) ** slope


def playouts_asked(level: str, values: Mapping[str, Any], size: int) -> int:
    """The playouts one move's search by ``level`` (a family or a preset) runs to its budget
    (ignoring any time limit), as its family registers it (``engine.players.family``)."""
    from hexswarm.engine.players.family import family

    return family(level).playouts_asked(values, size)


def estimated_move_seconds(level: str, values: Mapping[str, Any], size: int) -> float:
    """Seconds one move of ``level`` (a family or a preset) takes with ``values`` (its
    settings by name) on a ``size`` board: ``time_s`` when it is set (the search then runs for
    exactly that long), otherwise the playouts asked for at the measured rate, times the
    family's cost per playout (``engine.players.family.Family.search_cost``), at most its
    ``time_cap_s`` when that is set."""
    time_s = values.get("time_s")
    if time_s is not None:
        return float(time_s)
    from hexswarm.engine.players.family import family

    registered = family(level)
    seconds_per_playout = registered.search_cost / playouts_per_second(size)
    seconds = registered.playouts_asked(values, size) * seconds_per_playout
    cap = values.get("time_cap_s")
    return seconds if cap is None else min(seconds, float(cap))

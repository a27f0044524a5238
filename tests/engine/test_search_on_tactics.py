"""The search alone finds the tactics suite's winning moves: the `strong` preset with
``tactics=off`` (no solver, no one-move rules: only UCT with its template playouts) at a fixed
number of playouts and a fixed seed, on the suite's 5x5 and 6x6 positions. Seeded and bounded
by playouts rather than time, the result does not depend on the machine's load, so a
regression in the search (its tree, its playouts, its choice of the move) fails here. Flat
Monte-Carlo with the same playouts, which the mc-trap positions were built to fool, stays well
below: the threshold separates a tree search from one that is not.

The labels themselves are checked by a second solver (tests/engine/test_second_solver.py)."""

from __future__ import annotations

import pytest
from hexswarm.engine.tools.tactics_suite import load_suite, run_suite

SAMPLE = [position for position in load_suite() if position.size in (5, 6)]
PLAYOUTS = 4_000
SEARCH = f"strong:time_s=none,playouts={PLAYOUTS},tactics=off"
# About PLAYOUTS at the first move (13-20 empty cells), then fewer.
FLAT = f"mc:playouts_per_move={PLAYOUTS // 16}"
# Measured 27 Nov (seed 1): the search 51 of 52 (it missed one mc-trap), in under a second of
# CPU; flat Monte-Carlo 38 (no mc-trap, 6 of 8 template III).
SEARCH_AT_LEAST = 48


@pytest.fixture(scope="module")
def hits() -> dict[str, int]:
    return {spec: run_suite(spec, SAMPLE, time_s=None, seed=1)[-1].hits for spec in (SEARCH, FLAT)}


def test_the_sample_is_the_suites_5x5_and_6x6(hits):
    assert len(SAMPLE) == 52


def test_the_search_alone_finds_the_winning_moves(hits):
    assert hits[SEARCH] >= SEARCH_AT_LEAST, hits


def test_flat_monte_carlo_does_not(hits):
    assert hits[FLAT] < SEARCH_AT_LEAST - 6, hits

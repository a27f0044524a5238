"""The kernels' generator in a register (engine.kernels.rng's advance, bounded and unit) gives
the same numbers as the generator in its array (below, uniform) and as the plain Python
xorshift64* of engine.tools.reference."""

from __future__ import annotations

import numba
import numpy as np
from hexswarm.engine.kernels.rng import advance, below, bounded, uniform, unit
from hexswarm.engine.tools.reference import XorShift
from hypothesis import given, settings
from hypothesis import strategies as st


@numba.njit  # not cached: no compiled files beside the tests
def _in_array(state, bounds):
    """``uniform`` then ``below(bound)`` for each bound, from the array's generator."""
    floats = np.empty(bounds.size)
    ints = np.empty(bounds.size, dtype=np.int64)
    for i in range(bounds.size):
        floats[i] = uniform(state, 0)
        ints[i] = below(state, 0, bounds[i])
    return floats, ints


@numba.njit
def _in_register(x, bounds):
    """The same, the state kept in a local (advance, then unit or bounded)."""
    floats = np.empty(bounds.size)
    ints = np.empty(bounds.size, dtype=np.int64)
    for i in range(bounds.size):
        x = advance(x)
        floats[i] = unit(x)
        x = advance(x)
        ints[i] = bounded(x, bounds[i])
    return floats, ints, x


@settings(max_examples=40, deadline=None)
@given(
    st.integers(1, 2**64 - 1),
    st.lists(st.integers(1, 2**32 - 1), min_size=1, max_size=30),
)
def test_the_register_generator_is_the_array_generator_and_the_reference(seed, bounds):
    bounds = np.array(bounds, dtype=np.int64)
    state = np.array([seed], dtype=np.uint64)
    floats, ints = _in_array(state, bounds)
    floats_r, ints_r, last = _in_register(np.uint64(seed), bounds)
    assert floats.tolist() == floats_r.tolist() and ints.tolist() == ints_r.tolist()
    assert int(last) == int(state[0])
    reference = XorShift(seed)
    expected_floats, expected_ints = [], []
    for bound in bounds.tolist():
        expected_floats.append((reference.next_u64() >> 11) * (1.0 / 9007199254740992.0))
        expected_ints.append(reference.below(bound))
    assert floats.tolist() == expected_floats and ints.tolist() == expected_ints
    assert all(0.0 <= f < 1.0 for f in expected_floats)

"""Slow, obvious references for the tests (they live in the engine so the benchmark can time
them too)."""

from hexswarm.engine.tools.reference import (  # noqa: F401
    XorShift,
    bridge_answers,
    carrier_game_connects,
    exact_black_win_probability,
    flood_fill_winner,
    neighbours,
    reference_playouts,
    reference_policy_playouts,
    template_answers,
    winning_cells,
)

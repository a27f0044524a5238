"""The tactics suite (``suite.json``): Hex positions with their solver-proven winning moves.

Written by ``python -m hexswarm.engine.tactics generate --seed 1`` and read by
``engine.tactics``; it ships in the wheel so the ``run`` benchmark works from an installed copy.
"""

"""The tactics suite (``suite.json``): Hex positions with their solver-proven winning moves.

Written by ``python -m hexswarm.engine.tools.tactics_suite generate --seed 1`` and read by
``engine.tools.tactics_suite``; it ships in the wheel so the ``run`` benchmark works from an
installed copy.
"""

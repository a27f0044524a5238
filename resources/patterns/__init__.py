"""Learned pattern weights for the search's priors (``engine.patterns``), learnt by
``engine.tools.patterns`` from the games in ``docs/results/patterns``."""

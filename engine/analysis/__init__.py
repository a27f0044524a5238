"""Hex knowledge about a position (ours, after the ideas of Hex solvers and MoHex): which empty
cells can never matter (:mod:`.inferior`), which connections a side already owns
(:mod:`.connections`), and what that decides at the root (:mod:`.root`).

Everything here is exact reasoning, never an estimate: a claimed dead cell, captured set or
virtual connection holds against every defence (the tests check the claims with the exact
solver). It is a library layer beside the search, not a playout policy (those are in
:mod:`engine.knowledge`).
"""

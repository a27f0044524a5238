"""The searches behind the AI levels, on any environment (Hex, a bandit, a toy game tree).

* ``engine.search.swarm``: SDS at the root (MCSDS) and SDS in the tree (SDST) with the fixed,
  layers and whole-tree allocation policies;
* ``engine.search.montecarlo``: vanilla Monte-Carlo;
* ``engine.search.uct``: the UCT baseline;
* ``engine.search.anthill``: the anthill (ours), agents choosing the moves of UCT's tree;
* ``engine.search.snapshot``: what a running search reports (immutable snapshots);
* ``engine.search.limits``: how long a search runs (:class:`SearchLimits`).

Every search is run the same way (:mod:`engine.search.limits`)::

    result = search.run(env, SearchLimits(playouts=10_000), on_snapshot, should_stop)

The kernels compile on first use; :func:`engine.warmup.warm_up` compiles or loads them all
at once (splash screen, test session), so no search blocks on a compile later.
"""

from __future__ import annotations

from hexswarm.engine.search.limits import Search, SearchLimits, SearchResult

__all__ = ["Search", "SearchLimits", "SearchResult"]

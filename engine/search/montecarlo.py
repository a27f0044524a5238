"""Vanilla Monte-Carlo (thesis 5.2.2, level 1): the same number of uniform random playouts
after every legal move; the move with the best win ratio is played.

Runs on the same evaluation kernel as the swarm searches (``engine.kernels.sds``), so the
playouts are the very ones MCSDS and SDST use. A move that wins at once is scored exactly (win
ratio 1, no playout) and preferred to any estimated move.

Call :meth:`MonteCarloSearch.run` from one thread; callbacks run on that thread.
"""

from __future__ import annotations

import math
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import numpy as np
from hexswarm.engine.board import HexError
from hexswarm.engine.kernels.environment import action_count_py, make_scratch
from hexswarm.engine.kernels.layout import SwarmTree
from hexswarm.engine.kernels.rng import seed_states
from hexswarm.engine.kernels.sds import evaluate_leaves, root_outcomes
from hexswarm.engine.kernels.tree import ONGOING, ROOT_WINS
from hexswarm.engine.playout import split_evenly
from hexswarm.engine.search.environment import action_labels, side_to_move, without_playouts
from hexswarm.engine.search.limits import SearchLimits
from hexswarm.engine.search.snapshot import (
    RootHistory,
    SearchSnapshot,
    SnapshotCallback,
    SnapshotThrottle,
    StopCheck,
)
from hexswarm.engine.search.swarm import STATE_STRIDE
from hexswarm.engine.search.timing import TimeBudget


@dataclass(frozen=True, slots=True)
class MonteCarloResult:
    """``visits``/``wins`` per action (wins for the player to move); exact wins count as
    one visit and one win."""

    best_action: int
    estimate: float
    visits: np.ndarray
    wins: np.ndarray
    exact_wins: np.ndarray
    playouts: int
    iterations: int  # rounds: playouts per open move
    stopped: bool
    snapshot: SearchSnapshot


def root_tree(width: int) -> SwarmTree:
    """A search tree holding only the root (and room for the root's pairs)."""
    capacity = 1
    while capacity < 4 * width + 4:
        capacity *= 2
    return SwarmTree(
        node_parent=np.full(1, -1, dtype=np.int32),
        node_action=np.full(1, -1, dtype=np.int32),
        node_depth=np.zeros(1, dtype=np.int32),
        counters=np.array([1, 0], dtype=np.int64),
        pair_keys=np.full(capacity, -1, dtype=np.int64),
        pair_child=np.full(capacity, -1, dtype=np.int32),
        pair_outcome=np.zeros(capacity, dtype=np.int8),
    )


def exact_root_outcomes(env) -> np.ndarray:
    """ONGOING / ROOT_WINS / ROOT_LOSES for every root action."""
    width = action_count_py(env)
    outcomes = np.zeros(width, dtype=np.int8)
    root_outcomes(without_playouts(env), root_tree(width), outcomes, make_scratch(env))
    return outcomes


class MonteCarloSearch:
    """Vanilla Monte-Carlo: ``MonteCarloSearch(threads, seed).run(env, limits)``. An
    iteration is a round of one playout after every open move (``iterations`` = playouts per
    move), so a stop or a limit leaves the comparison fair; ``player`` and ``position_id``
    label the snapshots. Holds no state between runs."""

    def __init__(self, threads: int = 1, seed: int = 0, *, player: str = "mc", position_id=0):
        if threads < 1:
            raise HexError(f"threads must be at least 1, not {threads}")
        self.threads = threads
        self.seed = seed
        self.player = player
        self.position_id = position_id

    def run(
        self,
        env,
        limits: SearchLimits,
        on_snapshot: SnapshotCallback | None = None,
        should_stop: StopCheck | None = None,
    ) -> MonteCarloResult:
        """Search ``env`` until the first of ``limits`` or ``should_stop``
        (:mod:`engine.search.limits`)."""
        limits.require_end(should_stop)
        threads, player, position_id = self.threads, self.player, self.position_id
        start = time.perf_counter()
        width = action_count_py(env)
        labels = action_labels(env)
        to_move = side_to_move(env)
        tree = root_tree(width)
        scratches = [make_scratch(env) for _ in range(threads + 1)]
        outcomes = np.zeros(width, dtype=np.int8)
        root_outcomes(without_playouts(env), tree, outcomes, scratches[0])
        exact_wins = outcomes == ROOT_WINS
        open_actions = np.flatnonzero(outcomes == ONGOING).astype(np.int32)
        visits = np.where(exact_wins, 1, 0).astype(np.int64)
        wins = visits.copy()
        states = seed_states(self.seed, (threads + 1) * STATE_STRIDE)
        # Rounds allowed by the count limits (None: no count limit).
        caps = [limits.iterations]
        if limits.playouts is not None:
            caps.append(limits.playouts // max(open_actions.size, 1))
        rounds = min((c for c in caps if c is not None), default=None)
        per_round = max(1, 200_000 // max(open_actions.size, 1))
        done_per_action = 0
        playouts = 0
        stopped = False
        throttle = SnapshotThrottle(on_snapshot)
        history = RootHistory()

        def snapshot(done: bool) -> SearchSnapshot:
            best = _best(visits, wins, exact_wins)
            return SearchSnapshot(
                position_id=position_id,
                player=player,
                to_move=to_move,
                iteration=done_per_action,
                playouts=playouts,
                elapsed_s=time.perf_counter() - start,
                root_moves=tuple(int(m) for m in labels),
                root_agents=tuple(int(v) for v in visits),
                root_active=tuple(int(w) for w in wins),
                best_move=int(labels[best]),
                estimate=float(wins[best] / visits[best]) if visits[best] else 0.5,
                principal_variation=(int(labels[best]),),
                root_values=tuple(
                    float(w / v) if v > 0 else math.nan for v, w in zip(visits, wins, strict=True)
                ),
                **history.snapshot_fields(),
                done=done,
                extra={"exact_wins": int(exact_wins.sum())},
            )

        budget = None if limits.seconds is None else TimeBudget(limits.seconds, start=start)
        pool = ThreadPoolExecutor(max_workers=threads) if threads > 1 else None
        try:
            while open_actions.size and not exact_wins.any():
                if should_stop is not None and should_stop():
                    stopped = True
                    break
                count = per_round
                if budget is not None:
                    count = budget.next_batch(1)  # a round of one playout per move first
                if rounds is not None:
                    count = min(count, rounds - done_per_action)
                if count <= 0:
                    break
                round_start = time.perf_counter()
                leaf_action = np.repeat(open_actions, count)
                total = leaf_action.size
                leaf_node = np.zeros(total, dtype=np.int32)
                leaf_exact = np.zeros(total, dtype=np.int8)
                results = np.zeros(total, dtype=np.uint8)
                order = np.arange(total, dtype=np.int32)  # already grouped by action
                bounds = np.concatenate([[0], np.cumsum(split_evenly(total, threads))])

                def run(
                    thread: int,
                    leaf_action=leaf_action,
                    leaf_node=leaf_node,
                    leaf_exact=leaf_exact,
                    results=results,
                    bounds=bounds,
                    order=order,
                ) -> int:
                    return evaluate_leaves(
                        env,
                        tree,
                        order,
                        leaf_node,
                        leaf_action,
                        leaf_exact,
                        results,
                        int(bounds[thread]),
                        int(bounds[thread + 1]),
                        scratches[thread + 1],
                        states,
                        (thread + 1) * STATE_STRIDE,
                    )

                if pool is None:
                    playouts += run(0)
                else:
                    playouts += sum(pool.map(run, range(threads)))
                visits[open_actions] += count
                wins[open_actions] += results.reshape(open_actions.size, count).sum(
                    axis=1, dtype=np.int64
                )
                done_per_action += count
                if budget is not None:
                    budget.record(count, time.perf_counter() - round_start)
                history.add(done_per_action, visits, wins)
                throttle.offer(lambda: snapshot(False))
        finally:
            if pool is not None:
                pool.shutdown(wait=True)
        final = throttle.final(snapshot(True))
        best = _best(visits, wins, exact_wins)
        return MonteCarloResult(
            best_action=best,
            estimate=final.estimate,
            visits=visits,
            wins=wins,
            exact_wins=exact_wins,
            playouts=playouts,
            iterations=done_per_action,
            stopped=stopped,
            snapshot=final,
        )


def _best(visits: np.ndarray, wins: np.ndarray, exact_wins: np.ndarray) -> int:
    """Exact wins first, then the best win ratio, then more playouts, then the lower index."""
    ratio = wins / np.maximum(visits, 1)
    order = np.lexsort((-np.arange(visits.size), visits, ratio, exact_wins))
    return int(order[-1])

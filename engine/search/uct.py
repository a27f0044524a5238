"""UCT search driver: root parallelism over ``threads`` independent trees.

Each thread grows its own tree with its own generator (seeded from ``seed``) for
``playouts / threads`` iterations, in chunks of ~10-20 ms between which ``should_stop`` is
polled and snapshots are taken; the root children's statistics of all trees are summed and the
most visited move is played (seed 004: "play the most simulated move"). A move that wins at
once is exact (no playout) and is played whatever the counts.

Call :meth:`UctSearch.run` from one thread; callbacks run on that thread.
"""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import numpy as np

from engine.kernels.environment import action_count_py, make_scratch
from engine.kernels.rng import seed_states
from engine.kernels.tree import NODE_COUNT, ROOT_WINS
from engine.kernels.uct import root_children, uct_iterations
from engine.playout import split_evenly
from engine.search.snapshot import SearchSnapshot, SnapshotCallback, StopCheck, TreeNode
from engine.search.swarm import STATE_STRIDE

SNAPSHOT_INTERVAL_S = 0.08


@dataclass(frozen=True, slots=True)
class UctResult:
    best_action: int
    estimate: float  # root player's win rate through the chosen move
    visits: np.ndarray
    wins: np.ndarray
    playouts: int
    iterations: int
    stopped: bool
    snapshot: SearchSnapshot


class _Tree:
    """The arrays of one UCT tree."""

    def __init__(self, capacity: int):
        self.capacity = 0
        self.arrays: list[np.ndarray] = []
        self.counters = np.array([1, 0], dtype=np.int64)
        self._grow(capacity)
        parent, action, depth, first, sibling, count, visits, wins, terminal = self.arrays
        parent[0], action[0], depth[0], first[0], sibling[0], count[0] = -1, -1, 0, -1, -1, 0

    def _grow(self, capacity: int) -> None:
        dtypes = [np.int32] * 6 + [np.float64, np.float64, np.int8]
        old = self.capacity
        grown = []
        for i, dtype in enumerate(dtypes):
            array = np.zeros(capacity, dtype=dtype)
            if old:
                array[:old] = self.arrays[i][:old]
            grown.append(array)
        self.arrays = grown
        self.capacity = capacity

    def ensure(self, more: int) -> None:
        need = int(self.counters[NODE_COUNT]) + more + 1
        if need > self.capacity:
            self._grow(max(need, 2 * self.capacity))

    def nodes(self) -> tuple:
        return (*self.arrays, self.counters)


class UctSearch:
    """UCT from one position (``env``); not reusable."""

    def __init__(
        self,
        env: tuple,
        *,
        playouts: int,
        exploration: float = 1.0,
        threads: int = 1,
        seed: int = 0,
        time_s: float | None = None,
        action_labels=None,
        player: str = "uct",
        to_move: str = "",
        position_id: int = 0,
    ):
        self.env = env
        self.width = action_count_py(env)
        self.playouts_budget = playouts
        self.exploration = exploration
        self.threads = threads
        self.time_s = time_s
        self.labels = np.arange(self.width) if action_labels is None else np.asarray(action_labels)
        self.player, self.to_move, self.position_id = player, to_move, position_id
        self.states = seed_states(seed, threads * STATE_STRIDE)
        self.shares = split_evenly(playouts, threads)
        self.done = [0] * threads
        self.playouts = 0
        self.chunk = max(64, 200_000 // max(self.width, 1))
        self.trees = [_Tree(min(share, self.chunk) + 2) for share in self.shares]
        self.scratches = [make_scratch(env) for _ in range(threads)]
        self.marks = [np.zeros(self.width + 1, dtype=np.uint8) for _ in range(threads)]
        self.scratch_actions = [np.zeros(self.width + 1, dtype=np.int32) for _ in range(threads)]
        depth_bound = self.width + 2 if env[0] == 0 else int(env[8]) + 2
        self.paths = [np.zeros(depth_bound, dtype=np.int32) for _ in range(threads)]
        self._start = time.perf_counter()

    def _run_chunk(self, thread: int) -> int:
        count = min(self.chunk, self.shares[thread] - self.done[thread])
        if count <= 0:
            return 0
        tree = self.trees[thread]
        tree.ensure(count)
        playouts = uct_iterations(
            self.env,
            tree.nodes(),
            count,
            self.exploration,
            self.scratches[thread],
            self.marks[thread],
            self.scratch_actions[thread],
            self.paths[thread],
            self.states,
            thread * STATE_STRIDE,
        )
        self.done[thread] += count
        return playouts

    def root_stats(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        visits = np.zeros(self.width, dtype=np.float64)
        wins = np.zeros(self.width, dtype=np.float64)
        terminal = np.zeros(self.width, dtype=np.int8)
        for tree in self.trees:
            root_children(tree.nodes(), self.width, visits, wins, terminal)
        return visits, wins, terminal

    def best_action(self, visits, wins, terminal) -> int:
        """An exact win first, then the most visited move, then the better win rate."""
        rate = wins / np.maximum(visits, 1)
        order = np.lexsort((-np.arange(self.width), rate, visits, terminal == ROOT_WINS))
        return int(order[-1])

    def run(
        self, on_snapshot: SnapshotCallback | None = None, should_stop: StopCheck | None = None
    ) -> UctResult:
        self._start = time.perf_counter()
        stopped = False
        last = self._start
        pool = ThreadPoolExecutor(max_workers=self.threads) if self.threads > 1 else None
        try:
            while any(d < s for d, s in zip(self.done, self.shares, strict=True)):
                if should_stop is not None and should_stop():
                    stopped = True
                    break
                if self.time_s is not None and time.perf_counter() - self._start >= self.time_s:
                    break
                if pool is None:
                    self.playouts += self._run_chunk(0)
                else:
                    self.playouts += sum(pool.map(self._run_chunk, range(self.threads)))
                if on_snapshot is not None and time.perf_counter() - last >= SNAPSHOT_INTERVAL_S:
                    current = self.snapshot(False)
                    last = time.perf_counter()  # from when it was taken, however long that took
                    on_snapshot(current)
        finally:
            if pool is not None:
                pool.shutdown(wait=True)
        final = self.snapshot(True)
        if on_snapshot is not None:
            on_snapshot(final)
        visits, wins, terminal = self.root_stats()
        best = self.best_action(visits, wins, terminal)
        return UctResult(
            best_action=best,
            estimate=final.estimate,
            visits=visits,
            wins=wins,
            playouts=self.playouts,
            iterations=sum(self.done),
            stopped=stopped,
            snapshot=final,
        )

    # ------------------------------------------------------------------ observation
    def principal_variation(self, limit: int = 12) -> tuple[int, ...]:
        """Most visited children from the root of the first tree."""
        parent, action, depth, first, sibling, count, visits, wins, terminal = self.trees[0].arrays
        pv: list[int] = []
        node = 0
        while len(pv) < limit:
            best, best_visits = -1, 0.0
            c = int(first[node])
            while c >= 0:
                if visits[c] > best_visits:
                    best, best_visits = c, visits[c]
                c = int(sibling[c])
            if best < 0:
                break
            pv.append(int(self.labels[action[best]]))
            node = best
        return tuple(pv)

    def tree_summary(self, max_depth: int = 3, max_children: int = 6) -> TreeNode:
        """The most visited part of the first tree (``agents`` = visits, ``active`` = wins of
        the player who made the node's move)."""
        parent, action, depth, first, sibling, count, visits, wins, terminal = self.trees[0].arrays

        def build(node: int, path: tuple[int, ...]) -> TreeNode:
            kids = []
            c = int(first[node])
            while c >= 0:
                kids.append(c)
                c = int(sibling[c])
            kids.sort(key=lambda k: -visits[k])
            shown = kids[:max_children] if len(path) < max_depth else []
            hidden = kids[len(shown) :]
            n = visits[node]
            return TreeNode(
                path=path,
                depth=len(path),
                agents=int(n),
                active=int(wins[node]),
                value=float(wins[node] / n) if n else 0.0,
                children=tuple(build(k, (*path, int(self.labels[action[k]]))) for k in shown),
                collapsed_children=len(hidden),
                collapsed_agents=int(sum(visits[k] for k in hidden)),
            )

        return build(0, ())

    def snapshot(self, done: bool) -> SearchSnapshot:
        visits, wins, terminal = self.root_stats()
        best = self.best_action(visits, wins, terminal)
        estimate = float(wins[best] / visits[best]) if visits[best] else 0.5
        return SearchSnapshot(
            position_id=self.position_id,
            player=self.player,
            to_move=self.to_move,
            iteration=sum(self.done),
            playouts=self.playouts,
            elapsed_s=time.perf_counter() - self._start,
            root_moves=tuple(int(m) for m in self.labels),
            root_agents=tuple(int(v) for v in visits),
            root_active=tuple(int(w) for w in wins),
            best_move=int(self.labels[best]),
            estimate=estimate,
            principal_variation=self.principal_variation(),
            tree=self.tree_summary(),
            done=done,
            extra={
                "trees": self.threads,
                "nodes": sum(int(t.counters[NODE_COUNT]) for t in self.trees),
            },
        )

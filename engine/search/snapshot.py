"""What a search reports while it runs: immutable snapshots, safe to hand to another thread.

Perspective: every count and rate here is *for the player to move at the root* unless a field says
otherwise (``TreeNode.value`` is from the point of view of the player who made the node's move).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

SnapshotCallback = Callable[["SearchSnapshot"], None]
StopCheck = Callable[[], bool]

# Every search reports at most this often (a swarm snapshot with a 50 000-agent tree costs
# 2-4 ms: under 5%), and keeps at most this many root samples for the charts.
SNAPSHOT_INTERVAL_S = 0.08
HISTORY_LIMIT = 400


@dataclass(frozen=True, slots=True)
class TreeNode:
    """One node of the searched tree (SDST metapopulation or UCT tree), size-limited.

    ``path`` is the sequence of cell indices from the root position; ``agents`` the node's
    population size (UCT: visits); ``active`` its active agents (UCT: wins);
    ``value`` the estimated win rate for the player who made the last move of ``path``.
    A move with no population below it (``held_only``: it ends the game, or the allocation
    policy has not populated it yet) counts the agents of the parent that hold that move as
    their hypothesis.
    """

    path: tuple[int, ...]
    depth: int
    agents: int
    active: int
    value: float
    children: tuple[TreeNode, ...] = ()
    collapsed_children: int = 0  # children left out of the summary ("other")
    collapsed_agents: int = 0  # their agents (UCT: visits) in total
    ends_game: bool = False  # the node's move ends the game (its value is exact)
    held_only: bool = False  # no population of its own: ``agents`` are the parent's holders


@dataclass(frozen=True, slots=True)
class SearchSnapshot:
    """What the search knows at one instant.

    ``root_moves[i]`` is a cell index (or ``-1`` for a swap); ``root_agents[i]`` the agents (or
    visits) supporting it; ``root_active[i]`` how many of those are active (or wins).
    ``history`` holds, for the iterations ``history_iterations``, the agents (or visits, or
    playouts) per root move in the order of ``root_moves`` (thesis Fig. 4.2/4.6), and
    ``history_active`` the active agents (or wins) per root move; a long search's history is
    thinned (:class:`RootHistory`).
    ``estimate`` is the searcher's win-rate estimate for the player to move (0..1); NaN
    (:attr:`has_value`) when no search ran and the rule that chose the move gives no value
    (root tactics blocking the opponent's only winning cell).
    ``root_values[i]`` (when given) is the searcher's win rate for the player to move *after*
    playing ``root_moves[i]`` (UCT, Monte-Carlo: its wins / visits; the swarms: the tests
    through the move, or the active share of its agents before any finished), ``nan`` where it
    has no evidence; without it, :func:`candidates` uses the active share.
    ``root_lines`` are the principal variations of the most supported root moves (at most
    :data:`CANDIDATE_LINES`, strongest first), each starting with its root move.
    ``proven`` is ``"win"`` or ``"loss"`` when the result for the player to move is known
    exactly (``None`` otherwise); ``note`` says how, in words (e.g. the root tactics of
    ``engine.players.tactics``).
    """

    position_id: int
    player: str
    to_move: str
    iteration: int
    playouts: int
    elapsed_s: float
    root_moves: tuple[int, ...]
    root_agents: tuple[int, ...]
    root_active: tuple[int, ...]
    best_move: int
    estimate: float
    principal_variation: tuple[int, ...] = ()
    root_values: tuple[float, ...] = ()
    root_lines: tuple[tuple[int, ...], ...] = ()
    history_iterations: tuple[int, ...] = ()
    history: tuple[tuple[int, ...], ...] = ()
    history_active: tuple[tuple[int, ...], ...] = ()
    active_fraction_history: tuple[float, ...] = ()
    tree: TreeNode | None = None
    done: bool = False
    proven: str | None = None
    note: str = ""
    extra: dict = field(default_factory=dict)

    @property
    def playouts_per_s(self) -> float:
        return self.playouts / self.elapsed_s if self.elapsed_s > 0 else 0.0

    @property
    def total_agents(self) -> int:
        return sum(self.root_agents)

    @property
    def has_value(self) -> bool:
        """Whether ``estimate`` is a value (not NaN: a move chosen by a rule without one)."""
        return not math.isnan(self.estimate)


def decided_without_search(snapshot: SearchSnapshot) -> bool:
    """A move chosen before any playout (root tactics, the solver, the opening table): its
    snapshot says how in ``note``, and its estimate is that rule's."""
    return snapshot.playouts == 0 and bool(snapshot.note)


def has_estimate(snapshot: SearchSnapshot) -> bool:
    """Whether the snapshot's estimate means anything: some test (playout) has finished, or
    the move was decided without a search by a rule that gives a value (a forced block
    gives none), and the estimate is a number (an external engine's move without a value
    is NaN). At iteration 0 a swarm has only random hypotheses and its estimate is a
    placeholder."""
    searched = snapshot.iteration > 0 and snapshot.playouts > 0
    decided = decided_without_search(snapshot) and snapshot.has_value
    valued = not math.isnan(snapshot.estimate) or snapshot.proven in ("win", "loss")
    return bool(snapshot.root_moves) and (searched or decided) and valued


class RootHistory:
    """The root samples a search reports in its snapshots: per sample, the iteration, the
    support (agents, visits or playouts) and the active agents (or wins) per root action, and
    the active fraction. Beyond ``limit`` samples every second one is dropped (the latest
    kept), so memory stays bounded while the samples keep spanning the whole search. One
    search, one thread."""

    def __init__(self, limit: int = HISTORY_LIMIT) -> None:
        if limit < 2:
            raise ValueError(f"a history keeps at least 2 samples, not {limit}")
        self.limit = limit
        self.iterations: list[int] = []
        self.support: list[tuple[int, ...]] = []
        self.active: list[tuple[int, ...]] = []
        self.active_fraction: list[float] = []

    def add(self, iteration: int, support: Iterable[int], active: Iterable[int]) -> None:
        """A sample, by action; a repeated iteration replaces the sample before."""
        support = tuple(int(c) for c in support)
        active = tuple(int(a) for a in active)
        total = sum(support)
        fraction = sum(active) / total if total else 0.0
        if self.iterations and self.iterations[-1] == iteration:
            self.support[-1], self.active[-1], self.active_fraction[-1] = (
                support,
                active,
                fraction,
            )
            return
        self.iterations.append(int(iteration))
        self.support.append(support)
        self.active.append(active)
        self.active_fraction.append(fraction)
        if len(self.iterations) > self.limit:
            for name in ("iterations", "support", "active", "active_fraction"):
                kept = getattr(self, name)
                setattr(self, name, [*kept[:-1:2], kept[-1]])

    def snapshot_fields(self) -> dict:
        """The history fields of a :class:`SearchSnapshot`."""
        return {
            "history_iterations": tuple(self.iterations),
            "history": tuple(self.support),
            "history_active": tuple(self.active),
            "active_fraction_history": tuple(self.active_fraction),
        }


class SnapshotThrottle:
    """Hands snapshots to ``on_snapshot`` at most every ``interval_s``, counted from when the
    last one was *taken* (a slow one, e.g. the first, which compiles, must not bring the next
    one closer than promised); a final one always. Runs on the search's thread."""

    def __init__(
        self,
        on_snapshot: SnapshotCallback | None,
        *,
        interval_s: float = SNAPSHOT_INTERVAL_S,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.on_snapshot = on_snapshot
        self.interval_s = interval_s
        self.clock = clock
        self.last = clock()

    def offer(self, take: Callable[[], SearchSnapshot]) -> None:
        """Take a snapshot with ``take()`` and hand it over, if one is due."""
        if self.on_snapshot is not None and self.clock() - self.last >= self.interval_s:
            snapshot = take()
            self.last = self.clock()
            self.on_snapshot(snapshot)

    def final(self, snapshot: SearchSnapshot) -> SearchSnapshot:
        """Hand over the search's last snapshot (always) and return it."""
        if self.on_snapshot is not None:
            self.on_snapshot(snapshot)
        return snapshot


CANDIDATE_LINES = 10
"""How many root moves a search gives a principal variation of (``SearchSnapshot.root_lines``)."""
PV_LENGTH = 12
"""The longest principal variation a search reports."""


@dataclass(frozen=True, slots=True)
class Candidate:
    """One candidate move of a snapshot, as an analysis display shows it.

    ``order`` 0 is the searcher's choice (``best_move``); ``support`` its agents (UCT: visits,
    Monte-Carlo: playouts) and ``active`` the active ones among them (UCT: wins); ``share`` is
    ``support`` over all the root's support. ``value`` is the win rate for the player to move
    at the root after this move (``SearchSnapshot.root_values``, else ``active / support``).
    ``line`` is the move's principal variation, starting with the move itself.
    """

    move: int
    order: int
    support: int
    active: int
    share: float
    value: float
    line: tuple[int, ...]

    @property
    def active_fraction(self) -> float:
        return self.active / self.support if self.support > 0 else 0.0


def candidates(snapshot: SearchSnapshot, limit: int) -> tuple[Candidate, ...]:
    """The ``limit`` strongest root moves of ``snapshot`` with some support: the searcher's
    choice first, then by support, then by value, then in the order of ``root_moves`` (so the
    ranking is deterministic; for vanilla Monte-Carlo, whose moves all get the same playouts,
    it is the order of the win ratios)."""
    if limit < 1:
        raise ValueError(f"the number of candidates must be at least 1, not {limit!r}")
    total = snapshot.total_agents
    have_values = len(snapshot.root_values) == len(snapshot.root_moves)
    values = []
    for i, (support, active) in enumerate(
        zip(snapshot.root_agents, snapshot.root_active, strict=True)
    ):
        value = snapshot.root_values[i] if have_values else math.nan
        if math.isnan(value):
            value = active / support if support > 0 else 0.5
        values.append(value)
    lines = {line[0]: line for line in snapshot.root_lines if line}
    if snapshot.principal_variation:
        lines.setdefault(snapshot.principal_variation[0], snapshot.principal_variation)
    ranked = sorted(
        (i for i, support in enumerate(snapshot.root_agents) if support > 0),
        key=lambda i: (
            snapshot.root_moves[i] != snapshot.best_move,
            -snapshot.root_agents[i],
            -values[i],
            i,
        ),
    )
    return tuple(
        Candidate(
            move=snapshot.root_moves[i],
            order=order,
            support=snapshot.root_agents[i],
            active=snapshot.root_active[i],
            share=snapshot.root_agents[i] / total if total > 0 else 0.0,
            value=values[i],
            line=lines.get(snapshot.root_moves[i], (snapshot.root_moves[i],)),
        )
        for order, i in enumerate(ranked[:limit])
    )

"""Pure-Python data shaping for the dashboard: no Qt, callable from any thread, easy to test.

Everything here turns :class:`~engine.search.snapshot.SearchSnapshot` objects into the few numbers
a panel draws, with the sizes bounded so a repaint never grows with the length of the search:

* :class:`SnapshotGate` keeps only the latest snapshot of the current position (stale ones, from a
  position the board has left, are dropped);
* :func:`population_series` groups the root moves into the top *k* plus "other" (thesis Fig. 4.2,
  4.6) and thins long histories;
* :func:`layout_tree` picks at most ``max_nodes`` nodes of the metapopulation (or UCT tree),
  collapses each node's tail of weak children into one "other" node and places them in layers;
* :class:`GameEstimates` holds the AI's estimate for Black after every move and finds the swings;
* :class:`ThroughputHistory` turns successive snapshots into playouts/s and iterations/s.

Perspective: snapshot counts are for the player to move at the root (``SearchSnapshot`` docs);
the game graph converts them to Black's point of view with :func:`estimate_for_black`.
"""

from __future__ import annotations

import csv
import heapq
import math
from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from hexswarm.engine.board import HexError, cell_name
from hexswarm.engine.review import REVIEW_ANALYST, analyst_name
from hexswarm.engine.search.snapshot import (  # noqa: F401 (the panels import them from here)
    SearchSnapshot,
    TreeNode,
    decided_without_search,
    has_estimate,
)
from hexswarm.gui.settings import engine_name

SWAP_CELL = -1
"""How snapshots write the swap move in ``root_moves`` and tree paths."""

OTHER_LABEL = "other"


# --------------------------------------------------------------------------- labels


def move_label(cell: int, size: int | tuple[int, int]) -> str:
    """The user-facing name of a root move: ``e5``, or ``swap`` for the swap move (-1), on a
    board of ``size`` (a square's side, or ``(columns, rows)``)."""
    if cell == SWAP_CELL:
        return "swap"
    columns, rows = (size, size) if isinstance(size, int) else size
    return cell_name(cell, columns, rows)


def line_label(path: Sequence[int], size: int | tuple[int, int]) -> str:
    """A move sequence as a person reads it: ``e5 f4 d6`` (``root`` for the empty path)."""
    return " ".join(move_label(cell, size) for cell in path) if path else "root"


def format_count(count: float) -> str:
    """Compact counts for board labels: ``950``, ``1.2k``, ``12k``, ``3.4M``."""
    count = float(count)
    for limit, suffix in ((1e9, "G"), (1e6, "M"), (1e3, "k")):
        if abs(count) >= limit:
            scaled = count / limit
            # One decimal while it adds information, none once the number is two digits wide.
            text = f"{scaled:.1f}" if abs(scaled) < 10 else f"{scaled:.0f}"
            return text.removesuffix(".0") + suffix
    return f"{count:.0f}"


def format_share(share: float) -> str:
    """A fraction 0..1 as a whole percentage (``0.47`` -> ``47%``); tiny non-zero shares are
    written ``<1%`` so that a cell that holds agents never reads as 0%."""
    if 0 < share < 0.005:
        return "<1%"
    return f"{share * 100:.0f}%"


def nice_ceiling(value: float) -> float:
    """The smallest of 1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8 times a power of ten that is
    >= ``value`` (1 for values <= 0). Live charts use it as the top of an axis so the axis
    (expensive to lay out) changes only when the data outgrows a round number."""
    if not value > 0 or math.isinf(value):
        return 1.0
    power = 10.0 ** math.floor(math.log10(value))
    for step in (1.0, 1.2, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0):
        if step * power >= value * (1 - 1e-12):
            return step * power
    return 10.0 * power


def thin_indices(length: int, max_points: int) -> list[int]:
    """At most ``max_points`` indices spread evenly over ``range(length)``, first and last kept.

    Used to downsample long histories so the cost of a repaint is bounded.
    """
    if max_points < 2:
        raise ValueError("max_points must be at least 2")
    if length <= max_points:
        return list(range(length))
    step = (length - 1) / (max_points - 1)
    indices = sorted({round(i * step) for i in range(max_points)})
    return indices


# --------------------------------------------------------------------------- stale dropping


class SnapshotGate:
    """Latest-snapshot mailbox with stale dropping. GUI thread only.

    ``offer`` is called for every snapshot the engine sends (possibly much faster than the screen
    refreshes); ``take`` is called by the refresh timer and returns the newest snapshot once, or
    ``None`` when nothing new arrived. Snapshots whose ``position_id`` is not the current
    position (set by :meth:`set_position`) are counted in ``dropped`` and never shown.
    """

    def __init__(self) -> None:
        self.position_id: int | None = None
        self.latest: SearchSnapshot | None = None
        self.dropped = 0
        self.accepted = 0
        self._fresh = False

    def set_position(self, position_id: int) -> None:
        """The board now shows ``position_id``; anything about another position is stale."""
        if position_id != self.position_id:
            self.position_id = position_id
            self.latest = None
            self._fresh = False

    def offer(self, snapshot: SearchSnapshot) -> bool:
        """Keep ``snapshot`` if it is about the current position; return whether it was kept."""
        if self.position_id is not None and snapshot.position_id != self.position_id:
            self.dropped += 1
            return False
        if self.position_id is None:
            self.position_id = snapshot.position_id
        self.latest = snapshot
        self.accepted += 1
        self._fresh = True
        return True

    def take(self) -> SearchSnapshot | None:
        """The newest accepted snapshot if it has not been taken yet, else ``None``."""
        if not self._fresh:
            return None
        self._fresh = False
        return self.latest


# --------------------------------------------------------------------------- population chart


@dataclass(frozen=True, slots=True)
class PopulationSeries:
    """What the population chart draws.

    ``moves`` are the top-k root moves by current support, strongest first, and
    ``values[i][j]`` the agents (or share of agents, if ``as_share``) supporting ``moves[i]`` at
    ``iterations[j]``; ``other`` is the same for every remaining root move together.
    ``active_fraction[j]`` is the fraction of all root agents that were active at
    ``iterations[j]`` (UCT: the mean win rate of the root's playouts).
    """

    iterations: tuple[int, ...]
    moves: tuple[int, ...]
    labels: tuple[str, ...]
    values: tuple[tuple[float, ...], ...]
    other: tuple[float, ...]
    active_iterations: tuple[int, ...]
    active_fraction: tuple[float, ...]
    as_share: bool

    def table(self) -> tuple[list[str], list[list[object]]]:
        """Header and rows for CSV export (one row per drawn iteration)."""
        header = ["iteration", *self.labels, OTHER_LABEL, "active_fraction"]
        active = dict(zip(self.active_iterations, self.active_fraction, strict=True))
        rows = []
        for j, iteration in enumerate(self.iterations):
            row: list[object] = [iteration]
            row += [series[j] for series in self.values]
            row.append(self.other[j])
            row.append(active.get(iteration, ""))
            rows.append(row)
        return header, rows


def top_moves(snapshot: SearchSnapshot, k: int) -> list[int]:
    """Indices into ``snapshot.root_moves`` of the ``k`` strongest moves: the searcher's choice
    (``best_move``, the move the board frames) first, then the most supported (ties broken by
    the order of ``root_moves`` so the choice is deterministic). Moves without support are
    left out."""
    order = sorted(
        range(len(snapshot.root_moves)),
        key=lambda i: (snapshot.root_moves[i] != snapshot.best_move, -snapshot.root_agents[i], i),
    )
    return [i for i in order if snapshot.root_agents[i] > 0][:k]


def population_series(
    snapshot: SearchSnapshot,
    size: int,
    *,
    top_k: int = 5,
    max_points: int = 300,
    as_share: bool = False,
) -> PopulationSeries:
    """Group the snapshot's root history into the top ``top_k`` moves plus "other".

    The top moves are the searcher's choice, then the moves with the most *current* support
    (``root_agents``; :func:`top_moves`), so the lines show how the moves that lead now got
    there, and the first line is the move the board frames. Without a history (a search that
    does not record one), the current distribution is the only point. At most ``max_points``
    iterations are kept.
    """
    if top_k < 1:
        raise ValueError("top_k must be at least 1")
    chosen = top_moves(snapshot, top_k)
    history = list(snapshot.history)
    iterations = list(snapshot.history_iterations)
    if not history:
        history = [tuple(snapshot.root_agents)]
        iterations = [snapshot.iteration]
    elif len(iterations) != len(history):
        # A search that does not number its history rows: they are consecutive iterations
        # ending at the current one.
        iterations = list(range(snapshot.iteration - len(history) + 1, snapshot.iteration + 1))
    keep = thin_indices(len(history), max_points)
    rows = [history[j] for j in keep]
    kept_iterations = tuple(iterations[j] for j in keep)

    values: list[list[float]] = [[] for _ in chosen]
    other: list[float] = []
    for row in rows:
        total = sum(row)
        scale = (1.0 / total if total > 0 else 0.0) if as_share else 1.0
        top_sum = 0
        for series, index in zip(values, chosen, strict=True):
            count = row[index] if index < len(row) else 0
            top_sum += count
            series.append(count * scale)
        other.append((total - top_sum) * scale)

    fractions = list(snapshot.active_fraction_history)
    if fractions:
        # The active fractions belong to the last len(fractions) iterations of the history.
        if len(iterations) >= len(fractions):
            active_its = list(iterations[-len(fractions) :])
        else:
            first = snapshot.iteration - len(fractions) + 1
            active_its = list(range(first, snapshot.iteration + 1))
    else:
        total = snapshot.total_agents
        fractions = [sum(snapshot.root_active) / total] if total > 0 else []
        active_its = [snapshot.iteration] if fractions else []
    keep_active = thin_indices(len(fractions), max_points) if fractions else []

    return PopulationSeries(
        iterations=kept_iterations,
        moves=tuple(snapshot.root_moves[i] for i in chosen),
        labels=tuple(move_label(snapshot.root_moves[i], size) for i in chosen),
        values=tuple(tuple(series) for series in values),
        other=tuple(other),
        active_iterations=tuple(active_its[j] for j in keep_active),
        active_fraction=tuple(float(fractions[j]) for j in keep_active),
        as_share=as_share,
    )


REVIEW_LABEL = "review (UCT)"
"""The name of the review's own analyst (:data:`engine.review.REVIEW_ANALYST`, whose spec
holds a count limit set out of reach) in the graph."""


def player_label(spec: str) -> str:
    """A player as the game graph names and colours it and the status bar names it: an
    engine by its name in the engine manager, the review's own analyst as
    :data:`REVIEW_LABEL`, a level as :func:`engine.review.analyst_name` names it (on the
    clock each move of one AI had its own ``time_s``, so its own colour and name)."""
    name = engine_name(spec)
    if name is not None:
        return name
    label = analyst_name(spec)
    return REVIEW_LABEL if label == REVIEW_ANALYST else label


def is_external_engine(player: str) -> bool:
    """Whether a snapshot's ``player`` is an external engine (``engine:NAME``, ``gtp:COMMAND``),
    whose NaN value of a move means it gave none (our own searches' NaN means: read the
    move's active share instead)."""
    return str(player).lower().partition(":")[0] in ("engine", "gtp")


def support_word(player: str) -> str:
    """What the root counts of ``player``'s search (its snapshot's ``player``: a level name
    or spec, :func:`is_external_engine` for an engine) are called: ``visits`` for UCT and an
    external engine (MoHex's and KataGo's counts are visits, each with a value), ``playouts``
    for vanilla Monte-Carlo (the playouts after each move), ``agents`` for the swarms and the
    anthill."""
    if is_external_engine(player):
        return "visits"
    family = str(player).lower().partition(":")[0]
    return {"uct": "visits", "mc": "playouts"}.get(family, "agents")


def is_vanilla_monte_carlo(player: str) -> bool:
    """Whether ``player`` (a level name or spec) is vanilla Monte-Carlo (thesis level 1)."""
    return str(player).lower().partition(":")[0] == "mc"


def win_ratio_series(
    snapshot: SearchSnapshot,
    size: int,
    *,
    top_k: int = 5,
    max_points: int = 300,
) -> PopulationSeries:
    """Vanilla Monte-Carlo's view: the win ratio of each of the ``top_k`` best moves over the
    playouts per move (its own ``iteration``), "other" the pooled ratio of the rest.

    Every move gets the same playouts, so its "support" says nothing: moves are ranked by win
    ratio (then playouts, then the order of ``root_moves``). The ratios come from the
    snapshot's history (playouts and wins per move); without one the snapshot is the only
    point. ``active_fraction`` is the win ratio of all the root's playouts together.
    """
    if top_k < 1:
        raise ValueError("top_k must be at least 1")
    moves, visits, wins = snapshot.root_moves, snapshot.root_agents, snapshot.root_active

    def ratio(won: float, played: float) -> float:
        return won / played if played > 0 else 0.0

    order = sorted(range(len(moves)), key=lambda i: (-ratio(wins[i], visits[i]), -visits[i], i))
    chosen = [i for i in order[:top_k] if visits[i] > 0]
    picked = {moves[i] for i in chosen}
    if snapshot.history and len(snapshot.history_active) == len(snapshot.history):
        rows = list(
            zip(
                snapshot.history_iterations,
                snapshot.history,
                snapshot.history_active,
                strict=True,
            )
        )
    else:
        rows = [(snapshot.iteration, visits, wins)]
    kept = [rows[j] for j in thin_indices(len(rows), max_points)]
    rest = [i for i in range(len(moves)) if moves[i] not in picked]
    values: list[list[float]] = [[] for _ in chosen]
    other: list[float] = []
    overall: list[float] = []
    for _, played, won in kept:
        for series, index in zip(values, chosen, strict=True):
            series.append(ratio(won[index], played[index]))
        other.append(ratio(sum(won[i] for i in rest), sum(played[i] for i in rest)))
        overall.append(ratio(sum(won), sum(played)))
    iterations = tuple(row[0] for row in kept)
    return PopulationSeries(
        iterations=iterations,
        moves=tuple(moves[i] for i in chosen),
        labels=tuple(move_label(moves[i], size) for i in chosen),
        values=tuple(tuple(series) for series in values),
        other=tuple(other),
        active_iterations=iterations,
        active_fraction=tuple(overall),
        as_share=True,
    )


# --------------------------------------------------------------------------- tree view


@dataclass(frozen=True, slots=True)
class LayoutNode:
    """One drawn node of the tree view.

    ``parent`` is the index of the parent in the layout list (-1 for the root). An "other"
    node (``merged > 0``) stands for ``merged`` children of its parent that are not drawn;
    its ``path`` is the parent's path. ``active_fraction`` is ``active / agents`` (UCT: the win
    rate of the player who made the node's move) and ``value`` the search's value of the node
    for the player who made its move (None for "other" nodes).
    """

    path: tuple[int, ...]
    depth: int
    agents: int
    active: int
    value: float | None
    parent: int
    x: float
    y: float
    label: str
    merged: int = 0
    ends_game: bool = False
    held_only: bool = False

    @property
    def is_other(self) -> bool:
        return self.merged > 0

    @property
    def active_fraction(self) -> float:
        return self.active / self.agents if self.agents > 0 else 0.0


def layout_tree(
    root: TreeNode,
    size: int,
    *,
    max_depth: int = 4,
    max_children: int = 6,
    max_nodes: int = 60,
) -> list[LayoutNode]:
    """Choose, collapse and place the nodes of a search tree for drawing.

    Nodes are taken greedily by support (agents, UCT visits) from the root outwards, keeping at
    most ``max_children`` children per node, nothing deeper than ``max_depth`` and at most
    ``max_nodes`` drawn nodes in total *including* the "other" nodes. A node whose children are
    not all drawn gets one "other" child holding the rest (including the children the search
    itself already collapsed), as long as at least one real child is drawn. Children are ordered
    by support, strongest left; the root is at ``y == 0`` and depth ``d`` at ``y == -d``; leaves
    take consecutive ``x`` slots and a parent sits centred over its children.
    """
    if max_nodes < 1:
        raise ValueError("max_nodes must be at least 1")
    chosen: dict[int, list[TreeNode]] = {id(root): []}  # drawn children of each drawn node
    others: set[int] = set()

    def children_total(node: TreeNode) -> int:
        # Only children that hold agents count: an empty population is not part of the picture.
        held = sum(1 for child in node.children if child.agents > 0)
        return held + (node.collapsed_children if node.collapsed_agents > 0 else 0)

    # (negated agents, insertion counter as a deterministic tie-break, child, parent)
    heap: list[tuple[int, int, TreeNode, TreeNode]] = []
    counter = 0

    def push_children(node: TreeNode) -> None:
        nonlocal counter
        if node.depth - root.depth >= max_depth:
            return
        for child in node.children:
            if child.agents > 0:
                heapq.heappush(heap, (-child.agents, counter, child, node))
                counter += 1

    push_children(root)
    used = 1
    while heap:
        _, _, child, parent = heapq.heappop(heap)
        siblings = chosen[id(parent)]
        if len(siblings) >= max_children:
            continue
        needs_other = children_total(parent) > len(siblings) + 1
        cost = 1 + (1 if needs_other and id(parent) not in others else 0)
        # An "other" node the parent already has disappears if this child was its last member.
        refund = 1 if id(parent) in others and not needs_other else 0
        if used + cost - refund > max_nodes:
            continue
        siblings.append(child)
        chosen[id(child)] = []
        used += cost - refund
        if needs_other:
            others.add(id(parent))
        else:
            others.discard(id(parent))
        push_children(child)

    layout: list[LayoutNode] = []
    next_slot = [0.0]

    def place(node: TreeNode, parent_index: int) -> float:
        index = len(layout)
        label = "root" if not node.path else move_label(node.path[-1], size)
        layout.append(
            LayoutNode(
                path=node.path,
                depth=node.depth - root.depth,
                agents=node.agents,
                active=node.active,
                value=node.value,
                parent=parent_index,
                x=0.0,
                y=-(node.depth - root.depth),
                label=label,
                ends_game=node.ends_game,
                held_only=node.held_only,
            )
        )
        kids = sorted(chosen[id(node)], key=lambda c: -c.agents)
        xs = [place(child, index) for child in kids]
        if id(node) in others:
            hidden = [c for c in node.children if c.agents > 0 and all(c is not k for k in kids)]
            merged_agents = sum(c.agents for c in hidden) + node.collapsed_agents
            # The search's own collapsed children carry no active count: only the known ones
            # are summed, so the panel draws "other" nodes in a neutral colour.
            merged_active = sum(c.active for c in hidden)
            merged = len(hidden) + (node.collapsed_children if node.collapsed_agents > 0 else 0)
            depth = node.depth - root.depth + 1
            xs.append(next_slot[0])
            next_slot[0] += 1
            layout.append(
                LayoutNode(
                    path=node.path,
                    depth=depth,
                    agents=max(merged_agents, 0),
                    active=merged_active,
                    value=None,
                    parent=index,
                    x=xs[-1],
                    y=-depth,
                    label=f"+{merged}",
                    merged=merged,
                )
            )
        if xs:
            x = (xs[0] + xs[-1]) / 2
        else:
            x = next_slot[0]
            next_slot[0] += 1
        layout[index] = _with_x(layout[index], x)
        return x

    place(root, -1)
    return layout


def _with_x(node: LayoutNode, x: float) -> LayoutNode:
    return replace(node, x=x)


def principal_line(root: TreeNode | None, first_move: int, max_length: int = 12) -> tuple[int, ...]:
    """The line that starts with root move ``first_move`` and then follows, at every node, the
    child holding the most agents (visits). ``(first_move,)`` when the tree does not know more."""
    if root is None:
        return (first_move,)
    node = next((c for c in root.children if c.path and c.path[-1] == first_move), None)
    line = [first_move]
    while node is not None and node.children and len(line) < max_length:
        node = max(node.children, key=lambda c: c.agents)
        if node.agents <= 0 or not node.path:
            break
        line.append(node.path[-1])
    return tuple(line)


# --------------------------------------------------------------------------- game graph


def black_view(win_rate: float, player: str) -> float:
    """A win rate for ``player`` (``"black"``/``"white"``) turned to Black's point of view."""
    return win_rate if str(player).lower() in ("black", "b") else 1.0 - win_rate


def estimate_for_black(snapshot: SearchSnapshot) -> float:
    """The snapshot's estimate turned to Black's point of view (0..1)."""
    return black_view(snapshot.estimate, snapshot.to_move)


class GameEstimates:
    """The AI's estimate for Black after each move of the game. GUI thread only.

    ``record(n, p)`` stores Black's estimated win rate in the position after move ``n``
    (0 = the start position). A *direct* estimate comes from a search of that very position
    and replaces anything; an indirect one (a child's value in the parent's search) only fills
    a gap. A move that replaces the game's history from ``n`` on (an undo followed by a
    different move, or a new game) calls :meth:`truncate` first so old estimates do not linger.
    Each estimate remembers the ``engine`` (player spec) whose search made it, so a graph of an
    AI-vs-AI game can show which points come from which side, and whether it is ``exact``
    (proven won or lost, not a search's estimate).
    """

    def __init__(self) -> None:
        self._estimates: dict[int, float] = {}
        self._engines: dict[int, str] = {}
        self._direct: set[int] = set()
        self._exact: set[int] = set()

    def record(
        self,
        move_number: int,
        black_estimate: float,
        *,
        direct: bool = True,
        engine: str = "",
        exact: bool = False,
    ) -> bool:
        """Store an estimate; returns whether it was kept (indirect ones never replace a
        direct one). ``exact``: a proven value (only a direct one can be)."""
        if math.isnan(black_estimate) or not 0.0 <= black_estimate <= 1.0:
            raise ValueError(f"estimate must lie in 0..1, not {black_estimate!r}")
        number = int(move_number)
        if number < 0:
            raise ValueError(f"move number must be >= 0, not {move_number}")
        if not direct and number in self._direct:
            return False
        self._estimates[number] = float(black_estimate)
        self._engines[number] = engine
        if direct:
            self._direct.add(number)
        if exact and direct:
            self._exact.add(number)
        else:
            self._exact.discard(number)
        return True

    def is_direct(self, move_number: int) -> bool:
        return move_number in self._direct

    def is_exact(self, move_number: int) -> bool:
        """Whether the estimate after ``move_number`` is proven, not a search's."""
        return move_number in self._exact

    def engine(self, move_number: int) -> str:
        """The spec of the player whose search made the estimate after ``move_number``."""
        return self._engines.get(move_number, "")

    def estimate(self, move_number: int) -> float | None:
        return self._estimates.get(move_number)

    def truncate(self, last_kept: int) -> None:
        """Forget every estimate after move ``last_kept``."""
        for number in [n for n in self._estimates if n > last_kept]:
            del self._estimates[number]
            del self._engines[number]
            self._direct.discard(number)
            self._exact.discard(number)

    def clear(self) -> None:
        self._estimates.clear()
        self._engines.clear()
        self._direct.clear()
        self._exact.clear()

    def points(self) -> tuple[list[int], list[float]]:
        """Move numbers (ascending) and Black's estimate after each."""
        numbers = sorted(self._estimates)
        return numbers, [self._estimates[n] for n in numbers]

    def swings(self, count: int = 3, min_swing: float = 0.15) -> list[tuple[int, float]]:
        """The ``count`` moves after which Black's estimate changed most, by at least
        ``min_swing``, compared with the previous recorded move; as ``(move_number, change)``
        sorted by move number. These are the candidate mistakes the graph marks."""
        numbers, values = self.points()
        changes = [
            (numbers[i], values[i] - values[i - 1])
            for i in range(1, len(numbers))
            if abs(values[i] - values[i - 1]) >= min_swing
        ]
        biggest = sorted(changes, key=lambda item: (-abs(item[1]), item[0]))[:count]
        return sorted(biggest)

    def nearest_move(self, x: float) -> int | None:
        """The recorded move number closest to graph coordinate ``x`` (None if empty)."""
        if not self._estimates:
            return None
        return min(self._estimates, key=lambda n: (abs(n - x), n))

    def __len__(self) -> int:
        return len(self._estimates)


# --------------------------------------------------------------------------- throughput


@dataclass(frozen=True, slots=True)
class ThroughputSample:
    time_s: float
    playouts_per_s: float
    iterations_per_s: float
    position_id: int
    player: str = ""
    search: int = 0  # counts the searches of the session: a new number starts a new line


class ThroughputHistory:
    """Playouts/s and iterations/s over wall-clock time, from the snapshots the dashboard shows.

    Rates are measured between consecutive snapshots of the same search (so they are current,
    not averaged since the start); the first snapshot of a search uses its own averages. At most
    ``capacity`` samples are kept (oldest dropped). GUI thread only.
    """

    def __init__(self, capacity: int = 4000) -> None:
        self.samples: deque[ThroughputSample] = deque(maxlen=capacity)
        self._previous: SearchSnapshot | None = None
        self._origin: float | None = None
        self._search = 0

    def add(self, snapshot: SearchSnapshot, now_s: float) -> ThroughputSample | None:
        """Add the rate implied by ``snapshot`` received at monotonic time ``now_s``."""
        if self._origin is None:
            self._origin = now_s
        previous = self._previous
        same_search = (
            previous is not None
            and previous.position_id == snapshot.position_id
            and previous.player == snapshot.player
            and snapshot.elapsed_s >= previous.elapsed_s
            and snapshot.playouts >= previous.playouts
        )
        if same_search and snapshot.elapsed_s == previous.elapsed_s:
            return None  # the same instant seen twice: no new information
        self._previous = snapshot
        if same_search:
            dt = snapshot.elapsed_s - previous.elapsed_s
            playout_rate = (snapshot.playouts - previous.playouts) / dt
            iteration_rate = (snapshot.iteration - previous.iteration) / dt
        elif snapshot.elapsed_s > 0:
            self._search += 1
            playout_rate = snapshot.playouts / snapshot.elapsed_s
            iteration_rate = snapshot.iteration / snapshot.elapsed_s
        else:
            self._search += 1
            return None
        sample = ThroughputSample(
            now_s - self._origin,
            playout_rate,
            iteration_rate,
            snapshot.position_id,
            snapshot.player,
            self._search,
        )
        self.samples.append(sample)
        return sample

    def series(self, max_points: int = 600) -> tuple[list[float], list[float], list[float]]:
        """Times (s since the first sample), playouts/s and iterations/s, thinned. Between two
        searches a NaN rate breaks the line (draw with ``connect="finite"``): nothing was
        measured in the idle gap, so nothing is drawn across it."""
        samples = list(self.samples)
        picked = [samples[i] for i in thin_indices(len(samples), max_points)]
        times: list[float] = []
        playouts: list[float] = []
        iterations: list[float] = []
        for index, sample in enumerate(picked):
            if index and sample.search != picked[index - 1].search:
                times.append(sample.time_s)
                playouts.append(math.nan)
                iterations.append(math.nan)
            times.append(sample.time_s)
            playouts.append(sample.playouts_per_s)
            iterations.append(sample.iterations_per_s)
        return times, playouts, iterations

    def peaks(self, player: str) -> tuple[float, float]:
        """The highest playouts/s and iterations/s of ``player``'s searches: each level has its
        own scale (vanilla MC does far more iterations per second than a swarm), so a chart
        scaled to the level searching now is not flattened by another level's spike."""
        mine = [s for s in self.samples if s.player == player]
        return (
            max((s.playouts_per_s for s in mine), default=0.0),
            max((s.iterations_per_s for s in mine), default=0.0),
        )

    def clear(self) -> None:
        self.samples.clear()
        self._previous = None
        self._origin = None
        self._search = 0


# --------------------------------------------------------------------------- export


def write_csv(path: str | Path, header: Sequence[str], rows: Iterable[Sequence[object]]) -> None:
    """Write a table as UTF-8 CSV (any thread; raises ``OSError`` with the path on failure)."""
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(header)
        writer.writerows(rows)


def thesis_test_swarm(spec: str) -> bool:
    """Whether ``spec`` is a swarm (MCSDS or SDST, or a preset of them) that tests and recruits
    as the thesis does: one playout, active on a win, passive recruitment, no kept evidence.
    Thesis 3.2.4's cluster threshold is about exactly that swarm."""
    from hexswarm.engine.players.levels import LEVELS, parse_spec

    try:
        name, settings = parse_spec(spec)
    except HexError:
        return False
    family = LEVELS[name].family or name
    return (
        family in ("mcsds", "sdst")
        and settings.test == "single"
        and settings.reference == "win"
        and not settings.evidence
        and settings.recruitment == "passive"
    )


AGENT_SEARCHES = ("mcsds", "sdst", "anthill")  # searches whose root support is agents


def cluster_threshold(beta: float) -> float:
    """Thesis 3.2.4 (after Myatt, Bishop and Nasuto): with passive recruitment a stable cluster
    forms on the best hypothesis only if its test success exceeds ``1 / (2 - beta)``, ``beta``
    being the test success of the others."""
    return 1.0 / (2.0 - beta)


def cluster_reading(
    snapshot: SearchSnapshot, spec: str, size: int | tuple[int, int]
) -> tuple[str, str]:
    """What a swarm's root population says, in words, as ``(line, explanation)``: the largest
    cluster's share of the agents and, for the thesis's own test (:func:`thesis_test_swarm`),
    whether the thesis's cluster threshold lets a cluster form; ``explanation`` says the same
    at length (a tooltip). Success rates are read from the snapshot: alpha is the active share
    of the largest cluster's agents, beta that of all other root agents. ``("", "")`` for
    searches that count visits or playouts, and before any agent holds a move."""
    total = snapshot.total_agents
    if total <= 0 or is_vanilla_monte_carlo(snapshot.player):
        return "", ""
    # The search's own name: a preset's spec ("strong") does not say that it searches by UCT,
    # and an external engine's candidates carry its visits.
    family = str(snapshot.player or spec).partition(":")[0]
    if family not in AGENT_SEARCHES:
        return "", ""
    largest = max(range(len(snapshot.root_agents)), key=lambda i: (snapshot.root_agents[i], -i))
    agents = snapshot.root_agents[largest]
    move = move_label(snapshot.root_moves[largest], size)
    share = f"largest cluster {move}: {agents / total:.1%} of {format_count(total)} agents"
    others = total - agents
    if not thesis_test_swarm(spec or snapshot.player) or others <= 0 or agents <= 0:
        return share, (
            f"The move held by the most root agents, {move}, has {agents} of {total} "
            "(this level's test is not the thesis's, so its cluster threshold does not apply)."
        )
    alpha = snapshot.root_active[largest] / agents
    beta = (sum(snapshot.root_active) - snapshot.root_active[largest]) / others
    threshold = cluster_threshold(beta)
    forms = alpha > threshold
    line = f"{share} · α {alpha:.2f} {'>' if forms else '<'} 1/(2−β) = {threshold:.2f}: " + (
        "a cluster can form" if forms else "the agents stay spread"
    )
    explanation = (
        "Thesis 3.2.4 (after Myatt, Bishop and Nasuto): with passive recruitment a cluster of "
        "agents forms on a move only when its test success α (here: the active share of its "
        f"agents, {alpha:.2f}) exceeds 1/(2−β), β being the other moves' test success "
        f"({beta:.2f}), so {threshold:.2f}. "
        + (
            "Here it does: the agents can gather on it."
            if forms
            else "Here it does not: one random playout wins about as often after this move "
            "as after the others, so no move gathers the agents, the population stays spread "
            "and the move played is the most held of many near-equal ones."
        )
    )
    return line, explanation

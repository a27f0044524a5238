"""Slow, obvious references for the search tests (no numba, no cleverness).

* :func:`solve` — the game-theoretic winner of a small Hex position by plain minimax with a
  memo (a move wins if it connects at once or leaves the opponent a lost position);
* :func:`winning_moves` — the cells that win for the player to move;
* :func:`sds_bandit` — standard SDS with passive recruitment on a bandit, written straight from
  thesis 4.2.1 with Python's ``random``.
"""

from __future__ import annotations

import math
import random
from functools import cache

from hexswarm.engine.board import BLACK, BLACK_STONE, WHITE_STONE, Board, neighbour_table
from hexswarm.engine.kernels.layout import BANDIT, EXPLICIT_TREE, HEX


@cache
def _neighbour_masks(size: int) -> tuple[int, ...]:
    table = neighbour_table(size)
    return tuple(sum(1 << int(nb) for nb in table[cell] if nb >= 0) for cell in range(size * size))


@cache
def _edge_masks(size: int) -> tuple[int, int, int, int]:
    top = sum(1 << c for c in range(size))
    bottom = top << (size * (size - 1))
    left = sum(1 << (r * size) for r in range(size))
    right = left << (size - 1)
    return top, bottom, left, right


def _connects(stones: int, start: int, goal: int, neighbours: tuple[int, ...]) -> bool:
    """Flood fill over a bitmask of stones from the ``start`` edge cells to the ``goal`` edge."""
    reached = stones & start
    frontier = reached
    while frontier:
        if reached & goal:
            return True
        grown = 0
        cells = frontier
        while cells:
            low = cells & -cells
            grown |= neighbours[low.bit_length() - 1]
            cells ^= low
        frontier = grown & stones & ~reached
        reached |= frontier
    return bool(reached & goal)


def solve(size: int, black: frozenset[int], white: frozenset[int], black_to_move: bool) -> bool:
    """True if Black wins with perfect play from the position (nobody has won yet): plain
    minimax over bitmask positions with a memo."""
    neighbours = _neighbour_masks(size)
    top, bottom, left, right = _edge_masks(size)
    full = (1 << (size * size)) - 1

    @cache
    def mover_wins(black_mask: int, white_mask: int, black_moves: bool) -> bool:
        empty = full & ~(black_mask | white_mask)
        while empty:
            low = empty & -empty
            empty ^= low
            if black_moves:
                after = black_mask | low
                if _connects(after, top, bottom, neighbours) or not mover_wins(
                    after, white_mask, False
                ):
                    return True
            else:
                after = white_mask | low
                if _connects(after, left, right, neighbours) or not mover_wins(
                    black_mask, after, True
                ):
                    return True
        return False

    black_mask = sum(1 << c for c in black)
    white_mask = sum(1 << c for c in white)
    wins = mover_wins(black_mask, white_mask, black_to_move)
    return wins if black_to_move else not wins


def connected(size: int, stones: frozenset[int], black: bool) -> bool:
    """Whether ``stones`` join Black's edges (top-bottom) or White's (left-right)."""
    top, bottom, left, right = _edge_masks(size)
    mask = sum(1 << c for c in stones)
    start, goal = (top, bottom) if black else (left, right)
    return _connects(mask, start, goal, _neighbour_masks(size))


def position_of(board: Board) -> tuple[frozenset[int], frozenset[int], bool]:
    cells = board.cells
    black = frozenset(int(c) for c in range(cells.size) if cells[c] == BLACK_STONE)
    white = frozenset(int(c) for c in range(cells.size) if cells[c] == WHITE_STONE)
    return black, white, board.to_move is BLACK


def winning_moves(board: Board) -> set[int]:
    """Cells after which the player to move wins with perfect play (small boards only)."""
    black, white, black_to_move = position_of(board)
    size = board.size
    moves = set()
    for cell in board.legal_moves():
        if black_to_move:
            after_black, after_white = black | {cell}, white
            won = connected(size, after_black, True)
        else:
            after_black, after_white = black, white | {cell}
            won = connected(size, after_white, False)
        if won or solve(size, after_black, after_white, not black_to_move) == black_to_move:
            moves.add(cell)
    return moves


def sds_bandit(probabilities, agents: int, iterations: int, seed: int) -> list[int]:
    """Standard SDS, passive recruitment, on a bandit: the final agents per arm."""
    rng = random.Random(seed)
    arms = len(probabilities)
    hypothesis = [rng.randrange(arms) for _ in range(agents)]
    for _ in range(iterations):
        active = [rng.random() < probabilities[h] for h in hypothesis]
        new = list(hypothesis)
        for agent in range(agents):
            if not active[agent]:
                other = rng.randrange(agents - 1)
                other += other >= agent
                new[agent] = hypothesis[other] if active[other] else rng.randrange(arms)
        hypothesis = new
    return [hypothesis.count(arm) for arm in range(arms)]


def proven_winning_moves(size: int, moves: str) -> set[str]:
    """The cells after which every reply of the opponent (that does not win at once) leaves
    the player to move a cell that wins at once: wins proven within three plies."""
    board = Board(size)
    for move in moves.split():
        board.play(move)
    black, white, black_to_move = position_of(board)
    full = frozenset(range(size * size))

    def wins_at_once(own: frozenset[int], other: frozenset[int], is_black: bool) -> bool:
        return any(connected(size, own | {c}, is_black) for c in full - own - other)

    own, other = (black, white) if black_to_move else (white, black)
    proven = set()
    for cell in full - own - other:
        mine = own | {cell}
        if all(
            not connected(size, other | {reply}, not black_to_move)
            and wins_at_once(mine, other | {reply}, black_to_move)
            for reply in full - mine - other
        ):
            proven.add(board.cell_name(cell))
    return proven


def apply_test_outcomes(
    agent_node,
    node_depth,
    hypothesis,
    evidence,
    path,
    results,
    tests,
    reference_mean,
    keep_evidence,
    coin,
):
    """Test outcome of the kernels' ``apply_test_outcomes``, written out plainly: ``path`` is
    a list of (agent, hypothesis index); ``coin()`` decides ties. Returns the new activity of
    the agents on the path, as a dict (the last entry of an agent wins)."""

    def mover_counts(agent, i):
        root_to_move = node_depth[agent_node[agent]] % 2 == 0
        won = int(results[i]) if root_to_move else int(tests[i]) - int(results[i])
        return won, int(tests[i])

    node_won: dict[int, int] = {}
    node_run: dict[int, int] = {}
    for agent, i in path:
        won, run = mover_counts(agent, i)
        node = agent_node[agent]
        node_won[node] = node_won.get(node, 0) + won
        node_run[node] = node_run.get(node, 0) + run
    activity = {}
    for agent, i in path:
        won, run = mover_counts(agent, i)
        node = agent_node[agent]
        if keep_evidence:
            key = (node, hypothesis[agent])
            if evidence.get(agent, (None, 0, 0))[0] != key:
                evidence[agent] = (key, 0, 0)
            _, kept_won, kept_run = evidence[agent]
            evidence[agent] = (key, kept_won + won, kept_run + run)
            won, run = kept_won + won, kept_run + run
        # Compare won/run with the node's mean, or with one half.
        margin = won * node_run[node] - node_won[node] * run if reference_mean else 2 * won - run
        activity[agent] = coin() if margin == 0 else int(margin > 0)
    return activity


def apply_shared_outcomes(
    agent_node, node_depth, hypothesis, records, path, results, tests, c, shared_depth
):
    """Test outcome of the kernels' ``apply_shared_outcomes`` (``reference=shared``), written
    out plainly: ``records`` maps ("pair", node, action) and ("node", node) to [won, run] for
    the player to move at the node, kept across calls; every test on ``path`` (a list of
    (agent, hypothesis index)) is recorded first, then each agent on it at a depth under
    ``shared_depth`` is active iff its pair's upper bound reaches the best lower bound of its
    node's pairs on the path (bounds: rate -+ ``c * sqrt(ln(node's run) / pair's run)``);
    deeper, iff the mover won more than half of this test. Returns the new activity of the
    agents on the path, as a dict (the last entry of an agent wins)."""

    def mover_counts(agent, i):
        node = int(agent_node[agent])
        won = int(results[i]) if node_depth[node] % 2 == 0 else int(tests[i]) - int(results[i])
        return node, won, int(tests[i])

    for agent, i in path:
        node, won, run = mover_counts(agent, i)
        for key in (("pair", node, int(hypothesis[agent])), ("node", node)):
            record = records.setdefault(key, [0, 0])
            record[0] += won
            record[1] += run

    def bounds(agent):
        node = int(agent_node[agent])
        won, run = records[("pair", node, int(hypothesis[agent]))]
        bonus = c * math.sqrt(math.log(records[("node", node)][1]) / run)
        return won / run - bonus, won / run + bonus

    best: dict[int, float] = {}
    for agent, _ in path:
        node = int(agent_node[agent])
        best[node] = max(best.get(node, -math.inf), bounds(agent)[0])
    activity = {}
    for agent, i in path:
        node, won, run = mover_counts(agent, i)
        if node_depth[node] < shared_depth:
            activity[agent] = int(bounds(agent)[1] >= best[node])
        else:
            activity[agent] = int(2 * won > run)
    return activity


# --------------------------------------------------------------------------- UCT

_MASK64 = (1 << 64) - 1
_MULTIPLIER = 0x2545F4914F6CDD1D


class XorShift:
    """hexswarm.engine.kernels.rng's xorshift64* in plain Python integers (same stream)."""

    def __init__(self, state: int):
        self.state = int(state)

    def _step(self) -> int:
        x = self.state
        x ^= x >> 12
        x ^= (x << 25) & _MASK64
        x ^= x >> 27
        self.state = x
        return x

    def next_u64(self) -> int:
        return (self._step() * _MULTIPLIER) & _MASK64

    def below(self, bound: int) -> int:
        return ((self.next_u64() >> 32) * bound) >> 32

    def uniform(self) -> float:
        return (self.next_u64() >> 11) * (1.0 / 9007199254740992.0)


def kernel_priors(tree):
    """``prior_of`` for :class:`NaiveUct`: the actions from the root to a node -> {action:
    prior} of that node's children in the kernel's ``tree`` (a search's, after its run)."""

    def prior_of(actions: list[int]) -> dict[int, float]:
        node = 0
        for action in actions:
            node = tree.child_by_action(node, action)
            assert node >= 0, "the reference expanded a node the kernel did not"
        return {int(tree.actions[c]): float(tree.prior[c]) for c in tree.children(node)}

    return prior_of


class _UctNode:
    def __init__(self, action: int):
        self.action = action
        self.visits = 0
        self.wins = 0  # for the player who made the move into this node
        self.terminal = 0  # 2: the root player has won, 3: lost (engine.kernels.tree)
        self.children: list[_UctNode] | None = None
        self.tried = 0
        self.rave_visits = 0  # playouts through the parent where this move's player took its cell
        self.rave_wins = 0  # of those, won by that player
        self.prior = 0.0  # with priors: its share of the patterns' weights at its parent


class NaiveUct:
    """Textbook UCT with expansion of all children at once, written for clarity: the tree as
    Python objects, a full UCB1 scan at every node, and for Hex the position replayed from
    the path with sets of stones. Draws from the generator exactly where the kernel does, so a
    seeded search must give the kernel's very statistics.

    ``env`` is an engine.search.environment ``Environment``; ``tables`` the kernel's UCB1
    tables (the reference reads the same numbers, it does not re-derive them). With priors
    (``prior_of``: the actions from the root to a node -> {action: prior} of its children,
    read from the kernel's tree, whose pattern priors test_patterns checks against
    engine.patterns.move_priors; ``bias`` their progressive bias) new children start with 8
    virtual RAVE samples, half won, and the RAVE choice adds ``bias * prior / sqrt(n + 1)``."""

    def __init__(
        self,
        env,
        exploration,
        expand_after,
        tables,
        state: int,
        leaf_playouts=1,
        rave=False,
        prior_of=None,
        bias=0.0,
    ):
        self.env = env
        self.rave = rave
        self.prior_of = prior_of
        self.bias = bias if prior_of is not None else 0.0
        self.filled: list[tuple[frozenset[int], bool]] = []  # the last evaluation's boards
        self.kind, self.size, self.root_black = int(env.kind), int(env.size), bool(env.root_black)
        self.cells = [int(c) for c in env.action_cells]
        self.width = int(env.action_count)
        self.exploration = exploration
        self.expand_after = expand_after
        self.leaf_playouts = leaf_playouts
        self.inverse, self.inverse_sqrt, self.sqrt_log = tables
        self.rng = XorShift(state)
        self.root = _UctNode(-1)
        self.max_depth = self.width if self.kind == HEX else max(1, int(env.leaf_depth))
        # Hex: the empty cells in the kernel's order (swap-removal keeps a permutation).
        self.live = list(self.cells)
        size = self.size
        self.root_stones = {
            True: {
                c for c in range(size * size) if (int(env.black_rows[c // size]) >> (c % size)) & 1
            },
            False: {
                c
                for c in range(size * size)
                if (int(env.white_columns[c % size]) >> (c // size)) & 1
            },
        }

    # ------------------------------------------------------------------ the game
    def _mover_black(self, depth: int) -> bool:
        return (depth % 2 == 0) == self.root_black

    def _stones(self, actions: list[int]) -> dict[bool, set[int]]:
        stones = {True: set(self.root_stones[True]), False: set(self.root_stones[False])}
        for depth, action in enumerate(actions):
            stones[self._mover_black(depth)].add(self.cells[action])
        return stones

    def _outcome(self, actions: list[int]) -> int:
        """2/3 if the last action ended the game (for the root player), else 1."""
        depth = len(actions) - 1
        if self.kind == HEX:
            black = self._mover_black(depth)
            if connected(self.size, frozenset(self._stones(actions)[black]), black):
                return 2 if depth % 2 == 0 else 3
        elif self.kind == EXPLICIT_TREE and len(actions) == int(self.env.leaf_depth):
            return 2 if self.env.leaf_values[self._leaf_index(actions)] >= 0.5 else 3
        return 1

    def _leaf_index(self, actions: list[int]) -> int:
        index = 0
        for action in actions:
            index = index * int(self.env.branching) + action
        return index

    def _evaluate(self, actions: list[int]) -> int:
        """Playouts won by the root player out of ``leaf_playouts``."""
        if self.kind == HEX:
            return self._hex_playouts(actions)
        return sum(self._toy_evaluation(actions) for _ in range(self.leaf_playouts))

    def _toy_evaluation(self, actions: list[int]) -> bool:
        if self.kind == BANDIT:
            return self.rng.uniform() < self.env.arm_probabilities[actions[-1]]
        full = list(actions)
        while len(full) < int(self.env.leaf_depth):
            full.append(self.rng.below(int(self.env.branching)))
        return self.rng.uniform() < self.env.leaf_values[self._leaf_index(full)]

    def _replay(self, actions: list[int]) -> None:
        """The kernel's list of empty cells after it walks the path: a swap-removal per move."""
        if self.kind != 0:
            return
        for depth, action in enumerate(actions):
            empty = len(self.live) - depth
            i = self.live.index(self.cells[action])
            self.live[i], self.live[empty - 1] = self.live[empty - 1], self.live[i]

    def _hex_playouts(self, actions: list[int]) -> int:
        """The kernel's uniform playouts: one copy of the empty cells, reshuffled in place."""
        empty = len(self.live) - len(actions)
        order = self.live[:empty]
        share = (empty + 1) // 2
        black_to_move = self._mover_black(len(actions))
        won = 0
        self.filled = []
        for _ in range(self.leaf_playouts):
            x = self.rng.state
            for i in range(share):
                x ^= x >> 12
                x ^= (x << 25) & _MASK64
                x ^= x >> 27
                j = i + (((((x * _MULTIPLIER) & _MASK64) >> 32) * (empty - i)) >> 32)
                order[i], order[j] = order[j], order[i]
            self.rng.state = x
            black = self._stones(actions)[True]
            black |= set(order[:share] if black_to_move else order[share:])
            black_won = connected(self.size, frozenset(black), True)
            self.filled.append((frozenset(black), black_won))
            won += black_won == self.root_black
        return won

    # ------------------------------------------------------------------ the search
    def _expand(self, node: _UctNode, actions: list[int]) -> None:
        """All children at once, in the kernel's (not random) order: for Hex that of its list
        of empty cells at the node; they are tried in random order (:meth:`_next_untried`)."""
        if self.kind == HEX:
            self._replay(actions)
            empty = self.live[: len(self.live) - len(actions)]
            order = [self.cells.index(cell) for cell in empty]
        else:
            order = list(range(self.width))
        node.children = [_UctNode(a) for a in order]
        if self.prior_of is not None:
            priors = self.prior_of(actions)
            for child in node.children:
                child.prior = priors[child.action]
                child.rave_visits, child.rave_wins = 8, 4

    def _next_untried(self, node: _UctNode) -> _UctNode:
        """A uniformly random untried child, swapped to the head of the untried ones."""
        kids, tried = node.children, node.tried
        if len(kids) - tried > 1:
            j = tried + self.rng.below(len(kids) - tried)
            kids[tried], kids[j] = kids[j], kids[tried]
        node.tried += 1
        return kids[tried]

    def _ucb(self, node: _UctNode, child: _UctNode) -> float:
        scale = self.exploration * self.sqrt_log[node.visits]
        n = child.visits
        return child.wins * self.inverse[n] + scale * self.inverse_sqrt[n]

    def _rave_value(self, node: _UctNode, child: _UctNode) -> float:
        """MoHex's blend, in the kernel's order of operations (same doubles)."""
        n, r = child.visits, child.rave_visits
        if n == 0:
            value = child.rave_wins / r if r > 0 else 1.0
        else:
            value = self._ucb(node, child)
            if r > 0:
                weight = r / (1.0 / 2.12 + r / 830.0)
                beta = weight / (n + weight)
                value = beta * (child.rave_wins / r) + (1.0 - beta) * value
        if self.bias > 0.0:
            value += self.bias * child.prior * self.inverse_sqrt[n + 1]
        return value

    def _update_rave(self, path: list[_UctNode]) -> None:
        """All moves as first, board by board: a child of a path node whose cell ended up in
        the colour of the player to move there gets the playout."""
        for depth, node in enumerate(path):
            mover_black = self._mover_black(depth)
            for child in node.children or ():
                cell = self.cells[child.action]
                for black, black_won in self.filled:
                    if (cell in black) == mover_black:
                        child.rave_visits += 1
                        child.rave_wins += black_won == mover_black

    def iterate(self, count: int) -> None:
        for _ in range(count):
            node, actions, path = self.root, [], [self.root]
            self.filled = []
            while True:
                if node.terminal:
                    won = self.leaf_playouts if node.terminal == 2 else 0
                    self._replay(actions)
                    break
                depth = len(actions)
                if (
                    node.children is None
                    and depth < self.max_depth
                    and (depth == 0 or node.visits >= self.expand_after)
                ):
                    self._expand(node, actions)
                    expanded = True
                else:
                    expanded = False
                if node.children is None:
                    self._replay(actions)
                    won = self._evaluate(actions)
                    break
                fresh = False
                if self.rave:
                    if expanded and self.prior_of is None:
                        child = node.children[self.rng.below(len(node.children))]
                    else:
                        values = [self._rave_value(node, c) for c in node.children]
                        child = node.children[values.index(max(values))]
                    fresh = child.visits == 0
                elif node.tried < len(node.children):
                    child = self._next_untried(node)
                    fresh = True
                if fresh:
                    actions.append(child.action)
                    path.append(child)
                    outcome = self._outcome(actions)
                    self._replay(actions)
                    if outcome != 1:
                        child.terminal = outcome
                        won = self.leaf_playouts if outcome == 2 else 0
                    else:
                        won = self._evaluate(actions)
                    break
                if not self.rave:
                    values = [self._ucb(node, c) for c in node.children]
                    child = node.children[values.index(max(values))]
                node = child
                actions.append(node.action)
                path.append(node)
            for depth, n in enumerate(path):
                n.visits += self.leaf_playouts
                if depth > 0:
                    n.wins += won if depth % 2 == 1 else self.leaf_playouts - won
            if self.rave:
                self._update_rave(path)

    def root_statistics(self) -> dict[int, tuple[int, int]]:
        """action -> (visits, wins for the root player) of the root's children."""
        return {c.action: (c.visits, c.wins) for c in self.root.children or ()}

    def root_rave(self) -> dict[int, tuple[int, int]]:
        """action -> (RAVE samples, their wins for the root player) of the root's children."""
        return {c.action: (c.rave_visits, c.rave_wins) for c in self.root.children or ()}


class NaiveAnthill(NaiveUct):
    """The anthill (engine.kernels.anthill) written for clarity on NaiveUct's tree: each
    expanded node keeps its agents as a list of (hypothesis, active) pairs, ``k`` a move.
    Draws from the generator exactly where the kernel does."""

    def __init__(
        self,
        env,
        expand_after,
        state: int,
        leaf_playouts=1,
        k=4,
        rival="move",
        redraw="uniform",
        test_first=False,
        swarm_depth=64,
        exploration=0.5,
        tables=(None, None, None),
        relate="none",
        evidence="playouts",
        tests=1,
        rave=False,
        prior_of=None,
        bias=0.0,
        spread=1.0,
        start="even",
    ):
        super().__init__(
            env, exploration, expand_after, tables, state, leaf_playouts, rave, prior_of, bias
        )
        self.start = start  # "priors": a new population placed in proportion to the priors
        self.spread = spread  # the draws' spread: the posterior's times this
        self.swarm_depth = swarm_depth
        self.k = k
        self.rival = rival
        self.redraw = redraw
        self.test_first = test_first
        self.relate = relate
        self.tests = tests
        self.weight = 1.0 / leaf_playouts if evidence == "descents" else 1.0
        self.agents: dict[int, list[list[int]]] = {}  # id(node) -> [[hypothesis, active], ...]
        self.challenger = -1  # rival "challenger": the move drawn best of the incumbent's others

    def _expand(self, node: _UctNode, actions: list[int]) -> None:
        super()._expand(node, actions)
        count = len(node.children)
        n = count * self.k
        priors = [c.prior for c in node.children] if self.prior_of is not None else []
        if self.start == "priors" and sum(priors) > 0:
            # Agent j holds the first move whose running sum of priors passes (j + 1/2) / n
            # of their total: a move of prior p holds about p n / total agents.
            total = sum(priors)
            cumulative = [sum(priors[: i + 1]) for i in range(count)]
            self.agents[id(node)] = [
                [next(i for i in range(count) if (j + 0.5) * total < cumulative[i] * n), 0]
                for j in range(n)
            ]
        else:
            self.agents[id(node)] = [[i % count, 0] for i in range(n)]

    def _posterior(self, child: _UctNode, weight: float) -> tuple[float, float]:
        """Mean and spread of the Beta posterior's normal approximation; with RAVE, the mean
        blended as UCT blends it (MoHex's weights) and the spread shrunk by the same beta."""
        n = child.visits * weight
        mean = (child.wins * weight + 1.0) / (n + 2.0)
        sd = math.sqrt(mean * (1.0 - mean) / (n + 3.0))
        r = child.rave_visits
        if self.rave and r > 0:
            weight_r = r / (1.0 / 2.12 + r / 830.0)
            beta = weight_r / (child.visits + weight_r)
            mean = beta * (child.rave_wins / r) + (1.0 - beta) * mean
            sd *= 1.0 - beta
        if self.bias > 0.0:
            mean += self.bias * child.prior / math.sqrt(child.visits + 1.0)
        return mean, sd

    def _draw(self, child: _UctNode, root_moves: bool) -> float:
        if child.terminal:
            return 2.0 if (child.terminal == 2) == root_moves else -2.0
        mean, sd = self._posterior(child, self.weight)
        sd *= self.spread
        u = [self.rng.uniform() for _ in range(4)]
        return mean + sd * (((u[0] + u[1]) + u[2]) + u[3] - 2.0) * math.sqrt(3.0)

    def _best_record(self, kids: list[_UctNode], by_visits: bool, root_moves: bool) -> int:
        for i, child in enumerate(kids):
            if child.terminal and (child.terminal == 2) == root_moves:
                return i
        if by_visits:
            values = [float(c.visits) for c in kids]
        else:
            values = [self._posterior(c, 1.0)[0] for c in kids]
        return values.index(max(values))

    def _draw_challenger(self, node: _UctNode, root_moves: bool) -> None:
        """Rival "challenger": before a population's tests (once a descent, and once more
        for a carrier tested first), each move but the most visited draws once, in order;
        the best draw (the first of equals) is the challenger of the incumbent's agents."""
        if self.rival != "challenger" or len(node.children) < 2:
            return
        incumbent = self._best_record(node.children, True, root_moves)
        draws = {
            i: self._draw(c, root_moves) for i, c in enumerate(node.children) if i != incumbent
        }
        self.challenger = max(draws, key=lambda i: (draws[i], -i))

    def _test_and_diffuse(self, node: _UctNode, agent: list[int], root_moves: bool) -> None:
        population, kids = self.agents[id(node)], node.children
        own, won = agent[0], 1
        other = own
        if len(kids) > 1 and self.rival == "sampled":
            mine = self._draw(kids[own], root_moves)
            draws = {i: self._draw(kids[i], root_moves) for i in range(len(kids)) if i != own}
            other = max(draws, key=lambda i: (draws[i], -i))  # first of equals
            won = int(mine >= draws[other])
        elif len(kids) > 1:
            if self.rival == "agent":
                other = population[self.rng.below(len(population))][0]
            elif self.rival in ("best", "visits", "challenger"):
                other = self._best_record(kids, self.rival != "best", root_moves)
                if other == own and self.rival == "challenger":
                    other = self.challenger
            if other == own:
                other = self.rng.below(len(kids) - 1)
                other += other >= own
            if self._draw(kids[own], root_moves) < self._draw(kids[other], root_moves):
                won = 0
        if won and self.relate != "none" and len(population) > 1:
            # Relate (thesis 3.2.3): meet another agent of the population.
            others = [a for a in population if a is not agent]
            met = others[self.rng.below(len(others))]
            if met[1] == 1 and (self.relate == "context-free" or met[0] == own):
                won = 0
        if not won:
            polled = population[self.rng.below(len(population))]
            if polled[1] == 1:
                agent[0] = polled[0]
            elif self.redraw == "rival":
                agent[0] = other
            else:
                agent[0] = self.rng.below(len(kids))
        agent[1] = won

    def iterate(self, count: int) -> None:
        for _ in range(count):
            node, actions, path, carriers = self.root, [], [self.root], []
            self.filled = []
            expanded = False
            while True:
                if node.terminal:
                    won = self.leaf_playouts if node.terminal == 2 else 0
                    self._replay(actions)
                    break
                depth = len(actions)
                if (
                    node.children is None
                    and depth < self.max_depth
                    and (depth == 0 or node.visits >= self.expand_after)
                ):
                    self._expand(node, actions)
                    expanded = True
                else:
                    expanded = False
                if node.children is None:
                    self._replay(actions)
                    won = self._evaluate(actions)
                    break
                if depth >= self.swarm_depth:
                    # UCT's choice below the swarm's layers (with RAVE: the blend, a random
                    # child of a node expanded by this descent).
                    if self.rave and expanded and self.prior_of is None:
                        child = node.children[self.rng.below(len(node.children))]
                    elif self.rave:
                        values = [self._rave_value(node, c) for c in node.children]
                        child = node.children[values.index(max(values))]
                    elif node.tried < len(node.children):
                        child = self._next_untried(node)
                    else:
                        values = [self._ucb(node, c) for c in node.children]
                        child = node.children[values.index(max(values))]
                    fresh = child.visits == 0 and not child.terminal and child.children is None
                    actions.append(child.action)
                    path.append(child)
                    node = child
                    if fresh:
                        won = self._first_visit(child, actions)
                        break
                    continue
                population = self.agents[id(node)]
                agent = population[self.rng.below(len(population))]
                if self.test_first:
                    self._draw_challenger(node, len(actions) % 2 == 0)
                    self._test_and_diffuse(node, agent, len(actions) % 2 == 0)
                carriers.append((node, agent))
                child = node.children[agent[0]]
                fresh = child.visits == 0 and not child.terminal and child.children is None
                actions.append(child.action)
                path.append(child)
                node = child
                if fresh:
                    won = self._first_visit(child, actions)
                    break
            for depth, n in enumerate(path):
                n.visits += self.leaf_playouts
                if depth > 0:
                    n.wins += won if depth % 2 == 1 else self.leaf_playouts - won
            if self.rave:
                self._update_rave(path)
            for depth, (parent, agent) in enumerate(carriers):
                self._draw_challenger(parent, depth % 2 == 0)
                if not self.test_first:
                    self._test_and_diffuse(parent, agent, depth % 2 == 0)
                population = self.agents[id(parent)]
                for _ in range(self.tests - 1):
                    other = population[self.rng.below(len(population))]
                    self._test_and_diffuse(parent, other, depth % 2 == 0)

    def _first_visit(self, child: _UctNode, actions: list[int]) -> int:
        """The root player's wins from the first visit of ``child``: exact if its move ended
        the game, else the leaf's playouts."""
        outcome = self._outcome(actions)
        self._replay(actions)
        if outcome != 1:
            child.terminal = outcome
            return self.leaf_playouts if outcome == 2 else 0
        return self._evaluate(actions)

    def root_population(self) -> dict[int, tuple[int, int]]:
        """action -> (agents, active agents) of the root population."""
        counts: dict[int, list[int]] = {}
        for hypothesis, active in self.agents.get(id(self.root), ()):
            entry = counts.setdefault(self.root.children[hypothesis].action, [0, 0])
            entry[0] += 1
            entry[1] += active
        return {a: (n, m) for a, (n, m) in counts.items()}

"""The swarm lab: the sources' figures about agent distributions as named, runnable experiments.

Each :class:`Experiment` is a problem (a bandit, the thesis's or the paper's toy tree, a Hex
position), an algorithm and its options (a :class:`~engine.search.swarm.SwarmConfig`) and the
parameters the text gives. :func:`run_experiment` runs it over several seeds with the players'
own search (:class:`~engine.search.swarm.SwarmSearch`, not a copy) and records, after every
iteration, how the agents of chosen populations are spread over their moves.
:class:`ThresholdSweep` is the cluster-threshold experiment of thesis 3.2.4.

The lab watches a running search through the stop check that ``SwarmSearch.run`` calls at the
top of every iteration (between iterations the populations are complete and indexed); it never
stops the search unless its caller asks. Qt-free: ``hexgui.lab`` draws the charts and holds the
``hexswarm-lab`` command and the Lab window.

>>> [e.name for e in EXPERIMENTS][:2]
['thesis-4.2', 'thesis-4.4']
"""

from __future__ import annotations

import csv
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np
from hexswarm.engine.board import Board, HexError
from hexswarm.engine.kernels.tree import NODE_COUNT
from hexswarm.engine.search.environment import (
    PAPER_FIGURE_4_LEAVES,
    THESIS_FIGURE_4_3_LEAVES,
    bandit_environment,
    embedded_board,
    explicit_tree_environment,
    hex_environment,
)
from hexswarm.engine.search.limits import SearchLimits
from hexswarm.engine.search.snapshot import SearchSnapshot
from hexswarm.engine.search.swarm import SwarmConfig, SwarmResult, SwarmSearch

Progress = Callable[[int, int], None]  # (steps done, steps in all)


# --------------------------------------------------------------------------- problems


@dataclass(frozen=True, slots=True)
class Problem:
    """What the agents search: ``kind`` is ``bandit`` (``arms``: each arm's chance to pay),
    ``tree`` (``leaves``: Max's chance to win at each leaf of a complete tree with
    ``branching`` moves per node, depth-first) or ``hex`` (``board``: the position)."""

    kind: str
    title: str
    arms: tuple[float, ...] = ()
    leaves: tuple[float, ...] = ()
    branching: int = 2
    board: Board | None = field(default=None, compare=False)
    # Names of the moves at a node, by the node's path: ((path, (name, ...)), ...).
    move_names: tuple[tuple[tuple[int, ...], tuple[str, ...]], ...] = ()

    def environment(self) -> tuple:
        if self.kind == "bandit":
            return bandit_environment(self.arms)
        if self.kind == "tree":
            return explicit_tree_environment(self.leaves, self.branching)
        if self.kind == "hex":
            if self.board is None:
                raise HexError("a Hex problem needs a position")
            # A rectangle is searched in its square embedding; its empty cells keep their
            # order there (row by row), so action i is still the i-th empty cell of the board.
            return hex_environment(embedded_board(self.board))
        raise HexError(f"unknown problem kind {self.kind!r}")

    @property
    def width(self) -> int:
        """Moves at every node (Hex: the empty cells of the position)."""
        return int(self.environment()[10])

    @property
    def tree_depth(self) -> int:
        """Plies of an explicit tree (0 for the other kinds)."""
        depth, count = 0, 1
        while self.kind == "tree" and count < len(self.leaves):
            count *= self.branching
            depth += 1
        return depth

    @property
    def has_probability_leaves(self) -> bool:
        return any(0.0 < value < 1.0 for value in self.leaves)

    def move_name(self, path: tuple[int, ...], action: int) -> str:
        """A reader's name for ``action`` at the node reached by ``path``."""
        for node, names in self.move_names:
            if node == path and action < len(names):
                return names[action]
        if self.kind == "bandit":
            return f"arm {action + 1} ({self.arms[action]:.2f})"
        if self.kind == "hex" and self.board is not None:
            return self.board.cell_name(int(np.flatnonzero(self.board.cells == 0)[action]))
        if self.branching == 2:
            return ("left", "right")[action]
        return f"move {action + 1}"

    def population_name(self, path: tuple[int, ...]) -> str:
        """``root`` or the line of moves leading to the population, e.g. ``b c``."""
        if not path:
            return "root"
        return " ".join(self.move_name(path[:i], a) for i, a in enumerate(path))

    def internal_paths(self, max_depth: int) -> list[tuple[int, ...]]:
        """Every node of an explicit tree above the leaves, to ``max_depth`` (breadth first);
        the root alone for the other kinds."""
        paths: list[tuple[int, ...]] = [()]
        frontier: list[tuple[int, ...]] = [()]
        for _ in range(min(max_depth, self.tree_depth - 1)):
            frontier = [(*p, a) for p in frontier for a in range(self.branching)]
            paths.extend(frontier)
        return paths


def bandit_problem(arms: Sequence[float]) -> Problem:
    return Problem("bandit", f"{len(arms)}-armed bandit", arms=tuple(float(a) for a in arms))


def thesis_tree_problem(leaves: Sequence[float] = THESIS_FIGURE_4_3_LEAVES) -> Problem:
    """Thesis Fig. 4.3: Max plays a or b; Min's c refutes b (see
    ``engine.search.environment.THESIS_FIGURE_4_3_LEAVES`` for the values we had to choose)."""
    return Problem(
        "tree",
        "thesis Fig. 4.3 tree",
        leaves=tuple(float(v) for v in leaves),
        move_names=(((), ("a", "b")), ((1,), ("c", "d"))),
    )


def paper_tree_problem(leaves: Sequence[float] = PAPER_FIGURE_4_LEAVES) -> Problem:
    """Paper Fig. 4: binary, 4 plies; Monte-Carlo says right (75% against 50%), minimax left."""
    return Problem("tree", "paper Fig. 4 tree", leaves=tuple(float(v) for v in leaves))


def hex_problem(board: Board) -> Problem:
    return Problem("hex", f"Hex {board.width}x{board.height} position", board=board.copy())


# --------------------------------------------------------------------------- experiments


@dataclass(frozen=True, slots=True)
class Series:
    """One curve of a figure: the agents of population ``path`` holding ``move``, or the whole
    population's size when ``move`` is None."""

    label: str
    path: tuple[int, ...]
    move: int | None


@dataclass(frozen=True, slots=True)
class Experiment:
    """A figure of the sources as a run: ``config``'s seed is replaced by each run's seed."""

    name: str
    summary: str
    source: str  # what the text says the figure shows
    problem: Problem
    config: SwarmConfig
    series: tuple[Series, ...]
    chosen: str = ""  # parameters the text does not give, and what we chose
    record_depth: int = 0  # populations recorded: every tree node to this depth
    iterations: int = 50  # how long each run searches (the thesis's figures: 50)

    @property
    def recorded_paths(self) -> list[tuple[int, ...]]:
        paths = self.problem.internal_paths(self.record_depth)
        for series in self.series:
            if series.path not in paths:
                paths.append(series.path)
        return paths

    def with_config(self, **changes) -> Experiment:
        return replace(self, config=replace(self.config, **changes))


def _root_series(problem: Problem) -> tuple[Series, ...]:
    return tuple(Series(problem.move_name((), a), (), a) for a in range(problem.width))


def _population_series(problem: Problem, path: tuple[int, ...]) -> tuple[Series, ...]:
    return tuple(
        Series(f"{problem.population_name(path)}: {problem.move_name(path, a)}", path, a)
        for a in range(problem.branching)
    )


# Thesis Fig. 4.1's arm values are a chart that is not in the text: five arms, chosen distinct.
THESIS_BANDIT_ARMS = (0.2, 0.4, 0.6, 0.8, 0.5)
_THESIS_TREE_CHOICE = (
    "The tree is drawn in Fig. 4.3, not given in the text; leaves (1/3, 1/3 | c = 0, d = 1), "
    "so b = 1/2 rather than 67% (no binary depth-2 tree has a = 1/3, b = 2/3 and a refuting c)."
)


def _experiments() -> tuple[Experiment, ...]:
    bandit = bandit_problem(THESIS_BANDIT_ARMS)
    thesis_tree = thesis_tree_problem()
    paper_tree = paper_tree_problem()
    fixed_thesis = SwarmConfig(policy="fixed", agents=1500, depth=2, threads=1)
    return (
        Experiment(
            "thesis-4.2",
            "bandit: agents per arm, 200 agents, 50 iterations (thesis 4.2.1, Fig. 4.1-4.2)",
            "In about 10 iterations, the distribution of the agents on the different arms "
            "roughly corresponds to their expected values.",
            bandit,
            SwarmConfig(policy="root", agents=200, threads=1),
            _root_series(bandit),
            chosen="Arm values (Fig. 4.1 is a chart): 0.2, 0.4, 0.6, 0.8, 0.5. "
            "Passive recruitment.",
        ),
        Experiment(
            "thesis-4.4",
            "thesis tree, fixed populations: Min's population after a (Fig. 4.4)",
            "After about 10 iterations, the distribution of the agents in the population "
            "corresponding to Max's move a is still roughly equilibrated.",
            thesis_tree,
            fixed_thesis,
            _population_series(thesis_tree, (0,)),
            chosen=_THESIS_TREE_CHOICE + " 500 agents per population, 3 populations, depth 2.",
            record_depth=1,
        ),
        Experiment(
            "thesis-4.5",
            "thesis tree, fixed populations: Min's population after b (Fig. 4.5)",
            "All the agents support Min's move c in the population corresponding to Max's move b.",
            thesis_tree,
            fixed_thesis,
            _population_series(thesis_tree, (1,)),
            chosen=_THESIS_TREE_CHOICE + " 500 agents per population, 3 populations, depth 2.",
            record_depth=1,
        ),
        Experiment(
            "thesis-4.6",
            "thesis tree, fixed populations: the root population (Fig. 4.6)",
            "While agents tend to support Max's move b in the first few iterations, the trend "
            "reverses quickly and again, after about 10 iterations, the majority of agents "
            "stabilises to support his move a.",
            thesis_tree,
            fixed_thesis,
            _population_series(thesis_tree, ()),
            chosen=_THESIS_TREE_CHOICE + " 500 agents per population, 3 populations, depth 2.",
            record_depth=1,
        ),
        Experiment(
            "thesis-4.7",
            "thesis tree, reallocation within layers: Min's population after a (Fig. 4.7)",
            "[The number of agents in Min's node population corresponding to Max's move a] "
            "roughly follows the number of agents supporting move a in the root node population "
            "and also shows the switch in the first few iterations between supporting Max's "
            "moves b and a.",
            thesis_tree,
            SwarmConfig(policy="layers", agents=1000, depth=2, threads=1),
            (
                Series("agents in Min's population after a", (0,), None),
                Series("root agents supporting a", (), 0),
                Series("agents in Min's population after b", (1,), None),
            ),
            chosen=_THESIS_TREE_CHOICE + " Agents not given for Fig. 4.7: 500 per layer "
            "(1000 in all, 2 layers), as many as the root had in Fig. 4.4-4.6; 50 iterations.",
            record_depth=1,
        ),
        Experiment(
            "paper-5",
            "paper tree, fixed populations at every node (Table 1), 175 agents (paper Fig. 5)",
            "During iterations 1 and 2, most of the agents in the root node population point "
            "toward the right move. Then during iterations 3 and 4, the selection of Min's left "
            "moves at plies 2 and 4 changes this tendency and at iteration 5 all the agents in "
            "the root node point toward Max's left move.",
            paper_tree,
            SwarmConfig(policy="fixed", agents=175, depth=4, threads=1),
            _population_series(paper_tree, ()),
            chosen="175 agents over the 15 non-terminal nodes: 11 each, the 10 left over at "
            "the root (21). Passive recruitment (not stated).",
            record_depth=3,
            iterations=5,
        ),
        Experiment(
            "paper-6",
            "paper tree, SDST (Table 2), 100 agents, scattering always (paper Fig. 6)",
            "A majority of agents in the root node population first points toward the 'move "
            "right' ... before reorienting toward the 'move left' ... at iteration 12 the "
            "metapopulation stabilises in the left part of the game-tree.",
            paper_tree,
            SwarmConfig(policy="tree", agents=100, p_scatter=1.0, threads=1),
            _population_series(paper_tree, ()),
            chosen="Table 2 scatters every inactive agent an active one selects: p_scatter = 1 "
            "(the thesis's 1/5 factor is for Hex, 5.2.3). Backscatter to the parent.",
            record_depth=3,
            iterations=12,
        ),
        Experiment(
            "paper-6-thesis-scatter",
            "paper Fig. 6 with the thesis's Hex scattering factor 1/5 (ours, for comparison)",
            "As paper-6; the thesis (4.3.2) adds 'a random condition on the displacement of "
            "an agent by another active agent' because scattering was too strong on Hex.",
            paper_tree,
            SwarmConfig(policy="tree", agents=100, p_scatter=0.2, threads=1),
            _population_series(paper_tree, ()),
            chosen="p_scatter = 0.2 (thesis 5.2.3), otherwise as paper-6.",
            record_depth=3,
            iterations=12,
        ),
        Experiment(
            "paper-6-copy-only",
            "paper Fig. 6 with Table 2's internal diffusion read literally: copy only (ours)",
            "Table 2: 'Internal diffusion (by passive recruitment): every inactive agent X "
            "selects another agent Y at random; if Y is active, X takes Y's hypothesis' (no "
            "random re-draw, unlike thesis 3.2.2's standard diffusion).",
            paper_tree,
            SwarmConfig(
                policy="tree",
                agents=100,
                p_scatter=1.0,
                internal_diffusion="paper",
                threads=1,
            ),
            _population_series(paper_tree, ()),
            chosen="internal_diffusion = paper, otherwise as paper-6.",
            record_depth=3,
            iterations=12,
        ),
    )


EXPERIMENTS: tuple[Experiment, ...] = _experiments()


def experiment(name: str) -> Experiment:
    for candidate in EXPERIMENTS:
        if candidate.name == name:
            return candidate
    names = ", ".join(e.name for e in EXPERIMENTS)
    sweeps = ", ".join(s.name for s in SWEEPS)
    raise HexError(f"unknown experiment {name!r}; known: {names}, {sweeps}")


# --------------------------------------------------------------------------- running


def _node_at(search: SwarmSearch, path: tuple[int, ...]) -> int:
    node = 0
    for action in path:
        node = search._child(node, action)
        if node < 0:
            return -1
    return node


def population_counts(search: SwarmSearch, path: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
    """Agents and active agents per move in the population of the node at ``path`` (zeros if
    the search has not created that node). Call between iterations."""
    search.root_counts()  # brings the population index up to date
    node = _node_at(search, path)
    if node < 0 or node >= int(search.counters[NODE_COUNT]):
        zeros = np.zeros(search.width, dtype=np.int64)
        return zeros, zeros.copy()
    return search._node_stats(node)


@dataclass(frozen=True, slots=True)
class Frame:
    """The recorded populations after one iteration (``iteration = 0``: as initialised):
    ``agents[p, m]`` agents of population ``paths[p]`` holding move ``m``, ``active`` likewise,
    and the search's snapshot then (None unless asked for)."""

    iteration: int
    agents: np.ndarray
    active: np.ndarray
    snapshot: SearchSnapshot | None


@dataclass(slots=True)
class Trace:
    """One seed's run: ``agents[t, p, m]`` agents of population ``paths[p]`` holding move ``m``
    after iteration ``t``; ``active`` likewise; ``result`` is None while the run is going on."""

    seed: int
    paths: list[tuple[int, ...]]
    agents: np.ndarray
    active: np.ndarray
    result: SwarmResult | None = None

    @classmethod
    def from_frames(
        cls, seed: int, paths: list[tuple[int, ...]], frames: Sequence[Frame], result=None
    ) -> Trace:
        agents = np.stack([f.agents for f in frames])
        return cls(seed, paths, agents, np.stack([f.active for f in frames]), result)


def check_runnable(problem: Problem, config: SwarmConfig) -> None:
    """Raise HexError (with the reason) for a problem and algorithm the lab cannot run
    faithfully."""
    problem.environment()  # validates the arms, leaves or position
    if config.policy == "tree" and problem.kind == "tree" and problem.has_probability_leaves:
        raise HexError(
            "whole-tree SDST puts agents on the leaves themselves, where probability leaves "
            "have no exact end (the kernels know only 0/1 endings): use fixed or layers "
            "populations above the leaves, or 0/1 leaves"
        )


def trace_search(
    problem: Problem,
    config: SwarmConfig,
    paths: Sequence[tuple[int, ...]],
    iterations: int,
    *,
    snapshots: bool = False,
    on_frame: Callable[[Frame], bool] | None = None,
) -> Trace:
    """Run one search of ``iterations``, recording the populations at ``paths`` before the
    first iteration and after every one. ``on_frame(frame)`` is called with each record;
    returning True stops the search (a window that runs step by step waits inside it for the
    next step)."""
    check_runnable(problem, config)
    env = problem.environment()
    search = SwarmSearch(config, player=config.policy)
    paths = list(paths)
    frames: list[Frame] = []
    stop = [False]

    def observe() -> None:
        counts = [population_counts(search, path) for path in paths]
        frame = Frame(
            search.iteration,
            np.stack([c for c, _ in counts]),
            np.stack([a for _, a in counts]),
            search.snapshot(done=False) if snapshots else None,
        )
        frames.append(frame)
        if on_frame is not None and on_frame(frame):
            stop[0] = True

    def between_iterations() -> bool:
        if len(frames) == search.iteration:  # once per iteration, however often it is asked
            observe()
        return stop[0]

    result = search.run(env, SearchLimits(iterations=iterations), should_stop=between_iterations)
    if len(frames) == search.iteration:
        observe()
    return Trace.from_frames(config.seed, paths, frames, result)


@dataclass(slots=True)
class LabRun:
    """An experiment over several seeds."""

    experiment: Experiment
    traces: list[Trace]

    def series_values(self) -> np.ndarray:
        """``values[s, t, k]``: series ``k`` of seed ``s`` after iteration ``t``."""
        iterations = min(trace.agents.shape[0] for trace in self.traces)
        values = np.zeros((len(self.traces), iterations, len(self.experiment.series)))
        for s, trace in enumerate(self.traces):
            for k, series in enumerate(self.experiment.series):
                p = trace.paths.index(series.path)
                block = trace.agents[:iterations, p]
                values[s, :, k] = (
                    block.sum(axis=1) if series.move is None else block[:, series.move]
                )
        return values

    def summary(self) -> dict[str, np.ndarray]:
        """Per iteration and series: mean, standard deviation, 10th and 90th percentiles."""
        values = self.series_values()
        return {
            "mean": values.mean(axis=0),
            "sd": values.std(axis=0),
            "p10": np.percentile(values, 10, axis=0),
            "p90": np.percentile(values, 90, axis=0),
        }

    def write_csv(self, directory: Path) -> tuple[Path, Path]:
        """``NAME.csv``: mean and spread per iteration and series; ``NAME-runs.csv``: every
        seed's populations (agents and active agents per move) per iteration."""
        directory.mkdir(parents=True, exist_ok=True)
        name = self.experiment.name
        return (
            self.write_summary_csv(directory / f"{name}.csv"),
            self.write_runs_csv(directory / f"{name}-runs.csv"),
        )

    def write_summary_csv(self, path: Path) -> Path:
        stats = self.summary()
        with Path(path).open("w", newline="") as handle:
            writer = csv.writer(handle)
            writer.writerow(["iteration", "series", "mean", "sd", "p10", "p90", "seeds"])
            for t in range(stats["mean"].shape[0]):
                for k, series in enumerate(self.experiment.series):
                    row = [
                        round(float(stats[key][t, k]), 3) for key in ("mean", "sd", "p10", "p90")
                    ]
                    writer.writerow([t, series.label, *row, len(self.traces)])
        return Path(path)

    def write_runs_csv(self, path: Path) -> Path:
        problem = self.experiment.problem
        with Path(path).open("w", newline="") as handle:
            writer = csv.writer(handle)
            writer.writerow(["seed", "iteration", "population", "move", "agents", "active"])
            for trace in self.traces:
                for t in range(trace.agents.shape[0]):
                    for p, node in enumerate(trace.paths):
                        for m in range(trace.agents.shape[2]):
                            writer.writerow(
                                [
                                    trace.seed,
                                    t,
                                    problem.population_name(node),
                                    problem.move_name(node, m),
                                    int(trace.agents[t, p, m]),
                                    int(trace.active[t, p, m]),
                                ]
                            )
        return Path(path)


def run_experiment(
    exp: Experiment, seeds: int, *, first_seed: int = 0, progress: Progress | None = None
) -> LabRun:
    """``exp`` with seeds ``first_seed .. first_seed + seeds - 1``."""
    if seeds < 1:
        raise HexError("run at least one seed")
    traces = []
    for i in range(seeds):
        config = replace(exp.config, seed=first_seed + i)
        traces.append(trace_search(exp.problem, config, exp.recorded_paths, exp.iterations))
        if progress is not None:
            progress(i + 1, seeds)
    return LabRun(exp, traces)


# --------------------------------------------------------------------------- cluster threshold


def alpha_min(beta: float) -> float:
    """Thesis 3.2.4 (after Myatt, Bishop and Nasuto): the smallest test score of the optimal
    hypothesis for which SDS converges, given the score ``beta`` of every other hypothesis."""
    return 1.0 / (2.0 - beta)


def cluster_share_limit(alpha: float, beta: float) -> float:
    """The share of agents on the optimal hypothesis at equilibrium in a search space too large
    for random re-draws to land on it: the fixed point of the mean-field step of
    :func:`mean_field_shares` without its re-draws onto the best arm, ``(alpha (2 - beta) - 1) /
    (alpha (alpha - beta))``; positive exactly when ``alpha > alpha_min(beta)``. (Derived here
    from the standard SDS step; the thesis quotes only ``alpha_min``.)"""
    if alpha <= beta:
        return 0.0
    return max(0.0, (alpha * (2.0 - beta) - 1.0) / (alpha * (alpha - beta)))


def mean_field_shares(arms: Sequence[float], iterations: int = 2000) -> np.ndarray:
    """The expected share of agents on each arm after ``iterations`` of standard SDS with
    passive recruitment, from a uniform start, in the mean-field limit (many agents; ours,
    written from thesis 3.2.2). An agent on arm ``i`` is active with chance ``arms[i]``; each
    inactive agent meets an active agent of arm ``j`` with chance ``arms[j] * share[j]`` and
    copies it, or meets an inactive one and re-draws uniformly."""
    chance = np.asarray(arms, dtype=np.float64)
    shares = np.full(chance.size, 1.0 / chance.size)
    for _ in range(iterations):
        active = chance * shares
        inactive = 1.0 - active.sum()
        shares = active + inactive * active + inactive * inactive / chance.size
    return shares


def majority_activation(p: float, playouts: int) -> float:
    """Probability that the majority of ``playouts`` playouts at win rate ``p`` is won (a tie,
    for an even count, by a fair coin): the activation of ``test=majority`` and
    ``test=sequential``; one playout gives ``p`` itself."""
    total = 0.0
    for wins in range(playouts + 1):
        chance = math.comb(playouts, wins) * p**wins * (1.0 - p) ** (playouts - wins)
        if 2 * wins > playouts:
            total += chance
        elif 2 * wins == playouts:
            total += chance / 2
    return total


def cluster_share_prediction(alpha: float, beta: float, arms: int, iterations: int = 2000) -> float:
    """:func:`mean_field_shares` of the best arm when it pays ``alpha`` and ``arms - 1``
    others pay ``beta``."""
    return float(mean_field_shares((alpha,) + (beta,) * (arms - 1), iterations)[0])


@dataclass(frozen=True, slots=True)
class ThresholdSweep:
    """The cluster threshold (thesis 3.2.4) on bandits: one arm pays ``alpha``, the other
    ``arms - 1`` pay ``beta``; for each ``alpha`` the equilibrium share of the best arm's
    cluster is the mean share over iterations ``burn_in .. iterations``."""

    name: str
    summary: str
    source: str
    chosen: str
    arms: int = 100
    beta: float = 0.5
    alphas: tuple[float, ...] = tuple(round(0.5 + 0.025 * i, 3) for i in range(21))
    agents: int = 1000
    iterations: int = 300
    burn_in: int = 150
    # 1: the thesis's one-playout test; k > 1: the k-playout majority test (ours, issue #12),
    # whose activation chances are majority_activation(alpha, k) and (beta, k).
    test_playouts: int = 1

    def activation(self, rate: float) -> float:
        return majority_activation(rate, self.test_playouts)


CLUSTER_THRESHOLD = ThresholdSweep(
    "cluster-threshold",
    "bandit: equilibrium share of the best arm's cluster against alpha_min = 1/(2 - beta) "
    "(thesis 3.2.4)",
    "The minimum value of alpha for which there is convergence is alpha_min = 1 / (2 - beta).",
    "Not an experiment of the text: 100 arms (alpha_min is a property of large search "
    "spaces; with few arms random re-draws alone keep a share on the best), beta = 0.5 "
    "(alpha_min = 2/3), alpha from 0.5 to 1 by 0.025, 1000 agents, 300 iterations, share "
    "averaged over iterations 150-300, passive recruitment.",
)

CLUSTER_THRESHOLD_MAJORITY = replace(
    CLUSTER_THRESHOLD,
    name="cluster-threshold-majority5",
    summary="bandit: the same sweep with the 5-playout majority test (ours): the threshold "
    "moves left, to where the majority of 5 at alpha beats 1/(2 - beta_5)",
    chosen=CLUSTER_THRESHOLD.chosen
    + " Each test is the majority of 5 playouts (test=majority, test_playouts=5).",
    test_playouts=5,
)

SWEEPS = (CLUSTER_THRESHOLD, CLUSTER_THRESHOLD_MAJORITY)


def sweep(name: str) -> ThresholdSweep | None:
    """The cluster-threshold sweep called ``name``, or None if no sweep has that name."""
    return next((candidate for candidate in SWEEPS if candidate.name == name), None)


@dataclass(slots=True)
class SweepRun:
    """``shares[s, i]``: equilibrium share of the best arm with ``alphas[i]``, seed ``s``."""

    sweep: ThresholdSweep
    shares: np.ndarray

    def predicted(self) -> np.ndarray:
        sweep = self.sweep
        beta = sweep.activation(sweep.beta)
        return np.array(
            [cluster_share_prediction(sweep.activation(a), beta, sweep.arms) for a in sweep.alphas]
        )

    def limit(self) -> np.ndarray:
        sweep = self.sweep
        beta = sweep.activation(sweep.beta)
        return np.array([cluster_share_limit(sweep.activation(a), beta) for a in sweep.alphas])

    def write_csv(self, directory: Path) -> tuple[Path, Path]:
        directory.mkdir(parents=True, exist_ok=True)
        summary_path = directory / f"{self.sweep.name}.csv"
        predicted, limit = self.predicted(), self.limit()
        with summary_path.open("w", newline="") as handle:
            writer = csv.writer(handle)
            writer.writerow(
                ["alpha", "mean_share", "sd", "p10", "p90", "mean_field", "large_space", "seeds"]
            )
            for i, alpha in enumerate(self.sweep.alphas):
                column = self.shares[:, i]
                writer.writerow(
                    [
                        alpha,
                        round(float(column.mean()), 4),
                        round(float(column.std()), 4),
                        round(float(np.percentile(column, 10)), 4),
                        round(float(np.percentile(column, 90)), 4),
                        round(float(predicted[i]), 4),
                        round(float(limit[i]), 4),
                        self.shares.shape[0],
                    ]
                )
        runs_path = directory / f"{self.sweep.name}-runs.csv"
        with runs_path.open("w", newline="") as handle:
            writer = csv.writer(handle)
            writer.writerow(["seed", "alpha", "share"])
            for s in range(self.shares.shape[0]):
                for i, alpha in enumerate(self.sweep.alphas):
                    writer.writerow([s, alpha, round(float(self.shares[s, i]), 4)])
        return summary_path, runs_path


def equilibrium_share(sweep: ThresholdSweep, alpha: float, seed: int) -> float:
    """The best arm's mean share over the sweep's equilibrium window, one seed."""
    arms = (alpha,) + (sweep.beta,) * (sweep.arms - 1)
    test = "majority" if sweep.test_playouts > 1 else "single"
    config = SwarmConfig(
        policy="root",
        agents=sweep.agents,
        seed=seed,
        threads=1,
        test=test,
        test_playouts=sweep.test_playouts,
    )
    limits = SearchLimits(iterations=sweep.iterations)
    history = np.asarray(SwarmSearch(config).run(bandit_environment(arms), limits).history)
    return float(history[sweep.burn_in :, 0].mean() / sweep.agents)


def run_sweep(
    sweep: ThresholdSweep, seeds: int, *, first_seed: int = 0, progress: Progress | None = None
) -> SweepRun:
    if seeds < 1:
        raise HexError("run at least one seed")
    shares = np.zeros((seeds, len(sweep.alphas)))
    total = seeds * len(sweep.alphas)
    for s in range(seeds):
        for i, alpha in enumerate(sweep.alphas):
            shares[s, i] = equilibrium_share(sweep, alpha, first_seed + s)
            if progress is not None:
                progress(s * len(sweep.alphas) + i + 1, total)
    return SweepRun(sweep, shares)


def catalogue() -> list[tuple[str, str]]:
    """(name, one-line description) of every lab experiment, in order."""
    return [(e.name, e.summary) for e in EXPERIMENTS] + [(s.name, s.summary) for s in SWEEPS]

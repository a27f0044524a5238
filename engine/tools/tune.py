"""``hexswarm-tune``: learn the agent database of the ``agents`` playout policy.

The Go thesis (seed 002, ch. 3) draws each playout move's agent from a database of heuristic
orderings and learns the database with two algorithms, both here:

* ``--method hill`` (3.1.1, "a hill climbing in the space of agent sets: we add one agent to the
  set and greedily keep it if the new set performs better. We test each agent exactly one
  time"): start from ``--initial``, evaluate it, then try every other agent once in a random
  order, keeping it when the win rate beats the best so far.
* ``--method anneal`` (3.1.2): start with an empty database, temperature ``t``
  (``--temperature``) and win rate ``v`` (``--initial-win-rate``); add a random agent; evaluate
  the candidate, ``v'``; accept it if ``v' >= v``, otherwise with probability
  ``exp((v' - v) / t)``; on acceptance ``t := alpha * t`` and ``v := v'``; the next candidate
  adds a random missing agent with probability ``rho`` or removes a random one (always adds when
  the database has at most one agent; ours: always removes when it holds every agent).

``--restarts R`` runs R more rounds from the start with fresh random choices (random-restart,
seed 003 3.1.1). An agent is an ordering of a non-empty subset of the heuristics of
:mod:`engine.knowledge` (64 agents for the four heuristics); ``random`` is every agent's
implicit last resort.

The fitness of a candidate is the win rate of ``--player`` with the candidate as its playout
policy (``playout=agents,playout_agents=FILE``) against ``--opponent`` in a real match of
``--games`` games run by :mod:`engine.tools.match` (colours alternate; ``--jobs`` or ``--scheduler``
spread the games over processes or machines as for ``hexswarm-match``). Fix the number of
playouts per move in both specs so that every candidate gets the same search.

Files in ``--dir``: ``tune.jsonl`` (a settings line, then one line per evaluated candidate:
candidate, games, wins, Wilson interval, accepted or not, temperature, current and best
database), ``step-0001/`` ... (each step's match: SGF files, ``match.json`` and the candidate's
``agents.json``) and ``best.json`` (the best database so far, rewritten after every step).
Stopping and re-running the same command resumes: logged steps are replayed from the log (the
random choices are a function of ``--seed`` and the logged win rates, so the run continues
exactly as an uninterrupted one), and an unfinished step's match resumes where it stopped.
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import math
import os
import random
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Protocol

from hexswarm.engine.board import HexError
from hexswarm.engine.knowledge import HEURISTICS, SELECTIONS, AgentDatabase, save_database
from hexswarm.engine.players.levels import spec_keys
from hexswarm.engine.tools.games import MatchError, MatchSettings
from hexswarm.engine.tools.match import check_player
from hexswarm.engine.tools.series import Match
from hexswarm.engine.tools.stats import wilson_interval

Agent = tuple[str, ...]
Candidate = tuple[Agent, ...]

LOG_FILE = "tune.jsonl"
BEST_FILE = "best.json"
LOG_FORMAT = "hexswarm-tune-log"
LOG_VERSION = 1
METHODS = ("hill", "anneal")
DEFAULT_INITIAL: Candidate = (("win", "block", "bridge", "template"),)
# Settings that may change between runs of one tuning folder (like hexswarm-match's --games).
GROWABLE = ("steps", "restarts")


class TuneError(Exception):
    """A tuning run cannot start or go on; the message says why and what to do."""


# ---------------------------------------------------------------------------- agents


def agent_universe(heuristics: Sequence[str] = HEURISTICS) -> tuple[Agent, ...]:
    """Every ordering of every non-empty subset of ``heuristics``: shortest first, then in the
    order of ``itertools.permutations`` (so the list depends only on ``heuristics``)."""
    return tuple(
        agent
        for length in range(1, len(heuristics) + 1)
        for agent in itertools.permutations(heuristics, length)
    )


def parse_candidate(text: str) -> Candidate:
    """``"win,block,bridge;bridge"`` -> ``(("win", "block", "bridge"), ("bridge",))``, checked
    by :class:`engine.knowledge.AgentDatabase`."""
    agents = tuple(
        tuple(name.strip() for name in part.split(",") if name.strip())
        for part in text.split(";")
        if part.strip()
    )
    try:
        AgentDatabase(agents)
    except HexError as error:
        raise TuneError(f"--initial {text!r}: {error}") from None
    return agents


def format_candidate(candidate: Candidate) -> str:
    """The inverse of :func:`parse_candidate`."""
    return ";".join(",".join(agent) for agent in candidate)


class UniformSource(Protocol):
    def random(self) -> float: ...


def uniform_index(rng: UniformSource, count: int) -> int:
    """A uniform index below ``count`` from one ``rng.random()`` draw (every random choice of
    the optimisers goes through ``random()``, so a test can script them)."""
    return min(int(rng.random() * count), count - 1)


# ---------------------------------------------------------------------------- the optimisers


@dataclass(frozen=True)
class Proposal:
    """The next candidate to evaluate: ``action`` is ``initial``, ``add`` or ``remove`` (of
    ``agent``)."""

    action: str
    agent: Agent | None
    candidate: Candidate


class HillClimbing:
    """The Go thesis's greedy add-and-keep (3.1.1) over ``universe``, from ``initial``."""

    def __init__(self, universe: Sequence[Agent], initial: Candidate, rng: UniformSource):
        self.current: Candidate = tuple(initial)
        self.current_win_rate: float | None = None
        order = [agent for agent in universe if agent not in self.current]
        for i in range(len(order) - 1, 0, -1):  # Fisher-Yates with the scripted-able draws
            j = uniform_index(rng, i + 1)
            order[i], order[j] = order[j], order[i]
        self.order = order
        self._tried = 0

    temperature = None

    def propose(self) -> Proposal | None:
        """The next candidate, or None when every agent has been tried."""
        if self.current_win_rate is None:
            return Proposal("initial", None, self.current)
        if self._tried == len(self.order):
            return None
        agent = self.order[self._tried]
        self._tried += 1
        return Proposal("add", agent, (*self.current, agent))

    def tell(self, proposal: Proposal, win_rate: float) -> bool:
        """The candidate's win rate; return whether it becomes the current database."""
        current = self.current_win_rate
        if proposal.action == "initial" or current is None or win_rate > current:
            self.current, self.current_win_rate = proposal.candidate, win_rate
            return True
        return False


class SimulatedAnnealing:
    """The Go thesis's simulated annealing over agent sets (3.1.2)."""

    def __init__(
        self,
        universe: Sequence[Agent],
        rng: UniformSource,
        *,
        temperature: float,
        alpha: float,
        rho: float,
        initial_win_rate: float,
    ):
        self.universe = tuple(universe)
        self.rng = rng
        self.temperature = temperature
        self.alpha = alpha
        self.rho = rho
        self.current: Candidate = ()
        self.current_win_rate = initial_win_rate

    def propose(self) -> Proposal:
        missing = [agent for agent in self.universe if agent not in self.current]
        if missing and (len(self.current) <= 1 or self.rng.random() < self.rho):
            agent = missing[uniform_index(self.rng, len(missing))]
            return Proposal("add", agent, (*self.current, agent))
        agent = self.current[uniform_index(self.rng, len(self.current))]
        return Proposal("remove", agent, tuple(a for a in self.current if a != agent))

    def acceptance_probability(self, win_rate: float) -> float:
        """1 for a candidate at least as good as the current one, else ``exp((v' - v) / t)``."""
        if win_rate >= self.current_win_rate:
            return 1.0
        return math.exp((win_rate - self.current_win_rate) / self.temperature)

    def tell(self, proposal: Proposal, win_rate: float) -> bool:
        probability = self.acceptance_probability(win_rate)
        accepted = probability >= 1.0 or self.rng.random() < probability
        if accepted:
            self.current, self.current_win_rate = proposal.candidate, win_rate
            self.temperature *= self.alpha
        return accepted


# ---------------------------------------------------------------------------- settings and log


@dataclass(frozen=True)
class TuneSettings:
    """What defines a tuning run. ``steps`` is the number of evaluations per round;
    ``restarts`` the number of rounds after the first."""

    method: str
    player: str
    opponent: str
    size: int
    games: int
    swap: bool = False
    seed: int = 1
    steps: int = 64
    restarts: int = 0
    initial: Candidate = DEFAULT_INITIAL
    heuristics: tuple[str, ...] = HEURISTICS
    selection: str = "per-move"
    temperature: float = 0.5
    alpha: float = 0.9
    rho: float = 0.5
    initial_win_rate: float = 0.5

    def identity(self) -> dict:
        data = asdict(self)
        data["initial"] = [list(agent) for agent in self.initial]
        data["heuristics"] = list(self.heuristics)
        return data

    @classmethod
    def from_identity(cls, data: dict) -> TuneSettings:
        values = dict(data)
        values["initial"] = tuple(tuple(agent) for agent in values["initial"])
        values["heuristics"] = tuple(values["heuristics"])
        return cls(**values)

    def check(self) -> None:
        """Raise :class:`TuneError` on a setting out of range."""
        problems = []
        if self.method not in METHODS:
            problems.append(f"method must be one of {', '.join(METHODS)}, not {self.method!r}")
        if self.games < 1 or self.steps < 1 or self.restarts < 0:
            problems.append("games and steps must be 1 or more, restarts 0 or more")
        if not self.temperature > 0 or not 0 < self.alpha <= 1 or not 0 <= self.rho <= 1:
            problems.append("temperature must be > 0, alpha in (0, 1], rho in [0, 1]")
        if not 0 <= self.initial_win_rate <= 1:
            problems.append("the initial win rate is a fraction from 0 to 1")
        if self.selection not in SELECTIONS:
            problems.append(f"selection must be one of {', '.join(SELECTIONS)}")
        unknown = [h for h in self.heuristics if h not in HEURISTICS]
        if unknown or not self.heuristics or len(set(self.heuristics)) != len(self.heuristics):
            problems.append(f"heuristics: each of {', '.join(HEURISTICS)} at most once")
        outside = [a for a in self.initial if any(h not in self.heuristics for h in a)]
        if outside:
            problems.append(f"the initial agents {outside} use heuristics not tuned here")
        for key in ("playout", "playout_agents"):
            if key in spec_keys(self.player):
                problems.append(f"the player spec must not set {key}: the tuner sets it")
        if problems:
            raise TuneError("; ".join(problems))


def match_seed(tune_seed: int, step: int) -> int:
    """The match seed of step ``step``: a fresh series of games for every evaluation."""
    return (tune_seed * 100_003 + step) % (2**31 - 1)


def round_seed(tune_seed: int, round_number: int) -> int:
    """The seed of the optimiser's random choices in round ``round_number`` (from 1)."""
    return (tune_seed * 7_919 + round_number) % (2**31 - 1)


def make_optimiser(settings: TuneSettings, round_number: int):
    rng = random.Random(round_seed(settings.seed, round_number))
    universe = agent_universe(settings.heuristics)
    if settings.method == "hill":
        return HillClimbing(universe, settings.initial, rng)
    return SimulatedAnnealing(
        universe,
        rng,
        temperature=settings.temperature,
        alpha=settings.alpha,
        rho=settings.rho,
        initial_win_rate=settings.initial_win_rate,
    )


def _candidate_json(candidate: Candidate) -> list[list[str]]:
    return [list(agent) for agent in candidate]


def _candidate_of(data: list) -> Candidate:
    return tuple(tuple(agent) for agent in data)


class TuneLog:
    """``tune.jsonl``: a settings line, then one line per evaluated candidate. Lines are
    appended and flushed to disk one by one; a torn last line (a crash mid-write) is dropped."""

    def __init__(self, path: Path):
        self.path = path

    def load_or_create(self, settings: TuneSettings) -> list[dict]:
        """The logged steps; a new log when there is none. A log of other settings (but for
        :data:`GROWABLE` ones) is an error."""
        header = {
            "kind": "settings",
            "format": LOG_FORMAT,
            "version": LOG_VERSION,
            "settings": settings.identity(),
        }
        if not self.path.exists() or not self.path.read_text(encoding="utf-8").strip():
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.path.write_text("", encoding="utf-8")
            self.append(header)
            return []
        lines = self.path.read_text(encoding="utf-8").splitlines()
        records = []
        for number, line in enumerate(lines, 1):
            try:
                records.append(json.loads(line))
            except ValueError:
                if number == len(lines):
                    break  # torn by a crash: that step runs again
                raise TuneError(f"{self.path}:{number} is not JSON") from None
        first = records[0] if records else {}
        if first.get("kind") != "settings" or first.get("format") != LOG_FORMAT:
            raise TuneError(f"{self.path} is not a hexswarm-tune log")
        saved, mine = first["settings"], settings.identity()
        different = sorted(
            k for k in set(saved) | set(mine) if k not in GROWABLE and saved.get(k) != mine.get(k)
        )
        if different:
            details = "; ".join(
                f"{k}: saved {saved.get(k)!r}, now {mine.get(k)!r}" for k in different
            )
            raise TuneError(
                f"{self.path.parent} holds another tuning run ({details}). "
                "Use the same settings to continue it, or another --dir."
            )
        steps = [r for r in records[1:] if r.get("kind") == "step"]
        if saved["steps"] != settings.steps and any(r["round"] > 1 for r in steps):
            raise TuneError(
                f"{self.path.parent}: --steps cannot change once a restart has begun "
                f"(saved {saved['steps']}, now {settings.steps})"
            )
        if len(lines) > len(records):  # rewrite without the torn line
            self.path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
        return steps

    def append(self, record: dict) -> None:
        with open(self.path, "a", encoding="utf-8") as handle:
            handle.write(json.dumps(record) + "\n")
            handle.flush()
            os.fsync(handle.fileno())


def read_steps(path: Path) -> list[dict]:
    """The step records of a log file (for plots and reports)."""
    lines = Path(path).read_text(encoding="utf-8").splitlines()
    records = []
    for line in lines:
        with contextlib.suppress(ValueError):
            records.append(json.loads(line))
    return [r for r in records if r.get("kind") == "step"]


# ---------------------------------------------------------------------------- the run


Fitness = Callable[[int, Candidate], tuple[int, int]]
"""``fitness(step, candidate) -> (wins, games)`` of the tuned player with ``candidate``."""


@dataclass
class TuneResult:
    steps: list[dict] = field(default_factory=list)
    best: dict | None = None


def tune(
    settings: TuneSettings,
    run_dir: Path,
    fitness: Fitness,
    *,
    on_step: Callable[[dict], None] | None = None,
    max_new_steps: int | None = None,
) -> TuneResult:
    """Run (or resume) the tuning in ``run_dir``; return every step's record and the best.

    Logged steps are replayed without evaluation; new ones are evaluated with ``fitness``,
    logged, passed to ``on_step`` and ``best.json`` is rewritten. ``max_new_steps`` stops
    after that many new evaluations (the run can be continued later)."""
    settings.check()
    log = TuneLog(run_dir / LOG_FILE)
    logged = log.load_or_create(settings)
    result = TuneResult()
    step = 0
    new_steps = 0
    for round_number in range(1, settings.restarts + 2):
        optimiser = make_optimiser(settings, round_number)
        for _ in range(settings.steps):
            proposal = optimiser.propose()
            if proposal is None:
                break
            step += 1
            replayed = step <= len(logged)
            if replayed:
                entry = logged[step - 1]
                if _candidate_of(entry["candidate"]) != proposal.candidate:
                    raise TuneError(
                        f"{log.path}: step {step} logged {entry['candidate']}, but the run "
                        f"proposes {_candidate_json(proposal.candidate)}: the log is not from "
                        "this version of the tuner"
                    )
                wins, games = entry["wins"], entry["games"]
            else:
                if max_new_steps is not None and new_steps >= max_new_steps:
                    return result
                wins, games = fitness(step, proposal.candidate)
                new_steps += 1
            temperature = optimiser.temperature
            accepted = optimiser.tell(proposal, wins / games)
            low, high = wilson_interval(wins, games)
            record = {
                "kind": "step",
                "step": step,
                "round": round_number,
                "method": settings.method,
                "action": proposal.action,
                "agent": list(proposal.agent) if proposal.agent else None,
                "candidate": _candidate_json(proposal.candidate),
                "games": games,
                "wins": wins,
                "win_rate": wins / games,
                "interval": [low, high],
                "accepted": accepted,
                "temperature": temperature,
                "current": _candidate_json(optimiser.current),
                "current_win_rate": optimiser.current_win_rate,
                "match_seed": match_seed(settings.seed, step),
            }
            if result.best is None or record["win_rate"] > result.best["win_rate"]:
                result.best = record
            record["best_step"] = result.best["step"]
            record["best_win_rate"] = result.best["win_rate"]
            record["best_interval"] = result.best["interval"]
            result.steps.append(record)
            if replayed:
                if entry.get("accepted") != accepted:
                    raise TuneError(f"{log.path}: step {step} replays differently from its log")
                continue
            log.append(record)
            write_best(run_dir / BEST_FILE, settings, result.best)
            if on_step:
                on_step(record)
    if result.best is not None:
        write_best(run_dir / BEST_FILE, settings, result.best)
    return result


def write_best(path: Path, settings: TuneSettings, best: dict) -> None:
    """The best candidate as an agent database file (atomically)."""
    from hexswarm.engine.records.files import atomic_write_text

    database = AgentDatabase(_candidate_of(best["candidate"]), settings.selection)
    document = database.to_json()
    document["comment"] = (
        f"hexswarm-tune {settings.method}, step {best['step']}: {best['wins']}/{best['games']} "
        f"wins against {settings.opponent} on {settings.size}x{settings.size}"
    )
    atomic_write_text(path, json.dumps(document, indent=1) + "\n")


# ---------------------------------------------------------------------------- fitness by matches


class MatchFitness:
    """The fitness of a candidate: a real match of ``settings.games`` games in
    ``run_dir/step-NNNN`` (resumable), the tuned player being A. ``cluster`` (an open
    :class:`~engine.tools.distributed.DaskGames`) or ``jobs`` say where the games run.
    ``on_start(step, games already played)`` is called before a step's match,
    ``on_game(result)`` after every game."""

    def __init__(
        self,
        settings: TuneSettings,
        run_dir: Path,
        *,
        jobs: int = 1,
        cluster: Any = None,
        on_start: Callable[[int, int], None] | None = None,
        on_game: Callable[[Any], None] | None = None,
    ):
        if any(c in str(run_dir.resolve()) for c in ",="):
            raise TuneError(f"the tuning folder's path may not contain ',' or '=': {run_dir}")
        self.settings = settings
        self.run_dir = run_dir
        self.jobs = jobs
        self.cluster = cluster
        self.on_start = on_start
        self.on_game = on_game

    def player_spec(self, database_path: Path) -> str:
        separator = "," if ":" in self.settings.player else ":"
        return (
            f"{self.settings.player}{separator}playout=agents,"
            f"playout_agents={database_path.resolve()}"
        )

    def match(self, step: int, candidate: Candidate) -> Match:
        folder = self.run_dir / f"step-{step:04d}"
        folder.mkdir(parents=True, exist_ok=True)
        database_path = folder / "agents.json"
        save_database(AgentDatabase(candidate, self.settings.selection), database_path)
        settings = MatchSettings(
            player_a=self.player_spec(database_path),
            player_b=self.settings.opponent,
            size=self.settings.size,
            swap=self.settings.swap,
            seed=match_seed(self.settings.seed, step),
        )
        match = Match(settings, folder)
        match.load_or_create()
        return match

    def __call__(self, step: int, candidate: Candidate) -> tuple[int, int]:
        match = self.match(step, candidate)
        if self.on_start:
            self.on_start(step, len(match.results))
        match.run(self.settings.games, jobs=self.jobs, cluster=self.cluster, progress=self.on_game)
        summary = match.summary(self.settings.games)
        return summary.a_wins, summary.games


# ---------------------------------------------------------------------------- progress


class TuneProgress:
    """Progress on stderr with rich: a bar of the games played over the whole run (hence the
    time left) with the current step, and below it the best win rate with its 95% interval
    and the last step's outcome."""

    def __init__(self, settings: TuneSettings, quiet: bool = False):
        from rich.console import Console, Group
        from rich.live import Live
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeRemainingColumn,
        )

        self.settings = settings
        self.total_steps = settings.steps * (settings.restarts + 1)
        self.progress = Progress(
            TextColumn("{task.description}"),
            BarColumn(bar_width=30),
            MofNCompleteColumn(),
            TextColumn("games,"),
            TimeRemainingColumn(),
            TextColumn("left"),
        )
        self.task = self.progress.add_task("starting", total=self.total_steps * settings.games)
        self.status = _StatusLine()
        self.live = Live(
            Group(self.progress, self.status),
            console=Console(stderr=True),
            refresh_per_second=4,
        )
        self.quiet = quiet

    def start_step(self, step: int, done_games: int) -> None:
        self.progress.update(
            self.task,
            description=f"step {step}/{self.total_steps}",
            completed=(step - 1) * self.settings.games + done_games,
        )

    def game(self, _result) -> None:
        self.progress.advance(self.task)

    def step_done(self, record: dict) -> None:
        low, high = record["best_interval"]
        self.progress.update(self.task, completed=record["step"] * self.settings.games)
        self.status.text = (
            f"best {record['best_win_rate']:.3f} [{low:.3f}, {high:.3f}] at step "
            f"{record['best_step']}; step {record['step']}: {record['wins']}/{record['games']} "
            f"{'kept' if record['accepted'] else 'dropped'}"
        )

    def __enter__(self) -> TuneProgress:
        if not self.quiet:
            self.live.start()
        return self

    def __exit__(self, *exc) -> None:
        if not self.quiet:
            self.live.stop()


class _StatusLine:
    """A line of text that rich redraws with the progress bar."""

    text = "best: no step finished yet"

    def __rich__(self) -> str:
        return self.text


# ---------------------------------------------------------------------------- command line


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="hexswarm-tune",
        description="Learn the agent database of the multi-agent playout policy by hill "
        "climbing or simulated annealing (the Go thesis, seed 002 ch. 3), the fitness being "
        "the win rate in real matches against a fixed opponent.",
    )
    parser.add_argument("--dir", type=Path, required=True, help="folder of the run (resumable)")
    parser.add_argument("--method", choices=METHODS, default="hill")
    parser.add_argument(
        "--player",
        default="uct:playouts=1000",
        help="the tuned player's spec (default %(default)s)",
    )
    parser.add_argument(
        "--opponent", default="uct:playouts=1000", help="the fixed opponent (default %(default)s)"
    )
    parser.add_argument("--size", type=int, default=7, help="board size (default 7)")
    parser.add_argument("--games", type=int, default=100, help="games per candidate")
    parser.add_argument("--swap", action="store_true", help="play with the swap rule")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--steps", type=int, default=64, help="evaluations per round")
    parser.add_argument("--restarts", type=int, default=0, help="more rounds from the start")
    parser.add_argument(
        "--initial",
        default=format_candidate(DEFAULT_INITIAL),
        help="hill climbing's first database: agents separated by ';', heuristics by ',' "
        "(default %(default)s)",
    )
    parser.add_argument(
        "--heuristics",
        default=",".join(HEURISTICS),
        help="the heuristics agents are made of (default %(default)s)",
    )
    parser.add_argument("--selection", choices=SELECTIONS, default="per-move")
    parser.add_argument("--temperature", type=float, default=0.5, help="annealing: initial t")
    parser.add_argument("--alpha", type=float, default=0.9, help="annealing: t := alpha * t")
    parser.add_argument("--rho", type=float, default=0.5, help="annealing: P(add an agent)")
    parser.add_argument(
        "--initial-win-rate", type=float, default=0.5, help="annealing: initial v (default 0.5)"
    )
    parser.add_argument("--jobs", type=int, default=1, help="games in parallel processes")
    parser.add_argument("--scheduler", metavar="ADDRESS", help="a Dask scheduler (cluster.md)")
    parser.add_argument("--best", type=Path, help="also copy the best database here")
    parser.add_argument("--max-new-steps", type=int, help="stop after this many new steps")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    return parser


def settings_from_options(options: argparse.Namespace) -> TuneSettings:
    heuristics = tuple(h.strip() for h in options.heuristics.split(",") if h.strip())
    return TuneSettings(
        method=options.method,
        player=options.player,
        opponent=options.opponent,
        size=options.size,
        games=options.games,
        swap=options.swap,
        seed=options.seed,
        steps=options.steps,
        restarts=options.restarts,
        initial=parse_candidate(options.initial),
        heuristics=heuristics,
        selection=options.selection,
        temperature=options.temperature,
        alpha=options.alpha,
        rho=options.rho,
        initial_win_rate=options.initial_win_rate,
    )


def main(argv: Iterable[str] | None = None) -> int:
    """Entry point of ``hexswarm-tune`` and ``python -m hexswarm.engine.tools.tune``."""
    parser = build_parser()
    options = parser.parse_args(None if argv is None else list(argv))
    from hexswarm.engine.board import MAX_SIZE

    if not 1 <= options.size <= MAX_SIZE:
        parser.error(f"--size must be 1 to {MAX_SIZE}")
    if options.jobs < 1:
        parser.error("--jobs must be 1 or more")
    if options.scheduler and options.jobs != 1:
        parser.error("--jobs and --scheduler exclude each other")
    try:
        settings = settings_from_options(options)
        settings.check()
        check_player(settings.opponent)
        check_player(f"{settings.player}{',' if ':' in settings.player else ':'}playout=agents")
        with contextlib.ExitStack() as stack:
            cluster = None
            if options.scheduler or options.jobs > 1:
                from hexswarm.engine.tools.distributed import DaskGames, dask_available

                if options.scheduler:
                    cluster = stack.enter_context(DaskGames(scheduler=options.scheduler))
                elif dask_available():  # one local cluster for the whole run
                    cluster = stack.enter_context(DaskGames(workers=options.jobs))
            progress = stack.enter_context(TuneProgress(settings, options.quiet))
            fitness = MatchFitness(
                settings,
                options.dir,
                jobs=options.jobs,
                cluster=cluster,
                on_start=progress.start_step,
                on_game=progress.game,
            )
            result = tune(
                settings,
                options.dir,
                fitness,
                on_step=progress.step_done,
                max_new_steps=options.max_new_steps,
            )
    except (TuneError, MatchError, HexError) as error:
        print(f"hexswarm-tune: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\nhexswarm-tune: interrupted; re-run the same command to continue", file=sys.stderr)
        return 130
    best = result.best
    if best is None:
        print("hexswarm-tune: no step evaluated", file=sys.stderr)
        return 0
    if options.best:
        write_best(options.best, settings, best)
    low, high = best["interval"]
    print(
        f"best database (step {best['step']} of {len(result.steps)}): "
        f"{format_candidate(_candidate_of(best['candidate']))}\n"
        f"win rate {best['wins']}/{best['games']} = {best['win_rate']:.3f} "
        f"[{low:.3f}, {high:.3f}] against {settings.opponent} on {settings.size}x{settings.size}"
        f"\nwritten to {options.dir / BEST_FILE}"
    )
    return 0


if __name__ == "__main__":
    from hexswarm.engine.tools.tune import (
        main as _main,  # cluster workers pickle engine.tools.tune.*, not __main__.*
    )

    sys.exit(_main())

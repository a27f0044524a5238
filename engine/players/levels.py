"""The AI levels, their parameters and spec strings: one table the GUI and GTP are built from.

A *spec* names a level and optionally some settings::

    "mcsds"
    "sdst:agents=50000,iterations=50,policy=tree,p_scatter=0.2"
    "uct:playouts=200000,exploration=0.8,time_s=5"

:func:`parse_spec` validates everything and raises :class:`engine.board.HexError` with a message
a person can act on; :func:`settings_spec` writes a settings object back as a spec that parses
to the same settings. Optional values (``time_s``, ``confidence``) accept ``none``.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from engine.board import HexError
from engine.knowledge import DEFAULT_DATABASE, POLICIES, load_database

DEFAULT_THREADS = max(1, os.cpu_count() or 1)


@dataclass(frozen=True, slots=True)
class Parameter:
    """One setting of a level. ``type`` is ``int``, ``float``, ``choice``, ``bool`` or ``str``;
    ``optional`` means ``None`` ("none") is allowed and switches the feature off; ``check``
    validates a value further (raising :class:`HexError`)."""

    name: str
    type: str
    default: Any
    help: str
    minimum: float | None = None
    maximum: float | None = None
    choices: tuple[str, ...] = ()
    optional: bool = False
    check: Callable[[Any], Any] | None = None


@dataclass(frozen=True, slots=True)
class LevelInfo:
    """A level as the user sees it: registry ``name``, menu ``label``, a ``description``.
    A *preset* names a ``family`` (the level whose player and settings it uses) and differs
    from it only in its parameters' defaults."""

    name: str
    label: str
    description: str
    parameters: tuple[Parameter, ...]
    family: str = ""

    def parameter(self, name: str) -> Parameter:
        for parameter in self.parameters:
            if parameter.name == name:
                return parameter
        known = ", ".join(p.name for p in self.parameters)
        raise HexError(f"level {self.name!r} has no setting {name!r} (known: {known})")

    def defaults(self) -> dict[str, Any]:
        return {p.name: p.default for p in self.parameters}


# --------------------------------------------------------------------------- parameters

_COMMON = (
    Parameter(
        "seed", "int", 0, "random seed: the same seed and position give the same move", 0, 2**63 - 1
    ),
    Parameter(
        "threads",
        "int",
        DEFAULT_THREADS,
        "worker threads for the playouts (results depend on seed and threads)",
        1,
        256,
    ),
    Parameter(
        "time_s",
        "float",
        None,
        "time per move in seconds: the search uses it and its playout or iteration budget no "
        "longer limits it (none = search to the budget)",
        0.001,
        86_400.0,
        optional=True,
    ),
)
_TACTICS = Parameter(
    "tactics",
    "choice",
    "off",
    "exact root tactics before the search (ours): on = win at once, block the opponent's "
    "only winning cell, report a position lost to two such cells; solve = also run the exact "
    "solver first on boards of at most 64 cells (a bounded number of nodes)",
    choices=("off", "on", "solve"),
)
_SWAP_POLICY = Parameter(
    "swap_policy",
    "choice",
    "search",
    "with the swap rule on: search (open with the search's best move, swap on its estimate) "
    "or table (ours: open with the move closest to even in the measured opening table and "
    "swap exactly the openings it rates above even)",
    choices=("search", "table"),
)
_AGENTS = Parameter(
    "agents", "int", 50_000, "number of agents (thesis: 50 000 on 7x7)", 1, 5_000_000
)
_ITERATIONS = Parameter("iterations", "int", 50, "SDS iterations (thesis: 50)", 1, 1_000_000)
_RECRUITMENT = Parameter(
    "recruitment",
    "choice",
    "passive",
    "diffusion: passive (inactive agents ask), active (active agents tell), or dual",
    choices=("passive", "active", "dual-passive", "dual-active"),
)
_RELATE = Parameter(
    "relate",
    "choice",
    "none",
    "relate phase: active agents meeting an active agent (context-free) or one with the same "
    "hypothesis (context-sensitive) become inactive, to keep exploring",
    choices=("none", "context-free", "context-sensitive"),
)
_CONFIDENCE = Parameter(
    "confidence",
    "float",
    None,
    "halt early once this share of the root agents supports one move for 3 iterations",
    0.01,
    1.0,
    optional=True,
)
# Ours (issue 13): knowledge in the playouts; the thesis's levels keep uniform by default.
_PLAYOUT = Parameter(
    "playout",
    "choice",
    "uniform",
    "playout policy: uniform random moves (the thesis); bridge (answer an intrusion into a "
    "bridge); template (and into an edge template II); win (and take or block a winning cell); "
    "agents (the multi-agent policy of the Go thesis, database playout_agents)",
    choices=POLICIES,
)
_PLAYOUT_AGENTS = Parameter(
    "playout_agents",
    "str",
    DEFAULT_DATABASE,
    "agent database for playout=agents: a bundled name (default) or a JSON file path",
    check=load_database,
)
_PLAYOUT_SETTINGS = (_PLAYOUT, _PLAYOUT_AGENTS)

# The swarm options beyond the thesis (docs/search.md): every default is the thesis's rule.
_SWARM_OPTIONS = (
    Parameter(
        "test",
        "choice",
        "single",
        "test of a hypothesis: one playout (thesis), the majority of test_playouts playouts, "
        "or that majority decided sequentially (stops once the remaining playouts cannot "
        "change it)",
        choices=("single", "majority", "sequential"),
    ),
    Parameter("test_playouts", "int", 1, "playouts per test (majority, sequential)", 1, 255),
    Parameter(
        "reference",
        "choice",
        "win",
        "an agent is active when its playouts are won more often than lost (win), or when "
        "its win rate beats the mean of every test through its population so far (mean)",
        choices=("win", "mean"),
    ),
    Parameter(
        "evidence",
        "bool",
        False,
        "agents keep the playouts of their hypothesis across iterations and decide on all of "
        "them (a new hypothesis starts afresh)",
    ),
    Parameter(
        "internal_diffusion",
        "choice",
        "thesis",
        "an inactive agent meeting an inactive one draws a random hypothesis (thesis 3.2.2) "
        "or keeps its own (paper Table 2: copy only)",
        choices=("thesis", "paper"),
    ),
    Parameter(
        "copy_activates",
        "bool",
        False,
        "a recruited agent becomes active (thesis 4.2.1)",
    ),
    Parameter(
        "halt",
        "choice",
        "none",
        "halt early (thesis 3.2.2): strong = the most supported move's share, weak = the "
        "active share, at least halt_threshold and within halt_band for halt_iterations",
        choices=("none", "strong", "weak"),
    ),
    Parameter("halt_threshold", "float", 0.5, "halting: share of the root agents", 0.01, 1.0),
    Parameter("halt_band", "float", 0.02, "halting: allowed drift of that share", 0.0, 1.0),
    Parameter("halt_iterations", "int", 5, "halting: iterations it must hold", 1, 10_000),
)

LEVELS: dict[str, LevelInfo] = {
    "random": LevelInfo(
        "random",
        "Random",
        "Plays a uniformly random legal move. A floor for comparisons and tests.",
        _COMMON[:1],  # a seed only: it plays no playouts, so threads and time mean nothing
    ),
    "mc": LevelInfo(
        "mc",
        "Vanilla Monte-Carlo",
        "Thesis level 1: the same number of random playouts after every legal move; plays the "
        "move with the best win ratio. Strategic but blind to tactics such as bridges.",
        (
            Parameter(
                "playouts_per_move",
                "int",
                2_000,
                "random playouts after each legal move",
                1,
                10_000_000,
            ),
            *_PLAYOUT_SETTINGS,
            _TACTICS,
            _SWAP_POLICY,
            *_COMMON,
        ),
    ),
    "mcsds": LevelInfo(
        "mcsds",
        "SDS at the root (MCSDS)",
        "Thesis level 2: a population of agents, each holding a move; one random playout tests "
        "it; diffusion spreads the winning moves. Plays the move most agents hold. Same play as "
        "Monte-Carlo, with the effort where it matters.",
        (
            _AGENTS,
            _ITERATIONS,
            _RECRUITMENT,
            _RELATE,
            _CONFIDENCE,
            *_SWARM_OPTIONS,
            *_PLAYOUT_SETTINGS,
            _TACTICS,
            _SWAP_POLICY,
            *_COMMON,
        ),
    ),
    "sdst": LevelInfo(
        "sdst",
        "SDS in the tree (SDST)",
        "Thesis level 3: one population per explored node; a hypothesis chains one agent per "
        "population from the root; agents scatter to promising children and backscatter when "
        "unused. Looks ahead, so it sees first-order tactics.",
        (
            Parameter(
                "policy",
                "choice",
                "tree",
                "allocation of agents: fixed populations to a depth (paper Table 1), "
                "reallocation within layers (thesis 4.3.1), or within the entire tree (Table 2)",
                choices=("fixed", "layers", "tree"),
            ),
            Parameter("depth", "int", 2, "fixed/layers: populations at depths 0..depth-1", 1, 8),
            _AGENTS,
            _ITERATIONS,
            Parameter(
                "p_scatter",
                "float",
                0.2,
                "tree: chance that an active agent scatters an inactive one (thesis: 1/5)",
                0.0,
                1.0,
            ),
            Parameter(
                "backscatter",
                "choice",
                "parent",
                "tree: where unused agents go back to",
                choices=("parent", "root"),
            ),
            _RECRUITMENT,
            _RELATE,
            _CONFIDENCE,
            *_SWARM_OPTIONS,
            Parameter(
                "uncontacted",
                "choice",
                "keep",
                "fixed: agents not used in a test keep their activity or become inactive",
                choices=("keep", "reset"),
            ),
            *_PLAYOUT_SETTINGS,
            _TACTICS,
            _SWAP_POLICY,
            *_COMMON,
        ),
    ),
    "uct": LevelInfo(
        "uct",
        "UCT (Monte-Carlo tree search)",
        "The baseline: UCB1 selection, one tree grown by its playouts, plays the most visited "
        "move; keeps the tree under the moves played for the next search.",
        (
            Parameter(
                "playouts", "int", 100_000, "playouts (tree iterations) per move", 1, 100_000_000
            ),
            Parameter(
                "exploration",
                "float",
                0.5,
                "UCB1 constant C in q + C*sqrt(ln N / n) (theory: sqrt 2; 0.5 measured best, "
                "docs/experiments.md)",
                0.0,
                10.0,
            ),
            Parameter(
                "parallel",
                "choice",
                "none",
                "none: one tree on one thread (seeds 003/004); root: one tree per thread, "
                "root statistics summed (threads applies only here)",
                choices=("none", "root"),
            ),
            Parameter(
                "expand_after",
                "int",
                1,
                "visits of a leaf before its children are added (1: textbook UCT)",
                1,
                1_000_000,
            ),
            Parameter(
                "max_nodes",
                "int",
                8_000_000,
                "node budget per tree (about 16 bytes a node); when full the tree stops growing",
                1_000,
                500_000_000,
            ),
            Parameter(
                "reuse",
                "bool",
                True,
                "keep the tree under the moves played (ours and the reply) for the next search",
            ),
            *_PLAYOUT_SETTINGS,
            _TACTICS,
            _SWAP_POLICY,
            *_COMMON,
        ),
    ),
}


def _preset(name: str, label: str, description: str, family: str, **defaults: Any) -> LevelInfo:
    """Level ``family`` under another name with other defaults (checked like any setting)."""
    base = LEVELS[family]
    parameters = []
    for parameter in base.parameters:
        if parameter.name in defaults:
            value = _convert(base, parameter, defaults.pop(parameter.name))
            parameter = dataclasses.replace(parameter, default=value)
        parameters.append(parameter)
    if defaults:
        raise HexError(f"preset {name!r}: {family} has no setting {', '.join(defaults)}")
    return LevelInfo(name, label, description, tuple(parameters), family=family)


def one_thread_unless_named(spec: str) -> dict[str, int]:
    """``{"threads": 1}`` unless the spec names its threads or its level takes none (random):
    matches and benchmarks run games side by side, each player on one thread."""
    level_name, _, rest = spec.partition(":")
    named = {item.partition("=")[0].strip() for item in rest.split(",")}
    level = LEVELS.get(level_name.strip())
    takes_threads = level is None or any(p.name == "threads" for p in level.parameters)
    return {"threads": 1} if takes_threads and "threads" not in named else {}


# Presets (ours): time per move is their budget, so the count limits are set out of reach.
_PRESETS = (
    (
        "strong",
        "Strongest (UCT, 1 s a move)",
        'The strongest player measured at equal time (docs/experiments.md, "Presets"): UCT '
        "searching for the time given, with exact root tactics (the solver on boards up to "
        "8x8) and the swap rule played from the opening table.",
        "uct",
        {"playouts": 100_000_000, "time_s": 1.0, "tactics": "solve", "swap_policy": "table"},
    ),
    (
        "strong-swarm",
        "Strongest swarm (SDST, 1 s a move)",
        "The strongest swarm measured at equal time: SDST in the whole tree searching for the "
        "time given, with exact root tactics (the solver on boards up to 8x8) and the swap "
        "rule played from the opening table.",
        "sdst",
        {"iterations": 1_000_000, "time_s": 1.0, "tactics": "solve", "swap_policy": "table"},
    ),
)

STRONGEST_LEVEL = "strong"
"""The default of ``create_player(None)``, ``hexswarm-gtp`` and the GUI: the preset that
measured strongest at equal time (docs/experiments.md, "Presets")."""


# --------------------------------------------------------------------------- settings


@dataclass(frozen=True, slots=True)
class RandomSettings:
    seed: int = 0


@dataclass(frozen=True, slots=True)
class MonteCarloSettings:
    playouts_per_move: int = 2_000
    playout: str = "uniform"
    playout_agents: str = DEFAULT_DATABASE
    tactics: str = "off"
    swap_policy: str = "search"
    seed: int = 0
    threads: int = DEFAULT_THREADS
    time_s: float | None = None


@dataclass(frozen=True, slots=True)
class MCSDSSettings:
    agents: int = 50_000
    iterations: int = 50
    recruitment: str = "passive"
    relate: str = "none"
    confidence: float | None = None
    test: str = "single"
    test_playouts: int = 1
    reference: str = "win"
    evidence: bool = False
    internal_diffusion: str = "thesis"
    copy_activates: bool = False
    halt: str = "none"
    halt_threshold: float = 0.5
    halt_band: float = 0.02
    halt_iterations: int = 5
    playout: str = "uniform"
    playout_agents: str = DEFAULT_DATABASE
    tactics: str = "off"
    swap_policy: str = "search"
    seed: int = 0
    threads: int = DEFAULT_THREADS
    time_s: float | None = None


@dataclass(frozen=True, slots=True)
class SDSTSettings:
    policy: str = "tree"
    depth: int = 2
    agents: int = 50_000
    iterations: int = 50
    p_scatter: float = 0.2
    backscatter: str = "parent"
    recruitment: str = "passive"
    relate: str = "none"
    confidence: float | None = None
    test: str = "single"
    test_playouts: int = 1
    reference: str = "win"
    evidence: bool = False
    internal_diffusion: str = "thesis"
    copy_activates: bool = False
    halt: str = "none"
    halt_threshold: float = 0.5
    halt_band: float = 0.02
    halt_iterations: int = 5
    uncontacted: str = "keep"
    playout: str = "uniform"
    playout_agents: str = DEFAULT_DATABASE
    tactics: str = "off"
    swap_policy: str = "search"
    seed: int = 0
    threads: int = DEFAULT_THREADS
    time_s: float | None = None


@dataclass(frozen=True, slots=True)
class UCTSettings:
    playouts: int = 100_000
    exploration: float = 0.5
    parallel: str = "none"
    expand_after: int = 1
    max_nodes: int = 8_000_000
    reuse: bool = True
    playout: str = "uniform"
    playout_agents: str = DEFAULT_DATABASE
    tactics: str = "off"
    swap_policy: str = "search"
    seed: int = 0
    threads: int = DEFAULT_THREADS
    time_s: float | None = None


SETTINGS_TYPES = {
    "random": RandomSettings,
    "mc": MonteCarloSettings,
    "mcsds": MCSDSSettings,
    "sdst": SDSTSettings,
    "uct": UCTSettings,
}


def _convert(level: LevelInfo, parameter: Parameter, value: Any) -> Any:
    """Check and convert one value (a string from a spec, or a Python value)."""
    where = f"{level.name}: {parameter.name}"
    if isinstance(value, str):
        text = value.strip()
        if parameter.optional and text.lower() in ("none", "off", ""):
            return None
        if parameter.type == "int":
            try:
                value = int(text.replace("_", ""))
            except ValueError:
                raise HexError(f"{where} must be a whole number, not {text!r}") from None
        elif parameter.type == "float":
            try:
                value = float(text)
            except ValueError:
                raise HexError(f"{where} must be a number, not {text!r}") from None
        elif parameter.type == "str":
            value = text
        elif parameter.type == "bool":
            if text.lower() in ("1", "true", "yes", "on"):
                value = True
            elif text.lower() in ("0", "false", "no", "off"):
                value = False
            else:
                raise HexError(f"{where} must be true or false, not {text!r}")
        else:
            value = text.lower()
    if value is None:
        if parameter.optional:
            return None
        raise HexError(f"{where} needs a value")
    if parameter.type == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            if isinstance(value, float) and value.is_integer():
                value = int(value)
            else:
                raise HexError(f"{where} must be a whole number, not {value!r}")
    elif parameter.type == "float":
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise HexError(f"{where} must be a number, not {value!r}")
        value = float(value)
        if value != value:
            raise HexError(f"{where} must be a number, not NaN")
    elif parameter.type == "bool":
        if not isinstance(value, bool):
            raise HexError(f"{where} must be true or false, not {value!r}")
    elif parameter.type == "str" and not isinstance(value, str):
        raise HexError(f"{where} must be text, not {value!r}")
    elif parameter.type == "choice" and value not in parameter.choices:
        raise HexError(f"{where} must be one of {', '.join(parameter.choices)}, not {value!r}")
    if parameter.type in ("int", "float"):
        if parameter.minimum is not None and value < parameter.minimum:
            raise HexError(f"{where} must be at least {parameter.minimum}, not {value}")
        if parameter.maximum is not None and value > parameter.maximum:
            raise HexError(f"{where} must be at most {parameter.maximum}, not {value}")
    if parameter.check is not None:
        try:
            parameter.check(value)
        except HexError as error:
            raise HexError(f"{where}: {error}") from None
    return value


def parse_spec(spec: str | None, overrides: Mapping[str, Any] | None = None):
    """``(level_name, settings)`` for a spec string plus keyword overrides (which win)."""
    text = (spec or STRONGEST_LEVEL).strip()
    name, _, rest = text.partition(":")
    name = name.strip().lower()
    if name not in LEVELS:
        raise HexError(f"unknown AI level {name!r} (choose from {', '.join(LEVELS)})")
    level = LEVELS[name]
    values = level.defaults()
    if rest.strip():
        for item in rest.split(","):
            if not item.strip():
                continue
            key, sep, raw = item.partition("=")
            key = key.strip().lower()
            if not sep:
                raise HexError(f"{name}: expected key=value, not {item.strip()!r}")
            values[key] = _convert(level, level.parameter(key), raw)
    for key, value in (overrides or {}).items():
        values[key] = _convert(level, level.parameter(key), value)
    return name, SETTINGS_TYPES[name](**values)


def _format(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value) if isinstance(value, float) else str(value)


def settings_spec(name: str, settings) -> str:
    """The spec string of ``settings``: every setting written out, so it round-trips."""
    items = ",".join(
        f"{field.name}={_format(getattr(settings, field.name))}"
        for field in dataclasses.fields(settings)
    )
    return f"{name}:{items}"


for _name, _label, _description, _family, _defaults in _PRESETS:
    LEVELS[_name] = _preset(_name, _label, _description, _family, **_defaults)
    SETTINGS_TYPES[_name] = SETTINGS_TYPES[_family]

"""Playout policies and the agent databases of the multi-agent policy (seed 002, ch. 3).

A database is a small JSON file::

    {"format": "hexswarm-playout-agents", "version": 1,
     "selection": "per-move",
     "agents": [["win", "block", "bridge", "template"], ["bridge", "win", "block", "template"]]}

Each agent is an ordering of some of the heuristics :data:`HEURISTICS` (each at most once);
the first that applies chooses the move and a uniformly random cell is every agent's implicit
last resort. ``selection`` says when an agent is drawn: ``per-move`` (the Go thesis: "Every
time one movement will be generated during the Monte Carlo simulations, one agent is randomly
selected in the agent database") or ``per-playout``. See ``engine.kernels.knowledge`` for what
each heuristic does.

Databases load by name (the bundled ones in ``resources/playout_agents``, e.g. ``default``) or
by path: :func:`load_database`. Bad files raise :class:`engine.board.HexError` saying what is
wrong and where.

>>> database = load_database("default")
>>> database.selection
'per-move'
>>> playout_policy("template").database.agents
(('bridge', 'template'),)
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from hexswarm.engine.board import HexError

# The codes the kernels read are declared with their data (engine.kernels.layout, which loads
# without numba, as this module and the level table that imports it must).
from hexswarm.engine.kernels.layout import (
    BLOCK,
    BRIDGE,
    KNOWLEDGE_POLICY,
    NO_HEURISTIC,
    PATTERN_POLICY,
    TEMPLATE,
    UNIFORM_POLICY,
    WIN,
    KnowledgePolicy,
    UniformPolicy,
)

FORMAT = "hexswarm-playout-agents"
VERSION = 1
HEURISTICS = ("win", "block", "bridge", "template")
HEURISTIC_CODES = {"win": WIN, "block": BLOCK, "bridge": BRIDGE, "template": TEMPLATE}
SELECTIONS = ("per-move", "per-playout")
POLICIES = ("uniform", "bridge", "template", "win", "agents", "patterns")
DEFAULT_DATABASE = "default"
_RESOURCE_FOLDER = "playout_agents"
_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]*$")


@dataclass(frozen=True, slots=True)
class AgentDatabase:
    """Agents (orderings of heuristic names) and when one is drawn. Validated on creation."""

    agents: tuple[tuple[str, ...], ...]
    selection: str = "per-move"

    def __post_init__(self) -> None:
        if self.selection not in SELECTIONS:
            raise HexError(
                f"agent database: selection must be one of {', '.join(SELECTIONS)}, "
                f"not {self.selection!r}"
            )
        if not self.agents:
            raise HexError("agent database: it needs at least one agent")
        for index, agent in enumerate(self.agents):
            where = f"agent database: agent {index}"
            if isinstance(agent, str) or not isinstance(agent, tuple | list):
                raise HexError(f"{where} must be a list of heuristic names, not {agent!r}")
            for name in agent:
                if name not in HEURISTICS:
                    raise HexError(
                        f"{where}: unknown heuristic {name!r} (known: {', '.join(HEURISTICS)}; "
                        "random is every agent's implicit last resort)"
                    )
            if len(set(agent)) != len(agent):
                raise HexError(f"{where} names a heuristic twice: {list(agent)}")

    @classmethod
    def from_json(cls, data: Any, source: str = "agent database") -> AgentDatabase:
        """The database of a parsed JSON document; ``source`` names it in error messages."""
        if not isinstance(data, dict):
            raise HexError(f"{source}: expected a JSON object, not {type(data).__name__}")
        if data.get("format") != FORMAT:
            raise HexError(f"{source}: 'format' must be {FORMAT!r}, not {data.get('format')!r}")
        if data.get("version") != VERSION:
            raise HexError(f"{source}: unsupported version {data.get('version')!r} (expected 1)")
        unknown = sorted(set(data) - {"format", "version", "selection", "agents", "comment"})
        if unknown:
            raise HexError(f"{source}: unknown keys {unknown}")
        agents = data.get("agents")
        if not isinstance(agents, list):
            raise HexError(f"{source}: 'agents' must be a list of lists of heuristic names")
        try:
            return cls(
                tuple(tuple(a) if isinstance(a, list) else a for a in agents),
                data.get("selection", "per-move"),
            )
        except HexError as error:
            raise HexError(f"{source}: {error}") from None

    def to_json(self) -> dict:
        """The JSON document of this database (what :func:`save_database` writes)."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "selection": self.selection,
            "agents": [list(agent) for agent in self.agents],
        }

    @property
    def tracks_connectivity(self) -> bool:
        """Whether some agent needs the winning cells (``win`` or ``block``)."""
        return any(name in ("win", "block") for agent in self.agents for name in agent)

    def agent_array(self) -> np.ndarray:
        """int8[agents, 4]: heuristic codes in order, padded with ``NO_HEURISTIC``."""
        array = np.full((len(self.agents), len(HEURISTICS)), NO_HEURISTIC, dtype=np.int8)
        for row, agent in enumerate(self.agents):
            for column, name in enumerate(agent):
                array[row, column] = HEURISTIC_CODES[name]
        return array


def bundled_databases() -> list[str]:
    """Names of the databases shipped in ``resources/playout_agents``."""
    from hexswarm.resources import resource_path

    folder = resource_path(_RESOURCE_FOLDER)
    return sorted(p.name[: -len(".json")] for p in folder.iterdir() if p.name.endswith(".json"))


def load_database(name_or_path: str | Path) -> AgentDatabase:
    """A bundled database by name (``"default"``) or a database file by path."""
    text = str(name_or_path).strip()
    if not text:
        raise HexError("agent database: give a bundled name or a file path")
    if _NAME.match(text) and not Path(text).exists():
        from hexswarm.resources import resource_path

        resource = resource_path(_RESOURCE_FOLDER, f"{text}.json")
        if not resource.is_file():
            raise HexError(
                f"no bundled agent database {text!r} (bundled: "
                f"{', '.join(bundled_databases())}; or give a path to a .json file)"
            )
        return AgentDatabase.from_json(json.loads(resource.read_text("utf-8")), text)
    path = Path(text).expanduser()
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise HexError(f"agent database file {str(path)!r} does not exist") from None
    except (OSError, UnicodeDecodeError) as error:
        raise HexError(f"cannot read agent database {str(path)!r}: {error}") from None
    except json.JSONDecodeError as error:
        raise HexError(f"agent database {str(path)!r} is not valid JSON: {error}") from None
    return AgentDatabase.from_json(document, str(path))


def save_database(database: AgentDatabase, path: str | Path) -> None:
    """Write ``database`` as JSON (the format :func:`load_database` reads)."""
    Path(path).write_text(json.dumps(database.to_json(), indent=1) + "\n", encoding="utf-8")


# The fixed policies are one-agent databases: each adds knowledge to the one before it.
_FIXED_POLICIES = {
    "bridge": ("bridge",),
    "template": ("bridge", "template"),
    "win": ("win", "block", "bridge", "template"),
}


@dataclass(frozen=True, slots=True)
class PlayoutPolicy:
    """How playouts choose their moves: ``name`` is one of :data:`POLICIES`; ``database`` is
    ``None`` for ``uniform``."""

    name: str
    database: AgentDatabase | None
    # ``patterns``: the playout table's name or path (None: the bundled default).
    table: str | None = None

    def kernel_policy(self) -> UniformPolicy | KnowledgePolicy:
        """The policy the kernels take: :data:`UNIFORM_PLAYOUT` or a ``KnowledgePolicy``
        (of kind ``PATTERN_POLICY`` for ``patterns``)."""
        if self.name == "patterns":
            weights, hash12, filter12 = pattern_weights(self.table)
            return RUN_TIME_UNIFORM_PLAYOUT._replace(
                kind=PATTERN_POLICY, weights=weights, hash12=hash12, filter12=filter12
            )
        if self.database is None:
            return UNIFORM_PLAYOUT
        return RUN_TIME_UNIFORM_PLAYOUT._replace(
            kind=KNOWLEDGE_POLICY,
            agents=self.database.agent_array(),
            per_playout=self.database.selection == "per-playout",
            tracks=self.database.tracks_connectivity,
        )


_PATTERN_WEIGHTS: dict[str, tuple[np.ndarray, np.ndarray, np.ndarray]] = {}


def pattern_weights(table: str | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The kernels' integer weights of the playout pattern table (the bundled default, or a
    name or path): the 6-cell rows, the 12-cell hash and its key filter, computed once per
    table and shared (never written)."""
    from hexswarm.engine.patterns import DEFAULT_PLAYOUT_TABLE, key_filter, load_playout_table

    key = table or DEFAULT_PLAYOUT_TABLE
    if key not in _PATTERN_WEIGHTS:
        # Kept writable: a read-only array is another numba type (one more compilation).
        loaded = load_playout_table(key)
        hash12 = loaded.kernel_hash()
        _PATTERN_WEIGHTS[key] = (loaded.kernel_rows(), hash12, key_filter(hash12))
    return _PATTERN_WEIGHTS[key]


UNIFORM_PLAYOUT = UniformPolicy(kind=UNIFORM_POLICY)
"""The kernels' policy tuple of uniform random playouts (the thesis's): a tuple of its own type,
so that numba compiles the swarm and Monte-Carlo playout loops for it with the uniform kernel
alone."""

RUN_TIME_UNIFORM_PLAYOUT = KnowledgePolicy(
    kind=UNIFORM_POLICY,
    agents=np.zeros((0, len(HEURISTICS)), dtype=np.int8),
    per_playout=True,
    tracks=False,
    weights=np.zeros(0, dtype=np.int64),
    hash12=np.full(2, -1, dtype=np.int64),
    filter12=np.full(1, 2**64 - 1, dtype=np.uint64),
)
"""Uniform random playouts as a ``KnowledgePolicy`` tuple (see :func:`run_time_policy`), and
the fields the other kinds do not use (no agents, no pattern weights, an empty 12-cell hash
and a filter that lets every code through)."""


def run_time_policy(policy: UniformPolicy | KnowledgePolicy) -> KnowledgePolicy:
    """``policy`` (a :meth:`PlayoutPolicy.kernel_policy`) as a ``KnowledgePolicy`` whatever its
    kind: one tuple type for every playout policy, for the tree searches' descent
    (``engine.kernels.descent.tree_iterations``), compiled once for all and telling the uniform
    policy apart by its ``kind`` at run time, once a leaf."""
    return RUN_TIME_UNIFORM_PLAYOUT if isinstance(policy, UniformPolicy) else policy


def playout_policy(
    name: str | PlayoutPolicy = "uniform",
    agents: str | Path | AgentDatabase | None = None,
    table: str | None = None,
) -> PlayoutPolicy:
    """The policy called ``name``; ``agents`` (a database, its name or path) only for
    ``agents``, whose default is the bundled ``default`` database; ``table`` (a playout
    table's name or path) only for ``patterns``, whose default is the bundled default."""
    if isinstance(name, PlayoutPolicy):
        return name
    key = str(name).strip().lower()
    if key not in POLICIES:
        raise HexError(f"unknown playout policy {name!r} (choose from {', '.join(POLICIES)})")
    if key == "uniform":
        return PlayoutPolicy(key, None)
    if key == "patterns":
        return PlayoutPolicy(key, None, table)
    if key in _FIXED_POLICIES:
        return PlayoutPolicy(key, AgentDatabase((_FIXED_POLICIES[key],)))
    if isinstance(agents, AgentDatabase):
        return PlayoutPolicy("agents", agents)
    return PlayoutPolicy("agents", load_database(agents or DEFAULT_DATABASE))

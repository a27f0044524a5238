"""The AI levels, their parameters and spec strings: one table the GUI and GTP are built from.

A *spec* names a level and optionally some settings::

    "mcsds"
    "sdst:agents=50000,iterations=50,policy=tree,p_scatter=0.2"
    "uct:playouts=200000,exploration=0.8,time_s=5"

:func:`parse_spec` validates everything and raises :class:`engine.board.HexError` with a message
a person can act on; :func:`settings_spec` writes a settings object back as a spec that parses
to the same settings. Optional values (``time_s``, ``confidence``) accept ``none``.

The table is the only declaration of a setting (a search's own settings take their defaults
and choices from the library's config: ``SwarmConfig``, ``UctConfig``, ``AnthillConfig``, where
they are declared once). A :class:`Parameter` reads, checks and writes
its own values (``Parameter.parse``/``format``) and carries the other names people type for it
(``time`` for ``time_s``). Generated from the table: the settings classes (``SDSTSettings``...,
frozen dataclasses that validate on construction), ``hexswarm-gtp``'s options
(``engine.gtp.setting_options``), ``hexswarm-param``'s list, and the new-game dialog's widgets
(``hexgui.dialogs.new_game``). The swarm levels reach ``engine.search.swarm.SwarmConfig``
through one mapping, ``engine.players.swarm_players.swarm_config``. To add a setting, add a
Parameter here and use it in the player: nothing else needs to change.
"""

from __future__ import annotations

import dataclasses
import os
import secrets
import zlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from hexswarm.engine.board import HexError
from hexswarm.engine.knowledge import DEFAULT_DATABASE, POLICIES, load_database
from hexswarm.engine.patterns import DEFAULT_PLAYOUT_TABLE, PLAYOUT_TABLES
from hexswarm.engine.search import anthill, swarm, uct
from hexswarm.engine.search.anthill import AnthillConfig
from hexswarm.engine.search.swarm import (
    SWARM_OPTION_RULES,
    OptionRule,
    SwarmConfig,
    broken_rules,
)

DEFAULT_THREADS = max(1, os.cpu_count() or 1)


RANDOM_SEED = "random"
"""How a seed drawn afresh for each game is written: ``seed=random`` in specs, GTP and the
dialog (the default); ``seed=N`` fixes it."""

SEED_DRAW_LIMIT = 1_000_000_000
"""Drawn seeds are below this: short enough to read out of a game's properties and type back
(the dialog's seed field holds up to 2 000 000 000)."""


def draw_seed() -> int:
    """A fresh seed from the operating system's entropy (not from any seeded generator, so
    nothing seeded earlier in the process repeats it)."""
    return secrets.randbelow(SEED_DRAW_LIMIT)


def child_seed(seed: int, salt: int) -> int:
    """The seed of one part (a player, a position, a game) of what ``seed`` seeds, told apart
    by ``salt`` (a small number, a count or a CRC-32): ``seed * 1_000_003 + salt``, a prime
    stride, so parts of one seed, and parts of nearby seeds, get different seeds. Callers keep
    it in their own range."""
    return int(seed) * 1_000_003 + salt


def derived_seed(seed: int, role: str) -> int:
    """The seed of one player of a game whose seed is ``seed``: ``role`` names the player
    (``"black"``, ``"white"``, ``"hint"``), so the two AIs of one game do not share their random
    choices, and a game replayed with its recorded seed gives each the same seed again. A
    function of stable bytes (CRC-32), not of ``hash()``."""
    return child_seed(seed, zlib.crc32(role.encode())) % SEED_DRAW_LIMIT


TRUE_WORDS = ("1", "true", "yes", "on")
FALSE_WORDS = ("0", "false", "no", "off")
NONE_WORDS = ("none", "off", "")


def parse_bool(text: Any) -> bool | None:
    """The switch a person typed (``1/0``, ``true/false``, ``yes/no``, ``on/off``, any case);
    None for anything else. The one reading of booleans: specs, GTP, the dialog, QSettings."""
    if isinstance(text, bool):
        return text
    word = str(text).strip().lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    return None


def _number_text(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


@dataclass(frozen=True, slots=True)
class Parameter:
    """One setting of a level, and the only declaration of it: the settings classes, the
    ``hexswarm-gtp`` options, GTP's ``hexswarm-param`` and the new-game dialog's widgets are
    generated from these.

    ``type`` is ``int``, ``float``, ``choice``, ``bool`` or ``str``; ``optional`` means ``None``
    ("none") is allowed and switches the feature off; ``check`` validates a value further
    (raising :class:`HexError`); ``aliases`` are other names people type for it (``time`` for
    ``time_s``), accepted in specs, on the command line and by GTP."""

    name: str
    type: str
    default: Any
    help: str
    minimum: float | None = None
    maximum: float | None = None
    choices: tuple[str, ...] = ()
    optional: bool = False
    check: Callable[[Any], Any] | None = None
    aliases: tuple[str, ...] = ()
    none_word: str = "none"

    @property
    def names(self) -> tuple[str, ...]:
        """The name and its aliases: every word that selects this setting."""
        return (self.name, *self.aliases)

    def allowed(self) -> str:
        """The values it takes, in words: ``a whole number from 1 to 5000000``."""
        if self.type == "choice":
            text = "one of " + ", ".join(self.choices)
        elif self.type == "bool":
            text = "true or false"
        elif self.type == "str":
            text = "text"
        else:
            text = "a whole number" if self.type == "int" else "a number"
            low, high = self.minimum, self.maximum
            if low is not None and high is not None:
                text += f" from {_number_text(low)} to {_number_text(high)}"
            elif low is not None:
                text += f" of at least {_number_text(low)}"
            elif high is not None:
                text += f" of at most {_number_text(high)}"
        return text + (f", or {self.none_word}" if self.optional else "")

    def parse(self, value: Any, level: str = "") -> Any:
        """``value`` (spec or command-line text, or a Python value such as a dialog widget's)
        checked and converted; :class:`HexError` naming the level, the setting, the value and
        what is allowed when it does not fit."""
        where = f"{level}: {self.name}" if level else self.name
        allowed = f" ({self.allowed()})"
        shown = value.strip() if isinstance(value, str) else value  # as typed, in messages
        if isinstance(value, str):
            value = self._from_text(value.strip(), where, allowed)
        if value is None:
            if self.optional:
                return None
            raise HexError(f"{where} needs a value{allowed}")
        value = self._typed(value, where, allowed)
        if self.type in ("int", "float"):
            if self.minimum is not None and value < self.minimum:
                raise HexError(
                    f"{where} must be at least {_number_text(self.minimum)}, not {shown}{allowed}"
                )
            if self.maximum is not None and value > self.maximum:
                raise HexError(
                    f"{where} must be at most {_number_text(self.maximum)}, not {shown}{allowed}"
                )
        if self.check is not None:
            try:
                self.check(value)
            except HexError as error:
                raise HexError(f"{where}: {error}") from None
        return value

    def _from_text(self, text: str, where: str, allowed: str) -> Any:
        if self.optional and text.lower() in (*NONE_WORDS, self.none_word):
            return None
        if self.type == "int":
            try:
                return int(text.replace("_", ""))
            except ValueError:
                raise HexError(f"{where} must be a whole number, not {text!r}{allowed}") from None
        if self.type == "float":
            try:
                return float(text)
            except ValueError:
                raise HexError(f"{where} must be a number, not {text!r}{allowed}") from None
        if self.type == "bool":
            switch = parse_bool(text)
            if switch is None:
                raise HexError(f"{where} must be true or false, not {text!r}")
            return switch
        return text if self.type == "str" else text.lower()

    def _typed(self, value: Any, where: str, allowed: str) -> Any:
        if self.type == "int":
            if isinstance(value, float) and value.is_integer():
                return int(value)
            if isinstance(value, bool) or not isinstance(value, int):
                raise HexError(f"{where} must be a whole number, not {value!r}{allowed}")
        elif self.type == "float":
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise HexError(f"{where} must be a number, not {value!r}{allowed}")
            value = float(value)
            if value != value:
                raise HexError(f"{where} must be a number, not NaN{allowed}")
        elif self.type == "bool":
            if not isinstance(value, bool):
                raise HexError(f"{where} must be true or false, not {value!r}")
        elif self.type == "str":
            if not isinstance(value, str):
                raise HexError(f"{where} must be text, not {value!r}")
        elif value not in self.choices:
            raise HexError(f"{where} must be {self.allowed()}, not {value!r}")
        return value

    def format(self, value: Any) -> str:
        """``value`` as spec text that :meth:`parse` reads back to the same value."""
        if value is None:
            return self.none_word
        if isinstance(value, bool):
            return "true" if value else "false"
        return repr(value) if isinstance(value, float) else str(value)


@dataclass(frozen=True, slots=True)
class LevelInfo:
    """A level as the user sees it: registry ``name``, menu ``label``, a ``description``.
    A *preset* names a ``family`` (the level whose player and settings it uses) and differs
    from it only in its parameters' defaults. A family's ``module`` registers the rest of it
    (``engine.players.family``)."""

    name: str
    label: str
    description: str
    parameters: tuple[Parameter, ...]
    family: str = ""
    rules: tuple[OptionRule, ...] = ()
    """Rules between settings (each valid alone), checked with them: :meth:`problems`."""
    module: str = ""
    """A family's module, which registers its player, kernel groups and move-time estimate
    (``FAMILIES``: ``engine.players.family``); a preset's is its family's."""

    def parameter(self, name: str) -> Parameter:
        """The setting called ``name`` or one of its aliases (any case)."""
        word = name.strip().lower()
        for parameter in self.parameters:
            if word in parameter.names:
                return parameter
        known = ", ".join(p.name for p in self.parameters)
        raise HexError(f"level {self.name!r} has no setting {name!r} (known: {known})")

    def defaults(self) -> dict[str, Any]:
        return {p.name: p.default for p in self.parameters}

    def problems(self, values: Mapping[str, Any]) -> list[str]:
        """What is wrong with a combination of settings (by name), each valid on its own: the
        same message wherever values are entered."""
        return broken_rules(self.rules, values)


# --------------------------------------------------------------------------- parameters

_COMMON = (
    Parameter(
        "seed",
        "int",
        None,
        "random seed: random (the default) draws a fresh one for each game, so a new game is "
        "a new game; a number makes play reproducible: the same seed, settings and position "
        "give the same move",
        0,
        2**63 - 1,
        optional=True,
        none_word=RANDOM_SEED,
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
        aliases=("time",),  # hexswarm-gtp's --time, and what people type in a spec
    ),
    Parameter(
        "time_cap_s",
        "float",
        None,
        "the most seconds a move may take while its playout or iteration budget still limits "
        "it: the search stops at whichever comes first (a game clock sets it for a level "
        "without time_s: engine.players.levels.clocked_spec); none = no cap",
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
    "solver first on boards of at most 64 cells (300 000 nodes; with a time limit and at most "
    "30 empty cells, 1 M nodes a second of it; its time counts against the limit); vc = also "
    "Hex knowledge where the solver gives no answer: dead and captured cells, virtual "
    "connections (a connected position is played or scored exactly) and the must-play "
    "region, which with the cells left after the fill-in are the only root moves searched "
    "(UCT; docs/search.md, Hex knowledge); dfpn = vc, then, with at most 60 empty cells on "
    "a board up to 13x13, proof-number search (10 000 nodes, or with a time limit 10 000 a "
    "second of it and at most 0.3 of it): "
    "a proven win is played, a proven loss reported",
    choices=("off", "on", "solve", "vc", "dfpn"),
)
_SWAP_POLICY = Parameter(
    "swap_policy",
    "choice",
    "search",
    "with the swap rule on: search (open with the search's best move, swap on its estimate) "
    "or table (ours: up to 8x8, where every opening is solved, swap exactly the winning "
    "openings and open with the losing one a measured table rates highest; on larger boards "
    "open with the cell closest to even in that table, never the proven losses a1 and b1, "
    "and swap the openings it rates above even)",
    choices=("search", "table"),
)
# The swarm levels' settings take their defaults and choices from the library's config
# (engine.search.swarm.SwarmConfig, the thesis's search): declared once, there. The levels
# differ from it only where a level is a choice of the config (sdst's policy, backscatter).
_SWARM_DEFAULTS = {field.name: field.default for field in dataclasses.fields(SwarmConfig)}

_AGENTS = Parameter(
    "agents",
    "int",
    _SWARM_DEFAULTS["agents"],
    "number of agents (thesis: 50 000 on 7x7)",
    1,
    5_000_000,
)
_ITERATIONS = Parameter("iterations", "int", 50, "SDS iterations (thesis: 50)", 1, 1_000_000)
_RECRUITMENT = Parameter(
    "recruitment",
    "choice",
    _SWARM_DEFAULTS["recruitment"],
    "diffusion: passive (inactive agents ask), active (active agents tell), or dual",
    choices=tuple(swarm.RECRUITMENT),
)
_RELATE = Parameter(
    "relate",
    "choice",
    _SWARM_DEFAULTS["relate"],
    "relate phase: active agents meeting an active agent (context-free) or one with the same "
    "hypothesis (context-sensitive) become inactive, to keep exploring",
    choices=tuple(swarm.RELATE),
)
_CONFIDENCE = Parameter(
    "confidence",
    "float",
    _SWARM_DEFAULTS["confidence"],
    "halt early once this share of the root agents supports one move for "
    f"{swarm.CONFIDENCE_STREAK} iterations",
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
    "agents (the multi-agent policy of the Go thesis, database playout_agents); patterns "
    "(learned weights of 12-cell patterns, backed off to 6-cell ones, local ones around the last "
    "move, after MoHex 2.0)",
    choices=POLICIES,
)
_PLAYOUT_AGENTS = Parameter(
    "playout_agents",
    "str",
    DEFAULT_DATABASE,
    "agent database for playout=agents: a bundled name (default) or a JSON file path",
    check=load_database,
)
_PLAYOUT_TABLE = Parameter(
    "playout_table",
    "choice",
    DEFAULT_PLAYOUT_TABLE,
    "learned weights for playout=patterns (resources/patterns): the 6-cell or 12-cell table, "
    "the team table (12-cell, fitted as the kernel plays it), or the team table answering an "
    "intruded bridge or edge template II almost surely (save)",
    choices=PLAYOUT_TABLES,
)
_PLAYOUT_SETTINGS = (_PLAYOUT, _PLAYOUT_AGENTS, _PLAYOUT_TABLE)

# The swarm options beyond the thesis (docs/search.md): every default is the thesis's rule.
_SWARM_OPTIONS = (
    Parameter(
        "test",
        "choice",
        _SWARM_DEFAULTS["test"],
        "test of a hypothesis: one playout (thesis), the majority of test_playouts playouts, "
        "or that majority decided sequentially (stops once the remaining playouts cannot "
        "change it)",
        choices=swarm.TESTS,
    ),
    Parameter(
        "test_playouts",
        "int",
        _SWARM_DEFAULTS["test_playouts"],
        "playouts per test (majority, sequential)",
        1,
        swarm.MAX_TEST_PLAYOUTS,
    ),
    Parameter(
        "reference",
        "choice",
        _SWARM_DEFAULTS["reference"],
        "an agent is active when its playouts are won more often than lost (win), or when "
        "its win rate beats the mean of every test through its population so far (mean), or, "
        "at the root, while its move's record over the whole search (shared by every agent "
        "holding it) is not ruled out by confidence bounds; plays the record's best (shared)",
        choices=tuple(swarm.REFERENCES),
    ),
    Parameter(
        "evidence",
        "bool",
        _SWARM_DEFAULTS["evidence"],
        "agents keep the playouts of their hypothesis across iterations and decide on all of "
        "them (a new hypothesis starts afresh)",
    ),
    Parameter(
        "internal_diffusion",
        "choice",
        _SWARM_DEFAULTS["internal_diffusion"],
        "an inactive agent meeting an inactive one draws a random hypothesis (thesis 3.2.2) "
        "or keeps its own (paper Table 2: copy only)",
        choices=swarm.INTERNAL_DIFFUSION,
    ),
    Parameter(
        "copy_activates",
        "bool",
        _SWARM_DEFAULTS["copy_activates"],
        "a recruited agent becomes active (thesis 4.2.1)",
    ),
    Parameter(
        "halt",
        "choice",
        _SWARM_DEFAULTS["halt"],
        "halt early (thesis 3.2.2): strong = the most supported move's share, weak = the "
        "active share, at least halt_threshold and within halt_band for halt_iterations",
        choices=swarm.HALTING,
    ),
    Parameter(
        "halt_threshold",
        "float",
        _SWARM_DEFAULTS["halt_threshold"],
        "halting: share of the root agents",
        0.01,
        1.0,
    ),
    Parameter(
        "halt_band",
        "float",
        _SWARM_DEFAULTS["halt_band"],
        "halting: allowed drift of that share",
        0.0,
        1.0,
    ),
    Parameter(
        "halt_iterations",
        "int",
        _SWARM_DEFAULTS["halt_iterations"],
        "halting: iterations it must hold",
        1,
        10_000,
    ),
)

# The tree searches' settings take their defaults and choices from the library's configs
# (engine.search.uct.UctConfig, engine.search.anthill.AnthillConfig): declared once, there.
_TREE_DEFAULTS = {field.name: field.default for field in dataclasses.fields(AnthillConfig)}

_EXPLORATION = Parameter(
    "exploration",
    "float",
    _TREE_DEFAULTS["exploration"],
    "UCB1 constant C in q + C*sqrt(ln N / n) (theory: sqrt 2; 0.5 measured best, "
    "docs/experiments.md)",
    0.0,
    10.0,
)
_PARALLEL = Parameter(
    "parallel",
    "choice",
    _TREE_DEFAULTS["parallel"],
    "none: one tree on one thread (seeds 003/004); root: one tree per thread, "
    "root statistics summed (threads applies only here)",
    choices=uct.PARALLEL,
)
# Tree growth, leaf evaluation and reuse: the settings UCT and the anthill share.
_TREE_OPTIONS = (
    Parameter(
        "expand_after",
        "int",
        _TREE_DEFAULTS["expand_after"],
        "visits of a leaf before its children are added (1: textbook UCT)",
        1,
        1_000_000,
    ),
    Parameter(
        "leaf_playouts",
        "int",
        _TREE_DEFAULTS["leaf_playouts"],
        "playouts from each leaf a descent reaches (1: textbook UCT; more spread the "
        "descent's cost over several playouts, ours)",
        1,
        64,
    ),
    Parameter(
        "max_nodes",
        "int",
        _TREE_DEFAULTS["max_nodes"],
        "node budget per tree (about 16 bytes a node); when full the tree stops growing",
        1_000,
        500_000_000,
    ),
    Parameter(
        "rave",
        "bool",
        _TREE_DEFAULTS["rave"],
        "RAVE (ours, after MoHex 2.0): every playout also scores, as all-moves-as-first, "
        "each move along its path that the same player took later, and a move is chosen by "
        "a blend of that score and UCB1 (docs/search.md)",
    ),
    Parameter(
        "priors",
        "choice",
        "none",
        "pattern priors (ours, after MoHex 2.0; need rave): a new node's moves get the weights "
        "of their patterns (6 cells; hex12: the 12-cell pattern where the table has it) and "
        "of where they lie from the last move (hex12-local: and of the shape around the last "
        "move), learned from games (resources/patterns), as a "
        "progressive bias and a start of their RAVE records",
        choices=(
            "none",
            "hex6-mohex-9x9",
            "hex6-mohex-9x9-296g",
            "hex12-mohex-9x9-296g",
            "hex6-mohex-9x9-550g",
            "hex12-mohex-9x9-550g",
            "hex12-mohex-9x9-550g-matches",
            "hex12-mohex-9x9-759g",
            "hex12-mohex-9x9-11x11-831g",
            "hex12-local-mohex-9x9-550g",
            "hex12-local-mohex-9x9-550g-matches",
        ),
    ),
    Parameter(
        "prior_bias",
        "float",
        _TREE_DEFAULTS["prior_bias"],
        "with priors: the progressive bias constant b in b * P / sqrt(n + 1) added to a "
        "move's value (P its prior, n its visits; MoHex 2.0's 2.47)",
        0.0,
        100.0,
    ),
    Parameter(
        "prior_pruning",
        "bool",
        _TREE_DEFAULTS["prior_pruning"],
        "with priors (ours, after MoHex 2.0's prior pruning): a move on a dead cell (one whose "
        "six neighbours make it useless to one of the players, so its colour never changes "
        "the winner) gets prior 0 and is never chosen in the tree",
    ),
    Parameter(
        "prune_captured",
        "bool",
        _TREE_DEFAULTS["prune_captured"],
        "with priors (ours, after MoHex 2.0's prior pruning of captured cells): a move on a "
        "cell the opponent captures (an opponent stone on a neighbour would make it dead, and "
        "one on it would make that neighbour dead: the pair is the opponent's) gets prior 0 "
        "and is never chosen in the tree",
    ),
    Parameter(
        "prune_vulnerable",
        "bool",
        _TREE_DEFAULTS["prune_vulnerable"],
        "with priors (ours, after MoHex 2.0's prior pruning of vulnerable cells): a move on a "
        "cell where an opponent answer on a neighbour would make the stone dead (by its six "
        "neighbours; the captured cells are among them) gets prior 0 and is never chosen in "
        "the tree",
    ),
    Parameter(
        "intrusion_bonus",
        "float",
        _TREE_DEFAULTS["intrusion_bonus"],
        "with priors (ours, after MoHex 2.0's vcm_gamma): when the last move took one carrier "
        "cell of a bridge of the side to move (or of its edge template II), the cell that "
        "restores it gets this gamma added to its pattern weight before a new node's priors "
        "are normalised (0: off)",
        0.0,
        100_000.0,
    ),
    Parameter(
        "reuse",
        "bool",
        True,
        "keep the tree under the moves played (ours and the reply) for the next search",
    ),
    Parameter(
        "root_fill",
        "bool",
        False,
        "search the root's filled board (ours, after MoHex 2.0): the dead and captured cells "
        "of the fill-in (the root analysis of tactics=vc, else computed here) are stones for "
        "the whole search, tree and playouts; the move played and the snapshots are of the "
        "real board, and a filled cell is never a move. A kept tree is reused only when the "
        "next filled board is its position after the two moves (docs/search.md)",
    ),
)

# Ours (issue 32): how the tree searches choose the move they play, for the ladder's rungs.
_TEMPERATURE = Parameter(
    "temperature",
    "float",
    0.0,
    "move temperature (ours): 0 plays the most visited move; T > 0 draws the move played "
    "among the root's moves with probability proportional to visits^(1/T) (1: in proportion "
    "to the visits; larger: nearer uniform over the visited moves), from the seed and the "
    "position; an immediate win in the tree, and a move the root tactics decide, are played "
    "as at 0",
    0.0,
    100.0,
)

# What every searching level ends with, and what the tree searches (UCT, the anthill) add
# before it.
_SEARCH_TAIL = (*_PLAYOUT_SETTINGS, _TACTICS, _SWAP_POLICY, *_COMMON)
_TREE_TAIL = (_EXPLORATION, _PARALLEL, *_TREE_OPTIONS, _TEMPERATURE, *_SEARCH_TAIL)

LEVELS: dict[str, LevelInfo] = {
    "random": LevelInfo(
        "random",
        "Random",
        "Plays a uniformly random legal move. A floor for comparisons and tests.",
        _COMMON[:1],  # a seed only: it plays no playouts, so threads and time mean nothing
        module="hexswarm.engine.players.random_player",
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
                aliases=("playouts",),  # the word the other levels and --playouts use
            ),
            *_SEARCH_TAIL,
        ),
        module="hexswarm.engine.players.montecarlo_player",
    ),
    "mcsds": LevelInfo(
        "mcsds",
        "SDS at the root (MCSDS)",
        "Thesis level 2: a population of agents, each holding a move; one random playout tests "
        "it; diffusion spreads the winning moves. Plays the move most agents hold. Same play as "
        "Monte-Carlo, with the effort where it matters. At these settings the agents stay "
        "spread (a few per cent on the leading move): one random playout wins about as often "
        "after a good move as after an average one, below the thesis's cluster threshold "
        "(3.2.4); the Population panel gives both numbers.",
        (
            _AGENTS,
            _ITERATIONS,
            _RECRUITMENT,
            _RELATE,
            _CONFIDENCE,
            *_SWARM_OPTIONS,
            *_SEARCH_TAIL,
        ),
        rules=SWARM_OPTION_RULES,
        module="hexswarm.engine.players.swarm_players",
    ),
    "sdst": LevelInfo(
        "sdst",
        "SDS in the tree (SDST)",
        "Thesis level 3: one population per explored node; a hypothesis chains one agent per "
        "population from the root; agents scatter to promising children and backscatter when "
        "unused. Looks ahead, so it sees first-order tactics. At these settings the root's "
        "agents stay spread over many moves (under 2% on the leading one on 9x9): one random "
        "playout does not tell good moves from average ones well enough to pass the thesis's "
        "cluster threshold (3.2.4); the Population panel shows the largest cluster's share and "
        "the threshold as the search runs.",
        (
            Parameter(
                "policy",
                "choice",
                "tree",
                "allocation of agents: fixed populations to a depth (paper Table 1), "
                "reallocation within layers (thesis 4.3.1), or within the entire tree (Table 2)",
                choices=tuple(p for p in swarm.POLICIES if p != "root"),  # root: mcsds
            ),
            Parameter(
                "depth",
                "int",
                _SWARM_DEFAULTS["depth"],
                "fixed/layers: populations at depths 0..depth-1",
                1,
                8,
            ),
            _AGENTS,
            _ITERATIONS,
            Parameter(
                "p_scatter",
                "float",
                _SWARM_DEFAULTS["p_scatter"],
                "tree: chance that an active agent scatters an inactive one (thesis: 1/5)",
                0.0,
                1.0,
            ),
            Parameter(
                "backscatter",
                "choice",
                "root" if _SWARM_DEFAULTS["backscatter_to_root"] else "parent",
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
                _SWARM_DEFAULTS["uncontacted"],
                "fixed: agents not used in a test keep their activity or become inactive",
                choices=swarm.UNCONTACTED,
            ),
            *_SEARCH_TAIL,
        ),
        rules=SWARM_OPTION_RULES,
        module="hexswarm.engine.players.swarm_players",
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
                "knowledge_after",
                "int",
                _TREE_DEFAULTS["knowledge_after"],
                "in-tree Hex knowledge (ours, after MoHex 2.0's knowledge nodes): a node with "
                "this many visits gets it once; moves that win or lose by virtual connections "
                "(chains and bridges) are proven and scored exactly, proofs are backed up the "
                "tree, and moves outside the must-play region or on dead cells are never chosen "
                "again (0 = off; docs/search.md)",
                0,
                100_000_000,
            ),
            Parameter(
                "proven_playouts",
                "bool",
                _TREE_DEFAULTS["proven_playouts"],
                "with knowledge_after and rave: a descent that reaches a proven node (or a move "
                "that ends the game) still runs its leaf playouts, for the RAVE records only "
                "(the tree keeps the exact result); without it those descents give RAVE no "
                "sample (docs/search.md)",
            ),
            *_TREE_TAIL,
        ),
        rules=uct.TREE_OPTION_RULES,
        module="hexswarm.engine.players.uct_player",
    ),
    "anthill": LevelInfo(
        "anthill",
        "Anthill (swarm tree search)",
        "Ours: a population of agents at the root, each holding one of its moves, chooses the "
        "move each descent searches; below the root (swarm_depth) UCT's UCB1 chooses. After a "
        "descent its agents are tested by a Thompson-style comparison on the shared UCT "
        "records: a value drawn for the agent's move against one drawn for a rival move (by "
        "default the most visited); an inactive agent polls another agent (the thesis's "
        "passive recruitment) and copies its move if that agent is active, else takes the "
        "rival. The tree, records, leaf playouts, reuse and the move played (the most "
        "visited) are UCT's.",
        (
            Parameter(
                "playouts",
                "int",
                100_000,
                "playouts per move (descents times leaf_playouts)",
                1,
                100_000_000,
            ),
            Parameter(
                "agents_per_move",
                "int",
                _TREE_DEFAULTS["agents_per_move"],
                "agents in a node's population for each of its moves (they start spread evenly)",
                1,
                64,
            ),
            Parameter(
                "rival",
                "choice",
                _TREE_DEFAULTS["rival"],
                "the other move of an agent's test: one of the node's other moves drawn "
                "uniformly, or the move of an agent of the population drawn uniformly (another "
                "move when it is the agent's own), or the move with the best record's mean "
                "(best) or the most visits (visits), or every other move, each with a draw "
                "from its record (sampled: the agent stays active when its move draws best), "
                "or the most visited move with, for an agent on it, the descent's challenger "
                "(challenger: the other move whose draw is best, one draw each a descent)",
                choices=tuple(anthill.RIVALS),
            ),
            Parameter(
                "redraw",
                "choice",
                _TREE_DEFAULTS["redraw"],
                "an agent that fails its test and polls an inactive agent draws a new move "
                "uniformly (the thesis) or takes the rival that beat it",
                choices=anthill.REDRAWS,
            ),
            dataclasses.replace(_RELATE, default=_TREE_DEFAULTS["relate"]),
            Parameter(
                "evidence",
                "choice",
                _TREE_DEFAULTS["evidence"],
                "what a test's draw counts as one trial of a move's record: every playout, or "
                "every descent (the leaf_playouts of one leaf, which share their leaf, as one)",
                choices=anthill.EVIDENCE,
            ),
            Parameter(
                "tests",
                "int",
                _TREE_DEFAULTS["tests"],
                "agents tested in each swarm population a descent passes: the one that chose "
                "its move and tests - 1 more drawn uniformly (tests on the records cost no "
                "playouts, so the population gathers in fewer descents)",
                1,
                1024,
            ),
            Parameter(
                "test_first",
                "bool",
                _TREE_DEFAULTS["test_first"],
                "an agent is tested (and diffuses) when it is drawn, before its move is "
                "followed, instead of after the descent's playouts",
            ),
            Parameter(
                "swarm_depth",
                "int",
                _TREE_DEFAULTS["swarm_depth"],
                "the depths where agents choose the move (1: the root only); deeper, UCT's "
                "UCB1 with the exploration constant chooses",
                1,
                64,
            ),
            Parameter(
                "spread",
                "float",
                _TREE_DEFAULTS["spread"],
                "a test's draws are spread this many times their posterior's spread (1: "
                "Thompson sampling's draw; more: moves behind the rival win more tests, so "
                "the population explores more, as a larger UCB1 constant does)",
                0.01,
                100.0,
            ),
            Parameter(
                "start",
                "choice",
                _TREE_DEFAULTS["start"],
                "where a new population's agents start: k on each move (even), or the same "
                "number placed in proportion to the moves' priors (priors: a move of prior p "
                "holds about p of them, a move of prior 0 none; needs priors), without draws",
                choices=anthill.STARTS,
            ),
            *_TREE_TAIL,
        ),
        rules=uct.TREE_OPTION_RULES,
        module="hexswarm.engine.players.uct_player",
    ),
}


def _preset(name: str, label: str, description: str, family: str, **defaults: Any) -> LevelInfo:
    """Level ``family`` under another name with other defaults (checked like any setting)."""
    base = LEVELS[family]
    parameters = []
    for parameter in base.parameters:
        if parameter.name in defaults:
            value = parameter.parse(defaults.pop(parameter.name), name)
            parameter = dataclasses.replace(parameter, default=value)
        parameters.append(parameter)
    if defaults:
        raise HexError(f"preset {name!r}: {family} has no setting {', '.join(defaults)}")
    return LevelInfo(
        name,
        label,
        description,
        tuple(parameters),
        family=family,
        rules=base.rules,
        module=base.module,
    )


# Presets (ours): time per move is their budget, so the count limits are set out of reach.
# The tree searches' preset settings, shared by UCT's and the anthill's.
_TREE_PRESET = {
    "playouts": 100_000_000,
    "time_s": 1.0,
    # 34-6 against one playout a leaf at 1 s a move on 9x9 (docs/experiments.md).
    "leaf_playouts": 8,
    # 29-11 against uniform playouts with the rest of UCT's preset, same conditions.
    "playout": "template",
    # vc: solve, then Hex knowledge; 10-10 against solve at 1 s a move on 9x9, and on 9x9 and
    # 11x11 positions it proves, no proven win given away and no proven loser played, where
    # solve kept 24 of 30 wins and played 6 losers in 30 (docs/search.md, "Hex knowledge").
    "tactics": "vc",
    "swap_policy": "table",
}
# The knowledge in `strong`'s tree, which `strong-swarm` shares: RAVE, the pattern priors and
# the intrusion bonus (why each: the comments of the two presets below).
_STRONG_KNOWLEDGE = {
    "rave": True,
    "priors": "hex12-local-mohex-9x9-550g-matches",
    "intrusion_bonus": 282.0,
}
_PRESETS = (
    (
        "strong",
        "Strongest (UCT, 1 s a move)",
        'The strongest player measured at equal time (docs/experiments.md, "Presets"): UCT '
        "with RAVE (all-moves-as-first records blended into the choice, after MoHex 2.0) "
        "and pattern priors (each new move's weight from its twelve nearest cells, the six "
        "neighbours and the six bridge points, its place against the last move and the shape "
        "around the last move, learned from 520 MoHex 2.0 self-play games and MoHex's moves "
        "in its 9x9 matches against us, as a bias and a start of its RAVE record; the cell "
        "that restores a bridge or edge template the last move intruded into weighs more), "
        "8 playouts "
        "from each leaf it reaches, playouts that answer bridge and edge template "
        "intrusions, searching for the time given, with exact root tactics "
        "(the solver on boards up to 8x8, then Hex knowledge: dead and captured cells, "
        "virtual connections, the must-play region) and the swap rule played from the "
        "opening table.",
        "uct",
        # RAVE: 88-12 against the same preset without it at 20 000 playouts a move on 9x9
        # (docs/experiments.md, "Knowledge in the tree"). Priors: 120-80 against the same
        # preset without them at 1 s a move on 9x9 (two matches of 100, 58-42 and 62-38;
        # 0.600 [0.531, 0.665], Elo +70 [+21, +119]; ibid., and docs/results/priors/). The
        # 12-cell table of 520 games against the 6-cell one: 114-86 at 20 000 playouts a move
        # and 63-37 at 1 s a move (0.630 [0.532, 0.718], Elo +92 [+22, +163]; ibid.). The
        # local teacher table with the intrusion bonus (round 15's rule, ibid.): against MoHex
        # 2.0 at 1 s a move on 9x9, 143 of 300 where the 12-cell table won 125 of the same
        # openings (40 games turned to wins, 22 to losses, p = 0.030), and 66-34 against it at
        # 1 s a move.
        {**_TREE_PRESET, **_STRONG_KNOWLEDGE},
    ),
    (
        "strong-swarm",
        "Strongest swarm (anthill, 1 s a move)",
        'The strongest swarm (docs/experiments.md, "The anthill"; measured at equal time '
        "before it took `strong`'s knowledge, which won 86-14 at equal playouts): a "
        "population of agents at the root chooses the move each descent searches, and after "
        "each descent 64 of them are tested by a Thompson-style comparison of their move's "
        "shared UCT record with a rival's and recruited passively (an inactive agent copies an "
        "active one or takes the rival); below the root UCT chooses; the tests and UCT's "
        "choice both read RAVE records and pattern priors (`strong`'s table and intrusion "
        "bonus), with 8 "
        "playouts from each leaf that answer bridge and edge template intrusions; searching "
        "for the time given, with exact root tactics (the solver on boards up to 8x8, then Hex "
        "knowledge: dead and captured cells, virtual connections, the must-play region, the "
        "root population spread over the moves left) and the swap rule played from the "
        "opening table.",
        "anthill",
        # Why these settings (the history: docs/experiments.md, "The anthill" to "Round 9"):
        # with 64 tests a descent it went 57-43 against `strong` at 1 s on 11x11 where one test
        # went 42-58 (before either had RAVE and priors), and 16 (0.871x the cost) went 46-54
        # against 64 at equal CPU on 9x9; RAVE and priors as `strong`'s, read by the
        # agents' tests: 86-14 against itself without them at 20 000 playouts; `strong`'s
        # 12-cell table instead of the 6-cell one, at 1 s a move on the same openings: 46-54
        # (from 34-66) on 9x9 and 44-56 (from 30-70) on 11x11 against `strong`; with round
        # 15's knowledge on both sides 96-104 against `strong` at 20 000 playouts (49-51 with
        # the 12-cell table on both).
        {**_TREE_PRESET, **_STRONG_KNOWLEDGE, "tests": 64},
    ),
    (
        "strong-sdst",
        "Strongest SDST (1 s a move)",
        "The strongest of the thesis's swarm levels at equal time (docs/experiments.md, "
        '"Shared evidence"): SDST in the whole tree, 10 000 agents, the root deciding on shared '
        "records (reference=shared), searching for the time given, with exact root tactics "
        "(the solver on boards up to 8x8) and the swap rule played from the opening table.",
        "sdst",
        {
            "agents": 10_000,
            "iterations": 1_000_000,
            "time_s": 1.0,
            "reference": "shared",
            "tactics": "solve",
            "swap_policy": "table",
        },
    ),
)

# The ladder (ours, issue 32): named rungs from beginner up to `strong`, made weaker by a
# smaller budget (playouts a move, so a loaded machine does not weaken them further), by
# switching knowledge off at the bottom and by a move temperature, never by random blunders.
# Each rung's Elo is measured once, in a round robin on 9x9 anchored to random = 0
# (docs/results/ladder/, docs/experiments.md "The ladder"), and declared here only: the menus'
# labels are made from it and tests/engine/test_ladder.py holds it equal to the raw results.
_KNOWLEDGE_OFF = {"playout": "uniform", "leaf_playouts": 1, "tactics": "off"}
_STRONG_SEARCH = {**_TREE_PRESET, "rave": True, "time_s": None}  # strong's, no priors (as rated)
_LADDER_RUNGS = (
    # name, title, 9x9 Elo (measured), description, defaults (family uct)
    (
        "beginner",
        "Beginner",
        929,
        "The ladder's first rung (ours): UCT with 8 000 uniformly random playouts a move and "
        "RAVE, no Hex knowledge (no tactics, no playout patterns), and a warm move choice "
        "(temperature 0.5: a move is drawn in proportion to the square of its visits, so a "
        "close second choice is often played).",
        {**_KNOWLEDGE_OFF, "rave": True, "playouts": 8_000, "temperature": 0.5},
    ),
    (
        "novice",
        "Novice",
        1065,
        "The ladder's second rung (ours): `strong`'s search (RAVE, 8 playouts a leaf that "
        "answer bridge and edge template intrusions) with 2 000 playouts a move and no root "
        "tactics; plays the most visited move.",
        {**_STRONG_SEARCH, "tactics": "off", "swap_policy": "search", "playouts": 2_000},
    ),
    (
        "club",
        "Club player",
        1170,
        "The ladder's third rung (ours): `strong`'s search and Hex knowledge (RAVE, pattern "
        "playouts, exact root tactics, the opening table) with 4 000 playouts a move.",
        {**_STRONG_SEARCH, "playouts": 4_000},
    ),
    (
        "expert",
        "Expert",
        1284,
        "The ladder's rung below `strong` (ours): the same search and Hex knowledge as "
        "`strong` without its pattern priors, with a budget of 32 000 playouts a move "
        "instead of 1 s (`strong` searched "
        "48 000 to 125 000 playouts in 1 s on 9x9 on one core of the loaded machine that "
        "rated them).",
        {**_STRONG_SEARCH, "playouts": 32_000},
    ),
)
LADDER = (*(rung[0] for rung in _LADDER_RUNGS), "strong")
"""The ladder's rungs from the weakest to the strongest (``strong`` is its top)."""

LADDER_ELO: dict[str, int | None] = {rung[0]: rung[2] for rung in _LADDER_RUNGS}
# 1 s a move, in a scheduler group of its own at nice -5; rated before `strong` took the
# pattern priors (28 Nov), which were worth +70 [+21, +119] against it at 1 s a move.
LADDER_ELO["strong"] = 1400
"""Each rung's Bradley-Terry Elo on 9x9 against random = 0 (docs/results/ladder/)."""

STRONGEST_LEVEL = "strong"
"""The default of ``create_player(None)``, ``hexswarm-gtp`` and the GUI: the preset that
measured strongest at equal time (docs/experiments.md, "Presets"; ``strong-swarm``, even with
it before both took RAVE and priors, lost 33-67 to it at 1 s a move on 9x9 since, "Round 7",
and 46-54 on 9x9 and 44-56 on 11x11 with its 12-cell priors, "Round 9")."""


# --------------------------------------------------------------------------- settings

_ANNOTATIONS = {"int": int, "float": float, "bool": bool, "str": str, "choice": str}


def settings_class(level: LevelInfo, class_name: str) -> type:
    """A frozen dataclass with one field per parameter of ``level``, defaulting to the table's
    default, whose constructor checks and converts every value with :meth:`Parameter.parse`
    (so ``UCTSettings(playouts=0)`` is refused as a spec would be)."""
    parameters = level.parameters

    def __post_init__(self) -> None:
        for parameter in parameters:
            value = parameter.parse(getattr(self, parameter.name), level.name)
            object.__setattr__(self, parameter.name, value)  # e.g. an int time_s -> float
        for problem in level.problems({p.name: getattr(self, p.name) for p in parameters}):
            raise HexError(f"{level.name}: {problem}")

    fields = []
    for parameter in parameters:
        annotation = _ANNOTATIONS[parameter.type]
        typed = annotation | None if parameter.optional else annotation
        fields.append((parameter.name, typed, dataclasses.field(default=parameter.default)))
    return dataclasses.make_dataclass(
        class_name,
        fields,
        namespace={"__post_init__": __post_init__, "__module__": __name__},
        frozen=True,
        slots=True,
    )


RandomSettings = settings_class(LEVELS["random"], "RandomSettings")
MonteCarloSettings = settings_class(LEVELS["mc"], "MonteCarloSettings")
MCSDSSettings = settings_class(LEVELS["mcsds"], "MCSDSSettings")
SDSTSettings = settings_class(LEVELS["sdst"], "SDSTSettings")
UCTSettings = settings_class(LEVELS["uct"], "UCTSettings")
AnthillSettings = settings_class(LEVELS["anthill"], "AnthillSettings")

SETTINGS_TYPES = {
    "random": RandomSettings,
    "mc": MonteCarloSettings,
    "mcsds": MCSDSSettings,
    "sdst": SDSTSettings,
    "uct": UCTSettings,
    "anthill": AnthillSettings,
}
for _name, _level in LEVELS.items():  # a family added later: its module reads its class here
    if _name not in SETTINGS_TYPES:
        SETTINGS_TYPES[_name] = settings_class(_level, _name.title().replace("-", "") + "Settings")


def split_spec(spec: str) -> tuple[str, list[tuple[str, str]]]:
    """``"sdst:agents=500, policy=tree"`` -> ``("sdst", [("agents", "500"), ("policy",
    "tree")])``: the level in lower case, the items in order with their keys as typed (lower
    case) and values as text. The only reader of spec syntax; :func:`parse_spec` validates."""
    name, _, rest = spec.strip().partition(":")
    name = name.strip().lower()
    if not name or not name.replace("_", "").replace("-", "").isalnum():
        raise HexError(f"bad AI level name {name!r} in {spec!r}")
    items = []
    for item in filter(None, (part.strip() for part in rest.split(","))):
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise HexError(f"{name}: expected key=value, not {item!r}")
        items.append((key.strip().lower(), value.strip()))
    return name, items


def spec_keys(spec: str) -> set[str]:
    """The settings a spec names, by their own names (aliases resolved when the level is
    known); for a malformed spec, what can be read of it (its validation reports the rest)."""
    try:
        name, items = split_spec(spec)
    except HexError:
        return set()
    level = LEVELS.get(name)
    keys = set()
    for key, _value in items:
        try:
            keys.add(level.parameter(key).name if level else key)
        except HexError:
            keys.add(key)
    return keys


def one_thread_unless_named(spec: str) -> dict[str, int]:
    """``{"threads": 1}`` unless the spec names its threads or its level takes none (random):
    matches and benchmarks run games side by side, each player on one thread."""
    level = LEVELS.get(spec.partition(":")[0].strip().lower())
    takes_threads = level is None or any(p.name == "threads" for p in level.parameters)
    return {"threads": 1} if takes_threads and "threads" not in spec_keys(spec) else {}


def parse_spec(spec: str | None, overrides: Mapping[str, Any] | None = None):
    """``(level_name, settings)`` for a spec string plus keyword overrides (which win); keys
    may be a setting's name or an alias."""
    name, items = split_spec(spec or STRONGEST_LEVEL)
    if name not in LEVELS:
        raise HexError(f"unknown AI level {name!r} (choose from {', '.join(LEVELS)})")
    level = LEVELS[name]
    values = level.defaults()
    for key, value in [*items, *(overrides or {}).items()]:
        parameter = level.parameter(key)
        values[parameter.name] = parameter.parse(value, name)
    return name, SETTINGS_TYPES[name](**values)


def spec_seed(spec: str | None) -> int | None:
    """The seed ``spec`` fixes, or None when it leaves it random (or its level takes none)."""
    _name, settings = parse_spec(spec)
    return getattr(settings, "seed", None)


def seeded_spec(spec: str | None, seed: int) -> str:
    """``spec`` with ``seed=seed`` added when it leaves its seed random (a seed it fixes is
    kept: the user asked for that one); the spec as it was for a level without a seed."""
    spec = spec or STRONGEST_LEVEL
    _name, settings = parse_spec(spec)
    if not hasattr(settings, "seed") or settings.seed is not None:
        return spec
    return spec_with(spec, "seed", str(int(seed)))


def spec_with(spec: str | None, key: str, text: str) -> str:
    """``spec`` with setting ``key`` (a name or an alias) set to ``text``, replacing what the
    spec said of it; :class:`HexError` when the level has no such setting or refuses it."""
    name, items = split_spec(spec or STRONGEST_LEVEL)
    level = LEVELS.get(name)
    if level is None:
        raise HexError(f"unknown AI level {name!r} (choose from {', '.join(LEVELS)})")
    parameter = level.parameter(key)
    parameter.parse(text, name)
    kept = [(k, v) for k, v in items if k not in parameter.names]
    kept.append((parameter.name, text))
    return f"{name}:" + ",".join(f"{k}={v}" for k, v in kept)


def clocked_spec(spec: str | None, seconds: float) -> str:
    """``spec`` for one move on a game clock that gives it ``seconds``
    (:func:`engine.clock.move_time`): the one rule of the application, ``hexswarm-gtp`` and
    ``hexswarm-match`` (docs/clocks.md).

    * A level that searches for a time (``time_s`` set: ``strong`` and the other presets)
      searches for the clock's ``seconds`` instead.
    * A level whose budget is a count (``time_s`` none: the ladder's rungs, ``mcsds``...)
      keeps its budget, and the clock caps its time (``time_cap_s``, or a smaller cap of its
      own): it stops at whichever comes first, so its label's strength holds on any clock.
    * A level without a time limit (``random``) is returned as it is.

    :class:`HexError` for a spec that is not a level's (an engine's ``engine:NAME``)."""
    name, settings = parse_spec(spec)
    level = LEVELS[name]
    if not any(p.name == "time_s" for p in level.parameters):
        return spec or name
    seconds = max(float(seconds), 0.001)
    if settings.time_s is not None:
        return spec_with(spec, "time_s", f"{seconds:.3f}")
    if settings.time_cap_s is not None:
        seconds = min(seconds, settings.time_cap_s)
    return spec_with(spec, "time_cap_s", f"{seconds:.3f}")


def settings_spec(name: str, settings) -> str:
    """The spec string of ``settings``: every setting written out, so it round-trips."""
    level = LEVELS[name]
    items = ",".join(f"{p.name}={p.format(getattr(settings, p.name))}" for p in level.parameters)
    return f"{name}:{items}"


def ladder_label(label: str, elo: int | None) -> str:
    """A menu label with the rung's measured rating: ``Club player (9x9 Elo 620)``."""
    return label if elo is None else f"{label} (9x9 Elo {elo})"


for _name, _label, _description, _family, _defaults in (
    *_PRESETS,
    *((n, t, d, "uct", v) for n, t, _elo, d, v in _LADDER_RUNGS),
):
    _label = ladder_label(_label, LADDER_ELO.get(_name))
    LEVELS[_name] = _preset(_name, _label, _description, _family, **_defaults)
    SETTINGS_TYPES[_name] = SETTINGS_TYPES[_family]

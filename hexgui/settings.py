"""The application's settings as plain dataclasses, and their round trip through QSettings.

Dialogs return these dataclasses; the controller and the window consume them; only
:func:`load_game_settings` / :func:`save_game_settings` (and the view equivalents) know about
QSettings. Values read back are validated: a hand-edited or corrupt settings file falls back to
the defaults for the bad entries instead of breaking the start of the application.

AI players are described by *spec strings* as understood by ``engine.players.create_player``:
``"level"`` or ``"level:name=value,name=value"``, e.g. ``"sdst:agents=50000,iterations=50"``;
an external GTP engine of the engine manager is ``"engine:NAME"`` (:data:`ENGINE_PREFIX`), its
command line and folder kept under ``engines/`` (:func:`load_engines`).

GUI thread only (QSettings objects are not shared between threads here).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from hexswarm.engine.board import BLACK, MAX_SIZE, Color, HexError
from hexswarm.engine.players.external import DEFAULT_MOVE_TIMEOUT_S, EngineConfig
from hexswarm.engine.players.levels import STRONGEST_LEVEL, parse_bool, split_spec
from PySide6.QtCore import QSettings

SIZE_PRESETS = (5, 7, 9, 11, 13, 19)
DEFAULT_AI_SPEC = STRONGEST_LEVEL  # the preset measured strongest at equal time
ENGINE_PREFIX = "engine:"


def engine_name(spec: str) -> str | None:
    """The engine manager's name in an ``engine:NAME`` spec (None for a level's spec)."""
    return spec[len(ENGINE_PREFIX) :] if spec.startswith(ENGINE_PREFIX) else None


@dataclass(frozen=True, slots=True)
class SideSettings:
    """Who plays one colour: a human (``ai=False``) or the AI described by ``spec``.

    ``spec`` is kept while the side is human so switching back restores the last AI chosen.
    """

    ai: bool = False
    spec: str = DEFAULT_AI_SPEC

    def describe(self) -> str:
        """``Human`` or the AI's level and settings, for the status bar and menus."""
        if not self.ai:
            return "Human"
        name = engine_name(self.spec)
        if name is not None:
            return f"Engine {name}"
        level, params = parse_spec(self.spec)
        if not params:
            return f"AI {level}"
        settings = ", ".join(f"{k}={v}" for k, v in params.items())
        return f"AI {level} ({settings})"


@dataclass(frozen=True, slots=True)
class GameSettings:
    """A game's set-up: board size, swap rule, both sides, the pause between AI moves, the
    AI of hints and analysis, and the clock. ``size`` is the columns, ``height`` the rows of
    a rectangle (``None``: a square, as many rows as columns); the swap rule applies to
    squares only."""

    size: int = 11
    swap_rule: bool = False
    black: SideSettings = field(default_factory=SideSettings)
    white: SideSettings = field(default_factory=lambda: SideSettings(ai=True))
    ai_delay_ms: int = 300
    # The AI of hints and analysis (analysis mode, the whole game), one setting so that a
    # hint and the analysis panels name the same best move (round 12; hints had MCSDS, within
    # 90 Elo of flat Monte-Carlo, while analysis had the strongest player; issue 30).
    analysis_spec: str = DEFAULT_AI_SPEC
    # The game clock, as engine.clock.TimeControl.parse reads it: "none", "60", "300+5"...
    time_control: str = "none"
    height: int | None = None
    # Hints, analysis mode and the whole-game review while a person plays the AI and the game
    # is on (a rated game turns them off; once the game has ended they are there again).
    # On by default: the program is a study desk first (docs/gui.md, "Playing without help").
    assistance: bool = True

    @property
    def shape(self) -> tuple[int, int]:
        """``(columns, rows)``."""
        return self.size, self.size if self.height is None else self.height

    def side(self, color: Color) -> SideSettings:
        return self.black if color is BLACK else self.white

    def with_side(self, color: Color, side: SideSettings) -> GameSettings:
        return replace(self, black=side) if color is BLACK else replace(self, white=side)


@dataclass(frozen=True, slots=True)
class ViewSettings:
    """How the board looks: theme name, dark mode (system/light/dark), coordinates, move
    numbers on the stones."""

    theme: str = "classic"
    dark_mode: str = "system"
    show_coordinates: bool = True
    show_move_numbers: bool = False


# ---------------------------------------------------------------------------- spec strings


class SpecError(ValueError):
    """A malformed AI spec string."""


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """Split ``"sdst:agents=500,policy=tree"`` into ``("sdst", {"agents": "500", ...})``.

    Values stay strings; the player registry converts and validates them.
    """
    if not (spec or "").strip():
        raise SpecError("empty AI spec")
    try:
        level, items = split_spec(spec)
    except HexError as error:
        raise SpecError(str(error)) from None
    return level, dict(items)


def format_spec(level: str, params: dict[str, object]) -> str:
    """Inverse of :func:`parse_spec` (booleans as ``true``/``false``)."""
    if not params:
        return level
    parts = []
    for name, value in params.items():
        if isinstance(value, bool):
            value = "true" if value else "false"
        parts.append(f"{name}={value}")
    return f"{level}:{','.join(parts)}"


# ---------------------------------------------------------------------------- QSettings


def _read_bool(store: QSettings, key: str, default: bool) -> bool:
    value = store.value(key, default)
    if isinstance(value, int) and not isinstance(value, bool):
        return bool(value)
    switch = parse_bool(value) if isinstance(value, bool | str) else None
    return default if switch is None else switch


def _read_int(store: QSettings, key: str, default: int, low: int, high: int) -> int:
    value = store.value(key, default)
    try:
        number = int(value)
    except (TypeError, ValueError):
        return default
    return number if low <= number <= high else default


def _read_spec(
    store: QSettings, key: str, default: str, refused: list[str], engines: frozenset[str]
) -> str:
    """A saved AI spec if the player registry accepts it (levels and settings change between
    versions: a spec that no longer fits falls back to the default, and ``refused`` says so),
    or an ``engine:NAME`` of one of ``engines``. A refused spec is forgotten (removed from
    ``store``): it is reported once, not at every start."""
    from hexswarm.engine.players import parse_spec as validate_spec

    value = store.value(key, default)
    if not isinstance(value, str):
        return default
    name = engine_name(value)
    if name is not None:
        if name in engines:
            return value
        refused.append(f"{value!r} (no engine of that name); {default!r} is used instead")
        store.remove(key)
        return default
    try:
        parse_spec(value)
        validate_spec(value)
    except (SpecError, HexError) as error:
        refused.append(f"{value!r} ({error}); {default!r} is used instead")
        store.remove(key)
        return default
    return value


def load_game_settings(store: QSettings, refused: list[str] | None = None) -> GameSettings:
    """The game settings saved last, validated entry by entry (bad entries -> defaults); a
    saved AI spec that is refused is described in ``refused``, for the user to be told."""
    refused = [] if refused is None else refused
    engines = frozenset(engine.name for engine in load_engines(store))
    default = GameSettings()
    sides = {}
    for color in ("black", "white"):
        side_default = getattr(default, color)
        sides[color] = SideSettings(
            ai=_read_bool(store, f"game/{color}_ai", side_default.ai),
            spec=_read_spec(store, f"game/{color}_spec", side_default.spec, refused, engines),
        )
    return GameSettings(
        size=_read_int(store, "game/size", default.size, 1, MAX_SIZE),
        height=_read_int(store, "game/rows", 0, 0, MAX_SIZE) or None,  # 0: square
        swap_rule=_read_bool(store, "game/swap_rule", default.swap_rule),
        black=sides["black"],
        white=sides["white"],
        ai_delay_ms=_read_int(store, "game/ai_delay_ms", default.ai_delay_ms, 0, 60_000),
        analysis_spec=_read_spec(
            store, "game/analysis_spec", default.analysis_spec, refused, engines
        ),
        time_control=_read_time_control(store, default.time_control),
        assistance=_read_bool(store, "game/assistance", default.assistance),
    )


def _read_time_control(store: QSettings, default: str) -> str:
    """A saved clock, written in its one spelling; the default if it does not parse."""
    from hexswarm.engine.clock import TimeControl

    value = store.value("game/time_control", default)
    try:
        return TimeControl.parse(str(value)).text()
    except HexError:
        return default


def save_game_settings(store: QSettings, settings: GameSettings) -> None:
    store.setValue("game/size", settings.size)
    store.setValue("game/rows", 0 if settings.height is None else settings.height)
    store.setValue("game/swap_rule", settings.swap_rule)
    for color in ("black", "white"):
        side: SideSettings = getattr(settings, color)
        store.setValue(f"game/{color}_ai", side.ai)
        store.setValue(f"game/{color}_spec", side.spec)
    store.setValue("game/ai_delay_ms", settings.ai_delay_ms)
    store.remove("game/hint_spec")  # hints come from the analysis AI since round 12
    store.setValue("game/analysis_spec", settings.analysis_spec)
    store.setValue("game/time_control", settings.time_control)
    store.setValue("game/assistance", settings.assistance)
    store.sync()


def load_view_settings(store: QSettings) -> ViewSettings:
    from hexswarm.gui.themes import DARK_MODES, THEME_NAMES

    default = ViewSettings()
    theme = store.value("view/theme", default.theme)
    dark_mode = store.value("view/dark_mode", default.dark_mode)
    return ViewSettings(
        theme=theme if theme in THEME_NAMES else default.theme,
        dark_mode=dark_mode if dark_mode in DARK_MODES else default.dark_mode,
        show_coordinates=_read_bool(store, "view/coordinates", default.show_coordinates),
        show_move_numbers=_read_bool(store, "view/move_numbers", default.show_move_numbers),
    )


def save_view_settings(store: QSettings, settings: ViewSettings) -> None:
    store.setValue("view/theme", settings.theme)
    store.setValue("view/dark_mode", settings.dark_mode)
    store.setValue("view/coordinates", settings.show_coordinates)
    store.setValue("view/move_numbers", settings.show_move_numbers)
    store.sync()


def load_engines(store: QSettings, refused: list[str] | None = None) -> list[EngineConfig]:
    """The external engines of the engine manager, in the order shown. An entry that is not
    usable (no name, a name seen before, a command line that cannot be read) is left out and
    described in ``refused``."""
    refused = [] if refused is None else refused
    engines: list[EngineConfig] = []
    count = store.beginReadArray("engines")
    for index in range(count):
        store.setArrayIndex(index)
        timeout = store.value("move_timeout_s", DEFAULT_MOVE_TIMEOUT_S)
        try:
            timeout = None if timeout in (None, "", "none") else float(timeout)
        except (TypeError, ValueError):
            timeout = DEFAULT_MOVE_TIMEOUT_S
        engine = EngineConfig(
            name=str(store.value("name", "")).strip(),
            command=str(store.value("command", "")),
            folder=str(store.value("folder", "")),
            move_timeout_s=timeout,
        )
        problems = engine.problems()
        if any(engine.name == other.name for other in engines):
            problems.append("a second engine of that name")
        if problems:
            refused.append(f"engine {index + 1} ({engine.name!r}): {'; '.join(problems)}")
        else:
            engines.append(engine)
    store.endArray()
    return engines


def save_engines(store: QSettings, engines: list[EngineConfig]) -> None:
    store.remove("engines")
    store.beginWriteArray("engines", len(engines))
    for index, engine in enumerate(engines):
        store.setArrayIndex(index)
        store.setValue("name", engine.name)
        store.setValue("command", engine.command)
        store.setValue("folder", engine.folder)
        timeout = engine.move_timeout_s
        store.setValue("move_timeout_s", "none" if timeout is None else timeout)
    store.endArray()
    store.sync()

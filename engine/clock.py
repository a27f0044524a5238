"""Game clocks: time controls, a two-player clock, and how an AI spends its time (ours).

A :class:`TimeControl` is one of the four kinds clubs and servers use:

* ``none``: no clock;
* ``sudden death``: ``main_s`` seconds each for the whole game (written ``60``);
* ``Fischer``: ``main_s`` plus ``increment_s`` added after each move (``300+5``);
* ``byo-yomi``: ``main_s``, then ``periods`` periods of ``period_s`` each (``600+5x30``): a
  move made within a period keeps it, a period that runs out is used up, and the last one
  running out loses the game on time (Japanese byo-yomi, as KGS and OGS play it).

:class:`GameClock` keeps both players' time under one control. It reads time from an injected
``now`` callable (``time.monotonic`` by default), so tests drive it with a fake clock; it
never sleeps or starts threads. Call :meth:`GameClock.start` when a side begins to think,
:meth:`GameClock.press` when it has moved (the other side's clock starts), :meth:`GameClock.
stop` to pause. :meth:`GameClock.flagged` says whose time ran out.

:func:`move_time` is the AIs' time management: the seconds to search the next move given the
time left. Documented in ``docs/clocks.md``; in short, a share of the main time left that grows
as the board fills (the main time over ``max(MIN_MOVES_LEFT, empty_cells / EMPTY_PER_MOVE)``
moves; in sudden death :data:`MOVE_OVERHEAD_S` is first kept for every move the side may still
make), plus most of an increment or a period, capped so that at least :data:`SAFETY_S` and half
of what is left stay on the clock: an AI never flags when its time suffices for one move.

SGF (FF[4]): ``TM`` is the main time in seconds; ``OT`` describes the overtime (we write
``"5x30 byo-yomi"`` and ``"+5 fischer"`` and read those back); ``BL``/``WL`` on a move node are
the seconds left for Black/White after that move; ``OB``/``OW`` the byo-yomi periods left.

Plain Python, no Qt; one clock belongs to one thread.
"""

from __future__ import annotations

import math
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, replace

from hexswarm.engine.board import BLACK, WHITE, Color, HexError

NONE, SUDDEN_DEATH, FISCHER, BYO_YOMI = "none", "sudden death", "Fischer", "byo-yomi"

MIN_MOVES_LEFT = 8
"""The main time is shared over at least this many more moves of one side."""

EMPTY_PER_MOVE = 10.0
"""One more own move expected for every this many empty cells (docs/clocks.md)."""

MOVE_OVERHEAD_S = 0.1
"""Seconds a move may take beyond its search (making the player, answering, a busy
machine): sudden death keeps this much for each move the side may still have to make (half
the empty cells), so it can always fill the board."""

INCREMENT_SHARE = 0.8
"""The share of a Fischer increment or a byo-yomi period spent on a move."""

SAFETY_S = 0.3
"""Seconds always kept on the clock beyond a move's search: answering, the GUI, a busy
machine (measured overshoot under load: docs/clocks.md)."""

MAX_SHARE = 0.5
"""A move never takes more than this share of the time left beyond :data:`SAFETY_S`."""

MIN_MOVE_S = 0.01
"""The shortest search a move gets (the kernels' first batch)."""


@dataclass(frozen=True, slots=True)
class TimeControl:
    """How much time each side has: ``main_s`` for the game, then ``increment_s`` after each
    move (Fischer) or ``periods`` periods of ``period_s`` (byo-yomi). ``main_s == 0`` with no
    periods is no clock at all."""

    main_s: float = 0.0
    increment_s: float = 0.0
    periods: int = 0
    period_s: float = 0.0

    def __post_init__(self) -> None:
        for name in ("main_s", "increment_s", "period_s"):
            value = getattr(self, name)
            if not (isinstance(value, int | float) and math.isfinite(value) and value >= 0):
                raise HexError(f"time control: {name} must be 0 or more seconds, not {value!r}")
        if isinstance(self.periods, bool) or not isinstance(self.periods, int) or self.periods < 0:
            raise HexError(f"time control: periods must be a whole number >= 0, not {self.periods}")
        if self.increment_s and self.periods:
            raise HexError("time control: an increment or byo-yomi periods, not both")
        if bool(self.periods) != bool(self.period_s):
            raise HexError("time control: byo-yomi needs both a number of periods and their length")

    @property
    def kind(self) -> str:
        """:data:`NONE`, :data:`SUDDEN_DEATH`, :data:`FISCHER` or :data:`BYO_YOMI`."""
        if self.periods:
            return BYO_YOMI
        if self.increment_s:
            return FISCHER
        return SUDDEN_DEATH if self.main_s else NONE

    @property
    def is_none(self) -> bool:
        return self.kind == NONE

    @classmethod
    def parse(cls, text: str) -> TimeControl:
        """``none``, ``60`` (sudden death, seconds), ``300+5`` (Fischer), ``600+5x30``
        (byo-yomi: 5 periods of 30 s); minutes may be written ``10m``. :class:`HexError`
        with the accepted forms for anything else."""
        word = (text or "").strip().lower().replace(" ", "")
        if word in ("", "none", "off", "0"):
            return cls()
        match = re.fullmatch(rf"({_NUMBER})(?:\+(?:({_INT})x({_NUMBER})|({_NUMBER})))?", word)
        if match is None:
            raise HexError(
                f"time control {text!r}: write none, 60 (sudden death, seconds), 300+5 "
                "(Fischer: 5 s added a move) or 600+5x30 (byo-yomi: 5 periods of 30 s); "
                "minutes as 10m"
            )
        main = _seconds(match.group(1))
        if match.group(2) is not None:
            return cls(main, periods=int(match.group(2)), period_s=_seconds(match.group(3)))
        if match.group(4) is not None:
            return cls(main, increment_s=_seconds(match.group(4)))
        return cls(main)

    def text(self) -> str:
        """The spelling :meth:`parse` reads back (``none``, ``60``, ``300+5``, ``600+5x30``)."""
        if self.is_none:
            return "none"
        main = _number(self.main_s)
        if self.periods:
            return f"{main}+{self.periods}x{_number(self.period_s)}"
        if self.increment_s:
            return f"{main}+{_number(self.increment_s)}"
        return main

    def describe(self) -> str:
        """In words: ``5 min + 10 s a move (Fischer)``."""
        if self.is_none:
            return "no clock"
        main = _duration(self.main_s)
        if self.periods:
            return f"{main} + {self.periods} \u00d7 {_duration(self.period_s)} (byo-yomi)"
        if self.increment_s:
            return f"{main} + {_duration(self.increment_s)} a move (Fischer)"
        return f"{main} (sudden death)"

    # ------------------------------------------------------------------ SGF
    def sgf_properties(self) -> dict[str, str]:
        """``TM`` and ``OT`` for a record's root (none for no clock)."""
        if self.is_none:
            return {}
        properties = {"TM": _number(self.main_s)}
        if self.periods:
            properties["OT"] = f"{self.periods}x{_number(self.period_s)} byo-yomi"
        elif self.increment_s:
            properties["OT"] = f"+{_number(self.increment_s)} fischer"
        return properties

    @classmethod
    def from_sgf(cls, main: str | None, overtime: str | None) -> TimeControl:
        """The control of a record's ``TM`` and ``OT`` (an ``OT`` we cannot read leaves
        sudden death; a ``TM`` that is not a number raises :class:`HexError`)."""
        if main is None:
            return cls()
        try:
            main_s = float(main)
        except ValueError:
            raise HexError(f"TM[{main}]: the main time must be a number of seconds") from None
        text = (overtime or "").strip().lower()
        periods = re.search(rf"({_INT})\s*[x\u00d7]\s*({_NUMBER})", text)
        if periods and ("byo" in text or "x" in text):
            return cls(main_s, periods=int(periods.group(1)), period_s=float(periods.group(2)))
        increment = re.search(rf"\+?\s*({_NUMBER})", text)
        if increment and "fischer" in text:
            return cls(main_s, increment_s=float(increment.group(1)))
        return cls(main_s)


_NUMBER = r"\d+(?:\.\d+)?m?"
_INT = r"\d+"


def _seconds(text: str) -> float:
    return float(text[:-1]) * 60 if text.endswith("m") else float(text)


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def _duration(seconds: float) -> str:
    if seconds >= 60 and seconds % 60 == 0:
        return f"{int(seconds // 60)} min"
    return f"{_number(seconds)} s"


@dataclass(frozen=True, slots=True)
class TimeLeft:
    """One side's time: ``main_s`` of main time, then ``periods`` byo-yomi periods (the
    current one of ``period_s``; a period in use counts, with what is left of it)."""

    main_s: float
    periods: int = 0
    period_s: float = 0.0

    @property
    def total_s(self) -> float:
        """Everything left: the main time and every period."""
        return self.main_s + self.periods * self.period_s

    @property
    def now_s(self) -> float:
        """What the side can spend on this move without losing a period or the game: the
        main time, or the current period once the main time is gone."""
        return self.main_s if self.main_s > 0 else (self.period_s if self.periods else 0.0)


def format_clock(seconds: float) -> str:
    """``12:05``, ``1:02:03``, or ``9.4`` below ten seconds (tenths matter then)."""
    seconds = max(0.0, seconds)
    if seconds < 10:
        return f"{math.floor(seconds * 10) / 10:.1f}"
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


class GameClock:
    """Both sides' time under ``control``; see the module docstring. ``now`` gives seconds
    (monotonic); inject a fake for tests.

    State changes only in :meth:`start`, :meth:`press`, :meth:`stop`, :meth:`set_left` (and
    when a query finds the running side's time gone: that side is :meth:`flagged` and its
    clock stops). ``moves`` counts each side's presses."""

    def __init__(self, control: TimeControl, now: Callable[[], float] = time.monotonic):
        self.control = control
        self._now = now
        self._left = {
            color: TimeLeft(control.main_s, control.periods, control.period_s)
            for color in (BLACK, WHITE)
        }
        self.running: Color | None = None
        self._since = 0.0
        self._flagged: Color | None = None
        self.moves = {BLACK: 0, WHITE: 0}
        self._used = {BLACK: 0.0, WHITE: 0.0}

    def used_s(self, color: Color) -> float:
        """Seconds ``color``'s clock has run (thinking time, the running move included)."""
        running = self._now() - self._since if color is self.running else 0.0
        return self._used[color] + running

    # ------------------------------------------------------------------ queries
    def left(self, color: Color) -> TimeLeft:
        """``color``'s time now (a running clock counted to this instant)."""
        left = self._left[color]
        if color is self.running:
            left = _spend(left, self._now() - self._since)
            if left.total_s <= 0 and left.now_s <= 0:
                self._flag(color)
        return left

    def flagged(self) -> Color | None:
        """The side whose time ran out (its clock is stopped), or None."""
        if self.running is not None:
            self.left(self.running)
        return self._flagged

    # ------------------------------------------------------------------ changes
    def start(self, color: Color) -> None:
        """``color`` begins to think (the other clock, if running, stops without a move)."""
        if self.control.is_none or self._flagged is not None:
            return
        self.stop()
        self.running, self._since = color, self._now()

    def stop(self) -> None:
        """Pause: the running side is charged for its time so far."""
        color = self.running
        if color is None:
            return
        spent = self._now() - self._since
        left = _spend(self._left[color], spent)
        self._used[color] += max(0.0, spent)
        self.running = None
        self._left[color] = left
        if left.total_s <= 0 and left.now_s <= 0:
            self._flagged = color

    def press(self, color: Color, *, start_other: bool = True) -> bool:
        """``color`` has moved: charge its time, add its increment or renew its period, and
        start the other side's clock (unless ``start_other`` is False: the caller starts it,
        as the GUI does for a person once the move is shown). Returns False when its time had
        run out (the move came too late: it has lost on time)."""
        if self.control.is_none:
            return True
        if self.running is color:
            self.stop()
        if self._flagged is color:
            return False
        left = self._left[color]
        if self.control.increment_s:
            left = replace(left, main_s=left.main_s + self.control.increment_s)
        elif left.main_s <= 0 and left.periods:
            left = replace(left, period_s=self.control.period_s)  # a move within it keeps it
        self._left[color] = left
        self.moves[color] += 1
        if start_other:
            self.start(color.opponent)
        return True

    def set_left(self, color: Color, left: TimeLeft) -> None:
        """Set ``color``'s time (a record's ``BL``/``WL``, GTP's ``time_left``)."""
        if color is self.running:
            self._since = self._now()
        self._left[color] = left
        if self._flagged is color and left.now_s > 0:
            self._flagged = None

    def _flag(self, color: Color) -> None:
        self._left[color] = TimeLeft(0.0)
        self._flagged = color
        if self.running is color:
            self.running = None


def _spend(left: TimeLeft, seconds: float) -> TimeLeft:
    """``left`` after ``seconds`` of thinking: the main time first, then period after
    period (a period used up is gone; the current one shrinks)."""
    seconds = max(0.0, seconds)
    main = left.main_s - seconds
    if main >= 0 or not left.periods:
        return TimeLeft(max(main, 0.0) if left.periods else main, left.periods, left.period_s)
    over = -main
    periods, current = left.periods, left.period_s
    while periods and over >= current:
        over -= current
        periods -= 1
        current = left.period_s if periods else 0.0
        if periods == 0:
            return TimeLeft(-over if over > 0 else 0.0)
    return TimeLeft(0.0, periods, current - over)


def move_time(control: TimeControl, left: TimeLeft, empty_cells: int) -> float:
    """Seconds an AI searches its next move with ``left`` on its clock, on a board with
    ``empty_cells`` empty cells (see the module docstring; ``docs/clocks.md``).

    * With main time left: the main time (in sudden death less :data:`MOVE_OVERHEAD_S` for
      each move the side may still make, and :data:`SAFETY_S`) over ``max(MIN_MOVES_LEFT,
      empty_cells / EMPTY_PER_MOVE)`` moves, plus ``INCREMENT_SHARE`` of the increment
      (Fischer) or of a period (byo-yomi: a move that runs past the main time into a period
      keeps the period);
      at most ``MAX_SHARE`` of the main time beyond :data:`SAFETY_S` (plus that share of a
      period).
    * In byo-yomi periods: ``INCREMENT_SHARE`` of a period, and :data:`SAFETY_S` short of it.
    * Never less than :data:`MIN_MOVE_S`, so a side with any time left still answers.

    So an AI never flags when its time suffices for one move (the search's overshoot is
    within :data:`SAFETY_S`; measured in docs/clocks.md)."""
    if control.is_none:
        raise HexError("no clock: there is no time to manage")
    extra = INCREMENT_SHARE * (control.increment_s + (left.period_s if left.periods else 0.0))
    if left.main_s > 0:
        moves_left = max(MIN_MOVES_LEFT, empty_cells / EMPTY_PER_MOVE)
        reserve = SAFETY_S
        if control.kind == SUDDEN_DEATH:  # nothing comes back: keep the overhead of every move
            reserve += MOVE_OVERHEAD_S * math.ceil(empty_cells / 2)
        budget = max(0.0, left.main_s - reserve) / moves_left + extra
        cap = MAX_SHARE * max(0.0, left.main_s - SAFETY_S)
        if left.periods:
            cap += INCREMENT_SHARE * left.period_s
    else:
        budget = extra
        cap = left.period_s - SAFETY_S if left.periods else 0.0
    return max(MIN_MOVE_S, min(budget, cap))


# --------------------------------------------------------------------------- GTP


def gtp_time_settings(control: TimeControl) -> str:
    """The command that tells a GTP engine ``control``: ``time_settings M 0 0`` for sudden
    death (GTP 2), ``kgs-time_settings byoyomi M P N`` for byo-yomi (the KGS extension), and
    ``kgs-time_settings fischer M I`` for Fischer (HexSwarm's extension of it: GTP has none)."""
    main = _number(control.main_s)
    if control.periods:
        return f"kgs-time_settings byoyomi {main} {_number(control.period_s)} {control.periods}"
    if control.increment_s:
        return f"kgs-time_settings fischer {main} {_number(control.increment_s)}"
    return f"time_settings {main} 0 0"


def gtp_time_left(color: Color, left: TimeLeft) -> str:
    """``time_left COLOR SECONDS STONES`` as KGS sends it: the main time and 0, or in byo-yomi
    the current period's time and the periods left. Whole seconds, rounded down (engines
    read integers; rounding down errs on the safe side)."""
    if left.main_s > 0 or not left.periods:
        return f"time_left {color.letter.lower()} {max(0, math.floor(left.main_s))} 0"
    return f"time_left {color.letter.lower()} {max(0, math.floor(left.period_s))} {left.periods}"


# --------------------------------------------------------------------------- SGF


def record_clock(game, control: TimeControl, times: list[tuple[Color, TimeLeft]]) -> None:
    """Write ``control`` (``TM``/``OT``) on ``game``'s root and each move's time left
    (``BL``/``WL``, with ``OB``/``OW`` the byo-yomi periods left) on the main line's last
    ``len(times)`` moves (a resignation or forfeit apart), in order: ``times[i]`` is the mover
    of the i-th clocked move and its time after it."""
    root = game.root
    for name in ("TM", "OT"):
        root.remove(name)
    for name, value in control.sgf_properties().items():
        root.set(name, value)
    moves = [
        node
        for node in game.main_line()[1:]
        if node.move is not None and node.token not in ("resign", "forfeit")
    ]
    # The last len(times) moves were played on the clock (stones before them: an opening).
    for node, (color, left) in zip(moves[len(moves) - len(times) :], times, strict=True):
        write_time_left(node, color, left)


def write_time_left(node, color: Color, left: TimeLeft) -> None:
    """``BL``/``WL`` (seconds, one decimal) and, in byo-yomi, ``OB``/``OW`` (periods left)
    of ``color`` after the move of ``node``."""
    letter = color.letter
    in_periods = left.main_s <= 0 and left.periods > 0
    seconds = left.period_s if in_periods else left.main_s
    node.set(f"{letter}L", f"{max(0.0, seconds):.1f}")
    if in_periods:
        node.set(f"O{letter}", str(left.periods))
    else:
        node.remove(f"O{letter}")


def time_control_of(game) -> TimeControl:
    """The time control a record's root holds (``TM``/``OT``); no clock when it has none."""
    return TimeControl.from_sgf(game.root.get("TM"), game.root.get("OT"))


def time_left_at(game, node, control: TimeControl) -> dict[Color, TimeLeft]:
    """Each side's time at ``node``: the last ``BL``/``WL`` (and ``OB``/``OW``) on the path
    from the root, else the full time of ``control``. A value that is not a number is
    ignored (the full time stands)."""
    left = {c: TimeLeft(control.main_s, control.periods, control.period_s) for c in (BLACK, WHITE)}
    for current in node.path_from_root():
        for color in (BLACK, WHITE):
            text = current.get(f"{color.letter}L")
            if text is None:
                continue
            try:
                seconds = float(text)
                periods_text = current.get(f"O{color.letter}")
                periods = int(periods_text) if periods_text is not None else None
            except ValueError:
                continue
            if not math.isfinite(seconds):
                continue
            if periods is not None and control.periods:
                left[color] = TimeLeft(0.0, periods, seconds)
            else:
                left[color] = TimeLeft(seconds, control.periods, control.period_s)
    return left

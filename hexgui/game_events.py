"""What the game controller reports, as data: small frozen events, and the words for them.

The :class:`~hexgui.game_controller.GameController` emits one of these through its ``event``
signal whenever something happened that a person should be told (a move refused and why, a
variation added, the AI failing...). It composes no sentence: :func:`describe` does, for the
window's status bar, with the colour names of the board's theme. Tests can assert on the
events themselves.

Qt-free; any thread may build an event, the GUI thread words it.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass

from hexswarm.engine.board import BLACK, WHITE, Color

# --------------------------------------------------------------------------- game set-up


@dataclass(frozen=True, slots=True)
class NewGameStarted:
    columns: int
    rows: int
    swap_rule: bool


# --------------------------------------------------------------------------- moves


@dataclass(frozen=True, slots=True)
class MoveRefusedInSetupMode:
    """A human move while clicks place setup stones."""


@dataclass(frozen=True, slots=True)
class MoveRefusedGameOver:
    winner: Color
    by_resignation: bool
    on_time: bool = False


@dataclass(frozen=True, slots=True)
class MoveRefusedAiToMove:
    """The side to move is an AI: ``thinking`` when its search runs."""

    color: Color
    thinking: bool


@dataclass(frozen=True, slots=True)
class IllegalMove:
    """The rules refused a move: ``reason`` is the engine's own message."""

    reason: str


@dataclass(frozen=True, slots=True)
class SwapRefused:
    rule_off: bool  # else: the swap is legal only as the second move


@dataclass(frozen=True, slots=True)
class Resigned:
    loser: Color


@dataclass(frozen=True, slots=True)
class VariationAdded:
    number: int  # the new line is this child of its parent
    after_move: int


@dataclass(frozen=True, slots=True)
class GameWon:
    winner: Color


@dataclass(frozen=True, slots=True)
class LostOnTime:
    """``loser``'s clock ran out: the game is over (``B+T``/``W+T``)."""

    loser: Color


# --------------------------------------------------------------------------- navigation


@dataclass(frozen=True, slots=True)
class ResignationTakenBack:
    pass


@dataclass(frozen=True, slots=True)
class CannotGo:
    """Navigation that has nowhere to go: ``where`` is ``undo``, ``redo``, ``back``,
    ``forward``, ``variation`` (no sibling), ``next-branch`` (none along the line) or
    ``delete-root``."""

    where: str


@dataclass(frozen=True, slots=True)
class Navigated:
    """The board shows move ``move_number``; ``variation`` is ``(index, count)`` when the
    move has siblings; ``paused_ai`` is the AI to move that waits for Space, if any."""

    move_number: int
    variation: tuple[int, int] | None
    paused_ai: Color | None


@dataclass(frozen=True, slots=True)
class LinePromoted:
    pass


@dataclass(frozen=True, slots=True)
class BranchDeleted:
    pass


# --------------------------------------------------------------------------- AI control


@dataclass(frozen=True, slots=True)
class Paused:
    after_this_move: bool  # a move search runs and its move will still be played


@dataclass(frozen=True, slots=True)
class Resumed:
    pass


@dataclass(frozen=True, slots=True)
class StepNeedsAi:
    pass


@dataclass(frozen=True, slots=True)
class MoveNow:
    thinking: bool  # False: no AI was thinking, nothing to hurry


@dataclass(frozen=True, slots=True)
class SearchStopped:
    pass


@dataclass(frozen=True, slots=True)
class HintRefused:
    ai_thinking: bool  # else: the game is over or setup mode is on


@dataclass(frozen=True, slots=True)
class AssistanceWithheld:
    """A hint, analysis mode or a review asked for during a game between a person and the
    AI whose settings turn them off (``GameSettings.assistance``) before it has ended."""

    what: str  # "hint", "analysis" or "review"


@dataclass(frozen=True, slots=True)
class HintFound:
    move: str  # a cell name or a swap token
    color: Color  # whom it is for


@dataclass(frozen=True, slots=True)
class AnalysisSwitched:
    on: bool
    spec: str


@dataclass(frozen=True, slots=True)
class PositionAnalysed:
    best: str  # a cell name, or "swap"
    estimate: float  # for ``color``, 0..1
    color: Color
    playouts: int


@dataclass(frozen=True, slots=True)
class AiIllegalMove:
    spec: str
    move: object
    reason: str


@dataclass(frozen=True, slots=True)
class SearchFailed:
    message: str


# --------------------------------------------------------------------------- setup mode


@dataclass(frozen=True, slots=True)
class SetupModeSwitched:
    on: bool
    to_move: Color


@dataclass(frozen=True, slots=True)
class SetupNeedsMode:
    pass


GameEvent = (
    NewGameStarted
    | MoveRefusedInSetupMode
    | MoveRefusedGameOver
    | MoveRefusedAiToMove
    | IllegalMove
    | SwapRefused
    | Resigned
    | VariationAdded
    | GameWon
    | LostOnTime
    | ResignationTakenBack
    | CannotGo
    | Navigated
    | LinePromoted
    | BranchDeleted
    | Paused
    | Resumed
    | StepNeedsAi
    | MoveNow
    | SearchStopped
    | HintRefused
    | AssistanceWithheld
    | HintFound
    | AnalysisSwitched
    | PositionAnalysed
    | AiIllegalMove
    | SearchFailed
    | SetupModeSwitched
    | SetupNeedsMode
)

# --------------------------------------------------------------------------- words

_CANNOT_GO = {
    "undo": "Nothing to undo.",
    "redo": "Nothing to redo.",
    "back": "Already at the start of the game.",
    "forward": "Already at the last move.",
    "variation": "No other variation here.",
    "next-branch": "No variation further along this line.",
    "delete-root": "The start of the game cannot be deleted.",
}


def percent_text(estimate: float) -> str:
    """A win-rate estimate as people read it ("62%"), or "no estimate" for NaN (a move
    chosen by a rule that gives no value, see ``SearchSnapshot.estimate``)."""
    return "no estimate" if math.isnan(estimate) else f"{100 * estimate:.0f}%"


def sentence(text: str) -> str:
    """``text`` as a sentence: a capital first letter (cell names such as ``e4`` keep their
    lower case) and a full stop."""
    text = text.strip()
    if not text:
        return text
    if not _CELL_NAME_FIRST.match(text):  # "e4 is already occupied"
        text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


_CELL_NAME_FIRST = re.compile(r"[a-z]{1,2}[0-9]{1,2}\b")


def describe(event: GameEvent, name: Callable[[Color], str]) -> str:
    """The status-bar sentence for ``event``; ``name`` gives a colour's name in the board's
    theme (``Black``/``White``, ``Red``/``Blue``)."""
    match event:
        case NewGameStarted(columns, rows, swap_rule):
            return f"New {columns}x{rows} game{' with the swap rule' if swap_rule else ''}."
        case MoveRefusedInSetupMode():
            return "Setup mode is on: clicks place stones. Leave setup mode (Ctrl+T) to play."
        case MoveRefusedGameOver(winner, by_resignation, on_time):
            how = "by resignation" if by_resignation else "by connecting its edges"
            how = "on time" if on_time else how
            return (
                f"The game is over: {name(winner)} won {how}. Undo, or start a new game (Ctrl+N)."
            )
        case MoveRefusedAiToMove(color, thinking):
            if thinking:
                return (
                    f"{name(color)} is played by the AI, which is thinking: wait, or Move now "
                    "(Ctrl+M)."
                )
            return f"It is {name(color)}'s turn, played by the AI: press Space to let it move."
        case IllegalMove(reason):
            return sentence(reason)
        case SwapRefused(rule_off):
            if rule_off:
                return "The swap rule is off in this game."
            return "Swapping is only legal as the second move of the game."
        case Resigned(loser):
            return f"{name(loser)} resigned."
        case VariationAdded(number, after_move):
            return (
                f"New variation {number} from move {after_move}: the other line is kept (see "
                "the move tree)."
            )
        case GameWon(winner):
            return f"{name(winner)} wins."
        case LostOnTime(loser):
            return f"{name(loser)} ran out of time: {name(loser.opponent)} wins on time."
        case ResignationTakenBack():
            return "Resignation taken back."
        case CannotGo(where):
            return _CANNOT_GO[where]
        case Navigated(move_number, variation, paused_ai):
            where = f" (variation {variation[0]} of {variation[1]})" if variation else ""
            if paused_ai is not None:
                return (
                    f"Move {move_number}{where}. {name(paused_ai)} (AI) is paused: press Space "
                    "to let it play."
                )
            return f"Move {move_number}{where}."
        case LinePromoted():
            return "This line is now the main line."
        case BranchDeleted():
            return "Branch deleted."
        case Paused(after_this_move):
            if after_this_move:
                return "Pausing after this move (Esc stops the search without playing it)."
            return "Paused: press Space to continue."
        case Resumed():
            return "Resumed."
        case StepNeedsAi():
            return "Single step needs an AI to move."
        case MoveNow(thinking):
            return (
                "Moving now with the best move found so far." if thinking else "No AI is thinking."
            )
        case SearchStopped():
            return "Search stopped. Press Space to let the AI continue."
        case HintRefused(ai_thinking):
            if ai_thinking:
                return "The AI is thinking already; wait for its move."
            return "No hint: the game is over or setup mode is on."
        case AssistanceWithheld(what):
            asked = {"hint": "No hint", "analysis": "No analysis", "review": "No review"}[what]
            return (
                f"{asked} during this game against the AI: New Game turned hints and "
                "analysis off for it. They are back when the game ends."
            )
        case HintFound(move, color):
            return f"Hint for {name(color)}: {move}."
        case AnalysisSwitched(on, spec):
            return (
                f"Analysis mode: {spec} searches each position you visit."
                if on
                else "Analysis mode off."
            )
        case PositionAnalysed(best, estimate, color, playouts):
            return (
                f"Analysis: best {best}, {percent_text(estimate)} for {name(color)} "
                f"({playouts:,} playouts)."
            )
        case AiIllegalMove(spec, move, reason):
            return f"The AI ({spec}) chose an illegal move {move!r}: {reason}. Paused."
        case SearchFailed(message):
            return (
                f"The AI failed: {message}. The game is kept and paused: Space asks again, "
                "Ctrl+P changes the players."
            )
        case SetupModeSwitched(on, to_move):
            if on:
                return (
                    f"Setup mode: click places a {name(BLACK)} stone, right click a "
                    f"{name(WHITE)} one; click a stone again to remove it."
                )
            return f"Setup done: {name(to_move)} to move."
        case SetupNeedsMode():
            return "Turn on setup mode (Ctrl+T) to place stones freely."
    raise TypeError(f"not a game event: {event!r}")

"""Review the game: analyse every position of the main line, grade every move, find the mistakes.

The engine side is :mod:`engine.review` (typed analyses saved in the SGF, drops, grades); this
module is the GUI around it: :class:`ReviewSettings` and :class:`ReviewDialog` (budget,
thresholds, sides, resume), and :class:`GameReview`, which knows the grades of the main line on
screen, steps to the next or previous mistake, and says which better move to show.

GUI thread only.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from hexswarm.engine.board import BLACK, WHITE, Color, HexError
from hexswarm.engine.game import Game, GameNode
from hexswarm.engine.review import (
    BLUNDER,
    GOOD,
    INACCURACY,
    MISTAKE,
    REVIEW_ANALYST,
    GradeThresholds,
    MoveReview,
    review_moves,
    win_rate_text,
)
from hexswarm.gui.forms import fit_title
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QWidget,
)

GRADE_MARKS = {INACCURACY: "?!", MISTAKE: "?", BLUNDER: "??"}
"""How the move list annotates a graded move (chess's signs)."""
GRADE_COLOURS = {INACCURACY: "#e6b800", MISTAKE: "#f08c00", BLUNDER: "#d62728"}
"""The game graph's marker colour of each grade."""
QUICK_SECONDS, THOROUGH_SECONDS = 0.5, 3.0


def describe_review(review: MoveReview, who: str) -> str:
    """A graded move in words, for the status bar and the move tree's tooltip: ``Move 7
    (Black b2) was a blunder: 66% -> 44%. Better: d6`` (``who`` names the mover as the theme
    does; the percentages are the mover's win rates before and after the move, and a proven
    one is said as such: ``proven win -> proven loss``). A move out of a proven win into a
    position the proofs do not reach says that the win was proven and the after is an
    estimate (``MoveReview.left_proven_win``)."""
    before = win_rate_text(review.before, review.before_exact)
    after = win_rate_text(review.after, review.after_exact)
    text = (
        f"Move {review.number} ({who} {review.token}) was {_article(review.grade)}: "
        f"{before} -> {after}."
    )
    if review.left_proven_win and review.grade != GOOD:
        text += (
            f" {who} had a proven win before it; after it nothing is proven ({after} is the "
            "analyst's estimate)."
        )
    if review.better is not None and review.grade != GOOD:
        text += f" Better: {review.better}"
    return text


def _article(grade: str) -> str:
    return grade if grade == GOOD else f"{'an' if grade[0] in 'aeiou' else 'a'} {grade}"


SIDES = {"both": (BLACK, WHITE), "black": (BLACK,), "white": (WHITE,)}


@dataclass(frozen=True, slots=True)
class ReviewSettings:
    """What a review does: ``seconds`` of search per position (each search also stops at the
    AI's own limits), the grade ``thresholds``, which ``sides`` get graded, ``resume``:
    skip the positions a review of this window already searched with this analyst and
    budget (a stopped review goes on; a player's own searches are searched again), and the
    ``analyst`` that searches (a player spec; default :data:`engine.review.REVIEW_ANALYST`,
    the steadiest grades measured); ``prove``: each position is first proved where the exact
    tactics can, cheaply, and a proof is kept as its exact analysis instead of a search
    (``engine.players.tactics.proven_choice``; on by default since round 15)."""

    seconds: float = 1.0
    thresholds: GradeThresholds = field(default_factory=GradeThresholds)
    sides: tuple[Color, ...] = (BLACK, WHITE)
    resume: bool = True
    analyst: str = REVIEW_ANALYST
    prove: bool = True

    def __post_init__(self) -> None:
        if not self.seconds > 0:
            raise HexError(f"seconds per position must be positive, not {self.seconds!r}")
        if not self.sides:
            raise HexError("a review grades at least one side")


class ReviewDialog(QDialog):
    """Asks for :class:`ReviewSettings`: the analyst (the review's own, UCT, or the window's
    analysis AI ``analysis_spec``), a budget (quick, thorough, or seconds per position), the
    three thresholds in percentage points, the sides, and whether to resume; with
    ``in_variation`` (the position on the board is off the main line) also whether to make
    the line on the board the main line first (``line_on_board``, checked)."""

    def __init__(
        self,
        settings: ReviewSettings,
        parent: QWidget | None = None,
        player_name=str,
        analysis_spec: str = "",
        in_variation: bool = False,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Review the Game")
        fit_title(self)
        form = QFormLayout(self)
        # A game against an AI goes on in a variation after an undo and another move: the
        # main line is then the moves taken back (round 14: the review graded those).
        self.line_on_board = QCheckBox(
            "Review the line on the board: make it the main line first (the main line so far "
            "stays, as a variation)"
        )
        self.line_on_board.setChecked(in_variation)
        self.line_on_board.setVisible(in_variation)
        if in_variation:
            form.addRow(self.line_on_board)
        self.analyst = QComboBox()
        self.analyst.addItem("UCT (the steadiest grades)", REVIEW_ANALYST)
        for spec in (analysis_spec, settings.analyst):
            if spec and self.analyst.findData(spec) < 0:
                self.analyst.addItem(f"The analysis AI ({spec})", spec)
        self.analyst.setCurrentIndex(self.analyst.findData(settings.analyst))
        form.addRow("Analyst:", self.analyst)
        self.budget = QComboBox()
        self.budget.addItem(f"Quick ({QUICK_SECONDS:g} s a position)", QUICK_SECONDS)
        self.budget.addItem(f"Thorough ({THOROUGH_SECONDS:g} s a position)", THOROUGH_SECONDS)
        self.budget.addItem("Seconds per position:", None)
        self.seconds = QDoubleSpinBox()
        self.seconds.setRange(0.1, 600.0)
        self.seconds.setDecimals(1)
        self.seconds.setValue(settings.seconds)
        self.budget.currentIndexChanged.connect(self._budget_changed)
        preset = {QUICK_SECONDS: 0, THOROUGH_SECONDS: 1}.get(settings.seconds, 2)
        self.budget.setCurrentIndex(preset)
        self._budget_changed()
        form.addRow("Budget:", self.budget)
        form.addRow("", self.seconds)
        self.thresholds: dict[str, QDoubleSpinBox] = {}
        for grade in (INACCURACY, MISTAKE, BLUNDER):
            box = QDoubleSpinBox()
            box.setRange(0.5, 100.0)
            box.setDecimals(1)
            box.setSuffix(" %")
            box.setValue(100 * getattr(settings.thresholds, grade))
            box.valueChanged.connect(self._validate)
            self.thresholds[grade] = box
            form.addRow(f"{grade.capitalize()} from a drop of:", box)
        self.sides = QComboBox()
        for key, label in (
            ("both", "Both players"),
            ("black", f"{player_name(BLACK)} only"),
            ("white", f"{player_name(WHITE)} only"),
        ):
            self.sides.addItem(label, key)
        chosen = next(k for k, v in SIDES.items() if v == tuple(settings.sides))
        self.sides.setCurrentIndex(list(SIDES).index(chosen))
        form.addRow("Grade the moves of:", self.sides)
        self.resume = QCheckBox(
            "Skip the positions a review here already searched with this analyst and budget "
            "(resume)"
        )
        self.resume.setChecked(settings.resume)
        form.addRow(self.resume)
        self.prove = QCheckBox(
            "Prove what it can first (a proven win or loss is kept as such, not searched)"
        )
        self.prove.setChecked(settings.prove)
        form.addRow(self.prove)
        self.error = QLabel()
        self.error.setStyleSheet("color: #c0392b")
        self.error.setWordWrap(True)
        form.addRow(self.error)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        form.addRow(self.buttons)
        self._validate()

    def _budget_changed(self) -> None:
        seconds = self.budget.currentData()
        self.seconds.setEnabled(seconds is None)
        if seconds is not None:
            self.seconds.setValue(seconds)

    def _thresholds(self) -> GradeThresholds:
        return GradeThresholds(*(self.thresholds[g].value() / 100 for g in self.thresholds))

    def _validate(self) -> None:
        try:
            self._thresholds()
        except HexError as error:
            self.error.setText(str(error))
            self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(False)
            return
        self.error.setText("")
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(True)

    def settings(self) -> ReviewSettings:
        return ReviewSettings(
            seconds=self.seconds.value(),
            thresholds=self._thresholds(),
            sides=SIDES[self.sides.currentData()],
            resume=self.resume.isChecked(),
            analyst=self.analyst.currentData(),
            prove=self.prove.isChecked(),
        )


class GameReview:
    """The grades of a game's main line, from the analyses its nodes carry.

    The grades follow the analyses and the thresholds at every call, so an analysis
    arriving, a threshold changed or a game opened needs no bookkeeping. One result is kept,
    keyed by what the grades are made of (:meth:`_state`): the move list and the move tree
    both ask after every move, and replaying the line and grading it twice doubled the cost
    (round 14).
    """

    def __init__(self, settings: ReviewSettings | None = None) -> None:
        self.settings = settings or ReviewSettings()
        self._cached: tuple[tuple, dict[GameNode, MoveReview]] | None = None

    def _state(self, game: Game, line: list[GameNode]) -> tuple:
        """What the grades of ``line`` depend on: the game, the settings, and each node of
        the line with its properties (moves, set-up, analyses; comments aside). The nodes
        themselves are in the key, compared by identity, so that a node in a later game is
        never taken for one of this game."""
        return (
            game,
            self.settings.thresholds,
            self.settings.sides,
            tuple(
                (
                    node,
                    tuple(
                        (name, tuple(values))
                        for name, values in node.properties.items()
                        if name != "C"
                    ),
                )
                for node in line
            ),
        )

    def reviews(self, game: Game) -> dict[GameNode, MoveReview]:
        """The graded moves of the main line, by the node holding the move (shared: do not
        change the dictionary)."""
        line = game.main_line()
        state = self._state(game, line)
        if self._cached is not None and self._cached[0] == state:
            return self._cached[1]
        winners = [board.winner for board in game.replay(line)]
        graded = review_moves(line, winners, self.settings.thresholds, self.settings.sides)
        reviews = {line[index]: review for index, review in graded.items()}
        self._cached = (state, reviews)
        return reviews

    def mistakes(self, game: Game) -> list[GameNode]:
        """The main line's nodes whose move is a mistake or a blunder, in order."""
        return [node for node, review in self.reviews(game).items() if review.is_mistake]

    def review_of_next_move(self, game: Game) -> MoveReview | None:
        """The grade of the main-line move played from the position on screen (the move the
        player was about to make), when the cursor is on the main line."""
        cursor = game.cursor
        if not cursor.children:
            return None
        return self.reviews(game).get(cursor.children[0])

    def step(self, game: Game, direction: int) -> GameNode | None:
        """The position *before* the next (``direction`` 1) or previous (-1) mistake of the
        main line, counted from the position on screen; None when there is none. In a
        variation it counts from the main-line position the variation leaves: forwards the
        mistakes after that fork, backwards the one whose better move the variation may be
        (round 14: Next Mistake after Ctrl+B went back to the mistake just explored, again
        and again, as it counted from the start)."""
        line = game.main_line()
        index = {node: i for i, node in enumerate(line)}
        befores = [index[node] - 1 for node in self.mistakes(game)]
        here = index.get(game.cursor)
        if here is None:  # in a variation: from its fork, that mistake included backwards
            fork = next(n for n in reversed(game.cursor.path_from_root()) if n in index)
            here = index[fork] + (1 if direction < 0 else 0)
        if direction > 0:
            after = [i for i in befores if i > here]
            return line[after[0]] if after else None
        before = [i for i in befores if i < here]
        return line[before[-1]] if before else None

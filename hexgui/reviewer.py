"""Reviewing the whole game in the window: analyse the main line in the background, grade its
moves, step from mistake to mistake and show the better move.

:class:`GameReviewer` joins :class:`~hexgui.game_analysis.GameAnalysis` (the background
searches), :class:`~hexgui.review.GameReview` (grades from the analyses the nodes carry) and the
window: the progress bar and Stop button in the status bar, the grade marks on the move list
and the game graph, and the better move drawn as numbered ghosts on the board. Each analysis is
kept in the game by ``GameController.record_analysis``, like every other search the game
keeps. GUI thread only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hexswarm.engine.game import GameNode
from hexswarm.engine.review import ANALYSIS_PROPERTY, GOOD, INACCURACY
from hexswarm.engine.search.snapshot import SearchSnapshot
from hexswarm.gui.document import count_text
from hexswarm.gui.engine_worker import PlayerFactory
from hexswarm.gui.game_analysis import GameAnalysis
from hexswarm.gui.review import GameReview, ReviewDialog, ReviewSettings, describe_review
from PySide6.QtCore import QObject, Signal, Slot
from PySide6.QtWidgets import QDialog, QLabel, QProgressBar, QPushButton

if TYPE_CHECKING:
    from hexswarm.gui.main_window import MainWindow


class GameReviewer(QObject):
    """The window's review. ``grades_changed`` fires when an analysis arrived or the
    thresholds changed (the move list redraws its marks)."""

    grades_changed = Signal()

    def __init__(self, window: MainWindow, player_factory: PlayerFactory):
        super().__init__(window)
        self._window = window
        self.analysis = GameAnalysis(player_factory, self)
        self.review = GameReview()
        self.better_line: tuple[str, ...] = ()  # the better line shown as ghosts, if any
        self.review_text = ""  # what the status bar says of it ("" without one)
        # What this window's reviews searched, by node: (the node, the text of the analysis
        # kept, the analyst, the seconds a position, whether it proved first). A resumed
        # review skips only these. The node is held so that its id is never another node's
        # while the entry lives.
        self._searched: dict[int, tuple[GameNode, str | None, str, float, bool]] = {}
        self._kept = 0  # positions of the running (or last) run whose search was kept
        self._proven = 0  # of them, those proven (not searched)
        # The words beside the bar, not in it: a style that draws the bar's text in two
        # colours, split where the chunk ends, showed "Analysi ng 21/46" (round 14).
        self.progress_label = QLabel()
        self.progress_label.setObjectName("review_progress")
        self.progress = QProgressBar()
        self.progress.setMaximumWidth(120)
        self.progress.setTextVisible(False)
        self.stop_button = QPushButton("Stop Analysis")
        self.stop_button.clicked.connect(self.analysis.stop)
        for widget in (self.progress_label, self.progress, self.stop_button):
            widget.setVisible(False)
        self.analysis.progress.connect(self._on_progress)
        self.analysis.position_analysed.connect(self._on_position_analysed)
        self.analysis.finished.connect(self._on_finished)
        self.analysis.waiting.connect(self._on_waiting)
        self.analysis.failed.connect(
            lambda message: window.show_status(f"Analysis failed: {message}")
        )
        # Any search kept in the game (this review's, analysis mode's, an AI's move) may
        # change a grade.
        window.controller.analysis_recorded.connect(lambda _node: self.refresh())
        window.controller.game_replaced.connect(self._searched.clear)

    # ------------------------------------------------------------------ running
    def review_dialog(self) -> bool:
        """Ask for the review's budget, thresholds and sides; start it. Returns whether
        positions were queued."""
        window = self._window
        game = window.controller.game
        if window.controller.withhold("review"):
            return False
        dialog = ReviewDialog(
            self.review.settings,
            window,
            player_name=window.player_name,
            analysis_spec=window.controller.settings.analysis_spec,
            in_variation=game.cursor not in game.main_line(),
        )
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        if dialog.line_on_board.isChecked():
            window.controller.promote(game.cursor)
        return self.review_game(dialog.settings()) > 0

    def review_game(self, settings: ReviewSettings) -> int:
        """Review the main line with ``settings``: analyse its positions with
        ``settings.analyst`` for ``settings.seconds`` each (with ``settings.resume``, not those
        a review of this window already searched so and whose analysis is still that one),
        grading the moves as the analyses arrive. Returns how many positions are queued."""
        self.review.settings = settings
        self.refresh()
        return self.analyse_game(
            settings.seconds,
            only_missing=settings.resume,
            spec=settings.analyst,
            prove=settings.prove,
        )

    def analyse_game(
        self,
        seconds: float,
        *,
        only_missing: bool = False,
        spec: str | None = None,
        prove: bool = True,
    ) -> int:
        """Search every undecided position of the main line (``only_missing``: those this
        window's analyses of the game have not searched with ``spec`` for ``seconds`` yet, or
        whose analysis was replaced since) for at most ``seconds`` each with the AI ``spec``
        (default: the analysis AI), in the background; returns how many positions are queued.
        With ``prove``, each position is proved first where the exact tactics can (the
        one-move rules, the solver up to 64 cells, virtual connections, a little DFPN:
        ``engine.players.tactics.proven_choice``): a proof is kept as the position's exact
        analysis (a proven win or loss), and only the others are searched. Each analysis goes
        into its node (saved with the game, ``engine.review``) and the game graph as it
        arrives.

        Any other analysis is searched again, an AI player's own search by the same level
        included: one analyst's estimates beside another's graded the moves between them by
        the analysts' difference, and a player's search at its own budget (its clock's
        seconds) beside the review's by the two budgets' difference."""
        controller = self._window.controller
        game = controller.game
        spec = spec or controller.settings.analysis_spec
        positions = []
        line = game.main_line()
        for node, board in zip(line, game.replay(line), strict=True):
            if node.token in ("resign", "forfeit") or board.is_over:
                break
            if only_missing and self._searched_so(node, spec, seconds, prove):
                continue
            positions.append((node, board.copy()))
        self._kept = self._proven = 0
        self.analysis.start(positions, spec, seconds, prove=prove)
        return len(positions)

    def _searched_so(self, node: GameNode, spec: str, seconds: float, prove: bool) -> bool:
        """Whether a review of this window searched ``node`` with ``spec`` for ``seconds``
        (proving first or not, as ``prove``) and ``node`` still holds that analysis."""
        searched = self._searched.get(id(node))
        if searched is None:
            return False
        _node, kept, *how = searched
        return node.get(ANALYSIS_PROPERTY) == kept and how == [spec, seconds, prove]

    def shutdown(self) -> None:
        self.analysis.shutdown()

    @Slot(int, int)
    def _on_progress(self, done: int, total: int) -> None:
        self.progress.setRange(0, max(1, total))
        self.progress.setValue(done)
        self.progress_label.setText(f"Analysing {done}/{total}")
        self.progress_label.setToolTip("")
        running = done < total
        for widget in (self.progress_label, self.progress, self.stop_button):
            widget.setVisible(running)

    @Slot(str)
    def _on_waiting(self, kernels: str) -> None:
        """The position next waits for kernels still compiling (the first review of a session
        on a cold cache): say so beside the bar, with a tooltip, not a bare "Analysing 0/46"
        that seems to hang (round 16)."""
        done, total = self.progress.value(), self.progress.maximum()
        text = f"Analysing {done}/{total}"
        tip = ""
        if kernels:
            text += ": waiting for kernels"
            tip = (
                f"The review waits for the {kernels}: still being compiled (once, at the "
                "first start), it goes on when they are ready."
            )
            self._window.show_status(tip)
        self.progress_label.setText(text)
        self.progress_label.setToolTip(tip)

    @Slot(object, object)
    def _on_position_analysed(self, node: GameNode, snapshot: SearchSnapshot) -> None:
        spec = self.analysis.spec
        analysis = self._window.controller.record_analysis(node, snapshot, spec)
        if analysis is not None:
            self._kept += 1
            self._proven += analysis.exact and snapshot.playouts == 0
            kept = node.get(ANALYSIS_PROPERTY)
            self._searched[id(node)] = (
                node,
                kept,
                spec,
                self.analysis.seconds,
                self.analysis.proving,
            )

    @Slot(bool)
    def _on_finished(self, completed: bool) -> None:
        for widget in (self.progress_label, self.progress, self.stop_button):
            widget.setVisible(False)
        count = self.progress.value()
        summary = self.summary()
        positions = count_text(count, "position")
        if self._proven:
            positions += f" ({self._proven} proven, not searched)"
        # A search without an estimate (stopped before a playout, a rule without a value)
        # changes nothing: say so, or a move stays ungraded without a word (round 13).
        missing = count - self._kept
        if missing > 0:
            summary = (
                f"No estimate from {count_text(missing, 'search', 'searches')}: "
                f"{'that position keeps' if missing == 1 else 'those positions keep'} "
                f"{'its' if missing == 1 else 'their'} analysis. {summary}"
            )
        if completed:
            self._window.show_status(f"Analysed {positions} of the main line. {summary}")
        else:
            self._window.show_status(f"Analysis stopped after {positions}. {summary}")

    # ------------------------------------------------------------------ grades
    def grades_by_number(self) -> dict[int, str]:
        """The grade of each reviewed main-line move, by move number."""
        game = self._window.controller.game
        return {r.number: r.grade for r in self.review.reviews(game).values()}

    def grades_on_screen(self) -> dict[int, str]:
        """The grades of the reviewed main-line moves on the line on screen (the path to the
        position on the board, then its main continuation: what the game graph draws), by
        move number. In a variation the main line's moves after the fork are not on it (round
        13: the main line's blunder at move 7 was marked on the better move played there)."""
        game = self._window.controller.game
        shown = {id(node) for node in game.continuation(game.cursor)}
        return {r.number: r.grade for n, r in self.review.reviews(game).items() if id(n) in shown}

    def show_grades(self) -> None:
        """Mark the grades of the line on screen on the game graph (after any change of the
        grades or of the line on screen)."""
        dashboard = self._window.dashboard
        if dashboard is not None:
            dashboard.game_graph.set_grades(self.grades_on_screen())

    def summary(self) -> str:
        grades = list(self.grades_by_number().values())
        if not grades:
            return ""
        counts = {g: grades.count(g) for g in ("inaccuracy", "mistake", "blunder")}
        return (
            f"Graded {count_text(len(grades), 'move')}: "
            f"{count_text(counts['blunder'], 'blunder')}, "
            f"{count_text(counts['mistake'], 'mistake')}, "
            f"{count_text(counts['inaccuracy'], 'inaccuracy', 'inaccuracies')}."
        )

    def refresh(self) -> None:
        """The grades changed (an analysis arrived, new thresholds, a game opened): marks on
        the move list, the game graph and the board."""
        self.show_grades()
        self.grades_changed.emit()
        self.show_review_here()

    def show_review_here(self) -> None:
        """At the position before a graded move that was not good, say what the move cost and
        show the better move (and its line), when the review knows one, as numbered ghosts.
        A move from a position proven won along the line but never searched (a person's turn
        in a game against an AI) has no better move to show: it is told all the same (round
        16)."""
        window = self._window
        c = window.controller
        review = self.review.review_of_next_move(c.game)
        line: tuple[str, ...] = ()
        self.review_text = ""
        if review is not None and review.grade != GOOD:
            cells: tuple[int, ...] = ()
            if review.better is not None:
                try:
                    cells = tuple(c.board.cell_index(token) for token in review.better_line)
                except Exception:  # a swap or a line that does not fit: the move alone
                    cells = ()
            who = window.player_name(review.color)
            if cells:
                line = review.better_line
                self._set_preview(cells)
                self.review_text = (
                    f"{describe_review(review, who)} (click it or Ctrl+B: a variation)."
                )
            elif review.better is None:
                self.review_text = describe_review(review, who)
            if self.review_text:
                window.show_status(self.review_text)
        if not line and self.better_line:
            self._set_preview(())
        self.better_line = line

    def _set_preview(self, cells: tuple[int, ...]) -> None:
        window = self._window
        if window.dashboard is not None:
            window.dashboard.preview_line(cells)
        else:
            window.board_widget.set_preview(cells)

    def step_mistake(self, direction: int) -> bool:
        """Go to the position before the next (1) or previous (-1) mistake of the main line."""
        window = self._window
        game = window.controller.game
        node = self.review.step(game, direction)
        if node is None:
            word = "next" if direction > 0 else "previous"
            window.show_status(self._no_mistake_text(game, word))
            return False
        window.controller.go_to_node(node)
        self.show_review_here()
        return True

    def _no_mistake_text(self, game, word: str) -> str:
        """Why Next/Previous Mistake went nowhere: no review yet, or none that way (the
        inaccuracies marked ``?!`` are not stopped at: "No next mistake" beside five marked
        moves had read as a fault)."""
        reviews = self.review.reviews(game)
        if not reviews:
            return "The main line has no review yet: Game > Review the Whole Game (Ctrl+Shift+G)."
        text = f"No {word} mistake or blunder in the reviewed main line."
        inaccuracies = sum(review.grade == INACCURACY for review in reviews.values())
        if inaccuracies:
            marked = count_text(inaccuracies, "inaccuracy", "inaccuracies")
            text += f" ({marked} marked ?! in the move list; Next Mistake skips them.)"
        return text

    def is_better_move(self, cell: int) -> bool:
        """Whether ``cell`` is the better move drawn on the board (a click plays it)."""
        board = self._window.controller.board
        return bool(self.better_line) and cell == board.cell_index(self.better_line[0])

    def play_better_move(self) -> bool:
        """Play the better move the review shows here, as a variation."""
        if not self.better_line:
            self._window.show_status("No better move to play here: review the game first.")
            return False
        return self._window.controller.play_variation(self.better_line[0])

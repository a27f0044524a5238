"""Game graph: the AI's estimate for Black after every move, clickable to jump to that move, with
marks on the moves where the estimate swung most (candidate mistakes). GUI thread only."""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import pyqtgraph as pg
from hexswarm.engine.board import BLACK, Color
from hexswarm.engine.game import GAME_END_TOKENS, RESIGN, Game, GameNode
from hexswarm.engine.review import NOT_MOVES, LineEstimate
from hexswarm.gui.review import GRADE_COLOURS
from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QBrush
from PySide6.QtWidgets import QWidget

from .model import GameEstimates, estimate_for_black, has_estimate, player_label
from .panel import PALETTE, DashboardPanel, fraction_axis, pen, set_view_range, style_plot


def unevaluated_players(line: Iterable[GameNode]) -> list[str]:
    """The AIs with moves in ``line`` (nodes from the root), none of which came with the AI's
    own evaluation of the position it moved from (``node.ai`` by that AI: an external engine
    that only answers ``genmove``), and some of whose positions nobody else has evaluated
    either (analysis mode or the review fill them in). An AI is one whatever the seed and
    time of each move (:func:`player_label`, as the graph names it): on the clock a level that
    evaluated every move but one made by a rule without a value had been named as giving
    none, once for each such move. Their labels, in order of their first move."""
    evaluated: dict[str, bool] = {}
    missing: set[str] = set()
    for node in line:
        spec, parent = node.player, node.parent
        if spec is None or parent is None or node.token in GAME_END_TOKENS:
            continue
        player = player_label(spec)
        searched = parent.ai
        own = searched is not None and player_label(searched.ai) == player
        evaluated[player] = evaluated.get(player, False) or own
        if searched is None:
            missing.add(player)
    return [p for p, own in evaluated.items() if not own and p in missing]


@dataclass(frozen=True, slots=True)
class LineResult:
    """How a line ended: ``winner`` won after move ``move_number`` (moves counted as the
    graph counts them, passes and resignations aside); ``how``: ``"connected"`` (the board
    decides it: an exact value, 1 or 0 for Black), or what the loser did: ``"resigned"``,
    ``"forfeited"``, ``"ran out of time"``."""

    move_number: int
    winner: Color
    how: str

    @property
    def connected(self) -> bool:
        return self.how == "connected"


def line_result(
    game: Game, line: Sequence[GameNode], lost_on_time: Color | None = None
) -> LineResult | None:
    """The result at the end of ``line`` (nodes from the root of ``game``), or None while
    the game goes on there. ``lost_on_time``: the colour whose flag fell at the line's end
    (the controller knows it; a record says it only in ``RE``)."""
    number = sum(1 for node in line if node.move is not None and node.token not in NOT_MOVES)
    if lost_on_time is not None:
        return LineResult(number, lost_on_time.opponent, "ran out of time")
    end = line[-1]
    ended = game.game_end(end)
    if ended is not None:
        color, token = ended
        return LineResult(number, color.opponent, "resigned" if token == RESIGN else "forfeited")
    board = game.board if end is game.cursor else game.board_at(end)
    winner = board.winner
    return None if winner is None else LineResult(number, winner, "connected")


PROVEN_SYMBOL = "star"
"""The mark of a proven estimate (an exact analysis: the solver, root tactics, MoHex's
virtual connections); a searched one is a dot."""
PROVEN_SIZE = 11
Y_RANGE = (-0.06, 1.06)
"""The graph's win rates, with room for a whole mark at 0 % and 100 % (a decided or proven
position's; half of it had been cut off at the axis)."""


class GameGraphPanel(DashboardPanel):
    """Black's estimated win rate after each move of the game (0 = the start position).

    Estimates come from the game itself (:meth:`show_line`: the searches its nodes keep, see
    ``Dashboard.sync_game_graph``). While a search of the position after move
    ``live_move_number`` runs, its current estimate is drawn as a hollow provisional point
    there; hint searches are not drawn (the graph shows the game's own players). A proven
    estimate (an exact analysis) is a star, and the header says "(proven)".
    Signal ``move_requested(int)``: the user clicked the graph near that move number.
    """

    title = "game graph"
    file_stem = "game-graph"
    move_requested = Signal(int)

    def __init__(self, parent: QWidget | None = None, *, swing_count: int = 3):
        super().__init__(parent)
        self.estimates = GameEstimates()
        self.swing_count = swing_count
        self.live_move_number: int | None = None
        self.current_move_number: int | None = None
        self.names = {BLACK: "Black", BLACK.opponent: "White"}  # as the board's theme does
        self.unevaluated: tuple[str, ...] = ()  # see show_line
        self.result: LineResult | None = None  # see show_line
        self.withheld_note: str | None = None  # see set_withheld

        self.plot_widget = pg.PlotWidget(self)
        self.plot_widget.setMinimumHeight(120)
        self.body.addWidget(self.plot_widget)
        self.plot: pg.PlotItem = self.plot_widget.getPlotItem()
        style_plot(self.plot)
        self.plot.setLabel("left", f"{self.first_name} wins")
        fraction_axis(self.plot)
        self.plot.setLabel("bottom", "move")
        self.add_menu_actions(self.plot)
        self.plot.addItem(
            pg.InfiniteLine(0.5, angle=0, pen=pen("#999999", 1.0, Qt.PenStyle.DotLine))
        )
        self.curve = self.plot.plot([], [], pen=pen("#7f7f7f", 1.5))
        # One dot per estimate, coloured by the engine whose search made it (see the header).
        self.points = pg.ScatterPlotItem(symbol="o", size=7, pen=pg.mkPen("#303030", width=0.6))
        self.plot.addItem(self.points)
        self.swing_marks = pg.ScatterPlotItem(
            symbol="t", size=13, brush=pg.mkBrush("#d62728"), pen=pg.mkPen("#7a1010")
        )
        self.plot.addItem(self.swing_marks)
        # A review's grades (hexgui.review): one mark per graded move, coloured by grade.
        self.grades: dict[int, str] = {}
        self.grade_marks = pg.ScatterPlotItem(symbol="d", size=12, pen=pg.mkPen("#303030"))
        self.plot.addItem(self.grade_marks)
        # The estimates above the swing and grade marks: a proven star at a swing had been
        # hidden under its triangle (round 13); the larger marks still show round a point.
        self.points.setZValue(1)
        # A connection's result: a proven point in the winner's colour, above the estimates.
        self.result_point = pg.ScatterPlotItem(
            symbol=PROVEN_SYMBOL, size=PROVEN_SIZE + 2, pen=pg.mkPen("#303030", width=1.0)
        )
        self.result_point.setZValue(2)
        self.plot.addItem(self.result_point)
        self.live_point = pg.ScatterPlotItem(
            symbol="o", size=10, brush=pg.mkBrush(None), pen=pg.mkPen("#1f77b4", width=2)
        )
        self.plot.addItem(self.live_point)
        self.cursor = pg.InfiniteLine(0, angle=90, pen=pen("#1f77b4", 1.0))
        self.cursor.setVisible(False)
        self.plot.addItem(self.cursor)
        self.plot.scene().sigMouseClicked.connect(self._scene_clicked)
        self.plot.getAxis("bottom").enableAutoSIPrefix(False)
        set_view_range(self.plot, (0, 10), Y_RANGE)
        self.follow_palette([self.plot_widget], [self.plot])
        self.status.setText("estimates appear as the AI plays")
        self._render_timer = QTimer(self)
        self._render_timer.setSingleShot(True)
        self._render_timer.setInterval(0)
        self._render_timer.timeout.connect(self.flush)
        self._brushes: dict[str, QBrush] = {}  # one brush per colour, made once
        # Each player's colour, kept for the session (never cleared): a review's analyst, or
        # a line where another player comes first, must not take a colour someone has.
        self._player_colors: dict[str, str] = {}

    # ------------------------------------------------------------------ data in
    def show_line(
        self,
        estimates: Iterable[LineEstimate],
        unevaluated: Iterable[str] = (),
        result: LineResult | None = None,
    ) -> None:
        """Draw the estimates of the line on screen (:func:`engine.review.line_estimates` of
        its nodes: the searches the game keeps), replacing what was drawn. ``unevaluated``:
        the players (as :func:`player_label` names them) whose moves in the line came without
        an evaluation (an engine that only answers ``genmove``): the header says so, nothing
        is drawn for them. ``result``: how the line ended (:func:`line_result`), said in the
        header at its last move and, for a connection, drawn there as a proven point whatever
        the searches said (round 15: "no estimate" under a board that said "White wins")."""
        self.unevaluated = tuple(unevaluated)
        self.result = result
        self.estimates.clear()
        for entry in estimates:
            self.estimates.record(
                entry.move_number,
                entry.black,
                direct=entry.direct,
                engine=player_label(entry.ai),
                exact=entry.exact,
            )
        self._touch()

    def set_withheld(self, note: str | None) -> None:
        """A game without help goes on (``note`` says so in the header): no estimate, grade or
        provisional point is drawn, whatever the line holds; None draws them again."""
        if note != self.withheld_note:
            self.withheld_note = note
            self._touch()

    def set_grades(self, grades: dict[int, str]) -> None:
        """Mark the graded moves (move number -> grade; ``good`` ones get no mark)."""
        self.grades = {n: g for n, g in grades.items() if g in GRADE_COLOURS}
        self._touch()

    @property
    def first_name(self) -> str:
        """Black's name as the board's theme gives it."""
        return self.names[BLACK]

    def set_player_names(self, black: str, white: str) -> None:
        """Name the players as the board's theme does ("Blue" and "Red" in red and blue) on
        the axis and in the header."""
        self.names = {BLACK: black, BLACK.opponent: white}
        self.plot.setLabel("left", f"{black} wins")
        self._touch()

    def clear(self) -> None:
        """A new game: no estimate, no cursor, no header of the previous game."""
        self.estimates.clear()
        self.unevaluated = ()
        self.result = None
        self.grades = {}
        self.live_move_number = None
        self.current_move_number = None
        super().clear()

    def set_current_move(self, move_number: int | None) -> None:
        """Draw the cursor at the move the board shows."""
        self.current_move_number = move_number
        self._touch()

    def _touch(self) -> None:
        """Something drawn changed: draw once the event being handled is done. The end of an
        AI's search changes the line, the grades and the cursor, each with a render of its
        own before (three renders of the whole game a move; issue 32)."""
        self._dirty = True
        if self.isVisible() and not self._render_timer.isActive():
            self._render_timer.start()

    # ------------------------------------------------------------------ drawing
    def engine_colors(self) -> dict[str, str]:
        """A colour per engine (player label) of the estimates drawn, in the order they first
        appear in the line. A player keeps its colour for the session: the first player ever
        drawn has the palette's first, the next one new the second, and so on (round 11: a
        review handed strong's blue to its analyst, as colours went by order in the line)."""
        numbers, _ = self.estimates.points()
        colors: dict[str, str] = {}
        for number in numbers:
            engine = self.estimates.engine(number)
            if engine not in colors:
                colors[engine] = self._player_color(engine)
        return colors

    def _player_color(self, player: str) -> str:
        color = self._player_colors.get(player)
        if color is None:
            color = PALETTE[len(self._player_colors) % len(PALETTE)]
            self._player_colors[player] = color
        return color

    def _render(self) -> None:
        if self.withheld_note is not None:
            self._render_withheld()
            return
        numbers, values = self.estimates.points()
        self.curve.setData(numbers, values)
        colors = self.engine_colors()
        # A proven value (won or lost, not a search's estimate) is a star, a searched one a dot.
        exact = [self.estimates.is_exact(n) for n in numbers]
        self.points.setData(
            numbers,
            values,
            brush=[self._brush(colors[self.estimates.engine(n)]) for n in numbers],
            symbol=[PROVEN_SYMBOL if e else "o" for e in exact],
            size=[PROVEN_SIZE if e else 7 for e in exact],
        )
        # Whole moves on the x axis from the start; grow with the game, to the move on the
        # board too (with no estimates after move 9 the cursor had left the graph).
        result = self.result
        ended = result.move_number if result is not None else 0
        last = max(numbers[-1] if numbers else 0, self.current_move_number or 0, ended)
        if result is not None and result.connected:
            won = 1.0 if result.winner is BLACK else 0.0
            colour = "#202020" if result.winner is BLACK else "#f4f4f4"
            self.result_point.setData([ended], [won], brush=self._brush(colour))
        else:
            self.result_point.setData([], [])
        set_view_range(self.plot, (0, max(10, last + 1)), Y_RANGE)
        swings = self.estimates.swings(self.swing_count)
        lookup = dict(zip(numbers, values, strict=True))
        self.swing_marks.setData([n for n, _ in swings], [lookup[n] for n, _ in swings])
        graded = sorted(self.grades)
        self.grade_marks.setData(
            graded,
            [lookup.get(n, 0.5) for n in graded],
            brush=[self._brush(GRADE_COLOURS[self.grades[n]]) for n in graded],
        )
        snapshot = self.snapshot
        live = self.live_move_number
        if (
            snapshot is not None
            and live is not None
            and not snapshot.done
            and has_estimate(snapshot)
        ):
            self.live_point.setData([live], [estimate_for_black(snapshot)])
        else:
            self.live_point.setData([], [])
        if self.current_move_number is not None:
            self.cursor.setPos(self.current_move_number)
            self.cursor.setVisible(True)
        else:
            self.cursor.setVisible(False)
        self.status.setText(self.header_html(colors))

    def _render_withheld(self) -> None:
        """Only the cursor and the axes: see :meth:`set_withheld`."""
        for item in (self.curve, self.points, self.swing_marks, self.grade_marks):
            item.setData([], [])
        self.result_point.setData([], [])
        self.live_point.setData([], [])
        board = self.current_move_number
        set_view_range(self.plot, (0, max(10, (board or 0) + 1)), Y_RANGE)
        self.cursor.setPos(board or 0)
        self.cursor.setVisible(board is not None)
        self.status.setText(self.withheld_note or "")

    def _brush(self, color: str) -> QBrush:
        brush = self._brushes.get(color)
        if brush is None:
            brush = self._brushes[color] = pg.mkBrush(color)
        return brush

    def header_html(self, colors: dict[str, str]) -> str:
        """The line above the graph: the estimate at the move on the board (or the last one),
        the swings, and which colour is which engine."""
        numbers, values = self.estimates.points()
        silent = ""
        if self.unevaluated:
            names = ", ".join(html.escape(p) for p in self.unevaluated)
            silent = f"no evaluation from {names} (it gives its moves only)"
        board = self.current_move_number
        result = self.result
        # At the end of a finished line the result is what is known: exact, whatever the
        # searches said or whether one was made (round 15: "after move 18: no estimate"
        # under MoHex's unsearched winning moves while the board said "White wins").
        over = result is not None and (board is None or board >= result.move_number)
        if not values and not over:
            if silent:
                return f"{silent}: Analysis Mode or Review the Whole Game can evaluate them"
            return "estimates appear as the AI plays"
        # The move on the board is named first: during a review the header had said "after
        # move 21: Black 40%" while the board showed move 46 (round 14), the last estimate
        # standing for the board's position. One without an estimate says so, then names
        # the last one before it.
        shown = board
        if shown is None or self.estimates.estimate(shown) is None:
            earlier = [n for n in numbers if board is None or n <= board]
            shown = earlier[-1] if earlier else None
        text = "" if board is None or board == shown else f"after move {board}: no estimate"
        if over:
            assert result is not None
            shown = None if result.connected else shown  # a resignation's last estimate stays
            text = f"after move {result.move_number}: {self.result_text(result)}"
        if shown is not None:
            known = f"after move {shown}: {self.first_name} {self.estimates.estimate(shown):.0%}"
            if self.estimates.is_exact(shown):
                known += " (proven)"
            text = f"{text} (last: {known})" if text else known
        swings = self.estimates.swings(self.swing_count)
        if swings:
            text += " · swings at " + ", ".join(f"{n} ({d:+.0%})" for n, d in swings)
        keys = " ".join(
            f'<span style="color:{color}">&#9679;</span>&nbsp;{html.escape(engine or "?")}'
            for engine, color in colors.items()
        )
        connected = result is not None and result.connected
        if connected or any(self.estimates.is_exact(n) for n in numbers):
            keys += " &#9733;&nbsp;proven"
        return f"{text} · {keys}" + (f" · {silent}" if silent else "")

    def result_text(self, result: LineResult) -> str:
        """``White wins (connected: proven)``, ``White wins: Black resigned``."""
        winner = self.names[result.winner]
        if result.connected:
            return f"{winner} wins (connected: proven)"
        return f"{winner} wins: {self.names[result.winner.opponent]} {result.how}"

    # ------------------------------------------------------------------ navigation
    def _scene_clicked(self, event) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            return
        view = self.plot.getViewBox()
        if not view.sceneBoundingRect().contains(event.scenePos()):
            return
        self.jump_to_x(view.mapSceneToView(event.scenePos()).x())

    def jump_to_x(self, x: float) -> int | None:
        """Ask to show the recorded move nearest to graph coordinate ``x``; returns it."""
        move_number = self.estimates.nearest_move(x)
        if move_number is not None:
            self.move_requested.emit(move_number)
        return move_number

    def table(self) -> tuple[list[str], list[list[object]]]:
        numbers, values = self.estimates.points()
        swings = dict(self.estimates.swings(self.swing_count))
        rows = [
            [
                n,
                round(v, 6),
                round(swings[n], 6) if n in swings else "",
                self.estimates.engine(n),
                int(self.estimates.is_exact(n)),
            ]
            for n, v in zip(numbers, values, strict=True)
        ]
        return ["move", "black_estimate", "swing", "engine", "proven"], rows

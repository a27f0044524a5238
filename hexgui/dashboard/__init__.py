"""The live dashboard: pyqtgraph panels in docks beside the board that show a search as it runs.

:class:`Dashboard` owns the panels (population chart, game tree, game graph, throughput), the
board overlay and one refresh :class:`~PySide6.QtCore.QTimer`. Snapshots arrive as fast as the
engine sends them (:meth:`Dashboard.offer_snapshot`); only the latest one of the current
position is kept (:class:`~hexgui.dashboard.model.SnapshotGate`) and the timer hands it to the
visible panels at a steady rate (10 Hz by default; the board's hints at most 4 Hz). Hidden
panels do no drawing work.

Everything here runs on the GUI thread.
"""

from __future__ import annotations

import time
from dataclasses import replace

from hexswarm.engine.review import line_estimates
from hexswarm.engine.search.snapshot import SearchSnapshot
from hexswarm.gui.game_events import AnalysisSwitched
from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QDockWidget, QMainWindow, QWidget

from .game_graph import GameGraphPanel, line_result, unevaluated_players
from .model import SnapshotGate
from .overlay import COUNT, SHARE, BoardOverlay, OverlaySettings
from .panel import DashboardPanel
from .population import PopulationPanel
from .throughput import ThroughputPanel
from .tree_view import TreePanel

__all__ = ["Dashboard"]

DEFAULT_REFRESH_HZ = 10.0
HINTS_INTERVAL_S = 0.15
"""The board repaints hints at most about 7 times a second: a board repaint costs more than a
chart, and numbers on cells that change faster cannot be read anyway; slower than this and the
board (and the status bar, which names the board's move) fell 0.2-0.4 s behind the search."""
GUI_BUDGET = 0.05
"""Largest fraction of one core the GUI thread may spend while the dashboard refreshes: on a
slow or busy machine the refresh slows down instead of the engine (see :class:`RefreshPacer`),
down to :data:`MAX_PANEL_INTERVAL_S`. Measured with ``python -m hexswarm.gui.dashboard.cost_probe``:
at 0.10 the engine lost ~15 % of its playouts/s on a loaded 2-core machine, at 0.04 no loss
could be told from the noise."""
MAX_PANEL_INTERVAL_S = 0.15
"""However busy the machine, every visible panel is redrawn at least every 0.15 s during a
search: the panels must not tell an older story than the board (issue 30: with a 1 s floor the
Population chart showed iteration 5 051 while the status bar said 20 474). A panel's lag is
this interval plus its paint: at 0.2 s its p99 sat just above the 0.2 s target with one core
busy, at 0.15 s it is 139-188 ms for the same GUI CPU (docs/results/study-desk/one-busy-core/).
What this costs the GUI thread is kept down by drawing one panel per tick and only the visible
ones."""
SEARCHES_NAMED = 8
"""How many recent searches' positions the panels can name (:meth:`Dashboard._position_note`)."""
ABANDONED_NOTE = "search stopped: the board shows another position"
"""What the population and game tree panels say after dropping an abandoned search."""
HINT_THRESHOLDS = (0.01, 0.02, 0.05, 0.10)
CANDIDATE_COUNTS = (0, 3, 5, 8, 10, 15)
"""The choices of the "Candidate moves" menu (0: colours only, no candidate marks)."""
WITHHELD_NOTE = "no evaluation in a game without help: it comes back when the game ends"
"""What the population, game tree and game graph panels say instead of the AI's evaluation
while a game without help goes on (:attr:`Dashboard.withheld`)."""


class RefreshPacer:
    """Chooses the refresh interval from what the GUI thread really spends. GUI thread only.

    Every tick reports the GUI thread's CPU time (``time.thread_time``: it includes painting,
    which happens after the refresh returns) and the wall time. The interval becomes the CPU
    cost of one tick divided by ``budget`` (smoothed), never shorter than ``base_s`` (the
    nominal 10 Hz) nor longer than ``max_s``. Steady state: CPU/wall == budget whenever the
    nominal rate would cost more.
    """

    def __init__(self, base_s: float, budget: float = GUI_BUDGET, max_s: float = 1.0):
        if not 0 < budget <= 1:
            raise ValueError("budget must lie in (0, 1]")
        self.base_s, self.budget, self.max_s = base_s, budget, max_s
        self.interval_s = base_s
        self.cost_per_tick_s = 0.0
        self._last: tuple[float, float] | None = None

    def tick(self, wall_s: float, cpu_s: float) -> float:
        """Report a tick at ``wall_s`` with the thread's CPU clock at ``cpu_s``; return the
        interval to wait before the next one."""
        if self._last is not None:
            cpu = max(0.0, cpu_s - self._last[1])
            # CPU spent since the previous tick belongs to that tick (its refresh and paint).
            self.cost_per_tick_s = 0.6 * self.cost_per_tick_s + 0.4 * cpu
            wanted = self.cost_per_tick_s / self.budget
            self.interval_s = min(self.max_s, max(self.base_s, wanted))
        self._last = (wall_s, cpu_s)
        return self.interval_s

    def reset(self) -> None:
        """Idle again (no search): start from the nominal rate next time."""
        self.interval_s = self.base_s
        self.cost_per_tick_s = 0.0
        self._last = None


class Dashboard(QObject):
    """The panels, their docks and the wiring to a game controller and a board widget.

    ``board`` is the board widget (``set_overlay``/``set_preview``, optional signal
    ``cell_hovered(int)``); ``controller`` a :class:`hexgui.game_controller.GameController`
    (signals ``snapshot_ready``, ``position_changed``, ``search_started``, ``search_finished``,
    ``game_replaced``, ``analysis_recorded``; ``go_to(move_number)``, ``move_number``,
    ``board``, ``game``).
    Either may be None (standalone use, tests): then call :meth:`offer_snapshot` and
    :meth:`set_position` directly, and give the game graph its line (``show_line``).

    Signal ``hints_shown(SearchSnapshot)``: the board's hints now show this snapshot (the
    framed move is its ``best_move``); whatever names "the best move" elsewhere (the status
    bar) follows it, so the two never disagree.
    """

    hints_shown = Signal(object)

    def __init__(
        self,
        board=None,
        controller=None,
        parent: QObject | None = None,
        *,
        board_size: int = 11,
        refresh_hz: float = DEFAULT_REFRESH_HZ,
        gui_budget: float = GUI_BUDGET,
    ):
        super().__init__(parent)
        self.board = board
        self.controller = None
        self.gate = SnapshotGate()
        self.population = PopulationPanel(board_size=board_size)
        self.tree = TreePanel(board_size=board_size)
        self.game_graph = GameGraphPanel()
        self.throughput = ThroughputPanel()
        self.panels: dict[str, DashboardPanel] = {
            "population": self.population,
            "tree": self.tree,
            "game_graph": self.game_graph,
            "throughput": self.throughput,
        }
        self.overlay = BoardOverlay(board)
        self.docks: dict[str, QDockWidget] = {}
        self.move_number: int | None = None  # moves played before the position shown
        # The searches' positions, by position_id: (the game's node, moves played before it);
        # the last few, for the panels' notes when the board shows another (_position_note).
        self._searched: dict[int, tuple[object, int]] = {}
        self._line_result: tuple[tuple, object] | None = None  # see sync_game_graph
        for panel in (self.population, self.tree):
            panel.position_note = self._position_note
        self._search_spec = ""  # the player spec and purpose ("move"/"hint") of the search
        self._search_purpose: str | None = None
        # What the search whose marks are on the board was for ("move", "hint", "analysis").
        self._board_purpose: str | None = None
        self._preview: tuple[int, ...] = ()  # the tree line the user clicked, if any
        self._hover_preview = False
        # A game without help goes on (the controller's assistance_withheld): the panels
        # that evaluate are not fed, the board gets no hints (see _sync_withheld).
        self.withheld = False

        self.hints_interval_s = HINTS_INTERVAL_S
        self._hints_due = 0.0  # time.monotonic() after which the board may get new hints
        self._hints_pending: SearchSnapshot | None = None

        self._last_work_s = 0.0
        self._latest: SearchSnapshot | None = None
        self._stale: list[DashboardPanel] = []  # panels not yet shown self._latest
        self._next_panel = 0  # where the round robin of _tick resumes
        # One panel per tick (see _tick), so the ticks come len(panels) times as often.
        tick_s = 1.0 / (refresh_hz * len(self.panels))
        self.pacer = RefreshPacer(tick_s, gui_budget, MAX_PANEL_INTERVAL_S / len(self.panels))
        self._drawn_search: tuple[int, str] | None = None  # the search last drawn at once
        self.timer = QTimer(self)
        self.timer.setTimerType(Qt.TimerType.CoarseTimer)
        self.timer.setInterval(round(1000 * tick_s))
        self.timer.timeout.connect(self._tick)
        self.timer.start()

        self.tree.line_selected.connect(self._tree_line_selected)
        self.game_graph.move_requested.connect(self._go_to)

        self.hints_action = QAction("Show search hints on the board", self)
        self.hints_action.setCheckable(True)
        self.hints_action.setChecked(True)
        self.hints_action.setToolTip("Colour the board by the search's support for each move")
        self.hints_action.toggled.connect(self.set_hints_visible)
        self.counts_action = QAction("Hints as counts (not %)", self)
        self.counts_action.setCheckable(True)
        self.counts_action.toggled.connect(
            lambda on: self.overlay.configure(self._overlay_settings(mode=COUNT if on else SHARE))
        )

        # "Numbers on cells from": the minimum share of the root agents a cell needs before
        # its number is drawn (its colour is drawn regardless).
        self.threshold_actions = QActionGroup(self)
        for share in HINT_THRESHOLDS:
            action = QAction(f"Numbers on cells from {share:.0%}", self.threshold_actions)
            action.setCheckable(True)
            action.setChecked(share == self.overlay.settings.min_share)
            action.triggered.connect(lambda _=False, s=share: self.set_min_share(s))

        # "Candidate moves": how many of the strongest moves are marked with their value.
        self.candidate_actions = QActionGroup(self)
        for count in CANDIDATE_COUNTS:
            text = f"{count} candidate moves" if count else "No candidate marks"
            action = QAction(text, self.candidate_actions)
            action.setCheckable(True)
            action.setChecked(count == self.overlay.settings.candidates)
            action.triggered.connect(lambda _=False, n=count: self.set_candidate_count(n))

        if board is not None and hasattr(board, "cell_hovered"):
            board.cell_hovered.connect(self._board_hovered)
        if controller is not None:
            self.connect_controller(controller)

    # ------------------------------------------------------------------ wiring
    def connect_controller(self, controller) -> None:
        """Listen to ``controller``'s signals (see the class docstring)."""
        self.controller = controller
        controller.snapshot_ready.connect(self.offer_snapshot)
        controller.position_changed.connect(self.set_position)
        controller.search_started.connect(self._search_started)
        if hasattr(controller, "search_finished"):
            controller.search_finished.connect(self._search_finished)
        if hasattr(controller, "search_abandoned"):
            controller.search_abandoned.connect(self.search_abandoned)
        if hasattr(controller, "game_replaced"):
            controller.game_replaced.connect(self.new_game)
        if hasattr(controller, "analysis_recorded"):
            controller.analysis_recorded.connect(lambda _node: self.sync_game_graph())
        events = getattr(controller, "event", None)  # a QObject's own event() is no signal
        if hasattr(events, "connect"):
            events.connect(self._game_event)
        if hasattr(controller, "state_changed"):
            controller.state_changed.connect(self._sync_withheld)
        self._sync_withheld()

    def make_docks(self, parent: QWidget | None = None) -> dict[str, QDockWidget]:
        """One dock per panel (created once; object names let QMainWindow save the layout)."""
        if not self.docks:
            titles = {
                "population": "Population",
                "tree": "Game tree",
                "game_graph": "Game graph",
                "throughput": "Throughput",
            }
            for key, panel in self.panels.items():
                dock = QDockWidget(titles[key], parent)
                dock.setObjectName(f"dashboard-{key}")
                dock.setWidget(panel)
                self.docks[key] = dock
        return self.docks

    def install(self, window: QMainWindow) -> None:
        """Put the docks into ``window`` (right: population and tree; bottom: game graph and
        throughput) and their toggles plus the hint options into ``window.dashboard_menu`` if
        the window has one."""
        docks = self.make_docks(window)
        add = getattr(window, "add_dock", None)
        if add is None:  # a plain QMainWindow (tests, tools): Qt's argument order

            def add(dock, area):
                window.addDockWidget(area, dock)

        right = Qt.DockWidgetArea.RightDockWidgetArea
        bottom = Qt.DockWidgetArea.BottomDockWidgetArea
        add(docks["population"], right)
        add(docks["tree"], right)
        add(docks["game_graph"], bottom)
        add(docks["throughput"], bottom)
        window.tabifyDockWidget(docks["game_graph"], docks["throughput"])
        docks["game_graph"].raise_()
        menu = getattr(window, "dashboard_menu", None)
        if menu is not None:
            for dock in docks.values():
                menu.addAction(dock.toggleViewAction())
            menu.addSeparator()
            menu.addAction(self.hints_action)
            menu.addAction(self.counts_action)
            threshold_menu = menu.addMenu("Hint threshold")
            threshold_menu.addActions(self.threshold_actions.actions())
            candidate_menu = menu.addMenu("Candidate moves")
            candidate_menu.addActions(self.candidate_actions.actions())

    def set_board_size(self, size: int | tuple[int, int]) -> None:
        """The board the panels name cells on: a square's side or ``(columns, rows)``."""
        self.population.board_size = size
        self.tree.board_size = size

    # ------------------------------------------------------------------ inputs
    def offer_snapshot(self, snapshot: SearchSnapshot) -> None:
        """A snapshot from the engine (any rate). Stale ones are dropped here. The first one of
        a search restarts the round robin at the nominal rate, so every visible panel leaves
        the previous search within one round (drawing them all at once here held the GUI
        thread for 100-400 ms on a busy machine), and its hints are due at once."""
        if not self.gate.offer(snapshot):
            return
        search = (snapshot.position_id, snapshot.player)
        if search != self._drawn_search:
            self._drawn_search = search
            self.pacer.reset()
            self._hints_due = 0.0
            self.timer.start(max(1, round(self.pacer.base_s * 1000)))

    def set_position(self, position_id: int) -> None:
        """The board now shows ``position_id``: hints of the old position go away at once.

        A snapshot of the old position that the timer has not shown yet (typically a search's
        final one, sent just before its move is played) still goes to the charts, one per
        tick as always (all at once, with the board's repaint for the move, was the longest
        stall of a search)."""
        self._sync_withheld()
        if position_id == self.gate.position_id:
            return
        pending = self.gate.take()
        if pending is not None:
            self._latest, self._stale = pending, self._round_from_next_panel()
        self.gate.set_position(position_id)
        self._hints_pending = None
        self.overlay.clear()
        self.preview_line(())
        self.game_graph.live_move_number = None
        self._sync_move_number()
        for panel in (self.population, self.tree):
            panel.relabel()

    def _position_note(self, snapshot: SearchSnapshot) -> str:
        """What the population and tree panels say before their figures when the search they
        show is of another position than the board's: "search before move 3 (board: move
        1)"; "" when it is the board's, the board shows the move
        played from it, or the search is not known."""
        searched = self._searched.get(snapshot.position_id)
        controller = self.controller
        if searched is None or controller is None:
            return ""
        node, number = searched
        cursor = controller.game.cursor
        # The board's position, or the one a move played from it made (the search that
        # chose the move just played, the usual sight during a game): nothing to say.
        if cursor is node or cursor.parent is node:
            return ""
        # Short: the docks beside the board are narrow (the tooltip holds the whole line).
        board = controller.move_number
        return (
            f"search before move {number + 1} (board: {'start' if board == 0 else f'move {board}'})"
        )

    def new_game(self) -> None:
        """Another game is on the board: every panel, the board hints and the pending
        snapshot forget the previous game (its tree, estimates and rates are not this one's)."""
        self.gate.take()
        self._latest, self._stale = None, []
        self._hints_pending = None
        self._search_purpose = None
        self.overlay.clear()
        self.preview_line(())
        for panel in self.panels.values():
            panel.clear()
        self.withheld = False  # decided again for the new game
        self.game_graph.set_withheld(None)
        self._sync_withheld()
        self._sync_move_number()

    def set_hints_visible(self, visible: bool) -> None:
        """Show or hide the board overlay; the charts keep updating either way."""
        if self.hints_action.isChecked() != visible:
            self.hints_action.setChecked(visible)  # re-enters through toggled
            return
        self.overlay.configure(self._overlay_settings(enabled=visible))
        if not visible:
            self.preview_line(())

    def set_min_share(self, min_share: float) -> None:
        """Cells below this share of the root agents get no number on the board."""
        self.overlay.configure(self._overlay_settings(min_share=min_share))

    def set_candidate_count(self, count: int) -> None:
        """Mark the ``count`` strongest moves with their value and support (0: none)."""
        self.overlay.configure(self._overlay_settings(candidates=count))
        for action, n in zip(self.candidate_actions.actions(), CANDIDATE_COUNTS, strict=True):
            action.setChecked(n == count)

    def _overlay_settings(self, **changes) -> OverlaySettings:
        return replace(self.overlay.settings, **changes)

    # ------------------------------------------------------------------ timer
    def refresh(self) -> None:
        """Hand the newest snapshot, if any, to every panel and (when due) to the overlay now,
        and draw what any visible panel has not drawn yet.

        The timer does the same work one panel per tick (:meth:`_tick`); call this to bring
        everything up to date at once (tests, exports)."""
        snapshot = self.gate.take()
        if snapshot is not None:
            self._latest, self._stale = snapshot, self._fed_panels()
            self._hints_pending = None if self.withheld else snapshot
        while self._stale:
            self._stale.pop(0).show_snapshot(self._latest)
        for panel in self.panels.values():
            panel.flush()
        self._send_hints_if_due()

    def _tick(self) -> None:
        """Timer tick: the board's hints, when due and changed, or else one panel catch up
        with the newest snapshot.

        Updating all panels and letting them all repaint in one go held the GUI thread for
        100-140 ms on 11x11 (measured with ``python -m hexswarm.gui.latency_probe``); one panel per
        tick, at a tick rate multiplied by the number of panels, keeps each panel's rate and
        cuts the longest stall to one panel's update and paint. The board's repaint for its
        hints is a tick's work of its own too: with a panel's in the same tick, both were
        painted in one go (the window paints all its changed widgets at once; issue 32)."""
        snapshot = self.gate.take()
        if snapshot is not None:
            self._latest, self._stale = snapshot, self._round_from_next_panel()
            self._hints_pending = None if self.withheld else snapshot
        now = time.monotonic()
        if not self._stale and self._hints_pending is None:
            if now - self._last_work_s > 1.0:
                # Nothing streamed for a second: the next search starts at the nominal rate.
                self.pacer.reset()
                self.timer.setInterval(round(self.pacer.base_s * 1000))
            return
        self._last_work_s = now
        visible = sum(1 for panel in self.panels.values() if panel.isVisible())
        # The slowest tick rate that still redraws each visible panel every
        # MAX_PANEL_INTERVAL_S, with ticks of their own for the board's hints.
        hints_per_s = 1.0 / self.hints_interval_s if self.overlay.settings.enabled else 0.0
        self.pacer.max_s = 1.0 / (max(1, visible) / MAX_PANEL_INTERVAL_S + hints_per_s)
        interval = self.pacer.tick(now, time.thread_time())
        self.timer.setInterval(round(interval * 1000))
        if self._send_hints_if_due():
            return  # the board repaints after this tick: the next panel waits for the next one
        while self._stale:
            panel = self._stale.pop(0)
            panel.show_snapshot(self._latest)  # a hidden panel only keeps it: no tick used
            self._next_panel = list(self.panels.values()).index(panel) + 1
            if panel.isVisible():
                break

    def _round_from_next_panel(self) -> list[DashboardPanel]:
        """Every panel, starting where the last tick stopped: a stream of snapshots faster
        than the ticks must not keep the later panels waiting."""
        panels = list(self.panels.values())
        start = self._next_panel % len(panels)
        fed = self._fed_panels()
        return [panel for panel in panels[start:] + panels[:start] if panel in fed]

    def _fed_panels(self) -> list[DashboardPanel]:
        """The panels a snapshot goes to: all of them, or while a game without help goes on
        only those that do not evaluate the game (the throughput's playouts a second)."""
        if self.withheld:
            return [self.throughput]
        return list(self.panels.values())

    def _sync_withheld(self) -> None:
        """Follow the controller's ``assistance_withheld``: while a game between a person and
        the AI goes on without help, the dashboard shows no evaluation of it (the lead's rule,
        round 17: the Population legend's "d8 chosen 89k (39% won)", its charts and the game
        graph's estimates had told the person, one move late, what Analysis Mode would).
        Entering it, the population and game tree panels and the board's hints forget the
        search and the game graph draws no estimate, each saying why
        (:data:`WITHHELD_NOTE`); leaving it (the game ended, another game) the game graph draws
        the game's estimates again and the other two show the last search."""
        controller = self.controller
        withheld = bool(getattr(controller, "assistance_withheld", False))
        if withheld == self.withheld:
            return
        self.withheld = withheld
        self.game_graph.set_withheld(WITHHELD_NOTE if withheld else None)
        if withheld:
            self._hints_pending = None
            self._stale = [panel for panel in self._stale if panel in self._fed_panels()]
            self.overlay.clear()
            self.preview_line(())
            for panel in (self.population, self.tree):
                panel.clear(WITHHELD_NOTE)
        else:
            for panel in (self.population, self.tree):
                panel.clear()
                if self._latest is not None:
                    panel.show_snapshot(self._latest)
        self.sync_game_graph()

    def _send_hints_if_due(self) -> bool:
        """Hand the pending snapshot to the board's hints if it is time; returns whether the
        board has something new to paint."""
        pending = self._hints_pending
        if pending is None or not (pending.done or time.monotonic() >= self._hints_due):
            return False
        self._hints_pending = None
        self._hints_due = time.monotonic() + self.hints_interval_s
        changed = self.overlay.show_snapshot(pending)
        self.hints_shown.emit(pending)
        return bool(changed)

    def stop(self) -> None:
        """Stop the refresh timer (window closing)."""
        self.timer.stop()

    # ------------------------------------------------------------------ board
    def preview_line(self, line: tuple[int, ...]) -> None:
        """Show ``line`` (moves from the current position) ghosted on the board; () clears."""
        self._preview = tuple(line)
        self._hover_preview = False
        if self.board is not None:
            self.board.set_preview(self._preview)

    def _tree_line_selected(self, line: tuple[int, ...]) -> None:
        """A click on a node of the tree panel previews its line, but only over the position
        the tree was searched from: once a move was played (or the user went elsewhere) the
        tree is of another position, and its line drawn on this board would hide real stones
        and mean nothing (issue 30). The tree's header says so instead."""
        snapshot = self.tree.snapshot
        if snapshot is not None and snapshot.position_id != self.gate.position_id:
            self.tree.set_note("this tree is of an earlier position: no preview on this board")
            return
        self.preview_line(line)

    def _board_hovered(self, cell: int) -> None:
        """Hovering a hinted cell shows the most supported line that starts there (the widget
        itself already does this for the best move); leaving restores the clicked preview."""
        if self.board is None:
            return
        line = self.overlay.line_from(cell) if cell in self.overlay.values else ()
        if line and cell != self.overlay.best:
            self._hover_preview = True
            self.board.set_preview(line)
        elif self._hover_preview:
            self._hover_preview = False
            self.board.set_preview(self._preview)

    # ------------------------------------------------------------------ controller events
    def _go_to(self, move_number: int) -> None:
        if self.controller is not None:
            self.controller.go_to(move_number)

    def _sync_move_number(self) -> None:
        controller = self.controller
        if controller is None:
            return
        self.move_number = controller.move_number
        self.sync_game_graph()
        self.game_graph.set_current_move(self.move_number)
        self.set_board_size(controller.board.shape)

    def sync_game_graph(self) -> None:
        """The game graph's one source: the searches the line on screen keeps in its nodes
        (``node.ai``: the AIs' moves, analysis mode, the review), read again whenever the
        position, the line or an analysis changes."""
        controller = self.controller
        if controller is None:
            return
        if self.withheld:
            self.game_graph.show_line(())
            return
        game = controller.game
        line = game.continuation(game.cursor)
        end = line[-1]
        key = (game, tuple(map(id, line)), controller.time_loss_at(end))
        if self._line_result is None or self._line_result[0] != key:
            # Replaying the line to its end once per line, not once per step through it.
            self._line_result = (key, line_result(game, line, key[2]))
        self.game_graph.show_line(
            line_estimates(line), unevaluated_players(line), self._line_result[1]
        )

    def _game_event(self, event) -> None:
        """Analysis mode switched off: the marks of its last search leave the board (they had
        stayed, as if the mode were still on); a hint's or an AI's stay."""
        switched_off = isinstance(event, AnalysisSwitched) and not event.on
        if switched_off and self._board_purpose == "analysis":
            self._hints_pending = None
            self.overlay.clear()
            self.preview_line(())

    def _search_started(self, position_id: int, player: str) -> None:
        self._search_spec = player
        self.population.search_spec = player
        self._search_purpose = getattr(self.controller, "search_purpose", None)
        self._board_purpose = self._search_purpose
        self.set_position(position_id)
        self.population.reset_colors()
        self._sync_move_number()
        controller = self.controller
        if controller is not None and self.move_number is not None:
            self._searched[position_id] = (controller.game.cursor, self.move_number)
            for old in list(self._searched)[:-SEARCHES_NAMED]:
                del self._searched[old]
        hint = self._search_purpose == "hint"
        self.game_graph.live_move_number = None if hint else self.move_number

    def search_abandoned(self, position_id: int) -> None:
        """The search of ``position_id`` was cancelled and the board shows another position
        (an undo or a navigation during a search): the panels that show one search (population,
        game tree) drop its numbers and say why, and a snapshot of it not drawn yet is never
        drawn (round 11: they kept the abandoned search of a position no longer on the
        board)."""
        if self._latest is not None and self._latest.position_id == position_id:
            self._latest, self._stale = None, []
        for panel in (self.population, self.tree):
            if panel.snapshot is not None and panel.snapshot.position_id == position_id:
                panel.clear(ABANDONED_NOTE)

    def _search_finished(self, position_id: int) -> None:
        self._search_purpose = None
        self.game_graph.live_move_number = None

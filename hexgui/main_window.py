"""The main window: the board, the docks, the status bar, and the wiring between them.

The window builds its parts and connects them; each job lives in its own module:
:mod:`hexgui.window_actions` (every action, menu and the toolbar), :mod:`hexgui.move_list`,
:mod:`hexgui.move_tree` (the move tree and comment docks), :mod:`hexgui.exports`,
:mod:`hexgui.positions_menu`, :mod:`hexgui.reviewer` (whole-game analysis and review) and
:mod:`hexgui.document` (open, save, recent files, autosave, unsaved changes). The actions
call :class:`~hexgui.game_controller.GameController` methods and the window repaints from the
controller's signals.

GUI thread only.
"""

from __future__ import annotations

import logging
import time
from pathlib import Path

from hexswarm.engine.board import BLACK, WHITE, Board, Color, HexError
from hexswarm.engine.search.snapshot import SearchSnapshot
from hexswarm.gui.board_widget import BoardWidget
from hexswarm.gui.clock_panel import ClockPanel
from hexswarm.gui.dashboard.model import format_count, player_label
from hexswarm.gui.dashboard.overlay import overlay_values
from hexswarm.gui.document import APP_TITLE, GameDocument, count_text
from hexswarm.gui.engine_worker import PlayerFactory, engine_player_factory
from hexswarm.gui.exports import Exports
from hexswarm.gui.forms import ask
from hexswarm.gui.game_controller import GameController, MoveInfo
from hexswarm.gui.game_events import GameEvent, Navigated, describe, percent_text
from hexswarm.gui.move_list import MoveList
from hexswarm.gui.move_tree import CommentPane, MoveTreePanel
from hexswarm.gui.positions_menu import PositionsMenu
from hexswarm.gui.reviewer import GameReviewer
from hexswarm.gui.settings import (
    GameSettings,
    load_engines,
    load_game_settings,
    load_view_settings,
    save_engines,
    save_game_settings,
    save_view_settings,
)
from hexswarm.gui.status_bar import MessageBar, MessageLog
from hexswarm.gui.themes import (
    dark_palette,
    resolve_dark,
    system_prefers_dark,
)
from hexswarm.gui.window_actions import build_actions, build_menus, build_toolbar
from PySide6.QtCore import QEvent, QSettings, Qt, QTimer, Slot
from PySide6.QtGui import (
    QCloseEvent,
    QGuiApplication,
    QKeySequence,
    QPalette,
    QWindow,
)
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QDockWidget,
    QInputDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

log = logging.getLogger(__name__)

HINT_CANDIDATES = 6
"""How many of the hint search's most supported cells are labelled on the board when the
dashboard's own board hints are switched off."""

MOVES_DOCK_PX = 170
"""The Moves dock's first width; then it follows its entries' (see _fit_moves_dock)."""

SEARCH_TIME_REFRESH_MS = 200
"""How often the status bar's time of a running search is brought up to date."""

COMPACT_SCREEN = (1280, 800)
"""A screen smaller than this (available width, height) gets the compact first layout."""

REFOCUS_AFTER_SHOW_MS = (250, 1500)
"""When the shown window checks that some window has the keyboard focus (see showEvent)."""

WATCHED = "hexswarm_watched"
"""A window's property: the main window follows it to its closing (``_watch_window``)."""

HELP_WITHHELD_TIP = (
    "Off during this game against the AI: New Game turned hints and analysis off for it "
    "(Hints and analysis while a person plays the AI). They are back when the game ends."
)


def _is_small(screen_size) -> bool:
    """Whether a screen's available (width, height) calls for the compact layout; a size not
    known (never saved, or not a pair) counts as large."""
    try:
        width, height = (int(value) for value in screen_size)
    except (TypeError, ValueError):
        return False
    return width < COMPACT_SCREEN[0] or height < COMPACT_SCREEN[1]


def default_settings_store() -> QSettings:
    """The user's settings (platform-native location)."""
    return QSettings("HexSwarm", "HexSwarm")


STATUS_MS = 8000
"""How long the status bar shows a message of up to :data:`STATUS_CHARACTERS` characters."""
STATUS_CHARACTERS = 80


def status_ms(message: str) -> int:
    """How long the status bar shows ``message``: :data:`STATUS_MS`, and a second more for
    every 15 characters beyond :data:`STATUS_CHARACTERS` (a long one is read more slowly)."""
    return STATUS_MS + 1000 * max(0, len(message) - STATUS_CHARACTERS) // 15


class MainWindow(QMainWindow):
    """The application window.

    ``settings`` is where preferences persist (tests pass a temporary ini file);
    ``player_factory`` builds AIs from spec strings (tests inject tiny players; the default is
    ``engine.players.create_player``). ``autosave_dir`` overrides where the running game is
    autosaved (default: the user's data directory; ``None`` with ``autosave=False`` disables).
    ``open_path`` is a record to show as the first game (``hexswarm game.sgf``), after the
    question whether to restore a game an earlier run left (``offer_restore``).
    """

    def __init__(
        self,
        settings: QSettings | None = None,
        *,
        player_factory: PlayerFactory | None = None,
        autosave: bool = True,
        autosave_dir: str | Path | None = None,
        offer_restore: bool = True,
        open_path: str | Path | None = None,
    ):
        super().__init__()
        self.setWindowTitle(APP_TITLE)
        self._store = settings if settings is not None else default_settings_store()
        self._view_settings = load_view_settings(self._store)
        self._refused_settings: list[str] = []
        self.engine_manager = None  # the engine manager while it is open
        # The engine manager's engines, by name; the engine threads read it when they make a
        # player, the manager replaces it (never changes it in place).
        self._engines = {e.name: e for e in load_engines(self._store, self._refused_settings)}
        if player_factory is None:
            player_factory = engine_player_factory(lambda: self._engines)
        game_settings = load_game_settings(self._store, self._refused_settings)
        self._closing = False
        self._hint_overlay_shown = False
        # What the search the status bar shows is for ("move", "hint", "analysis"): only a
        # move's search is the player's thinking.
        self._search_purpose: str | None = None
        self._search_spec = ""  # the spec of the search the status bar shows
        self.status_snapshot: SearchSnapshot | None = None  # the one whose best move it names
        # The last game event's sentence and the node it was about (see _on_game_event).
        self._event_status: tuple[str, object] | None = None
        self._system_palette: QPalette | None = None

        self.board_widget = BoardWidget(self)
        self.clock_panel = ClockPanel(self.player_name)
        central = QWidget(self)
        central_layout = QVBoxLayout(central)
        central_layout.setContentsMargins(0, 0, 0, 0)
        central_layout.setSpacing(0)
        central_layout.addWidget(self.clock_panel)
        central_layout.addWidget(self.board_widget, 1)
        self.setCentralWidget(central)
        self.controller = GameController(game_settings, player_factory=player_factory, parent=self)
        self.controller.color_name = self.player_name
        self.dashboard = None  # attached once the menus exist (its toggles go there)
        self.document = GameDocument(
            self,
            self.controller,
            self._store,
            autosave=autosave,
            autosave_dir=autosave_dir,
            show_status=self.show_status,
        )
        self.document.changed.connect(self._update_turn_label)
        self.document.loaded.connect(self._on_game_loaded)
        self.reviewer = GameReviewer(self, player_factory)
        self.exports = Exports(
            self,
            self.controller,
            self.board_widget,
            self._store,
            self.show_status,
            game_path=lambda: self.document.path,
        )
        self.positions = PositionsMenu(self)

        self.message_log = MessageLog()  # the status bar's messages, whole (show_messages)
        self.messages_dialog = None  # Recent Messages while it is open (show_messages)
        self.setStatusBar(MessageBar(self))
        self.statusBar().message_clicked.connect(self.show_messages)
        self._build_status_bar()
        self._build_move_list()
        self._build_move_tree()
        build_actions(self)
        # The actions a game without help greys, with what each says otherwise.
        self._help_tips = {
            action: action.toolTip()
            for action in (
                self.act_hint,
                self.act_analysis,
                self.act_analyse_game,
                self.act_next_mistake,
                self.act_previous_mistake,
                self.act_play_better,
            )
        }
        build_menus(self)
        build_toolbar(self)
        self._connect()
        self._apply_view_settings()

        self.dashboard = self._attach_dashboard()
        # After the dashboard has forgotten the previous game: its grades (a reviewed game
        # opens reviewed).
        self.controller.game_replaced.connect(self.reviewer.refresh)
        self.reviewer.grades_changed.connect(self.move_list.refresh)
        self.reviewer.grades_changed.connect(self.move_tree.refresh)
        self._focused: QWindow | None = None  # see _watch_window
        app = QGuiApplication.instance()
        if isinstance(app, QGuiApplication):
            app.focusWindowChanged.connect(self._watch_window)
        hints = QGuiApplication.styleHints()
        if hasattr(hints, "colorSchemeChanged"):  # Qt 6.5+: follow the desktop's dark mode live
            hints.colorSchemeChanged.connect(self._on_color_scheme_changed)

        # The docks as first laid out, before a saved or compact layout: View > Reset Layout.
        self._default_layout = self.saveState()
        geometry = self._store.value("window/geometry")
        # A layout saved on a large screen is not forced on a small one (issue 30): there the
        # window starts as on a first start, with the compact layout.
        saved_on_large = not _is_small(self._store.value("window/screen"))
        if geometry is None or (_is_small(self._screen_size()) and saved_on_large):
            self._first_size()
        elif self.restoreGeometry(geometry):
            state = self._store.value("window/state")
            if state is not None:
                self.restoreState(state)
        else:  # a broken saved geometry
            self._first_size()

        if offer_restore and self.document.autosave is not None:
            # No AI may start searching behind the "Restore game?" question (remembered AI
            # settings made every launch burn both cores there): the new game, and with it any
            # AI move, starts once the question is answered, unless a game was restored.
            self.board_widget.set_board(self.controller.board)
            QTimer.singleShot(0, lambda: self._restore_or_start(game_settings, open_path))
        else:
            self._open_or_start(game_settings, open_path)
            self._report_refused_settings()
        self.document.set_clean()

    def _report_refused_settings(self) -> None:
        """Issue 16: saved AI settings that no longer pass were replaced without a word."""
        if self._refused_settings:
            self.show_status("Saved AI settings refused: " + "; ".join(self._refused_settings))

    def _first_size(self) -> None:
        """The first start: most of the screen, centred (the board and four chart docks
        were cramped in a fixed 1180x760 on a large screen), never smaller than that."""
        screen = self.screen() or QGuiApplication.primaryScreen()
        if screen is None:
            self.resize(1180, 760)
            return
        area = screen.availableGeometry()
        if _is_small([area.width(), area.height()]):
            self._compact_docks()
            self.layout().activate()  # the minimum size of the new layout, before resizing
        width = max(min(1180, area.width()), round(area.width() * 0.9))
        height = max(min(760, area.height()), round(area.height() * 0.9))
        self.resize(width, height)
        self.move(area.x() + (area.width() - width) // 2, area.y() + (area.height() - height) // 2)

    def _screen_size(self) -> list[int] | None:
        """The available width and height of the window's screen (None: no screen)."""
        screen = self.screen() or QGuiApplication.primaryScreen()
        if screen is None:
            return None
        area = screen.availableGeometry()
        return [area.width(), area.height()]

    def reset_layout(self) -> None:
        """View > Reset Layout: every dock back where the first start put it, the window at
        its first size (the compact layout on a small screen)."""
        if self.isFullScreen():
            self.showNormal()
        self.restoreState(self._default_layout)
        self._first_size()
        self.show_status("Window layout reset")

    def compact_layout(self) -> None:
        """View > Compact Layout: the dashboard's docks as tabs on the right (any screen)."""
        for dock in self.dashboard.docks.values() if self.dashboard is not None else ():
            dock.show()  # before tabbing: a hidden dock is left out of the tabs
        self._compact_docks()
        self.show_status("Dashboard docks tabbed on the right")

    def _compact_docks(self) -> None:
        """A small screen's first layout (issue 30: at 1024x640 the window was taller than the
        screen and the board got a quarter of it): the dashboard's docks share one place on
        the right as tabs, so the board keeps the window's height."""
        if self.dashboard is not None:
            docks = self.dashboard.docks
            order = [docks[k] for k in ("population", "tree", "game_graph", "throughput")]
            right = Qt.DockWidgetArea.RightDockWidgetArea
            for dock in order:
                self.addDockWidget(right, dock)
            for dock in order[1:]:
                self.tabifyDockWidget(order[0], dock)
            order[0].raise_()
            # Wide enough for the four tabs' titles (they were cut to "Populat...").
            width = sum(self.fontMetrics().horizontalAdvance(d.windowTitle()) for d in order)
            # Once the window is laid out: before that the dock area keeps its hinted width.
            QTimer.singleShot(
                0,
                lambda: self.resizeDocks(
                    [order[0]], [width + 32 * len(order)], Qt.Orientation.Horizontal
                ),
            )

    def _open_or_start(self, settings: GameSettings, path: str | Path | None) -> None:
        """The first game: the record at ``path`` (the command line's), else a new game
        with ``settings``; a record that cannot be read is reported and a new game starts."""
        if path is None or not self.document.open_file(path):
            self.controller.new_game(settings)
            self.document.set_clean()

    def _restore_or_start(self, settings: GameSettings, path: str | Path | None = None) -> None:
        """After the restore question: the restored game (then the record at ``path``, which
        asks to save the restored one first), or :meth:`_open_or_start`."""
        restored: list[bool] = []

        def note() -> None:
            restored.append(True)

        self.controller.game_replaced.connect(note)
        try:
            self.document.offer_restore()
        finally:
            self.controller.game_replaced.disconnect(note)
        if not restored:
            self._open_or_start(settings, path)
        elif path is not None and self.document.maybe_save(f"opening {Path(path).name}"):
            self.document.open_file(path)
        self._report_refused_settings()

    # ================================================================== building
    def _build_status_bar(self) -> None:
        bar = self.statusBar()
        # The tooltip is the message shown (show_status), and nothing once it has gone.
        bar.messageChanged.connect(lambda text: None if text else bar.setToolTip(""))
        self.turn_label = QLabel()
        self.ai_label = QLabel()
        self.rate_label = QLabel()
        self.time_label = QLabel()
        for label in (self.ai_label, self.rate_label, self.time_label):
            label.setMinimumWidth(60)
        # The search's time counts on while it runs, whether or not it reports progress (an
        # engine that only answers genmove sends nothing until its move).
        self._search_time_timer = QTimer(self)
        self._search_time_timer.setInterval(SEARCH_TIME_REFRESH_MS)
        self._search_time_timer.timeout.connect(self._show_search_time)
        self._search_since = 0.0  # time.monotonic() when the search shown started
        bar.addPermanentWidget(self.ai_label)
        bar.addPermanentWidget(self.rate_label)
        bar.addPermanentWidget(self.time_label)
        bar.addPermanentWidget(self.turn_label)
        # The kernels compiling at start-up (hexgui.startup.KernelWarmUp): hidden once ready.
        # Permanent, first: a temporary message would hide a normal status bar widget.
        self.kernel_label = QLabel()
        self.kernel_label.setObjectName("kernel_progress")
        self.kernel_label.setVisible(False)
        bar.insertPermanentWidget(0, self.kernel_label)
        bar.addPermanentWidget(self.reviewer.progress_label)
        bar.addPermanentWidget(self.reviewer.progress)
        bar.addPermanentWidget(self.reviewer.stop_button)

    def _build_move_list(self) -> None:
        self.move_list = MoveList(self.controller, self.reviewer.review, self.player_name)
        self.move_list_dock = QDockWidget("Moves", self)
        self.move_list_dock.setObjectName("moves_dock")
        self.move_list_dock.setWidget(self.move_list)
        self.add_dock(self.move_list_dock, Qt.DockWidgetArea.LeftDockWidgetArea)
        self.resizeDocks([self.move_list_dock], [MOVES_DOCK_PX], Qt.Orientation.Horizontal)
        self._moves_dock_px = MOVES_DOCK_PX  # the width the window gave it last
        self.move_list.fitted.connect(self._fit_moves_dock)

    def _build_move_tree(self) -> None:
        self.move_tree = MoveTreePanel(self.controller, self.player_name, self.reviewer.review)
        self.move_tree_dock = QDockWidget("Move Tree", self)
        self.move_tree_dock.setObjectName("move_tree_dock")
        self.move_tree_dock.setWidget(self.move_tree)
        self.add_dock(self.move_tree_dock, Qt.DockWidgetArea.LeftDockWidgetArea)
        self.comment_pane = CommentPane(self.controller)
        self.comment_dock = QDockWidget("Comment", self)
        self.comment_dock.setObjectName("comment_dock")
        self.comment_dock.setWidget(self.comment_pane)
        self.add_dock(self.comment_dock, Qt.DockWidgetArea.LeftDockWidgetArea)

    @Slot(int)
    def _fit_moves_dock(self, list_px: int) -> None:
        """The Moves dock follows the width its entries need, narrower as well as wider (a
        game of long entries had left it wide for good), unless the user made it wider than
        the window had: that width is theirs. Never narrower than its first width."""
        dock = self.move_list_dock
        frame = max(0, dock.width() - self.move_list.width())
        target = max(MOVES_DOCK_PX, list_px + frame)
        if not dock.isVisible() or dock.width() <= self._moves_dock_px + 2:
            self._moves_dock_px = target
            # Once the layout knows the list's new minimum: before, the dock keeps the old one.
            QTimer.singleShot(
                0, self, lambda: self.resizeDocks([dock], [target], Qt.Orientation.Horizontal)
            )

    def add_dock(self, dock: QDockWidget, area: Qt.DockWidgetArea) -> None:
        """Add ``dock`` to the window (dock widgets must have an objectName so the layout
        is saved between runs)."""
        if not dock.objectName():
            dock.setObjectName(dock.windowTitle().lower().replace(" ", "_") + "_dock")
        self.addDockWidget(area, dock)

    def _connect(self) -> None:
        c = self.controller
        c.position_changed.connect(self._on_position_changed)
        c.state_changed.connect(self._update_actions)
        c.event.connect(self._on_game_event)
        c.snapshot_ready.connect(self._on_snapshot)
        c.search_started.connect(self._on_search_started)
        c.search_finished.connect(self._on_search_finished)
        c.search_waiting.connect(self._on_search_waiting)
        c.hint_ready.connect(self._on_hint)
        c.move_played.connect(self._on_move_played)
        c.line_changed.connect(self._on_line_changed)
        c.game_replaced.connect(self._on_game_replaced)
        c.state_changed.connect(self._show_clock)
        c.clock_changed.connect(self._show_clock)
        self.board_widget.cell_clicked.connect(self._on_cell_clicked)
        self.board_widget.cell_right_clicked.connect(self._on_cell_right_clicked)

    def _attach_dashboard(self):
        """The live dashboard docks (hexgui.dashboard) beside the board."""
        from hexswarm.gui.dashboard import Dashboard

        dashboard = Dashboard(
            board=self.board_widget,
            controller=self.controller,
            parent=self,
            board_size=self.controller.board.shape,
        )
        dashboard.game_graph.set_player_names(self.player_name(BLACK), self.player_name(WHITE))
        dashboard.install(self)
        # The status bar names the move the board frames, from the same snapshot.
        dashboard.hints_shown.connect(self._show_best_move)
        return dashboard

    # ================================================================== view settings
    def _apply_view_settings(self) -> None:
        v = self._view_settings
        self.board_widget.set_theme(v.theme, resolve_dark(v.dark_mode))
        if getattr(self, "dashboard", None) is not None:  # None before it is attached
            self.dashboard.game_graph.set_player_names(
                self.player_name(BLACK), self.player_name(WHITE)
            )
        self._apply_palette(v.dark_mode)
        self.board_widget.set_show_coordinates(v.show_coordinates)
        for name, action in self.theme_actions.items():
            action.setChecked(name == v.theme)
        for mode, action in self.dark_actions.items():
            action.setChecked(mode == v.dark_mode)
        self.board_widget.set_show_move_numbers(v.show_move_numbers)
        for action, checked in (
            (self.act_coordinates, v.show_coordinates),
            (self.act_move_numbers, v.show_move_numbers),
        ):
            action.blockSignals(True)
            action.setChecked(checked)
            action.blockSignals(False)
        self.move_list.refresh()
        self._update_actions()

    def _set_view(self, **changes) -> None:
        from dataclasses import replace

        self._view_settings = replace(self._view_settings, **changes)
        save_view_settings(self._store, self._view_settings)
        self._apply_view_settings()

    def set_theme(self, name: str) -> None:
        """Switch the board's colours (``classic`` or ``redblue``) and remember it."""
        if name != self._view_settings.theme:
            self._set_view(theme=name)

    def set_dark_mode(self, mode: str) -> None:
        """``system``, ``light`` or ``dark``; remembered."""
        if mode != self._view_settings.dark_mode:
            self._set_view(dark_mode=mode)

    def set_show_coordinates(self, show: bool) -> None:
        if show != self._view_settings.show_coordinates:
            self._set_view(show_coordinates=bool(show))

    def set_show_move_numbers(self, show: bool) -> None:
        """Number the stones in the order they were played; remembered."""
        if show != self._view_settings.show_move_numbers:
            self._set_view(show_move_numbers=bool(show))

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt API)
        if (
            event.type() in (QEvent.Type.ApplicationPaletteChange, QEvent.Type.PaletteChange)
            and self._view_settings.dark_mode == "system"
        ):
            self.board_widget.set_dark(resolve_dark("system"))
        super().changeEvent(event)

    def _apply_palette(self, mode: str) -> None:
        """An explicit dark or light choice recolours the whole window, not just the board;
        "system" gives the desktop's own palette back."""
        app = QApplication.instance()
        if app is None:
            return
        if self._system_palette is None:
            self._system_palette = QPalette(app.palette())
        if mode == "dark":
            app.setPalette(dark_palette())
        elif mode == "light" and system_prefers_dark():
            app.setPalette(app.style().standardPalette())
        else:
            app.setPalette(self._system_palette)

    def _on_color_scheme_changed(self, _scheme) -> None:
        if self._view_settings.dark_mode == "system":
            self.board_widget.set_dark(resolve_dark("system"))

    # ================================================================== focus after dialogs
    def _watch_window(self, window: QWindow | None) -> None:
        """Qt's focus window changed: remember it, and follow each window that takes the
        focus (a dialog, a message box) to the moment it closes (:meth:`_refocus`). A main
        window no longer shown follows none (another may be open: a test's next one)."""
        if not self.isVisible():
            return
        self._focused = window
        if window is None or window.property(WATCHED):
            return
        window.setProperty(WATCHED, True)
        # A bound slot: disconnected by Qt when this window is deleted before that one.
        window.visibleChanged.connect(self._watched_visibility)

    def showEvent(self, event) -> None:  # noqa: N802 (Qt API)
        """Shown: take the keyboard focus once on screen if no window has it (without a
        window manager nobody gives it: the first keys went nowhere, round 16). Asked twice,
        the second time for a slow start's first frame."""
        super().showEvent(event)
        for delay_ms in REFOCUS_AFTER_SHOW_MS:
            QTimer.singleShot(delay_ms, self, self._refocus)

    @Slot(bool)
    def _watched_visibility(self, visible: bool) -> None:
        # Only a window that had the focus: not one closing in the background.
        if not visible and self._focused is not None and self.sender() is self._focused:
            QTimer.singleShot(0, self, self._refocus)

    def _refocus(self) -> None:
        """A window of ours closed with the keyboard focus and left it to no window: give it
        back to this one. Without a window manager nobody else does, and the keys went
        nowhere after every dialog (rounds 13-15 ran ``xdotool windowfocus``); with one,
        this asks for what it does itself."""
        if QGuiApplication.focusWindow() is None and self.isVisible():
            self.activateWindow()

    def toggle_full_screen(self) -> None:
        if self.isFullScreen():
            self.showNormal()
        else:
            self.showFullScreen()

    # ================================================================== controller -> view
    def player_name(self, color: Color) -> str:
        return self.board_widget.theme.player_name(color)

    @Slot(int)
    def _on_position_changed(self, position_id: int) -> None:
        c = self.controller
        self._drop_stale_event_status()
        self.board_widget.set_board(c.board)
        if self._hint_overlay_shown:
            # Only the overlay this window drew; the dashboard clears its own hints.
            self.board_widget.set_overlay(None)
            self._hint_overlay_shown = False
        if self.dashboard is not None:
            # The dashboard forgets the old position's hints and ghosts first: told after the
            # review had drawn the better line here, it wiped it (round 14: stepping back to
            # the move before a blunder showed no better move; only Next Mistake did).
            self.dashboard.set_position(position_id)
        self.reviewer.show_grades()  # the graph draws the line on screen: its grades only
        self.reviewer.show_review_here()
        self.move_list.refresh()
        if not c.searching:
            # The last search's figures were about another position: an AI's move's time had
            # stayed, read as the person's, while the person thought on the reply.
            self.rate_label.setText("")
            self.time_label.setText(self._move_time_text())
        self._update_turn_label()
        self._update_actions()

    @Slot()
    def _show_clock(self) -> None:
        c = self.controller
        self.clock_panel.set_clock(c.clock, c.time_loss(), waiting=c.waiting_to_start)

    def _update_turn_label(self) -> None:
        c = self.controller
        winner = c.winner
        if winner is not None:
            text = f"{self.player_name(winner)} won"
        else:
            color = c.board.to_move
            who = c.describe_player(color)
            # The level only: its settings in full ("AI sdst (agents=20000, ...)") took the
            # status bar's width and cut the other messages (seen at 1024x640); the tooltip
            # has them.
            text = f"{self.player_name(color)} to move ({who.split(' (')[0]})"
            if c.setup_mode:
                text = "SETUP MODE · " + text
            self.turn_label.setToolTip(f"{self.player_name(color)} to move: {who}")
        self.turn_label.setText(f"Move {c.move_number} · {text}")
        self.board_widget.set_human_to_move(not c.ai_to_move and not c.is_over)
        self.board_widget.set_setup_mode(c.setup_mode, BLACK)
        flagged = c.time_loss()
        if flagged is not None:
            self.board_widget.set_game_end(flagged, "ran out of time")
        else:
            self.board_widget.set_game_end(c.resigned)
        document = self.document
        named = document.path is not None or document.collection is not None
        title = f"{document.display_name} - {APP_TITLE}" if named else APP_TITLE
        self.setWindowTitle(("* " if self.document.dirty else "") + title)

    @Slot()
    def _update_actions(self) -> None:
        c = self.controller
        if not hasattr(self, "act_undo"):
            return
        self.act_undo.setEnabled(c.can_undo())
        self.act_back.setEnabled(c.can_undo())
        self.act_first.setEnabled(c.can_undo())
        self.act_redo.setEnabled(c.can_redo())
        self.act_forward.setEnabled(c.can_redo())
        self.act_last.setEnabled(c.can_redo())
        thinking = c.searching and c.search_purpose == "move"
        self.act_move_now.setEnabled(thinking)
        self.act_stop.setEnabled(c.searching)
        self.act_swap.setEnabled(c.board.swap_allowed() and not c.ai_to_move)
        self.act_hint.setEnabled(not c.is_over and not c.setup_mode and not thinking)
        # A game without help greys what it refuses, and says why where a greyed action is
        # looked at (round 15: Hint stayed enabled; the refusal was said only when it was used).
        withheld = c.assistance_withheld
        for action, tip in self._help_tips.items():
            if withheld:
                action.setEnabled(False)
            elif action is not self.act_hint:
                action.setEnabled(True)
            action.setToolTip(HELP_WITHHELD_TIP if withheld else tip)
            action.setStatusTip(HELP_WITHHELD_TIP if withheld else tip)
        # Nobody resigns a game with a result, wherever the board is in it (round 16).
        self.act_resign.setEnabled(
            not c.is_over and not c.game_finished and not c.ai_to_move and not c.setup_mode
        )
        self.act_step.setEnabled(c.ai_to_move and not c.is_over and not thinking)
        # Nothing to pause without an AI playing or a clock running (but a paused game can
        # always be resumed). Two people on the clock pause it (round 13: they could not).
        people_only = not (c.is_ai(BLACK) or c.is_ai(WHITE))
        clocked = c.clock is not None and not c.is_over and not c.game_finished
        self.act_pause.setEnabled(c.paused or not people_only or clocked)
        self.act_pause.setText("&Pause the Clocks" if people_only and clocked else "&Pause AI")
        self.act_pause.setToolTip(
            "Pause or resume the clocks" if people_only and clocked else "Pause or resume the AI"
        )
        for action in (self.act_black_to_move, self.act_white_to_move, self.act_clear):
            action.setEnabled(c.setup_mode)
        self.act_setup.blockSignals(True)
        self.act_setup.setChecked(c.setup_mode)
        self.act_setup.blockSignals(False)
        for action, checked in ((self.act_pause, c.paused), (self.act_analysis, c.analysing)):
            action.blockSignals(True)
            action.setChecked(checked)
            action.blockSignals(False)
        self._update_turn_label()

    @Slot(str)
    def show_status(self, message: str) -> None:
        """A message in the status bar for a few seconds: 8 s, and longer for a long one (a
        second per further 15 characters). The status bar's tooltip holds it whole while it
        is shown: the permanent labels on the right cut a long one (round 15: "Opened
        club-night.sgf: ... cannot be opened: line 6, column 13 (node 3):" ended there); the
        bar ends it with "…" and keeps it whole in Recent Messages (round 16)."""
        bar = self.statusBar()
        bar.showMessage(message, status_ms(message))
        bar.setToolTip(message)
        self.message_log.add(message)

    def show_messages(self) -> None:
        """View > Recent Messages, or a click on the status bar's message: the latest
        messages whole (the status bar cuts a long one with "…"; round 16)."""
        self.messages_dialog = self.message_log.dialog(self)  # tests reach the open one here
        try:
            self.messages_dialog.exec()
        finally:
            self.messages_dialog = None

    def _on_game_event(self, event: GameEvent) -> None:
        """The controller reports what happened; the window says it once, in the theme's
        colours. The sentence is about the position on the board when it came: it goes when
        another position is on the board ("Setup done: White to move." after White moved)."""
        text = describe(event, self.player_name)
        if isinstance(event, Navigated) and self.reviewer.review_text:
            # "Move 6." had replaced what the move played from here cost and what was better.
            text = f"{text} {self.reviewer.review_text}"
        self.show_status(text)
        self._event_status = (text, self.controller.game.cursor)

    def _drop_stale_event_status(self) -> None:
        shown = self._event_status
        if shown is None or shown[1] is self.controller.game.cursor:
            return
        self._event_status = None
        if self.statusBar().currentMessage() == shown[0]:
            self.statusBar().clearMessage()

    @Slot(int, str)
    def _on_search_started(self, _position_id: int, spec: str) -> None:
        self._search_spec = spec
        color = self.controller.board.to_move
        self._search_purpose = self.controller.search_purpose
        verb = {"move": "thinking", "analysis": "analysing"}.get(
            self.controller.search_purpose or "", "finding a hint"
        )
        self.ai_label.setText(f"{self.player_name(color)} ({player_label(spec)}) {verb}")
        self.rate_label.setText("")
        self._search_since = time.monotonic()
        self._show_search_time()
        self._search_time_timer.start()
        self.board_widget.set_caption(f"AI {verb}")
        self._update_actions()

    def show_kernel_progress(self, ready: int, total: int, text: str) -> None:
        """The start-up warm-up's progress (``KernelWarmUp.progress``) in the status bar."""
        if text == "ready":
            self.kernel_label.setVisible(False)
            self.show_status(f"Search kernels ready ({total} groups).")
            return
        doing = "preparing to compile" if text == "preparing" else text
        self.kernel_label.setText(f"Kernels {ready}/{total} ready: {doing}…")
        self.kernel_label.setToolTip(
            "The AI players' search kernels are compiled once on a first start (and after an "
            "update); you can play meanwhile. An AI whose kernels are not ready yet waits."
        )
        self.kernel_label.setVisible(True)

    @Slot(int, str)
    def _on_search_waiting(self, _position_id: int, kernels: str) -> None:
        """A search waits for kernels still compiling at start-up (``kernels`` names them),
        or runs now (``""``)."""
        color = self.controller.board.to_move
        if kernels:
            # Short: the status bar is shared; the groups are in the tooltip and the warm-up's
            # own label names what compiles.
            self.ai_label.setText(f"{self.player_name(color)} waits for its kernels (compiling)")
            self.ai_label.setToolTip(f"The search starts when these are ready: the {kernels}.")
            self.board_widget.set_caption("AI waiting for its kernels")
        else:
            self.ai_label.setToolTip("")
            self._on_search_started(_position_id, self._search_spec)

    @Slot(int)
    def _on_search_finished(self, _position_id: int) -> None:
        self._show_search_time()  # the search's whole time: a quick one ends between ticks
        self._search_time_timer.stop()
        self.ai_label.setText("AI idle")
        self.board_widget.set_caption("")
        self._update_actions()

    @Slot()
    def _on_game_replaced(self) -> None:
        """Another game: the status bar's search figures belonged to the previous one."""
        self._search_time_timer.stop()
        self.ai_label.setText("AI idle")
        self.rate_label.setText("")
        self.time_label.setText("")

    @Slot(object)
    def _on_snapshot(self, snapshot: SearchSnapshot) -> None:
        self.rate_label.setText(f"{format_count(snapshot.playouts_per_s)} playouts/s")
        if self.dashboard is None:  # else the board's snapshot names it (_show_best_move)
            self._show_best_move(snapshot)

    @Slot()
    def _show_search_time(self) -> None:
        self.time_label.setText(self._search_time_text())

    def _search_time_text(self) -> str:
        """The status bar's time of the running search: a move's, the player's thinking time
        on it (the controller's, as the clock counts it: any kind of player), with the
        player's total; a hint's or an analysis's wall time, named so (they are not the
        player's thinking)."""
        purpose = self._search_purpose
        if purpose is not None and purpose != "move":
            return f"{purpose} {time.monotonic() - self._search_since:.1f} s"
        color = self.controller.board.to_move
        elapsed_s = self.controller.turn_seconds()
        total = self.controller.thinking_time(color) + elapsed_s
        return f"{elapsed_s:.1f} s (total {self.player_name(color)} {total:.0f} s)"

    def _move_time_text(self) -> str:
        """The status bar's time while no search runs: how long the move on the board took
        its player (whoever played it), with that player's total up to it; empty at the
        start, after a setup edit or for a move without a measured time."""
        c = self.controller
        node = c.game.cursor
        color, seconds = node.color, node.thinking_seconds
        if color is None or seconds is None:
            return ""
        name = self.player_name(color)
        return f"{name}'s move {seconds:.1f} s (total {name} {c.thinking_time(color):.0f} s)"

    @Slot(object)
    def _show_best_move(self, snapshot: SearchSnapshot) -> None:
        """Name the search's best move in the status bar: the snapshot the board's hints show
        (issue 30: the status bar named the newest snapshot's move while the board framed an
        older one's, and the two disagreed)."""
        c = self.controller
        if not c.searching or snapshot.position_id != c.position_id:
            return
        if c.assistance_withheld:  # a game without help: no "best d8 (39%)" (round 17)
            return
        if 0 <= snapshot.best_move < c.board.cell_count:
            self.status_snapshot = snapshot
            best = c.board.cell_name(snapshot.best_move)
            self.ai_label.setText(
                f"{self.player_name(c.board.to_move)} ({player_label(snapshot.player)}): iteration "
                f"{snapshot.iteration}, best {best} ({percent_text(snapshot.estimate)})"
            )

    @Slot(object)
    def _on_hint(self, choice) -> None:
        """Draw the hint (the controller's ``HintFound`` event names it in the status bar).
        The dashboard already draws the hint search's agents on the board
        (it sees every snapshot of the current position); when its board hints are switched
        off, the strongest candidates are drawn here instead, so a requested hint always shows."""
        dashboard_draws = self.dashboard is not None and self.dashboard.overlay.settings.enabled
        if dashboard_draws:
            return
        values: dict[int, tuple[float, str]] = {}
        line: tuple[int, ...] = ()
        if choice.snapshot is not None:
            shares = overlay_values(choice.snapshot)
            strongest = sorted(shares.items(), key=lambda item: -item[1][0])[:HINT_CANDIDATES]
            values = dict(strongest)
            line = tuple(choice.snapshot.principal_variation)
        best = choice.move if isinstance(choice.move, int) else None
        self.board_widget.set_overlay(values, best, line)
        self._hint_overlay_shown = True

    @Slot(object)
    def _on_move_played(self, _info: MoveInfo) -> None:
        self._update_turn_label()

    @Slot()
    def _on_line_changed(self) -> None:
        self._update_turn_label()

    @Slot(object)
    def _on_game_loaded(self, game) -> None:
        if self.dashboard is not None:
            self.dashboard.set_board_size(game.shape)

    # ================================================================== board input
    @Slot(int)
    def _on_cell_clicked(self, cell: int) -> None:
        c = self.controller
        if c.setup_mode:
            c.setup_stone(cell, BLACK)
        elif self.reviewer.is_better_move(cell):
            self.reviewer.play_better_move()  # the review's ghost: one click makes it a variation
        else:
            c.play(cell)

    @Slot(int)
    def _on_cell_right_clicked(self, cell: int) -> None:
        c = self.controller
        if c.setup_mode:
            c.setup_stone(cell, WHITE)
        else:
            self.show_status("Right click places White stones in setup mode (Ctrl+T).")

    # ================================================================== dialogs and actions
    def new_game_dialog(self) -> bool:
        """Ask for the new game's settings; start it and remember them. Returns accepted."""
        from hexswarm.gui.dialogs.new_game import NewGameDialog

        dialog = NewGameDialog(
            self.controller.settings,
            parent=self,
            player_name=self.player_name,
            engines=list(self._engines.values()),
        )
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        if not self.document.maybe_save("starting a new game"):
            return False
        self.start_new_game(dialog.settings())
        return True

    def start_new_game(self, settings: GameSettings, *, seed: int | None = None) -> None:
        """Start a new game with ``settings`` (and ``seed``: None draws a fresh one) and
        persist the settings."""
        save_game_settings(self._store, settings)
        if self.dashboard is not None:
            self.dashboard.set_board_size(settings.shape)
        self.controller.new_game(settings, seed=seed)
        self.document.set_clean()

    def game_properties_dialog(self) -> bool:
        """Show the game's properties; "Replay with the same seed" starts the game again with
        the same settings and seed. Returns whether a replay started."""
        from hexswarm.gui.dialogs.game_info import REPLAY, GameInfoDialog

        dialog = GameInfoDialog(self.document.current_record(), parent=self)
        result = dialog.exec()
        if result == QDialog.DialogCode.Accepted:
            if self.document.set_game_info(dialog.names()):
                self.show_status("The game's information changed (saved with the game).")
            return False
        if result != REPLAY or not self.document.maybe_save("replaying the game"):
            return False
        self.replay_with_seed()
        return True

    def replay_with_seed(self) -> None:
        """A new game with the current settings and the game's seed (see
        :meth:`GameController.new_game`)."""
        seed = self.controller.game_seed
        self.start_new_game(self.controller.settings, seed=seed)
        self.show_status(f"New game with the seed {seed}: the AIs play as they did.")

    def engines_dialog(self) -> bool:
        """The engine manager: add, change or remove external GTP engines; saved at once.
        Returns whether the list changed."""
        from hexswarm.gui.dialogs.engines import EngineManagerDialog

        dialog = EngineManagerDialog(list(self._engines.values()), parent=self)
        self.engine_manager = dialog  # tests reach the open manager here
        try:
            dialog.exec()
        finally:
            self.engine_manager = None
        engines = dialog.engines()
        if engines == list(self._engines.values()):
            return False
        self._engines = {e.name: e for e in engines}
        save_engines(self._store, engines)
        self.show_status(f"{count_text(len(engines), 'external engine')} saved")
        return True

    def players_dialog(self) -> bool:
        """Change who plays each side and the AI settings mid-game (apply from the next move)."""
        from hexswarm.gui.dialogs.new_game import NewGameDialog

        dialog = NewGameDialog(
            self.controller.settings,
            parent=self,
            players_only=True,
            player_name=self.player_name,
            engines=list(self._engines.values()),
        )
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        settings = dialog.settings()
        self.controller.set_settings(settings)
        save_game_settings(self._store, self.controller.settings)
        self.move_list.refresh()  # its width for the new players' entries
        self._update_actions()
        return True

    def resign(self) -> None:
        c = self.controller
        if c.is_over or c.ai_to_move:
            c.resign()  # says why not in the status bar
            return
        answer = ask(self, "Resign", f"{self.player_name(c.board.to_move)} resigns this game?")
        if answer == QMessageBox.StandardButton.Yes:
            c.resign()

    def go_to_dialog(self) -> None:
        c = self.controller
        number, ok = QInputDialog.getInt(
            self, "Go to Move", "Move number:", c.move_number, 0, c.move_count
        )
        if ok:
            c.go_to(number)

    def show_shortcuts(self) -> None:
        self.shortcuts_dialog().exec()

    def shortcuts_dialog(self) -> QDialog:
        """A table of every action and its shortcut (generated from the actions), as wide as
        its columns: no sideways scrolling."""
        dialog = QDialog(self)
        dialog.setWindowTitle("Keyboard Shortcuts")
        layout = QVBoxLayout(dialog)
        rows = [
            (
                action.text().replace("&", ""),
                action.shortcut().toString(QKeySequence.SequenceFormat.NativeText),
            )
            for action in self.actions()
            if not action.shortcut().isEmpty()
        ]
        table = QTableWidget(len(rows), 2, dialog)
        table.setObjectName("shortcuts")
        table.setHorizontalHeaderLabels(["Action", "Shortcut"])
        for row, (text, keys) in enumerate(rows):
            table.setItem(row, 0, QTableWidgetItem(text))
            table.setItem(row, 1, QTableWidgetItem(keys))
        table.resizeColumnsToContents()
        table.verticalHeader().hide()
        table.horizontalHeader().setStretchLastSection(True)
        table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        layout.addWidget(table)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(dialog.reject)
        layout.addWidget(buttons)
        scroll = table.verticalScrollBar().sizeHint().width()
        width = table.horizontalHeader().length() + scroll + 2 * table.frameWidth()
        margins = layout.contentsMargins()
        dialog.resize(width + margins.left() + margins.right() + 8, 560)
        return dialog

    def show_guide(self) -> None:
        """The full guide (docs/gui.md) rendered in a window; a summary if it is missing."""
        from hexswarm.gui.guide import guide_dialog

        dialog = guide_dialog(self)
        if dialog is not None:
            dialog.exec()
            return
        text = (
            "<h3>Playing</h3><p>Click an empty cell to play. Black connects top and bottom, "
            "White left and right. Ctrl+N starts a new game (size, swap rule, and for each "
            "side a human or an AI with its level and settings).</p>"
            "<h3>Studying</h3><p>Home/Left/Right/End move through the game, Up/Down switch "
            "variations; click the move list or the move tree to jump. Playing from an earlier "
            "position starts a variation: nothing is lost. Ctrl+T turns on setup mode: click "
            "places Black, right click White, click a stone again to remove it. The Positions "
            "menu has study positions; the Comment panel explains them.</p>"
            "<h3>The AI</h3><p>Space pauses and resumes the AI, Shift+Space makes one AI move, "
            "Ctrl+M makes a thinking AI move now, Esc stops it, Ctrl+H asks for a hint.</p>"
            "<p>The full guide (docs/gui.md) is not installed here.</p>"
        )
        QMessageBox.information(self, "HexSwarm User Guide", text)

    def show_lab(self) -> None:
        """The swarm lab (hexgui/lab), studying a copy of the current position on demand."""
        if getattr(self, "lab_window", None) is None:
            from hexswarm.gui.lab.window import LabWindow

            self.lab_window = LabWindow(position=self.lab_position, anchor=self)
        self.lab_window.show()
        self.lab_window.raise_()

    def lab_position(self) -> Board:
        """A copy of the position on the board for the lab's "Hex position" problem; refused
        (:class:`HexError`, which the lab says in a message) while a game without help goes
        on: the swarm's view of the position is the AI's evaluation (round 17, at the desk:
        the lab studied the game's position as Analysis Mode would)."""
        if self.controller.assistance_withheld:
            raise HexError(
                "No study of the game's position during this game against the AI: New Game "
                "turned hints and analysis off for it. It is back when the game ends."
            )
        return self.controller.board.copy()

    def show_about(self) -> None:
        try:
            from hexswarm.gui.dialogs.about import show_about
        except ImportError:
            from hexswarm.engine import __version__

            QMessageBox.about(
                self,
                "About HexSwarm",
                f"<b>HexSwarm {__version__}</b><p>Hex against swarm-intelligence AIs.</p>",
            )
            return
        show_about(self)

    # ================================================================== closing
    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt API)
        """With unsaved changes, ask Save / Discard / Cancel first (Cancel keeps the window
        open). Then stop the engine thread and the dashboard timer, save the layout; the
        autosave is marked clean (a crash leaves it pending, to be offered at the next start)."""
        if not self._closing and not self.document.maybe_save():
            event.ignore()
            return
        self.shutdown()
        super().closeEvent(event)

    def shutdown(self) -> None:
        """Everything closeEvent does; idempotent (tests call it directly too)."""
        if self._closing:
            return
        self._closing = True
        self._store.setValue("window/geometry", self.saveGeometry())
        self._store.setValue("window/state", self.saveState())
        self._store.setValue("window/screen", self._screen_size())
        self._store.sync()
        if self.dashboard is not None:
            self.dashboard.stop()
        if getattr(self, "lab_window", None) is not None:
            self.lab_window.close()
        self.reviewer.shutdown()
        self.controller.shutdown()
        if self._system_palette is not None:  # leave the application as it was found
            QApplication.instance().setPalette(self._system_palette)
        self.document.close()

"""The main window: menus, the board, the move list, the status bar, and their wiring.

Everything the user can do is a QAction with a menu entry and a keyboard shortcut; the actions
call :class:`~hexgui.game_controller.GameController` methods and the window repaints from the
controller's signals. The file behind the game (open, save, recent files, autosave, unsaved
changes) is the :class:`~hexgui.document.GameDocument`'s; the move tree and comment docks are
:mod:`hexgui.move_tree`'s.

GUI thread only.
"""

from __future__ import annotations

import logging
from pathlib import Path

from hexswarm.engine.board import BLACK, WHITE, Color, SetupEdit
from hexswarm.engine.game import GAME_END_TOKENS as GAME_ENDS
from hexswarm.engine.review import PositionAnalysis
from hexswarm.engine.search.snapshot import SearchSnapshot
from hexswarm.gui.board_widget import BoardWidget
from hexswarm.gui.clock_panel import ClockPanel
from hexswarm.gui.dashboard.model import format_count
from hexswarm.gui.dashboard.overlay import overlay_values
from hexswarm.gui.document import GameDocument
from hexswarm.gui.engine_worker import PlayerFactory, engine_player_factory
from hexswarm.gui.game_analysis import GameAnalysis
from hexswarm.gui.game_controller import GameController, MoveInfo
from hexswarm.gui.game_events import GameEvent, describe, percent_text
from hexswarm.gui.move_tree import CommentPane, MoveTreePanel
from hexswarm.gui.review import GRADE_MARKS, GameReview, ReviewDialog, ReviewSettings
from hexswarm.gui.settings import (
    GameSettings,
    engine_name,
    load_engines,
    load_game_settings,
    load_view_settings,
    save_engines,
    save_game_settings,
    save_view_settings,
)
from hexswarm.gui.themes import (
    DARK_MODES,
    THEME_NAMES,
    dark_palette,
    resolve_dark,
    system_prefers_dark,
    theme_label,
)
from PySide6.QtCore import QEvent, QSettings, Qt, QTimer, Slot
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QBrush,
    QCloseEvent,
    QColor,
    QGuiApplication,
    QKeySequence,
    QPalette,
)
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QDockWidget,
    QFileDialog,
    QInputDialog,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QMenu,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QStyle,
    QTableWidget,
    QTableWidgetItem,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

log = logging.getLogger(__name__)

APP_TITLE = "HexSwarm"
HINT_CANDIDATES = 6
"""How many of the hint search's most supported cells are labelled on the board when the
dashboard's own board hints are switched off."""


def default_settings_store() -> QSettings:
    """The user's settings (platform-native location)."""
    return QSettings("HexSwarm", "HexSwarm")


class MainWindow(QMainWindow):
    """The application window.

    ``settings`` is where preferences persist (tests pass a temporary ini file);
    ``player_factory`` builds AIs from spec strings (tests inject tiny players; the default is
    ``engine.players.create_player``). ``autosave_dir`` overrides where the running game is
    autosaved (default: the user's data directory; ``None`` with ``autosave=False`` disables).
    """

    def __init__(
        self,
        settings: QSettings | None = None,
        *,
        player_factory: PlayerFactory | None = None,
        autosave: bool = True,
        autosave_dir: str | Path | None = None,
        offer_restore: bool = True,
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
        self._hint_search = False  # whether the search the status bar shows is a hint
        self._search_spec = ""  # the spec of the search the status bar shows
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
        self.game_analysis = GameAnalysis(player_factory, self)
        self._analysed_moves: dict[int, int] = {}  # id(node) -> moves on its board
        self.review = GameReview()
        self._review_line: tuple[str, ...] = ()  # the better line shown as ghosts, if any
        self.controller.color_name = self.player_name
        self.document = GameDocument(
            self,
            self.controller,
            self._store,
            autosave=autosave,
            autosave_dir=autosave_dir,
            show_status=self._show_status,
        )
        self.document.changed.connect(self._update_turn_label)
        self.document.loaded.connect(self._on_game_loaded)

        self._build_status_bar()
        self._build_move_list()
        self._build_move_tree()
        self._build_actions()
        self._build_menus()
        self._build_toolbar()
        self._connect()
        self._apply_view_settings()

        self.dashboard = self._attach_dashboard()
        self._graph_line: tuple[int, ...] = ()  # ids of the nodes of the line the graph shows
        # After the dashboard's own handler: it keeps the graph as moves are played.
        self.controller.position_changed.connect(self._sync_game_graph)
        # After the dashboard has forgotten the previous game: draw what the new one keeps
        # (a reviewed game opens with its estimates and grades).
        self.controller.game_replaced.connect(self._show_saved_review)
        hints = QGuiApplication.styleHints()
        if hasattr(hints, "colorSchemeChanged"):  # Qt 6.5+: follow the desktop's dark mode live
            hints.colorSchemeChanged.connect(self._on_color_scheme_changed)

        geometry = self._store.value("window/geometry")
        if geometry is not None:
            self.restoreGeometry(geometry)
        else:
            self._first_size()
        state = self._store.value("window/state")
        if state is not None:
            self.restoreState(state)

        if offer_restore and self.document.autosave is not None:
            # No AI may start searching behind the "Restore game?" question (remembered AI
            # settings made every launch burn both cores there): the new game, and with it any
            # AI move, starts once the question is answered, unless a game was restored.
            self.board_widget.set_board(self.controller.board)
            QTimer.singleShot(0, lambda: self._restore_or_start(game_settings))
        else:
            self.controller.new_game(game_settings)
            self._report_refused_settings()
        self.document.set_clean()

    def _report_refused_settings(self) -> None:
        """Issue 16: saved AI settings that no longer pass were replaced without a word."""
        if self._refused_settings:
            self._show_status("Saved AI settings refused: " + "; ".join(self._refused_settings))

    def _first_size(self) -> None:
        """The first start: most of the screen, centred (the board and four chart docks
        were cramped in a fixed 1180x760 on a large screen), never smaller than that."""
        screen = self.screen() or QGuiApplication.primaryScreen()
        if screen is None:
            self.resize(1180, 760)
            return
        area = screen.availableGeometry()
        width = max(min(1180, area.width()), round(area.width() * 0.9))
        height = max(min(760, area.height()), round(area.height() * 0.9))
        self.resize(width, height)
        self.move(area.x() + (area.width() - width) // 2, area.y() + (area.height() - height) // 2)

    def _restore_or_start(self, settings: GameSettings) -> None:
        restored: list[bool] = []

        def note() -> None:
            restored.append(True)

        self.controller.game_replaced.connect(note)
        try:
            self.document.offer_restore()
        finally:
            self.controller.game_replaced.disconnect(note)
        if not restored:
            self.controller.new_game(settings)
            self.document.set_clean()
        self._report_refused_settings()

    # ================================================================== building
    def _build_status_bar(self) -> None:
        bar = self.statusBar()
        self.turn_label = QLabel()
        self.ai_label = QLabel()
        self.rate_label = QLabel()
        self.time_label = QLabel()
        for label in (self.ai_label, self.rate_label, self.time_label):
            label.setMinimumWidth(60)
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
        self.analysis_progress = QProgressBar()
        self.analysis_progress.setMaximumWidth(160)
        self.analysis_progress.setFormat("Analysing %v/%m")
        self.analysis_stop = QPushButton("Stop Analysis")
        self.analysis_stop.clicked.connect(self.game_analysis.stop)
        for widget in (self.analysis_progress, self.analysis_stop):
            widget.setVisible(False)
            bar.addPermanentWidget(widget)
        analysis = self.game_analysis
        analysis.progress.connect(self._on_game_analysis_progress)
        analysis.position_analysed.connect(self._on_position_analysed)
        analysis.finished.connect(self._on_game_analysis_finished)
        analysis.failed.connect(lambda message: self._show_status(f"Analysis failed: {message}"))

    def _build_move_list(self) -> None:
        self.move_list = QListWidget()
        self.move_list.setObjectName("move_list")
        self.move_list.itemClicked.connect(self._on_move_list_clicked)
        self.move_list.setMinimumWidth(140)
        self.move_list_dock = QDockWidget("Moves", self)
        self.move_list_dock.setObjectName("moves_dock")
        self.move_list_dock.setWidget(self.move_list)
        self.add_dock(self.move_list_dock, Qt.DockWidgetArea.LeftDockWidgetArea)
        self.resizeDocks([self.move_list_dock], [170], Qt.Orientation.Horizontal)

    def _build_move_tree(self) -> None:
        self.move_tree = MoveTreePanel(self.controller, self.player_name)
        self.move_tree_dock = QDockWidget("Move Tree", self)
        self.move_tree_dock.setObjectName("move_tree_dock")
        self.move_tree_dock.setWidget(self.move_tree)
        self.add_dock(self.move_tree_dock, Qt.DockWidgetArea.LeftDockWidgetArea)
        self.comment_pane = CommentPane(self.controller)
        self.comment_dock = QDockWidget("Comment", self)
        self.comment_dock.setObjectName("comment_dock")
        self.comment_dock.setWidget(self.comment_pane)
        self.add_dock(self.comment_dock, Qt.DockWidgetArea.LeftDockWidgetArea)

    def add_dock(self, dock: QDockWidget, area: Qt.DockWidgetArea) -> None:
        """Add ``dock`` to the window (dock widgets must have an objectName so the layout
        is saved between runs)."""
        if not dock.objectName():
            dock.setObjectName(dock.windowTitle().lower().replace(" ", "_") + "_dock")
        self.addDockWidget(area, dock)

    def _action(
        self,
        text: str,
        shortcut: str | QKeySequence.StandardKey | list,
        slot,
        *,
        tip: str = "",
        checkable: bool = False,
    ) -> QAction:
        action = QAction(text, self)
        if isinstance(shortcut, list):
            action.setShortcuts([QKeySequence(s) for s in shortcut])
        else:
            action.setShortcut(QKeySequence(shortcut))
        action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        if tip:
            action.setStatusTip(tip)
            action.setToolTip(tip)
        action.setCheckable(checkable)
        if checkable:
            action.toggled.connect(slot)
        else:
            action.triggered.connect(lambda _checked=False: slot())
        self.addAction(action)
        return action

    def _build_actions(self) -> None:
        c = self.controller
        a = self._action
        # File
        self.act_new = a("&New Game...", "Ctrl+N", self.new_game_dialog, tip="Start a new game")
        d = self.document
        self.act_open = a("&Open...", "Ctrl+O", d.open_dialog, tip="Open an SGF or HSGF file")
        self.act_open_link = a(
            "Open &Link...", "Ctrl+L", d.open_link_dialog, tip="Open a HexWorld or trmph link"
        )
        self.act_save = a("&Save", "Ctrl+S", d.save, tip="Save the game as SGF")
        self.act_save_as = a("Save &As...", "Ctrl+Shift+S", d.save_as)
        self.act_save_position = a(
            "Save &Position...",
            "Ctrl+Shift+P",
            d.save_position_dialog,
            tip="Save the position on screen as setup stones",
        )
        self.act_export_image = a("Board &Image (PNG/SVG)...", "Ctrl+E", self.export_image_dialog)
        self.act_export_hexworld = a(
            "Copy &HexWorld Link", "Ctrl+Shift+H", lambda: self.copy_link("hexworld")
        )
        self.act_export_trmph = a(
            "Copy &trmph Link", "Ctrl+Shift+R", lambda: self.copy_link("trmph")
        )
        self.act_export_moves = a("Copy &Move List", "Ctrl+Shift+L", self.copy_move_list)
        self.act_quit = a("&Quit", "Ctrl+Q", self.close)
        # Edit
        self.act_undo = a("&Undo", "Ctrl+Z", c.undo, tip="Take back the last move")
        self.act_redo = a("&Redo", ["Ctrl+Shift+Z", "Ctrl+Y"], c.redo)
        self.act_setup = a(
            "&Setup Mode",
            "Ctrl+T",
            self._on_setup_toggled,
            tip="Place and remove stones of either colour",
            checkable=True,
        )
        self.act_black_to_move = a(
            "Black to Move", "Ctrl+Shift+B", lambda: c.set_side_to_move(BLACK)
        )
        self.act_white_to_move = a(
            "White to Move", "Ctrl+Shift+W", lambda: c.set_side_to_move(WHITE)
        )
        self.act_clear = a("&Clear Board", "Ctrl+Shift+Del", c.clear_board)
        # Game
        self.act_players = a(
            "&Players and AI Settings...", "Ctrl+P", self.players_dialog, tip="Change who plays"
        )
        self.act_properties = a(
            "Game P&roperties...",
            "Ctrl+I",
            self.game_properties_dialog,
            tip="The game's information and seed; replay it with the same seed",
        )
        self.act_engines = a(
            "External &Engines...",
            "Ctrl+Shift+E",
            self.engines_dialog,
            tip="GTP engines (MoHex, KataHex...) to play against",
        )
        self.act_pause = a(
            "&Pause AI", "Space", c.set_paused, checkable=True, tip="Pause or resume the AI"
        )
        self.act_step = a("Single S&tep", "Shift+Space", c.step, tip="Let the AI make one move")
        self.act_move_now = a("&Move Now", "Ctrl+M", c.move_now, tip="Play the best move so far")
        self.act_stop = a("S&top Search", "Esc", c.stop)
        self.act_hint = a("&Hint", "Ctrl+H", c.hint, tip="Ask the AI for a suggestion")
        self.act_analyse_game = a(
            "Re&view the Whole Game...",
            "Ctrl+Shift+G",
            self.analyse_game_dialog,
            tip="Analyse every position of the main line in the background and grade each move",
        )
        self.act_next_mistake = a(
            "Next Mistake",
            "Ctrl+Shift+Right",
            lambda: self.step_mistake(1),
            tip="The position before the next mistake of the reviewed main line",
        )
        self.act_previous_mistake = a(
            "Previous Mistake",
            "Ctrl+Shift+Left",
            lambda: self.step_mistake(-1),
            tip="The position before the previous mistake of the reviewed main line",
        )
        self.act_play_better = a(
            "Play the &Better Move",
            "Ctrl+B",
            self.play_better_move,
            tip="Play the review's better move here, as a variation",
        )
        self.act_analysis = a(
            "&Analysis Mode",
            "Ctrl+Shift+Y",
            c.set_analysis,
            checkable=True,
            tip="The hint AI searches every position you visit; Esc stops",
        )
        self.act_swap = a("S&wap", "Ctrl+Shift+X", c.swap, tip="Take the first stone (swap rule)")
        self.act_resign = a("&Resign", "Ctrl+R", self.resign)
        self.act_first = a("&First Position", "Home", c.first)
        self.act_back = a("&Back", "Left", c.back)
        self.act_forward = a("&Forward", "Right", c.forward)
        self.act_last = a("&Last Position", "End", c.last)
        self.act_go_to = a("&Go to Move...", "Ctrl+G", self.go_to_dialog)
        self.act_next_variation = a(
            "&Next Variation", "Down", lambda: c.go_to_variation(1), tip="The next variation"
        )
        self.act_previous_variation = a("P&revious Variation", "Up", lambda: c.go_to_variation(-1))
        self.act_promote = a(
            "Make &Main Line", "Ctrl+Shift+Up", c.promote, tip="Make this line the main line"
        )
        self.act_delete_branch = a(
            "&Delete Branch...",
            "Ctrl+Del",
            self.move_tree.delete_branch,
            tip="Delete this move and everything after it in this branch",
        )
        # View
        self.theme_actions: dict[str, QAction] = {}
        group = QActionGroup(self)
        for index, name in enumerate(THEME_NAMES, start=1):
            action = a(
                theme_label(name),
                f"Ctrl+{index}",
                lambda checked, name=name: checked and self.set_theme(name),
                checkable=True,
            )
            group.addAction(action)
            self.theme_actions[name] = action
        self.dark_actions: dict[str, QAction] = {}
        group = QActionGroup(self)
        labels = {"system": "Follow the System", "light": "Light", "dark": "Dark"}
        for index, mode in enumerate(DARK_MODES, start=1):
            action = a(
                labels[mode],
                f"Ctrl+Alt+{index}",
                lambda checked, mode=mode: checked and self.set_dark_mode(mode),
                checkable=True,
            )
            group.addAction(action)
            self.dark_actions[mode] = action
        self.act_coordinates = a(
            "Show &Coordinates", "Ctrl+Shift+C", self.set_show_coordinates, checkable=True
        )
        self.act_move_numbers = a(
            "Show Move &Numbers",
            "Ctrl+Shift+N",
            self.set_show_move_numbers,
            checkable=True,
            tip="Number the stones in the order they were played",
        )
        self.act_move_tree = self.move_tree_dock.toggleViewAction()
        self.act_move_tree.setShortcut(QKeySequence("Ctrl+Shift+T"))
        self.addAction(self.act_move_tree)
        self.act_comment = self.comment_dock.toggleViewAction()
        self.act_comment.setShortcut(QKeySequence("Ctrl+Shift+O"))
        self.addAction(self.act_comment)
        self.act_move_list = self.move_list_dock.toggleViewAction()
        self.act_move_list.setShortcut(QKeySequence("Ctrl+Shift+M"))
        self.addAction(self.act_move_list)
        self.act_full_screen = a("&Full Screen", "F11", self.toggle_full_screen)
        # Help
        self.act_guide = a("&User Guide", "F1", self.show_guide)
        self.act_shortcuts = a("&Keyboard Shortcuts", "Ctrl+/", self.show_shortcuts)
        self.act_about = a("&About HexSwarm", "Ctrl+Shift+A", self.show_about)

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        file_menu.addActions([self.act_new, self.act_open, self.act_open_link])
        self.recent_menu = file_menu.addMenu("Open &Recent")
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        file_menu.addSeparator()
        file_menu.addActions([self.act_save, self.act_save_as, self.act_save_position])
        export = file_menu.addMenu("&Export")
        export.addActions(
            [
                self.act_export_image,
                self.act_export_hexworld,
                self.act_export_trmph,
                self.act_export_moves,
            ]
        )
        self.export_menu = export
        file_menu.addSeparator()
        file_menu.addAction(self.act_quit)

        edit = bar.addMenu("&Edit")
        edit.addActions([self.act_undo, self.act_redo])
        edit.addSeparator()
        edit.addActions(
            [self.act_setup, self.act_black_to_move, self.act_white_to_move, self.act_clear]
        )
        edit.addSeparator()
        edit.addActions([self.act_promote, self.act_delete_branch])

        game = bar.addMenu("&Game")
        game.addActions([self.act_players, self.act_properties, self.act_engines])
        game.addSeparator()
        game.addActions([self.act_pause, self.act_step, self.act_move_now, self.act_stop])
        game.addSeparator()
        game.addActions(
            [
                self.act_hint,
                self.act_analysis,
                self.act_analyse_game,
                self.act_next_mistake,
                self.act_previous_mistake,
                self.act_play_better,
                self.act_swap,
                self.act_resign,
            ]
        )
        game.addSeparator()
        game.addActions(
            [self.act_first, self.act_back, self.act_forward, self.act_last, self.act_go_to]
        )
        game.addActions([self.act_previous_variation, self.act_next_variation])

        self.positions_menu = bar.addMenu("P&ositions")
        self._fill_positions_menu()

        view = bar.addMenu("&View")
        theme_menu = view.addMenu("&Theme")
        theme_menu.addActions(list(self.theme_actions.values()))
        dark_menu = view.addMenu("&Dark Mode")
        dark_menu.addActions(list(self.dark_actions.values()))
        view.addActions([self.act_coordinates, self.act_move_numbers])
        view.addSeparator()
        view.addActions([self.act_move_list, self.act_move_tree, self.act_comment])
        self.dashboard_menu: QMenu = view.addMenu("&Dashboard")
        self.act_lab = view.addAction("Swarm &Lab...", self.show_lab)
        view.addSeparator()
        view.addAction(self.act_full_screen)

        help_menu = bar.addMenu("&Help")
        help_menu.addActions([self.act_guide, self.act_shortcuts, self.act_about])

        self.file_menu, self.edit_menu, self.game_menu = file_menu, edit, game
        self.view_menu, self.help_menu = view, help_menu

    def _build_toolbar(self) -> None:
        """The most used actions as buttons (the same QActions as the menus)."""
        style = self.style()
        icons = {
            self.act_new: QStyle.StandardPixmap.SP_FileIcon,
            self.act_open: QStyle.StandardPixmap.SP_DialogOpenButton,
            self.act_save: QStyle.StandardPixmap.SP_DialogSaveButton,
            self.act_undo: QStyle.StandardPixmap.SP_ArrowBack,
            self.act_redo: QStyle.StandardPixmap.SP_ArrowForward,
            self.act_first: QStyle.StandardPixmap.SP_MediaSkipBackward,
            self.act_back: QStyle.StandardPixmap.SP_MediaSeekBackward,
            self.act_forward: QStyle.StandardPixmap.SP_MediaSeekForward,
            self.act_last: QStyle.StandardPixmap.SP_MediaSkipForward,
            self.act_pause: QStyle.StandardPixmap.SP_MediaPause,
            self.act_step: QStyle.StandardPixmap.SP_MediaPlay,
            self.act_stop: QStyle.StandardPixmap.SP_MediaStop,
        }
        for action, pixmap in icons.items():
            action.setIcon(style.standardIcon(pixmap))
        toolbar = QToolBar("Toolbar", self)
        toolbar.setObjectName("main_toolbar")
        toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        groups = (
            (self.act_new, self.act_open, self.act_save),
            (self.act_undo, self.act_redo),
            (self.act_first, self.act_back, self.act_forward, self.act_last),
            (self.act_pause, self.act_step, self.act_move_now, self.act_stop),
            (self.act_hint, self.act_swap, self.act_resign, self.act_setup),
        )
        for index, group in enumerate(groups):
            if index:
                toolbar.addSeparator()
            toolbar.addActions(list(group))
        for action in (
            self.act_undo,
            self.act_redo,
            self.act_first,
            self.act_back,
            self.act_forward,
            self.act_last,
            self.act_new,
            self.act_open,
            self.act_save,
        ):
            toolbar.widgetForAction(action).setToolButtonStyle(
                Qt.ToolButtonStyle.ToolButtonIconOnly
            )
        self.addToolBar(Qt.ToolBarArea.TopToolBarArea, toolbar)
        self.toolbar = toolbar
        self.act_toolbar = toolbar.toggleViewAction()
        self.act_toolbar.setShortcut(QKeySequence("Ctrl+Shift+K"))
        self.addAction(self.act_toolbar)
        self.view_menu.insertAction(self.act_move_list, self.act_toolbar)

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
        c.game_over.connect(self._on_game_over)
        c.game_replaced.connect(self._on_game_replaced)
        c.state_changed.connect(lambda: self.clock_panel.set_clock(self.controller.clock))
        self.board_widget.cell_clicked.connect(self._on_cell_clicked)
        self.board_widget.cell_right_clicked.connect(self._on_cell_right_clicked)

    def _attach_dashboard(self):
        """The live dashboard docks (hexgui.dashboard) beside the board."""
        from hexswarm.gui.dashboard import Dashboard

        dashboard = Dashboard(
            board=self.board_widget,
            controller=self.controller,
            parent=self,
            board_size=self.controller.board.size,
        )
        dashboard.game_graph.set_first_name(self.player_name(BLACK))
        dashboard.install(self)
        return dashboard

    # ================================================================== view settings
    def _apply_view_settings(self) -> None:
        v = self._view_settings
        self.board_widget.set_theme(v.theme, resolve_dark(v.dark_mode))
        if getattr(self, "dashboard", None) is not None:  # None before it is attached
            self.dashboard.game_graph.set_first_name(self.player_name(BLACK))
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
        self._refresh_move_list()
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

    def toggle_full_screen(self) -> None:
        if self.isFullScreen():
            self.showNormal()
        else:
            self.showFullScreen()

    # ================================================================== controller -> view
    def player_name(self, color: Color) -> str:
        return self.board_widget.theme.player_name(color)

    @Slot(int)
    def _on_position_changed(self, _position_id: int) -> None:
        c = self.controller
        self.board_widget.set_board(c.board)
        if self._hint_overlay_shown:
            # Only the overlay this window drew; the dashboard clears its own hints.
            self.board_widget.set_overlay(None)
            self._hint_overlay_shown = False
        self._show_review_here()
        self._refresh_move_list()
        self._update_turn_label()
        self._update_actions()

    def _update_turn_label(self) -> None:
        c = self.controller
        winner = c.winner
        if winner is not None:
            text = f"{self.player_name(winner)} won"
        else:
            color = c.board.to_move
            who = c.describe_player(color)
            text = f"{self.player_name(color)} to move ({who})"
            if c.setup_mode:
                text = "SETUP MODE · " + text
        self.turn_label.setText(f"Move {c.move_number} · {text}")
        self.board_widget.set_human_to_move(not c.ai_to_move and not c.is_over)
        self.board_widget.set_setup_mode(c.setup_mode, BLACK)
        self.board_widget.set_resigned(c.resigned)
        path = self.document.path
        title = f"{path.name} - {APP_TITLE}" if path else APP_TITLE
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
        self.act_resign.setEnabled(not c.is_over and not c.ai_to_move and not c.setup_mode)
        self.act_step.setEnabled(c.ai_to_move and not c.is_over and not thinking)
        # nothing to pause without an AI playing (but a paused game can always be resumed)
        self.act_pause.setEnabled(c.paused or c.is_ai(BLACK) or c.is_ai(WHITE))
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
    def _show_status(self, message: str) -> None:
        self.statusBar().showMessage(message, 8000)

    def _on_game_event(self, event: GameEvent) -> None:
        """The controller reports what happened; the window says it, in the theme's colours."""
        self._show_status(describe(event, self.player_name))

    @Slot(int, str)
    def _on_search_started(self, _position_id: int, spec: str) -> None:
        self._search_spec = spec
        color = self.controller.board.to_move
        self._hint_search = self.controller.search_purpose == "hint"
        verb = {"move": "thinking", "analysis": "analysing"}.get(
            self.controller.search_purpose or "", "finding a hint"
        )
        self.ai_label.setText(f"{self.player_name(color)} ({spec}) {verb}")
        self.rate_label.setText("")
        self.time_label.setText("hint 0.0 s" if self._hint_search else "0.0 s")
        self.board_widget.set_caption(f"AI {verb}")
        self._update_actions()

    def show_kernel_progress(self, ready: int, total: int, text: str) -> None:
        """The start-up warm-up's progress (``KernelWarmUp.progress``) in the status bar."""
        if text == "ready":
            self.kernel_label.setVisible(False)
            self._show_status(f"Search kernels ready ({total} groups).")
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
        self.ai_label.setText("AI idle")
        self.board_widget.set_caption("")
        self._update_actions()

    @Slot()
    def _on_game_replaced(self) -> None:
        """Another game: the status bar's search figures belonged to the previous one."""
        self.ai_label.setText("AI idle")
        self.rate_label.setText("")
        self.time_label.setText("")

    @Slot(object)
    def _on_snapshot(self, snapshot: SearchSnapshot) -> None:
        self.rate_label.setText(f"{format_count(snapshot.playouts_per_s)} playouts/s")
        color = self.controller.board.to_move
        if self._hint_search:
            # A hint is not the player's thinking: its time stays off their clock.
            self.time_label.setText(f"hint {snapshot.elapsed_s:.1f} s")
        else:
            total = self.controller.thinking_time(color) + snapshot.elapsed_s
            self.time_label.setText(
                f"{snapshot.elapsed_s:.1f} s (total {self.player_name(color)} {total:.0f} s)"
            )
        if self.controller.searching and 0 <= snapshot.best_move < self.controller.board.size**2:
            best = self.controller.board.cell_name(snapshot.best_move)
            color = self.controller.board.to_move
            self.ai_label.setText(
                f"{self.player_name(color)} ({snapshot.player}): iteration {snapshot.iteration},"
                f" best {best} ({percent_text(snapshot.estimate)})"
            )

    @Slot(object)
    def _on_hint(self, choice) -> None:
        """Show the hint. The dashboard already draws the hint search's agents on the board
        (it sees every snapshot of the current position); when its board hints are switched
        off, the strongest candidates are drawn here instead, so a requested hint always shows."""
        board = self.controller.board
        name = board.cell_name(choice.move) if isinstance(choice.move, int) else choice.move
        self._show_status(f"Hint for {self.player_name(board.to_move)}: {name}")
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
            self.dashboard.set_board_size(game.size)

    @Slot(str)
    def _on_game_over(self, winner: str) -> None:
        color = Color.parse(winner)
        self._show_status(f"{self.player_name(color)} wins the game.")

    # ================================================================== board input
    @Slot(int)
    def _on_cell_clicked(self, cell: int) -> None:
        c = self.controller
        if c.setup_mode:
            c.setup_stone(cell, BLACK)
        elif self._review_line and cell == c.board.cell_index(self._review_line[0]):
            self.play_better_move()  # the review's ghost: one click makes it a variation
        else:
            c.play(cell)

    @Slot(int)
    def _on_cell_right_clicked(self, cell: int) -> None:
        c = self.controller
        if c.setup_mode:
            c.setup_stone(cell, WHITE)
        else:
            self._show_status("Right click places White stones in setup mode (Ctrl+T).")

    def _on_setup_toggled(self, on: bool) -> None:
        self.controller.set_setup_mode(bool(on))

    # ================================================================== move list
    def _refresh_move_list(self) -> None:
        c = self.controller
        size = c.board.size
        # The grades of the reviewed main line, on the entries that are its nodes.
        reviews = self.review.reviews(c.game)
        nodes = [n for n in c.game.continuation(c.game.cursor)[1:] if n.token not in GAME_ENDS]
        grades = {
            index: reviews[node].grade
            for index, node in enumerate(nodes, start=1)
            if node in reviews
        }
        widget = self.move_list
        widget.blockSignals(True)
        widget.clear()
        start = QListWidgetItem("Start")
        start.setData(Qt.ItemDataRole.UserRole, 0)
        widget.addItem(start)
        future = QBrush(QColor("#8a8a8a"))
        for index, entry in enumerate(c.line, start=1):
            if isinstance(entry, MoveInfo):
                who = self.player_name(entry.move.color)
                text = f"{entry.number}. {who} {entry.move.name(size)}"
                text += GRADE_MARKS.get(grades.get(index, ""), "")
                if entry.player != "human":
                    label = engine_name(entry.player) or entry.player.split(":")[0]
                    text += f"  [{label}]"
            else:
                text = "Setup: " + _describe_setup(entry, size, self.player_name)
            item = QListWidgetItem(text)
            item.setData(Qt.ItemDataRole.UserRole, index)
            if index > c.cursor:
                item.setForeground(future)
            widget.addItem(item)
        if c.resigned is not None:
            widget.addItem(QListWidgetItem(f"{self.player_name(c.resigned)} resigned"))
        widget.setCurrentRow(c.cursor)
        widget.scrollToItem(widget.item(c.cursor))
        widget.blockSignals(False)

    def _on_move_list_clicked(self, item: QListWidgetItem) -> None:
        index = item.data(Qt.ItemDataRole.UserRole)
        if index is not None:
            self.controller.go_to_entry(int(index))

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
        if dialog.exec() != QDialog.DialogCode.Accepted or not self.document.maybe_save():
            return False
        self.start_new_game(dialog.settings())
        return True

    def start_new_game(self, settings: GameSettings, *, seed: int | None = None) -> None:
        """Start a new game with ``settings`` (and ``seed``: None draws a fresh one) and
        persist the settings."""
        save_game_settings(self._store, settings)
        if self.dashboard is not None:
            self.dashboard.set_board_size(settings.size)
        self.controller.new_game(settings, seed=seed)
        self.document.set_clean()

    def game_properties_dialog(self) -> bool:
        """Show the game's properties; "Replay with the same seed" starts the game again with
        the same settings and seed. Returns whether a replay started."""
        from hexswarm.gui.dialogs.game_info import REPLAY, GameInfoDialog

        dialog = GameInfoDialog(self.document.current_record(), parent=self)
        if dialog.exec() != REPLAY or not self.document.maybe_save():
            return False
        self.replay_with_seed()
        return True

    def replay_with_seed(self) -> None:
        """A new game with the current settings and the game's seed (see
        :meth:`GameController.new_game`)."""
        seed = self.controller.game_seed
        self.start_new_game(self.controller.settings, seed=seed)
        self._show_status(f"New game with the seed {seed}: the AIs play as they did.")

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
        self._show_status(f"{len(engines)} external engine(s) saved")
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
        self._update_actions()
        return True

    def resign(self) -> None:
        c = self.controller
        if c.is_over or c.ai_to_move:
            c.resign()  # says why not in the status bar
            return
        answer = QMessageBox.question(
            self, "Resign", f"{self.player_name(c.board.to_move)} resigns this game?"
        )
        if answer == QMessageBox.StandardButton.Yes:
            c.resign()

    def go_to_dialog(self) -> None:
        c = self.controller
        number, ok = QInputDialog.getInt(
            self, "Go to Move", "Move number:", c.move_number, 0, c.move_count
        )
        if ok:
            c.go_to(number)

    # ================================================================== game graph
    def _sync_game_graph(self, _position_id: int = 0) -> None:
        """When another line comes on screen (a variation chosen, a game loaded), draw the
        estimates its nodes keep (the AI searches that chose its moves, analyses of its
        positions) instead of the old line's. Playing on at the end of the line, or moving
        along it, is left to the dashboard."""
        if self.dashboard is None:
            return
        game = self.controller.game
        line = game.continuation(game.cursor)
        key = tuple(map(id, line))
        old, self._graph_line = self._graph_line, key
        if key == old or (old and key[: len(old)] == old):
            return
        graph = self.dashboard.game_graph
        graph.estimates.clear()
        moves = 0
        for node in line:
            token = node.token
            if token is not None and token not in ("pass", "resign", "forfeit"):
                moves += 1
                cell = -1 if token.startswith("swap") else game.board.cell_index(token)
                graph.record_move(moves, cell, node.data.get("snapshot"))
            analysis = node.data.get("analysis")
            if analysis is not None:
                graph.record_position(moves, analysis)
            elif (saved := node.analysis) is not None:  # a reviewed game, opened
                graph.record_analysis(moves, saved.for_player(BLACK), saved.ai)
        graph.set_current_move(len(game.board.moves))

    # ================================================================== whole-game analysis
    def analyse_game_dialog(self) -> bool:
        """Ask for the review's budget, thresholds and sides; start it. Returns whether
        positions were queued."""
        dialog = ReviewDialog(self.review.settings, self, player_name=self.player_name)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        return self.review_game(dialog.settings()) > 0

    def review_game(self, settings: ReviewSettings) -> int:
        """Review the main line with ``settings``: analyse its positions (only those without
        an analysis when ``settings.resume``), grading the moves as the analyses arrive.
        Returns how many positions are queued."""
        self.review.settings = settings
        self._refresh_review()
        return self.analyse_game(settings.seconds, only_missing=settings.resume)

    def analyse_game(self, seconds: float, *, only_missing: bool = False) -> int:
        """Search every undecided position of the main line (``only_missing``: those without
        a saved analysis) for at most ``seconds`` each with the analysis AI, in the background;
        returns how many positions are queued. Each estimate goes into its node (saved with
        the game, ``engine.review``) and the game graph as it arrives."""
        game = self.controller.game
        positions = []
        self._analysed_moves.clear()
        for node in game.main_line():
            if node.token in ("resign", "forfeit"):
                break
            board = game.board_at(node)
            if board.is_over:
                break
            if only_missing and node.analysis is not None:
                continue
            positions.append((node, board))
            self._analysed_moves[id(node)] = len(board.moves)
        self.game_analysis.start(positions, self.controller.settings.analysis_spec, seconds)
        return len(positions)

    @Slot(int, int)
    def _on_game_analysis_progress(self, done: int, total: int) -> None:
        self.analysis_progress.setRange(0, max(1, total))
        self.analysis_progress.setValue(done)
        running = done < total
        self.analysis_progress.setVisible(running)
        self.analysis_stop.setVisible(running)

    @Slot(object, object)
    def _on_position_analysed(self, node, snapshot: SearchSnapshot) -> None:
        node.data["analysis"] = snapshot
        played = tuple(child.token for child in node.children[:1] if child.token)
        node.analysis = PositionAnalysis.from_snapshot(
            snapshot, self.controller.board.size, keep=played
        )
        self._refresh_review()
        moves = self._analysed_moves.get(id(node))
        on_line = node in self.controller.game.continuation(self.controller.game.cursor)
        if self.dashboard is not None and moves is not None and on_line:
            self.dashboard.game_graph.record_position(moves, snapshot)

    @Slot(bool)
    def _on_game_analysis_finished(self, completed: bool) -> None:
        self.analysis_progress.setVisible(False)
        self.analysis_stop.setVisible(False)
        count = self.analysis_progress.value()
        if count:
            self.document.note_change()  # the analyses are saved with the game
        summary = self._review_summary()
        if completed:
            self._show_status(f"Analysed {count} positions of the main line. {summary}")
        else:
            self._show_status(f"Analysis stopped after {count} positions. {summary}")

    # ================================================================== review
    def _grades_by_number(self) -> dict[int, str]:
        """The grade of each reviewed main-line move, by move number."""
        return {r.number: r.grade for r in self.review.reviews(self.controller.game).values()}

    def _review_summary(self) -> str:
        grades = list(self._grades_by_number().values())
        if not grades:
            return ""
        counts = {g: grades.count(g) for g in ("inaccuracy", "mistake", "blunder")}
        return (
            f"Graded {len(grades)} moves: {counts['blunder']} blunders, {counts['mistake']} "
            f"mistakes, {counts['inaccuracy']} inaccuracies."
        )

    def _refresh_review(self) -> None:
        """The grades changed (an analysis arrived, new thresholds): marks on the move list,
        the game graph and the board."""
        if self.dashboard is not None:
            self.dashboard.game_graph.set_grades(self._grades_by_number())
        self._refresh_move_list()
        self._show_review_here()

    def _show_saved_review(self) -> None:
        self._graph_line = ()
        self._sync_game_graph()
        self._refresh_review()

    def _show_review_here(self) -> None:
        """At the position before a graded move that was not good, show the better move (and
        its line) as numbered ghosts and say what the move cost."""
        c = self.controller
        review = self.review.review_of_next_move(c.game)
        line: tuple[str, ...] = ()
        if review is not None and review.grade != "good" and review.better is not None:
            try:
                cells = tuple(c.board.cell_index(token) for token in review.better_line)
            except Exception:  # a swap or a line that does not fit: the move alone
                cells = ()
            if cells:
                line = review.better_line
                self._set_review_preview(cells)
                who = self.player_name(review.color)
                self._show_status(
                    f"Move {review.number} ({who} {review.token}) was a {review.grade}: "
                    f"{review.before:.0%} -> {review.after:.0%}. Better: {review.better} "
                    "(click it or Ctrl+B: a variation)."
                )
        if not line and self._review_line:
            self._set_review_preview(())
        self._review_line = line

    def _set_review_preview(self, cells: tuple[int, ...]) -> None:
        if self.dashboard is not None:
            self.dashboard.preview_line(cells)
        else:
            self.board_widget.set_preview(cells)

    def step_mistake(self, direction: int) -> bool:
        """Go to the position before the next (1) or previous (-1) mistake of the main line."""
        node = self.review.step(self.controller.game, direction)
        if node is None:
            word = "next" if direction > 0 else "previous"
            self._show_status(f"No {word} mistake in the reviewed main line.")
            return False
        self.controller.go_to_node(node)
        self._show_review_here()
        return True

    def play_better_move(self) -> bool:
        """Play the better move the review shows here, as a variation."""
        if not self._review_line:
            self._show_status("No better move to play here: review the game first.")
            return False
        return self.controller.play_variation(self._review_line[0])

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

            self.lab_window = LabWindow(position=lambda: self.controller.board.copy())
        self.lab_window.show()
        self.lab_window.raise_()

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

    # ================================================================== positions
    def _fill_positions_menu(self) -> None:
        from hexswarm.resources.positions import list_positions

        self.position_actions: list[QAction] = []
        try:
            positions = list_positions()
        except (OSError, ValueError) as error:
            action = self.positions_menu.addAction(f"(study positions unavailable: {error})")
            action.setEnabled(False)
            return
        for index, position in enumerate(positions, start=1):
            shortcut = f"Alt+{index}" if index <= 9 else ""
            action = self._action(
                position.title,
                shortcut,
                lambda position=position: self.load_position(position.file),
                tip=position.explanation,
            )
            self.positions_menu.addAction(action)
            self.position_actions.append(action)
        self.positions_menu.setToolTipsVisible(True)

    def load_position(self, file: str) -> bool:
        """Load a bundled study position by file name; its explanation goes to the status
        bar. Both sides become human so nothing moves before the user does."""
        from hexswarm.resources.positions import load_position

        try:
            position, board = load_position(file)
        except (OSError, ValueError) as error:
            QMessageBox.warning(self, "Study position", f"Could not load {file}: {error}")
            return False
        settings = self.controller.settings
        if settings.black.ai or settings.white.ai:
            from dataclasses import replace

            self.controller.set_settings(
                replace(
                    settings,
                    black=replace(settings.black, ai=False),
                    white=replace(settings.white, ai=False),
                )
            )
        if not self.document.maybe_save():
            return False
        if self.dashboard is not None:
            self.dashboard.set_board_size(board.size)
        self.controller.load_board(board, at_end=True)
        if position.explanation:
            self.controller.set_comment(position.explanation)
        self.document.set_clean()
        self._update_turn_label()
        self._show_status(f"{position.title}: {position.explanation}")
        self.board_widget.set_caption("")
        return True

    # ================================================================== exports
    def export_image_dialog(self) -> bool:
        directory = str(self._store.value("files/last_directory", str(Path.home())))
        path, chosen = QFileDialog.getSaveFileName(
            self,
            "Export Board Image",
            str(Path(directory) / "board.png"),
            "PNG image (*.png);;SVG image (*.svg)",
        )
        if not path:
            return False
        if not Path(path).suffix:
            path += ".svg" if "SVG" in chosen else ".png"
        return self.export_image(path)

    def export_image(self, path: str | Path) -> bool:
        """PNG: the board as drawn on screen; SVG: engine.records.image.board_svg."""
        path = Path(path)
        try:
            if path.suffix.lower() == ".svg":
                from hexswarm.engine.records.autosave import atomic_write_text
                from hexswarm.engine.records.image import board_svg

                atomic_write_text(path, board_svg(self.controller.board))
            else:
                if not self.board_widget.grab().save(str(path), "PNG"):
                    raise OSError("Qt could not write the PNG file")
        except Exception as error:  # noqa: BLE001
            QMessageBox.warning(self, APP_TITLE, f"Could not export {path.name}.\n\n{error}")
            return False
        self._show_status(f"Exported {path}.")
        return True

    def link_text(self, kind: str) -> str:
        """The HexWorld or trmph link of the game on screen (moves up to the cursor)."""
        from hexswarm.engine.records import links

        board = self.controller.board
        if kind == "hexworld":
            return links.hexworld_link(board, redblue=self.board_widget.theme_name == "redblue")
        return links.trmph_link(board)

    def copy_link(self, kind: str) -> None:
        try:
            text = self.link_text(kind)
        except Exception as error:  # noqa: BLE001
            QMessageBox.warning(self, APP_TITLE, f"Could not make the link.\n\n{error}")
            return
        QApplication.clipboard().setText(text)
        self._show_status(f"Copied: {text}")

    def copy_move_list(self) -> None:
        from hexswarm.engine.records import move_list_text

        text = move_list_text(self.controller.board)
        QApplication.clipboard().setText(text)
        self._show_status("Copied the move list.")

    def _fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        files = self.document.recent_files()
        if not files:
            self.recent_menu.addAction("(none)").setEnabled(False)
        for name in files:
            self.recent_menu.addAction(name, lambda name=name: self.document.open_recent(name))

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
        self._store.sync()
        if self.dashboard is not None:
            self.dashboard.stop()
        if getattr(self, "lab_window", None) is not None:
            self.lab_window.close()
        self.game_analysis.shutdown()
        self.controller.shutdown()
        if self._system_palette is not None:  # leave the application as it was found
            QApplication.instance().setPalette(self._system_palette)
        self.document.close()


def _describe_setup(edit: SetupEdit, size: int, player_name) -> str:
    from hexswarm.engine.board import cell_name

    parts = []
    if edit.black:
        parts.append(f"+{player_name(BLACK)} " + " ".join(cell_name(c, size) for c in edit.black))
    if edit.white:
        parts.append(f"+{player_name(WHITE)} " + " ".join(cell_name(c, size) for c in edit.white))
    if edit.empty:
        parts.append("remove " + " ".join(cell_name(c, size) for c in edit.empty))
    if edit.to_move is not None:
        parts.append(f"{player_name(edit.to_move)} to move")
    return "; ".join(parts) if parts else "no change"

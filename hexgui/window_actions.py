"""The main window's actions, menus and toolbar.

Everything the user can do is a :class:`QAction` with a menu entry and a keyboard shortcut
(the shortcuts dialog lists them from here); :func:`build_actions` makes them as the window's
``act_*`` attributes, wired to the controller, the document and the window's components
(``window.exports``, ``window.reviewer``, ``window.positions``); :func:`build_menus` and
:func:`build_toolbar` lay them out. GUI thread only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hexswarm.engine.board import BLACK, WHITE
from hexswarm.gui.themes import DARK_MODES, THEME_NAMES, theme_label
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMainWindow, QStyle, QToolBar

if TYPE_CHECKING:
    from hexswarm.gui.main_window import MainWindow


def make_action(
    window: QMainWindow,
    text: str,
    shortcut: str | QKeySequence.StandardKey | list,
    slot,
    *,
    tip: str = "",
    checkable: bool = False,
) -> QAction:
    """A window-wide action (its shortcut works wherever the focus is in ``window``); a
    checkable action calls ``slot(checked)`` on toggle, another ``slot()`` on trigger."""
    action = QAction(text, window)
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
    window.addAction(action)
    return action


def build_actions(window: MainWindow) -> None:
    """Every action of the window, as ``window.act_*`` attributes."""
    c = window.controller

    def a(*args, **kwargs) -> QAction:
        return make_action(window, *args, **kwargs)

    # File
    window.act_new = a("&New Game...", "Ctrl+N", window.new_game_dialog, tip="Start a new game")
    d = window.document
    window.act_open = a("&Open...", "Ctrl+O", d.open_dialog, tip="Open an SGF or HSGF file")
    window.act_open_link = a(
        "Open &Link...", "Ctrl+L", d.open_link_dialog, tip="Open a HexWorld or trmph link"
    )
    window.act_save = a("&Save", "Ctrl+S", d.save, tip="Save the game as SGF")
    window.act_save_as = a("Save &As...", "Ctrl+Shift+S", d.save_as)
    window.act_save_position = a(
        "Save &Position...",
        "Ctrl+Shift+P",
        d.save_position_dialog,
        tip="Save the position on screen as setup stones",
    )
    window.act_export_image = a(
        "Board &Image (PNG/SVG)...", "Ctrl+E", window.exports.export_image_dialog
    )
    window.act_export_hexworld = a(
        "Copy &HexWorld Link", "Ctrl+Shift+H", lambda: window.exports.copy_link("hexworld")
    )
    window.act_export_trmph = a(
        "Copy &trmph Link", "Ctrl+Shift+R", lambda: window.exports.copy_link("trmph")
    )
    window.act_export_moves = a("Copy &Move List", "Ctrl+Shift+L", window.exports.copy_move_list)
    window.act_quit = a("&Quit", "Ctrl+Q", window.close)
    # Edit
    window.act_undo = a("&Undo", "Ctrl+Z", c.undo, tip="Take back the last move")
    window.act_redo = a("&Redo", ["Ctrl+Shift+Z", "Ctrl+Y"], c.redo)
    window.act_setup = a(
        "&Setup Mode",
        "Ctrl+T",
        lambda on: c.set_setup_mode(bool(on)),
        tip="Place and remove stones of either colour",
        checkable=True,
    )
    window.act_black_to_move = a("Black to Move", "Ctrl+Shift+B", lambda: c.set_side_to_move(BLACK))
    window.act_white_to_move = a("White to Move", "Ctrl+Shift+W", lambda: c.set_side_to_move(WHITE))
    window.act_clear = a("&Clear Board", "Ctrl+Shift+Del", c.clear_board)
    # Game
    window.act_players = a(
        "&Players and AI Settings...", "Ctrl+P", window.players_dialog, tip="Change who plays"
    )
    window.act_properties = a(
        "Game P&roperties...",
        "Ctrl+I",
        window.game_properties_dialog,
        tip="The game's information and seed; replay it with the same seed",
    )
    window.act_engines = a(
        "External &Engines...",
        "Ctrl+Shift+E",
        window.engines_dialog,
        tip="GTP engines (MoHex, KataHex...) to play against",
    )
    window.act_pause = a(
        "&Pause AI", "Space", c.set_paused, checkable=True, tip="Pause or resume the AI"
    )
    window.act_step = a("Single S&tep", "Shift+Space", c.step, tip="Let the AI make one move")
    window.act_move_now = a("&Move Now", "Ctrl+M", c.move_now, tip="Play the best move so far")
    window.act_stop = a("S&top Search", "Esc", c.stop)
    window.act_hint = a("&Hint", "Ctrl+H", c.hint, tip="Ask the AI for a suggestion")
    window.act_analyse_game = a(
        "Re&view the Whole Game...",
        "Ctrl+Shift+G",
        window.reviewer.review_dialog,
        tip="Analyse every position of the main line in the background and grade each move",
    )
    window.act_next_mistake = a(
        "Next Mistake",
        "Ctrl+Shift+Right",
        lambda: window.reviewer.step_mistake(1),
        tip="The position before the next mistake of the reviewed main line",
    )
    window.act_previous_mistake = a(
        "Previous Mistake",
        "Ctrl+Shift+Left",
        lambda: window.reviewer.step_mistake(-1),
        tip="The position before the previous mistake of the reviewed main line",
    )
    window.act_play_better = a(
        "Play the &Better Move",
        "Ctrl+B",
        window.reviewer.play_better_move,
        tip="Play the review's better move here, as a variation",
    )
    window.act_analysis = a(
        "&Analysis Mode",
        "Ctrl+Shift+Y",
        c.set_analysis,
        checkable=True,
        tip="The analysis AI (New Game: Analysis comes from) searches every position you "
        "visit; Esc stops",
    )
    window.act_swap = a("S&wap", "Ctrl+Shift+X", c.swap, tip="Take the first stone (swap rule)")
    window.act_resign = a("&Resign", "Ctrl+R", window.resign)
    window.act_first = a("&First Position", "Home", c.first)
    window.act_back = a("&Back", "Left", c.back)
    window.act_forward = a("&Forward", "Right", c.forward)
    window.act_last = a("&Last Position", "End", c.last)
    window.act_go_to = a("&Go to Move...", "Ctrl+G", window.go_to_dialog)
    window.act_next_variation = a(
        "&Next Variation", "Down", lambda: c.go_to_variation(1), tip="The next variation"
    )
    window.act_previous_variation = a("P&revious Variation", "Up", lambda: c.go_to_variation(-1))
    window.act_promote = a(
        "Make &Main Line", "Ctrl+Shift+Up", c.promote, tip="Make this line the main line"
    )
    window.act_delete_branch = a(
        "&Delete Branch...",
        "Ctrl+Del",
        window.move_tree.delete_branch,
        tip="Delete this move and everything after it in this branch",
    )
    # View
    window.theme_actions = {}
    group = QActionGroup(window)
    for index, name in enumerate(THEME_NAMES, start=1):
        action = a(
            theme_label(name),
            f"Ctrl+{index}",
            lambda checked, name=name: checked and window.set_theme(name),
            checkable=True,
        )
        group.addAction(action)
        window.theme_actions[name] = action
    window.dark_actions = {}
    group = QActionGroup(window)
    labels = {"system": "Follow the System", "light": "Light", "dark": "Dark"}
    for index, mode in enumerate(DARK_MODES, start=1):
        action = a(
            labels[mode],
            f"Ctrl+Alt+{index}",
            lambda checked, mode=mode: checked and window.set_dark_mode(mode),
            checkable=True,
        )
        group.addAction(action)
        window.dark_actions[mode] = action
    window.act_coordinates = a(
        "Show &Coordinates", "Ctrl+Shift+C", window.set_show_coordinates, checkable=True
    )
    window.act_move_numbers = a(
        "Show Move &Numbers",
        "Ctrl+Shift+N",
        window.set_show_move_numbers,
        checkable=True,
        tip="Number the stones in the order they were played",
    )
    window.act_move_tree = window.move_tree_dock.toggleViewAction()
    window.act_move_tree.setShortcut(QKeySequence("Ctrl+Shift+T"))
    window.addAction(window.act_move_tree)
    window.act_comment = window.comment_dock.toggleViewAction()
    window.act_comment.setShortcut(QKeySequence("Ctrl+Shift+O"))
    window.addAction(window.act_comment)
    window.act_move_list = window.move_list_dock.toggleViewAction()
    window.act_move_list.setShortcut(QKeySequence("Ctrl+Shift+M"))
    window.addAction(window.act_move_list)
    window.act_full_screen = a("&Full Screen", "F11", window.toggle_full_screen)
    window.act_reset_layout = a(
        "&Reset Layout",
        "Ctrl+Alt+0",
        window.reset_layout,
        tip="Put every panel back where the first start put it",
    )
    window.act_messages = a(
        "Recent &Messages...",
        "Ctrl+Alt+M",
        window.show_messages,
        tip="The status bar's latest messages, whole (a click on the status bar opens it too)",
    )
    window.act_compact_layout = a(
        "Co&mpact Layout",
        "Ctrl+Alt+9",
        window.compact_layout,
        tip="The dashboard's panels as tabs beside the board (for small screens)",
    )
    # Help
    window.act_guide = a("&User Guide", "F1", window.show_guide)
    window.act_shortcuts = a("&Keyboard Shortcuts", "Ctrl+/", window.show_shortcuts)
    window.act_about = a("&About HexSwarm", "Ctrl+Shift+A", window.show_about)


def build_menus(window: MainWindow) -> None:
    """The menu bar, from the actions (``window.file_menu`` ... ``window.help_menu``)."""
    bar = window.menuBar()
    file_menu = bar.addMenu("&File")
    file_menu.addActions([window.act_new, window.act_open, window.act_open_link])
    window.recent_menu = file_menu.addMenu("Open &Recent")
    window.recent_menu.aboutToShow.connect(lambda: fill_recent_menu(window))
    file_menu.addSeparator()
    file_menu.addActions([window.act_save, window.act_save_as, window.act_save_position])
    export = file_menu.addMenu("&Export")
    export.addActions(
        [
            window.act_export_image,
            window.act_export_hexworld,
            window.act_export_trmph,
            window.act_export_moves,
        ]
    )
    window.export_menu = export
    file_menu.addSeparator()
    file_menu.addAction(window.act_quit)

    edit = bar.addMenu("&Edit")
    edit.addActions([window.act_undo, window.act_redo])
    edit.addSeparator()
    edit.addActions(
        [window.act_setup, window.act_black_to_move, window.act_white_to_move, window.act_clear]
    )
    edit.addSeparator()
    edit.addActions([window.act_promote, window.act_delete_branch])

    game = bar.addMenu("&Game")
    # A greyed Hint or Analysis Mode says why (help turned off for a game) when hovered.
    game.setToolTipsVisible(True)
    game.addActions([window.act_players, window.act_properties, window.act_engines])
    game.addSeparator()
    game.addActions([window.act_pause, window.act_step, window.act_move_now, window.act_stop])
    game.addSeparator()
    game.addActions(
        [
            window.act_hint,
            window.act_analysis,
            window.act_analyse_game,
            window.act_next_mistake,
            window.act_previous_mistake,
            window.act_play_better,
            window.act_swap,
            window.act_resign,
        ]
    )
    game.addSeparator()
    game.addActions(
        [window.act_first, window.act_back, window.act_forward, window.act_last, window.act_go_to]
    )
    game.addActions([window.act_previous_variation, window.act_next_variation])

    window.positions_menu = bar.addMenu("P&ositions")
    window.positions.fill(window.positions_menu)

    view = bar.addMenu("&View")
    theme_menu = view.addMenu("&Theme")
    theme_menu.addActions(list(window.theme_actions.values()))
    dark_menu = view.addMenu("&Dark Mode")
    dark_menu.addActions(list(window.dark_actions.values()))
    view.addActions([window.act_coordinates, window.act_move_numbers])
    view.addSeparator()
    view.addActions([window.act_move_list, window.act_move_tree, window.act_comment])
    window.dashboard_menu = view.addMenu("&Dashboard")
    window.act_lab = view.addAction("Swarm &Lab...", window.show_lab)
    view.addAction(window.act_messages)
    view.addSeparator()
    view.addActions([window.act_compact_layout, window.act_reset_layout, window.act_full_screen])

    help_menu = bar.addMenu("&Help")
    help_menu.addActions([window.act_guide, window.act_shortcuts, window.act_about])

    window.file_menu, window.edit_menu, window.game_menu = file_menu, edit, game
    window.view_menu, window.help_menu = view, help_menu


def build_toolbar(window: MainWindow) -> None:
    """The most used actions as buttons (the same QActions as the menus)."""
    style = window.style()
    icons = {
        window.act_new: QStyle.StandardPixmap.SP_FileIcon,
        window.act_open: QStyle.StandardPixmap.SP_DialogOpenButton,
        window.act_save: QStyle.StandardPixmap.SP_DialogSaveButton,
        window.act_undo: QStyle.StandardPixmap.SP_ArrowBack,
        window.act_redo: QStyle.StandardPixmap.SP_ArrowForward,
        window.act_first: QStyle.StandardPixmap.SP_MediaSkipBackward,
        window.act_back: QStyle.StandardPixmap.SP_MediaSeekBackward,
        window.act_forward: QStyle.StandardPixmap.SP_MediaSeekForward,
        window.act_last: QStyle.StandardPixmap.SP_MediaSkipForward,
        window.act_pause: QStyle.StandardPixmap.SP_MediaPause,
        window.act_step: QStyle.StandardPixmap.SP_MediaPlay,
        window.act_stop: QStyle.StandardPixmap.SP_MediaStop,
    }
    for action, pixmap in icons.items():
        action.setIcon(style.standardIcon(pixmap))
    toolbar = QToolBar("Toolbar", window)
    toolbar.setObjectName("main_toolbar")
    toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
    groups = (
        (window.act_new, window.act_open, window.act_save),
        (window.act_undo, window.act_redo),
        (window.act_first, window.act_back, window.act_forward, window.act_last),
        (window.act_pause, window.act_step, window.act_move_now, window.act_stop),
        (window.act_hint, window.act_swap, window.act_resign, window.act_setup),
    )
    for index, group in enumerate(groups):
        if index:
            toolbar.addSeparator()
        toolbar.addActions(list(group))
    for action in (
        window.act_undo,
        window.act_redo,
        window.act_first,
        window.act_back,
        window.act_forward,
        window.act_last,
        window.act_new,
        window.act_open,
        window.act_save,
    ):
        toolbar.widgetForAction(action).setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
    window.addToolBar(Qt.ToolBarArea.TopToolBarArea, toolbar)
    window.toolbar = toolbar
    window.act_toolbar = toolbar.toggleViewAction()
    window.act_toolbar.setShortcut(QKeySequence("Ctrl+Shift+K"))
    window.addAction(window.act_toolbar)
    window.view_menu.insertAction(window.act_move_list, window.act_toolbar)


def fill_recent_menu(window: MainWindow) -> None:
    """The File > Open Recent submenu, filled each time it opens."""
    menu = window.recent_menu
    menu.clear()
    files = window.document.recent_files()
    if not files:
        menu.addAction("(none)").setEnabled(False)
    for name in files:
        menu.addAction(name, lambda name=name: window.document.open_recent(name))

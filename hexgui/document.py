"""The game as a document: open, save, save as, recent files, autosave, and the unsaved state.

:class:`GameDocument` owns what a desktop application keeps about the file behind the window:
its path, whether the game changed since it was saved (``dirty``), the recent-files list, the
crash-safe autosave, and the question asked before unsaved work would be lost (Save / Discard /
Cancel). The game itself stays in the :class:`~hexgui.game_controller.GameController`; saving
writes the controller's game tree (every variation and comment) with the players' names and AI
settings filled in. Files and links are read by :mod:`engine.records` into the same
:class:`~engine.game.Game` model the controller holds; a file that cannot be read gives one
message box and leaves the game on screen untouched.

GUI thread only.
"""

from __future__ import annotations

import contextlib
import datetime as _datetime
import logging
import re
from collections.abc import Callable
from pathlib import Path

from hexswarm.engine.board import BLACK, WHITE, Color
from hexswarm.engine.game import Game
from hexswarm.gui.forms import ask, fit_title, link_dialog
from hexswarm.gui.game_controller import GameController
from PySide6.QtCore import QObject, QSettings, Signal
from PySide6.QtWidgets import QDialog, QFileDialog, QMessageBox, QWidget

log = logging.getLogger(__name__)

APP_TITLE = "HexSwarm"
RECENT_FILES = 10

SAVE, DISCARD, CANCEL = "save", "discard", "cancel"
CLOSING = "closing"
"""What :meth:`GameDocument.maybe_save` is asked before, unless the caller says otherwise."""


def ask_to_save(parent: QWidget, name: str, before: str = CLOSING) -> str:
    """Ask whether to save the changes to ``name`` before what would lose them (``before``:
    "closing", "starting a new game"...): :data:`SAVE`, :data:`DISCARD` or :data:`CANCEL`
    (what every desktop application asks before unsaved work is lost). Tests replace this
    function, as a modal box would wait for a click forever."""
    buttons = QMessageBox.StandardButton
    answer = QMessageBox.question(
        parent,
        APP_TITLE,
        f"Save the changes to {name} before {before}?\n\nIf you don't, they are lost.",
        buttons.Save | buttons.Discard | buttons.Cancel,
        buttons.Save,
    )
    return {buttons.Save: SAVE, buttons.Discard: DISCARD}.get(answer, CANCEL)


def ask_to_use_players(parent: QWidget, text: str) -> bool:
    """Ask whether to let the AIs recorded in a file (``XB``/``XW``) play it; tests replace
    this function as they do :func:`ask_to_save`."""
    buttons = QMessageBox.StandardButton
    answer = ask(parent, "AI Settings in the File", text, buttons.Yes | buttons.No, buttons.No)
    return answer == buttons.Yes


WRITE_BACK, OWN_FILE = "write back", "own file"


def ask_write_back(parent: QWidget, text: str, *, can_write_back: bool = True) -> str:
    """Ask where to save one game of a collection: :data:`WRITE_BACK` into the collection,
    :data:`OWN_FILE`, or :data:`CANCEL`; without ``can_write_back`` (the game's text in the
    file changed) the first is not offered. Tests replace this function as they do
    :func:`ask_to_save`."""
    box = QMessageBox(QMessageBox.Icon.Question, "Save Game", text, parent=parent)
    back = None
    if can_write_back:
        back = box.addButton("Write It &Back", QMessageBox.ButtonRole.AcceptRole)
    own = box.addButton("Save &As...", QMessageBox.ButtonRole.ActionRole)
    box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(back or own)
    fit_title(box)
    box.exec()
    clicked = box.clickedButton()
    if back is not None and clicked is back:
        return WRITE_BACK
    return OWN_FILE if clicked is own else CANCEL


def collection_entry(path: Path, number: int) -> tuple[Path, int, str, str | None]:
    """What Save needs to write game ``number`` back into the collection at ``path``: the
    file, the number, the file's digest and the game's own text's (``engine.records``'s
    ``file_digest`` and ``game_digest``), read now. Raises :class:`OSError`."""
    from hexswarm.engine.records import file_digest, game_digest

    data = path.read_bytes()
    return path, number, file_digest(data), game_digest(data, number)


def tell_cut_short(parent: QWidget, text: str) -> None:
    """Say that the file opened is cut short (where it stops, what was opened); tests
    replace this function as they do :func:`ask_to_save`."""
    QMessageBox.warning(parent, APP_TITLE, text)


class GameDocument(QObject):
    """The file behind the window's game. ``changed`` fires when the path or the unsaved
    state changes (the window retitles itself); ``loaded(Game)`` after a game was opened
    from a file, a link or the autosave, before the controller shows it (the window resizes
    its views)."""

    changed = Signal()
    loaded = Signal(object)

    def __init__(
        self,
        window: QWidget,
        controller: GameController,
        store: QSettings,
        *,
        autosave: bool = True,
        autosave_dir: str | Path | None = None,
        show_status: Callable[[str], None] = lambda text: None,
    ):
        super().__init__(window)
        self._window = window
        self._controller = controller
        self._store = store
        self._show_status = show_status
        self.path: Path | None = None
        self._dirty = False
        self._opened = False  # the game came from a record: its game information is its own
        self._named: dict[Color, str] = {}  # names given in Game Properties to a game begun here
        self._loading = False
        # The collection the game on screen was read from: (file, game number, the file's
        # digest and the game's own text's digest when read or last written), for Save to
        # write it back in its place.
        self.collection: tuple[Path, int, str, str | None] | None = None
        self._writes_back = False  # the user chose to write this game back; Save does so
        self.autosave = self._make_autosave(autosave, autosave_dir)
        controller.line_changed.connect(self._on_game_changed)
        # A search kept in a node (its ``ai``, HSA) is saved with the game too.
        controller.analysis_recorded.connect(lambda _node: self._on_game_changed())

    # ================================================================== state
    @property
    def dirty(self) -> bool:
        """Whether the game changed since it was last saved or opened."""
        return self._dirty

    def set_clean(self, path: Path | None = None) -> None:
        """A new game or a position: nothing to save yet; no file behind it."""
        self.path = path
        self.collection, self._writes_back = None, False
        self._opened = False
        self._named = {}
        self._set_dirty(False)

    def _set_dirty(self, dirty: bool) -> None:
        self._dirty = dirty
        self.changed.emit()

    @property
    def display_name(self) -> str:
        """The file's name; ``club.sgf (game 2)`` for a game of a collection."""
        if self.path is not None:
            return self.path.name
        if self.collection is not None:
            return f"{self.collection[0].name} (game {self.collection[1]})"
        return "the game"

    def _on_game_changed(self) -> None:
        """Every change of the game (move, edit, comment, variation, analysis) is autosaved
        at once;
        a game just loaded is autosaved too, but is not a change."""
        if not self._loading:
            self._set_dirty(True)
        self.autosave_now()

    def maybe_save(self, before: str = CLOSING) -> bool:
        """Before unsaved work would be lost by ``before`` (``"starting a new game"``...):
        ask Save / Discard / Cancel. Returns whether to go on (saved, or discarded);
        ``False`` when cancelled or the save failed."""
        if not self._dirty or not self._has_moves():
            return True
        answer = ask_to_save(self._window, self.display_name, before)
        if answer == SAVE:
            return self.save()
        return answer == DISCARD

    def _has_moves(self) -> bool:
        root = self._controller.game.root
        return bool(root.children) or root.has_setup or bool(root.comment)

    # ================================================================== the record
    def current_record(self) -> Game:
        """The controller's game with the game information filled in.

        A game started here gets the players' names (PB/PW), their AI settings (XB/XW, absent
        for a human), today's date (DT), the swap rule (RU) and the result (RE) when the end of
        the main line decides it. A game opened from a record keeps its own information (a
        file saved back unchanged is the same file apart from ``AP``); only the settings of an
        AI that played moves in it here (XB/XW) and, once it was changed, a result it did not
        have are added."""
        c = self._controller
        game = c.game
        sides = {color: c.side(color) for color in (BLACK, WHITE)}
        end = game.main_line()[-1]
        winner = game.winner_at(end)
        result = None
        if winner is not None:
            resigned = game.game_end(end)
            how = "" if resigned is None else ("R" if resigned[1] == "resign" else "F")
            result = f"{winner.letter}+{how}"
        result = result or c.time_result(end)  # B+T / W+T: a flag fell there
        if self._opened:
            played = {node.color: node.player for node in game.nodes() if node.player}
            if BLACK in played:
                game.ai_black = played[BLACK]
            if WHITE in played:
                game.ai_white = played[WHITE]
            if game.result is None and self._dirty:
                game.result = result
            return game
        game.player_black = self._named.get(BLACK) or sides[BLACK].describe()
        game.player_white = self._named.get(WHITE) or sides[WHITE].describe()
        game.ai_black = sides[BLACK].spec if sides[BLACK].ai else None
        game.ai_white = sides[WHITE].spec if sides[WHITE].ai else None
        if game.date is None:
            game.date = _datetime.date.today().isoformat()
        game.result = result
        if game.swap_rule:
            game.swap_rule = True  # written as RU[swap]
        return game

    def set_game_info(self, names: dict[str, str]) -> bool:
        """The players' names and the event written in Game Properties (``"Black"``,
        ``"White"``, ``"Event"`` -> text; empty: none): kept in the record (a game begun here
        keeps a given name instead of its player's description, "Human" or the AI's level) and
        saved with it. Returns whether anything changed (the game is then unsaved)."""
        game = self._controller.game
        changed = False
        for color, label in ((BLACK, "Black"), (WHITE, "White")):
            name = names.get(label, "").strip()
            before = game.player_black if color is BLACK else game.player_white
            if not name or name == before:
                continue
            if color is BLACK:
                game.player_black = name
            else:
                game.player_white = name
            self._named[color] = name
            changed = True
        event = names.get("Event", "").strip() or None
        if event != game.event:
            game.event = event
            changed = True
        if changed:
            self._set_dirty(True)
            self.autosave_now()
        return changed

    # ================================================================== opening
    def open_dialog(self) -> bool:
        if not self.maybe_save("opening another game"):
            return False
        directory = str(self._store.value("files/last_directory", str(Path.home())))
        path, _ = QFileDialog.getOpenFileName(
            self._window, "Open Game", directory, "Hex games (*.sgf *.hsgf);;All files (*)"
        )
        return bool(path) and self.open_file(path)

    def open_file(self, path: str | Path) -> bool:
        """Load an SGF/HSGF game with all its variations. On any problem: one message box,
        the current game stays."""
        path = Path(path)
        try:
            from hexswarm.engine.records import read_sgf

            record = read_sgf(path)
            record.board_at()  # the main line must replay: fail here, not half-loaded
            first_error = None
        except Exception as error:  # noqa: BLE001 - any failure must leave the game intact
            record, first_error = None, error
        try:
            games = self._games_of_collection(path, record)
        except Exception as error:  # noqa: BLE001 - no game of the file opens
            self._load_failed(f"Could not open {path.name}", first_error or error, link_hint(path))
            return False
        if games is None:
            return False  # the user cancelled the choice of a game
        number, record, unread = games
        count = record.games_in_file
        recorded_players = {BLACK: record.ai_black, WHITE: record.ai_white}
        self._install(record)  # from now on saving writes the players of this window
        # One game of a collection is not the file: Save writing it there would drop the
        # others (round 13). Save asks for a file of its own. So does a file cut short: the
        # text after the cut stays in it unless the user saves over it.
        cut = record.cut_short
        self.path = path if count == 1 and cut is None else None
        if count > 1:
            with contextlib.suppress(OSError):  # read a moment ago; else Save asks a file
                self.collection = collection_entry(path, number)
        self._set_dirty(False)
        self.autosave_now()  # with its file, for a restore after a crash
        self._remember_file(path)
        notes = list(record.warnings)
        if count > 1:
            notes.append(
                f"game {number} of the {count} in the file; Save writes it back in its place "
                "or to a file of its own, as you choose"
            )
        if unread and not any(unread in note for note in notes):  # not said twice
            notes.append(f"cannot be opened: {unread}")
        variations = count_variations(record)
        if variations:
            notes.append(f"{count_text(variations, 'variation')}: see the move tree")
        note = f" ({'; '.join(notes)})" if notes else ""
        moves = len(self._controller.board.moves)
        self._show_status(f"Opened {path.name}: {count_text(moves, 'move')}{note}.")
        if cut is not None:
            # Round 15: a file cut short opened nothing. Its moves before the cut are on the
            # board; the user is told where it stopped before anything else happens.
            main_line = sum(1 for node in record.main_line() if node.move is not None)
            which = f"Game {number} of {path.name}" if count > 1 else path.name
            tell_cut_short(
                self._window,
                f"{which} is cut short: it stops at line {cut.line}, column {cut.column} "
                f"({cut.what}).\n\nOpened what comes before it: "
                f"{count_text(main_line, 'move')} on the main line. The file is left as it "
                "is; Save asks for a new file name.",
            )
        self.offer_recorded_players(recorded_players)
        return True

    def _games_of_collection(self, path: Path, first: Game | None) -> tuple[int, Game, str] | None:
        """For a file of several games (``first.games_in_file``, the reader's count), or
        whose first game does not read (``first`` None): ask which of the games that read to
        open (none asked when one reads). Returns ``(number, game, which games cannot be
        opened and why)``, or None when the user cancels; raises when no game reads (round
        15: an illegal move in a club file's third game made its second unreachable)."""
        if first is not None and first.games_in_file <= 1:
            return 1, first, ""
        from hexswarm.engine.records import SgfError, read_sgf_games

        try:
            games = read_sgf_games(path)
        except Exception as error:  # noqa: BLE001 - the first game read on its own: it opens
            if first is None:
                raise
            return 1, first, str(error)
        readable = [(n, g) for n, g in enumerate(games, start=1) if not isinstance(g, SgfError)]
        # "game 3: cell 'zz9' is off the 11x11 board (line 6, column 13)": the game first.
        unread = "; ".join(
            g.what + ("" if g.line is None else f" (line {g.line}, column {g.column})")
            for g in games
            if isinstance(g, SgfError)
        )
        if not readable:
            raise next(g for g in games if isinstance(g, SgfError))
        if len(readable) == 1:
            return *readable[0], unread
        labels = [collection_label(n, game) for n, game in readable]
        text = f"{path.name} holds {len(games)} games"
        if unread:
            unopened = len(games) - len(readable)
            text += f" ({unopened} of them cannot be opened: {unread})"
        label, chosen = choose_item(self._window, "Open Game", f"{text}. Open:", labels)
        if not chosen:
            return None
        return *readable[labels.index(label)], unread

    def offer_recorded_players(self, recorded_players: dict) -> bool:
        """A record that names its AIs' settings (HexSwarm's ``XB``/``XW``, given as
        ``{colour: spec or None}``) offers to let them play it (who plays stays as it was
        unless the user says yes); a finished game (won, resigned, lost on time) has nothing
        left to play and does not ask. Settings that do not parse are left out, and the status
        bar says so. Returns whether they were applied."""
        from hexswarm.engine.players.external import GTP_PREFIX
        from hexswarm.gui.settings import SideSettings, SpecError, engine_name, parse_spec

        c = self._controller
        if c.is_over:
            return False  # round 11 had asked "Let them play it now?" of a finished game
        recorded: dict = {}
        refused = []
        for color, spec in recorded_players.items():
            if not spec or engine_name(spec) is not None or spec.startswith(GTP_PREFIX):
                continue  # an external engine: who plays stays as it is
            try:
                parse_spec(spec)
            except SpecError as error:
                refused.append(f"{spec!r} ({error})")
                continue
            if not (c.settings.side(color).ai and c.settings.side(color).spec == spec):
                recorded[color] = spec
        if refused:
            self._show_status(f"AI settings in the file not understood: {'; '.join(refused)}")
        if not recorded:
            return False
        lines = "\n".join(f"{c.color_name(color)}: {spec}" for color, spec in recorded.items())
        text = f"This game was played by these AIs:\n\n{lines}\n\nLet them play it now?"
        if not ask_to_use_players(self._window, text):
            return False
        settings = c.settings
        for color, spec in recorded.items():
            settings = settings.with_side(color, SideSettings(ai=True, spec=spec))
        c.set_settings(settings)
        self._show_status("The AIs of the file play now (Space lets the one to move play).")
        return True

    def _load_failed(self, title: str, error: Exception, hint: str = "") -> None:
        QMessageBox.warning(
            self._window,
            APP_TITLE,
            f"{title}.\n\n{error}{hint}\n\nThe current game is unchanged.",
        )

    def _install(self, game: Game, *, restored: bool = False) -> None:
        """Show a loaded game. AI settings recorded in the file are not applied (who plays
        stays as the user set it); a recorded resignation is, as a node of the game. A game
        ``restored`` from the autosave keeps the help rule of the settings New Game left (the
        game it was); any other is a game with help."""
        self._opened = True
        self._named = {}
        self.collection, self._writes_back = None, False  # open_file sets a collection's
        self.loaded.emit(game)
        self._loading = True
        try:
            without_help = restored and not self._controller.settings.assistance
            self._controller.load_game(game, at_end=True, without_help=without_help)
        finally:
            self._loading = False

    def open_link_dialog(self) -> bool:
        if not self.maybe_save("opening a link"):
            return False
        dialog = link_dialog(self._window)
        ok = dialog.exec() == QDialog.DialogCode.Accepted
        text = dialog.textValue()
        return bool(ok and text.strip()) and self.open_link(text.strip())

    def open_link(self, link: str) -> bool:
        try:
            from hexswarm.engine.records.links import record_from_link

            record = record_from_link(link)
        except Exception as error:  # noqa: BLE001
            self._load_failed("Could not read the link", error)
            return False
        self._install(record)
        self.path = None
        self._set_dirty(True)
        self._show_status(f"Loaded a {record.width}x{record.height} game from the link.")
        return True

    # ================================================================== saving
    def save(self) -> bool:
        """Save to the game's file; for a game of a collection, ask once whether to write it
        back into the collection (the other games as they are) or to a file of its own
        (round 15: only the latter was offered); otherwise ask for a file."""
        if self.path is not None:
            return self.save_to(self.path)
        collection = self.collection
        if collection is None:
            return self.save_as()
        if not self._writes_back:
            name, number, *_digests = collection
            answer = ask_write_back(
                self._window,
                f"This is game {number} of {name.name}. Write it back in its place? The "
                "other games of the file stay as they are.\n\nOr save it to a file of its "
                "own, the collection as it is.",
            )
            if answer == CANCEL:
                return False
            if answer == OWN_FILE:
                return self.save_as()
        return self.write_back()

    def write_back(self) -> bool:
        """Write the game in its place in the collection it was read from (atomically, the
        other games byte for byte as they were). A file changed on disk since it was read is
        not written over unasked: see :meth:`_write_back_changed`."""
        collection = self.collection
        if collection is None:
            return False
        path, number, digest, own = collection
        from hexswarm.engine.records import FileChangedError, replace_sgf_game

        try:
            replace_sgf_game(path, number, self.current_record(), unchanged_since=digest)
        except FileChangedError:
            return self._write_back_changed(path, number, own)
        except Exception as error:  # noqa: BLE001 - the file stays as it was
            self._write_back_failed(path, number, error)
            return False
        return self._written_back(path, number, "its other games are as they were")

    def _write_back_changed(self, path: Path, number: int, own: str | None) -> bool:
        """The collection changed on disk since the game was read from it (another program,
        another window). Round 16 refused with Save As as the only way out. Now: when the
        game's own text there is as it was, ask whether to write the game back into the file
        as it is now (the other games as they are now) or to a file of its own; when that
        text changed too, writing back would lose that change: a file of its own or nothing.
        Cancel keeps the edit unsaved, the file as it is."""
        from hexswarm.engine.records import game_digest, replace_sgf_game

        try:
            unchanged = own is not None and game_digest(path.read_bytes(), number) == own
        except OSError as error:
            self._write_back_failed(path, number, error)
            return False
        changed = f"{path.name} changed on disk since game {number} was read from it."
        if unchanged:
            text = (
                f"{changed} Game {number}'s own text there is as it was.\n\nWrite your game "
                "back in its place in the file as it is now (its other games as they are "
                "now)? Or save it to a file of its own, the collection as it is."
            )
        else:
            text = (
                f"{changed} Game {number} itself changed there too (or another game stands "
                "at its place now): writing yours back would lose that change.\n\nSave your "
                "game to a file of its own; the collection stays as it is."
            )
        answer = ask_write_back(self._window, text, can_write_back=unchanged)
        if answer == OWN_FILE:
            return self.save_as()
        if answer != WRITE_BACK or not unchanged:
            self._show_status(f"Not saved: {path.name} is as it is on disk; your game is kept.")
            return False
        try:
            replace_sgf_game(path, number, self.current_record(), game_unchanged_since=own)
        except Exception as error:  # noqa: BLE001 - the file stays as it was
            self._write_back_failed(path, number, error)
            return False
        return self._written_back(
            path, number, "it had changed on disk, and its other games are as they are there now"
        )

    def _written_back(self, path: Path, number: int, others: str) -> bool:
        """Game ``number`` is in ``path`` now: remember the file as written, say so."""
        try:
            self.collection = collection_entry(path, number)
        except OSError:  # written a moment ago; the next write-back asks again
            self.collection = (path, number, "", None)
        self._writes_back = True
        self._set_dirty(False)
        self.autosave_now()
        self._remember_file(path)
        self._show_status(f"Wrote game {number} back into {path}; {others}")
        return True

    def _write_back_failed(self, path: Path, number: int, error: Exception) -> None:
        QMessageBox.warning(
            self._window,
            APP_TITLE,
            f"Could not write game {number} back into {path.name}.\n\n{error}\n\n"
            "The file is unchanged; Save As writes the game to a file of its own.",
        )

    def save_as(self) -> bool:
        directory = str(self._store.value("files/last_directory", str(Path.home())))
        name = self.path.name if self.path is not None else suggested_name(self.current_record())
        path, _ = QFileDialog.getSaveFileName(
            self._window, "Save Game", str(Path(directory) / name), "SGF (*.sgf)"
        )
        return bool(path) and self.save_to(path)

    def save_to(self, path: str | Path) -> bool:
        """Write the whole game tree to ``path`` (atomically)."""
        path = Path(path)
        try:
            from hexswarm.engine.records import save_sgf

            save_sgf(self.current_record(), path)
        except Exception as error:  # noqa: BLE001
            QMessageBox.warning(self._window, APP_TITLE, f"Could not save {path.name}.\n\n{error}")
            return False
        self.path = path
        self.collection, self._writes_back = None, False  # the game has a file of its own
        self._set_dirty(False)
        self.autosave_now()  # with its file, for a restore after a crash
        self._remember_file(path)
        self._show_status(f"Saved {path}.")
        return True

    def save_position_dialog(self) -> bool:
        directory = str(self._store.value("files/last_directory", str(Path.home())))
        path, _ = QFileDialog.getSaveFileName(
            self._window, "Save Position", str(Path(directory) / "position.sgf"), "SGF (*.sgf)"
        )
        return bool(path) and self.save_position(path)

    def save_position(self, path: str | Path) -> bool:
        """Write the position on screen as setup stones plus the side to move."""
        path = Path(path)
        try:
            from hexswarm.engine.records import position_record, save_sgf

            save_sgf(position_record(self._controller.board), path)
        except Exception as error:  # noqa: BLE001
            QMessageBox.warning(self._window, APP_TITLE, f"Could not save {path.name}.\n\n{error}")
            return False
        self._show_status(f"Position saved to {path}.")
        return True

    # ================================================================== recent files
    def _remember_file(self, path: Path) -> None:
        self._store.setValue("files/last_directory", str(path.parent))
        recent = [p for p in self.recent_files() if p != str(path)]
        recent.insert(0, str(path))
        self._store.setValue("files/recent", recent[:RECENT_FILES])

    def recent_files(self) -> list[str]:
        value = self._store.value("files/recent", [])
        if isinstance(value, str):
            value = [value]
        return [str(v) for v in (value or [])]

    def open_recent(self, name: str) -> bool:
        return self.maybe_save(f"opening {Path(name).name}") and self.open_file(name)

    # ================================================================== autosave
    def _make_autosave(self, enabled: bool, directory: str | Path | None):
        if not enabled:
            return None
        from hexswarm.engine.records.autosave import Autosave

        if directory is None:
            from platformdirs import user_data_dir

            directory = Path(user_data_dir("HexSwarm", "HexSwarm")) / "autosave"
        try:
            return Autosave(directory)
        except OSError as error:
            log.warning("autosave disabled: %s", error)
            return None

    def autosave_now(self) -> None:
        if self.autosave is None:
            return
        try:
            self.autosave.save(self.current_record(), self.path)
        except Exception as error:  # noqa: BLE001 - never lose the game over an autosave
            self._show_status(f"Autosave failed: {error}")

    def offer_restore(self) -> None:
        """After a crash: offer the autosaved game."""
        autosave = self.autosave
        if autosave is None:
            return
        try:
            pending = autosave.pending()
        except Exception as error:  # noqa: BLE001
            log.warning("could not read the autosave: %s", error)
            return
        if pending is None:
            return
        try:
            from hexswarm.engine.records import read_sgf

            record: Game | None = read_sgf(pending)
            record.board_at()
        except Exception as error:  # noqa: BLE001 - said after the question, as before
            record, problem = None, error
        if record is not None and holds_nothing(record):
            # A new game that nobody had played in (round 14: the question came after the
            # empty board of a start-up was killed): nothing to offer.
            autosave.discard()
            return
        what = "the game that was on the board"
        if record is not None:
            what += f" ({game_summary(record)})"
        answer = ask(
            self._window,
            "Restore Game",
            f"HexSwarm did not close normally last time. Restore {what}?",
        )
        if answer != QMessageBox.StandardButton.Yes:
            autosave.discard()
            return
        if record is None:
            self._load_failed("Could not restore the autosaved game", problem)
            return
        # The file the game was opened from or saved to stays its file: Save writes there
        # (round 13: a restored game had forgotten it, and Save offered "game.sgf").
        source = autosave.source_of(pending)
        # This session autosaves the restored game itself from now on (saved at once, so a
        # second crash before the next move loses nothing either).
        autosave.discard(pending)
        self._install(record, restored=True)
        self.path = source
        self._set_dirty(True)
        self.autosave_now()
        of = f" ({source.name}: its changes are not saved in it yet)" if source else ""
        self._show_status(f"Restored the autosaved game{of}.")

    def close(self) -> None:
        """At a normal exit: the autosave is written and marked clean (a crash leaves it
        pending, to be offered at the next start)."""
        if self.autosave is None:
            return
        try:
            self.autosave.save(self.current_record(), self.path)
            self.autosave.mark_clean_exit()
        except Exception as error:  # noqa: BLE001
            log.warning("autosave at exit failed: %s", error)


def collection_label(number: int, game: Game) -> str:
    """How the choice of a game of a collection names it: number, players, board, moves
    (and "cut short" for a game the file ends inside)."""
    cut = " (cut short)" if game.cut_short is not None else ""
    return f"{number}. {game_summary(game)}{cut}"


def game_summary(game: Game) -> str:
    """``Alice vs Bob, 9x11, 4 moves, 2026-11-29``: players, board, moves of the main line
    and the date when known."""
    moves = sum(1 for node in game.main_line() if node.move is not None)
    players = f"{game.player_black or 'Black'} vs {game.player_white or 'White'}"
    when = f", {game.date}" if game.date else ""
    return f"{players}, {game.width}x{game.height}, {count_text(moves, 'move')}{when}"


def holds_nothing(game: Game) -> bool:
    """Whether ``game`` is an empty board that nobody played, set up or commented on."""
    root = game.root
    start = game.start_board()
    return not root.children and not root.comment.strip() and start.empty_count == start.cell_count


def choose_item(parent: QWidget, title: str, text: str, items: list[str]) -> tuple[str, bool]:
    """One of ``items`` (the first offered), and whether the user chose (not cancelled)."""
    from PySide6.QtWidgets import QInputDialog

    return QInputDialog.getItem(parent, title, text, items, 0, False)


def suggested_name(record: Game) -> str:
    """The file name Save offers a game that has none: its date and players
    (``2026-11-29 Alice vs Bob.sgf``), without the characters file systems refuse. Round 13:
    every game without a file was offered ``game.sgf``."""
    date = record.date or _datetime.date.today().isoformat()
    black, white = record.player_black or "Black", record.player_white or "White"
    text = f"{date} {black} vs {white}"
    text = re.sub(r'[\\/:*?"<>|\x00-\x1f]+', "-", text).strip(" .")[:100]
    return f"{text or 'game'}.sgf"


def link_hint(path: Path) -> str:
    """For a file that failed to open as SGF but holds a HexWorld or trmph link (a link saved
    to a text file): where the application reads links. Empty otherwise."""
    try:
        with path.open("rb") as handle:
            head = handle.read(4096).decode("utf-8", errors="replace").strip().lower()
    except OSError:
        return ""
    if head.startswith(("http", "www.")) or "trmph.com" in head or "hexworld" in head:
        return "\n\nIt holds a link: File > Open Link (Ctrl+L) reads HexWorld and trmph links."
    return ""


def count_variations(record: Game) -> int:
    """How many side lines (children beyond the first) the record's game tree holds."""
    return sum(max(0, len(node.children) - 1) for node in record.nodes())


def count_text(count: int, noun: str, plural: str | None = None) -> str:
    """``1 move``, ``2 moves``, ``0 moves`` (``plural`` when it is not ``noun + "s"``)."""
    return f"{count} {noun}" if count == 1 else f"{count} {plural or noun + 's'}"

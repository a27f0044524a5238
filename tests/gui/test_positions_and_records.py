"""Study positions from the installed package; opening, saving and exporting games."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from unittest import mock

import pytest
from hexswarm.engine.board import BLACK, WHITE
from hexswarm.engine.records import read_sgf, read_sgf_games
from hexswarm.gui.settings import GameSettings, SideSettings
from hexswarm.resources.positions import list_positions, load_position, position_comment
from PySide6.QtWidgets import QFileDialog, QMessageBox

DATA = Path(__file__).resolve().parents[1] / "data" / "records"
HUMANS = GameSettings(size=5, black=SideSettings(), white=SideSettings())


def test_every_study_position_loads_with_an_explanation():
    positions = list_positions()
    assert len(positions) >= 7
    for position in positions:
        entry, board = load_position(position.file)
        assert entry.explanation and entry.title
        assert board.moves == () and board.empty_count < board.size**2
        assert board.winner is None


def test_bridge_position_is_a_bridge():
    _entry, board = load_position("01-bridge.sgf")
    a, b = board.cell_index("d3"), board.cell_index("c5")
    common = set(board.neighbours[a].tolist()) & set(board.neighbours[b].tolist())
    assert board.stone_at(a) is BLACK and board.stone_at(b) is BLACK
    assert {board.cell_name(c) for c in common} == {"c4", "d4"}
    assert board.to_move is WHITE


def test_thesis_positions_are_7x7_with_white_to_move():
    for name in ("06-thesis-fig-5-7.sgf", "07-thesis-fig-5-8.sgf", "08-thesis-fig-5-9.sgf"):
        _entry, board = load_position(name)
        assert board.size == 7 and board.to_move is WHITE


def test_unknown_position_is_refused():
    with pytest.raises(ValueError):
        load_position("../../etc/passwd")


def test_positions_menu_loads_a_position(window):
    assert len(window.positions.actions) == len(list_positions())
    window.positions.actions[0].trigger()
    board = window.controller.board
    assert board.size == 7 and board.stone_at("d3") is BLACK
    assert "Bridge" in window.statusBar().currentMessage()
    assert not window.controller.is_ai(BLACK) and not window.controller.is_ai(WHITE)
    # The comment dock holds the SGF's long explanation, not the status bar's one line.
    comment = window.controller.game.cursor.comment
    assert comment == position_comment("01-bridge.sgf")
    assert len(comment) > len(list_positions()[0].explanation)
    # Play on from the position; "first" returns to it, not to an empty board.
    window.controller.play("c4")
    window.controller.first()
    assert window.controller.board.stone_at("d3") is BLACK


def test_save_and_open_round_trip(window, tmp_path):
    window.start_new_game(HUMANS)
    for name in ("c3", "b4", "d2"):
        window.controller.play(name)
    window.controller.back()  # saving keeps the moves after the cursor too
    path = tmp_path / "game.sgf"
    assert window.document.save_to(path)
    record = read_sgf(path)
    assert [m for m in record.main_line() if m.move is not None].__len__() == 3
    window.start_new_game(HUMANS)
    assert window.document.open_file(path)
    board = window.controller.board
    assert [board.cell_name(m.cell) for m in board.moves] == ["c3", "b4", "d2"]


def test_a_bad_file_leaves_the_game_untouched(window, tmp_path):
    window.start_new_game(HUMANS)
    window.controller.play("c3")
    before = window.controller.board.cells.copy()
    bad = tmp_path / "bad.sgf"
    bad.write_text("(;FF[4]GM[11]SZ[5];B[c3];W[c3])")
    with mock.patch.object(QMessageBox, "warning") as warning:
        assert not window.document.open_file(bad)
    assert warning.call_count == 1
    assert "unchanged" in warning.call_args.args[2]
    assert (window.controller.board.cells == before).all()
    with mock.patch.object(QMessageBox, "warning") as warning:
        assert not window.document.open_file(tmp_path / "missing.sgf")
    assert warning.call_count == 1
    # Round 13: an empty file said "no game found: an SGF record starts with '(;'", and a
    # trmph link saved to a file only that.
    empty = tmp_path / "empty.sgf"
    empty.write_text("")
    link = tmp_path / "link.txt"
    link.write_text("https://trmph.com/hex/board#11,f6e7g5\n")
    with mock.patch.object(QMessageBox, "warning") as warning:
        assert not window.document.open_file(empty)
        assert not window.document.open_file(link)
    assert "the file is empty" in warning.call_args_list[0].args[2]
    assert "File > Open Link (Ctrl+L)" in warning.call_args_list[1].args[2]
    assert (window.controller.board.cells == before).all()


def test_save_position_and_exports(window, tmp_path, qtbot):
    window.start_new_game(HUMANS)
    window.controller.play("c3")
    window.controller.play("b4")
    assert window.document.save_position(tmp_path / "pos.sgf")
    window.start_new_game(HUMANS)
    assert window.document.open_file(tmp_path / "pos.sgf")
    board = window.controller.board
    assert board.stone_at("c3") is BLACK and board.stone_at("b4") is WHITE
    assert board.moves == () and board.to_move is BLACK
    assert window.exports.export_image(tmp_path / "board.png")
    assert (tmp_path / "board.png").stat().st_size > 1000
    assert window.exports.export_image(tmp_path / "board.svg")
    assert (tmp_path / "board.svg").read_text().lstrip().startswith("<")
    # A link cannot hold setup stones: one clear message, nothing copied.
    with mock.patch.object(QMessageBox, "warning") as warning:
        window.exports.copy_link("trmph")
    assert warning.call_count == 1 and "setup" in warning.call_args.args[2]
    window.start_new_game(HUMANS)
    window.controller.play("c3")
    window.controller.play("b4")
    link = window.exports.link_text("trmph")
    assert link.startswith("https://trmph.com/hex/board#5")
    window.start_new_game(HUMANS)
    assert window.document.open_link(link)
    assert [window.controller.board.cell_name(m.cell) for m in window.controller.board.moves] == [
        "c3",
        "b4",
    ]


def crash(qtbot, first, settings_store, player_factory, directory):
    """End ``first`` as a crash would (no clean exit; the OS releases the lock) and return the
    next start's window, before it offers to restore anything."""
    from hexswarm.gui.main_window import MainWindow

    first.document.autosave._release()
    first.document.autosave = None
    first.close()
    second = MainWindow(
        settings_store, player_factory=player_factory, autosave_dir=directory, offer_restore=False
    )
    qtbot.addWidget(second)
    return second


def crash_and_restore(qtbot, first, settings_store, player_factory, directory):
    """:func:`crash`, then the new window restores the autosave ("Yes" to the question)."""
    second = crash(qtbot, first, settings_store, player_factory, directory)
    yes = QMessageBox.StandardButton.Yes
    with mock.patch("hexswarm.gui.document.ask", return_value=yes) as asked:
        second.document.offer_restore()
    assert asked.call_args.args[1] == "Restore Game"
    second.restore_question = asked.call_args.args[2]
    return second


def test_autosave_after_every_move_and_restore(qtbot, settings_store, player_factory, tmp_path):
    from hexswarm.gui.main_window import MainWindow

    directory = tmp_path / "autosave"
    first = MainWindow(
        settings_store, player_factory=player_factory, autosave_dir=directory, offer_restore=False
    )
    qtbot.addWidget(first)
    first.start_new_game(HUMANS)
    first.controller.play("c3")
    first.controller.play("a2")
    saved = read_sgf(first.document.autosave.path)
    assert len([n for n in saved.main_line() if n.move is not None]) == 2
    second = crash_and_restore(qtbot, first, settings_store, player_factory, directory)
    board = second.controller.board
    assert board.stone_at("c3") is BLACK and board.stone_at("a2") is WHITE
    # The restored game is this session's autosave now, and setup edits are saved too.
    assert len([n for n in read_sgf(second.document.autosave.path).main_line() if n.move]) == 2
    second.controller.set_setup_mode(True)
    second.controller.setup_stone(board.cell_index("e5"), WHITE)
    assert "AW[e5]" in second.document.autosave.path.read_text()
    second.close()


def test_a_restored_game_keeps_the_file_it_was_opened_from(
    qtbot, settings_store, player_factory, tmp_path
):
    """Round 13: a reviewed game opened from blunder.sgf, changed, then the application was
    killed; the restored game had forgotten its file, the title read "* HexSwarm" and Save
    offered "game.sgf". It is the file's game again: Save writes there, changes and all."""
    from hexswarm.gui.main_window import MainWindow

    directory = tmp_path / "autosave"
    path = tmp_path / "mine.sgf"
    path.write_text("(;FF[4]GM[11]SZ[5];B[c3];W[b4])")
    first = MainWindow(
        settings_store, player_factory=player_factory, autosave_dir=directory, offer_restore=False
    )
    qtbot.addWidget(first)
    assert first.document.open_file(path)
    first.controller.play("d2")
    second = crash_and_restore(qtbot, first, settings_store, player_factory, directory)
    assert second.document.path == path and second.document.dirty
    assert "mine.sgf" in second.statusBar().currentMessage()
    assert second.document.save()
    assert [n.token for n in read_sgf(path).main_line()[1:]] == ["c3", "b4", "d2"]
    # A game never saved stays without a file.
    second.start_new_game(HUMANS)
    second.controller.play("c3")
    third = crash_and_restore(qtbot, second, settings_store, player_factory, directory)
    assert third.document.path is None
    third.close()


def test_an_empty_board_left_by_a_crash_is_not_offered_and_a_game_is_named(
    qtbot, settings_store, player_factory, tmp_path
):
    """Round 14: killed with the empty board of a start-up on screen, the next start asked
    "Restore the game that was on the board?", of a board nobody had played on. Nothing is
    asked for an empty board; a game is named in the question (players, board, moves)."""
    from hexswarm.gui.main_window import MainWindow

    directory = tmp_path / "autosave"
    first = MainWindow(
        settings_store, player_factory=player_factory, autosave_dir=directory, offer_restore=False
    )
    qtbot.addWidget(first)
    first.start_new_game(HUMANS)
    second = crash(qtbot, first, settings_store, player_factory, directory)
    with mock.patch("hexswarm.gui.document.ask") as asked:
        second.document.offer_restore()
    assert not asked.called
    assert second.document.autosave.pending() is None
    second.controller.play("c3")
    third = crash_and_restore(qtbot, second, settings_store, player_factory, directory)
    assert third.controller.board.moves[0].cell == third.controller.board.cell_index("c3")
    assert third.restore_question.startswith("HexSwarm did not close normally last time. ")
    assert "(Human vs Human, 5x5, 1 move, " in third.restore_question
    third.close()


def test_a_file_of_several_games_opens_the_one_chosen_and_is_not_overwritten(window, tmp_path):
    """Round 13: a file of two games opened the first ("loaded the first" in the status bar,
    the second out of reach), and Save wrote that game over the file: the second was lost.
    The player chooses the game; Save writes it to a file of its own, the collection stays."""
    collection = tmp_path / "two.sgf"
    text = "(;FF[4]GM[11]SZ[5];B[c3];W[b4])\n(;FF[4]GM[11]SZ[7];B[d4];W[c5];B[e3])\n"
    collection.write_text(text)
    window.start_new_game(HUMANS)
    window.controller.play("a1")
    offered = []

    def choose(_parent, _title, _text, items):
        offered.extend(items)
        return items[1], True

    with mock.patch("hexswarm.gui.document.choose_item", choose):
        assert window.document.open_file(collection)
    assert offered == ["1. Black vs White, 5x5, 2 moves", "2. Black vs White, 7x7, 3 moves"]
    board = window.controller.board
    assert board.shape == (7, 7) and [board.cell_name(m.cell) for m in board.moves] == [
        "d4", "c5", "e3"
    ]  # fmt: skip
    assert "game 2 of the 2 in the file" in window.statusBar().currentMessage()
    assert window.document.path is None
    window.controller.play("f2")
    mine = tmp_path / "mine.sgf"
    with mock.patch.object(QFileDialog, "getSaveFileName", return_value=(str(mine), "")):
        assert window.document.save()
    assert collection.read_text() == text
    assert [n.token for n in read_sgf(mine).main_line()[1:]] == ["d4", "c5", "e3", "f2"]
    # Cancelling the choice keeps the game on screen.
    with mock.patch("hexswarm.gui.document.choose_item", return_value=("", False)):
        assert not window.document.open_file(collection)
    assert window.controller.board.shape == (7, 7) and len(window.controller.board.moves) == 4


def test_the_collection_chooser_counts_the_games_from_the_record_not_a_message(window, tmp_path):
    """Round 13's chooser read the number of games from the reader's warning ("file holds 2
    games; loaded the first"): a reader with other words, or none, opened the first game
    and Save wrote it over the file. The count is the record's ``games_in_file``. A file
    whose second game is broken counted one game before (the warning said "ignored a
    broken game"), so Save wrote the first over the file and the second was gone; it is
    a file of two games now: the first opens, without the file, and the status says why
    the other is not offered."""
    from hexswarm.engine import records

    collection = tmp_path / "two.sgf"
    collection.write_text("(;FF[4]GM[11]SZ[5];B[c3];W[b4])\n(;FF[4]GM[11]SZ[7];B[d4])\n")
    read = records.read_sgf

    def read_without_warnings(path):
        record = read(path)
        record.warnings.clear()  # whatever the reader says in words
        return record

    with (
        mock.patch.object(records, "read_sgf", read_without_warnings),
        mock.patch("hexswarm.gui.document.choose_item", lambda *a: (a[3][1], True)),
    ):
        assert window.document.open_file(collection)
    assert window.controller.board.shape == (7, 7) and window.document.path is None
    second_games = {  # (a second game cut short is offered since round 16: see below)
        "(;FF[4]GM[11]SZ[5];B[c3];W[c3])": "c3 is already occupied",
        "(;FF[4]GM[11]SZ[5]C[cut before a move": "is never closed",
    }
    for number, (second, why) in enumerate(second_games.items()):
        broken = tmp_path / f"broken{number}.sgf"
        text = f"(;FF[4]GM[11]SZ[5];B[c3];W[b4])\n{second}\n"
        broken.write_text(text)
        with mock.patch("hexswarm.gui.document.choose_item") as chooser:
            assert window.document.open_file(broken)
        assert not chooser.called  # nothing to choose: the second game does not read
        assert len(window.controller.board.moves) == 2 and window.document.path is None
        message = window.statusBar().currentMessage()
        assert "game 1 of the 2 in the file" in message and why in message
        window.controller.play("a1")
        mine = tmp_path / f"mine{number}.sgf"
        with mock.patch.object(QFileDialog, "getSaveFileName", return_value=(str(mine), "")):
            assert window.document.save()
        assert broken.read_text() == text


def test_a_game_of_a_collection_is_written_back_in_its_place(
    window, tmp_path, write_back_questions
):
    """Round 15: one game of a collection, edited, could only be saved to a file of its own.
    Save asks once: written back in its place, the other games byte for byte as they were
    (later saves write back without asking), or a file of its own; Cancel writes nothing; a
    collection changed on disk since it was read is not written over."""
    games = (
        "(;FF[4]GM[11]SZ[9:11]PB[Ann];B[e6];W[e5])",
        "(;FF[4]GM[11]SZ[5]PB[Cy];B[c3];W[b4])",
        "(;FF[4]GM[11]SZ[5]PB[Ed];B[c3];W[zz9])",  # does not read: kept as it is
    )
    club = tmp_path / "club.sgf"
    text = "\n".join(games) + "\n"
    club.write_text(text)
    window.start_new_game(HUMANS)
    with mock.patch("hexswarm.gui.document.choose_item", lambda *a: (a[3][1], True)):
        assert window.document.open_file(club)
    assert window.windowTitle() == "club.sgf (game 2) - HexSwarm"
    assert window.controller.play("a1")
    window.controller.set_comment("written back")
    write_back_questions.answers = ["cancel", "write back"]
    assert not window.document.save() and club.read_text() == text
    assert window.document.save()
    assert "game 2 of club.sgf" in write_back_questions.asked[-1]
    written = club.read_text()
    assert written.startswith(games[0] + "\n") and written.endswith("\n" + games[2] + "\n")
    second = read_sgf_games(club)[1]
    assert [token for _color, token in second.moves()] == ["c3", "b4", "a1"]
    assert second.main_line()[-1].comment == "written back" and not window.document.dirty
    assert "Wrote game 2 back into" in window.statusBar().currentMessage()
    assert window.controller.play("a2")
    assert window.document.save() and len(write_back_questions.asked) == 2  # not asked again
    assert read_sgf_games(club)[1].moves()[-1] == (WHITE, "a2")
    # Game 2 changed on disk meanwhile: no write-back offered, the file as the other program
    # left it, the edit kept (Cancel).
    club.write_text(text)
    assert window.controller.play("a3")
    write_back_questions.answers = ["cancel"]
    assert not window.document.save()
    assert "Game 2 itself changed there too" in write_back_questions.asked[-1]
    assert write_back_questions.options[-1] == {"can_write_back": False}
    assert club.read_text() == text and window.document.dirty
    # Or a file of its own: the collection as it was, and the game's file from then on.
    own = tmp_path / "own.sgf"
    with mock.patch.object(QFileDialog, "getSaveFileName", return_value=(str(own), "")):
        assert window.document.save_as()
    assert club.read_text() == text and window.document.path == own
    assert window.document.collection is None


def test_a_game_goes_back_into_its_collection_changed_on_disk_around_it(
    window, tmp_path, write_back_questions
):
    """Round 16: a collection changed on disk while one of its games was open was refused on
    write-back, Save As the only way out. When the game's own text in the file is as it was
    (another game edited), Save asks, and writes the game back into the file as it is now,
    the other program's change kept; Cancel keeps the edit and the file."""
    games = (
        "(;FF[4]GM[11]SZ[5]PB[Ann];B[c3])",
        "(;FF[4]GM[11]SZ[5]PB[Cy];B[c3];W[b4])",
    )
    club = tmp_path / "club.sgf"
    club.write_text("\n".join(games) + "\n")
    window.start_new_game(HUMANS)
    with mock.patch("hexswarm.gui.document.choose_item", lambda *a: (a[3][1], True)):
        assert window.document.open_file(club)
    assert window.controller.play("a1")
    # Another program renames game 1's Black and adds a game.
    theirs = games[0].replace("Ann", "Anna") + "\n" + games[1] + "\n(;FF[4]GM[11]SZ[7])\n"
    club.write_text(theirs)
    # Write it back (the first Save asks where), then write it into the file as it is now.
    write_back_questions.answers = ["write back", "write back"]
    with mock.patch.object(QMessageBox, "warning") as warning:
        assert window.document.save()
        assert window.document.dirty is False
    assert not warning.called
    assert "changed on disk since game 2 was read" in write_back_questions.asked[-1]
    assert "own text there is as it was" in write_back_questions.asked[-1]
    assert write_back_questions.options[-1] == {"can_write_back": True}
    after = read_sgf_games(club)
    assert [g.player_black for g in after][:2] == ["Anna", "Cy"] and len(after) == 3
    assert after[1].moves()[-1] == (BLACK, "a1")
    assert "changed on disk" in window.statusBar().currentMessage()
    # Changed again around it: asked again; Cancel keeps the edit unsaved and the file.
    assert window.controller.play("a2")
    club.write_text(club.read_text().replace("Anna", "Ann"))
    before = club.read_text()
    write_back_questions.answers = ["cancel"]
    assert not window.document.save()
    assert club.read_text() == before and window.document.dirty
    assert "your game is kept" in window.statusBar().currentMessage()


def test_a_file_cut_short_opens_its_moves_before_the_cut_and_says_where_it_stops(
    window, tmp_path, cut_short_messages
):
    """Round 15: broken.sgf, a game whose last value was never closed, opened nothing (one
    message, the moves lost to the user). The moves before the cut open, a message says
    where the file stops, Save asks for a new file and the cut file stays as it was; a
    collection whose last game is cut short offers it, marked, in the chooser."""
    broken = tmp_path / "broken.sgf"
    text = "(;FF[4]GM[11]SZ[5]PB[Ann];B[c3];W[b4];B[d2]C[a comment that was c"
    broken.write_text(text)
    window.start_new_game(HUMANS)
    assert window.document.open_file(broken)
    assert [token for _color, token in window.controller.game.moves()] == ["c3", "b4", "d2"]
    cut_comment = window.controller.game.cursor.comment  # the user's words, marked
    assert cut_comment == "a comment that was c [the file is cut short here]"
    (told,) = cut_short_messages
    column = text.index("[a comment") + 1  # the value never closed
    assert told.startswith(f"broken.sgf is cut short: it stops at line 1, column {column} (")
    assert "never closed" in told and "3 moves on the main line" in told
    assert window.document.path is None  # Save asks for a file of its own
    message = window.statusBar().currentMessage()
    assert "Opened broken.sgf: 3 moves" in message and "cut short at line 1" in message
    mine = tmp_path / "mended.sgf"
    window.controller.play("a1")
    with mock.patch.object(QFileDialog, "getSaveFileName", return_value=(str(mine), "")):
        assert window.document.save()
    assert broken.read_text() == text and read_sgf(mine).player_black == "Ann"
    # A collection's last game cut short: offered in the chooser, marked.
    club = tmp_path / "club.sgf"
    club.write_text("(;FF[4]GM[11]SZ[5];B[c3])\n(;FF[4]GM[11]SZ[7];B[d4];W[c")
    offered = []

    def choose_second(parent, title, text, items):
        offered.extend(items)
        return items[1], True

    with mock.patch("hexswarm.gui.document.choose_item", choose_second):
        assert window.document.open_file(club)
    assert offered[1].endswith("(cut short)") and not offered[0].endswith("(cut short)")
    assert window.controller.board.shape == (7, 7)
    assert cut_short_messages[-1].startswith("Game 2 of club.sgf is cut short: it stops at line 2")


def test_a_collection_offers_every_game_that_reads_and_names_the_one_that_does_not(
    window, tmp_path
):
    """Round 15, a club's file of three games whose third had an illegal move: the first
    opened, the status said "the others cannot be opened", and the sound second game could
    not be reached. The chooser offers the games that read and says which does not; a file
    whose first game does not read opens another; one game readable: it opens, unasked."""
    club = tmp_path / "club.sgf"
    club.write_text(
        "(;FF[4]GM[11]SZ[9:11]PB[Ann];B[e6];W[e5])\n"
        "(;FF[4]GM[11]SZ[5]PB[Cy];B[c3];W[b4])\n"
        "(;FF[4]GM[11]SZ[5]PB[Ed];B[c3];W[zz9])\n"
    )
    asked = []

    def choose_second(parent, title, text, items):
        asked.append((text, items))
        return items[1], True

    with mock.patch("hexswarm.gui.document.choose_item", choose_second):
        assert window.document.open_file(club)
    ((text, items),) = asked
    assert text.startswith("club.sgf holds 3 games (1 of them cannot be opened: ")
    assert "game 3: cell 'zz9' is off the 5x5 board" in text
    assert [item.split(".")[0] for item in items] == ["1", "2"]
    assert window.controller.board.shape == (5, 5)
    assert window.controller.game.player_black == "Cy" and window.document.path is None
    message = window.statusBar().currentMessage()
    assert "game 2 of the 3 in the file" in message and "game 3: cell 'zz9'" in message
    # The first game broken, one other sound: that one opens without a question.
    first_broken = tmp_path / "first-broken.sgf"
    first_broken.write_text("(;FF[4]GM[11]SZ[5];B[c3];W[c3])(;FF[4]GM[11]SZ[7];B[d4])")
    with mock.patch("hexswarm.gui.document.choose_item") as chooser:
        assert window.document.open_file(first_broken)
    assert not chooser.called and window.controller.board.shape == (7, 7)
    assert "game 1: " in window.statusBar().currentMessage()


def test_save_offers_a_name_from_the_date_and_the_players(window, tmp_path):
    """Round 13: Save offered every game without a file "game.sgf" (a study, two named
    players, the next game...). It offers the date and the players, without the characters
    file systems refuse (an AI's description holds ',' and '(' but no '/')."""
    from hexswarm.gui.document import suggested_name

    window.start_new_game(HUMANS)
    window.controller.play("c3")
    window.document.set_game_info({"Black": "Alice", "White": "Bob/Carol"})
    offered = []

    def save_dialog(_parent, _title, path, _filter):
        offered.append(Path(path).name)
        return "", ""

    with mock.patch.object(QFileDialog, "getSaveFileName", save_dialog):
        assert not window.document.save()
    date = window.document.current_record().date
    assert offered == [f"{date} Alice vs Bob-Carol.sgf"]
    ai_game = GameSettings(size=5, black=SideSettings(), white=SideSettings(True, "tiny"))
    window.start_new_game(ai_game)
    assert suggested_name(window.document.current_record()) == f"{date} Human vs AI tiny.sgf"


def test_a_file_with_variations_opens_whole_and_saves_back_whole(window, tmp_path):
    path = tmp_path / "tree.sgf"
    original = "(;FF[4]GM[11]SZ[5];B[c3](;W[b4]C[main];B[d2])(;W[d2]XY[kept]))"
    path.write_text(original)
    assert window.document.open_file(path)
    board = window.controller.board
    assert [board.cell_name(m.cell) for m in board.moves] == ["c3", "b4", "d2"]
    assert "1 variation" in window.statusBar().currentMessage()
    assert window.document.path == path and not window.document.dirty
    window.controller.go_to_node(window.controller.game.root.children[0].children[1])
    window.controller.play("a1")  # a move in the side line
    assert window.document.dirty
    assert window.document.save()
    saved = read_sgf(path)
    assert saved.player_black is None  # the file's own information is kept as it was
    side = saved.root.children[0].children[1]
    assert side.get("XY") == "kept" and side.children[0].token == "a1"
    assert saved.root.children[0].children[0].comment == "main"


def test_a_hexgui_file_saved_back_unchanged_is_the_same_file_apart_from_ap(window, tmp_path):
    from hexswarm.engine.records import write_sgf

    source = DATA / "hexgui_variations.sgf"
    path = tmp_path / "copy.sgf"
    path.write_text(source.read_text())
    assert window.document.open_file(path)
    window.controller.go_to(1)  # browsing changes nothing
    assert window.document.save()

    def without_ap(record):
        return [
            (depth, {k: v for k, v in node.properties.items() if k != "AP"})
            for node, depth in record.root.walk()
        ]

    assert without_ap(read_sgf(path)) == without_ap(read_sgf(source))
    assert path.read_text() == write_sgf(read_sgf(source))


def test_names_of_people_in_a_file_survive_saving(window, tmp_path):
    path = tmp_path / "named.sgf"
    path.write_text("(;FF[4]GM[11]SZ[5]PB[Alice]PW[Bob];B[c3])")
    window.controller.set_settings(HUMANS)
    assert window.document.open_file(path)
    assert window.controller.play("b4")
    assert window.document.save()
    saved = read_sgf(path)
    assert (saved.player_black, saved.player_white) == ("Alice", "Bob")
    assert saved.moves()[1] == (WHITE, "b4")


def test_quitting_with_unsaved_changes_asks_first(window, tmp_path, save_questions):
    window.start_new_game(HUMANS)
    assert not window.document.dirty
    window.controller.play("c3")
    assert window.document.dirty and window.windowTitle().startswith("* ")
    save_questions.answers.append("cancel")
    assert not window.close() and window.isVisible() is window.isVisible()
    assert save_questions.asked == ["the game"] and not window.controller.thread.isFinished()
    path = tmp_path / "kept.sgf"
    window.document.path = path
    save_questions.answers.append("save")
    assert window.close()
    assert read_sgf(path).moves()[0] == (BLACK, "c3")
    assert window.controller.thread.isFinished()


def test_ai_settings_recorded_in_a_file_are_offered(window, tmp_path, player_questions):
    path = tmp_path / "ai.sgf"
    path.write_text("(;FF[4]GM[11]SZ[5]XB[tiny]XW[bad spec:::];B[c3])")
    white = window.controller.settings.white
    assert window.document.open_file(path)
    assert len(player_questions.asked) == 1 and "tiny" in player_questions.asked[0]
    assert "bad spec" not in player_questions.asked[0]
    assert not window.controller.is_ai(BLACK), "declined: who plays stays as it was"
    player_questions.answers.append(True)
    assert window.document.open_file(path)
    assert window.controller.is_ai(BLACK) and window.controller.settings.black.spec == "tiny"
    assert window.controller.settings.white == white  # its recorded spec was not understood
    window.document.open_file(path)
    assert len(player_questions.asked) == 2, "already playing: not asked again"


def test_a_finished_game_does_not_offer_its_ais(window, tmp_path, player_questions):
    """Opening a finished AI-vs-AI game had asked "Let them play it now?"."""
    path = tmp_path / "won.sgf"
    # Black's column c (c1..c5) joins top and bottom: Black has won.
    moves = ";B[c1];W[a1];B[c2];W[a2];B[c3];W[a3];B[c4];W[a4];B[c5]"
    path.write_text(f"(;FF[4]GM[11]SZ[5]XB[tiny]XW[tiny]RE[B+]{moves})")
    assert window.document.open_file(path)
    assert window.controller.is_over
    assert player_questions.asked == []
    resigned = tmp_path / "resigned.sgf"
    resigned.write_text("(;FF[4]GM[11]SZ[5]XB[tiny]XW[tiny]RE[W+R];B[c3];W[b3];B[resign])")
    assert window.document.open_file(resigned)
    assert window.controller.is_over and player_questions.asked == []
    window.controller.back()  # before the end: play could go on, but the file is open
    assert player_questions.asked == []


def test_opening_over_unsaved_changes_can_be_cancelled(window, tmp_path, save_questions):
    window.start_new_game(HUMANS)
    window.controller.play("c3")
    save_questions.answers.append("cancel")
    window.document.open_recent(str(tmp_path / "other.sgf"))
    assert window.controller.board.stone_at("c3") is BLACK and save_questions.asked


@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize("level", ["mc:playouts_per_move=300", "mcsds:agents=3000,iterations=20"])
def test_the_ai_answers_the_bridge_intrusion(level, seed):
    """Known answer: after White's intrusion at d4, only c4 keeps Black's bridge."""
    from hexswarm.engine.players import create_player

    _entry, board = load_position("02-bridge-intrusion.sgf")
    choice = create_player(f"{level},seed={seed},threads=1").choose_move(board.copy())
    assert board.cell_name(choice.move) == "c4"


def test_another_game_clears_the_title_and_the_status_bar(window, qtbot, tmp_path):
    window.start_new_game(replace(HUMANS, analysis_spec="tiny"))
    window.controller.play("c3")
    path = tmp_path / "first.sgf"
    assert window.document.save_to(path)
    assert "first.sgf" in window.windowTitle()
    # A minute, not pytest-qt's 5 s: the hint's first search may load (or, with a cold
    # cache, compile) its kernels, which timed out once at load 7 (round 17).
    with qtbot.waitSignal(window.controller.hint_ready, timeout=60_000):
        window.act_hint.trigger()
    # The hint's time is shown as a hint, not added to the player's clock.
    assert window.time_label.text().startswith("hint ")
    window.positions.actions[0].trigger()  # a study position: not the file saved before
    assert "first.sgf" not in window.windowTitle()
    assert window.time_label.text() == "" and window.rate_label.text() == ""
    assert window.ai_label.text() == "AI idle"
    assert len(window.dashboard.game_graph.estimates) == 0


def test_a_record_named_at_start_is_the_game_on_the_board(
    qtbot, settings_store, player_factory, slow_player, tmp_path
):
    """``hexswarm game.sgf`` had opened the record and then, a moment later (once the restore
    question was settled), started a new game over it with the remembered settings: the record
    was gone from the screen and, with two AI sides remembered, an AI game ran instead."""
    from hexswarm.gui.main_window import MainWindow
    from hexswarm.gui.settings import DEFAULT_AI_SPEC, save_game_settings

    from tests.gui.players import factory_for

    record = tmp_path / "game.sgf"
    record.write_text("(;FF[4]GM[11]SZ[5];B[c3];W[b4])")
    both_ai = replace(HUMANS, black=SideSettings(ai=True), white=SideSettings(ai=True))
    save_game_settings(settings_store, replace(both_ai, ai_delay_ms=0))
    window = MainWindow(
        settings_store,
        player_factory=factory_for(**{DEFAULT_AI_SPEC.partition(":")[0]: slow_player}),
        autosave_dir=tmp_path / "autosave",
        open_path=record,
    )
    qtbot.addWidget(window)
    try:
        qtbot.wait(300)  # the restore question's turn has come and gone
        names = [window.controller.board.cell_name(m.cell) for m in window.controller.board.moves]
        assert names == ["c3", "b4"]
        assert window.document.path == record
        assert not window.controller.searching and not slow_player.started.is_set()
    finally:
        window.close()


def leave_a_crashed_game(qtbot, settings_store, player_factory, directory, move: str) -> None:
    """A window whose game (one ``move``) is autosaved in ``directory`` ends as a crash would:
    no clean exit, so the next window with ``offer_restore`` offers the game."""
    from hexswarm.gui.main_window import MainWindow

    first = MainWindow(
        settings_store, player_factory=player_factory, autosave_dir=directory, offer_restore=False
    )
    qtbot.addWidget(first)
    first.start_new_game(HUMANS)
    first.controller.play(move)
    first.document.autosave._release()  # a crash: no clean exit
    first.document.autosave = None
    first.close()


def test_a_record_named_at_start_after_a_restore_asks_to_save_the_restored_game(
    qtbot, settings_store, player_factory, save_questions, tmp_path
):
    """A crash left a game; ``hexswarm game.sgf`` then offers it first and, restored, asks
    before the record replaces it (else the restored game would be gone again)."""
    from hexswarm.gui.main_window import MainWindow

    directory = tmp_path / "autosave"
    leave_a_crashed_game(qtbot, settings_store, player_factory, directory, "a1")
    record = tmp_path / "game.sgf"
    record.write_text("(;FF[4]GM[11]SZ[5];B[c3];W[b4])")
    save_questions.asked.clear()  # the first window's, at its close
    save_questions.details.clear()
    save_questions.answers.append("cancel")  # keep the restored game
    with mock.patch("hexswarm.gui.document.ask", return_value=QMessageBox.StandardButton.Yes):
        window = MainWindow(
            settings_store, player_factory=player_factory, autosave_dir=directory, open_path=record
        )
        qtbot.addWidget(window)
        try:
            qtbot.wait(300)  # the restore question's turn has come and gone
            assert save_questions.details == [("opening game.sgf",)]
            board = window.controller.board
            assert [board.cell_name(m.cell) for m in board.moves] == ["a1"]  # the restored game
            assert window.document.path is None
        finally:
            window.document.set_clean()
            window.close()


def test_no_ai_searches_before_the_restore_question_is_answered(
    qtbot, settings_store, player_factory, slow_player, tmp_path
):
    from hexswarm.gui.main_window import MainWindow
    from hexswarm.gui.settings import DEFAULT_AI_SPEC, save_game_settings

    from tests.gui.players import factory_for

    directory = tmp_path / "autosave"
    leave_a_crashed_game(qtbot, settings_store, player_factory, directory, "c3")
    # The remembered settings let an AI (the default level, played here by the slow test
    # player) play Black, so a new game would start it at once.
    save_game_settings(settings_store, replace(HUMANS, black=SideSettings(ai=True), ai_delay_ms=0))
    asked: list[bool] = []

    def answer(*_args, **_kwargs):
        qtbot.wait(100)  # a real question runs an event loop while it waits for the user
        asked.append(window.controller.searching or slow_player.started.is_set())
        return QMessageBox.StandardButton.No

    with mock.patch("hexswarm.gui.document.ask", side_effect=answer):
        window = MainWindow(
            settings_store,
            player_factory=factory_for(**{DEFAULT_AI_SPEC.partition(":")[0]: slow_player}),
            autosave_dir=directory,
        )
        qtbot.addWidget(window)
        qtbot.waitUntil(lambda: bool(asked), timeout=5000)
    try:
        assert asked == [False]  # nothing searched while the question was open
        # Answered "no": the new game starts, and the AI (Black) with it.
        qtbot.waitUntil(lambda: window.controller.searching, timeout=5000)
        assert slow_player.started.wait(5)
    finally:
        window.close()


TINY_WHITE = GameSettings(
    size=5, black=SideSettings(), white=SideSettings(ai=True, spec="tiny"), ai_delay_ms=0
)


def test_a_restored_game_keeps_its_ai_tags_and_its_graph(
    qtbot, settings_store, player_factory, tmp_path
):
    """The autosave holds who played each move (``XP``) and the searches the game keeps
    (``HSA``): after a crash the move list says "[tiny]" again and the graph is drawn."""
    from hexswarm.gui.main_window import MainWindow

    directory = tmp_path / "autosave"
    first = MainWindow(
        settings_store, player_factory=player_factory, autosave_dir=directory, offer_restore=False
    )
    qtbot.addWidget(first)
    first.start_new_game(TINY_WHITE)
    for name in ("c3", "b4"):
        before = len(first.controller.board.moves)
        first.controller.play(name) or first.controller.play("e5")
        qtbot.waitUntil(lambda before=before: len(first.controller.board.moves) == before + 2)
    entries = [first.move_list.item(i).text() for i in range(first.move_list.count())]
    assert sum("[tiny]" in e for e in entries) == 2
    graph = first.dashboard.game_graph
    drawn = graph.estimates.points()
    # White's searches estimated the positions after moves 1 and 3 and valued its own replies.
    assert drawn[0] == [1, 2, 3, 4]
    assert [graph.estimates.is_direct(n) for n in drawn[0]] == [True, False, True, False]
    second = crash_and_restore(qtbot, first, settings_store, player_factory, directory)
    try:
        entries_after = [second.move_list.item(i).text() for i in range(second.move_list.count())]
        assert entries_after == entries
        assert second.dashboard.game_graph.estimates.points() == drawn
        assert second.controller.thinking_time(WHITE) == first.controller.thinking_time(WHITE)
    finally:
        second.close()


def test_the_image_export_offers_the_games_name_and_the_move(window, tmp_path):
    """Round 15: every diagram exported was offered ``board.png``, so a second export of
    another position wrote over the first unless renamed. It offers the game's file name,
    or the name Save would offer, and the move on the board."""
    from hexswarm.gui.document import suggested_name

    window.start_new_game(HUMANS)
    c = window.controller
    c.play("c3")
    c.play("b4")
    game_name = suggested_name(c.game)[: -len(".sgf")]
    assert window.exports.image_name() == f"{game_name} move 2.png"
    offered = []

    def save_name(parent, title, path, patterns):
        offered.append(Path(path).name)
        return "", ""

    with mock.patch.object(QFileDialog, "getSaveFileName", save_name):
        c.go_to(0)
        window.exports.export_image_dialog()
        assert window.document.save_to(tmp_path / "club game.sgf")
        c.go_to(1)
        window.exports.export_image_dialog()
    assert offered == [f"{game_name} start.png", "club game move 1.png"]


def test_the_image_export_writes_the_format_of_the_filter_chosen(window, tmp_path):
    """Round 15: the name offered ends in .png, and choosing "SVG image" in the dialog still
    wrote a PNG. The filter decides; a name typed with .svg is SVG whatever the filter."""
    window.start_new_game(HUMANS)
    window.controller.play("c3")
    answers = [
        (str(tmp_path / "a.png"), "SVG image (*.svg)"),
        (str(tmp_path / "b.svg"), "PNG image (*.png)"),
        (str(tmp_path / "c"), "PNG image (*.png)"),
        (str(tmp_path / "d.png"), "PNG image (*.png)"),
    ]
    for answer in answers:
        with mock.patch.object(QFileDialog, "getSaveFileName", return_value=answer):
            assert window.exports.export_image_dialog()
    written = sorted(p.name for p in tmp_path.iterdir() if p.suffix in (".png", ".svg"))
    assert written == ["a.svg", "b.svg", "c.png", "d.png"]
    assert (tmp_path / "a.svg").read_text().lstrip().startswith("<")

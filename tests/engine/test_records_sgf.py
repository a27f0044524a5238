"""SGF for Hex: dialect samples, round trips, hostile input, and boards <-> records."""

from __future__ import annotations

import contextlib
import random
from pathlib import Path

import pytest
from hexswarm.engine.board import (
    BLACK,
    SWAP_PIECES,
    SWAP_SIDES,
    WHITE,
    Board,
    HexError,
    mirror_cell,
)
from hexswarm.engine.game import GameTreeError
from hexswarm.engine.records import (
    MAX_FILE_BYTES,
    Game,
    GameNode,
    SgfError,
    parse_sgf,
    parse_sgf_games,
    position_record,
    read_sgf,
    read_sgf_collection,
    read_sgf_games,
    record_from_board,
    save_sgf,
    write_sgf,
)
from hexswarm.engine.records.sgf import SIMPLE_TEXT
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

DATA = Path(__file__).resolve().parents[1] / "data" / "records"

# The samples of issue 6, verbatim.
HEXGUI_GAME = (
    r"(;AP[HexGui:0.10.GIT]FF[4]GM[11]PB[Alice]PW[Bob]SZ[11];B[f6](;W[swap-pieces];B[e7]"
    r"C[bridge \[test\]];W[resign])(;W[swap-sides]))"
)
HEXGUI_POSITION = "(;AP[HexGui:0.10.GIT]FF[4]GM[11]PL[W]SZ[11]AB[a1]AW[b2])"
LITTLE_GOLEM = (
    "(;FF[4]EV[hex.ch.23.1.1]PB[A]PW[B]SZ[13]RE[W]SO[http://www.littlegolem.com]"
    ";W[mf];B[swap];W[kj];B[resign])"
)


def tree_shape(record: Game) -> list[tuple[int, dict[str, list[str]]]]:
    """The whole tree as (depth, properties) in file order: equal shapes = equal trees."""
    return [(depth, dict(node.properties)) for node, depth in record.root.walk()]


def same_board(a: Board, b: Board) -> bool:
    return (
        a.size == b.size
        and (a.cells == b.cells).all()
        and a.to_move == b.to_move
        and a.moves == b.moves
        and a.swap_rule == b.swap_rule
    )


# --------------------------------------------------------------------------- dialect samples


def test_the_data_files_hold_the_issue_samples_verbatim():
    assert (DATA / "hexgui_variations.sgf").read_text().strip() == HEXGUI_GAME
    assert (DATA / "hexgui_position.sgf").read_text().strip() == HEXGUI_POSITION
    assert (DATA / "littlegolem.hsgf").read_text().strip() == LITTLE_GOLEM


def test_hexgui_game_with_both_swaps_resign_and_escaped_comment():
    record = read_sgf(DATA / "hexgui_variations.sgf")
    assert record.dialect == "hexgui"
    assert record.warnings == []
    assert (record.size, record.player_black, record.player_white) == (11, "Alice", "Bob")
    assert record.application == "HexGui:0.10.GIT"
    first = record.root.children[0]
    assert first.move == (BLACK, "f6")
    pieces, sides = first.children
    assert pieces.move == (WHITE, SWAP_PIECES)
    assert sides.move == (WHITE, SWAP_SIDES)
    assert pieces.children[0].comment == "bridge [test]"
    assert record.moves() == [(BLACK, "f6"), (WHITE, SWAP_PIECES), (BLACK, "e7"), (WHITE, "resign")]
    assert record.swap_rule
    assert (record).game_end() == ("white", "resign")
    assert record.game_end(sides) is None

    board = record.board_at()
    # swap-pieces mirrors f6 across the long diagonal: column 6, row 6 lies on it, so the
    # stone stays where it is and becomes White's.
    assert board.stone_at("f6") == WHITE and board.stone_at("e7") == BLACK
    assert board.to_move == WHITE
    after_sides = record.board_at(sides)
    assert after_sides.stone_at("f6") == BLACK and after_sides.to_move == WHITE


def test_swap_pieces_mirrors_an_off_diagonal_stone():
    record = parse_sgf("(;FF[4]GM[11]SZ[5];B[b4];W[swap-pieces];B[c3])")[0]
    board = record.board_at()
    mirrored = mirror_cell(board.cell_index("b4"), 5)
    assert board.cell_name(mirrored) == "d2"
    assert board.stone_at("d2") == WHITE and board.stone_at("b4") is None
    assert board.stone_at("c3") == BLACK


def test_hexgui_save_position_loads_as_a_start_and_is_written_in_the_same_shape():
    record = read_sgf(DATA / "hexgui_position.sgf")
    board = record.board_at()
    assert board.stone_at("a1") == BLACK and board.stone_at("b2") == WHITE
    assert board.to_move == WHITE and board.moves == ()
    with pytest.raises(HexError):
        board.undo()  # the setup is the starting position, not an undoable edit
    again = position_record(board)
    assert write_sgf(again) == "(;FF[4]GM[11]SZ[11]AP[HexSwarm:0.1.0]AB[a1]AW[b2]PL[W])\n"
    assert same_board(parse_sgf(write_sgf(again))[0].board_at(), board)


def test_little_golem_record_is_converted_so_the_first_mover_is_black():
    record = read_sgf(DATA / "littlegolem.hsgf")
    assert record.dialect == "littlegolem"
    assert record.size == 13
    expected = [(BLACK, "m6"), (WHITE, SWAP_PIECES), (BLACK, "k10"), (WHITE, "resign")]
    assert record.moves() == expected
    # The first mover (labelled W there) plays Black here, so the names follow the colours.
    assert (record.player_black, record.player_white) == ("B", "A")
    assert record.event == "hex.ch.23.1.1" and record.root.get("SO") == "http://www.littlegolem.com"
    assert record.swap_rule
    board = record.board_at()
    assert board.stone_at("f13") == WHITE  # m6 mirrored by the swap
    assert board.stone_at("k10") == BLACK
    assert (record).game_end() == (WHITE, "resign")
    # This sample's RE[W] contradicts its last move (White resigns after the conversion); the
    # reader keeps both and says so instead of guessing.
    assert any("RE[W]" in warning for warning in record.warnings)
    written = write_sgf(record)
    assert "GM[11]" in written and "B[m6];W[swap-pieces];B[k10];W[resign]" in written
    assert parse_sgf(written)[0].dialect == "hexswarm"


def test_little_golem_game_without_swap_and_consistent_result():
    text = "(;FF[4]PB[first]PW[second]SZ[11]RE[B]SO[littlegolem];W[ab];B[cd];W[ee];B[resign])"
    record = parse_sgf(text)[0]
    assert record.dialect == "littlegolem"
    assert record.moves() == [(BLACK, "a2"), (WHITE, "c4"), (BLACK, "e5"), (WHITE, "resign")]
    assert record.player_black == "second" and record.winner == BLACK
    assert record.warnings == []
    assert record.swap_rule and parse_sgf(write_sgf(record))[0].swap_rule


def test_old_hexgui_swap_pieces_means_swap_sides():
    record = read_sgf(DATA / "hexgui_old_swap.sgf")
    assert record.dialect == "hexgui-old"
    assert record.moves()[1] == (WHITE, SWAP_SIDES)
    board = record.board_at()
    assert board.stone_at("d4") == BLACK and board.stone_at("c5") == WHITE
    assert board.stone_at("e3") == BLACK
    assert record.warnings == []  # after swap-sides White moves again, as the file says
    # HexGui 0.10 and later, and any other version pattern, keep swap-pieces.
    for application in ("HexGui:0.10", "HexGui:0.10.GIT", "HexGui:1.0", "HexGui:0.91"):
        text = f"(;AP[{application}]FF[4]GM[11]SZ[7];B[d4];W[swap-pieces])"
        assert parse_sgf(text)[0].moves()[1] == (WHITE, SWAP_PIECES), application
    for application in ("HexGui:0.9", "HexGui:0.2.1", "HexGui:0.9.GIT"):
        text = f"(;AP[{application}]FF[4]GM[11]SZ[7];B[d4];W[swap-pieces])"
        assert parse_sgf(text)[0].moves()[1] == (WHITE, SWAP_SIDES), application


def test_multi_game_file_loads_the_first_and_says_so():
    record = read_sgf(DATA / "three_games.sgf")
    assert record.player_black == "one" and record.size == 5
    assert record.games_in_file == 3 and record.warnings == []
    games = read_sgf_collection(DATA / "three_games.sgf")
    assert [g.player_black for g in games] == ["one", "two", "three"]
    assert [g.size for g in games] == [5, 7, 9]
    assert [g.games_in_file for g in games] == [3, 3, 3]
    assert parse_sgf("(;FF[4]GM[11]SZ[5];B[c3])")[0].games_in_file == 1


def test_broken_later_game_is_a_warning_for_the_first_and_an_error_for_all():
    text = "(;FF[4]GM[11]SZ[5];B[c3])(;FF[4]GM[11]SZ[5];B[c3];W[c3])"
    record = parse_sgf(text, first_only=True)[0]
    assert record.moves() == [(BLACK, "c3")] and record.games_in_file == 2
    with pytest.raises(SgfError, match="game 2"):
        parse_sgf(text)
    # A game that does not even parse counts: the file is more than the first game.
    unclosed = "(;FF[4]GM[11]SZ[5];B[c3])(;FF[4]GM[11]SZ[5];B[c3]"
    record = parse_sgf(unclosed, first_only=True)[0]
    assert record.games_in_file == 2
    assert record.warnings[0].startswith("ignored a broken game after the first one")


def test_each_game_of_a_collection_is_read_on_its_own():
    """Round 15: a club's file of three games whose third held an illegal move opened its
    first only; the second, sound, could not be reached. Each game is read and replayed on
    its own; one that does not is its error, numbered, in its place; a game whose text is
    broken ends the list (where a next game starts cannot be told)."""
    text = (
        "(;FF[4]GM[11]SZ[9:11];B[e6];W[e5])\n"
        "(;FF[4]GM[11]SZ[5];B[c3];W[c3])\n"  # the same cell twice
        "(;FF[4]GM[11]SZ[7];B[d4])\n"
        "(;FF[4]GM[11]SZ[5];B[zz9])\n"  # off the board
        "(;FF[4]GM[11]SZ[5];B[c3]\n"  # never closed
    )
    games = parse_sgf_games(text)
    assert len(games) == 5
    first, second, third, fourth, fifth = games
    assert first.shape == (9, 11) and third.moves() == [(BLACK, "d4")]
    assert first.games_in_file == third.games_in_file == 5
    assert isinstance(second, SgfError) and second.what.startswith("game 2: ")
    assert "occupied" in second.what
    assert isinstance(fourth, SgfError) and fourth.line == 4 and "game 4: " in str(fourth)
    # Cut short (round 16): the game as far as it goes, saying where it stops.
    assert fifth.moves() == [(BLACK, "c3")] and "never closed" in fifth.cut_short.what
    sound = "(;FF[4]GM[11]SZ[5];B[c3])(;FF[4]GM[11]SZ[7];B[d4]) trailing"
    games = parse_sgf_games(sound)
    assert [g.size for g in games] == [5, 7]
    assert games[0].warnings == ["ignored the text after the last game (line 1, col 52)"]
    with pytest.raises(SgfError, match="empty"):
        parse_sgf_games("  ")


def test_a_file_cut_short_gives_the_moves_before_the_cut():
    """Round 15: a file cut short (a value never closed) opened nothing. The game comes back
    as far as the text goes, the property cut short left out (and a node it leaves empty),
    with where it stops; a cut before any move or setup is still an error, and so is a cut
    game for the reader of whole games (``parse_sgf``)."""
    whole = "(;FF[4]GM[11]SZ[5]PB[Ann];B[c3]C[good];W[b4](;B[d2];W[b2])(;B[b3]C[other])"
    main = whole[: whole.index("(;B[d2]")]
    cuts = {  # the text up to the cut: the main line and last variation read, why it stops
        whole[:-4]: (["c3", "b4", "b3"], "property value is never closed"),  # C[oth
        whole[:-1]: (["c3", "b4", "b3"], "game tree opened here is never closed"),
        main + "(;B[d2];W[b": (["c3", "b4", "d2"], "property value is never closed"),
        main + "(;B[d2])(;B": (["c3", "b4", "d2"], "the file ends after property B"),
        main + "(;B[d2])(;": (["c3", "b4", "d2"], "game tree opened here is never closed"),
    }
    for text, (moves, why) in cuts.items():
        (game,) = parse_sgf_games(text)
        line = game.root.children[0].children[0]
        variation = line.children[-1] if line.children else None
        tokens = ["c3", "b4"] + ([variation.token] if variation is not None else [])
        assert tokens == moves, text
        assert why in game.cut_short.what and game.cut_short.line == 1, text
        assert game.cut_short.column <= len(text)
        assert game.player_black == "Ann" and game.root.children[0].comment == "good"
        assert "cut short at line 1, column" in game.warnings[-1]
        with pytest.raises(SgfError, match=why):
            parse_sgf(text)
    # Every cut of the record: an error, or a game whose main line begins the whole one's.
    full = [node.token for node in parse_sgf(whole + ")")[0].main_line()[1:]]
    for end in range(1, len(whole)):
        (game,) = parse_sgf_games(whole[:end])
        if isinstance(game, Game):
            tokens = [node.token for node in game.main_line()[1:]]
            assert tokens == full[: len(tokens)] and tokens, whole[:end]
    # A comment cut short keeps its words, marked (the user's text; a move's cannot be).
    (game,) = parse_sgf_games(main + "C[the ladder \\] breaks her")
    assert game.main_line()[-1].comment == "the ladder ] breaks her [the file is cut short here]"
    two = "(;FF[4]GM[11]SZ[5];B[c3])\n(;FF[4]GM[11]SZ[7];B[d4];W[c"
    first, second = parse_sgf_games(two)
    assert first.cut_short is None and second.moves() == [(BLACK, "d4")]
    assert second.cut_short.line == 2 and first.games_in_file == 2
    for nothing in ("(;FF[4]GM[11]SZ[5]", "(;FF[4]GM[11]SZ[5]C[a comm"):
        (error,) = parse_sgf_games(nothing)
        assert isinstance(error, SgfError) and "never closed" in error.what


def test_a_game_is_written_back_into_a_collection_changed_around_it(tmp_path):
    """Round 16: a collection changed on disk since one of its games was read could not
    take it back at all. With the game's own digest, it goes into the file as it is now when
    the game's own text there is unchanged (another game edited, one added after it), and
    is refused when that text changed (or another game now stands at its number)."""
    from hexswarm.engine.records import (
        FileChangedError,
        file_digest,
        game_digest,
        replace_sgf_game,
    )

    games = [
        "(;FF[4]GM[11]SZ[5]PB[Ann];B[c3])",
        "(;FF[4]GM[11]SZ[5]PB[Cy];B[c3];W[b4])",
        "(;FF[4]GM[11]SZ[5]PB[Ed];B[a1])",
    ]
    club = tmp_path / "club.sgf"
    club.write_text("\n".join(games) + "\n", encoding="utf-8")
    data = club.read_bytes()
    own = game_digest(data, 2)
    assert own == file_digest(games[1].encode()) and game_digest(data, 4) is None
    second = read_sgf_games(club)[1]
    second.main_line()[-1].play(BLACK, "a1")
    # Another program edits game 1 and adds a fourth game.
    edited = [games[0].replace("Ann", "Anna"), games[1], games[2], "(;FF[4]GM[11]SZ[7])"]
    club.write_text("\n".join(edited) + "\n", encoding="utf-8")
    with pytest.raises(FileChangedError, match="changed since"):
        replace_sgf_game(club, 2, second, unchanged_since=file_digest(data))
    replace_sgf_game(club, 2, second, game_unchanged_since=own)
    again = read_sgf_games(club)
    assert [g.player_black for g in again] == ["Anna", "Cy", "Ed", None]
    assert again[1].moves()[-1] == (BLACK, "a1")
    # Game 2 itself changed (or a game was put before it): refused, the file as it is.
    changed = "\n".join([games[0], games[2], games[1]]) + "\n"
    club.write_text(changed, encoding="utf-8")
    with pytest.raises(FileChangedError, match="game 2 of club.sgf changed"):
        replace_sgf_game(club, 2, second, game_unchanged_since=own)
    assert club.read_text(encoding="utf-8") == changed


def test_one_game_is_written_back_into_its_collection_the_others_untouched(tmp_path):
    """Round 15: one game of a collection, edited, could only be saved to a file of its own.
    It is written back in its place: every other byte of the file as it was (the other
    games, what lies between them, Windows line ends, a byte-order mark), atomically; a file
    changed since it was read, or not UTF-8, is refused and left as it was."""
    from hexswarm.engine.records import file_digest, replace_sgf_game

    games = [
        "(;FF[4]GM[11]SZ[9:11]PB[Ann]C[caf\u00e9];B[e6];W[e5])",
        "(;FF[4]GM[11]SZ[5]PB[Cy];B[c3]\r\n;W[b4])",
        "(;FF[4]GM[11]SZ[7]PB[Ed];B[d4] (;W[c3])(;W[e5]))",
    ]
    text = "\ufeff" + " \r\n".join(games) + "\r\n; a note after the games\r\n"
    club = tmp_path / "club.sgf"
    data = text.encode("utf-8")
    club.write_bytes(data)
    second = read_sgf_games(club)[1]
    second.main_line()[-1].play(BLACK, "a1").comment = "added here"
    digest = replace_sgf_game(club, 2, second, unchanged_since=file_digest(data))
    after = club.read_bytes()
    assert digest == file_digest(after) and after.startswith(b"\xef\xbb\xbf")
    written = after.decode("utf-8")
    head, tail = text.split(games[1])
    assert written.startswith(head) and written.endswith(tail)
    middle = written[len(head) : len(written) - len(tail)]
    assert "\r\n" in middle and "\n" not in middle.replace("\r\n", "")
    again = read_sgf_games(club)
    assert [g.player_black for g in again] == ["Ann", "Cy", "Ed"]
    assert again[1].moves()[-1] == (BLACK, "a1") and again[0].root.comment == "caf\u00e9"
    # Changed since it was read, or not UTF-8: refused, the file as it was.
    with pytest.raises(SgfError, match="changed since"):
        replace_sgf_game(club, 1, second, unchanged_since=file_digest(data))
    assert club.read_bytes() == after
    with pytest.raises(SgfError, match="no game 4"):
        replace_sgf_game(club, 4, second)
    latin = tmp_path / "latin.sgf"
    latin.write_bytes("(;FF[4]GM[11]SZ[5]PB[Jos\u00e9])(;FF[4]GM[11]SZ[5])".encode("latin-1"))
    before = latin.read_bytes()
    with pytest.raises(SgfError, match="not UTF-8"):
        replace_sgf_game(latin, 2, second)
    assert latin.read_bytes() == before
    # The last game cut short: written back whole, the others as they were.
    cut = tmp_path / "cut.sgf"
    cut.write_text(games[0] + "\n(;FF[4]GM[11]SZ[7];B[d4];W[c")
    mended = read_sgf_games(cut)[1]
    replace_sgf_game(cut, 2, mended)
    assert cut.read_text().startswith(games[0] + "\n(;")
    assert read_sgf_games(cut)[1].cut_short is None


def test_unknown_properties_and_ai_settings_survive_a_round_trip():
    text = (
        "(;FF[4]GM[11]SZ[7]AP[Other:1]XB[sdst:agents=500,iterations=50]XW[uct:playouts=9]"
        "ZZ[keep][me]RU[swap];B[d4]TR[a1]MN[3]LB[c3:x];W[swap-sides])"
    )
    record = parse_sgf(text)[0]
    assert record.ai_black == "sdst:agents=500,iterations=50"
    assert record.ai_white == "uct:playouts=9"
    again = parse_sgf(write_sgf(record))[0]
    assert tree_shape(again)[1:] == tree_shape(record)[1:]
    assert again.root.values("ZZ") == ["keep", "me"]
    assert again.root.children[0].get("LB") == "c3:x"


def test_go_style_points_are_read_in_any_dialect():
    record = parse_sgf("(;FF[4]GM[11]SZ[5]AB[ac]AW[ba];B[cc])")[0]
    assert record.root.values("AB") == ["a3"] and record.root.values("AW") == ["b1"]
    assert record.moves() == [(BLACK, "c3")]


def test_comments_keep_backslashes_brackets_line_breaks_and_unicode():
    node_text = "a \\ backslash, a ] bracket, [both\\]\nsecond line: ü 漢字 ♟"
    record = Game(5)
    record.root.play(BLACK, "c3").comment = node_text
    written = write_sgf(record)
    assert "CA[UTF-8]" in written
    assert parse_sgf(written)[0].root.children[0].comment == node_text
    # A soft line break (backslash + newline) in a read file disappears.
    assert parse_sgf("(;SZ[5]C[one \\\ntwo])")[0].root.comment == "one two"


def test_write_is_wrapped_and_deterministic():
    board = Board(7)
    for cell in ("d4", "c5", "e3", "b6", "f2", "a7", "g1", "d5", "c4", "e4"):
        board.play(cell)
    record = record_from_board(board, black="A", white="B", date="2026-11-22")
    text = write_sgf(record)
    assert text == write_sgf(record)
    assert all(len(line) <= 72 for line in text.splitlines())
    assert text.startswith("(;FF[4]GM[11]SZ[7]AP[HexSwarm:0.1.0]")
    assert text.endswith(")\n")
    assert text == (DATA / "hexswarm_game.sgf").read_text()


# --------------------------------------------------------------------------- bad input


BAD_INPUTS = [
    ("(;FF[4]GM[11]SZ[5];B[c3]", "never closed"),
    ("(;FF[4]GM[11]SZ[5];B[c3", "never closed"),
    ("(;FF[4]GM[11]SZ[5];B[z9])", "off the 5x5 board"),
    ("(;FF[4]GM[11]SZ[5];B[c0])", "off the 5x5 board"),
    ("(;FF[4]GM[11]SZ[5];B[3c])", "malformed cell name"),
    ("(;FF[4]GM[11]SZ[5];B[a" + "9" * 5000 + "])", "is not a cell name"),
    ("(;FF[4]GM[11]SZ[" + "9" * 5000 + "])", "is not a board size"),
    ("(;FF[4]GM[1]SZ[19];B[pd])", "GM[1] is not Hex"),
    ("(;FF[4]GM[11]SZ[0])", "board size 0 is out of range"),
    ("(;FF[4]GM[11]SZ[10000])", "board size 10000 is out of range"),
    ("(;FF[4]GM[11]SZ[11:27])", "out of range: HexSwarm plays 1 to 26 columns and rows"),
    ("(;FF[4]GM[11]SZ[11:9:3])", "SZ[n] or SZ[columns:rows]"),
    ("(;FF[4]GM[11]SZ[3:5];B[d1])", "off the 3x5 board"),
    ("(;FF[4]GM[11]SZ[3:5];B[a1];W[swap-pieces])", "the swap rule needs a square board"),
    ("(;FF[4]GM[11]SZ[big])", "SZ[big] is not a board size"),
    ("(;FF[4]GM[11]SZ[5];B[c3];W[c3])", "c3 is already occupied"),
    ("(;FF[4]GM[11]SZ[5];B[c3];W[swap-pieces];B[d4];W[swap-pieces])", "second move"),
    ("(;FF[4]GM[11]SZ[5];B[c3]W[d4])", "both B and W"),
    ("(;FF[4]GM[11]SZ[5];B[c3][d4])", "one move"),
    ("(;FF[4]GM[11]SZ[5];B[])", "empty move"),
    ("(;FF[4]GM[11]SZ[5]PL[X])", "side to move"),
    ("(;FF[4]GM[11]SZ[5]()", "empty game tree"),
    ("(;FF[4]GM[11]SZ[5](B[c3]))", "outside a node"),
    ("(;FF[4]GM[11]SZ[5]((;B[c3])))", "followed by ';'"),
    ("(;FF[4]GM[11]SZ[5];B c3)", "no value"),
    ("(;FF[4]GM[11]SZ[5];#[c3])", "unexpected character '#'"),
    ("(;FF[4]GM[11]SZ[1];B[a1];W[pass];B[a1])", "already"),
    ("no game here", "no game found"),
    ("", "the file is empty"),
    ("  \n", "the file is empty"),
    ("(;FF[4]\x00GM[11])", "binary data"),
]


@pytest.mark.parametrize(("text", "message"), BAD_INPUTS)
def test_bad_input_gives_one_clear_error(text, message):
    with pytest.raises(SgfError) as caught:
        parse_sgf(text)
    assert message in str(caught.value)


def test_errors_say_where():
    text = "(;FF[4]GM[11]SZ[5]\n;B[c3]\n;W[b2]\n;B[c3])"
    with pytest.raises(SgfError) as caught:
        parse_sgf(text)
    error = caught.value
    assert (error.line, error.column, error.node) == (4, 1, 3)
    assert str(error).startswith("line 4, column 1 (node 3): B[c3]: c3 is already occupied")
    with pytest.raises(SgfError) as caught:
        parse_sgf("(;FF[4]GM[11]\nSZ[5];C[unclosed)")
    assert (caught.value.line, caught.value.column) == (2, 8)  # the '[' that is never closed


def test_a_game_that_goes_on_after_its_end_is_read_with_a_warning():
    # Black a1-a2-a3 on 3x3 connects top to bottom; HexGui lets the user click on, and writes
    # the moves after the win into the record.
    text = "(;FF[4]GM[11]SZ[3];B[a1];W[b1];B[a2];W[b2];B[a3];W[c3];B[c1])"
    record = parse_sgf(text)[0]
    assert record.warnings == [
        "moves played after the win, kept as written: node 6 (W[c3]) and 1 more"
    ]
    board = record.board_at()
    assert board.winner is BLACK and board.stone_at("c3") is WHITE
    assert write_sgf(parse_sgf(write_sgf(record))[0]) == write_sgf(record)


def test_simple_text_white_space_reads_as_spaces_as_ff4_says():
    record = parse_sgf("(;FF[4]GM[11]SZ[3]PB[Al\tice\nSmith]GN[a\\\nb]C[line one\n\tline two])")[0]
    assert record.player_black == "Al ice Smith"
    assert record.game_name == "ab"  # an escaped line break is a soft one: removed
    assert record.root.comment == "line one\n line two"  # Text keeps its line breaks
    record.player_white = "Bob\tJones"
    assert "PW[Bob Jones]" in write_sgf(record)


def test_too_large_files_are_refused_before_reading(tmp_path):
    huge = tmp_path / "huge.sgf"
    with huge.open("wb") as handle:
        handle.truncate(50 * 1024 * 1024)  # 50 MB, sparse
    with pytest.raises(SgfError, match="50.0 MB"):
        read_sgf(huge)
    with pytest.raises(SgfError, match="up to 20 MB"):
        parse_sgf("(" * (MAX_FILE_BYTES + 1))


@pytest.mark.parametrize("codec", ["idna", "rot13", "base64", "punycode", "utf-16", "nonsense"])
def test_odd_charsets_fall_back_to_latin1(codec):
    data = f"(;FF[4]CA[{codec}]GM[11]SZ[5]PB[".encode() + b"\xe9\xff\x80])"
    record = parse_sgf(data)[0]
    assert record.size == 5 and record.player_black is not None


def test_binary_junk_file(tmp_path):
    junk = tmp_path / "junk.sgf"
    junk.write_bytes(bytes(random.Random(5).randrange(256) for _ in range(4096)))
    with pytest.raises(SgfError):
        read_sgf(junk)


def test_node_limit(monkeypatch):
    import hexswarm.engine.records.sgf as sgf_module

    monkeypatch.setattr(sgf_module, "MAX_NODES", 1000)
    with pytest.raises(SgfError, match="more than 1,000 nodes"):
        parse_sgf("(;SZ[3]" + ";" * 1001 + ")")


def test_latin1_and_bom_files_decode(tmp_path):
    latin = tmp_path / "latin.sgf"
    latin.write_bytes("(;FF[4]GM[11]SZ[5]PB[José])".encode("latin-1"))
    record = read_sgf(latin)
    assert record.player_black == "José"
    assert any("Latin-1" in warning for warning in record.warnings)
    bom = tmp_path / "bom.sgf"
    bom.write_bytes(b"\xef\xbb\xbf" + "(;FF[4]GM[11]SZ[5]PB[Zoë])".encode())
    assert read_sgf(bom).player_black == "Zoë"
    charset = tmp_path / "charset.sgf"
    charset.write_bytes("(;FF[4]CA[cp1252]GM[11]SZ[5]PB[€uro])".encode("cp1252"))
    assert read_sgf(charset).player_black == "€uro"


# --------------------------------------------------------------------------- depth


def test_a_100000_deep_chain_parses_writes_and_replays():
    depth = 100_000
    text = "(;FF[4]GM[11]SZ[3]" + ";C[x]" * depth + ";B[b2])"
    record = parse_sgf(text)[0]
    assert len(record.main_line()) == depth + 2
    again = parse_sgf(write_sgf(record))[0]
    assert len(again.main_line()) == depth + 2
    assert again.board_at().stone_at("b2") == BLACK


def test_100000_nested_variations_parse_and_write():
    depth = 100_000
    text = "(;FF[4]GM[11]SZ[3]" + "(;C[v]" * depth + ")" * depth + ")"
    record = parse_sgf(text)[0]
    assert sum(1 for _ in record.nodes()) == depth + 1
    written = write_sgf(record)
    again = parse_sgf(written)[0]
    assert sum(1 for _ in again.nodes()) == depth + 1
    assert write_sgf(again) == written


# --------------------------------------------------------------------------- fuzzing


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=400))
def test_any_bytes_parse_or_raise_sgf_error(data):
    try:
        records = parse_sgf(data)
    except SgfError:
        return
    for record in records:
        assert isinstance(record, Game)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300))
def test_any_text_parses_or_raises_sgf_error(text):
    # Only SgfError may come out: anything else fails the test.
    with contextlib.suppress(SgfError):
        parse_sgf(text)
    with contextlib.suppress(SgfError):
        parse_sgf("(;FF[4]GM[11]SZ[5]" + text)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from("();[]\\BWSZGMFAPLC:abc1239- \n"), max_size=120))
def test_any_sgf_shaped_text_parses_or_raises_sgf_error(text):
    try:
        records = parse_sgf(text)
    except SgfError:
        return
    for record in records:
        # Whatever parses must write and read back to the same tree.
        again = parse_sgf(write_sgf(record))[0]
        assert tree_shape(again)[1:] == tree_shape(record)[1:]


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 255), st.sampled_from(["insert", "delete", "set"]))
def test_mutated_real_records_parse_or_raise_sgf_error(position, byte, how):
    data = bytearray((DATA / "hexgui_variations.sgf").read_bytes())
    position %= len(data)
    if how == "insert":
        data.insert(position, byte)
    elif how == "delete":
        del data[position]
    else:
        data[position] = byte
    with contextlib.suppress(SgfError):
        parse_sgf(bytes(data))


# --------------------------------------------------------------------------- round trips


def random_record(rng: random.Random, size: int, texts: list[str], names: list[str]) -> Game:
    """A record with random legal lines of play, variations, comments and unknown properties."""
    board = Board(size, swap_rule=True)
    record = Game(size)
    record.swap_rule = True
    record.player_black = texts[0].replace("\n", " ") if texts else None  # simple text
    node = record.root
    nodes = [node]
    while not board.is_over and rng.random() < 0.9:
        if board.swap_allowed() and rng.random() < 0.4:
            token = rng.choice([SWAP_PIECES, SWAP_SIDES])
        else:
            token = board.cell_name(rng.choice(board.legal_moves()))
        color = board.to_move
        board.play(token)
        node = node.play(color, token)
        nodes.append(node)
    for text in texts[1:]:
        rng.choice(nodes).comment = text
    for name in names:
        rng.choice(nodes).set(name, *rng.sample(texts or ["v"], k=min(2, len(texts or ["v"]))))
    # Variations: from random nodes, a different legal continuation.
    for _ in range(rng.randrange(4)):
        parent = rng.choice(nodes)
        position = record.board_at(parent)
        if position.is_over or not position.legal_moves():
            continue
        color = position.to_move
        parent.play(color, position.cell_name(rng.choice(position.legal_moves())))
    return record


# Text as FF[4] keeps it: no TAB, vertical tab or form feed (they read as spaces).
safe_text = st.text(max_size=30).filter(lambda t: not set(t) & set("\x00\r\t\v\f"))
unknown_name = st.from_regex(r"[A-Z]{1,3}", fullmatch=True).filter(
    lambda n: (
        n not in {"B", "W", "AB", "AW", "AE", "PL", "FF", "GM", "SZ", "AP", "CA", "C", "GC"}
        and n not in SIMPLE_TEXT
    )
)


@settings(max_examples=60, deadline=None)
@given(
    st.integers(1, 9),
    st.randoms(use_true_random=False),
    st.lists(safe_text, max_size=5),
    st.lists(unknown_name, max_size=3, unique=True),
)
def test_write_read_write_is_identical_and_trees_match(size, rng, texts, names):
    record = random_record(rng, size, texts, names)
    first = write_sgf(record)
    read_back = parse_sgf(first)[0]
    assert read_back.warnings == []
    assert write_sgf(read_back) == first
    # read -> write -> read: the same tree (the in-memory original had no AP yet).
    assert tree_shape(parse_sgf(write_sgf(read_back))[0]) == tree_shape(read_back)
    assert tree_shape(read_back)[1:] == tree_shape(record)[1:]


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 8), st.randoms(use_true_random=False), st.booleans())
def test_boards_survive_record_round_trips(size, rng, from_position):
    if from_position:
        rows = ["".join(rng.choice(".....BW") for _ in range(size)) for _ in range(size)]
        try:
            board = Board.from_rows(rows, to_move=rng.choice([BLACK, WHITE]))
        except HexError:
            return
        board.swap_rule = rng.random() < 0.5
    else:
        board = Board(size, swap_rule=rng.random() < 0.5)
    steps = rng.randrange(3 * size)
    for _ in range(steps):
        if board.is_over:
            break
        roll = rng.random()
        if board.swap_allowed() and roll < 0.3:
            board.play(rng.choice([SWAP_PIECES, SWAP_SIDES]))
        elif roll < 0.1:  # a setup edit mid-game: a stone and/or a new side to move
            empty = board.legal_moves()
            stones = rng.sample(empty, k=min(1, len(empty)))
            board.setup(black=stones, to_move=rng.choice([BLACK, WHITE]))
        elif board.legal_moves():
            board.play(rng.choice(board.legal_moves()))
    record = record_from_board(board, black="b", white="w", date="2026-01-01")
    replayed = parse_sgf(write_sgf(record))[0].board_at()
    assert (replayed.cells == board.cells).all()
    assert replayed.to_move == board.to_move
    assert replayed.moves == board.moves
    assert replayed.swap_rule == board.swap_rule
    assert replayed.winner == board.winner


def test_record_from_board_game_info_comments_and_resignation():
    board = Board(5, swap_rule=True)
    for move in ("c3", SWAP_SIDES, "b2", "d4"):
        board.play(move)
    record = record_from_board(
        board,
        black="Ann",
        white="HexSwarm",
        event="club night",
        ai_white="sdst:agents=5000",
        comments={0: "start", 2: "swap!", 4: "hmm"},
        date="2026-11-22",
        game_end=("black", "resign"),
    )
    assert record.result == "W+R"
    assert record.date == "2026-11-22" and record.event == "club night"
    assert record.ai_white == "sdst:agents=5000" and record.ai_black is None
    line = record.main_line()
    assert line[0].comment == "start" and line[2].comment == "swap!" and line[4].comment == "hmm"
    assert line[-1].move == (BLACK, "resign")
    assert (record).game_end() == ("black", "resign")
    assert record.swap_rule and "RU[swap]" in write_sgf(record)
    with pytest.raises(HexError, match="comment for move 9"):
        record_from_board(board, comments={9: "too far"})


def test_board_at_stops_at_a_move_number_as_gtp_loadsgf_needs():
    record = parse_sgf("(;FF[4]GM[11]SZ[5];B[c3];W[pass];B[b2];W[d4];B[resign])")[0]
    assert record.board_at(move_number=0).empty_count == 25
    assert record.board_at(move_number=1).stones(BLACK) == [12]
    after_pass = record.board_at(move_number=2)
    assert after_pass.stones(BLACK) == [12] and after_pass.to_move == BLACK  # the turn passed
    three = record.board_at(move_number=3)
    assert three.stone_at("b2") == BLACK and three.to_move == WHITE
    assert record.warnings == []  # B after W's pass is in turn
    # Written back from the board, the pass is a pass again.
    assert record_from_board(record.board_at(), date="x").moves()[:4] == record.moves()[:4]
    assert same_board(record.board_at(move_number=99), record.board_at())
    with pytest.raises(HexError):
        record.board_at(move_number=-1)


def test_the_root_may_hold_the_first_move():
    record = parse_sgf("(;FF[4]GM[11]SZ[5]B[c3];W[b2])")[0]
    assert record.board_at().stones(BLACK) == [12]
    assert record.board_at(move_number=1).stone_at("b2") is None


def test_save_sgf_writes_atomically_and_reads_back(tmp_path):
    record = read_sgf(DATA / "hexgui_variations.sgf")
    target = tmp_path / "game.sgf"
    target.write_text("old content")
    save_sgf(record, target)
    assert target.read_text() == write_sgf(record)
    assert list(tmp_path.iterdir()) == [target]  # no temporary file left behind
    assert tree_shape(read_sgf(target)) == tree_shape(parse_sgf(write_sgf(record))[0])


def test_game_node_api():
    node = GameNode({"C": ["hi"], "B": ["c3"]})
    assert node.move == (BLACK, "c3") and node.comment == "hi"
    node.set_move("white", "D4")
    assert node.move == (WHITE, "d4") and "B" not in node.properties
    with pytest.raises(GameTreeError):
        node.set("bad name", "x")
    child = node.play(BLACK, "e5")
    assert child.parent is node and child.path_from_root() == [node, child]

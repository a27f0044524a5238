"""Rectangular boards in records and GTP: SGF ``SZ[columns:rows]`` both ways (golden files,
one of them written by HexGui's own SgfWriter), links refused with the reason, and GTP
``boardsize W H`` / ``showboard`` / ``genmove`` on a rectangle with the real levels."""

from __future__ import annotations

from pathlib import Path

import pytest
from hexswarm.engine.board import BLACK, WHITE, Board
from hexswarm.engine.game import Game
from hexswarm.engine.gtp import GtpEngine
from hexswarm.engine.players import LEVELS, create_player
from hexswarm.engine.records import (
    SgfError,
    hexworld_link,
    parse_sgf,
    read_sgf,
    record_from_board,
    trmph_link,
    write_sgf,
)
from hexswarm.engine.records.game import move_list_text, position_record
from hexswarm.engine.records.image import board_svg
from hexswarm.engine.records.links import LinkError, record_from_link
from hypothesis import given, settings
from hypothesis import strategies as st

DATA = Path(__file__).resolve().parents[1] / "data" / "records"
HEXGUI_MOVES = ["d6", "c7", "e4", "b9", "d8", "g2", "c10", "a11"]


def test_a_record_hexgui_wrote_opens_as_its_rectangle():
    """``hexgui_written_7x11.sgf`` was written by HexGui's SgfWriter (the command and its
    output: docs/results/rect/hexgui/)."""
    record = read_sgf(DATA / "hexgui_written_7x11.sgf")
    assert record.shape == (7, 11) and not record.is_square
    assert [token for _, token in record.moves()] == HEXGUI_MOVES
    board = record.board_at()
    assert board.shape == (7, 11) and board.stone_at("a11") is WHITE
    assert board.stone_at("c10") is BLACK


def test_our_9x11_record_is_the_golden_file_hexgui_reads():
    """The record HexGui's SgfReader reads as 9x11 with the same 11 moves
    (docs/results/rect/hexgui/hexgui_reads_and_writes.txt)."""
    board = Board(9, 11)
    for cell in ("e6", "d7", "e8", "c9", "f4", "g3", "d5", "b10", "e2", "a11", "e10"):
        board.play(cell)
    record = record_from_board(
        board, black="A", white="B", date="2026-11-27", comments={3: "a bridge [to] the edge"}
    )
    text = write_sgf(record)
    assert text == (DATA / "hexswarm_rect_9x11.sgf").read_text()
    assert "SZ[9:11]" in text
    again = parse_sgf(text)[0]
    assert again.shape == (9, 11) and again.board_at().moves == board.moves


@settings(max_examples=60)
@given(st.integers(1, 13), st.integers(1, 19), st.randoms(use_true_random=False))
def test_rectangles_round_trip_through_sgf(width, height, rng):
    board = Board(width, height)
    cells = list(range(width * height))
    rng.shuffle(cells)
    for cell in cells[: rng.randint(0, len(cells))]:
        if board.is_over:
            break
        board.play(cell)
    text = write_sgf(record_from_board(board, date="2026-11-27"))
    size = str(width) if width == height else f"{width}:{height}"
    assert f"SZ[{size}]" in text
    again = parse_sgf(text)[0].board_at()
    assert again.shape == board.shape and again.moves == board.moves
    assert (again.cells == board.cells).all() and again.winner == board.winner


def test_setup_positions_and_exports_on_rectangles():
    board = Board.from_rows(["B.W", "...", ".B.", "..W", "W.."], to_move="white")
    assert board.shape == (3, 5)
    record = position_record(board)
    assert write_sgf(record).startswith("(;FF[4]GM[11]SZ[3:5]")
    again = parse_sgf(write_sgf(record))[0].board_at()
    assert (again.cells == board.cells).all() and again.to_move is WHITE
    assert move_list_text(Board(4, 6)).startswith("HexSwarm game on 4x6, swap rule off")
    svg = board_svg(board)
    assert "Hex position, 3x5" in svg and 'id="cell-c5"' in svg and 'id="cell-d1"' not in svg


def test_links_refuse_rectangles_and_say_why():
    board = Board(7, 11)
    board.play("d6")
    for write in (hexworld_link, trmph_link):
        with pytest.raises(LinkError, match="square boards only.*save a rectangular game as SGF"):
            write(board)
    with pytest.raises(LinkError, match="a 11x9 board: links hold square boards only"):
        record_from_link("https://hexworld.org/board/#11x9,a1")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("(;FF[4]GM[11]SZ[9:11];B[j1])", "off the 9x11 board (a1..i11)"),
        ("(;FF[4]GM[11]SZ[9:11];B[a12])", "off the 9x11 board"),
        ("(;FF[4]GM[11]SZ[3:30])", "1 to 26 columns and rows"),
    ],
)
def test_bad_rectangular_records_get_clear_messages(text, message):
    with pytest.raises(SgfError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_sgf(text)


def test_a_rectangles_swap_rule_is_kept_but_not_applied():
    record = parse_sgf("(;FF[4]GM[11]SZ[5:7]RU[swap];B[c4])")[0]
    assert record.swap_rule is False and record.root.get("RU") == "swap"
    assert any("swap rule needs a square board" in w for w in record.warnings)
    assert "RU[swap]" in write_sgf(record)
    assert Game(5, height=7).board.swap_rule is False


# --------------------------------------------------------------------------- GTP


def _ok(engine: GtpEngine, line: str) -> str:
    text = engine.execute(line).render()
    assert text.startswith("="), text
    return text[1:].strip()


def test_gtp_plays_a_rectangle_with_a_real_level():
    engine = GtpEngine(
        levels=LEVELS,
        create_player=create_player,
        level="mc",
        settings={"playouts_per_move": "200", "seed": "1"},
    )
    assert _ok(engine, "boardsize 7 11") == ""
    assert engine.board.shape == (7, 11) and engine.game.shape == (7, 11)
    assert _ok(engine, "play b a11") == ""
    board = _ok(engine, "showboard")
    assert "a b c d e f g" in board and "11 B" in board and " h" not in board.split("\n")[1]
    move = _ok(engine, "genmove w")
    assert engine.board.cell_index(move) in range(77)
    assert engine.board.stone_at(move) is WHITE
    assert "off the 7x11 board" in engine.execute("play b h1").render()
    assert _ok(engine, "clear_board") == "" and engine.board.shape == (7, 11)
    assert "SZ[7:11]" in write_sgf(engine.game)
    assert _ok(engine, "boardsize 5") == "" and engine.board.shape == (5, 5)


def test_gtp_hex_knowledge_commands_refuse_a_rectangle_clearly():
    engine = GtpEngine(levels=LEVELS, create_player=create_player, level="random")
    _ok(engine, "boardsize 4 6")
    _ok(engine, "play b b3")
    for command in ("hexswarm-inferior", "hexswarm-mustplay", "hexswarm-vc b"):
        answer = engine.execute(command).render()
        assert answer.startswith("? this needs a square board, and the board is 4x6"), answer
    assert engine.board.moves[0].cell == engine.board.cell_index("b3")  # the game is kept

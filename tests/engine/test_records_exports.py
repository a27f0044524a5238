"""Exports: HexWorld and trmph links, SVG diagrams, the plain-text move list."""

from __future__ import annotations

import math
import os
import xml.etree.ElementTree as ElementTree

import numpy as np
import pytest
from hexswarm.engine.board import (
    BLACK,
    BLACK_STONE,
    SWAP_PIECES,
    SWAP_SIDES,
    WHITE,
    WHITE_STONE,
    Board,
    HexError,
    mirror_cell,
)
from hexswarm.engine.records import (
    LinkError,
    SgfError,
    board_from_link,
    board_svg,
    hexworld_link,
    move_list_text,
    parse_sgf,
    record_from_board,
    record_from_link,
    trmph_link,
)
from hexswarm.engine.records.image import THEMES
from hypothesis import given, settings
from hypothesis import strategies as st

SVG = "{http://www.w3.org/2000/svg}"


def random_game(rng, size: int, swap_rule: bool) -> Board:
    board = Board(size, swap_rule=swap_rule)
    for _ in range(rng.randrange(size * size + 1)):
        if board.is_over:
            break
        if board.swap_allowed() and rng.random() < 0.5:
            board.play(rng.choice([SWAP_PIECES, SWAP_SIDES]))
        else:
            board.play(rng.choice(board.legal_moves()))
    return board


# --------------------------------------------------------------------------- links


def test_the_conventions_example_links():
    board = board_from_link("https://hexworld.org/board/#11c1,f6:se7")
    assert [m.name(11) for m in board.moves] == ["f6", SWAP_PIECES, "e7"]
    assert board.stone_at("f6") == WHITE and board.stone_at("e7") == BLACK
    trmph = board_from_link("https://trmph.com/hex/board#11,f6e7")
    assert trmph.stone_at("f6") == BLACK and trmph.stone_at("e7") == WHITE


def test_hexworld_grammar():
    # Rotation, mirroring, numbering and colour options are display settings: accepted.
    board = board_from_link("https://hexworld.org/board/#9r3mnc1,e5:Sd4")
    assert [m.swap for m in board.moves] == [None, SWAP_SIDES, None]
    assert board.stone_at("d4") == WHITE  # after swap-sides White moves again
    # The second comma is the cursor: the board shows the moves before it.
    assert len(board_from_link("#11,a1b2,c3d4").moves) == 2
    assert len(record_from_link("#11,a1b2,c3d4").moves()) == 4
    # Pass and resignation are kept in the record and leave the board alone.
    record = record_from_link("https://hexworld.org/board/#5,c3:pb2:rb")
    assert record.moves() == [(BLACK, "c3"), (WHITE, "pass"), (BLACK, "b2"), (BLACK, "resign")]
    passed = board_from_link("#5,c3:pb2")
    assert passed.stone_at("b2") == BLACK and passed.to_move == WHITE
    assert hexworld_link(passed) == "https://hexworld.org/board/#5,c3:pb2"
    assert board_from_link("11x11,a1").size == 11
    assert board_from_link("https://hexworld.org/board/#7").moves == ()


@pytest.mark.parametrize(
    ("link", "message"),
    [
        ("https://hexworld.org/board/#11x9,a1", "links hold square boards only"),
        ("https://hexworld.org/board/#30,a1", "out of range"),
        ("https://hexworld.org/board/#0", "out of range"),
        ("https://hexworld.org/board/#" + "9" * 5000, "out of range"),
        ("https://hexworld.org/board/#5,a" + "1" * 5000, "not a cell name"),
        ("https://hexworld.org/board/#5,f1", "off the 5x5 board"),
        ("https://hexworld.org/board/#5,c3c3c3", "already occupied"),
        ("https://hexworld.org/board/#5,c3?", "cannot read the moves"),
        ("https://hexworld.org/board/#5q,c3", "unknown board option"),
        ("https://hexworld.org/board/", "no '#...' part"),
        ("https://hexworld.org/board/#,a1", "board size"),
        ("https://trmph.com/hex/board#5,c3:p", "only cells"),
        ("", "empty link"),
    ],
)
def test_bad_links_raise_clear_errors(link, message):
    with pytest.raises(HexError) as caught:
        board_from_link(link)
    assert isinstance(caught.value, LinkError | SgfError)
    assert message in str(caught.value)


@settings(max_examples=80, deadline=None)
@given(st.integers(1, 9), st.randoms(use_true_random=False), st.booleans())
def test_hexworld_links_round_trip_every_game(size, rng, swap_rule):
    board = random_game(rng, size, swap_rule)
    link = hexworld_link(board)
    assert link.startswith(f"https://hexworld.org/board/#{size}")
    again = board_from_link(link)
    assert again.moves == board.moves
    assert np.array_equal(again.cells, board.cells) and again.to_move == board.to_move


@settings(max_examples=80, deadline=None)
@given(st.integers(1, 9), st.randoms(use_true_random=False), st.booleans())
def test_trmph_links_round_trip_every_game(size, rng, swap_rule):
    board = random_game(rng, size, swap_rule)
    link = trmph_link(board)
    again = board_from_link(link)
    sides = any(m.swap == SWAP_SIDES for m in board.moves)
    if not sides:
        assert again.moves == board.moves
        assert np.array_equal(again.cells, board.cells) and again.to_move == board.to_move
        return
    # trmph has no swap-sides: the link holds the same position mirrored, colours exchanged.
    expected = np.zeros_like(board.cells)
    for cell, stone in enumerate(board.cells):
        if stone:
            other = WHITE_STONE if stone == BLACK_STONE else BLACK_STONE
            expected[mirror_cell(cell, size)] = other
    assert np.array_equal(again.cells, expected)
    assert again.to_move == board.to_move.opponent
    assert again.winner == (None if board.winner is None else board.winner.opponent)


def test_links_from_records_carry_resignations_and_refuse_setups():
    board = Board(7, swap_rule=True)
    for move in ("d4", SWAP_PIECES, "c3"):
        board.play(move)
    record = record_from_board(board, game_end=("white", "resign"))
    assert hexworld_link(record, redblue=True) == "https://hexworld.org/board/#7c1,d4:sc3:rw"
    assert trmph_link(record) == "https://trmph.com/hex/board#7,d4d4c3"
    position = Board.from_rows(["B..", "...", "..W"])
    with pytest.raises(LinkError, match="setup"):
        hexworld_link(position)
    with pytest.raises(LinkError, match="pass"):
        trmph_link(parse_sgf("(;FF[4]GM[11]SZ[5];B[c3];W[pass])")[0])


# --------------------------------------------------------------------------- SVG


def svg_tree(text: str) -> ElementTree.Element:
    return ElementTree.fromstring(text.encode("utf-8"))


def polygon_points(element: ElementTree.Element) -> list[tuple[float, float]]:
    return [tuple(map(float, pair.split(","))) for pair in element.get("points").split()]


@pytest.mark.parametrize("theme", sorted(THEMES))
@pytest.mark.parametrize("size", [1, 2, 5, 11, 26])
def test_svg_is_xml_with_one_polygon_per_cell(size, theme):
    board = Board(size)
    if size > 1:
        board.play("a1")
        board.play(f"b{size}")
    root = svg_tree(board_svg(board, theme=theme, labels={0: "<A&>"}))
    assert root.tag == f"{SVG}svg"
    cells = [p for p in root.iter(f"{SVG}polygon") if p.get("class") == "cell"]
    assert len(cells) == size * size
    assert [p.get("id") for p in cells] == [
        f"cell-{board.cell_name(c)}" for c in range(size * size)
    ]
    fills = {p.get("id"): p.get("fill") for p in cells}
    colours = THEMES[theme]
    if size > 1:
        assert fills["cell-a1"] == colours["black"]
        assert fills[f"cell-b{size}"] == colours["white"]
        assert list(fills.values()).count(colours["empty"]) == size * size - 2
    labels = [t.text for t in root.iter(f"{SVG}text") if t.get("class") == "label"]
    assert labels == ["<A&>"]  # escaped in the file, intact once parsed


def test_svg_geometry_is_the_conventions_rhombus():
    size = 6
    board = Board(size)
    root = svg_tree(board_svg(board, coordinates=False))
    centres = {}
    for polygon in root.iter(f"{SVG}polygon"):
        if polygon.get("class") == "cell":
            points = polygon_points(polygon)
            assert len(points) == 6
            centres[polygon.get("id")[5:]] = (
                sum(x for x, _ in points) / 6,
                sum(y for _, y in points) / 6,
            )
    spacing = math.dist(centres["a1"], centres["b1"])
    for cell in range(size * size):
        for other in range(size * size):
            if cell == other:
                continue
            distance = math.dist(centres[board.cell_name(cell)], centres[board.cell_name(other)])
            neighbours = other in board.neighbours[cell]
            # Neighbours (by the board's rules) touch; every other pair is farther apart.
            assert math.isclose(distance, spacing, rel_tol=1e-3) == bool(neighbours)
    # a2 sits half a cell to the right of a1, one row down.
    (x1, y1), (x2, y2) = centres["a1"], centres["a2"]
    assert math.isclose(x2 - x1, spacing / 2, rel_tol=1e-3) and y2 > y1

    # Black's edge bands lie beyond the top and bottom rows; White's beyond columns a and f.
    def side(point, start, end):  # > 0: left of the line start -> end (y grows downwards)
        (x0, y0), (x1, y1) = centres[start], centres[end]
        return (x1 - x0) * (point[1] - y0) - (y1 - y0) * (point[0] - x0)

    outer = {}
    for polygon in root.iter(f"{SVG}polygon"):
        kind = polygon.get("class") or ""
        if kind.startswith("edge"):
            corners = polygon_points(polygon)[:2]  # the third point is the middle
            outer.setdefault(kind.split()[1], []).append(corners)
    top, bottom = sorted(outer["black-edge"], key=lambda c: c[0][1])
    assert all(y < centres["a1"][1] for _, y in top)
    assert all(y > centres["a6"][1] for _, y in bottom)
    for corners in outer["white-edge"]:
        left_of_a = all(side(p, "a1", "a6") > 0 for p in corners)
        right_of_f = all(side(p, "f1", "f6") < 0 for p in corners)
        assert left_of_a != right_of_f
    assert sum(all(side(p, "a1", "a6") > 0 for p in c) for c in outer["white-edge"]) == 1


def test_svg_marks_the_last_move_and_the_winning_chain():
    board = Board(3, swap_rule=True)
    for move in ("c1", SWAP_PIECES):
        board.play(move)
    root = svg_tree(board_svg(board))
    (marker,) = [c for c in root.iter(f"{SVG}circle") if c.get("class") == "last-move"]
    cells = {p.get("id"): p for p in root.iter(f"{SVG}polygon") if p.get("class") == "cell"}
    a3 = polygon_points(cells["cell-a3"])  # c1 mirrored by the swap
    centre = (sum(x for x, _ in a3) / 6, sum(y for _, y in a3) / 6)
    assert math.dist(centre, (float(marker.get("cx")), float(marker.get("cy")))) < 1e-2
    assert not list(svg_tree(board_svg(board, last_move=False)).iter(f"{SVG}circle"))

    won = Board(3)
    for move in ("a1", "b1", "a2", "b2", "a3"):
        won.play(move)
    root = svg_tree(board_svg(won))
    strokes = {p.get("id"): p.get("stroke") for p in root.iter(f"{SVG}polygon")}
    winning = THEMES["classic"]["winning"]
    assert {name for name, stroke in strokes.items() if stroke == winning} == {
        "cell-a1",
        "cell-a2",
        "cell-a3",
    }
    with pytest.raises(HexError, match="unknown theme"):
        board_svg(won, theme="neon")
    with pytest.raises(HexError, match="off the 3x3 board"):
        board_svg(won, labels={9: "x"})


def test_svg_coordinates_name_every_column_and_row():
    root = svg_tree(board_svg(Board(4)))
    texts = [t.text for t in root.iter(f"{SVG}text") if t.get("class") == "coordinate"]
    assert sorted(texts) == sorted(["a", "b", "c", "d", "1", "2", "3", "4"] * 2)
    assert not [t for t in svg_tree(board_svg(Board(4), coordinates=False)).iter(f"{SVG}text")]


# --------------------------------------------------------------------------- move list


def test_move_list_text():
    board = Board(5, swap_rule=True)
    for move in ("c3", SWAP_PIECES, "b2"):
        board.play(move)
    board.setup(white=["a1"], to_move=WHITE)
    board.play("d4")
    board.setup(to_move=WHITE)  # the turn changes hands alone: a pass
    assert move_list_text(board) == (
        "HexSwarm game on 5x5, swap rule on\n"
        "  1. Black c3\n"
        "  2. White swap-pieces\n"
        "  3. Black b2\n"
        "     setup: White a1; White to move\n"
        "  4. White d4\n"
        "  5. Black pass\n"
        "White to move\n"
    )
    start = Board.from_rows(["B..", ".W.", "..."], to_move=BLACK)
    start.play("c3")
    text = move_list_text(start)
    assert "Start: Black a1; White b2; Black to move" in text
    assert "  1. Black c3" in text


@pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX")
def test_atomic_writes_follow_the_umask_and_keep_an_existing_mode(tmp_path):
    from hexswarm.engine.records.files import atomic_write_text

    old = os.umask(0o022)
    try:
        new = atomic_write_text(tmp_path / "game.sgf", "(;FF[4])")
        assert new.stat().st_mode & 0o777 == 0o644  # as open(..., "w") would make it
        os.umask(0o077)
        private = atomic_write_text(tmp_path / "private.svg", "<svg/>")
        assert private.stat().st_mode & 0o777 == 0o600
        os.chmod(new, 0o640)
        atomic_write_text(new, "(;FF[4]SZ[5])")  # replacing keeps the file's own mode
        assert new.stat().st_mode & 0o777 == 0o640 and "SZ[5]" in new.read_text()
    finally:
        os.umask(old)

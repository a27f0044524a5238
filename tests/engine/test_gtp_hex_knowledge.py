"""The Hex knowledge analyze commands of ``hexswarm-gtp``: HexGui's ``inferior`` pairs, the
must-play list and HexGui's VC list, checked against the library's own answers."""

from __future__ import annotations

from hexswarm.engine.analysis.connections import cells_of, h_search
from hexswarm.engine.analysis.inferior import inferior_cells
from hexswarm.engine.board import BLACK
from hexswarm.engine.gtp import GtpEngine
from hexswarm.engine.players import LEVELS, create_player

# Black: e2, e4, d6, d8 (e4-d6 a bridge through d5/e5); White: a1-a4; Black to move. Since
# round 9's OR rule H-search proves Black joined to both edges (16 carrier cells; plain minimax
# over the carrier agrees: docs/results/vc/chain-check.txt).
SETUP = ["boardsize 9", "play b e2", "play b e4", "play b d6", "play b d8"] + [
    f"play w a{row}" for row in range(1, 5)
]


def _engine() -> GtpEngine:
    engine = GtpEngine(levels=LEVELS, create_player=create_player)
    for line in SETUP:
        assert engine.execute(line).render().startswith("=")
    return engine


def _answer(engine: GtpEngine, line: str) -> str:
    text = engine.execute(line).render()
    assert text.startswith("="), text
    return text[1:].strip()


def _error(engine: GtpEngine, line: str) -> str:
    text = engine.execute(line).render()
    assert text.startswith("?"), text
    return text[1:].strip()


def test_inferior_pairs_are_the_fill_in():
    engine = _engine()
    words = _answer(engine, "hexswarm-inferior").split()
    pairs = dict(zip(words[::2], words[1::2], strict=True))
    info = inferior_cells(engine.board)
    filled = {engine.board.cell_name(c) for c in info.inferior}
    assert filled and {k for k, v in pairs.items() if v != "x"} == filled
    for cell in info.captured[BLACK]:
        assert pairs[engine.board.cell_name(cell)] == "fcb"
    # Black has already won by a virtual connection: it plays a cell of a shortest way
    # between its edges, the middle one (d5, closing the bridge e4-d6; the carrier's first
    # cell, h1, before round 15), every other open cell is left out.
    assert "d5" not in pairs and pairs["e5"] == "x" and pairs["h1"] == "x"
    assert _answer(engine, "hexswarm-mustplay") == "d5"


def test_vc_between_two_cells_lists_the_bridge_and_its_semis():
    engine = _engine()
    lines = _answer(engine, "hexswarm-vc b e4 d6").split("\n")
    assert "black e4 d6 full hsearch [ d5 e5 ] [ ]" in lines
    assert "black e4 d6 semi hsearch [ d5 ] [ ] d5" in lines


def test_vc_to_edges_matches_the_h_search():
    engine = _engine()
    lines = _answer(engine, "hexswarm-vc black").split("\n")
    board = engine.board
    conn = h_search(inferior_cells(board).filled, board.size, BLACK)
    edge_lines = [line for line in lines if line.startswith("black north south")]
    assert len(edge_lines) == len(conn.edge_fulls) + len(conn.edge_semis) > 0
    for semi, line in zip(conn.edge_semis, edge_lines[len(conn.edge_fulls) :], strict=True):
        names = " ".join(board.cell_name(c) for c in cells_of(semi.carrier))
        assert line == f"black north south semi hsearch [ {names} ] [ ] {board.cell_name(semi.key)}"


def test_bad_arguments_are_refused_with_a_reason():
    engine = _engine()
    assert "other colour" in _error(engine, "hexswarm-vc w e4 d6")
    assert "two points" in _error(engine, "hexswarm-vc b e4")
    assert "not a cell" in _error(engine, "hexswarm-vc b e4 north-west")
    assert "invalid color" in _error(engine, "hexswarm-vc red")
    won = GtpEngine(levels=LEVELS, create_player=create_player)
    for line in ["boardsize 2", "play b a1", "play w b1", "play b a2"]:
        won.execute(line)
    assert "game is over" in _error(won, "hexswarm-inferior")

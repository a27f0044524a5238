"""The OpenSpiel peer speaks our conventions: its first player is Black (top-bottom) and its
actions are our cell indices. ``./hexswarm.sh test`` (CI) installs OpenSpiel (the ``bench``
extra) and sets ``HEXSWARM_FULL_SUITE``, so there a missing OpenSpiel fails; elsewhere these
tests are skipped without it."""

from __future__ import annotations

import io
import os

import pytest

if os.environ.get("HEXSWARM_FULL_SUITE"):
    import pyspiel
else:
    pyspiel = pytest.importorskip("pyspiel")

from hexswarm.engine.board import BLACK, Board  # noqa: E402
from hexswarm.engine.tools.openspiel_peer import OpenSpielPeer, serve  # noqa: E402


def test_openspiel_hex_has_our_colours_and_cells():
    """Black's column a1..a3 wins on OpenSpiel's board as on ours."""
    game = pyspiel.load_game("hex(board_size=3)")
    state = game.new_initial_state()
    board = Board(3)
    for name in ("a1", "b1", "a2", "c1", "a3"):
        cell = board.cell_index(name)
        state.apply_action(cell)
        board.play(cell)
    assert state.is_terminal() and state.returns()[0] == 1.0
    assert board.winner is BLACK


def test_a_game_over_gtp():
    peer = OpenSpielPeer(time_s=0.05, seed=3)
    out = io.StringIO()
    serve(peer, io.StringIO("boardsize 3\nplay b b2\ngenmove w\n2 name\nplay w z9\nquit\n"), out)
    answers = out.getvalue().split("\n\n")
    assert answers[0] == "= " and answers[1] == "= "
    reply = answers[2].removeprefix("= ")
    assert reply != "b2" and Board(3).cell_index(reply) in range(9)
    assert answers[3] == "=2 OpenSpiel-MCTS"
    assert answers[4].startswith("? ")

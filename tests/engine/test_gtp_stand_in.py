"""The tests' stand-in GTP engines (tests/engine/gtp_stand_in.py): their cell names are the
board's (a1 top-left, letters columns), and they refuse what a real engine refuses (the fake
MoHex, and the broken engine, whose misbehaviours sit on the same board, when it behaves)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest
from hexswarm.engine.board import Board
from hexswarm.engine.gtp_client import GtpClient, GtpRefused

HERE = Path(__file__).resolve().parent
_SPEC = importlib.util.spec_from_file_location("gtp_stand_in", HERE / "gtp_stand_in.py")
assert _SPEC is not None and _SPEC.loader is not None
stand_in = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(stand_in)  # a script's helper, not a package's module
cell_name = stand_in.cell_name


@pytest.mark.parametrize("size", [1, 2, 4, 9, 11, 13])
def test_the_stand_ins_cell_names_are_the_boards(size):
    board = Board(size)
    assert [cell_name(c, size) for c in range(size * size)] == [
        board.cell_name(c) for c in range(size * size)
    ]


@pytest.mark.parametrize("script", [["fake_mohex_engine.py"], ["broken_gtp_engine.py", "good"]])
def test_a_stand_in_refuses_illegal_commands_and_stays_in_step(script):
    engine = GtpClient([sys.executable, str(HERE / script[0]), *script[1:]])
    try:
        engine.send("boardsize 2", timeout=30)
        engine.send("play b a1", timeout=30)
        for bad in ("play w a1", "play w c1", "play w a3", "play x b1", "play b", "boardsize x"):
            with pytest.raises(GtpRefused):
                engine.send(bad, timeout=30)
        assert engine.send("genmove w", timeout=30) == "b1"
        engine.send("undo", timeout=30)
        engine.send("undo", timeout=30)
        with pytest.raises(GtpRefused, match="nothing to undo"):
            engine.send("undo", timeout=30)
        for cell in ("a1", "b1", "a2", "b2"):
            engine.send(f"play b {cell}", timeout=30)
        with pytest.raises(GtpRefused, match="the board is full"):
            engine.send("genmove w", timeout=30)
    finally:
        engine.close()
    assert engine.process.returncode == 0

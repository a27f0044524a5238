"""HexGui's ``kata`` gogui-gfx block (``gogui-gfx-analyze``): checked against the rules by which
HexGui (Peter Selinger's, the one KataHex users run) reads it, in process and with a real
client process reading the real program."""

from __future__ import annotations

import re
import time

import pytest
from hexswarm.engine.board import cell_index

from tests.engine.test_gtp_engine import fail, make_engine, ok
from tests.engine.test_gtp_subprocess import REAL, TIMEOUT, start

CELL = re.compile(r"[a-z][1-9][0-9]?")


def hexgui_reads(block: str, size: int) -> list[dict]:
    """Read a gfx block (without its ``gogui-gfx:`` line) as HexGui's ``guifx_kata`` does, and
    fail where HexGui would break: whitespace (line breaks too) collapses, the block starts
    with ``kata``, each ``info`` opens a candidate whose ``move`` must name a cell of the
    board (HexGui draws cells only), ``visits`` and ``order`` must be whole numbers (HexGui
    unboxes them) and ``winrate`` a number (it shows it times 100). Exactly one ``order 0``."""
    words = block.split()
    assert words and words[0] == "kata", block
    found: list[dict] = []
    i = 1
    while i < len(words):
        word = words[i]
        if word == "info":
            found.append({})
        elif word in ("move", "visits", "winrate", "order"):
            assert found, f"{word} before any info: {block}"
            found[-1][word] = words[i + 1]
            i += 1
        i += 1
    assert found, block
    for candidate in found:
        assert set(candidate) == {"move", "visits", "winrate", "order"}, candidate
        assert CELL.fullmatch(candidate["move"]), candidate
        assert 0 <= cell_index(candidate["move"], size) < size * size
        assert int(candidate["visits"]) >= 0 and int(candidate["order"]) >= 0
        assert 0.0 <= float(candidate["winrate"]) <= 1.0
    assert [int(c["order"]) for c in found].count(0) == 1
    return found


def test_in_process_blocks_then_the_best_move_and_the_board_unchanged():
    written: list[str] = []
    engine = make_engine(size=5, emit=written.append)
    ok(engine, "play b c3")
    before = engine.board.cells.tolist()
    answer = ok(engine, "gogui-gfx-analyze white")
    assert written and all(w.startswith("gogui-gfx:\n") and w.endswith("\n\n") for w in written)
    found = hexgui_reads(written[-1][len("gogui-gfx:\n") :], 5)
    assert found[0]["order"] == "0" and answer == found[0]["move"]
    assert all(c["move"] != "c3" for c in found)  # occupied
    assert engine.board.cells.tolist() == before and len(engine.board.moves) == 1


@pytest.mark.parametrize("line", ["gogui-gfx-analyze green", "gogui-gfx-analyze b w"])
def test_bad_arguments_get_an_error_and_write_nothing(line):
    written: list[str] = []
    engine = make_engine(size=5, emit=written.append)
    assert fail(engine, line)
    assert written == [] and engine.last_snapshot is None


def test_real_program_streams_kata_blocks_to_a_client_until_interrupted():
    blocks: list[str] = []
    argv = [*REAL, "--ai", "uct", "--size", "7", "--playouts", "50000000", "--seed", "4"]
    with start(argv, on_gfx=blocks.append) as client:
        client.send("hexswarm-param gfx_interval 0.1", timeout=TIMEOUT)
        # A first search waits for the kernels to load: a genmove stopped at once.
        first = client.send(
            "genmove b",
            timeout=TIMEOUT,
            should_stop=lambda: True,
            interrupt=True,
            stop_grace=TIMEOUT,
        )
        blocks.clear()
        started = time.monotonic()
        answer = client.send(
            "gogui-gfx-analyze w",
            timeout=TIMEOUT,
            should_stop=lambda: time.monotonic() - started > 3.0,
            interrupt=True,
            stop_grace=30.0,
        )
        assert len(blocks) >= 2, blocks
        reads = [hexgui_reads(block, 7) for block in blocks]
        best = next(c["move"] for c in reads[-1] if c["order"] == "0")
        assert answer == best and answer != first
        totals = [sum(int(c["visits"]) for c in read) for read in reads]
        assert totals[-1] >= totals[0]  # one search, growing
        # Nothing was played: taking back the genmove's stone leaves nothing to take back.
        client.send("undo", timeout=TIMEOUT)
        with pytest.raises(Exception, match="no move to take back"):
            client.send("undo", timeout=TIMEOUT)

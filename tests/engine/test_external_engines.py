"""External GTP engines as players (engine.players.external), with real processes: the broken
engine of ``tests/engine/broken_gtp_engine.py`` in each of its modes, and ``hexswarm-gtp``.

``python -m tests.engine.test_external_engines`` prints the table of broken behaviours that
docs/gtp.md quotes (docs/results/engines/broken-engines.txt).
"""

from __future__ import annotations

import os
import shlex
import sys
import threading
import time
from pathlib import Path

import numpy as np
import pytest
from hexswarm.engine.board import BLACK, EMPTY, SWAP_PIECES, SWAP_SIDES, WHITE, Board, SetupEdit
from hexswarm.engine.players.external import (
    EngineConfig,
    ExternalEngineError,
    ExternalEnginePlayer,
    engine_line,
    probe_engine,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[2]
BROKEN = ROOT / "tests" / "engine" / "broken_gtp_engine.py"
TIMEOUT = 600  # seconds hexswarm-gtp may take to start or move (kernels compile, load)


def broken(mode: str, *extra: str) -> str:
    return shlex.join([sys.executable, str(BROKEN), mode, *extra])


def environment() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    env.setdefault("NUMBA_CACHE_DIR", "/tmp/nbcache-tests")
    return env


def player_for(mode: str, *extra: str, move_timeout_s: float | None = 2.0, **kwargs):
    config = EngineConfig(f"Broken {mode}", broken(mode, *extra), move_timeout_s=move_timeout_s)
    return ExternalEnginePlayer(config, start_timeout_s=kwargs.pop("start_timeout_s", 10), **kwargs)


def first_empty(board: Board) -> int:
    """The good broken engine's move, computed from our board (a1, b1, ... row by row)."""
    return int(np.flatnonzero(board.cells == EMPTY)[0])


def opening(size: int = 7, moves: tuple[str, ...] = ("d4",), swap_rule: bool = False) -> Board:
    board = Board(size, swap_rule=swap_rule)
    for move in moves:
        board.play(move)
    return board


def snapshot(board: Board):
    return (board.move_stack, board.cells.tobytes(), board.to_move)


# ------------------------------------------------------------------ the stones sent


def stones_of(line, size: int) -> np.ndarray:
    cells = np.zeros(size * size, dtype=np.int8)
    for color, cell in line:
        assert cells[cell] == EMPTY, "a stone sent twice on one cell"
        cells[cell] = color.stone
    return cells


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_engine_line_puts_the_stones_of_the_board(data):
    """Random games with swaps, setup edits and undos, from an empty board or a starting
    position (Board.from_rows: stones before the history): the plays sent give the same
    stones."""
    size = data.draw(st.integers(1, 6))
    if data.draw(st.booleans()):
        board = Board(size, swap_rule=data.draw(st.booleans()))
    else:
        owners = st.sampled_from(".....BW")
        rows = ["".join(data.draw(owners) for _ in range(size)) for _ in range(size)]
        board = Board.from_rows(rows, to_move=data.draw(st.sampled_from(["black", "white"])))
    for _ in range(data.draw(st.integers(0, 14))):
        step = data.draw(st.sampled_from(["move", "move", "move", "swap", "setup", "undo"]))
        if step == "move" and board.legal_moves():
            board.play(data.draw(st.sampled_from(board.legal_moves())), after_win=True)
        elif step == "swap" and board.swap_allowed():
            board.play(data.draw(st.sampled_from([SWAP_PIECES, SWAP_SIDES])))
        elif step == "setup":
            cell = data.draw(st.integers(0, size * size - 1))
            kind = data.draw(st.sampled_from(["black", "white", "empty"]))
            board.apply_setup(SetupEdit(**{kind: (cell,)}))
        elif step == "undo" and board.move_stack:
            board.undo()
    assert np.array_equal(stones_of(engine_line(board), size), board.cells)


# ------------------------------------------------------------------ broken behaviours

# mode -> (the kind of error, words the message must contain)
BROKEN_MODES = {
    "crash": ("crash", ["exit status 3", "segmentation fault (imitated)"]),
    "hang": ("timeout", ["did not answer 'genmove w' within 2 s"]),
    "illegal": ("illegal", ["'d4'", "d4 is already occupied"]),
    "offboard": ("illegal", ["'z99'", "off the 7x7 board"]),
    "swap": ("illegal", ["'swap-pieces'", "the swap rule is off"]),
    "garbage": ("garbage", ["'the weather is fine'", "not a move"]),
    "noise": ("garbage", ["'thinking...'", "instead of answering 'genmove w'"]),
    "refuse-play": ("refused", ["refused 'play b d4'", "I do not take orders"]),
    "no-start": ("start", ["exit status 2", "cannot find my weights file"]),
    # Round 13: only the usage's last line was quoted, not what was wrong.
    "bad-option": ("start", ["exit status 2", "unknown argument '--gams'", "Board sizes"]),
    "mute": ("start", ["did not answer 'name' within 2 s"]),
}


def run_broken(mode: str) -> tuple[ExternalEngineError, bool, float]:
    """Ask the engine in ``mode`` for White's reply to d4 on 7x7: the error, whether the board
    is as it was, and the seconds it took."""
    board = opening()
    before = snapshot(board)
    player = player_for(mode, start_timeout_s=2.0)
    started = time.monotonic()
    try:
        with pytest.raises(ExternalEngineError) as caught:
            player.choose_move(board)
    finally:
        player.close()
    return caught.value, snapshot(board) == before, time.monotonic() - started


@pytest.mark.parametrize("mode", sorted(BROKEN_MODES))
def test_each_broken_behaviour_is_refused_with_the_game_kept(mode):
    error, kept, seconds = run_broken(mode)
    kind, words = BROKEN_MODES[mode]
    assert error.kind == kind
    assert f"Broken {mode}" in str(error)
    for word in words:
        assert word in str(error)
    assert kept
    assert seconds < 10


def test_a_crashed_engine_starts_again_at_the_next_move(tmp_path):
    player = player_for("crash-once", str(tmp_path / "crashed"))
    board = opening()
    try:
        with pytest.raises(ExternalEngineError, match="exit status 3"):
            player.choose_move(board)
        assert not player.running
        assert player.choose_move(board).move == first_empty(board)
        assert player.starts == 2
    finally:
        player.close()


def test_after_an_illegal_answer_the_engine_is_brought_back_to_the_position():
    player = player_for("good")
    board = opening(moves=("a1",))
    try:
        player.choose_move(board)  # b1, kept by the engine but not played on our board
        board.play("c3")
        assert player.choose_move(board).move == first_empty(board)
    finally:
        player.close()


def test_a_hung_engine_is_stopped_soon_after_the_user_stops_it():
    player = player_for("hang", move_timeout_s=None)
    stop = threading.Event()
    threading.Timer(0.3, stop.set).start()
    started = time.monotonic()
    try:
        with pytest.raises(ExternalEngineError, match="being asked to stop") as caught:
            player.choose_move(opening(), should_stop=stop.is_set)
    finally:
        player.close()
    assert caught.value.kind == "timeout"
    assert time.monotonic() - started < 5


def test_an_interruptible_engine_answers_at_once_when_stopped():
    player = player_for("slow", move_timeout_s=None)
    stop = threading.Event()
    threading.Timer(0.3, stop.set).start()
    board = opening()
    try:
        assert player.choose_move(board, should_stop=stop.is_set).move == first_empty(board)
        assert player.running and player.knows("gogui-interrupt")
    finally:
        player.close()


def test_resign_is_an_answer():
    player = player_for("resign")
    try:
        assert player.choose_move(opening()).move == "resign"
    finally:
        player.close()


def test_a_bad_command_line_is_refused_before_anything_starts():
    assert EngineConfig("x", "engine 'unclosed").problems()
    assert EngineConfig("", "mohex").problems() == ["the engine needs a name"]
    assert EngineConfig("a:b", "mohex").problems()
    with pytest.raises(ExternalEngineError, match="cannot start") as caught:
        probe_engine(EngineConfig("Nowhere", "/nonexistent/engine-binary"))
    assert caught.value.kind == "start"


# ------------------------------------------------------------------ keeping in step


@settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.data())
def test_the_engine_follows_every_change_of_position(good_engine, data):
    """One engine process through streams of positions (moves, take-backs, variations, swaps,
    setup edits, another size in every example): its move is always the first empty cell of
    ours, which it can only know if it has exactly our stones."""
    board = Board(data.draw(st.integers(2, 6)), swap_rule=data.draw(st.booleans()))
    for _ in range(data.draw(st.integers(1, 8))):
        step = data.draw(st.sampled_from(["move", "move", "undo", "swap", "setup"]))
        if step == "move" and not board.is_over:
            board.play(data.draw(st.sampled_from(board.legal_moves())))
        elif step == "undo" and board.move_stack:
            for _ in range(min(len(board.move_stack), data.draw(st.integers(1, 3)))):
                board.undo()
        elif step == "swap" and board.swap_allowed():
            board.play(data.draw(st.sampled_from([SWAP_PIECES, SWAP_SIDES])))
        elif step == "setup":
            cell = data.draw(st.integers(0, board.size**2 - 1))
            kind = data.draw(st.sampled_from(["black", "white"]))
            board.apply_setup(SetupEdit(**{kind: (cell,)}))
        if board.is_over or not board.legal_moves():
            continue
        before = snapshot(board)
        assert good_engine.choose_move(board).move == first_empty(board)
        assert snapshot(board) == before
    assert good_engine.starts == 1


@pytest.fixture(scope="module")
def good_engine():
    player = player_for("good")
    yield player
    player.close()


# ------------------------------------------------------------------ hexswarm-gtp


def test_hexswarm_gtp_as_an_external_engine_plays_a_whole_game_with_swap():
    config = EngineConfig(
        "HexSwarm random",
        f"{shlex.join([sys.executable, '-m', 'hexswarm.engine.gtp'])} --ai random",
        move_timeout_s=TIMEOUT,
    )
    identity = probe_engine(config, 7, env=environment(), start_timeout_s=TIMEOUT)
    assert (identity.name, identity.protocol_version) == ("HexSwarm", "2")
    assert {"gogui-interrupt", "hexgui-analyze_commands", "undo"} <= identity.commands
    engine = ExternalEnginePlayer(config, env=environment(), start_timeout_s=TIMEOUT)
    board = Board(5, swap_rule=True)
    board.play("a1")
    board.play(SWAP_PIECES)  # a White stone on a1's mirror; Black to move
    rng = np.random.default_rng(3)
    taken_back = False
    try:
        while not board.is_over:
            if board.to_move is WHITE:
                move = engine.choose_move(board).move
                assert board.stone_at(move) is None
                board.play(move)
            else:
                board.play(int(rng.choice(board.legal_moves())))
            if len(board.moves) == 6 and not taken_back:
                board.undo()  # taken back once: the engine follows with undo
                board.undo()
                taken_back = True
        assert engine.starts == 1
        assert board.winner in (BLACK, WHITE)
    finally:
        engine.close()


# ------------------------------------------------------------------ the table for docs/gtp.md


def broken_engine_table() -> str:
    rows = [
        "| behaviour (broken_gtp_engine.py MODE) | refused as | game kept | seconds |",
        "|---|---|---|---|",
    ]
    kept_count = 0
    for mode in sorted(BROKEN_MODES):
        error, kept, seconds = run_broken(mode)
        kept_count += kept and error.kind == BROKEN_MODES[mode][0]
        rows.append(
            f"| `{mode}` | {error.kind}: {error} | {'yes' if kept else 'NO'} | {seconds:.1f} |"
        )
    rows.append(f"\n{kept_count} of {len(BROKEN_MODES)} refused as expected with the game kept.")
    return "\n".join(rows)


if __name__ == "__main__":
    print(broken_engine_table())

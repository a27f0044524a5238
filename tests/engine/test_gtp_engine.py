"""Fast in-process tests of the GTP command dispatcher (engine.gtp.GtpEngine).

The AI registry is replaced by a small stand-in with the same shape as engine.players
(LEVELS of LevelInfo-like records, create_player(spec)), so these tests exercise the protocol
alone: responses, ids, colours, out-of-turn setup, undo, swap, parameters, gfx.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field

import pytest
from hexswarm.engine.board import Board, HexError
from hexswarm.engine.gtp import GtpEngine, GtpServer, Response, snapshot_gfx
from hexswarm.engine.players.base import MoveChoice
from hexswarm.engine.search.snapshot import SearchSnapshot


@dataclass(frozen=True)
class Param:
    name: str
    type: type
    default: object
    minimum: object = None
    maximum: object = None
    choices: tuple = ()
    help: str = ""


@dataclass(frozen=True)
class Level:
    name: str
    label: str
    description: str
    parameters: tuple = ()


LEVELS = {
    "first": Level("first", "First", "plays the first empty cell", (Param("seed", int, 0),)),
    "swarm": Level(
        "swarm",
        "Swarm",
        "a stand-in search that reports snapshots until stopped",
        (
            Param("agents", int, 100, 1, 10**6),
            Param("policy", str, "tree", choices=("tree", "flat")),
            Param("backscatter", bool, False),
            Param("seed", int, 0),
        ),
    ),
}


@dataclass
class StandInPlayer:
    name: str
    settings: dict = field(default_factory=dict)
    wait_for_stop: bool = False
    swap_first: bool = False
    calls: list = field(default_factory=list)

    def spec(self) -> str:
        return self.name + ":" + ",".join(f"{k}={v}" for k, v in sorted(self.settings.items()))

    def choose_move(self, board, *, on_snapshot=None, should_stop=None, position_id=0):
        self.calls.append((board.copy(), position_id))
        if self.swap_first and board.swap_allowed():
            return MoveChoice("swap-pieces")
        moves = board.legal_moves()
        snapshot = SearchSnapshot(
            position_id=position_id,
            player=self.name,
            to_move=str(board.to_move),
            iteration=1,
            playouts=40,
            elapsed_s=0.01,
            root_moves=tuple(moves[:3]),
            root_agents=(30, 10, 0)[: len(moves[:3])],
            root_active=(20, 5, 0)[: len(moves[:3])],
            best_move=moves[0],
            estimate=0.6,
            principal_variation=tuple(moves[:2]),
        )
        if on_snapshot:
            on_snapshot(snapshot)
        if self.wait_for_stop:
            while not should_stop():
                pass
        return MoveChoice(moves[0], snapshot)


def create_stand_in(spec: str | None = None):
    level, _, rest = (spec or "swarm").partition(":")
    if level not in LEVELS:
        raise HexError(f"unknown level {level}")
    known = {p.name: p for p in LEVELS[level].parameters}
    settings = {p.name: p.default for p in known.values()}
    for item in filter(None, rest.split(",")):
        key, _, value = item.partition("=")
        if key not in known:
            raise HexError(f"unknown setting {key} for {level}")
        kind = known[key].type
        try:
            settings[key] = (value == "true") if kind is bool else kind(value)
        except ValueError:
            raise HexError(f"bad value {value!r} for {key}") from None
    return StandInPlayer(level, settings)


def make_engine(**kwargs) -> GtpEngine:
    return GtpEngine(levels=LEVELS, create_player=create_stand_in, **kwargs)


def run(engine: GtpEngine, line: str) -> str:
    response = engine.execute(line)
    assert response is not None
    return response.render()


def ok(engine: GtpEngine, line: str) -> str:
    text = run(engine, line)
    assert text.startswith("="), text
    return text[1:].strip()


def fail(engine: GtpEngine, line: str) -> str:
    text = run(engine, line)
    assert text.startswith("?"), text
    return text[1:].strip()


def test_response_format_with_and_without_id():
    engine = make_engine()
    assert run(engine, "name") == "= HexSwarm\n\n"
    assert run(engine, "12 name") == "=12 HexSwarm\n\n"
    assert run(engine, "protocol_version") == "= 2\n\n"
    # An empty success keeps the space after '=' (HexGui reads the first two characters).
    assert run(engine, "clear_board") == "= \n\n"
    assert run(engine, "7 frobnicate").startswith("?7 unknown command")
    assert Response(False, "bad", "3").render() == "?3 bad\n\n"


def test_empty_lines_comments_and_crlf_get_no_response_or_parse():
    engine = make_engine()
    assert engine.execute("") is None
    assert engine.execute("   \r") is None
    assert engine.execute("# a comment") is None
    assert run(engine, "name # trailing comment\r") == "= HexSwarm\n\n"
    assert run(engine, "\tname\t") == "= HexSwarm\n\n"
    assert run(engine, "5") == "?5 missing command after the id\n\n"


def test_list_and_known_commands():
    engine = make_engine()
    names = ok(engine, "list_commands").split("\n")
    required = (
        "protocol_version name version list_commands known_command quit boardsize clear_board "
        "play genmove undo showboard final_score loadsgf hexgui-analyze_commands hexswarm-param"
    )
    for command in required.split():
        assert command in names
    assert ok(engine, "known_command genmove") == "true"
    assert ok(engine, "known_command fly") == "false"
    assert fail(engine, "known_command").startswith("expected 1 argument")


def test_boardsize_validation():
    engine = make_engine()
    assert ok(engine, "boardsize 5") == ""
    assert engine.board.size == 5
    assert ok(engine, "boardsize 7 7") == ""
    assert engine.board.size == 7
    assert ok(engine, "boardsize 7 9") == ""  # 7 columns, 9 rows (test_records_rect.py)
    assert "1 to 26, not 27" in fail(engine, "boardsize 7 27")
    assert "1 to 26" in fail(engine, "boardsize 27")
    assert "1 to 26" in fail(engine, "boardsize 0")
    assert "whole number" in fail(engine, "boardsize x")
    assert fail(engine, "boardsize").startswith("expected 1 to 2")
    assert engine.board.shape == (7, 9)  # failures leave the board alone


def test_play_colours_any_case_and_illegal_moves():
    engine = make_engine(size=5)
    ok(engine, "play B c3")
    ok(engine, "play white a1")
    ok(engine, "play b A2")  # cell names any case
    assert "occupied" in fail(engine, "play w c3")
    assert "invalid color" in fail(engine, "play green a3")
    assert "off the 5x5 board" in fail(engine, "play w f1")
    assert "malformed" in fail(engine, "play w 33")
    assert "no pass" in fail(engine, "play w pass")
    assert fail(engine, "play w").startswith("expected 2")
    assert [m.name(5) for m in engine.board.moves] == ["c3", "a1", "a2"]


def test_out_of_turn_play_sets_up_stones_and_undo_takes_them_back():
    engine = make_engine(size=4)
    # A GUI setting up a position: three Black stones in a row, then White.
    for line in ("play b a1", "play b b1", "play b c1", "play w d4"):
        ok(engine, line)
    board = engine.board
    assert [board.cell_name(c) for c in board.stones("black")] == ["a1", "b1", "c1"]
    assert [board.cell_name(c) for c in board.stones("white")] == ["d4"]
    assert board.to_move == "black"  # after White's stone, Black moves
    for _ in range(4):
        ok(engine, "undo")
    assert board.stones("black") == [] and board.stones("white") == []
    assert board.to_move == "black"
    assert "cannot undo" in fail(engine, "undo")


def test_genmove_plays_for_either_colour_and_undo_restores():
    engine = make_engine(level="first", size=3)
    assert ok(engine, "genmove b") == "a1"
    assert engine.board.to_move == "white"
    # Black again, out of turn (HexGui after a setup stone): the side to move changes first.
    assert ok(engine, "genmove black") == "b1"
    assert engine.board.to_move == "white"
    ok(engine, "undo")
    assert engine.board.to_move == "white"
    assert [engine.board.cell_name(c) for c in engine.board.stones("black")] == ["a1"]
    ok(engine, "undo")
    assert engine.board.stones("black") == [] and engine.board.to_move == "black"


def test_full_game_final_score_and_resign():
    engine = make_engine(level="first", size=3)
    assert "not over" in fail(engine, "final_score")
    # First-empty-cell players on 3x3: a1 b1 c1 a2 b2 c2 a3 -> Black a1-a2-a3 wins.
    moves = []
    colour = "b"
    while engine.board.winner is None:
        moves.append(ok(engine, f"genmove {colour}"))
        colour = "w" if colour == "b" else "b"
    assert moves == ["a1", "b1", "c1", "a2", "b2", "c2", "a3"]
    assert ok(engine, "final_score") == "B+"
    assert ok(engine, "genmove w") == "resign"
    assert "already won" in fail(engine, "genmove b")


def test_play_after_a_win_is_accepted_and_undo_removes_that_stone():
    # HexGui lets the user click on after a win and ignores a refusal, so a refusal made the
    # two boards differ: the next undo took back the winning stone instead (issue 14).
    engine = make_engine(size=3)
    for move in ("b a1", "w b1", "b a2", "w b2", "b a3"):
        ok(engine, f"play {move}")
    assert ok(engine, "final_score") == "B+"
    ok(engine, "play w c3")
    assert engine.board.stone_at("c3") == "white" and ok(engine, "final_score") == "B+"
    assert "second move" in fail(engine, "play b swap-pieces")
    ok(engine, "undo")
    assert engine.board.stone_at("c3") is None and engine.board.stone_at("a3") == "black"
    assert ok(engine, "final_score") == "B+"
    ok(engine, "undo")
    assert engine.board.stone_at("a3") is None
    assert "not over" in fail(engine, "final_score")


def test_hexgui_takes_setup_back_by_clear_board_and_replaying():
    # HexGui 0.10 does not undo setup stones: it sends clear_board and replays every stone.
    engine = make_engine(size=4)
    for line in ("play b a1", "play b b1", "play w d4", "genmove w"):
        ok(engine, line)
    before = engine.board.cells.copy(), engine.board.to_move
    played = [m.name(4) for m in engine.board.moves]
    ok(engine, "clear_board")
    assert engine.board.empty_count == 16 and "cannot undo" in fail(engine, "undo")
    for line in ("play b a1", "play b b1", "play w d4", f"play w {played[-1]}"):
        ok(engine, line)
    assert (engine.board.cells == before[0]).all() and engine.board.to_move == before[1]
    for _ in range(4):
        ok(engine, "undo")
    assert engine.board.empty_count == 16


def test_resign_by_play_decides_final_score_and_undoes():
    engine = make_engine(size=5)
    ok(engine, "play b c3")
    ok(engine, "play w resign")
    assert ok(engine, "final_score") == "B+"
    ok(engine, "undo")
    assert "not over" in fail(engine, "final_score")


def test_swap_moves():
    engine = make_engine(size=5)
    ok(engine, "play b b1")
    ok(engine, "play w swap-pieces")
    board = engine.board
    assert [board.cell_name(c) for c in board.stones("white")] == ["a2"]
    assert board.to_move == "black"
    assert "second move" in fail(engine, "play w swap-pieces")
    ok(engine, "undo")
    assert [board.cell_name(c) for c in board.stones("black")] == ["b1"]
    # A swap out of turn is refused, the board untouched.
    assert "second move" in fail(engine, "play b swap-sides")
    ok(engine, "play w swap-sides")
    assert board.to_move == "white"


def test_genmove_offers_swap_only_when_allowed():
    engine = make_engine(size=5)
    engine.player.swap_first = True
    ok(engine, "play b c3")
    assert ok(engine, "genmove w") == "a1"  # swap not offered: the copy has the rule off
    assert engine.player.calls[-1][0].swap_allowed() is False
    ok(engine, "undo")
    ok(engine, "hexswarm-param allow_swap 1")
    engine.player.swap_first = True
    assert ok(engine, "genmove w") == "swap-pieces"
    assert engine.board.to_move == "black"


def test_showboard_is_multiline():
    engine = make_engine(size=3)
    ok(engine, "play b b2")
    text = ok(engine, "showboard")
    assert "a b c" in text
    assert "B" in text and "white to move" in text


def test_param_lists_levels_and_typed_settings():
    engine = make_engine(level="swarm")
    text = run(engine, "hexswarm-param")
    assert text.startswith("= \n")  # first line empty, then one parameter per line
    lines = text.strip().split("\n")[1:]
    assert "[list/first/swarm] level swarm" in lines
    assert "[string] agents 100" in lines
    assert "[list/tree/flat] policy tree" in lines
    assert "[bool] backscatter 0" in lines
    assert "[bool] allow_swap 0" in lines
    assert "[bool] live_gfx 0" in lines


def test_param_changes_settings_and_level():
    engine = make_engine(level="swarm", settings={"seed": "3"})
    ok(engine, "hexswarm-param agents 500")
    ok(engine, "hexswarm-param backscatter 1")  # HexGui sends check boxes as 1/0
    assert engine.player.settings["agents"] == 500
    assert engine.player.settings["backscatter"] is True
    assert "bad value" in fail(engine, "hexswarm-param agents lots")
    assert engine.player.settings["agents"] == 500  # a refused change keeps the player
    assert "unknown parameter" in fail(engine, "hexswarm-param colour red")
    ok(engine, "hexswarm-param level first")
    assert engine.level == "first"
    assert engine.player.settings == {"seed": 3}  # seed carried over, agents dropped
    assert "unknown AI level" in fail(engine, "hexswarm-param level grandmaster")
    assert engine.level == "first"
    assert "spec" not in ok(engine, "hexswarm-settings")
    assert ok(engine, "hexswarm-settings").startswith("first:seed=3")
    assert "* first" in ok(engine, "hexswarm-levels")


def test_analyze_commands_have_type_label_command():
    engine = make_engine()
    lines = ok(engine, "hexgui-analyze_commands").split("\n")
    assert "param/HexSwarm Parameters/hexswarm-param" in lines
    for line in lines:
        kind, label, command = line.split("/", 2)
        assert kind in ("param", "string", "var", "pspairs", "gfx", "inferior", "plist", "vc")
        assert label
        assert ok(engine, f"known_command {command.split()[0]}") == "true"


def test_search_views_answer_for_the_position_on_the_board():
    engine = make_engine(size=3)
    assert "no search yet" in fail(engine, "hexswarm-pv")
    ok(engine, "genmove b")
    # After genmove the engine's move a1 is on the board: the line goes on from there, and
    # the root statistics (about the position before a1) are not offered for this one.
    assert ok(engine, "hexswarm-pv") == "b1"
    assert "last search was for the position before the move a1" in fail(
        engine, "hexswarm-root-agents"
    )
    assert "no search for this position" in fail(engine, "hexswarm-gfx")
    ok(engine, "undo")  # back to the searched position: everything answers about it
    assert ok(engine, "hexswarm-pv") == "a1 b1"
    assert ok(engine, "hexswarm-root-agents") == "a1 30 b1 10"
    gfx = ok(engine, "hexswarm-gfx")
    # Normalised to the most supported move (a1: 1), not shares of the swarm.
    assert gfx.startswith("INFLUENCE a1 1.000 b1 0.333\nTEXT swarm it=1")
    ok(engine, "play b c3")
    assert "no search for this position" in fail(engine, "hexswarm-pv")


def _sdst_snapshot(**fields) -> SearchSnapshot:
    """An SDST search's snapshot for White on 3x3 (best move a1), with ``fields`` set."""
    common = {
        "position_id": 1,
        "player": "sdst",
        "to_move": "white",
        "iteration": 7,
        "playouts": 1234,
        "elapsed_s": 0.5,
        "best_move": 0,
    }
    return SearchSnapshot(**common, **fields)


def test_snapshot_gfx_block_shape():
    snapshot = _sdst_snapshot(
        root_moves=(0, 4, -1),
        root_agents=(1500, 500, 0),
        root_active=(900, 100, 0),
        estimate=0.55,
        principal_variation=(0, 4, 8),
    )
    lines = snapshot_gfx(snapshot, 3).split("\n")
    assert lines[0] == "uct"
    assert lines[1] == "VAR W a1 B b2 W c3"
    assert lines[2] == "INFLUENCE a1 1.000 b2 0.333"
    assert lines[3] == "LABEL a1 1.5k b2 500"
    assert lines[4].startswith("TEXT sdst it=7 playouts=1234")
    assert "best=a1" in lines[4]


def test_live_gfx_best_move_agrees_with_the_swap_the_player_will_answer():
    # White's estimate 0.3 for its best reply: the swap (worth 0.7) is what genmove answers.
    snapshot = _sdst_snapshot(
        root_moves=(0, 4),
        root_agents=(1500, 500),
        root_active=(400, 100),
        estimate=0.3,
        principal_variation=(0, 4),
    )
    swapping = snapshot_gfx(snapshot, 3, swap_allowed=True)
    assert "VAR" not in swapping and "best=swap-pieces" in swapping
    assert "best=a1" in snapshot_gfx(snapshot, 3, swap_allowed=False)


def test_live_gfx_is_emitted_during_genmove():
    blocks = []
    engine = make_engine(size=3, live_gfx=True, emit=blocks.append)
    ok(engine, "genmove b")
    assert len(blocks) == 1
    assert blocks[0].startswith("gogui-gfx:\nuct\nVAR B a1")
    assert blocks[0].endswith("\n\n") and "\n\n" not in blocks[0][:-2]


def test_internal_errors_become_responses(monkeypatch):
    engine = make_engine(size=3)
    logged = []
    engine.log = logged.append

    def broken(*args, **kwargs):
        raise RuntimeError("kaboom")

    monkeypatch.setattr(engine.player, "choose_move", broken)
    assert fail(engine, "genmove b") == "internal error: RuntimeError: kaboom"
    assert "Traceback" in logged[0]
    assert engine.board.stones("black") == [] and engine.board.to_move == "black"
    # out-of-turn genmove that fails leaves the side to move unchanged
    assert fail(engine, "genmove w").startswith("internal error")
    assert engine.board.to_move == "black"
    assert ok(engine, "name") == "HexSwarm"


def test_loadsgf_argument_errors(tmp_path):
    engine = make_engine()
    assert fail(engine, "loadsgf").startswith("expected 1 to 2")
    assert "whole number" in fail(engine, f"loadsgf {tmp_path / 'x.sgf'} two")
    assert "1 or more" in fail(engine, f"loadsgf {tmp_path / 'x.sgf'} 0")


def test_loadsgf_missing_and_malformed_files(tmp_path):
    engine = make_engine(size=5)
    ok(engine, "play b c3")
    assert "cannot read" in fail(engine, f"loadsgf {tmp_path / 'absent.sgf'}")
    broken = tmp_path / "broken.sgf"
    broken.write_text("(;FF[4]GM[11]SZ[5];B[c3", encoding="utf-8")
    assert "cannot load" in fail(engine, f"loadsgf {broken}")
    assert engine.board.stones("black") == [12]  # the game in progress is kept


def test_loadsgf_loads_a_game_or_the_position_before_a_move(tmp_path):
    from hexswarm.engine import records

    game = Board(5)
    for move in ("c3", "b2", "d1"):
        game.play(move)
    path = tmp_path / "game.sgf"
    records.save_sgf(records.record_from_board(game, game_end=("white", "resign")), path)
    engine = make_engine(size=9)
    ok(engine, f"loadsgf {path}")
    board = engine.board
    assert board.size == 5
    assert [board.cell_name(c) for c in board.stones("black")] == ["d1", "c3"]
    assert ok(engine, "final_score") == "B+"  # White resigned in the record
    ok(engine, f"loadsgf {path} 2")  # the position before move 2
    assert [engine.board.cell_name(c) for c in engine.board.stones("black")] == ["c3"]
    assert engine.board.stones("white") == [] and engine.board.to_move == "white"
    assert "not over" in fail(engine, "final_score")
    ok(engine, "undo")  # takes back a move of the loaded game
    assert engine.board.stones("black") == []


def serve(engine: GtpEngine, text: str) -> str:
    out, err = io.StringIO(), io.StringIO()
    status = GtpServer(engine, io.StringIO(text), out, err).serve()
    assert status == 0
    return out.getvalue()


def test_server_answers_in_order_and_stops_at_quit():
    engine = make_engine(size=3)
    out = serve(engine, "1 name\r\n\n# comment\n2 boardsize 30\n3 quit\n4 name\n")
    assert out == (
        "=1 HexSwarm\n\n?2 unacceptable size: board size must be 1 to 26, not 30\n\n=3 \n\n"
    )


def test_server_interrupt_stops_a_waiting_search():
    engine = make_engine(size=3)
    engine.player.wait_for_stop = True
    # The interrupt follows genmove in the input: the search must see it and answer.
    out = serve(engine, "genmove b\n# interrupt\nname\n")
    assert out == "= a1\n\n= HexSwarm\n\n"


def test_server_runs_every_command_read_before_eof():
    # A script pipes its commands and closes stdin at once: every command still runs in full.
    engine = make_engine(size=3)
    searched = []
    engine.player.choose_move = lambda board, *, should_stop, **kw: (
        searched.append(should_stop()) or MoveChoice(board.legal_moves()[0])
    )
    assert serve(engine, "genmove b\ngenmove w\n") == "= a1\n\n= b1\n\n"
    assert searched == [False, False]  # EOF did not stop the searches


def test_board_copy_given_to_player_is_independent():
    engine = make_engine(size=3)
    ok(engine, "genmove b")
    seen, _ = engine.player.calls[0]
    assert isinstance(seen, Board) and seen is not engine.board
    assert seen.stones("black") == []


@pytest.mark.parametrize("line", ["play", "genmove", "genmove purple", "undo extra words"])
def test_wrong_arguments_never_raise(line):
    engine = make_engine(size=3)
    response = engine.execute(line)
    assert response is not None
    if line != "undo extra words":
        assert not response.ok


if __name__ == "__main__":
    # A stand-in GTP engine over stdin/stdout for the subprocess tests of the protocol layer:
    # python -m tests.engine.test_gtp_engine [--wait]   (--wait: search until "# interrupt")
    import os
    import sys

    standin = make_engine(size=5, live_gfx=True)
    standin.gfx_interval = 0.0
    standin.player.wait_for_stop = "--wait" in sys.argv
    server = GtpServer(standin, sys.stdin, sys.stdout, sys.stderr)
    status = server.serve()
    sys.stdout.flush()
    os._exit(status)  # as engine.gtp.main: the stdin reader thread may still be blocked


def test_without_ai_the_engine_plays_the_strongest_preset_by_name():
    """The preset's player carries its family's name (uct); the engine must keep the preset's
    name, or it would build plain UCT with the family's defaults."""
    from hexswarm.engine.gtp import build_parser
    from hexswarm.engine.players import LEVELS, STRONGEST_LEVEL, create_player

    engine = GtpEngine(levels=LEVELS, create_player=create_player)
    assert engine.level == STRONGEST_LEVEL == "strong"
    seed = engine.player.settings.seed  # drawn for this game: the rest is the preset's
    assert engine.player.spec() == create_player(STRONGEST_LEVEL, seed=seed).spec()
    assert "default: strong" in build_parser(LEVELS).format_help()


class _SlowKernels:
    """A kernel loader whose wait takes ``seconds`` of a fake clock."""

    def __init__(self, clock: list[float], seconds: float):
        self.clock, self.seconds = clock, seconds

    def wait(self, keys) -> None:
        assert tuple(keys) == ("mc",)  # the groups of the engine's AI
        self.clock[0] += self.seconds


@pytest.mark.parametrize(
    ("waited", "stops_at"),
    [
        (0.6, 1.0),  # the wait is counted: the answer is due 1 s after the command
        (0.9, 1.15),  # but the search keeps a quarter of its second
        (0.0, None),  # no wait: the search's own clock alone decides
    ],
)
def test_the_wait_for_the_kernels_counts_against_the_first_genmove(monkeypatch, waited, stops_at):
    """The first genmove after start may arrive while the kernels still load; with a time
    limit the search must then stop at the limit measured from the command."""
    import hexswarm.engine.gtp as gtp_module
    from hexswarm.engine.players import LEVELS, create_player

    clock = [100.0]
    monkeypatch.setattr(gtp_module.time, "monotonic", lambda: clock[0])
    gtp = GtpEngine(
        levels=LEVELS, create_player=create_player, level="mc", settings={"time_s": "1"}
    )
    gtp.kernel_loader = _SlowKernels(clock, waited)
    stopped_by_user = [False]
    should_stop = gtp._wait_for_kernels(lambda: stopped_by_user[0])
    assert clock[0] == 100.0 + waited
    assert should_stop() is False  # the search's first question, its set-up done at once
    if stops_at is None:
        clock[0] = 100.0 + 60.0
        assert should_stop() is False
    else:
        clock[0] = 100.0 + stops_at - 0.01
        assert should_stop() is False
        stopped_by_user[0] = True  # an interrupt still stops it at any time
        assert should_stop() is True
        stopped_by_user[0] = False
        clock[0] = 100.0 + stops_at
        assert should_stop() is True


def test_a_level_without_time_limit_only_waits_for_the_kernels(monkeypatch):
    import hexswarm.engine.gtp as gtp_module
    from hexswarm.engine.players import LEVELS, create_player

    clock = [0.0]
    monkeypatch.setattr(gtp_module.time, "monotonic", lambda: clock[0])
    gtp = GtpEngine(
        levels=LEVELS, create_player=create_player, level="mc", settings={"playouts_per_move": "9"}
    )
    gtp.kernel_loader = _SlowKernels(clock, 5.0)
    should_stop = gtp._wait_for_kernels(lambda: False)
    clock[0] = 1000.0
    assert should_stop() is False

"""The decisive-mistake finder (engine.tools.mistakes): lost games read from a match folder,
the backward walk checked against engine.solver on 4x4 games (the stand-in engine's DFPN is the
second solver, which shares no code with it), unsettled walks, the categories, the suite it
writes and our DFPN's run over that suite."""

from __future__ import annotations

import json
import random
import shlex
import sys
from pathlib import Path

import pytest
from hexswarm.engine.board import BLACK, WHITE, Board, HexError
from hexswarm.engine.records.game import record_from_board
from hexswarm.engine.records.sgf import write_sgf
from hexswarm.engine.solver import winning_moves
from hexswarm.engine.tools.mistakes import (
    PlayedGame,
    _fives,
    _move_number,
    _spread,
    categorise,
    compare,
    intrusion,
    lost_from,
    main,
    match_games,
    our_dfpn,
    positions_to_move,
    relabel,
    suite,
    summary,
    walk_game,
)
from hexswarm.engine.tools.tactics_real import MohexLabeller
from hexswarm.engine.tools.tactics_suite import _rows, load_suite
from hexswarm.resources import resource_path

ROOT = Path(__file__).resolve().parents[2]
FAKE_DFPN = ROOT / "tests" / "engine" / "fake_dfpn_engine.py"


def _random_game(seed: int, size: int = 4) -> Board:
    rng = random.Random(seed)
    board = Board(size)
    while not board.is_over:
        board.play(rng.choice(board.legal_moves()))
    return board


def _played(board: Board, side: str = "loser", opening: int = 0, number: int = 1) -> PlayedGame:
    """The game on ``board`` from its loser's or its winner's side."""
    colour = board.winner if side == "winner" else board.winner.opponent
    return PlayedGame(
        number=number,
        colour=colour,
        won=side == "winner",
        size=board.size,
        cells=tuple(m.cell for m in board.moves),
        opening=opening,
    )


def _reference_mistakes(game: PlayedGame) -> list[int]:
    """The plies at which the player was to move, won and played a losing move, latest first,
    by engine.solver walking forwards."""
    board = Board(game.size)
    plies = []
    for ply, cell in enumerate(game.cells):
        if ply >= game.opening and board.to_move is game.colour:
            winning = winning_moves(board)
            if winning and cell not in winning:
                plies.append(ply)
        board.play(cell)
    return plies[::-1]


def _first_cell(board: Board) -> int:
    return board.legal_moves()[0]


@pytest.fixture(scope="module")
def labeller():
    labeller = MohexLabeller(shlex.join([sys.executable, str(FAKE_DFPN)]), seconds=1)
    yield labeller
    labeller.close()


# Random 4x4 games, whatever their story, walked from after their first stones (the stand-in's
# solver is pure Python: an open 4x4 board takes it seconds, 12 empty cells a tenth of that).
SEEDS = range(6)
SIDES = [("loser", 4), ("loser", 5), ("winner", 4)]
CASES = [(seed, side, opening) for seed in SEEDS for side, opening in SIDES]


@pytest.fixture(scope="module")
def walked(labeller) -> dict[tuple[int, str, int], tuple[PlayedGame, dict]]:
    walks = {}
    for seed, side, opening in CASES:
        game = _played(_random_game(seed), side, opening, number=seed + 1)
        walks[seed, side, opening] = game, walk_game(labeller, game, flat_choice=_first_cell)
    return walks


@pytest.mark.parametrize(("seed", "side", "opening"), CASES)
def test_the_walk_finds_every_proven_mistake_and_labels_it(walked, seed, side, opening):
    game, found = walked[seed, side, opening]
    expected = _reference_mistakes(game)
    assert [m["ply"] for m in found["mistakes"]] == expected
    assert [s["ply"] for s in found["walk"]] == positions_to_move(game)  # nothing unsettled
    for mistake in found["mistakes"]:
        board = game.board_at(mistake["ply"])
        winning = winning_moves(board)
        assert mistake["winning"] == sorted(board.cell_name(c) for c in winning)
        assert mistake["complete"] and not mistake["unsettled"]
        assert mistake["move"] == board.cell_name(game.cells[mistake["ply"]])
        assert mistake["move_verdict"] == "loses"
        assert mistake["plies_to_end"] == len(game.cells) - mistake["ply"]
        assert mistake["empty"] == board.empty_count
        rebuilt = Board.from_rows(mistake["rows"], to_move=mistake["to_move"])
        assert rebuilt.cells.tolist() == board.cells.tolist()
    if side == "winner":
        assert found["status"] == "won"
        return
    verdicts = [s["verdict"] for s in found["walk"]]
    if "won" in verdicts:  # the latest won position is the decisive mistake
        assert found["status"] == "mistake" and expected
        assert expected[0] == found["walk"][verdicts.index("won")]["ply"]
        assert set(verdicts[: verdicts.index("won")]) <= {"lost"}
    else:
        assert found["status"] == "lost-throughout" and not expected


def test_the_cases_cover_a_decisive_mistake_and_a_winners_mistake(walked):
    """The parametrised test above sees both kinds of story."""
    records = [found for _game, found in walked.values()]
    assert any(r["status"] == "mistake" for r in records)
    assert any(r["status"] == "won" and r["mistakes"] for r in records)


def test_a_player_who_never_had_a_won_position_lost_throughout(labeller):
    """White on 3x3 against Black's winning moves (engine.solver's) is never winning."""
    rng = random.Random(1)
    board = Board(3)
    while not board.is_over:
        choices = winning_moves(board) if board.to_move is BLACK else board.legal_moves()
        board.play(rng.choice(sorted(choices)))
    found = walk_game(labeller, _played(board), flat_choice=_first_cell)
    assert found["status"] == "lost-throughout" and not found["mistakes"]
    assert [s["verdict"] for s in found["walk"]] == ["lost"] * len(found["walk"])
    assert len(found["walk"]) == len(board.moves) // 2


def test_the_walk_skips_the_opening_stones_and_the_opponents_moves():
    game = PlayedGame(1, WHITE, False, 4, (0, 5, 1, 6, 2, 7, 3), opening=2)
    assert positions_to_move(game) == [5, 3]
    black = PlayedGame(1, BLACK, False, 4, game.cells, opening=2)
    assert positions_to_move(black) == [6, 4, 2]


def test_a_position_dfpn_does_not_settle_ends_the_walk_as_unsolved():
    labeller = MohexLabeller(shlex.join([sys.executable, str(FAKE_DFPN), "6"]), seconds=1)
    try:
        game = _played(_random_game(3), opening=4)
        found = walk_game(labeller, game, flat_choice=_first_cell)
    finally:
        labeller.close()
    assert found["status"] == "unsolved"
    assert found["walk"][-1]["verdict"] == "unsolved" and found["walk"][-1]["empty"] > 6
    assert all(step["verdict"] == "lost" for step in found["walk"][:-1])


class _SlowSolver:
    """A labeller whose solver settles a position only with a limit of at least ``needs``
    seconds (engine.solver behind it), recording the limits it was given."""

    def __init__(self, needs: float):
        self.seconds, self.needs, self.limits = 1.0, needs, []

    def set_limit(self, seconds: float) -> None:
        self.seconds = seconds
        self.limits.append(seconds)

    def winner(self, board: Board, to_move=None):
        if self.seconds < self.needs:
            return None
        if board.is_over:
            return board.winner
        if to_move is not None and to_move is not board.to_move:
            board = Board.from_rows(_rows(board), to_move=to_move)
        mover = board.to_move
        return mover if winning_moves(board) else mover.opponent

    def move_wins(self, board: Board, cell: int):
        after = board.copy()
        after.play(cell)
        winner = self.winner(after)
        return None if winner is None else winner is board.to_move

    def cell_verdicts(self, board: Board):
        winning = winning_moves(board)
        return ((cell, cell in winning) for cell in board.legal_moves())


def test_an_unsettled_position_is_tried_again_with_the_longer_limit_and_the_limit_restored():
    game = _played(_random_game(5), opening=4)
    slow = _SlowSolver(needs=5)
    found = walk_game(slow, game, flat_choice=_first_cell, retry_seconds=5)
    assert all(step.get("retried") for step in found["walk"])
    assert "unsolved" not in [s["verdict"] for s in found["walk"]]
    assert slow.seconds == 1 and set(slow.limits) == {5.0, 1.0}
    unsettled = walk_game(_SlowSolver(needs=9), game, flat_choice=_first_cell, retry_seconds=5)
    assert unsettled["status"] == "unsolved" and len(unsettled["walk"]) == 1


def test_relabelling_settles_the_unsettled_cells_with_the_longer_limit(walked):
    mistake = next(m for _g, found in walked.values() for m in found["mistakes"])
    board = Board.from_rows(mistake["rows"], to_move=mistake["to_move"])
    losing = next(
        board.cell_name(c)
        for c in board.legal_moves()
        if board.cell_name(c) not in mistake["winning"]
    )
    unsettled = sorted([mistake["winning"][0], losing])
    open_ = {
        **mistake,
        "winning": mistake["winning"][1:],
        "unsettled": unsettled,
        "complete": False,
    }
    settled = relabel(_SlowSolver(needs=5), open_, seconds=5)
    assert settled["winning"] == mistake["winning"] and settled["complete"]
    assert not settled["unsettled"] and settled["category"] == mistake["category"]
    still = relabel(_SlowSolver(needs=9), open_, seconds=5)
    assert still["unsettled"] == unsettled and not still["complete"]
    assert still["winning"] == mistake["winning"][1:]


# --------------------------------------------------------------------------- categories


def test_an_intrusion_into_a_bridge_or_an_edge_template_is_named():
    # Black's bridge b2-c3 (common empty cells c2 and b3), far from Black's edges on 6x6.
    bridge = Board.from_rows(
        ["......", ".B....", "..B...", "......", "....W.", "......"], to_move="white"
    )
    assert intrusion(bridge, bridge.cell_index("c2"), BLACK) == "bridge"
    assert intrusion(bridge, bridge.cell_index("b3"), BLACK) == "bridge"
    assert intrusion(bridge, bridge.cell_index("a6"), BLACK) is None
    assert intrusion(bridge, bridge.cell_index("f1"), BLACK) == "template"  # c3's template III
    assert intrusion(bridge, bridge.cell_index("c2"), WHITE) is None  # not White's bridge
    # Black's stone on the second row with its two edge cells empty: template II.
    edge = Board.from_rows(["....", ".B..", "....", "...W"], to_move="white")
    assert intrusion(edge, edge.cell_index("b1"), BLACK) == "template"
    assert intrusion(edge, edge.cell_index("c1"), BLACK) == "template"
    assert intrusion(edge, edge.cell_index("a1"), BLACK) is None


def test_the_category_follows_the_order_intrusion_trap_threat():
    assert categorise("bridge", False, True) == "bridge"
    assert categorise(None, False, True) == "mc-trap"
    assert categorise(None, True, True) == "must-play"
    assert categorise(None, None, True) == "must-play"
    assert categorise(None, True, False) == "other"


# --------------------------------------------------------------------------- match folders


def _match_folder(
    folder: Path,
    boards: list[Board],
    a_colours: list[str],
    opening: int = 2,
    reasons: list[str] | None = None,
) -> None:
    """A folder as ``hexswarm-match`` writes it: match.json and one SGF file a game. A game
    whose reason (``reasons``; none: every game connected) is ``R``, ``F`` or ``T`` ended, as
    engine.tools.games ends it, with the side to move on its unfinished board resigning,
    playing an illegal move or running out of time."""
    results = []
    reasons = reasons or [""] * len(boards)
    for number, (board, colour, reason) in enumerate(
        zip(boards, a_colours, reasons, strict=True), start=1
    ):
        name = f"game-{number:04d}.sgf"
        winner = board.winner if not reason else board.to_move.opponent
        how = {"R": "resign", "F": "forfeit"}.get(reason)
        record = record_from_board(
            board,
            result=f"{winner.letter}+{reason}",
            game_end=None if how is None else (winner.opponent, how),
        )
        (folder / name).write_text(write_sgf(record), encoding="utf-8")
        results.append(
            {
                "game": number,
                "a_colour": colour,
                "winner": "A" if winner.value == colour else "B",
                "winner_colour": winner.value,
                "reason": reason,
                "result": f"{winner.letter}+{reason}",
                "sgf": name,
                "moves": len(board.moves),
            }
        )
    settings = {"opening": opening, "size": 4, "swap": False, "player_a": "x", "player_b": "y"}
    document = {"format": 1, "settings": settings, "results": results}
    (folder / "match.json").write_text(json.dumps(document), encoding="utf-8")


def test_the_games_of_a_match_folder_come_with_their_colour_outcome_and_moves(tmp_path):
    boards = [_random_game(seed) for seed in range(4)]
    colours = ["black", "white", "white", "black"]
    _match_folder(tmp_path, boards, colours)
    games = match_games(tmp_path, "A")
    pairs = zip(boards, colours, strict=True)
    expected = [n for n, (b, c) in enumerate(pairs, 1) if b.winner.value != c]
    assert [g.number for g in games] == expected and expected
    for game in games:
        board = boards[game.number - 1]
        assert game.cells == tuple(m.cell for m in board.moves)
        assert game.colour is board.winner.opponent and game.opening == 2 and not game.won
    as_b = match_games(tmp_path, "B")
    assert sorted(g.number for g in games + as_b) == [1, 2, 3, 4]
    assert all(g.colour is boards[g.number - 1].winner.opponent for g in as_b)
    every = match_games(tmp_path, "A", lost_only=False)
    assert [g.number for g in every] == [1, 2, 3, 4]
    assert all(g.won == (g.colour is boards[g.number - 1].winner) for g in every)


def test_a_folder_without_a_match_record_is_a_clear_error(tmp_path, capsys):
    out = tmp_path / "found.json"
    assert main(["find", str(tmp_path), "--out", str(out)]) == 2
    assert "no match.json" in capsys.readouterr().err
    assert not out.exists()


def test_a_broken_match_record_or_game_file_is_named_in_the_message(tmp_path, capsys):
    boards = [_random_game(seed) for seed in range(2)]
    _match_folder(tmp_path, boards, ["white", "white"])
    state = json.loads((tmp_path / "match.json").read_text(encoding="utf-8"))
    del state["results"][0]["sgf"]
    (tmp_path / "match.json").write_text(json.dumps(state), encoding="utf-8")
    out = tmp_path / "found.json"
    assert main(["find", str(tmp_path), "--out", str(out)]) == 2
    assert "match.json: not a match record" in capsys.readouterr().err
    _match_folder(tmp_path, boards, ["white", "white"])
    (tmp_path / "game-0002.sgf").write_text("(;FF[4]GM[11]SZ[4];B[zz])", encoding="utf-8")
    with pytest.raises(HexError, match="game-0002.sgf \\(game 2\\)"):
        match_games(tmp_path, "A", lost_only=False)
    assert not out.exists()


def _unfinished_game(seed: int, moves: int = 6, size: int = 4) -> Board:
    rng = random.Random(seed)
    board = Board(size)
    for _ in range(moves):
        board.play(rng.choice(board.legal_moves()))
    assert not board.is_over
    return board


def test_games_lost_on_time_by_resignation_or_forfeit_are_labelled_and_not_walked(tmp_path, capsys):
    """A normal game, a loss on time, a resignation and a forfeit, all lost by A: the three
    not decided on the board are recorded with their end and no walk; the normal one is
    walked as before; the report counts them apart."""
    boards = [_random_game(1), *(_unfinished_game(seed) for seed in (2, 3, 4))]
    reasons = ["", "T", "R", "F"]
    losers = [boards[0].winner.opponent.value] + [b.to_move.value for b in boards[1:]]
    _match_folder(tmp_path, boards, losers, opening=0, reasons=reasons)
    sgf_texts = [(tmp_path / f"game-{n:04d}.sgf").read_text(encoding="utf-8") for n in (3, 4)]
    assert f";{losers[2][0].upper()}[resign]" in sgf_texts[0]
    assert f";{losers[3][0].upper()}[forfeit]" in sgf_texts[1]
    games = match_games(tmp_path, "A")
    assert [g.end for g in games] == ["connection", "time", "resignation", "forfeit"]
    for game, board in zip(games, boards, strict=True):  # the end is not a stone
        assert game.cells == tuple(m.cell for m in board.moves) and not game.won
    found = tmp_path / "found.json"
    fake = shlex.join([sys.executable, str(FAKE_DFPN)])
    arguments = ["find", str(tmp_path), "--mohex", fake, "--dfpn-seconds", "1"]
    assert main([*arguments, "--out", str(found)]) == 0
    records = json.loads(found.read_text(encoding="utf-8"))["games"]
    assert [r["end"] for r in records] == [g.end for g in games]
    assert records[0]["status"] in ("mistake", "lost-throughout") and records[0]["walk"]
    assert [m["ply"] for m in records[0]["mistakes"]] == _reference_mistakes(games[0])
    expected = ["ended-by-time", "ended-by-resignation", "ended-by-forfeit"]
    assert [r["status"] for r in records[1:]] == expected
    for record, loser in zip(records[1:], losers[1:], strict=True):
        assert not record["walk"] and not record["mistakes"]
        assert record["note"].startswith(f"{loser} lost by {record['end']}: not decided")
    counts = summary(records)["status"]
    assert [counts[s] for s in expected] == [1, 1, 1] and sum(counts.values()) == 4
    capsys.readouterr()
    assert main(["report", str(found)]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if "| found.json |" in line]
    by_colour = {row.split(" | ")[1]: row.split(" | ") for row in rows[: len(set(losers))]}
    for colour, row in by_colour.items():  # resigned / forfeit / time
        ends = [reasons[i] for i, c in enumerate(losers) if c == colour]
        assert row[6] == " / ".join(str(ends.count(code)) for code in "RFT")


def test_a_game_whose_records_disagree_on_its_end_is_named(tmp_path):
    """match.json against the SGF's RE and moves, and against the board: every disagreement
    is a clear error naming the file and both sides; RE's long form reads as the short."""
    board = _unfinished_game(5)
    loser = board.to_move
    _match_folder(tmp_path, [board], [loser.value], reasons=["R"])
    sgf = tmp_path / "game-0001.sgf"
    text = sgf.read_text(encoding="utf-8")
    assert f"RE[{loser.opponent.letter}+R]" in text
    sgf.write_text(text.replace("+R]", "+Resign]"), encoding="utf-8")
    assert [g.end for g in match_games(tmp_path, "A")] == ["resignation"]
    sgf.write_text(text.replace("+R]", "+T]"), encoding="utf-8")
    with pytest.raises(
        HexError,
        match="game-0001.sgf \\(game 1\\): match.json's reason says "
        f"{loser.opponent.value} won by resignation, but RE",
    ):
        match_games(tmp_path, "A")
    state = json.loads((tmp_path / "match.json").read_text(encoding="utf-8"))
    for change, words in (
        ({"reason": ""}, "but match.json's result"),
        ({"reason": "", "result": f"{loser.opponent.letter}+"}, "but RE"),
        ({"reason": "X"}, "reason 'X' is none of"),
        ({"result": "nobody"}, "'nobody' is not a result"),
    ):
        _match_folder(tmp_path, [board], [loser.value], reasons=["R"])
        changed = {**state, "results": [{**state["results"][0], **change}]}
        (tmp_path / "match.json").write_text(json.dumps(changed), encoding="utf-8")
        with pytest.raises(HexError, match=words):
            match_games(tmp_path, "A")
    # Both records say the game was connected, but its board has no connection.
    connected = {"reason": "", "result": f"{loser.opponent.letter}+"}
    changed = {**state, "results": [{**state["results"][0], **connected}]}
    (tmp_path / "match.json").write_text(json.dumps(changed), encoding="utf-8")
    sgf.write_text(text.replace("+R]", "+]").replace(f";{loser.letter}[resign]", ""), "utf-8")
    with pytest.raises(HexError, match="but the board says nobody has connected"):
        match_games(tmp_path, "A")


def test_find_report_and_suite_from_the_command_line(tmp_path, capsys):
    """The commands end to end on a match folder of 4x4 games, with the stand-in DFPN: find
    writes one record a lost game with the folder's opening, report and suite read it."""
    boards = [_random_game(seed) for seed in range(4)]
    _match_folder(tmp_path, boards, ["black", "white", "white", "black"], opening=4)
    lost = [g.number for g in match_games(tmp_path, "A")]
    fake = shlex.join([sys.executable, str(FAKE_DFPN)])
    found = tmp_path / "found" / "found.json"
    arguments = ["find", str(tmp_path), "--mohex", fake, "--dfpn-seconds", "1"]
    assert main([*arguments, "--games", "99", "--out", str(found)]) == 2
    assert "no game [99] among player A's games it lost" in capsys.readouterr().err
    assert main([*arguments, "--out", str(found)]) == 0
    document = json.loads(found.read_text(encoding="utf-8"))
    assert [r["game"] for r in document["games"]] == lost and document["opening"] == 4
    assert document["summary"] == summary(document["games"])
    assert json.loads(capsys.readouterr().out) == document["summary"]
    games = {g.number: g for g in match_games(tmp_path, "A")}
    for record in document["games"]:
        expected = _reference_mistakes(games[record["game"]])
        assert [m["ply"] for m in record["mistakes"]] == expected
    document["folder"] = "moved away"  # report needs only the file
    found.write_text(json.dumps(document), encoding="utf-8")
    assert main(["report", str(found)]) == 0
    table = capsys.readouterr().out
    assert table.count("| found.json | ") == len({r["colour"] for r in document["games"]}) + sum(
        len(r["mistakes"]) for r in document["games"]
    )
    suite_path = tmp_path / "suite.json"
    assert main(["suite", str(found), "--out", str(suite_path)]) == 0
    assert len(load_suite(suite_path)) == len(
        {tuple(m["rows"]) for r in document["games"] for m in r["mistakes"] if m["complete"]}
    )
    assert main(["report", str(suite_path)]) == 2
    assert "lacks the field 'folder': not what report reads" in capsys.readouterr().err


# --------------------------------------------------------------------------- the suite


def test_the_suite_keeps_the_complete_mistakes_and_our_dfpn_is_graded_on_it(walked, tmp_path):
    records = [found for (_s, _side, opening), (_g, found) in walked.items() if opening == 4]
    mistakes = [m for r in records for m in r["mistakes"]]
    incomplete = {**mistakes[0], "complete": False, "rows": ["x"]}
    records.append({**records[0], "game": 99, "mistakes": [incomplete]})
    counts = summary(records)
    assert counts["every"]["mistakes"] == len(mistakes) + 1
    assert counts["every"]["complete"] == len(mistakes)
    assert sum(counts["every"]["category"].values()) == len(mistakes) + 1
    statuses = summary(records[:-1])["status"]
    assert statuses["won"] == len(SEEDS)
    assert statuses["mistake"] + statuses["lost-throughout"] == len(SEEDS)
    found = {"command": "find", "labeller": "L", "folder": "f", "games": records}
    path = tmp_path / "suite.json"
    path.write_text(json.dumps(suite([found], "suite")), encoding="utf-8")
    positions = load_suite(path)
    assert len(positions) == len({tuple(m["rows"]) for m in mistakes})
    assert all(p.id.startswith("mistake-4x4-g") for p in positions)
    for position in positions:
        assert position.winning_cells() == winning_moves(position.board())
    every = suite([found], "suite", incomplete=True)["positions"]
    assert len(every) == len(positions) + 1 and not every[-1]["complete"]
    rows = list(our_dfpn(path, [1, 100_000], lambda text: None))
    assert [r["id"] for r in rows] == [p.id for p in positions]
    for row in rows:  # 4x4: a large budget proves every position and plays a winning move
        assert row["budgets"]["100000"]["hit"]
        # the root analysis never prunes a winning cell
        analysis, winning = row["analysis"], next(p for p in positions if p.id == row["id"]).winning
        assert analysis["proven"] == "win" or analysis["winning_considered"] == len(winning)


def test_the_comparison_counts_each_runs_wins_and_repeated_mistakes(walked, tmp_path):
    """Two made-up runs on the suite: one plays each position's first winning cell, one
    replays the game's losing move; the table's last row counts them."""
    records = [found for (_s, _side, opening), (_g, found) in walked.items() if opening == 4]
    found = {"command": "find", "labeller": "L", "folder": "f", "games": records}
    document = suite([found], "suite")
    path = tmp_path / "suite.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    n = len(document["positions"])
    runs = []
    for spec, key, hit in (("right", "winning", True), ("again", "game_move", False)):
        positions = [
            {"id": p["id"], "move": p["winning"][0] if hit else p[key], "hit": hit}
            for p in document["positions"]
        ]
        runs.append(tmp_path / f"{spec}.json")
        runs[-1].write_text(json.dumps({"spec": spec, "positions": positions}), encoding="utf-8")
    table = compare(path, runs).splitlines()
    assert len(table) == n + 3
    assert table[-1].endswith(f"| {n} / 0 | 0 / {n} |")


def test_move_numbers_count_the_players_own_moves_after_the_opening():
    assert [_move_number("black", ply, 2) for ply in (2, 4, 6)] == [1, 2, 3]
    assert [_move_number("white", ply, 2) for ply in (3, 5)] == [1, 2]
    assert [_move_number("black", 0, 0), _move_number("white", 1, 0)] == [1, 1]
    assert [_move_number("white", 1, 1), _move_number("black", 2, 1)] == [1, 1]
    assert _fives([1, 5, 6, 11, 15, 16, 40]) == [2, 1, 2, 2]


def test_the_spread_is_the_median_and_the_range():
    assert _spread([5, 7, 10, 16]) == "8.5 (5-16)"  # an even count: the middle two's mean
    assert _spread([2, 3, 9]) == "3 (2-9)" and _spread([4]) == "4 (4-4)" and _spread([]) == "-"


def test_a_game_is_proven_lost_from_the_earliest_position_of_an_unbroken_run_of_losses():
    walk = [
        {"ply": p, "verdict": v} for p, v in ((9, "lost"), (7, "lost"), (5, "won"), (3, "lost"))
    ]
    assert lost_from({"walk": walk})["ply"] == 7
    assert lost_from({"walk": walk[2:]}) is None


# --------------------------------------------------------------------------- the shipped suite

MISTAKES_SUITE = Path(str(resource_path("tactics", "mistakes-vs-mohex.json")))


def test_the_shipped_suite_holds_won_positions_whose_game_move_lost():
    document = json.loads(MISTAKES_SUITE.read_text(encoding="utf-8"))
    assert document["command"].startswith("python -m hexswarm.engine.tools.mistakes suite ")
    assert "dfpn-solve-state" in document["labeller"]
    positions = load_suite(MISTAKES_SUITE)
    assert positions and len({p.id for p in positions}) == len(positions)
    for entry, position in zip(document["positions"], positions, strict=True):
        board = position.board()
        assert not board.is_over and entry["complete"]
        winning = position.winning_cells()
        assert winning and all(board.stone_at(c) is None for c in winning)
        played = board.cell_index(entry["game_move"])
        assert board.stone_at(played) is None and played not in winning

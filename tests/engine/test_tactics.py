"""Exact root tactics: immediate wins against brute force, the three rules, and the wrapper that
gives every level ``tactics=on`` while ``off`` (the default) leaves the level untouched."""

from __future__ import annotations

import pytest
from hexswarm.engine.board import BLACK, WHITE, Board
from hexswarm.engine.players import create_player
from hexswarm.engine.players.tactics import TacticalPlayer, immediate_wins, root_tactics
from hypothesis import given, settings
from hypothesis import strategies as st


@st.composite
def open_positions(draw):
    size = draw(st.integers(1, 9))
    cells = draw(st.permutations(list(range(size * size))))
    stones = draw(st.integers(0, size * size - 1))
    colours = draw(st.lists(st.booleans(), min_size=stones, max_size=stones))
    black = [c for c, b in zip(cells[:stones], colours, strict=True) if b]
    white = [c for c, b in zip(cells[:stones], colours, strict=True) if not b]
    board = Board(size)
    board.setup(black, white, to_move=draw(st.sampled_from((BLACK, WHITE))))
    return board


@settings(max_examples=200, deadline=None)
@given(open_positions(), st.sampled_from((BLACK, WHITE)))
def test_immediate_wins_are_the_cells_that_connect_at_once(board, color):
    if board.is_over:
        return
    expected = []
    for cell in board.legal_moves():
        trial = board.copy()
        trial.setup(**{"black" if color is BLACK else "white": [cell]})
        if trial.winner is color:
            expected.append(cell)
    assert immediate_wins(board, color) == expected


def test_the_three_rules():
    win = Board.from_rows(["..B..", "..B..", ".....", "..B..", "..B.."], to_move="black")
    assert root_tactics(win).move == win.cell_index("c3")
    assert root_tactics(win).proven == "win"
    block = Board.from_rows(["W.WWW", ".....", ".B...", ".....", "....."], to_move="black")
    assert root_tactics(block).move == block.cell_index("b1")
    assert root_tactics(block).proven is None
    # Black to move cannot win at once, White threatens b1 and c4: lost.
    lost = Board.from_rows(["W.WWW", ".....", ".B...", "WW.WW", "....."], to_move="black")
    assert root_tactics(lost).move is None
    assert root_tactics(lost).proven == "loss"
    assert "b1" in root_tactics(lost).note and "c4" in root_tactics(lost).note
    quiet = Board(5)
    assert root_tactics(quiet).move is None and root_tactics(quiet).proven is None


def test_tactics_on_blocks_where_plain_monte_carlo_with_one_playout_may_not():
    board = Board.from_rows(["W.WWW", ".....", ".B...", ".....", "....."], to_move="black")
    player = create_player("mc:playouts_per_move=1,threads=1,tactics=on")
    assert isinstance(player.player, TacticalPlayer)
    seen = []
    choice = player.choose_move(board, on_snapshot=seen.append, position_id=7)
    assert choice.move == board.cell_index("b1")
    assert choice.snapshot.note and choice.snapshot.position_id == 7
    assert seen == [choice.snapshot]
    assert player.spec().endswith(create_player(player.spec()).spec().split(":", 1)[1])


def test_a_forced_block_claims_no_value_and_a_found_win_claims_certainty():
    """No search ran: the block's snapshot has no estimate (not a made-up 50%)."""
    block = Board.from_rows(["W.WWW", ".....", ".B...", ".....", "....."], to_move="black")
    player = create_player("mc:playouts_per_move=1,threads=1,tactics=on")
    snapshot = player.choose_move(block).snapshot
    assert snapshot.playouts == 0 and not snapshot.has_value
    win = Board.from_rows(["..B..", "..B..", ".....", "..B..", "..B.."], to_move="black")
    snapshot = player.choose_move(win).snapshot
    assert snapshot.has_value and snapshot.estimate == 1.0 and snapshot.proven == "win"


def test_a_lost_position_is_reported_in_every_snapshot():
    lost = Board.from_rows(["W.WWW", ".....", ".B...", "WW.WW", "....."], to_move="black")
    seen = []
    choice = create_player("uct:playouts=200,threads=1,tactics=on").choose_move(
        lost, on_snapshot=seen.append
    )
    assert choice.snapshot.proven == "loss"
    assert all(s.proven == "loss" for s in seen)


@pytest.mark.parametrize("level", ["mc", "mcsds", "sdst", "uct"])
def test_tactics_default_off_leaves_the_level_as_it_was(level):
    player = create_player(level)
    assert not isinstance(player.player, TacticalPlayer)
    assert player.settings.tactics == "off"


def test_tactics_solve_plays_a_proven_win_and_reports_a_proven_loss():
    """A 4x4 position from the tactics suite kind: the solver's move is in the exact winning
    set; after the winning opening b3, White (to move) is proved lost."""
    from hexswarm.engine.solver import winning_moves

    player = create_player("mc:playouts_per_move=1,threads=1,tactics=solve")
    board = Board(4)
    choice = player.choose_move(board)
    assert choice.move in winning_moves(board) and choice.snapshot.proven == "win"
    board.play("b3")
    lost = player.choose_move(board)
    assert lost.snapshot.proven == "loss" and "solver" in lost.snapshot.note
    big = Board(9)  # over 64 cells: the search decides
    assert (
        create_player("mc:playouts_per_move=1,threads=1,tactics=solve")
        .choose_move(big)
        .snapshot.proven
        is None
    )


class _Recorder:
    """A player that reports, at given times of a fake clock, what ``should_stop`` says."""

    name = "recorder"

    def __init__(self, clock, times, time_s):
        self.clock, self.times = clock, times
        self.settings = type("Settings", (), {"time_s": time_s})()
        self.answers = []

    def spec(self):
        return self.name

    def choose_move(self, board, *, on_snapshot=None, should_stop=None, position_id=0):
        for t in self.times:
            # None: ask at once, as a search does when its set-up is done.
            self.clock[0] = self.clock[0] if t is None else t
            self.answers.append(should_stop())
        return create_player("random:seed=1").choose_move(board)


@pytest.mark.parametrize(
    ("solver_s", "expected"),
    [
        (0.3, [False, False, False, True]),  # the solver's 0.3 s count: the search ends at 1 s
        (0.9, [False, False, False, False]),  # but it keeps a quarter of its second: 1.15 s
        (1.2, [False, False, False, True]),  # counted from its set-up's end: 1.2 + 0.25 s
    ],
)
def test_the_solvers_time_counts_against_the_moves_limit(monkeypatch, solver_s, expected):
    import hexswarm.engine.players.tactics as tactics
    import hexswarm.engine.search.timing as timing

    clock = [10.0]
    monkeypatch.setattr(timing.time, "monotonic", lambda: clock[0])

    def slow_solver(board, budget):
        clock[0] += solver_s
        return None  # past its budget: the search decides

    monkeypatch.setattr(tactics, "solved_tactics", slow_solver)
    ask = {0.3: [10.5, 10.99, 11.0], 0.9: [11.0, 11.1, 11.14], 1.2: [11.3, 11.44, 11.45]}
    recorder = _Recorder(clock, [None, *ask[solver_s]], time_s=1.0)
    TacticalPlayer(recorder, solve=True).choose_move(Board(5))
    assert recorder.answers == expected


def test_without_a_time_limit_the_solver_does_not_stop_the_search(monkeypatch):
    import hexswarm.engine.players.tactics as tactics
    import hexswarm.engine.search.timing as timing

    clock = [0.0]
    monkeypatch.setattr(timing.time, "monotonic", lambda: clock[0])
    monkeypatch.setattr(tactics, "solved_tactics", lambda board, budget: None)
    recorder = _Recorder(clock, [100.0], time_s=None)
    TacticalPlayer(recorder, solve=True).choose_move(Board(5), should_stop=lambda: False)
    assert recorder.answers == [False]


def test_the_solver_budget_follows_the_time_limit_where_the_solver_has_a_chance():
    from hexswarm.engine.players.tactics import SOLVER_EMPTY_CELLS, SOLVER_NODES, solver_budget

    few, many = SOLVER_EMPTY_CELLS, SOLVER_EMPTY_CELLS + 1
    assert solver_budget(None, few) == solver_budget(None, many) == SOLVER_NODES
    assert solver_budget(1.0, few) == 1_000_000
    assert solver_budget(5.0, few) == 5 * solver_budget(1.0, few)
    assert 0 < solver_budget(0.001, few) < solver_budget(0.1, few)  # tiny limits still try
    # With many empty cells the solver keeps its old budget, less with a short limit.
    assert solver_budget(5.0, many) == SOLVER_NODES
    assert solver_budget(0.1, many) == 100_000

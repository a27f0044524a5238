"""Candidate moves of a snapshot (``engine.search.snapshot.candidates``) and the per-move values
and lines every search level reports for them."""

from __future__ import annotations

import math

import pytest
from hexswarm.engine.board import Board
from hexswarm.engine.players import create_player
from hexswarm.engine.search.snapshot import CANDIDATE_LINES, SearchSnapshot, candidates
from hexswarm.engine.warmup import warm_up


@pytest.fixture(scope="module", autouse=True)
def _compiled():
    warm_up()


def snapshot(**fields) -> SearchSnapshot:
    base = dict(
        position_id=1,
        player="uct",
        to_move="black",
        iteration=1,
        playouts=100,
        elapsed_s=0.1,
        root_moves=(3, 7, 9, 11),
        root_agents=(30, 50, 50, 0),
        root_active=(15, 20, 40, 0),
        best_move=3,
        estimate=0.5,
    )
    base.update(fields)
    return SearchSnapshot(**base)


def test_the_searchers_choice_leads_then_support_then_value():
    snap = snapshot(root_values=(0.5, 0.4, math.nan, math.nan), principal_variation=(3, 1, 2))
    ranked = candidates(snap, 10)
    assert [c.move for c in ranked] == [3, 9, 7]  # 11 has no support; 9 and 7 tie on support
    assert [c.order for c in ranked] == [0, 1, 2]
    by_move = {c.move: c for c in ranked}
    assert by_move[9].value == pytest.approx(40 / 50)  # nan: the active share stands in
    assert by_move[7].value == pytest.approx(0.4)
    assert by_move[7].active_fraction == pytest.approx(20 / 50)
    assert sum(c.share for c in ranked) == pytest.approx(1.0)
    assert by_move[3].line == (3, 1, 2) and by_move[7].line == (7,)
    assert candidates(snap, 1) == ranked[:1]
    with pytest.raises(ValueError):
        candidates(snap, 0)


def test_root_lines_give_each_candidate_its_variation():
    snap = snapshot(root_lines=((7, 4, 5), (9, 2)), principal_variation=(3, 8))
    lines = {c.move: c.line for c in candidates(snap, 3)}
    assert lines == {3: (3, 8), 7: (7, 4, 5), 9: (9, 2)}


def _legal_line(board: Board, line: tuple[int, ...]) -> bool:
    position = board.copy()
    for cell in line:
        if cell < 0 or position.is_over or position.stone_at(cell) is not None:
            return False
        position.play(cell)
    return True


@pytest.mark.parametrize(
    "spec",
    [
        "mc:playouts_per_move=40,seed=3",
        "mcsds:agents=400,iterations=30,seed=3",
        "sdst:agents=2000,iterations=40,seed=3",
        "uct:playouts=3000,seed=3",
        "anthill:playouts=3000,seed=3",
    ],
)
def test_every_level_reports_values_and_legal_lines(spec):
    board = Board(5)
    for cell in ("c3", "b4", "d2"):
        board.play(board.parse_move(cell))
    choice = create_player(spec).choose_move(board)
    snap = choice.snapshot
    assert snap is not None and len(snap.root_values) == len(snap.root_moves)
    supported = [v for v, a in zip(snap.root_values, snap.root_agents, strict=True) if a > 0]
    assert supported and all(0.0 <= v <= 1.0 for v in supported)
    assert len(snap.root_lines) <= CANDIDATE_LINES
    assert all(_legal_line(board, line) for line in snap.root_lines)
    if not spec.startswith("mc:"):
        assert (
            snap.root_lines
            and snap.root_lines[0] == snap.principal_variation[: len(snap.root_lines[0])]
        )
    ranked = candidates(snap, 8)
    assert ranked[0].move == snap.best_move
    assert all(_legal_line(board, c.line) and c.line[0] == c.move for c in ranked)


def test_uct_values_are_its_win_rates():
    """UCT's support and active counts are visits and wins: the value is their ratio."""
    board = Board(4)
    snap = create_player("uct:playouts=2000,seed=5").choose_move(board).snapshot
    for value, visits, wins in zip(
        snap.root_values, snap.root_agents, snap.root_active, strict=True
    ):
        if visits:
            assert value == pytest.approx(wins / visits)
        else:
            assert math.isnan(value)

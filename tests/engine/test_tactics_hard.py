"""The hard tactics suite in resources/tactics/hard.json: it loads, every position is what its
category says on the sizes and empty-cell counts its profile documents, and a sample of its
answers is still the solver's (re-solving all of them takes minutes: up to 20 M nodes each)."""

from __future__ import annotations

import pytest
from hexswarm.engine.players.tactics import immediate_wins
from hexswarm.engine.solver import winning_moves
from hexswarm.engine.tools.tactics_suite import (
    CATEGORIES,
    DEFAULT_PROFILE,
    DEFAULT_SUITE,
    HARD,
    HARD_SUITE,
    PROFILES,
    build_parser,
    load_suite,
    write_suite,
)

SUITE = load_suite(HARD_SUITE)
BY_ID = {p.id: p for p in SUITE}
# Two positions of each category among the cheapest to re-solve (under 800 000 nodes each);
# re-solving all 44 takes about 30 s and up to 17 M nodes, too slow for every test run.
RESOLVED_SAMPLE = (
    "hard-bridge-7x7-03",
    "hard-bridge-8x8-02",
    "hard-template2-7x7-02",
    "hard-template2-8x8-04",
    "hard-template3-7x7-02",
    "hard-template3-8x8-02",
    "hard-must-block-7x7-02",
    "hard-must-block-8x8-03",
    "hard-mc-trap-7x7-02",
    "hard-mc-trap-8x8-03",
)


def test_the_hard_suite_covers_every_category_and_size():
    present = sorted({(p.category, p.size) for p in SUITE})
    assert present == sorted((c, s) for c in CATEGORIES for s in HARD.sizes)
    assert len(BY_ID) == len(SUITE)
    assert all(p.id.startswith(HARD.id_prefix) for p in SUITE)
    for category in CATEGORIES:
        for size in HARD.sizes:
            count = sum(p.category == category and p.size == size for p in SUITE)
            assert 1 <= count <= HARD.targets[category]


@pytest.mark.parametrize("position", SUITE, ids=lambda p: p.id)
def test_every_position_is_well_formed(position):
    """The cheap facts the generator filtered on, checked without the solver."""
    size = position.size
    assert len(position.rows) == size and all(len(row) == size for row in position.rows)
    assert set("".join(position.rows)) <= set(".BW")
    board = position.board()
    assert not board.is_over
    black, white = ("".join(position.rows).count(s) for s in "BW")
    assert black - white == (1 if position.to_move == "white" else 0)
    low, high = HARD.empties[size]
    # A planted template may leave one more empty cell, so that the opponent intrudes.
    assert low <= board.empty_count <= high + 1
    winning = position.winning_cells()
    assert winning and all(board.cells[c] == 0 for c in winning)
    assert list(position.winning) == sorted(position.winning)
    assert not immediate_wins(board, board.to_move)
    threats = immediate_wins(board, board.to_move.opponent)
    if position.category == "must-block":
        assert threats == sorted(winning)
    else:
        assert not threats
        assert len(winning) <= max(1, board.empty_count // 3)


@pytest.mark.parametrize("position_id", RESOLVED_SAMPLE)
def test_a_sample_of_stored_winning_moves_are_the_solvers(position_id):
    position = BY_ID[position_id]
    assert winning_moves(position.board(), budget=2_000_000) == position.winning_cells()


def test_generate_writes_the_default_suite_unless_told_the_kind(tmp_path):
    """``generate --seed 1`` keeps making suite.json; the hard file names its own command."""
    options = build_parser().parse_args(["generate", "--seed", "1"])
    assert PROFILES[options.suite_kind] is DEFAULT_PROFILE
    assert options.out is None and DEFAULT_PROFILE.path == DEFAULT_SUITE
    path = tmp_path / "hard.json"
    write_suite(SUITE[:2], path, 1, HARD)
    assert load_suite(path) == SUITE[:2]
    assert "generate --suite-kind hard --seed 1" in path.read_text(encoding="utf-8")

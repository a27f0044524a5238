"""The proof-number solver (engine.dfpn) against independent methods: plain minimax
(tests/naive_search.py) up to 5x5, the exact solver (engine.solver, proof sets) on 6x6-8x8,
MoHex's DFPN labels of the real-board suite (8x8-11x11); its Hex knowledge (bridges, dead
cells) against minimax and the board analysis; its budget and its messages."""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pytest
from hexswarm.engine import solver
from hexswarm.engine.analysis.inferior import is_dead, ring_table
from hexswarm.engine.board import BLACK, WHITE, Board, HexError, neighbour_table
from hexswarm.engine.dfpn import geometry, prove
from hexswarm.engine.kernels import dfpn as kernel
from hexswarm.engine.patterns import dead_table
from hexswarm.engine.players import openings
from hexswarm.engine.tools.tactics_real import REAL_SUITE
from hexswarm.engine.tools.tactics_suite import load_suite
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.engine.test_solver import open_positions
from tests.naive_search import solve as naive_solve


def _naive_winner(board: Board):
    black = frozenset(board.stones(BLACK))
    white = frozenset(board.stones(WHITE))
    return BLACK if naive_solve(board.size, black, white, board.to_move is BLACK) else WHITE


def _after(board: Board, cell: int, color=None) -> Board:
    after = board.copy()
    if color is None:
        after.play(cell)
    else:
        after.setup(**{"black" if color is BLACK else "white": [cell]})
    return after


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_the_winner_and_move_agree_with_plain_minimax_up_to_5x5(data):
    size = data.draw(st.sampled_from((1, 2, 3, 4, 5)))
    board = data.draw(open_positions(size, min_stones={4: 4, 5: 12}.get(size, 0)))
    if board.is_over:
        return
    proof = prove(board, nodes=500_000)
    assert proof.winner is _naive_winner(board)
    assert (proof.proof_number == 0) == (proof.winner is board.to_move)
    if proof.winner is board.to_move:
        after = _after(board, proof.move)
        assert after.is_over or _naive_winner(after) is board.to_move
    else:
        assert proof.move is None and proof.disproof_number == 0


def test_the_4x4_openings_that_win_are_the_short_diagonal():
    board = Board(4)
    winners = {c for c in board.legal_moves() if prove(_after(board, c)).winner is BLACK}
    assert {board.cell_name(c) for c in winners} == {"a4", "b3", "c2", "d1"}


def _game_positions(seed: int, sizes: tuple[int, ...], count: int) -> list[Board]:
    """Positions of random games, between half-full and eight empty cells."""
    rng = random.Random(seed)
    boards = []
    while len(boards) < count:
        size = rng.choice(sizes)
        board = Board(size)
        cells = rng.sample(range(size * size), size * size)
        for cell in cells[: rng.randint(size * size // 2, size * size - 8)]:
            board.play(cell)
            if board.is_over:
                break
        if not board.is_over:
            boards.append(board)
    return boards


@pytest.mark.parametrize("board", _game_positions(7, (6, 7, 8), 24), ids=str)
def test_what_it_proves_on_6x6_to_8x8_agrees_with_the_exact_solver(board):
    try:
        mover_wins, _ = solver.solve(board, 3_000_000)
    except solver.SolverBudgetExceeded:
        pytest.skip("beyond the exact solver's budget")
    proof = prove(board, nodes=100_000)
    assert proof.settled, "random game positions this full are proved well within the budget"
    assert (proof.winner is board.to_move) == mover_wins
    if mover_wins:
        after = _after(board, proof.move)
        assert after.is_over or not solver.solve(after, 3_000_000)[0]


REAL = load_suite(REAL_SUITE)
# The winning openings of 5x5 as the opening table records them (engine.solver's, solved once).
SOLVED_5X5_OPENINGS = json.loads(
    (Path(openings.__file__).parent / "openings.json").read_text(encoding="utf-8")
)["solved"]["5"]["winning"]


def test_what_it_proves_on_the_real_suite_agrees_with_mohexs_labels():
    """Each position (side to move winning, by MoHex's DFPN) and the position after its first
    labelled winning cell (the opponent to move, losing), 1 000 nodes each: whatever is
    settled agrees with the label, and some positions of both kinds are settled."""
    roots = children = 0
    for position in REAL:
        board = position.board()
        proof = prove(board, nodes=1_000)
        if proof.settled:
            roots += 1
            assert proof.winner is board.to_move, position.id
            assert proof.move in position.winning_cells(), position.id
        cell = min(position.winning_cells())
        proof = prove(_after(board, cell), nodes=1_000)
        if proof.settled:
            children += 1
            assert proof.winner is board.to_move, (position.id, board.cell_name(cell))
    assert roots >= 5 and children >= 3, (roots, children)


# --------------------------------------------------------------------------- Hex knowledge


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_a_bridge_connection_holds_and_its_key_cells_win(data):
    """``connection``'s status 2 (joined through disjoint bridges) wins even with the opponent
    to move, and each key cell of status 1 wins when played: checked by plain minimax."""
    size = data.draw(st.sampled_from((2, 3, 4, 5)))
    board = data.draw(open_positions(size, min_stones={5: 12}.get(size, 0)))
    if board.is_over:
        return
    neighbours, edges, *_ = geometry(size)
    cells = board.cells.astype(np.int8)
    length = size * size
    for color, player in ((1, BLACK), (2, WHITE)):
        keys = np.empty(length, dtype=np.int64)
        status, count = kernel.connection(
            cells,
            neighbours,
            edges,
            color,
            np.zeros((2, length + 2), dtype=np.int64),
            np.zeros((2, (length + 2) ** 2), dtype=np.int64),
            np.zeros((14 * length + 1, 5), dtype=np.int64),
            np.zeros((2, length), dtype=np.int64),
            np.zeros(4, dtype=np.int64),
            keys,
        )
        if status == 2:
            other = board.copy()
            other.setup(to_move=player.opponent)
            assert _naive_winner(other) is player
        elif status == 1:
            assert count >= 1
            for cell in keys[:count]:
                after = _after(board, int(cell), player)
                after.setup(to_move=player.opponent)
                assert after.is_over or _naive_winner(after) is player
        else:
            assert count == 0


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_the_dead_cell_lookup_is_the_board_analysis(data):
    """The kernel's six-neighbour code into dead_table against engine.analysis.inferior's
    ring test, on every empty cell of random 3x3-9x9 positions."""
    size = data.draw(st.sampled_from((3, 5, 9)))
    board = data.draw(open_positions(size, min_stones=0))
    _, _, ring, _, _ = geometry(size)
    cells = board.cells.astype(np.int8)
    dead = dead_table()
    for cell in board.legal_moves():
        expected = is_dead(board.cells, ring_table(size), cell)
        assert kernel.dead_cell(cells, ring, dead, cell) == expected, board.cell_name(cell)


def test_the_geometry_is_the_boards():
    for size in (1, 2, 5, 13):
        neighbours, edges, _, order, zobrist = geometry(size)
        assert np.array_equal(neighbours, neighbour_table(size))
        assert sorted(order) == list(range(size * size))
        assert edges[:, kernel.TOP].sum() == edges[:, kernel.LEFT].sum() == size
        assert len(set(zobrist.ravel().tolist())) == zobrist.size


# --------------------------------------------------------------------------- budget, input


def test_a_position_beyond_the_budget_is_not_settled_and_a_larger_budget_settles_it():
    board = Board(5)
    small = prove(board, nodes=50)
    assert small.winner is None and small.move is None and small.nodes == 50
    assert small.proof_number > 0 and small.disproof_number > 0
    proof = prove(board, nodes=2_000_000)
    assert proof.winner is BLACK and board.cell_name(proof.move) in SOLVED_5X5_OPENINGS
    assert proof.nodes == 2_326  # docs/search.md quotes it: the search is deterministic


def test_a_time_limit_stops_the_search():
    prove(Board(11), nodes=10)  # compiled before the clock runs
    proof = prove(Board(11), nodes=10**9, seconds=0.5)
    assert proof.winner is None and proof.seconds < 5


@pytest.mark.parametrize(
    ("board", "message"),
    [
        (Board(14), "up to 13x13"),
        (Board(5, 7), "square boards"),
        (Board.from_rows(["B.", "B."], to_move="white"), "game is over"),
    ],
)
def test_boards_it_cannot_prove_get_a_clear_message(board, message):
    with pytest.raises(HexError, match=message):
        prove(board)


def test_the_benchmark_records_every_position_and_tables_them_by_size(tmp_path, capsys):
    from hexswarm.engine.tools import dfpn_bench

    out = tmp_path / "bench.json"
    arguments = ["--sizes", "8", "--nodes", "300", "--solver-nodes", "1000", "--out", str(out)]
    assert dfpn_bench.main(arguments) == 0
    document = json.loads(out.read_text(encoding="utf-8"))
    rows = document["positions"]
    assert len(rows) == sum(p.size == 8 for p in REAL) and {"machine", "date"} <= set(document)
    assert all(r["dfpn"]["nodes"] <= 300 and r["solver"] is not None for r in rows)
    assert all(r["dfpn"]["agrees"] is not False for r in rows)
    proven = sum(r["dfpn"]["proven"] for r in rows)
    assert f"| 8x8 | {len(rows)} | {proven} | {proven} |" in document["table"]
    assert document["table"] in capsys.readouterr().out


def test_a_stop_flag_ends_the_search_at_its_next_chunk():
    """Round 16: a Stop during the review's proof waited for DFPN's whole budget (up to a
    second under load). The flag is asked between chunks of 1 000 nodes, as the clock is."""
    from hexswarm.engine.dfpn import _CHUNK

    asked = []

    def stop() -> bool:
        asked.append(True)
        return True

    proof = prove(Board(11), nodes=10**9, should_stop=stop)
    assert proof.winner is None and proof.nodes <= _CHUNK and asked == [True]
    # Not stopped, the flag changes nothing a search settles.
    assert prove(Board(5), nodes=2_000_000, should_stop=lambda: False).winner is BLACK

"""Pattern playouts (engine.kernels.patterns): the kernel against the step-by-step reference
(every weight recomputed from the board) for the same generator, its incremental codes against
codes recomputed from scratch, the trainer's vectorised codes against the cell-by-cell
definitions, the playout-table MM fit and file, and the policy in the searches."""

from __future__ import annotations

import json

import numpy as np
import pytest
from hexswarm.engine.board import Board, HexError
from hexswarm.engine.kernels.knowledge import (
    START_BUILD,
    START_RESTORE,
    START_SAVE,
    knowledge_playout,
    make_knowledge_scratch,
)
from hexswarm.engine.kernels.layout import PATTERN_POLICY
from hexswarm.engine.kernels.patterns import (
    HASH_MULTIPLIER,
    NO_KEY,
    ROW_MASK,
    ROW_SHIFT,
    lookup_weight,
)
from hexswarm.engine.kernels.playout import cell_tables
from hexswarm.engine.knowledge import POLICIES, playout_policy
from hexswarm.engine.patterns import (
    CODES,
    DEAD_WEIGHT,
    LOCAL_WEIGHT_LIMIT,
    TWELVE,
    WEIGHT_SCALE,
    PlayoutTable,
    dead_table,
    is_near,
    key_filter,
    load_playout_table,
    mover_view,
    owner_of,
    pattern_code,
    pattern_code12,
    playout_weights,
)
from hexswarm.engine.players import create_player
from hexswarm.engine.playout import PlayoutPosition, random_playouts
from hexswarm.engine.tools import patterns as tool
from hexswarm.engine.tools.reference import flood_fill_winner, reference_pattern_playouts
from hypothesis import given, settings
from hypothesis import strategies as st

# A key filter that lets every code through to the hash (the policy tuple's default).
ALL_CODES = np.full(1, 2**64 - 1, dtype=np.uint64)


def _random_board(rng, size, stones):
    """A position reached by legal play with no winner yet (or fewer stones if it ended)."""
    board = Board(size)
    for _ in range(stones):
        empty = np.flatnonzero(board.cells == 0)
        if empty.size == 0:
            break
        board.play(int(rng.choice(empty)))
        if board.winner is not None:
            board.undo()
            break
    return board


def _kernel_playouts(board, policy, starts, state, last=None):
    """(Black won, final cells, Black's cells by its rows, final neighbour codes) of
    consecutive kernel playouts from ``board`` on one scratch."""
    position = PlayoutPosition.from_board(board)
    size = board.size
    knowledge = make_knowledge_scratch(size)
    cell_row, cell_bit = cell_tables(size)
    states = np.array([state], dtype=np.uint64)
    results = []
    for start in starts:
        order = position.empties.copy()
        rows = np.zeros(size, dtype=np.uint64)
        reach = np.zeros(size, dtype=np.uint64)
        won = knowledge_playout(
            policy,
            knowledge,
            position.black_rows,
            order,
            len(order),
            position.black_to_move,
            position.last_cell if last is None else last,
            size,
            cell_row,
            cell_bit,
            rows,
            reach,
            states,
            0,
            start,
        )
        cells = knowledge.cells[: size * size].tolist()
        black = [c for c in range(size * size) if rows[c // size] >> np.uint64(c % size) & 1]
        results.append((bool(won), cells, black, knowledge.around.copy()))
    return results


@pytest.mark.parametrize("seed", range(8))
def test_kernel_draws_what_the_reference_draws(seed):
    """Same generator, same moves: the kernel's incremental weights and the reference's
    weights recomputed from the board at every move agree on every draw."""
    rng = np.random.default_rng(seed)
    size = int(rng.integers(2, 8))
    board = _random_board(rng, size, int(rng.integers(0, size * size // 2 + 1)))
    policy = playout_policy("patterns").kernel_policy()
    position = PlayoutPosition.from_board(board)
    got = _kernel_playouts(board, policy, [START_BUILD] * 4, 1000 + seed)
    expected = reference_pattern_playouts(
        board.cells,
        size,
        position.black_to_move,
        position.last_cell,
        load_playout_table(),
        4,
        1000 + seed,
    )
    for (won, cells, black, _), (winner, filled) in zip(got, expected, strict=True):
        assert cells == filled
        assert won == (winner == 1)
        assert black == [c for c in range(size * size) if filled[c] == 1]


def test_a_saved_start_gives_the_same_playouts():
    board = _random_board(np.random.default_rng(3), 7, 12)
    policy = playout_policy("patterns").kernel_policy()
    fresh = [r[:3] for r in _kernel_playouts(board, policy, [START_BUILD] * 20, 5)]
    kept = _kernel_playouts(board, policy, [START_SAVE] + [START_RESTORE] * 19, 5)
    assert [r[:3] for r in kept] == fresh
    assert 0 < sum(r[0] for r in fresh) < 20  # the playouts differ


@settings(max_examples=40, deadline=None)
@given(size=st.integers(1, 8), seed=st.integers(0, 2**31 - 1), fill=st.floats(0.0, 0.9))
def test_playouts_fill_the_board_and_report_its_winner(size, seed, fill):
    """A playout fills every cell; its result is the full board's winner; the neighbour codes
    it kept up to date move by move are the full board's, recomputed from scratch."""
    rng = np.random.default_rng(seed)
    board = _random_board(rng, size, int(fill * size * size))
    policy = playout_policy("patterns").kernel_policy()
    last = int(rng.integers(-1, size * size))
    for won, cells, black, around in _kernel_playouts(
        board, policy, [START_BUILD] * 3, seed | 1, last
    ):
        assert 0 not in cells
        assert won == (flood_fill_winner(cells, size) == 1)
        assert black == [c for c in range(size * size) if cells[c] == 1]
        grid = np.asarray(cells, dtype=np.int8)
        for cell in range(size * size):
            row, col = divmod(cell, size)
            # owner_of for Black gives absolute owners: 1 Black or its edge, 2 White, 3 none.
            expected = sum(
                owner_of(grid, size, row + dr, col + dc, True) << (2 * i)
                for i, (dr, dc) in enumerate(((0, 1), (1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1)))
            )
            assert around[cell] == expected


@settings(max_examples=30, deadline=None)
@given(size=st.integers(1, 9), seed=st.integers(0, 2**31 - 1))
def test_kernel_weights_are_the_tables_weights_of_each_cells_pattern(size, seed):
    """The kernel's table, read by a cell's absolute neighbour code, gives the table's weight
    of the cell's canonical pattern for the mover (the definition in engine.patterns)."""
    rng = np.random.default_rng(seed)
    board = _random_board(rng, size, int(rng.integers(0, size * size + 1)))
    table = load_playout_table()
    weights = table.kernel_weights()
    last = int(rng.integers(-1, size * size))
    for black in (True, False):
        floats = playout_weights(table, board.cells, size, black, last)
        for cell in np.flatnonzero(board.cells == 0):
            cell = int(cell)
            row, col = divmod(cell, size)
            around = sum(
                owner_of(board.cells, size, row + dr, col + dc, True) << (2 * i)
                for i, (dr, dc) in enumerate(((0, 1), (1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1)))
            )
            code = pattern_code(board.cells, size, cell, black)
            assert mover_view(around, black) == code
            near = is_near(size, cell, last)
            side = 0 if black else 1
            assert weights[2 * side + near, around] == table.integer_weight(code, near, black)
            # The integer weight (12-cell if the table has the code) is the float weight in
            # units of cap / 1024 (rounded).
            unit = table.cap / 1024
            integer = table.weight_of(board.cells, size, cell, black, near)
            assert abs(integer * unit - floats[cell]) <= unit / 2 + 1e-9 or integer in (1, 1 << 20)


def test_two_empty_cells_split_as_their_weights_say():
    """With two empty cells the mover's one is the first move: over many playouts the kernel
    takes each as often as its weight says (the draws checked as a distribution)."""
    rng = np.random.default_rng(11)
    table = load_playout_table()
    policy = playout_policy("patterns").kernel_policy()
    checked = 0
    while checked < 3:
        board = _random_board(rng, 4, 14)
        empty = [int(c) for c in np.flatnonzero(board.cells == 0)]
        if len(empty) != 2 or board.winner is not None:
            continue
        black = board.to_move.value == "black"
        last = int(board.moves[-1].cell)
        w = [
            table.integer_weight(pattern_code(board.cells, 4, c, black), is_near(4, c, last), black)
            for c in empty
        ]
        stone = 1 if black else 2
        draws = 3000
        results = _kernel_playouts(board, policy, [START_BUILD] * draws, 7 + checked)
        first = sum(cells[empty[0]] == stone for _, cells, _, _ in results)
        expected = draws * w[0] / sum(w)
        assert abs(first - expected) <= 5 * np.sqrt(expected * (1 - w[0] / sum(w))) + 2
        checked += 1


@pytest.mark.parametrize("size", [1, 2, 3, 5, 9])
def test_trainer_codes_are_the_cell_by_cell_codes(size):
    rng = np.random.default_rng(size)
    for _ in range(15):
        board = _random_board(rng, size, int(rng.integers(0, size * size + 1)))
        for black in (True, False):
            six, twelve = tool.board_codes(board.cells, size, black)
            for cell in range(size * size):
                assert six[cell] == pattern_code(board.cells, size, cell, black)
                assert twelve[cell] == pattern_code12(board.cells, size, cell, black)


def test_single_feature_mm_recovers_known_weights():
    rng = np.random.default_rng(9)
    true = np.array([1.0, 5.0, 0.2, 2.0, 0.5])
    comp, features, winners = [], [], []
    for j in range(5000):
        k = int(rng.integers(3, 10))
        f = rng.integers(0, 5, k)
        chosen = int(rng.choice(k, p=true[f] / true[f].sum()))
        winners.append(len(comp) + chosen)
        comp.extend([j] * k)
        features.extend(f.tolist())
    arrays = [np.asarray(a, dtype=np.int64) for a in (comp, features, winners)]
    gamma = tool.fit_features(arrays[0], arrays[1], arrays[2], 7, iterations=300)
    np.testing.assert_allclose(gamma[:5] / gamma[0], true, rtol=0.12)
    assert np.all(gamma[5:] == 1.0)


def test_playout_table_tool_end_to_end(tmp_path):
    """A games file in, a playout table out that loads, reports both pattern sizes' held-out
    fit, and answers the games' reply shape with a local weight above the open board's."""
    lines = ["# size then cells"]
    rng = np.random.default_rng(2)
    for _ in range(12):
        board = _random_board(rng, 5, 14)
        lines.append("5 " + " ".join(str(m.cell) for m in board.moves))
    games = tmp_path / "games.txt"
    games.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = tmp_path / "table.json"
    assert tool.main(["--games-file", str(games), "--size", "5", "--playout", "--holdout", "2",
                      "--min-count", "3", "--out", str(out)]) == 0  # fmt: skip
    document = json.loads(out.read_text("utf-8"))
    assert document["holdout_uniform_log_likelihood_per_move"] < 0
    assert document["holdout_log_likelihood_per_move"] < 0
    table = PlayoutTable.from_json(out.read_text("utf-8"), "t")
    # The cap sits above the open board far from the last move: its 12-cell weight, the unit.
    open_board = table.global12.get(0, table.global_[0])
    assert open_board == pytest.approx(1.0)
    assert table.cap == pytest.approx(open_board * tool.CAP_ABOVE_OPEN_BOARD, rel=1e-4)
    assert table.kernel_weights().shape == (4, CODES)
    bad = tmp_path / "bad.txt"
    bad.write_text("5 1 1\n", encoding="utf-8")
    with pytest.raises(ValueError, match="repeated"):
        tool.read_games_file(bad, 5)


def test_the_policy_is_declared_once_and_used_by_the_searches():
    assert "patterns" in POLICIES
    policy = playout_policy("patterns").kernel_policy()
    assert policy.kind == PATTERN_POLICY and policy.weights.shape == (CODES,)
    # Same numba type as the agents' policies: one compiled knowledge path for both.
    other = playout_policy("template").kernel_policy()
    assert policy.weights.dtype == other.weights.dtype and policy.weights.flags.writeable
    board = Board(5)
    board.play("c3")
    assert 0 < random_playouts(board, 400, seed=3, policy="patterns") < 400
    # The anthill takes the same environment (its compiled knowledge path is UCT's type).
    player = create_player("strong:playout=patterns,playouts=300,time_s=none", seed=1)
    assert board.cells[player.choose_move(board).move] == 0


def test_the_playout_table_setting_chooses_the_table_the_kernels_play():
    """``playout_table`` names a bundled table: the player's policy carries it, its kernel
    weights are that table's (the save variant weights an intrusion's answer up, so they
    differ from the default's), and an unknown name is refused with the choices."""
    spec = "uct:playout=patterns,playout_table=playout12-team-save-mohex-9x9,playouts=200"
    player = create_player(spec)
    policy = player.playout_policy()
    assert policy.table == "playout12-team-save-mohex-9x9"
    save = load_playout_table("playout12-team-save-mohex-9x9")
    chosen = policy.kernel_policy()
    assert np.array_equal(chosen.weights, save.kernel_rows())
    default = playout_policy("patterns").kernel_policy()
    assert not np.array_equal(chosen.hash12, default.hash12)
    board = Board(5)
    board.play("c3")
    assert board.cells[player.choose_move(board).move] == 0
    with pytest.raises(HexError, match="playout12-team-save-mohex-9x9"):
        create_player("uct:playout=patterns,playout_table=nonsense")


# 12-cell patterns: the kernel's second code per cell (the six bridge points), its hash of
# 12-cell weights and the table's symmetry.


def _table_with_twelve(boards, seed):
    """The bundled table plus a 12-cell weight (global and local, drawn at random) for every
    canonical 12-cell code of an empty cell of ``boards``, for either mover."""
    rng = np.random.default_rng(seed)
    base = load_playout_table()
    global12, local12 = {}, {}
    for board in boards:
        for cell in np.flatnonzero(board.cells == 0):
            for black in (True, False):
                code = pattern_code12(board.cells, board.size, int(cell), black)
                global12[code] = float(rng.uniform(0.01, 2.0)) * base.cap
                local12[code] = float(rng.uniform(0.01, 50.0)) * base.cap
    return PlayoutTable(base.global_, base.local, base.cap, "test", 1.0, global12, local12)


def _policy_of(table):
    hash12 = table.kernel_hash()
    return (
        playout_policy("patterns")
        .kernel_policy()
        ._replace(weights=table.kernel_rows(), hash12=hash12, filter12=key_filter(hash12))
    )


def _absolute12(cells, size, cell):
    """The absolute 12-cell code of ``cell`` from the board (owner_of for Black is absolute)."""
    row, col = divmod(cell, size)
    return sum(
        owner_of(cells, size, row + dr, col + dc, True) << (2 * i)
        for i, (dr, dc) in enumerate(TWELVE)
    )


@settings(max_examples=25, deadline=None)
@given(size=st.integers(1, 8), seed=st.integers(0, 2**31 - 1), fill=st.floats(0.0, 0.9))
def test_incremental_bridge_codes_are_the_full_boards(size, seed, fill):
    """The bridge points' codes the kernel kept up to date move by move, with the neighbour
    codes, are every cell's absolute 12-cell code on the filled board, recomputed."""
    rng = np.random.default_rng(seed)
    board = _random_board(rng, size, int(fill * size * size))
    policy = playout_policy("patterns").kernel_policy()
    position = PlayoutPosition.from_board(board)
    knowledge = make_knowledge_scratch(size)
    cell_row, cell_bit = cell_tables(size)
    order = position.empties.copy()
    knowledge_playout(
        policy, knowledge, position.black_rows, order, len(order), position.black_to_move,
        int(rng.integers(-1, size * size)), size, cell_row, cell_bit,
        np.zeros(size, dtype=np.uint64), np.zeros(size, dtype=np.uint64),
        np.array([seed | 1], dtype=np.uint64), 0, START_BUILD,
    )  # fmt: skip
    grid = knowledge.cells[: size * size]
    for cell in range(size * size):
        code = int(knowledge.around[cell]) | int(knowledge.bridges[cell]) << 12
        assert code == _absolute12(grid, size, cell)


@pytest.mark.parametrize("seed", range(6))
def test_kernel_with_twelve_cell_weights_draws_what_the_reference_draws(seed):
    """With 12-cell weights for most cells, the kernel's incremental codes and hash look-ups
    and the reference's codes recomputed from the board at every move draw the same games."""
    rng = np.random.default_rng(50 + seed)
    size = int(rng.integers(3, 7))
    board = _random_board(rng, size, int(rng.integers(0, size * size // 2 + 1)))
    # The positions the playouts will pass through are unknown: weights for the codes of
    # many random positions of the size, so that most look-ups find a 12-cell weight.
    sample = [_random_board(rng, size, int(k)) for k in rng.integers(0, size * size, 60)]
    table = _table_with_twelve([board, *sample], seed)
    position = PlayoutPosition.from_board(board)
    expected = reference_pattern_playouts(
        board.cells, size, position.black_to_move, position.last_cell, table, 4, 2000 + seed
    )
    # With the key filter, and with every code probed for: the same draws.
    for policy in (_policy_of(table), _policy_of(table)._replace(filter12=ALL_CODES)):
        got = _kernel_playouts(board, policy, [START_BUILD] * 4, 2000 + seed)
        for (won, cells, _, _), (winner, filled) in zip(got, expected, strict=True):
            assert cells == filled
            assert won == (winner == 1)


def test_the_key_filter_holds_every_key_and_few_others():
    """Every key of the 12-cell hash finds its bit set in the filter (a clear bit may skip
    the probe only for codes not in the table); codes not in the table mostly find theirs
    clear (at most about 1 in 64 set, by the filter's size)."""
    hash12 = load_playout_table("playout12-team-save-mohex-9x9").kernel_hash()
    filter12 = key_filter(hash12)
    bits = filter12.size * 64
    keys = hash12[0::2][hash12[0::2] != NO_KEY].astype(np.uint64)
    assert bits >= 64 * keys.size and bits & (bits - 1) == 0
    shift = np.uint64(64 - bits.bit_length() + 1)

    def bit_set(codes):
        with np.errstate(over="ignore"):
            spots = (codes * np.uint64(HASH_MULTIPLIER)) >> shift
        return (filter12[spots >> np.uint64(6)] >> (spots & np.uint64(63))) & np.uint64(1) == 1

    assert bit_set(keys).all()
    others = np.setdiff1d(np.arange(1 << 20, dtype=np.uint64) * np.uint64(13), keys)
    assert bit_set(others).mean() < 2 / 64


@settings(max_examples=30, deadline=None)
@given(size=st.integers(1, 9), seed=st.integers(0, 2**31 - 1))
def test_hash_lookup_is_the_tables_weight_and_symmetric(size, seed):
    """The kernel's look-up (hash, else 6-cell row) gives the table's weight of the cell's
    canonical codes for the mover; the weight is the same on the board turned by 180 degrees
    and, for the other player, on the board transposed with its colours exchanged."""
    rng = np.random.default_rng(seed)
    board = _random_board(rng, size, int(rng.integers(0, size * size + 1)))
    other = _random_board(rng, size, int(rng.integers(0, size * size + 1)))
    table = _table_with_twelve([board], seed)  # ``other``'s codes mostly fall back to 6 cells
    weights = table.kernel_rows()
    hash12 = table.kernel_hash()
    filter12 = key_filter(hash12)
    for grid in (board.cells, other.cells):
        square = grid.reshape(size, size)
        turned = square[::-1, ::-1].reshape(-1).copy()
        swapped = np.where(square == 1, 2, np.where(square == 2, 1, 0)).T.reshape(-1).copy()
        swapped = swapped.astype(np.int8)
        for cell in np.flatnonzero(grid == 0):
            cell = int(cell)
            row, col = divmod(cell, size)
            mirror = (size - 1 - row) * size + (size - 1 - col)
            transposed = col * size + row
            absolute = _absolute12(grid, size, cell)
            for black in (True, False):
                for near in (False, True):
                    expected = table.weight_of(grid, size, cell, black, near)
                    row = 2 * (not black) + near
                    got = lookup_weight(weights, hash12, filter12, absolute & 4095,
                                        absolute >> 12, row)  # fmt: skip
                    assert got == expected
                    # Without the filter (every code probed for): the same weight.
                    assert got == lookup_weight(weights, hash12, ALL_CODES, absolute & 4095,
                                                absolute >> 12, row)  # fmt: skip
                    assert table.weight_of(turned, size, mirror, black, near) == expected
                    assert table.weight_of(swapped, size, transposed, not black, near) == expected


def test_team_fit_recovers_known_weights():
    """Moves drawn from a known two-feature model (6-cell weight times 12-cell factor, near and
    far apart; far products below the cap): with every 12-cell code kept (the model then has
    a weight per code), the team fit's weight of each code is the plain one-feature MM fit's
    (fit_features, the maximum-likelihood weights: a second method), near the true one;
    with a prune, a code left out weighs its 6-cell weight, as near to the code's own."""
    rng = np.random.default_rng(17)
    six = {(0, 0): 1.0, (1, 0): 0.3, (2, 0): 0.8, (0, 1): 4.0, (1, 1): 0.5, (2, 1): 12.0}
    # The 12-cell codes: 6-cell code c with bridge points k; factor[(k, near)].
    factor = {(0, 0): 1.0, (1, 0): 0.25, (2, 0): 1.0, (0, 1): 1.0, (1, 1): 6.0, (2, 1): 0.2}
    count, width = 6000, 8  # competitions of eight candidate cells
    c, b, n = (rng.integers(0, high, (count, width)) for high in (3, 3, 2))
    six_of = np.array([[six[(code, side)] for side in (0, 1)] for code in range(3)])
    factor_of = np.array([[factor[(k, side)] for side in (0, 1)] for k in range(3)])
    strength = six_of[c, n] * factor_of[b, n]
    cumulative = np.cumsum(strength / strength.sum(axis=1, keepdims=True), axis=1)
    chosen = np.minimum((cumulative < rng.random((count, 1))).sum(axis=1), width - 1)
    comp, winners = np.repeat(np.arange(count), width), np.arange(count) * width + chosen
    data = (comp, c.ravel(), (c + (b << 12)).ravel(), n.ravel().astype(bool),
            np.zeros(count * width, dtype=bool), winners)  # fmt: skip
    plain = tool.fit_features(comp, (c + 3 * b + 9 * n).ravel(), winners, 18, 300, reference=0)
    for prune in (0.0, 0.15):
        global_, local, global12, local12 = tool.team_fit(data, 1, 300, prune)
        for (code, side), gamma in six.items():
            for k in range(3):
                table12, table6 = (local12, local) if side else (global12, global_)
                fitted = table12.get(code + (k << 12), table6[code])
                mle = plain[code + 3 * k + 9 * side]
                assert fitted == pytest.approx(mle, rel=0.02 if prune == 0 else 0.17)
                assert fitted == pytest.approx(gamma * factor[(k, side)], rel=0.5)  # sampling
        # The open board far from the last move (both codes 0) is the unit.
        assert global12.get(0, global_[0]) == pytest.approx(1.0)


def test_playout_fit_log_likelihood_is_reproduced_cell_by_cell(tmp_path):
    """The log-likelihood the trainer reports for the policy of the table it wrote (the
    kernel's: capped far weights, dead cells), recomputed move by move by
    engine.patterns.playout_weights from the cell-by-cell codes."""
    rng = np.random.default_rng(4)
    games = []
    for _ in range(10):
        board = _random_board(rng, 5, 16)
        games.append([m.cell for m in board.moves])
    path = tmp_path / "games.txt"
    path.write_text("".join("5 " + " ".join(map(str, g)) + "\n" for g in games), "utf-8")
    out = tmp_path / "table.json"
    assert tool.main(["--games-file", str(path), "--size", "5", "--playout", "--skip", "2",
                      "--min-count", "4", "--out", str(out)]) == 0  # fmt: skip
    document = json.loads(out.read_text("utf-8"))
    table = PlayoutTable.from_json(out.read_text("utf-8"), "t")
    assert table.global12 and table.local12
    total, moves = 0.0, 0
    for game in games:
        cells = np.zeros(25, dtype=np.int8)
        for number, played in enumerate(game):
            black = number % 2 == 0
            if number >= 2:
                strengths = playout_weights(table, cells, 5, black, game[number - 1])
                total += np.log(strengths[played] / sum(strengths.values()))
                moves += 1
            cells[played] = 1 if black else 2
    # The file keeps 6 decimals of each weight, the report 4 of the mean.
    assert total / moves == pytest.approx(document["log_likelihood_per_move"], abs=2e-4)
    assert document["cells"] == 12 and document["moves"] == moves


def test_dead_codes_never_change_the_winner():
    """Every empty cell whose neighbours make it dead (engine.patterns.dead_table, for either
    mover) leaves the winner the same whichever colour takes it, over every filling of the
    other empty cells (exhaustive, on small boards); the classic shapes are recognised."""
    dead = dead_table()
    own, theirs = 1, 2
    four_own = sum(own << (2 * i) for i in range(4))
    assert dead[:, four_own].all() and not dead[:, 0].any()
    assert not dead[:, sum((own if i % 2 else theirs) << (2 * i) for i in range(6))].any()
    rng = np.random.default_rng(21)
    checked = 0
    for _ in range(400):
        size = int(rng.integers(2, 5))
        board = _random_board(rng, size, int(rng.integers(0, size * size)))
        empty = [int(c) for c in np.flatnonzero(board.cells == 0)]
        if not 0 < len(empty) <= 9:
            continue
        for cell in empty:
            black = bool(rng.integers(2))
            if not dead[0 if black else 1, pattern_code(board.cells, size, cell, black)]:
                continue
            others = [c for c in empty if c != cell]
            for fill in range(1 << len(others)):
                cells = board.cells.copy()
                for bit, c in enumerate(others):
                    cells[c] = 1 + (fill >> bit & 1)
                winners = set()
                for stone in (1, 2):
                    cells[cell] = stone
                    winners.add(flood_fill_winner(cells.tolist(), size))
                assert len(winners) == 1, (size, board.cells.tolist(), cell)
            checked += 1
    assert checked > 50


def test_dead_cells_weigh_least_in_the_kernel():
    table = load_playout_table()
    weights = table.kernel_weights()
    hash12 = table.kernel_hash()
    for around in range(CODES):
        for side in range(2):
            if dead_table()[side, mover_view(around, side == 0)]:
                assert weights[2 * side, around] == weights[2 * side + 1, around] == DEAD_WEIGHT
    # No 12-cell weight of a dead cell: its entry holds the 6-cell row's DEAD_WEIGHT.
    entries = 0
    for key, packed in hash12.reshape(-1, 2).tolist():
        if key != NO_KEY:
            entries += 1
            for row in range(4):
                side = row >> 1
                if dead_table()[side, mover_view(key & (CODES - 1), side == 0)]:
                    field = (packed >> int(ROW_SHIFT[row])) & int(ROW_MASK[row])
                    assert field == DEAD_WEIGHT
    assert entries > 1000


def test_packed_rows_hold_every_weight_exactly():
    """The kernel's packed 6-cell rows and hash entries unpack to the integer weights, the
    extremes included (a global weight of WEIGHT_SCALE, a local one of LOCAL_WEIGHT_LIMIT,
    whose field reaches the sign bit)."""
    table = load_playout_table()
    weights = table.kernel_weights()
    rows = table.kernel_rows()
    for row in range(4):
        np.testing.assert_array_equal((rows >> ROW_SHIFT[row]) & ROW_MASK[row], weights[row])
    extreme = PlayoutTable(table.global_, table.local * 1e9, table.cap, "t", 1.0,
                           {0: table.cap * 5}, {0: table.cap * 1e9})  # fmt: skip
    weights = extreme.kernel_weights()
    assert weights[0].max() == WEIGHT_SCALE and weights[3].max() == LOCAL_WEIGHT_LIMIT
    rows = extreme.kernel_rows()
    for row in range(4):
        np.testing.assert_array_equal((rows >> ROW_SHIFT[row]) & ROW_MASK[row], weights[row])
    hash12 = extreme.kernel_hash()
    filter12 = key_filter(hash12)
    assert lookup_weight(rows, hash12, filter12, 0, 0, 3) == LOCAL_WEIGHT_LIMIT
    assert lookup_weight(rows, hash12, filter12, 0, 0, 2) == WEIGHT_SCALE

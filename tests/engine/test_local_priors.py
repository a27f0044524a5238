"""Local gammas in the priors (ours, after MoHex 2.0's local gammas; issue 29, round 10): the
local keys' symmetries, the search's priors against the slow reference on random positions and
tables, the MM fit on data drawn from planted weights, and the tool's ``--local`` end to end."""

from __future__ import annotations

import json

import numpy as np
import pytest
from hexswarm.engine.board import Board
from hexswarm.engine.patterns import (
    CODES,
    LOCAL_CLASSES,
    LOCAL_SHIFT6,
    LOCAL_SHIFT12,
    THEIRS,
    TWELVE,
    PatternTable,
    is_near,
    load_table,
    local_keys,
    move_priors,
    pattern_code12,
    rotate_half12,
)
from hexswarm.engine.search.environment import hex_environment
from hexswarm.engine.search.limits import SearchLimits
from hexswarm.engine.search.uct import UctConfig, UctSearch
from hexswarm.engine.tools import patterns as tool
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.engine.boards import random_board
from tests.engine.test_patterns import assert_fitted_table_scores_as_fitted, printed_figures


@pytest.mark.parametrize("size", [2, 4, 9])
def test_local_keys_follow_the_board_symmetries(size):
    """A half turn of the board (last move turned with it) keeps every local key; exchanging
    rows and columns and the colours gives the other mover the same keys. Only the 12 pattern
    cells around the last move have keys, and the last move's place in a key holds the
    opponent's stone (6-cell keys: when the place is a neighbour)."""
    rng = np.random.default_rng(size)
    n = size * size
    for _ in range(25):
        cells = np.zeros(n, dtype=np.int8)
        chosen = rng.choice(n, size=int(rng.integers(1, n + 1)), replace=False)
        cells[chosen[0::2]] = 1
        cells[chosen[1::2]] = 2
        last = int(chosen[-1])
        black = cells[last] == 2  # the mover answers the opponent's last stone
        turned = cells[::-1].copy()
        grid = cells.reshape(size, size)
        swapped = np.where(grid == 1, 2, np.where(grid == 2, 1, 0)).T.reshape(-1).astype(np.int8)
        lr, lc = divmod(last, size)
        for cell in range(n):
            keys = local_keys(cells, size, cell, black, last)
            assert (keys is None) == (not is_near(size, cell, last))
            if keys is None:
                continue
            r, c = divmod(cell, size)
            assert local_keys(turned, size, n - 1 - cell, black, n - 1 - last) == keys
            assert local_keys(swapped, size, c * size + r, not black, lc * size + lr) == keys
            key6, key12 = keys
            place12, code12 = key12 >> LOCAL_SHIFT12, key12 & ((1 << LOCAL_SHIFT12) - 1)
            assert (code12 >> (2 * place12)) & 3 == THEIRS
            canonical_code = pattern_code12(cells, size, cell, black)
            assert code12 in (canonical_code, rotate_half12(canonical_code))
            place6, code6 = key6 >> LOCAL_SHIFT6, key6 & ((1 << LOCAL_SHIFT6) - 1)
            assert 0 <= place6 < len(TWELVE)
            if place6 < 6:
                assert (code6 >> (2 * place6)) & 3 == THEIRS


def _local_table(rng, board, gamma12: bool, local12: bool, local6: bool) -> PatternTable:
    """Random weights; the 12-cell and local ones for about half of ``board``'s empty cells
    for the mover (against its last move), and random keys besides."""
    black = board.to_move.value == "black"
    last = int(board.moves[-1].cell) if board.moves else -1
    tables: tuple[dict, dict, dict] = ({}, {}, {})
    for cell in np.flatnonzero(board.cells == 0).tolist():
        keys = local_keys(board.cells, board.size, cell, black, last)
        code = pattern_code12(board.cells, board.size, cell, black)
        for on, table, key in (
            (gamma12, tables[0], code),
            (local12, tables[1], None if keys is None else keys[1]),
            (local6, tables[2], None if keys is None else keys[0]),
        ):
            if on and key is not None and rng.random() < 0.5:
                table[key] = float(np.exp(rng.normal(0.0, 1.5)))
    return PatternTable(
        np.exp(rng.normal(0.0, 1.0, CODES)),
        np.exp(rng.normal(0.0, 1.0, LOCAL_CLASSES)),
        "random",
        *tables,
    )


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 2**31),
    parts=st.sampled_from([(True, True, True), (False, True, True), (True, False, True),
                           (True, True, False), (False, False, True)]),
)  # fmt: skip
def test_search_priors_with_local_gammas_match_the_slow_reference(tmp_path_factory, seed, parts):
    """The kernel's root priors (raw codes, the last move's place found in the pattern cells'
    table, a raw 6-cell table and a hash of every raw 12-cell form) equal
    :func:`move_priors`'s on random positions and tables with local gammas."""
    rng = np.random.default_rng(seed)
    size = int(rng.integers(2, 10))
    board = random_board(rng, size, int(rng.integers(1, size * size)))
    table = _local_table(rng, board, *parts)
    path = tmp_path_factory.mktemp("local") / f"local-{seed}.json"
    path.write_text(table.to_json({}), encoding="utf-8")
    table = load_table(str(path))  # the weights as the file holds them (rounded)
    last = int(board.moves[-1].cell) if board.moves else -1
    env = hex_environment(board)
    search = UctSearch(
        UctConfig(seed=1, rave=True, priors=str(path), leaf_playouts=1), last_cell=last
    )
    search.run(env, SearchLimits(playouts=1))
    tree = search.trees[0]
    got = {int(env.action_cells[tree.actions[c]]): float(tree.prior[c]) for c in tree.children(0)}
    expected = move_priors(table, board.cells, size, board.to_move.value == "black", last)
    assert got.keys() == expected.keys()
    for cell, p in expected.items():
        assert got[cell] == pytest.approx(p, rel=1e-12)


def test_a_table_without_local_gammas_weighs_every_move_as_before():
    """No local gammas: every local gamma is 1, and the priors are gamma times delta."""
    table = load_table("hex12-mohex-9x9-550g")
    assert not table.local12 and not table.local6
    board = random_board(np.random.default_rng(4), 9, 20)
    last = int(board.moves[-1].cell)
    black = board.to_move.value == "black"
    for cell in np.flatnonzero(board.cells == 0).tolist():
        assert table.local_of(local_keys(board.cells, 9, cell, black, last)) == 1.0


def test_a_table_refuses_local_keys_that_are_not_canonical():
    table = load_table("hex12-local-mohex-9x9-550g")
    key = next(k for k in table.local12 if (k >> LOCAL_SHIFT12) != 0)
    document = json.loads(table.to_json({}))
    code, place = key & ((1 << LOCAL_SHIFT12) - 1), key >> LOCAL_SHIFT12
    turned = rotate_half12(code) | ((place + 3) % 6 + (6 if place >= 6 else 0)) << LOCAL_SHIFT12
    if turned == key:
        pytest.skip("a symmetric key")
    document["local12"] = {str(turned): 2.0}
    with pytest.raises(ValueError, match="not canonical"):
        PatternTable.from_json(json.dumps(document), "bad")
    document["local12"] = {str(13 << LOCAL_SHIFT12): 2.0}
    with pytest.raises(ValueError, match="not canonical"):
        PatternTable.from_json(json.dumps(document), "bad")


def test_mm_recovers_planted_local_weights():
    """Competitions drawn from known pattern, class and local weights (a third of the rows
    with no local feature, weight 1): the three-member fit finds their ratios."""
    rng = np.random.default_rng(8)
    true_gamma = np.array([1.0, 4.0, 0.25, 2.0])
    true_delta = np.array([1.0, 3.0, 0.5])
    true_local = np.array([5.0, 0.2, 1.5, 1.0])  # feature 3: none (held at 1)
    comp, patterns, locals_, local_features, winners = [], [], [], [], []
    for j in range(20000):
        k = int(rng.integers(4, 12))
        p = rng.integers(0, 4, k)
        loc = rng.integers(0, 3, k)
        lam = rng.integers(0, 4, k)
        strength = true_gamma[p] * true_delta[loc] * true_local[lam]
        winners.append(len(comp) + int(rng.choice(k, p=strength / strength.sum())))
        comp.extend([j] * k)
        patterns.extend(p.tolist())
        locals_.extend(loc.tolist())
        local_features.extend(lam.tolist())
    arrays = [np.asarray(a, dtype=np.int64) for a in (comp, patterns, locals_, winners)]
    features = np.asarray(local_features, dtype=np.int64)
    gamma, delta, _, local = tool.fit(*arrays, 200, CODES, features, 3)
    np.testing.assert_allclose(gamma[:4] / gamma[0], true_gamma, rtol=0.12)
    np.testing.assert_allclose(delta / delta[0], true_delta, rtol=0.12)
    np.testing.assert_allclose(local, true_local, rtol=0.12)
    assert local[3] == 1.0


def _random_games(rng, size, count):
    games = []
    for _ in range(count):
        board = Board(size)
        game = []
        while board.winner is None:
            game.append(board.play(int(rng.choice(np.flatnonzero(board.cells == 0)))).cell)
        games.append(game)
    return games


def test_prior12_local_tool_end_to_end(tmp_path, capsys):
    """``--prior12 --local``: the 12-cell local keys seen at least ``--local-min-count`` times
    among the near training rows (counted here from the board, cell by cell) get a local gamma,
    every 6-cell local key seen in training one too; a random table with local gammas scores
    on the held-out moves what :func:`move_priors` gives move by move; the table the fit writes,
    compared, scores what the fit printed for it; ``--local`` alone is refused."""
    rng = np.random.default_rng(6)
    games = _random_games(rng, 7, 5)
    path = tmp_path / "games.txt"
    path.write_text("".join(" ".join(map(str, [7, *g])) + "\n" for g in games), "utf-8")
    counts12: dict[int, int] = {}
    seen6 = set()
    for game in games[:-1]:
        cells = np.zeros(49, dtype=np.int8)
        for number, cell in enumerate(game):
            if number >= 2:
                for c in np.flatnonzero(cells == 0).tolist():
                    keys = local_keys(cells, 7, c, number % 2 == 0, game[number - 1])
                    if keys is not None:
                        seen6.add(keys[0])
                        counts12[keys[1]] = counts12.get(keys[1], 0) + 1
            cells[cell] = 1 if number % 2 == 0 else 2
    held = games[-1]
    board = Board(7)
    for cell in held[:9]:
        board.play(cell)
    random_table = _local_table(rng, board, True, True, True)
    cells = np.zeros(49, dtype=np.int8)
    for number, cell in enumerate(held):  # local gammas for the held-out moves' keys too
        if number >= 2:
            for c in np.flatnonzero(cells == 0).tolist():
                keys = local_keys(cells, 7, c, number % 2 == 0, held[number - 1])
                if keys is not None and rng.random() < 0.3:
                    random_table.local12[keys[1]] = float(rng.uniform(0.2, 5.0))
                if keys is not None and rng.random() < 0.3:
                    random_table.local6[keys[0]] = float(rng.uniform(0.2, 5.0))
        cells[cell] = 1 if number % 2 == 0 else 2
    random_path = tmp_path / "random.json"
    random_path.write_text(random_table.to_json({}), "utf-8")
    random_table = load_table(str(random_path))
    logs = []
    cells = np.zeros(49, dtype=np.int8)
    for number, cell in enumerate(held):
        if number >= 2:
            priors = move_priors(random_table, cells, 7, number % 2 == 0, held[number - 1])
            logs.append(np.log(priors[cell]))
        cells[cell] = 1 if number % 2 == 0 else 2
    out = tmp_path / "fit.json"
    args = ["--games-file", str(path), "--size", "7", "--prior12", "--local", "--min-count", "3",
            "--local-min-count", "4", "--skip", "2", "--holdout", "1", "--iterations", "10",
            "--out", str(out)]  # fmt: skip
    assert tool.main([*args, "--compare", str(random_path)]) == 0
    printed = printed_figures(capsys)
    assert float(printed["holdout_log_likelihood_per_move_random"]) == pytest.approx(
        np.mean(logs), abs=1e-4
    )
    table = load_table(str(out))
    assert set(table.local12) == {k for k, n in counts12.items() if n >= 4}
    assert set(table.local6) == seen6
    assert table.local12 and all(g > 0 for g in table.local12.values())
    assert_fitted_table_scores_as_fitted(tmp_path, capsys, args, out)
    assert tool.main(["--games-file", str(path), "--size", "7", "--local",
                      "--out", str(out)]) == 2  # fmt: skip
    assert "--local only with --prior12" in capsys.readouterr().err

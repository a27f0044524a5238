"""Pattern priors: the codes' symmetries, the search's priors against the slow reference, the
MM fit on data drawn from known weights, and the learning tool end to end."""

from __future__ import annotations

import json

import numpy as np
import pytest
from hexswarm.engine.board import Board
from hexswarm.engine.patterns import (
    CODES,
    LOCAL_CLASSES,
    PatternTable,
    canonical,
    load_table,
    move_priors,
    pattern_code,
    pattern_code12,
    rotate_half,
)
from hexswarm.engine.records import record_from_board
from hexswarm.engine.records.sgf import write_sgf
from hexswarm.engine.search.environment import hex_environment
from hexswarm.engine.search.limits import SearchLimits
from hexswarm.engine.search.uct import UctConfig, UctSearch
from hexswarm.engine.tools import patterns as tool


def _random_cells(rng, size, stones):
    cells = np.zeros(size * size, dtype=np.int8)
    chosen = rng.choice(size * size, size=stones, replace=False)
    cells[chosen[0::2]] = 1
    cells[chosen[1::2]] = 2
    return cells


def test_half_turns_and_canonical_codes():
    for code in range(CODES):
        assert rotate_half(rotate_half(code)) == code
        assert canonical(code) == canonical(rotate_half(code)) <= code


@pytest.mark.parametrize("size", [1, 2, 5, 9])
def test_pattern_codes_follow_the_board_symmetries(size):
    """A half turn of the board keeps every edge's owner: same codes. Exchanging rows and
    columns and the colours turns White's view into Black's: same codes for the other mover."""
    rng = np.random.default_rng(size)
    for _ in range(20):
        cells = _random_cells(rng, size, int(rng.integers(0, size * size + 1)))
        turned = cells[::-1].copy()
        grid = cells.reshape(size, size)
        swapped = np.where(grid == 1, 2, np.where(grid == 2, 1, 0)).T.reshape(-1).astype(np.int8)
        for cell in range(size * size):
            r, c = divmod(cell, size)
            for black in (True, False):
                for of in (pattern_code, pattern_code12):  # 6 and 12 cells
                    code = of(cells, size, cell, black)
                    assert of(turned, size, size * size - 1 - cell, black) == code
                    assert of(swapped, size, c * size + r, not black) == code


def _table(tmp_path, seed=3):
    rng = np.random.default_rng(seed)
    gamma = np.exp(rng.normal(0.0, 1.5, CODES))
    delta = np.exp(rng.normal(0.0, 1.0, LOCAL_CLASSES))
    path = tmp_path / f"table-{seed}.json"
    path.write_text(PatternTable(gamma, delta, "test").to_json({}), encoding="utf-8")
    return path, load_table(str(path))


@pytest.mark.parametrize("seed", range(6))
def test_search_priors_match_the_slow_reference(tmp_path, seed):
    """The kernel reads the codes from the search's bitmasks and edge cells; the reference
    from the board's cells, neighbour by neighbour."""
    path, table = _table(tmp_path)
    rng = np.random.default_rng(seed)
    size = int(rng.integers(3, 10))
    board = Board(size)
    for _ in range(int(rng.integers(0, size * size // 2))):
        empty = np.flatnonzero(board.cells == 0)
        board.play(int(rng.choice(empty)))
        if board.winner is not None:
            board.undo()
            break
    last = int(board.moves[-1].cell) if board.moves else -1
    env = hex_environment(board)
    search = UctSearch(
        UctConfig(seed=1, rave=True, priors=str(path), leaf_playouts=1), last_cell=last
    )
    search.run(env, SearchLimits(playouts=1))
    tree = search.trees[0]
    got = {int(env.action_cells[tree.actions[c]]): float(tree.prior[c]) for c in tree.children(0)}
    black = board.to_move.value == "black"
    expected = move_priors(table, board.cells, size, black, last)
    assert got.keys() == expected.keys()
    for cell, p in expected.items():
        assert got[cell] == pytest.approx(p, rel=1e-12)
    # Each child starts with the virtual RAVE record (8 samples, 4 won) plus real samples.
    assert all(tree.rave_visits[c] >= 8 for c in tree.children(0))


def test_priors_need_rave(tmp_path):
    path, _ = _table(tmp_path)
    with pytest.raises(ValueError, match="need rave"):
        UctSearch(UctConfig(priors=str(path)))


def test_mm_recovers_known_weights():
    """Competitions drawn from known pattern and local weights: the fit finds their ratios."""
    rng = np.random.default_rng(5)
    true_gamma = np.array([1.0, 4.0, 0.25, 2.0])
    true_delta = np.array([1.0, 3.0, 0.5])
    comp, patterns, locals_, winners = [], [], [], []
    for j in range(6000):
        k = int(rng.integers(4, 12))
        p = rng.integers(0, 4, k)
        loc = rng.integers(0, 3, k)
        strength = true_gamma[p] * true_delta[loc]
        chosen = int(rng.choice(k, p=strength / strength.sum()))
        winners.append(len(comp) + chosen)
        comp.extend([j] * k)
        patterns.extend(p.tolist())
        locals_.extend(loc.tolist())
    arrays = [np.asarray(a, dtype=np.int64) for a in (comp, patterns, locals_, winners)]
    gamma, delta, _ = tool.fit(*arrays, iterations=200)
    np.testing.assert_allclose(gamma[:4] / gamma[0], true_gamma, rtol=0.12)
    np.testing.assert_allclose(delta / delta[0], true_delta, rtol=0.12)
    assert np.all(gamma[4:] == 1.0)  # never seen


def test_learning_tool_end_to_end(tmp_path):
    """Two games in a folder (one twice: counted once); the table it writes loads and gives
    the cell a game answered with a higher weight than the uniform 1."""
    folder = tmp_path / "games"
    folder.mkdir()
    moves = ["e5", "d6", "c5", "d4", "d5", "e4", "c6", "b7", "b6", "a7", "a6"]
    for i, line in enumerate((moves, moves, moves[:7] + ["f3", "f4"])):
        board = Board(9)
        for m in line:
            board.play(m)
        (folder / f"game-{i}.sgf").write_text(write_sgf(record_from_board(board)), "utf-8")
    assert len(tool.read_games([folder], 9)) == 2
    out = tmp_path / "table.json"
    assert tool.main([str(folder), "--out", str(out), "--iterations", "10"]) == 0
    document = json.loads(out.read_text("utf-8"))
    assert document["games"] == 2 and document["moves"] == len(moves) + 9
    table = load_table(str(out))
    assert np.any(table.gamma > 1.0) and table.delta.shape == (LOCAL_CLASSES,)

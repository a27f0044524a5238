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
    rotate_half12,
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


def _table12(tmp_path, board, rng):
    """A table of 12-cell priors whose ``gamma12`` has random weights for the 12-cell codes of
    about half of ``board``'s empty cells for the player to move (found by
    :func:`pattern_code12`), and for random codes besides."""
    _, table = _table(tmp_path)
    black = board.to_move.value == "black"
    gamma12 = {}
    for cell in np.flatnonzero(board.cells == 0):
        if rng.random() < 0.5:
            code = pattern_code12(board.cells, board.size, int(cell), black)
            gamma12[code] = float(np.exp(rng.normal(0.0, 2.0)))
    for raw in rng.integers(0, 1 << 24, 50).tolist():
        gamma12[min(raw, rotate_half12(raw))] = float(np.exp(rng.normal(0.0, 2.0)))
    path = tmp_path / "table12.json"
    twelve = PatternTable(table.gamma, table.delta, "test", gamma12)
    path.write_text(twelve.to_json({}), encoding="utf-8")
    return path, load_table(str(path))


@pytest.mark.parametrize("twelve", [False, True])
@pytest.mark.parametrize("seed", range(6))
def test_search_priors_match_the_slow_reference(tmp_path, seed, twelve):
    """The kernel reads the codes from the search's bitmasks and edge cells (12-cell ones in
    the board's own order, looked up in a hash of every raw form); the reference reads the
    canonical codes from the board's cells, neighbour by neighbour."""
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
    if twelve:
        path, table = _table12(tmp_path, board, rng)
        assert table.gamma12
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
    gamma, delta, _, _ = tool.fit(*arrays, iterations=200)
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


def test_prior12_tool_keeps_frequent_12_cell_codes(tmp_path):
    """``--prior12``: the 12-cell codes seen at least ``--min-count`` times among the training
    rows (counted here from the board, cell by cell) get a gamma of their own; the table loads
    and its priors are those of its 12-cell codes where it has them."""
    moves = ["e5", "d6", "c5", "d4", "d5", "e4", "c6", "b7", "b6", "a7", "a6"]
    board = Board(9)
    cells = [board.play(m).cell for m in moves]
    path = tmp_path / "games.txt"
    path.write_text(" ".join(map(str, [9, *cells])) + "\n", "utf-8")
    out = tmp_path / "table12.json"
    assert tool.main(["--games-file", str(path), "--prior12", "--min-count", "30",
                      "--iterations", "10", "--out", str(out)]) == 0  # fmt: skip
    counts: dict[int, int] = {}
    board = Board(9)
    for m in moves:
        black = board.to_move.value == "black"
        for cell in np.flatnonzero(board.cells == 0):
            code = pattern_code12(board.cells, 9, int(cell), black)
            counts[code] = counts.get(code, 0) + 1
        board.play(m)
    table = load_table(str(out))
    assert set(table.gamma12) == {c for c, k in counts.items() if k >= 30}
    assert table.gamma12 and all(g > 0 for g in table.gamma12.values())
    document = json.loads(out.read_text("utf-8"))
    assert document["patterns12_kept"] == len(table.gamma12)


def printed_figures(capsys) -> dict[str, str]:
    """The ``name: value`` lines the pattern tool printed."""
    return dict(line.split(": ", 1) for line in capsys.readouterr().out.splitlines())


def assert_fitted_table_scores_as_fitted(tmp_path, capsys, args, out):
    """The table the tool wrote to ``out``, read back as a ``--compare`` table, scores the
    held-out moves exactly as the fit reported them (the search's weighing is the fit's)."""
    fitted = tmp_path / "fitted.json"
    fitted.write_bytes(out.read_bytes())
    assert tool.main([*args, "--compare", str(fitted)]) == 0
    printed = printed_figures(capsys)
    assert (
        printed["holdout_log_likelihood_per_move_fitted"]
        == printed["holdout_log_likelihood_per_move"]
    )
    assert printed["holdout_top_rank_rate_fitted"] == printed["holdout_top_rank_rate"]


def test_prior12_compare_scores_a_table_as_the_search_weighs_it(tmp_path, capsys):
    """``--prior12 --compare``: a prior table's held-out log-likelihood and top-1 rate are those
    of :func:`move_priors` (the search's slow reference), computed here move by move for a table
    of random weights, 12-cell ones included; and the table the fit writes, compared, scores
    what the fit printed for it."""
    rng = np.random.default_rng(5)
    games = []
    for _ in range(4):
        board = Board(7)
        game = []
        while board.winner is None:
            empty = np.flatnonzero(board.cells == 0)
            game.append(board.play(int(rng.choice(empty))).cell)
        games.append(game)
    path = tmp_path / "games.txt"
    path.write_text("".join(" ".join(map(str, [7, *g])) + "\n" for g in games), "utf-8")
    held = games[-1]
    codes12 = set()
    cells = np.zeros(49, dtype=np.int8)
    for number, cell in enumerate(held):
        for c in np.flatnonzero(cells == 0).tolist():
            codes12.add(pattern_code12(cells, 7, c, number % 2 == 0))
        cells[cell] = 1 if number % 2 == 0 else 2
    chosen = sorted(codes12)[::3]
    table = PatternTable(
        rng.uniform(0.1, 5.0, CODES), rng.uniform(0.5, 2.0, LOCAL_CLASSES), "random",
        {c: float(g) for c, g in zip(chosen, rng.uniform(0.1, 5.0, len(chosen)), strict=True)},
    )  # fmt: skip
    random_path = tmp_path / "random.json"
    random_path.write_text(table.to_json({}), "utf-8")
    logs, tops = [], []
    cells = np.zeros(49, dtype=np.int8)
    for number, cell in enumerate(held):
        if number >= 2:
            priors = move_priors(table, cells, 7, number % 2 == 0, held[number - 1])
            logs.append(np.log(priors[cell]))
            tops.append(float(priors[cell] == max(priors.values())))
        cells[cell] = 1 if number % 2 == 0 else 2
    out = tmp_path / "fit.json"
    args = ["--games-file", str(path), "--size", "7", "--prior12", "--min-count", "3",
            "--skip", "2", "--holdout", "1", "--iterations", "10", "--out", str(out)]  # fmt: skip
    assert tool.main([*args, "--compare", str(random_path)]) == 0
    printed = printed_figures(capsys)
    assert float(printed["holdout_log_likelihood_per_move_random"]) == pytest.approx(
        np.mean(logs), abs=1e-4
    )
    assert float(printed["holdout_top_rank_rate_random"]) == pytest.approx(np.mean(tops), abs=1e-4)
    assert_fitted_table_scores_as_fitted(tmp_path, capsys, args, out)


def test_prior12_fits_games_of_several_sizes_in_one_table(tmp_path, capsys):
    """``--prior12`` with ``--size`` twice: the games of both sizes are fitted (every move after
    the skipped ones is one competition), the last game read is held out whatever its size, and
    a compared table scores on it what :func:`move_priors` gives move by move on its own board;
    several sizes without ``--prior12`` are refused."""
    rng = np.random.default_rng(11)
    games = []
    for size in (7, 5, 7, 5, 5):
        board = Board(size)
        game = []
        while board.winner is None:
            empty = np.flatnonzero(board.cells == 0)
            game.append(board.play(int(rng.choice(empty))).cell)
        games.append((size, game))
    path = tmp_path / "games.txt"
    path.write_text("".join(" ".join(map(str, [s, *g])) + "\n" for s, g in games), "utf-8")
    table = PatternTable(
        rng.uniform(0.1, 5.0, CODES), rng.uniform(0.5, 2.0, LOCAL_CLASSES), "random"
    )
    random_path = tmp_path / "random.json"
    random_path.write_text(table.to_json({}), "utf-8")
    size, held = games[-1]
    logs = []
    cells = np.zeros(size * size, dtype=np.int8)
    for number, cell in enumerate(held):
        if number >= 2:
            priors = move_priors(table, cells, size, number % 2 == 0, held[number - 1])
            logs.append(np.log(priors[cell]))
        cells[cell] = 1 if number % 2 == 0 else 2
    out = tmp_path / "fit.json"
    args = ["--games-file", str(path), "--size", "7", "--size", "5", "--prior12", "--skip", "2",
            "--holdout", "1", "--iterations", "5", "--out", str(out)]  # fmt: skip
    assert tool.main([*args, "--compare", str(random_path)]) == 0
    printed = printed_figures(capsys)
    assert int(printed["moves"]) == sum(len(g) - 2 for _s, g in games[:-1])
    assert float(printed["holdout_log_likelihood_per_move_random"]) == pytest.approx(
        np.mean(logs), abs=1e-4
    )
    assert json.loads(out.read_text("utf-8"))["size"] == [7, 5]
    assert tool.main(["--games-file", str(path), "--size", "7", "--size", "5",
                      "--out", str(out)]) == 2  # fmt: skip
    assert "only with --prior12" in capsys.readouterr().err


@pytest.mark.parametrize(
    "table_name",
    [
        "hex12-mohex-9x9-296g",
        "hex12-mohex-9x9-550g",
        "hex12-mohex-9x9-550g-matches",
        "hex6-mohex-9x9",
        "hex12-local-mohex-9x9-550g",
        "hex12-local-mohex-9x9-550g-matches",
    ],
)
def test_priors_inside_the_search_match_the_slow_reference(table_name):
    """Every node a seeded search expanded (not only the root) has its children's priors as
    the reference gives them for the position along its path, its move the last one."""
    table = load_table(table_name)
    board = Board(7)
    for cell in (24, 17, 31):
        board.play(cell)
    env = hex_environment(board)
    search = UctSearch(
        UctConfig(seed=3, rave=True, priors=table_name, leaf_playouts=2), last_cell=31
    )
    search.run(env, SearchLimits(playouts=3000))
    tree = search.trees[0]
    checked = 0
    stack = [(0, [])]
    while stack:
        node, moves = stack.pop()
        kids = tree.children(node)
        if not kids:
            continue
        position = board.copy()
        for cell in moves:
            position.play(cell)
        black = position.to_move.value == "black"
        last = moves[-1] if moves else 31
        expected = move_priors(table, position.cells, 7, black, last)
        got = {int(env.action_cells[tree.actions[c]]): float(tree.prior[c]) for c in kids}
        assert got.keys() == expected.keys()
        for cell, p in expected.items():
            assert got[cell] == pytest.approx(p, rel=1e-12)
        checked += 1
        for c in kids:
            if not tree.terminal(c):
                stack.append((c, [*moves, int(env.action_cells[tree.actions[c]])]))
    assert checked > 50


def _root_visits_by_prior(board, table_path, bias, playouts):
    """The root children's (prior, visits) of one seeded search with priors and ``bias``."""
    last = int(board.moves[-1].cell) if board.moves else -1
    config = UctConfig(seed=2, rave=True, priors=str(table_path), prior_bias=bias, leaf_playouts=1)
    search = UctSearch(config, last_cell=last)
    search.run(hex_environment(board), SearchLimits(playouts=playouts))
    tree = search.trees[0]
    return [(float(tree.prior[c]), int(tree.visits[c])) for c in tree.children(0)]


@pytest.mark.parametrize("seed", range(3))
def test_a_large_prior_bias_spends_the_visits_by_prior(tmp_path, seed):
    """The progressive bias b * P / sqrt(n + 1) against values in [0, 1]: with b = 1000 the
    bias alone decides, so the search keeps P / sqrt(n + 1) level and a child of at least
    twice another's prior gets more visits; with b = 0 the priors steer nothing (the most
    visited child need not be the most likely). A child visited m > 0 times was chosen while
    b * q / sqrt(m) + 1 >= b * p / sqrt(n + 1), so n + 1 >= 4m (about) when p >= 2q."""
    path, _ = _table(tmp_path)
    rng = np.random.default_rng(seed)
    board = Board(7)
    for _ in range(6):
        board.play(int(rng.choice(np.flatnonzero(board.cells == 0))))
    biased = _root_visits_by_prior(board, path, 1000.0, 2_000)
    for p, n in biased:
        for q, m in biased:
            if p >= 2 * q:
                assert n > m if m > 0 else n >= m
    top = max(p for p, _ in biased)
    assert max(biased, key=lambda pn: pn[1])[0] == top
    unbiased = _root_visits_by_prior(board, path, 0.0, 2_000)
    assert [p for p, _ in unbiased] == [p for p, _ in biased]  # the same priors, not used
    assert [n for _, n in unbiased] != [n for _, n in biased]


def test_the_levels_pass_prior_bias_to_the_search():
    from hexswarm.engine.players import create_player
    from hexswarm.engine.players.uct_player import tree_config

    default = create_player("strong")
    assert tree_config(UctConfig, default.settings, 1).prior_bias == UctConfig().prior_bias
    tuned = create_player("strong:prior_bias=1.25")
    assert tree_config(UctConfig, tuned.settings, 1).prior_bias == 1.25
    with pytest.raises(ValueError):
        create_player("strong:prior_bias=-1")


def test_every_priors_choice_is_a_bundled_table():
    """Each table the ``priors`` setting offers loads by its name, says where it came from,
    and weighs every 6-cell pattern and local class with a positive finite weight."""
    from hexswarm.engine.players.levels import LEVELS

    priors = LEVELS["uct"].parameter("priors")
    assert "hex12-mohex-9x9-550g-matches" in priors.choices
    assert "hex12-local-mohex-9x9-550g-matches" in priors.choices
    for name in priors.choices:
        if name == "none":
            continue
        table = load_table(name)
        assert table.source, name
        weights = np.concatenate([table.gamma, table.delta, list(table.gamma12.values())])
        assert np.all(np.isfinite(weights)) and np.all(weights > 0), name

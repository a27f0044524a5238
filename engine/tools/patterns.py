"""Learn the pattern weights of :mod:`engine.patterns` from games (ours; issue 29, item 3).

::

    python -m hexswarm.engine.tools.patterns DIR [DIR ...] --skip 2 \\
        --out resources/patterns/hex6-mohex-9x9.json

Every move of every game (``*.sgf`` in the folders; the first ``--skip`` moves of each game,
e.g. a match's random opening stones, are left out) is one *competition* among the empty
cells: the cell played wins. Each cell is a team of two features, its pattern and its local
class against the last move, and the model is Bradley-Terry's generalised to teams (Coulom,
"Computing Elo ratings of move patterns in the game of Go", 2007): P(cell) = gamma(pattern) *
delta(local) / sum over the empty cells. The weights are fitted by minorization-maximization
(MM): each feature's update is its wins over the sum, over the competitions it appears in, of
its team-mates' product over the competition's total; each feature also gets one virtual win
and one virtual loss against a weight of 1, so a pattern seen rarely stays near 1.

Identical games (an engine playing itself twice with the same opening) count once.

With ``--playout`` it learns the playout table instead (:class:`engine.patterns.PlayoutTable`,
:mod:`engine.kernels.patterns`), fitted as the kernel plays it (:func:`team_fit`): a cell's
weight is its 6-cell pattern's (a *local* feature when the cell is one of the 12 pattern cells
around the last move, else a *global* one) times its 12-cell pattern's factor (neighbours and
bridge points: a code seen at least ``--min-count`` times in training), global weights capped,
dead cells fixed near zero. It prints the log-likelihood and top-1 rate of the kernel's policy
(cap and dead cells included) on the fitted and held-out moves, also for every ``--compare``
table, and writes the table of ``--cells`` (12 by default; 6: the plain 6-cell fit).

With ``--prior12`` it learns priors with 12-cell gammas (:meth:`engine.patterns.PatternTable
.gamma_of`): each cell is a team of its pattern (its 12-cell code when seen at least
``--min-count`` times in training, else its 6-cell code) and its local class; it prints the
plain 6-cell fit's figures of the same games beside them, and those of every ``--compare`` prior
table (a shipped one, weighed as the search weighs it) on the same held-out moves. With
``--local`` too, a cell near the last move also has a local gamma of its pattern and the last
move's place in it (:meth:`engine.patterns.PatternTable.local_of`, a third team-mate).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np
from hexswarm.engine.board import Board
from hexswarm.engine.patterns import (
    CODES,
    DEAD_WEIGHT,
    LOCAL_CLASSES,
    TWELVE,
    WEIGHT_SCALE,
    PatternTable,
    PlayoutTable,
    dead_table,
    is_near,
    load_playout_table,
    load_table,
    local_class,
    local_keys,
    pattern_code,
)
from hexswarm.engine.records.sgf import read_sgf

# MoHex's cap sits ~3% above its open-board gamma (0.157 against 0.153; docs/search.md).
CAP_ABOVE_OPEN_BOARD = 1.03


def read_games(folders: list[Path], size: int) -> list[list[int]]:
    """The distinct games (cell lists) of ``size`` in the folders' SGF files, without swaps."""
    games: dict[tuple[int, ...], None] = {}
    for folder in folders:
        for path in sorted(Path(folder).glob("*.sgf")):
            record = read_sgf(path)
            if record.size != size:
                continue
            board = Board(size)
            cells = []
            for _colour, token in record.moves():
                played = board.play(token)
                if played.swap is not None:
                    break  # a swapped game's colours no longer follow the cells: stop here
                cells.append(played.cell)
            games[tuple(cells)] = None
    return [list(g) for g in games]


def moves_played(games: list[list[int]], size: int, skip: int):
    """Every competition of the games, in order: ``(cells, black_moves, last, cell)``, the
    board before the move (int8, 0 empty, 1 Black, 2 White; one array a game, changed in
    place after the caller's turn), whether Black moves, the last move (-1: none) and the
    cell played. The first ``skip`` moves of each game are played but not given. Raises
    ValueError for a move onto a stone."""
    for game in games:
        cells = np.zeros(size * size, dtype=np.int8)
        for number, cell in enumerate(game):
            black_moves = number % 2 == 0
            if number >= skip:
                if cells[cell] != 0:
                    raise ValueError(f"game move {number}: cell {cell} is not empty")
                yield cells, black_moves, game[number - 1] if number > 0 else -1, cell
            cells[cell] = 1 if black_moves else 2


def competitions(
    games: list[list[int]], size: int, skip: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Arrays for MM: per candidate row its competition, pattern and local class; per
    competition the row of the cell played."""
    comp, patterns, locals_, winners = [], [], [], []
    for count, (cells, black_moves, last, cell) in enumerate(moves_played(games, size, skip)):
        for candidate in np.flatnonzero(cells == 0).tolist():
            comp.append(count)
            patterns.append(pattern_code(cells, size, candidate, black_moves))
            locals_.append(local_class(size, candidate, last))
            if candidate == cell:
                winners.append(len(comp) - 1)
    return (
        np.asarray(comp, dtype=np.int64),
        np.asarray(patterns, dtype=np.int64),
        np.asarray(locals_, dtype=np.int64),
        np.asarray(winners, dtype=np.int64),
    )


def board_codes(cells: np.ndarray, size: int, black_moves: bool):
    """(6-cell, 12-cell) canonical codes of every cell for the mover, all at once (numpy
    slices of a board framed by its edges); :func:`engine.patterns.pattern_code` and
    ``pattern_code12`` are the cell-by-cell definitions."""
    frame = np.zeros((size + 4, size + 4), dtype=np.int64)
    frame[:2, :] = frame[-2:, :] = 1  # beyond the top and bottom: Black's
    frame[:, :2] = frame[:, -2:] = 2  # beyond the left and right: White's
    for rows in (slice(0, 2), slice(-2, None)):
        for cols in (slice(0, 2), slice(-2, None)):
            frame[rows, cols] = 3  # beyond a corner: nobody's
    frame[2:-2, 2:-2] = cells.reshape(size, size)
    if not black_moves:  # White's view: the transposed board with the colours exchanged
        frame = np.where(frame == 1, 2, np.where(frame == 2, 1, frame)).T
    digits = [frame[2 + dr : 2 + dr + size, 2 + dc : 2 + dc + size] for dr, dc in TWELVE]
    if not black_moves:
        digits = [d.T for d in digits]  # back to the board's own cell order
    code6 = sum(digits[i] << (2 * i) for i in range(6))
    turned6 = sum(digits[(i + 3) % 6] << (2 * i) for i in range(6))
    code12 = code6 + sum(digits[6 + i] << (2 * (6 + i)) for i in range(6))
    turned12 = turned6 + sum(digits[6 + (i + 3) % 6] << (2 * (6 + i)) for i in range(6))
    return np.minimum(code6, turned6).reshape(-1), np.minimum(code12, turned12).reshape(-1)


def playout_competitions(games: list[list[int]], size: int, skip: int):
    """Arrays for the playout model: per candidate row its competition, 6-cell and 12-cell
    codes, whether it is near the last move and whether it is dead by its six neighbours
    (:func:`engine.patterns.dead_table`, for the mover); per competition the row of the cell
    played."""
    comp, codes6, codes12, near, dead, winners = [], [], [], [], [], []
    rows = 0
    for count, (cells, black_moves, last, cell) in enumerate(moves_played(games, size, skip)):
        empty = np.flatnonzero(cells == 0)
        all6, all12 = board_codes(cells, size, black_moves)
        comp.append(np.full(empty.size, count))
        codes6.append(all6[empty])
        codes12.append(all12[empty])
        near.append(np.array([is_near(size, int(c), last) for c in empty], dtype=bool))
        dead.append(dead_table()[0 if black_moves else 1, all6[empty]])
        winners.append(rows + int(np.searchsorted(empty, cell)))
        rows += empty.size
    return (
        np.concatenate(comp).astype(np.int64),
        np.concatenate(codes6).astype(np.int64),
        np.concatenate(codes12).astype(np.int64),
        np.concatenate(near),
        np.concatenate(dead),
        np.asarray(winners, dtype=np.int64),
    )


def fit_features(
    comp, features, winners, feature_count: int, iterations: int = 60, reference: int = -1
):
    """MM for teams of one feature (plain Bradley-Terry), each feature with one virtual win and
    one virtual loss against a weight of 1; returns gamma[feature_count] (1 where unseen).
    With a ``reference`` feature, the weights are rescaled after each step so that it weighs 1
    (the likelihood does not change): a rare feature then stays near the reference's weight."""
    gamma = np.ones(feature_count)
    wins = np.bincount(features[winners], minlength=feature_count).astype(np.float64)
    seen = np.bincount(features, minlength=feature_count) > 0
    competitions_count = winners.size
    for _ in range(iterations):
        total = np.bincount(comp, weights=gamma[features], minlength=competitions_count)
        denominator = np.bincount(features, weights=1.0 / total[comp], minlength=feature_count)
        gamma = np.where(seen, (wins + 1.0) / (denominator + 2.0 / (gamma + 1.0)), 1.0)
        if reference >= 0 and seen[reference]:
            gamma = np.where(seen, gamma / gamma[reference], 1.0)
    return gamma


def log_likelihood(comp, features, winners, gamma) -> float:
    """The mean log-probability of the cells played under the weights ``gamma``."""
    return scores(comp, gamma[features], winners)[0]


def scores(comp, strength, winners) -> tuple[float, float]:
    """(mean log-probability of the cells played, top-1 rate) when each candidate row weighs
    ``strength``: the top-1 rate is how often the cell played weighs most in its competition
    (ties count as a share), the usual measure of a move predictor."""
    count = winners.size
    total = np.bincount(comp, weights=strength, minlength=count)
    best = np.full(count, -np.inf)
    np.maximum.at(best, comp, strength)
    ties = np.bincount(comp, weights=(strength == best[comp]).astype(np.float64), minlength=count)
    hit = strength[winners] == best
    top = float(np.mean(np.where(hit, 1.0 / ties, 0.0)))
    return float(np.mean(np.log(strength[winners] / total))), top


def policy_strengths(data, table: PlayoutTable) -> np.ndarray:
    """Per candidate row of :func:`playout_competitions` the weight the playout kernel gives it
    (:func:`engine.patterns.playout_weights`, for all rows at once, before the kernel's integer
    rounding): what the playouts play, the cap and the dead cells' weight included."""
    _comp, code6, code12, near, dead, _winners = data
    weight = np.where(near, table.local[code6], np.minimum(table.global_[code6], table.cap))
    for local, table12 in ((False, table.global12), (True, table.local12)):
        if not table12:
            continue
        codes = np.array(sorted(table12), dtype=np.int64)
        values = np.array([table12[c] for c in codes.tolist()])
        if not local:
            values = np.minimum(values, table.cap)
        index = np.minimum(np.searchsorted(codes, code12), codes.size - 1)
        weight = np.where((codes[index] == code12) & (near == local), values[index], weight)
    return np.where(dead, DEAD_WEIGHT * table.cap / WEIGHT_SCALE, weight)


def team_fit(
    data, min_count: int, iterations: int, prune: float, virtual: float = 1.0, capped: bool = True
):
    """The 12-cell playout table (ours; issue 29): the model the kernel plays, fitted.

    A candidate cell weighs ``gamma6 * rho12``: ``gamma6`` of its canonical 6-cell code (one
    feature when near the last move, one when far), ``rho12`` of its canonical 12-cell code
    (near and far apart again) when that code is seen in at least ``min_count`` training rows,
    else 1 (Coulom's teams of two features). Every row informs its 6-cell weight, and a 12-cell
    code's ``rho12`` says how much its bridge points move it away from that: each ``rho12``
    has ``virtual`` virtual wins and losses against 1, so a rare code stays near its 6-cell
    weight instead of being dropped (each ``gamma6`` has them too, against 1: the open board).
    As in the kernel, a far cell weighs at most ``cap`` (the product is capped in the fit too,
    so the local weights learn what the capped global ones leave), a dead cell (``dead``
    rows) a fixed DEAD_WEIGHT / WEIGHT_SCALE of the cap, and the open board far from the last
    move (both codes 0) weighs 1, so that the cap is CAP_ABOVE_OPEN_BOARD.
    Alternating MM steps (each feature's wins over the sum, over its rows, of its team-mate's
    weight over the competition's total); the capped rows make this a fixed-point iteration
    rather than a strict MM, its fit checked by the held-out log-likelihood.
    ``capped`` False fits the far weights uncapped (the kernel still caps them: a comparison).
    Returns ``(global6, local6, global12, local12)`` as :class:`engine.patterns.PlayoutTable`
    takes them: the 12-cell weight ``gamma6 * rho12`` of a code kept only when it moves the
    kernel's weight by more than a factor ``exp(prune)`` from its 6-cell weight."""
    comp, code6, code12, near, dead, winners = data
    cap = CAP_ABOVE_OPEN_BOARD
    feature6 = code6 + CODES * near
    key12 = code12 * 2 + near
    keys, counts = np.unique(key12, return_counts=True)
    kept = keys[counts >= min_count]
    index = np.minimum(np.searchsorted(kept, key12), max(kept.size - 1, 0))
    own = kept[index] == key12 if kept.size else np.zeros(key12.size, dtype=bool)
    feature12 = np.where(own, index, kept.size)  # kept.size: no weight of its own (rho 1)
    live = ~dead
    played = winners[live[winners]]
    wins6 = np.bincount(feature6[played], minlength=2 * CODES).astype(np.float64)
    wins12 = np.bincount(feature12[played], minlength=kept.size + 1).astype(np.float64)
    seen6 = np.bincount(feature6[live], minlength=2 * CODES) > 0
    seen12 = np.bincount(feature12[live], minlength=kept.size + 1) > 0
    gamma6 = np.ones(2 * CODES)
    rho12 = np.ones(kept.size + 1)
    held12 = [kept.size] + ([0] if kept.size and kept[0] == 0 else [])

    def share():  # per row 1 / its competition's total (0 for dead rows: no feature)
        strength = gamma6[feature6] * rho12[feature12]
        if capped:
            strength = np.where(near, strength, np.minimum(strength, cap))
        strength = np.where(live, strength, DEAD_WEIGHT * cap / WEIGHT_SCALE)
        total = np.bincount(comp, weights=strength, minlength=winners.size)
        return np.where(live, 1.0 / total[comp], 0.0)

    for _ in range(iterations):
        denominator = np.bincount(feature6, weights=share() * rho12[feature12], minlength=2 * CODES)
        gamma6 = np.where(seen6, (wins6 + virtual) / (denominator + 2 * virtual / (gamma6 + 1)), 1)
        gamma6[0] = 1.0
        denominator = np.bincount(
            feature12, weights=share() * gamma6[feature6], minlength=kept.size + 1
        )
        rho12 = np.where(seen12, (wins12 + virtual) / (denominator + 2 * virtual / (rho12 + 1)), 1)
        rho12[held12] = 1.0
    twelve: tuple[dict[int, float], dict[int, float]] = ({}, {})
    parent = np.zeros(kept.size, dtype=np.int64)
    parent[index[own]] = feature6[own]  # every row of a 12-cell code has the same 6-cell one
    for i, key in enumerate(kept.tolist()):
        base = gamma6[parent[i]]
        weight = base * rho12[i]
        if not key & 1:  # far: the kernel caps both
            base, weight = min(base, cap), min(weight, cap)
        if abs(np.log(weight / base)) > prune:
            twelve[key & 1][key >> 1] = float(gamma6[parent[i]] * rho12[i])
    return gamma6[:CODES], gamma6[CODES:], twelve[0], twelve[1]


def plain_fit6(data, iterations: int):
    """The 6-cell playout table: one feature per cell (its 6-cell code, near or far), plain
    Bradley-Terry by :func:`fit_features`, in units of the open board far from the last move."""
    comp, code6, _code12, near, _dead, winners = data
    gamma6 = fit_features(comp, code6 + CODES * near, winners, 2 * CODES, iterations, reference=0)
    return gamma6[:CODES], gamma6[CODES:], {}, {}


def fit(
    comp,
    patterns,
    locals_,
    winners,
    iterations: int = 60,
    pattern_count: int = CODES,
    local_features=None,
    local_count: int = 0,
):
    """MM for the team model; returns (gamma[pattern_count], delta[LOCAL_CLASSES],
    log-likelihood per move, local[local_count + 1]). Features never seen keep weight 1.
    With ``local_features`` (per row a local feature, ``local_count`` for none) each cell is a
    team of three, its local gamma the third member (:meth:`engine.patterns.PatternTable
    .local_of`); feature ``local_count`` (a cell far from the last move, or a pattern with no
    local gamma) keeps weight 1. Without them the arithmetic is the two-member fit's."""
    gamma = np.ones(pattern_count)
    delta = np.ones(LOCAL_CLASSES)
    local = np.ones(local_count + 1)
    teams_of_three = local_features is not None
    competitions_count = winners.size
    pattern_wins = np.bincount(patterns[winners], minlength=pattern_count).astype(np.float64)
    local_wins = np.bincount(locals_[winners], minlength=LOCAL_CLASSES).astype(np.float64)
    seen = np.bincount(patterns, minlength=pattern_count) > 0
    if teams_of_three:
        own_wins = np.bincount(local_features[winners], minlength=local_count + 1).astype(float)
        own_seen = np.bincount(local_features, minlength=local_count + 1) > 0
        own_seen[local_count] = False  # no local gamma: 1

    def third():  # the local gamma of each row (1 for teams of two)
        return local[local_features] if teams_of_three else 1.0

    for _ in range(iterations):
        strength = gamma[patterns] * delta[locals_] * third()
        total = np.bincount(comp, weights=strength, minlength=competitions_count)
        share = delta[locals_] * third() / total[comp]
        denominator = np.bincount(patterns, weights=share, minlength=pattern_count)
        gamma = np.where(seen, (pattern_wins + 1.0) / (denominator + 2.0 / (gamma + 1.0)), 1.0)
        strength = gamma[patterns] * delta[locals_] * third()
        total = np.bincount(comp, weights=strength, minlength=competitions_count)
        share = gamma[patterns] * third() / total[comp]
        denominator = np.bincount(locals_, weights=share, minlength=LOCAL_CLASSES)
        delta = (local_wins + 1.0) / (denominator + 2.0 / (delta + 1.0))
        if teams_of_three:
            strength = gamma[patterns] * delta[locals_] * third()
            total = np.bincount(comp, weights=strength, minlength=competitions_count)
            share = gamma[patterns] * delta[locals_] / total[comp]
            denominator = np.bincount(local_features, weights=share, minlength=local_count + 1)
            local = np.where(own_seen, (own_wins + 1.0) / (denominator + 2.0 / (local + 1.0)), 1.0)
    strength = gamma[patterns] * delta[locals_] * third()
    total = np.bincount(comp, weights=strength, minlength=competitions_count)
    log_likelihood = float(np.mean(np.log(strength[winners] / total)))
    return gamma, delta, log_likelihood, local


def top_rank_rate(comp, patterns, locals_, winners, gamma, delta) -> float:
    """How often the cell played has the largest prior of its competition (:func:`scores`)."""
    return scores(comp, gamma[patterns] * delta[locals_], winners)[1]


def local_classes(games: list[list[int]], size: int, skip: int) -> np.ndarray:
    """The local class (:func:`engine.patterns.local_class`) of every candidate row of
    :func:`playout_competitions` (the empty cells of each move in cell order), in its order."""
    classes: list[int] = []
    for cells, _black_moves, last, _cell in moves_played(games, size, skip):
        classes.extend(local_class(size, c, last) for c in np.flatnonzero(cells == 0).tolist())
    return np.asarray(classes, dtype=np.int64)


def local_key_rows(games: list[list[int]], size: int, skip: int) -> tuple[np.ndarray, ...]:
    """The local keys (:func:`engine.patterns.local_keys`: 6-cell, 12-cell; -1 for a cell not
    near the last move) of every candidate row of :func:`playout_competitions`, in its order."""
    key6: list[int] = []
    key12: list[int] = []
    for cells, black_moves, last, _cell in moves_played(games, size, skip):
        for candidate in np.flatnonzero(cells == 0).tolist():
            keys = local_keys(cells, size, candidate, black_moves, last)
            key6.append(-1 if keys is None else keys[0])
            key12.append(-1 if keys is None else keys[1])
    return np.asarray(key6, dtype=np.int64), np.asarray(key12, dtype=np.int64)


def sized_rows(games: list[tuple[int, list[int]]], skip: int, local: bool = False):
    """The rows of ``(size, cells)`` games for the prior model: per candidate row its
    competition, 6-cell and 12-cell codes and local class; per competition the row of the cell
    played; with ``local`` then the row's local keys (:func:`local_key_rows`). The games of
    each size go through :func:`playout_competitions` and :func:`local_classes` together
    (sizes in the order they first come), competitions and rows numbered on across sizes."""
    parts = []
    competitions_so_far = rows_so_far = 0
    for size in dict.fromkeys(size for size, _cells in games):
        group = [cells for s, cells in games if s == size]
        comp, code6, code12, _near, _dead, winners = playout_competitions(group, size, skip)
        locals_ = local_classes(group, size, skip)
        keys = local_key_rows(group, size, skip) if local else ()
        parts.append(
            (comp + competitions_so_far, code6, code12, locals_, winners + rows_so_far, *keys)
        )
        competitions_so_far += winners.size
        rows_so_far += comp.size
    return tuple(np.concatenate(column) for column in zip(*parts, strict=True))


def prior12_features(code6, code12, kept):
    """The pattern feature of each row for 12-cell priors: ``CODES + k`` when its 12-cell code
    is ``kept[k]`` (sorted), else its 6-cell code."""
    index = np.minimum(np.searchsorted(kept, code12), max(kept.size - 1, 0))
    own = kept[index] == code12 if kept.size else np.zeros(code12.size, dtype=bool)
    return np.where(own, CODES + index, code6)


def _looked_up(table: dict[int, float], codes: np.ndarray, default: np.ndarray) -> np.ndarray:
    """``table[code]`` for each of ``codes`` that the table has, else ``default``'s entry."""
    if not table:
        return default
    keys = np.asarray(sorted(table), dtype=np.int64)
    values = np.asarray([table[int(k)] for k in keys], dtype=np.float64)
    index = np.minimum(np.searchsorted(keys, codes), keys.size - 1)
    return np.where(keys[index] == codes, values[index], default)


def prior_strengths(table: PatternTable, code6, code12, locals_, key6=None, key12=None):
    """Per candidate row the prior weight ``table`` gives it (:meth:`engine.patterns.
    PatternTable.gamma_of` times the local weight, times the local gamma of the row's local
    keys ``key6``/``key12`` when given: :meth:`engine.patterns.PatternTable.local_of`), for
    all rows at once; :func:`engine.patterns.move_priors` is the cell-by-cell definition."""
    strength = _looked_up(table.gamma12, code12, table.gamma[code6].astype(np.float64))
    strength = strength * table.delta[locals_]
    if key6 is not None and (table.local12 or table.local6):
        ones = np.ones(key6.size)
        local = _looked_up(table.local12, key12, _looked_up(table.local6, key6, ones))
        strength = strength * np.where(key12 >= 0, local, 1.0)
    return strength


def local_feature_rows(key6, key12, kept12, seen6):
    """The local feature of each row (:func:`fit`'s third member): ``k`` when its 12-cell
    local key is ``kept12[k]`` (sorted), else ``kept12.size + j`` when its 6-cell local key is
    ``seen6[j]`` (sorted), else ``kept12.size + seen6.size`` (far from the last move, or a
    6-cell key never seen in training: local gamma 1)."""
    none = kept12.size + seen6.size
    features = np.full(key6.size, none, dtype=np.int64)
    for offset, kept, keys in ((kept12.size, seen6, key6), (0, kept12, key12)):
        if kept.size:
            index = np.minimum(np.searchsorted(kept, keys), kept.size - 1)
            own = (kept[index] == keys) & (keys >= 0)
            features = np.where(own, offset + index, features)
    return features


def prior12_main(options, games) -> int:
    """``--prior12``: the prior table with 12-cell gammas (:class:`engine.patterns.PatternTable`
    ``gamma12``; ours, after MoHex 2.0's global 12-cell gammas): each cell is a team of its
    pattern, the 12-cell code when seen at least ``--min-count`` times in training, else the
    6-cell code, and its local class. Prints the held-out figures of this fit and of the plain
    6-cell fit of the same games, side by side. ``games`` are ``(size, cells)`` pairs: the
    patterns do not depend on the board's size, so games of several sizes fit one table.
    With ``--local`` a cell near the last move has a third team-mate, its local gamma
    (:meth:`engine.patterns.PatternTable.local_of`): its 12-cell local key's when that key is
    seen at least ``--local-min-count`` times among the near training rows, else its 6-cell
    local key's; the figures of the fit without it (``_12``) are printed beside."""
    train = games[: len(games) - options.holdout]
    test = games[len(games) - options.holdout :]

    def rows(part):
        return sized_rows(part, options.skip, local=options.local)

    comp, code6, code12, locals_, winners, *keys = rows(train)
    codes, counts = np.unique(code12, return_counts=True)
    kept = codes[counts >= options.min_count]
    features = prior12_features(code6, code12, kept)
    count = CODES + kept.size
    local_count, local_features, kept12, seen6 = 0, None, np.zeros(0, np.int64), np.zeros(0)
    if options.local:
        key6, key12 = keys
        codes, counts = np.unique(key12[key12 >= 0], return_counts=True)
        kept12 = codes[counts >= options.local_min_count]
        seen6 = np.unique(key6[key6 >= 0])
        local_features = local_feature_rows(key6, key12, kept12, seen6)
        local_count = kept12.size + seen6.size
    gamma, delta, ll12, local = fit(
        comp, features, locals_, winners, options.iterations, count, local_features, local_count
    )
    fits = {"": (gamma, delta, local, features, local_features)}
    if options.local:
        gamma_, delta_, ll_, _ = fit(comp, features, locals_, winners, options.iterations, count)
        fits["_12"] = (gamma_, delta_, np.ones(1), features, None)
    gamma6, delta6, ll6, _ = fit(comp, code6, locals_, winners, options.iterations)
    fits["_6"] = (gamma6, delta6, np.ones(1), code6, None)
    report = {
        "games": len(train),
        "moves": int(winners.size),
        "min_count": options.min_count,
        "patterns12_kept": int(kept.size),
    }
    if options.local:
        report["local_min_count"] = options.local_min_count
        report["local12_kept"] = int(kept12.size)
        report["local6_kept"] = int(seen6.size)
        report["log_likelihood_per_move"] = round(ll12, 4)
        report["log_likelihood_per_move_12"] = round(ll_, 4)
    else:
        report["log_likelihood_per_move"] = round(ll12, 4)
    report["log_likelihood_per_move_6"] = round(ll6, 4)

    def strengths(fitted, pattern_rows, local_rows, local_classes_):
        g, d, lam, _f, _l = fitted
        strength = g[pattern_rows] * d[local_classes_]
        return strength * lam[local_rows] if local_rows is not None else strength

    report["top_rank_rate"] = round(
        scores(comp, strengths(fits[""], features, local_features, locals_), winners)[1], 4
    )
    if test:
        t_comp, t_code6, t_code12, t_locals, t_winners, *t_keys = rows(test)
        t_features = prior12_features(t_code6, t_code12, kept)
        t_local = None
        if options.local:
            t_local = local_feature_rows(t_keys[0], t_keys[1], kept12, seen6)
        report["holdout_games"] = len(test)
        for suffix, fitted in fits.items():
            patterns_ = t_code6 if suffix == "_6" else t_features
            locals_rows = t_local if fitted[4] is not None else None
            ll, top = scores(t_comp, strengths(fitted, patterns_, locals_rows, t_locals), t_winners)
            report[f"holdout_log_likelihood_per_move{suffix}"] = round(ll, 4)
            report[f"holdout_top_rank_rate{suffix}"] = round(top, 4)
        for path in options.compare:  # a shipped table on the same held-out moves
            table = load_table(str(path))
            strength = prior_strengths(table, t_code6, t_code12, t_locals, *t_keys)
            ll, top = scores(t_comp, strength, t_winners)
            report[f"holdout_log_likelihood_per_move_{path.stem}"] = round(ll, 4)
            report[f"holdout_top_rank_rate_{path.stem}"] = round(top, 4)
    gamma12 = {int(code): float(gamma[CODES + k]) for k, code in enumerate(kept.tolist())}
    local12 = {int(key): float(local[k]) for k, key in enumerate(kept12.tolist())}
    local6 = {int(key): float(local[kept12.size + j]) for j, key in enumerate(seen6.tolist())}
    source = options.source or ", ".join(map(str, options.folders))
    table = PatternTable(gamma[:CODES], delta, source, gamma12, local12, local6)
    return write_prior_table(options, table, report)


def write_prior_table(options, table: PatternTable, report: dict) -> int:
    """Write the prior table with the fit's settings and report, and print the report."""
    sizes = options.sizes if len(options.sizes) > 1 else options.sizes[0]
    extra = {"size": sizes, "skip": options.skip, "iterations": options.iterations}
    options.out.write_text(table.to_json({**extra, **report}), encoding="utf-8")
    for key, value in report.items():
        print(f"{key}: {value}")
    print(f"local (far, adjacent, bridge): {', '.join(f'{d:.3f}' for d in table.delta)}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m hexswarm.engine.tools.patterns",
        description="Learn pattern weights (Bradley-Terry by MM) from the games in folders.",
    )
    parser.add_argument("folders", nargs="*", type=Path, help="folders of .sgf games")
    parser.add_argument(
        "--size", type=int, action="append", dest="sizes",
        help="board size of the games used (default 9); with --prior12 repeatable: the games "
        "of every size given, held out the last --holdout of them in reading order (folders, "
        "then each games file in turn)",
    )  # fmt: skip
    parser.add_argument("--skip", type=int, default=0, help="moves left out at each game's start")
    parser.add_argument("--iterations", type=int, default=60, help="MM iterations")
    parser.add_argument("--holdout", type=int, default=0, help="last N games kept for testing")
    parser.add_argument("--out", type=Path, required=True, help="the table file to write")
    parser.add_argument("--source", default="", help="what the games are, for the table")
    parser.add_argument(
        "--playout", action="store_true", help="learn the playout table (engine.kernels.patterns)"
    )
    parser.add_argument(
        "--prior12",
        action="store_true",
        help="learn a prior table with 12-cell gammas (a 12-cell code kept, else its 6-cell one)",
    )
    parser.add_argument(
        "--local",
        action="store_true",
        help="--prior12: also learn local gammas of the cells near the last move (12-cell "
        "local keys seen --local-min-count times, else 6-cell ones)",
    )
    parser.add_argument(
        "--local-min-count", type=int, default=10,
        help="--local: near training rows a 12-cell local key needs (default 10)",
    )  # fmt: skip
    parser.add_argument(
        "--min-count", type=int, default=None,
        help="rows a 12-cell code needs (default: 2 with --playout, 20 with --prior12)",
    )  # fmt: skip
    parser.add_argument(
        "--prune", type=float, default=0.2,
        help="--playout: keep a 12-cell weight only if it is more than exp(PRUNE) times from "
        "its 6-cell weight, or less",
    )  # fmt: skip
    parser.add_argument(
        "--compare", type=Path, action="append", default=[],
        help="--playout: a playout table file also scored on the same moves; --prior12: a "
        "prior table file also scored on the held-out moves (repeatable)",
    )  # fmt: skip
    parser.add_argument(
        "--cells", type=int, choices=(6, 12), default=12,
        help="--playout: the pattern size of the table written (both are fitted)",
    )  # fmt: skip
    parser.add_argument(
        "--games-file", type=Path, action="append", default=[],
        help="a text file of games, one a line: size then the cells played (repeatable)",
    )  # fmt: skip
    return parser


def read_sized_games_file(path: Path, sizes: list[int]) -> list[tuple[int, list[int]]]:
    """The ``(size, cells)`` games of the given sizes in a move-list file, in its order: one
    game a line, ``SIZE CELL CELL ...`` (cells as row-major indices; lines starting with ``#``
    are comments)."""
    games = []
    for number, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        size, *cells = (int(v) for v in line.split())
        if size in sizes:
            if any(not 0 <= c < size * size for c in cells) or len(set(cells)) != len(cells):
                raise ValueError(f"{path}:{number}: cells off the board or repeated")
            games.append((size, cells))
    return games


def read_games_file(path: Path, size: int) -> list[list[int]]:
    """The games of ``size`` in a move-list file (:func:`read_sized_games_file`)."""
    return [cells for _size, cells in read_sized_games_file(path, [size])]


def playout_main(options, games) -> int:
    train = games[: len(games) - options.holdout]
    test = games[len(games) - options.holdout :]
    train_data = playout_competitions(train, options.size, options.skip)
    test_data = playout_competitions(test, options.size, options.skip) if test else None
    if options.cells == 6:
        tables = plain_fit6(train_data, options.iterations)
    else:
        tables = team_fit(train_data, options.min_count, options.iterations, options.prune)
    global_, local, global12, local12 = tables
    # Both fits weigh the open board far from the last move 1: the cap is just above it.
    cap = float(global12.get(0, global_[0])) * CAP_ABOVE_OPEN_BOARD
    table = PlayoutTable(global_, local, cap, options.source or "games", 1.0, global12, local12)
    report: dict[str, float] = {
        "games": len(train),
        "moves": int(train_data[-1].size),
        "patterns12_kept": len(global12) + len(local12),
    }
    # The policy the kernel plays (cap and dead cells included), on the training and the
    # held-out moves, and that of every --compare table on the same moves.
    contenders = [("", table)] + [
        (f"_{path.stem}", load_playout_table(str(path))) for path in options.compare
    ]
    for part, data in (("", train_data), ("holdout_", test_data)):
        if data is None:
            continue
        uniform = float(np.mean(-np.log(np.bincount(data[0]))))
        report[f"{part}uniform_log_likelihood_per_move"] = round(uniform, 4)
        for name, contender in contenders:
            ll, top = scores(data[0], policy_strengths(data, contender), data[-1])
            report[f"{part}log_likelihood_per_move{name}"] = round(ll, 4)
            report[f"{part}top_rank_rate{name}"] = round(top, 4)
    report["holdout_games"] = len(test)
    extra = {
        "size": options.size,
        "skip": options.skip,
        "iterations": options.iterations,
        "cells": options.cells,
        "min_count": options.min_count,
        "prune": options.prune,
    }
    options.out.write_text(table.to_json({**extra, **report}), encoding="utf-8")
    for key, value in report.items():
        print(f"{key}: {value}")
    print(f"cap (open-board global weight x {CAP_ABOVE_OPEN_BOARD}): {cap:.4f}")
    return 0


def main(argv: list[str] | None = None) -> int:
    options = build_parser().parse_args(argv)
    options.sizes = list(dict.fromkeys(options.sizes or [9]))
    options.size = options.sizes[0]
    if len(options.sizes) > 1 and not options.prior12:
        print("patterns: several --size only with --prior12", file=sys.stderr)
        return 2
    if options.local and not options.prior12:
        print("patterns: --local only with --prior12", file=sys.stderr)
        return 2
    if options.min_count is None:
        options.min_count = 20 if options.prior12 else 2
    read = [(size, g) for size in options.sizes for g in read_games(options.folders, size)]
    for path in options.games_file:
        read += read_sized_games_file(path, options.sizes)
    distinct = dict.fromkeys((size, tuple(g)) for size, g in read)  # identical games once
    if len(distinct) <= options.holdout:
        print(f"patterns: only {len(distinct)} distinct games", file=sys.stderr)
        return 2
    if options.prior12:
        return prior12_main(options, [(size, list(g)) for size, g in distinct])
    games = [list(g) for _size, g in distinct]
    if options.playout:
        return playout_main(options, games)
    train = games[: len(games) - options.holdout]
    test = games[len(games) - options.holdout :]
    data = competitions(train, options.size, options.skip)
    gamma, delta, log_likelihood, _ = fit(*data, iterations=options.iterations)
    uniform = float(np.mean(-np.log(np.bincount(data[0]))))
    report = {
        "games": len(train),
        "moves": int(data[3].size),
        "patterns_seen": int(np.count_nonzero(np.bincount(data[1], minlength=CODES))),
        "log_likelihood_per_move": round(log_likelihood, 4),
        "uniform_log_likelihood_per_move": round(uniform, 4),
        "top_rank_rate": round(top_rank_rate(*data, gamma, delta), 4),
    }
    if test:
        held = competitions(test, options.size, options.skip)
        strength = gamma[held[1]] * delta[held[2]]
        total = np.bincount(held[0], weights=strength)
        report["holdout_games"] = len(test)
        report["holdout_log_likelihood_per_move"] = round(
            float(np.mean(np.log(strength[held[3]] / total))), 4
        )
        report["holdout_uniform_log_likelihood_per_move"] = round(
            float(np.mean(-np.log(np.bincount(held[0])))), 4
        )
        report["holdout_top_rank_rate"] = round(top_rank_rate(*held, gamma, delta), 4)
    table = PatternTable(gamma, delta, options.source or ", ".join(map(str, options.folders)))
    return write_prior_table(options, table, report)


if __name__ == "__main__":
    sys.exit(main())

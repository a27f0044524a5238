"""Statistics for AI-vs-AI matches: win rates with confidence intervals and Elo differences.

Pure functions on counts; no I/O, no engine state. Every rate here is *for player A* (the first
player named on the match's command line) unless a name says otherwise.

* :func:`wilson_interval` is the Wilson score interval (Wilson 1927) for a binomial proportion:
  unlike the normal ("Wald") interval it stays inside [0, 1] and is sensible for 0 or n wins.
* :func:`elo_difference` turns an expected score into an Elo difference with the logistic model
  the Elo system uses: ``score = 1 / (1 + 10 ** (-difference / 400))``.
* :func:`elo_interval` maps the Wilson interval of the score through that curve. The curve is
  increasing, so the image of the score interval is an interval of Elo differences with the same
  coverage; it is infinite on a side where the score bound is 0 or 1.
* :func:`bradley_terry_ratings` rates many players at once from the games of a round robin
  (the Bradley-Terry model, which is the Elo model fitted to all games together).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

Z_95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""


def win_rate(wins: int, games: int) -> float:
    """``wins / games``; ``nan`` for no games."""
    _check_counts(wins, games)
    return wins / games if games else math.nan


def wilson_interval(wins: int, games: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval ``(low, high)`` for ``wins`` successes in ``games`` trials.

    With no games the interval is the whole of ``(0.0, 1.0)``. ``z`` is the normal quantile
    (1.96 for 95%).
    """
    _check_counts(wins, games)
    if games == 0:
        return 0.0, 1.0
    n = games
    p = wins / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = (z / (1 + z2 / n)) * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    low, high = centre - half, centre + half
    # Exact ends: 0 wins must give low 0, n wins high 1 (rounding can leave 1e-17).
    if wins == 0:
        low = 0.0
    if wins == n:
        high = 1.0
    return max(0.0, low), min(1.0, high)


def elo_difference(score: float) -> float:
    """The Elo difference (A minus B) whose expected score for A is ``score`` (0..1).

    ``-inf`` for 0 and ``+inf`` for 1: a perfect record bounds nothing from above.
    """
    if not 0.0 <= score <= 1.0 or math.isnan(score):
        raise ValueError(f"a score is a fraction from 0 to 1, not {score!r}")
    if score == 0.0:
        return -math.inf
    if score == 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


def elo_interval(wins: int, games: int, z: float = Z_95) -> tuple[float, float]:
    """The Elo-difference interval for A that corresponds to the Wilson interval of its score."""
    low, high = wilson_interval(wins, games, z)
    return elo_difference(low), elo_difference(high)


@dataclass(frozen=True, slots=True)
class MatchSummary:
    """Counts and derived statistics of a finished (or partial) match, for player A.

    ``a_wins_as_black`` counts A's wins in the games where A had Black (moved first, unless a
    swap exchanged colours), and so on. ``black_wins`` counts games won by the Black stones.
    """

    games: int
    a_wins: int
    b_wins: int
    black_wins: int
    white_wins: int
    a_wins_as_black: int
    a_wins_as_white: int
    b_wins_as_black: int
    b_wins_as_white: int
    a_win_rate: float
    a_win_rate_low: float
    a_win_rate_high: float
    elo: float
    elo_low: float
    elo_high: float

    def to_dict(self) -> dict:
        return {name: getattr(self, name) for name in self.__slots__}


def summarize(results: list[tuple[str, str]], z: float = Z_95) -> MatchSummary:
    """Summarise games given as ``(winner_player, winner_colour)`` pairs.

    ``winner_player`` is ``"A"`` or ``"B"``; ``winner_colour`` is ``"black"`` or ``"white"``
    (the colour of the winner's stones at the end of the game).
    """
    counts = {("A", "black"): 0, ("A", "white"): 0, ("B", "black"): 0, ("B", "white"): 0}
    for player, colour in results:
        key = (player, colour)
        if key not in counts:
            raise ValueError(f"bad game result {key!r}: expected (A|B, black|white)")
        counts[key] += 1
    games = len(results)
    a_wins = counts["A", "black"] + counts["A", "white"]
    b_wins = games - a_wins
    low, high = wilson_interval(a_wins, games, z)
    rate = win_rate(a_wins, games)
    return MatchSummary(
        games=games,
        a_wins=a_wins,
        b_wins=b_wins,
        black_wins=counts["A", "black"] + counts["B", "black"],
        white_wins=counts["A", "white"] + counts["B", "white"],
        a_wins_as_black=counts["A", "black"],
        a_wins_as_white=counts["A", "white"],
        b_wins_as_black=counts["B", "black"],
        b_wins_as_white=counts["B", "white"],
        a_win_rate=rate,
        a_win_rate_low=low,
        a_win_rate_high=high,
        elo=elo_difference(rate) if games else math.nan,
        elo_low=elo_difference(low),
        elo_high=elo_difference(high),
    )


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's Elo rating from :func:`bradley_terry_ratings`, relative to the anchor (whose
    rating is 0 with no interval), with its 95% interval."""

    elo: float
    elo_low: float
    elo_high: float


_ELO_PER_LOGIT = 400.0 / math.log(10.0)


def bradley_terry_ratings(
    players: int,
    results: Sequence[tuple[int, int, int, int]],
    *,
    anchor: int = 0,
    prior_draws: float = 1.0,
    z: float = Z_95,
) -> list[Rating]:
    """Elo ratings of ``players`` players (numbered from 0) from ``results``, a list of
    ``(i, j, wins of i, games)`` pairs, by the maximum of the Bradley-Terry likelihood: player
    i beats j with probability ``1 / (1 + 10 ** ((r_j - r_i) / 400))``, so two players alone
    get :func:`elo_difference` of their score.

    Each player counts ``prior_draws`` extra games in all, drawn (won half by each side, as
    BayesElo's virtual draws), shared equally among the pairs of players: each pair that met
    counts ``prior_draws / (players - 1)``. So a player who won every game gets a finite
    rating rather than an infinite one, and with many players the prior stays as light as
    with two. Ratings are relative to ``anchor`` (0); the interval of each other player is
    ``rating +- z`` standard errors, from the inverse of the likelihood's curvature (the
    uncertainty of its difference from the anchor). Raise ``ValueError`` when some player is
    not linked to the anchor through games.
    """
    import numpy as np

    if not 0 <= anchor < players:
        raise ValueError(f"anchor {anchor} is not one of the {players} players")
    wins = np.zeros((players, players))
    games = np.zeros((players, players))
    prior = prior_draws / max(1, players - 1)  # a pair's share of each player's virtual draws
    for i, j, won, played in results:
        _check_counts(won, played)
        if i == j or not (0 <= i < players and 0 <= j < players):
            raise ValueError(f"bad pair of players ({i}, {j})")
        if played == 0:
            continue
        wins[i, j] += won + prior / 2
        wins[j, i] += played - won + prior / 2
        games[i, j] += played + prior
        games[j, i] += played + prior
    linked, frontier = {anchor}, [anchor]
    while frontier:
        i = frontier.pop()
        for j in np.flatnonzero(games[i]).tolist():
            if j not in linked:
                linked.add(j)
                frontier.append(j)
    if len(linked) < players:
        missing = sorted(set(range(players)) - linked)
        raise ValueError(f"players {missing} have no games linking them to player {anchor}")
    free = [i for i in range(players) if i != anchor]
    strength = np.zeros(players)  # in logits (natural log of the odds)
    for _ in range(100):  # Newton's method on a concave likelihood: a handful of steps
        expected = 1.0 / (1.0 + np.exp(strength[None, :] - strength[:, None]))
        gradient = (wins - games * expected).sum(axis=1)
        weight = games * expected * (1.0 - expected)
        curvature = np.diag(weight.sum(axis=1)) - weight  # minus the Hessian
        step = np.linalg.solve(curvature[np.ix_(free, free)], gradient[free])
        strength[free] += step
        if np.max(np.abs(step)) < 1e-12:
            break
    expected = 1.0 / (1.0 + np.exp(strength[None, :] - strength[:, None]))
    weight = games * expected * (1.0 - expected)
    curvature = np.diag(weight.sum(axis=1)) - weight
    variance = np.zeros(players)
    variance[free] = np.diag(np.linalg.inv(curvature[np.ix_(free, free)]))
    ratings = []
    for i in range(players):
        elo = float(strength[i] * _ELO_PER_LOGIT)
        half = float(z * math.sqrt(variance[i]) * _ELO_PER_LOGIT)
        ratings.append(Rating(elo, elo - half, elo + half))
    return ratings


def format_elo(value: float) -> str:
    """``+123``, ``-45``, ``+inf``; ``n/a`` for nan."""
    if math.isnan(value):
        return "n/a"
    if math.isinf(value):
        return "+inf" if value > 0 else "-inf"
    return f"{value:+.0f}"


def _check_counts(wins: int, games: int) -> None:
    if games < 0 or wins < 0 or wins > games:
        raise ValueError(f"need 0 <= wins <= games, got wins={wins}, games={games}")

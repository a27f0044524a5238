"""hexswarm.engine.tools.stats against hand-computed values and the defining equations."""

from __future__ import annotations

import math

import pytest
from hexswarm.engine.tools.stats import (
    Z_95,
    Rating,
    bradley_terry_ratings,
    elo_difference,
    elo_interval,
    format_elo,
    summarize,
    wilson_interval,
    win_rate,
)
from hypothesis import given
from hypothesis import strategies as st


def test_wilson_five_of_ten_hand_computed():
    # p = .5, n = 10, z^2 = 3.8416: centre = (.5 + .19208) / 1.38416 = .5,
    # half = 1.96 / 1.38416 * sqrt(.025 + .009604) = 1.416021 * .186022 = .263408.
    low, high = wilson_interval(5, 10, z=1.96)
    assert low == pytest.approx(0.236592, abs=1e-5)
    assert high == pytest.approx(0.763408, abs=1e-5)


def test_wilson_zero_wins_hand_computed():
    # p = 0: the interval is [0, (z^2/n) / (1 + z^2/n)] = [0, .38416 / 1.38416].
    low, high = wilson_interval(0, 10, z=1.96)
    assert low == 0.0
    assert high == pytest.approx(0.38416 / 1.38416, abs=1e-12)
    assert wilson_interval(10, 10, z=1.96) == pytest.approx((1 - 0.38416 / 1.38416, 1.0))


def test_wilson_thesis_match_127_of_200():
    # p = .635, n = 200: centre = .6446036 / 1.0192073 = .632456,
    # half = 1.923028 * sqrt(.001158875 + .0000240091) = .066139.
    low, high = wilson_interval(127, 200)
    assert low == pytest.approx(0.566317, abs=2e-6)
    assert high == pytest.approx(0.698595, abs=2e-6)


def test_no_games_is_the_whole_unit_interval():
    assert wilson_interval(0, 0) == (0.0, 1.0)
    assert math.isnan(win_rate(0, 0))


@pytest.mark.parametrize(("wins", "games"), [(-1, 3), (4, 3), (0, -1)])
def test_bad_counts_raise(wins, games):
    with pytest.raises(ValueError):
        wilson_interval(wins, games)


WINS_AND_GAMES = st.integers(min_value=1, max_value=5000).flatmap(
    lambda n: st.tuples(st.integers(0, n), st.just(n))
)


@given(WINS_AND_GAMES)
def test_wilson_bounds_solve_the_score_equation(case):
    """The Wilson bounds are the x in [0, 1] with (p - x)^2 = z^2 x (1 - x) / n."""
    wins, games = case
    p = wins / games
    low, high = wilson_interval(wins, games)
    assert 0.0 <= low <= p <= high <= 1.0
    for x in (low, high):
        lhs = (p - x) ** 2
        rhs = Z_95**2 * x * (1 - x) / games
        assert lhs == pytest.approx(rhs, abs=1e-9)


def test_elo_hand_computed():
    # 400 * log10(3) = 400 * .4771213 = 190.8485
    assert elo_difference(0.75) == pytest.approx(190.8485, abs=1e-3)
    assert elo_difference(0.25) == pytest.approx(-190.8485, abs=1e-3)
    assert elo_difference(0.5) == 0.0
    assert elo_difference(1.0) == math.inf
    assert elo_difference(0.0) == -math.inf
    with pytest.raises(ValueError):
        elo_difference(1.5)


@given(st.floats(min_value=-1500, max_value=1500))
def test_elo_inverts_the_logistic_expected_score(difference):
    score = 1 / (1 + 10 ** (-difference / 400))
    assert elo_difference(score) == pytest.approx(difference, abs=1e-6)


def test_elo_interval_maps_wilson_bounds():
    low, high = elo_interval(127, 200)
    # -400 log10(1/.566317 - 1) = 46.355; -400 log10(1/.698595 - 1) = 146.030
    assert low == pytest.approx(46.355, abs=1e-2)
    assert high == pytest.approx(146.030, abs=1e-2)
    assert elo_interval(3, 3)[1] == math.inf


def test_summarize_counts_per_player_and_colour():
    results = [("A", "black"), ("A", "white"), ("B", "black"), ("A", "black")]
    summary = summarize(results)
    assert (summary.games, summary.a_wins, summary.b_wins) == (4, 3, 1)
    assert (summary.black_wins, summary.white_wins) == (3, 1)
    assert (summary.a_wins_as_black, summary.a_wins_as_white) == (2, 1)
    assert (summary.b_wins_as_black, summary.b_wins_as_white) == (1, 0)
    assert summary.a_win_rate == 0.75
    assert (summary.a_win_rate_low, summary.a_win_rate_high) == wilson_interval(3, 4)
    assert summary.elo == pytest.approx(190.8485, abs=1e-3)
    assert summary.to_dict()["a_wins"] == 3
    with pytest.raises(ValueError):
        summarize([("C", "black")])


def test_format_elo():
    assert format_elo(190.85) == "+191"
    assert format_elo(-45.2) == "-45"
    assert format_elo(math.inf) == "+inf"
    assert format_elo(-math.inf) == "-inf"
    assert format_elo(math.nan) == "n/a"


# ------------------------------------------------------------------ Bradley-Terry ratings


@given(st.integers(0, 40), st.integers(1, 40))
def test_two_players_rate_as_their_score_with_one_virtual_draw(wins, extra):
    games = max(wins, 1) + extra - 1
    wins = min(wins, games)
    anchor, other = bradley_terry_ratings(2, [(0, 1, wins, games)])
    assert anchor == Rating(0.0, 0.0, 0.0)
    assert -other.elo == pytest.approx(elo_difference((wins + 0.5) / (games + 1)), abs=1e-6)
    # The interval is the delta method's: one standard error of the logit is
    # 1 / sqrt(n p (1 - p)) with the virtual draw counted.
    p = (wins + 0.5) / (games + 1)
    half = Z_95 / math.sqrt((games + 1) * p * (1 - p)) * 400 / math.log(10)
    assert other.elo_high - other.elo == pytest.approx(half, rel=1e-6)
    assert other.elo - other.elo_low == pytest.approx(half, rel=1e-6)


def test_ratings_recover_the_strengths_that_made_the_expected_scores():
    true = [0.0, 150.0, -80.0, 420.0]

    def expected(i, j):
        return 1 / (1 + 10 ** ((true[j] - true[i]) / 400))

    n = 10**6  # the virtual draws' pull vanishes against a million games a pair
    results = [(i, j, round(n * expected(i, j)), n) for i in range(4) for j in range(i + 1, 4)]
    ratings = bradley_terry_ratings(4, results)
    for rating, strength in zip(ratings, true, strict=True):
        assert rating.elo == pytest.approx(strength, abs=0.5)
        assert rating.elo_high - rating.elo_low < 10


def test_the_anchor_only_shifts_the_ratings():
    results = [(0, 1, 7, 10), (1, 2, 3, 10), (0, 2, 10, 10), (2, 3, 6, 10), (0, 3, 8, 10)]
    first = bradley_terry_ratings(4, results)
    third = bradley_terry_ratings(4, results, anchor=2)
    shift = first[2].elo
    for a, b in zip(first, third, strict=True):
        assert a.elo - shift == pytest.approx(b.elo, abs=1e-9)
    # a clean sweep has a finite rating, above the player it swept
    assert math.isfinite(first[2].elo) and first[2].elo < first[0].elo


def test_players_without_games_linking_them_are_refused():
    with pytest.raises(ValueError, match=r"players \[2, 3\]"):
        bradley_terry_ratings(4, [(0, 1, 5, 10), (2, 3, 5, 10)])
    with pytest.raises(ValueError, match="bad pair"):
        bradley_terry_ratings(2, [(0, 0, 1, 2)])
    with pytest.raises(ValueError):
        bradley_terry_ratings(2, [(0, 1, 3, 2)])


def test_ratings_solve_the_likelihood_equations_with_the_shared_virtual_draws():
    """Each player's wins (with its share of one virtual draw per player, 1/(players - 1) a
    pair) equal the wins the fitted ratings expect, including a player who lost every game."""
    results = [(0, 1, 9, 12), (0, 2, 12, 12), (1, 2, 10, 12), (1, 3, 4, 10), (2, 3, 3, 8)]
    players = 4
    ratings = bradley_terry_ratings(players, results)
    prior = 1.0 / (players - 1)
    actual = [0.0] * players
    expected = [0.0] * players
    for i, j, wins, games in results:
        p = 1 / (1 + 10 ** ((ratings[j].elo - ratings[i].elo) / 400))
        actual[i] += wins + prior / 2
        actual[j] += games - wins + prior / 2
        expected[i] += (games + prior) * p
        expected[j] += (games + prior) * (1 - p)
    assert actual == pytest.approx(expected, abs=1e-9)
    assert ratings[2].elo < ratings[1].elo < ratings[0].elo  # 2 lost all 12 to 0

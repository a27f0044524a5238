"""README.md's match scores, intervals, game-by-game comparisons, numba / C range and paths agree
with the raw results under docs/results/ (docs/results/evidence/check_readme.py), and the check
notices when one of them does not."""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

import pytest

# The checkout (see tests/test_packaging.py): ./hexswarm.sh test names it, tests run from a copy.
CHECKOUT = Path(os.environ.get("HEXSWARM_CHECKOUT") or Path(__file__).resolve().parent.parent)
SCRIPT = CHECKOUT / "docs" / "results" / "evidence" / "check_readme.py"
pytestmark = pytest.mark.skipif(
    not SCRIPT.is_file(),
    reason="needs the source tree: run from the checkout or set HEXSWARM_CHECKOUT",
)


@pytest.fixture(scope="module")
def check_readme():
    spec = importlib.util.spec_from_file_location("hexswarm_check_readme", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    try:
        spec.loader.exec_module(module)
        yield module
    finally:
        del sys.modules[spec.name]


@pytest.fixture(scope="module")
def readme() -> str:
    return (CHECKOUT / "README.md").read_text(encoding="utf-8")


def test_the_readme_agrees_with_its_raw_results(check_readme):
    assert check_readme.check(CHECKOUT) == []


def test_the_script_says_so_and_exits_0(check_readme, capsys):
    assert check_readme.main([str(CHECKOUT)]) == 0
    assert "README.md agrees with docs/results/" in capsys.readouterr().out


def test_a_score_that_disagrees_with_its_match_is_named(check_readme, readme):
    # 61-39 against MoHex at 1 000 simulations, quoted as 63-37: the score no longer matches
    # its quote, so the claim is reported, not silently passed.
    edited = readme.replace("| 61-39 | 0.61 [0.51, 0.70]", "| 63-37 | 0.61 [0.51, 0.70]")
    assert edited != readme
    problems = check_readme.check(CHECKOUT, edited)
    assert len(problems) == 1
    assert "61-39" in problems[0]


def test_an_interval_that_disagrees_with_its_counts_is_named(check_readme, readme):
    edited = readme.replace("| 43-57 | 0.43 [0.34, 0.53] |", "| 43-57 | 0.43 [0.33, 0.53] |")
    assert edited != readme
    problems = check_readme.check(CHECKOUT, edited)
    assert problems and all("0.43 [0.34, 0.53]" in problem for problem in problems)


def test_a_claim_whose_data_changed_is_named(check_readme, readme, monkeypatch):
    """The same quote with the data moved under it: A's first win of the RAVE match lost."""
    real = check_readme.match_wins

    def one_win_fewer(results, folder):
        a_wins, b_wins = real(results, folder)
        if folder == "rave/strong-vs-norave-1s":
            return a_wins - 1, b_wins + 1
        return a_wins, b_wins

    monkeypatch.setattr(check_readme, "match_wins", one_win_fewer)
    problems = check_readme.check(CHECKOUT, readme)
    assert problems == [
        "'| 31-9 (40 games) | +215 [+89, +341] |': 31-9 quoted, 30-10 in rave/strong-vs-norave-1s"
    ]


def test_a_game_by_game_count_that_disagrees_is_named(check_readme, readme, monkeypatch):
    """README and the check's claim both edited to 19 games turned to wins: the match files
    still say 20, and the check says so."""
    claim = next(c for c in check_readme.PAIRED if (c.to_wins, c.to_losses) == (20, 12))
    wrong = check_readme.Paired(
        claim.quote.replace("(20 games", "(19 games"), claim.before, claim.after, 19, 12, "0.22"
    )
    edited = readme.replace("(20 games turned to wins and", "(19 games turned to wins and")
    assert edited.count("(19 games turned to wins and") == 1
    monkeypatch.setattr(check_readme, "PAIRED", (wrong,))
    assert check_readme.check_paired(CHECKOUT / "docs" / "results", edited) == [
        f"{check_readme.normalise(wrong.quote)!r}: {claim.before} -> {claim.after} gives 20 to "
        "wins, 12 to losses, p = 0.22"
    ]


def test_a_missing_path_and_a_wrong_c_ratio_are_named(check_readme, readme):
    edited = readme.replace("docs/results/mistakes/", "docs/results/mistakes-gone/")
    low, high, _ = check_readme.C_RATIO_QUOTE.search(readme).groups()
    wrong = f"{float(high) + 0.01:.2f}"  # whatever the latest run's range, one past its top
    edited = edited.replace(
        f"the uniform playout at {low}-{high}", f"the uniform playout at {low}-{wrong}"
    )
    problems = check_readme.check(CHECKOUT, edited)
    assert any("docs/results/mistakes-gone/" in problem for problem in problems)
    assert any(f"numba / C {low}-{wrong}" in problem for problem in problems)


def test_the_sign_test_is_two_sided_and_exact(check_readme):
    # 20 against 5: 2 * P(X <= 5) for X ~ Binomial(25, 1/2), 2 * (1 + 25 + 300 + 2 300 +
    # 12 650 + 53 130) / 2**25, about 0.004 (README: "sign test p = 0.004")
    assert check_readme.sign_test(20, 5) == pytest.approx(2 * 68406 / 2**25)
    assert check_readme.sign_test(5, 20) == check_readme.sign_test(20, 5)
    assert check_readme.sign_test(4, 4) == 1.0
    assert check_readme.sign_test(0, 0) == 1.0


def test_a_printed_figure_that_disagrees_with_its_output_is_named(
    check_readme, readme, monkeypatch
):
    """README and the check's claim both moved to 0.84 s: the output still says 0.94."""
    claim = next(c for c in check_readme.PRINTED if "0.94 s on a cold start" in c.quote)
    wrong = check_readme.Printed(
        claim.quote.replace("0.94", "0.84"), claim.file, claim.pattern, claim.written
    )
    edited = readme.replace("0.94 s on a cold start", "0.84 s on a cold start")
    assert edited.count("0.84 s on a cold start") == 1
    # the claim as it stands no longer finds its quote
    assert any(
        "0.94 s on a cold start" in problem for problem in check_readme.check(CHECKOUT, edited)
    )
    monkeypatch.setattr(check_readme, "PRINTED", (wrong,))
    assert check_readme.check_printed(CHECKOUT / "docs" / "results", edited) == [
        f"{check_readme.normalise(wrong.quote)!r}: startup/cold-idle-r4.txt gives 0.94"
    ]


def test_a_scaled_figure_is_compared_after_scaling(check_readme, readme):
    """The output's 1 291.27 s is quoted as 21.5 min: it agrees only once divided by 60, and
    an edited figure is named."""
    assert check_readme.check_printed(CHECKOUT / "docs" / "results", readme) == []
    edited = readme.replace("21.5 min to the last kernel", "12.5 min to the last kernel")
    problems = check_readme.check_printed(CHECKOUT / "docs" / "results", edited)
    assert problems == [
        "quote not in README.md (moved or changed?): 'and 21.5 min to the last kernel'"
    ]

"""Reviewing a game (``engine.review``): the saved analysis and its SGF property, the thresholds,
and the drops and grades of a line, on games built by hand with known answers."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import pytest
from hexswarm.engine.board import BLACK, WHITE, Board, HexError
from hexswarm.engine.game import Game
from hexswarm.engine.records import parse_sgf, write_sgf
from hexswarm.engine.review import (
    ANALYSIS_PROPERTY,
    BLUNDER,
    GOOD,
    INACCURACY,
    MISTAKE,
    REVIEW_ANALYST,
    GradeThresholds,
    LineEstimate,
    PositionAnalysis,
    line_estimates,
    review_moves,
)
from hexswarm.engine.search.snapshot import SearchSnapshot
from hypothesis import given
from hypothesis import strategies as st


def analysis(to_move, win, best="a1", line=None) -> PositionAnalysis:
    return PositionAnalysis(to_move, win, best, line or (best,), 1000, 0.5, "uct:playouts=9,seed=1")


@given(
    st.sampled_from([BLACK, WHITE]),
    st.floats(0.0, 1.0),
    st.lists(st.sampled_from(["a1", "b2", "c3", "e5", "swap-pieces"]), min_size=1, max_size=6),
    st.integers(0, 10**9),
    st.sampled_from(["", "uct", "sdst:agents=5000,policy=tree", "mc:playouts_per_move=9"]),
    st.integers(0, 10**7),
)
def test_the_property_text_round_trips(to_move, win, line, playouts, ai, agents):
    moves = tuple((move, win / (i + 1)) for i, move in enumerate(dict.fromkeys(line)))
    saved = PositionAnalysis(to_move, win, line[0], tuple(line), playouts, 1.25, ai, moves, agents)
    read = PositionAnalysis.parse(saved.to_text())
    rounded = tuple((move, round(value, 4)) for move, value in moves)
    assert read == PositionAnalysis(
        to_move, round(win, 4), line[0], tuple(line), playouts, 1.25, ai, rounded, agents
    )


def test_the_old_format_still_reads_and_is_written_in_the_new_one():
    """Files saved before the agents were kept hold format 1: they open with the same
    analyses (agents unknown: 0); saving writes format 2."""
    old = (
        "v=1 to=w win=0.4200 best=c2 pv=c2,b4 moves=c2:0.4200,b4:0.3100 playouts=900 "
        "seconds=0.50 ai=uct:playouts=9"
    )
    read = PositionAnalysis.parse(old)
    assert read == PositionAnalysis(
        WHITE, 0.42, "c2", ("c2", "b4"), 900, 0.5, "uct:playouts=9", (("c2", 0.42), ("b4", 0.31))
    )
    game = Game(5)
    game.root.set(ANALYSIS_PROPERTY, old)
    (again,) = parse_sgf(write_sgf(game))
    assert again.root.ai == read
    game.root.ai = again.root.ai  # written anew: the new format, the same analysis
    assert game.root.get(ANALYSIS_PROPERTY).startswith("v=2 to=w win=0.4200 best=c2")
    assert " agents=0 " in game.root.get(ANALYSIS_PROPERTY)
    assert PositionAnalysis.parse(game.root.get(ANALYSIS_PROPERTY)) == read


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("v=3 to=b win=0.5 best=a1", "version"),
        ("v=2 to=b win=0.5 best=a1 agents=-4", "from 0"),
        ("v=1 win=0.5 best=a1", "lacks the field 'to'"),
        ("v=1 to=b win=lots best=a1", "malformed number"),
        ("v=1 to=b win=1.5 best=a1", "0..1"),
        ("v=1 to=purple win=0.5 best=a1", "colour|color"),
        ("v=1 to=b win=0.5 best", "not key=value"),
        ("v=1 to=b win=0.5 best=a1 moves=a1", "not move:win rate"),
        ("v=1 to=b win=0.5 best=a1 moves=a1:2.0", "0..1"),
    ],
)
def test_unreadable_analyses_say_why(text, message):
    with pytest.raises(HexError, match=message):
        PositionAnalysis.parse(text)


def test_an_unreadable_property_is_kept_and_reads_as_no_analysis():
    game = Game(5)
    game.root.set(ANALYSIS_PROPERTY, "v=9 whatever")
    assert game.root.ai is None
    assert game.root.get(ANALYSIS_PROPERTY) == "v=9 whatever"  # never lost


def test_from_snapshot_keeps_the_searchers_view():
    snapshot = SearchSnapshot(
        position_id=1,
        player="sdst",
        to_move="white",
        iteration=9,
        playouts=4000,
        elapsed_s=1.5,
        root_moves=(-1, 6, 12),
        root_agents=(10, 50, 40),
        root_active=(5, 30, 20),
        best_move=12,
        estimate=0.61,
        principal_variation=(12, 6, 99),  # 99 lies off a 5x5 board: the line stops there
    )
    saved = PositionAnalysis.from_snapshot(snapshot, 5)
    # The saved moves: the searcher's choice first, then by support; values for White (no
    # root_values: the active shares).
    moves = (("c3", 0.5), ("b2", 0.6), ("swap-pieces", 0.5))
    assert saved == PositionAnalysis(
        WHITE,
        0.61,
        "c3",
        ("c3", "b2"),
        4000,
        1.5,
        "sdst",
        moves,
        agents=100,
        support=(40, 50, 10),
    )
    assert saved.for_player(BLACK) == pytest.approx(0.39)
    assert PositionAnalysis.from_snapshot(snapshot, 5, "sdst:agents=100").ai == "sdst:agents=100"
    empty = SearchSnapshot(1, "sdst", "white", 0, 0, 0.0, (), (), (), -1, 0.5)
    assert PositionAnalysis.from_snapshot(empty, 5) is None
    # Iteration 0 of a swarm: random hypotheses, no playout finished, no estimate yet.
    unsearched = SearchSnapshot(1, "sdst", "white", 0, 0, 0.0, (6, 12), (50, 50), (0, 0), 12, 0.5)
    assert PositionAnalysis.from_snapshot(unsearched, 5) is None


def test_a_move_decided_without_a_value_keeps_no_analysis():
    """Root tactics' forced block: no search, no value (it once became "Black 50%" on the
    graph); a proven win is kept as decided."""
    from hexswarm.engine.players import create_player

    player = create_player("mc:playouts_per_move=1,threads=1,tactics=on")
    block = Board.from_rows(["W.WWW", ".....", ".B...", ".....", "....."], to_move="black")
    assert PositionAnalysis.from_snapshot(player.choose_move(block).snapshot, 5) is None
    win = Board.from_rows(["..B..", "..B..", ".....", "..B..", "..B.."], to_move="black")
    won = PositionAnalysis.from_snapshot(player.choose_move(win).snapshot, 5)
    assert won is not None and won.for_player(BLACK) == 1.0 and won.best_move == "c3"
    assert won.exact and "exact=1" in won.to_text()


def test_a_proven_loss_is_saved_as_exact_with_its_search():
    """White threatens to connect at c1 and at c5: Black to move has lost whatever it plays.
    The search still runs (a human may miss the win) and its moves' values are kept, but the
    position's win rate is the proof's 0, not the search's estimate."""
    from hexswarm.engine.players import create_player

    lost = Board.from_rows(["WW.WW", "BB.BB", "B...B", "B.B..", "WW.WW"], to_move="black")
    player = create_player("uct:playouts=300,threads=1,tactics=on,seed=1")
    snapshot = player.choose_move(lost).snapshot
    assert snapshot.proven == "loss" and snapshot.playouts > 0
    saved = PositionAnalysis.from_snapshot(snapshot, 5)
    assert saved.exact and saved.win_rate == 0.0 and saved.playouts == snapshot.playouts
    assert len(saved.moves) > 1 and saved.support
    read = PositionAnalysis.parse(saved.to_text())
    assert read.exact and read.win_rate == 0.0 and read.moves[0][0] == saved.moves[0][0]


def test_exact_analyses_round_trip_and_are_wins_or_losses():
    exact = PositionAnalysis(WHITE, 1.0, "c3", ("c3",), 0, 0.0, "strong", exact=True)
    assert "exact=1" in exact.to_text() and PositionAnalysis.parse(exact.to_text()) == exact
    searched = analysis(BLACK, 1.0)
    assert (
        "exact" not in searched.to_text() and not PositionAnalysis.parse(searched.to_text()).exact
    )
    with pytest.raises(HexError, match="exact analysis is a win"):
        PositionAnalysis(WHITE, 0.5, "c3", exact=True)


def test_thresholds_rise_and_grade_at_their_boundaries():
    thresholds = GradeThresholds(0.05, 0.10, 0.20)
    assert [thresholds.grade(d) for d in (0.0, 0.049, 0.05, 0.099, 0.1, 0.2, 1.0)] == [
        GOOD,
        GOOD,
        INACCURACY,
        INACCURACY,
        MISTAKE,
        BLUNDER,
        BLUNDER,
    ]
    for bad in ((0.0, 0.1, 0.2), (0.1, 0.05, 0.2), (0.05, 0.1, 1.5)):
        with pytest.raises(HexError, match="must rise"):
            GradeThresholds(*bad)


def reviewed_game() -> Game:
    """5x5: Black c3 (good), White a1 (a blunder: the search wanted c2), Black b4 (an
    inaccuracy), White c2. Analyses on every position, each for its side to move."""
    game = Game(5)
    for move in ("c3", "a1", "b4", "c2"):
        game.play(move)
    nodes = game.main_line()
    nodes[0].ai = analysis(BLACK, 0.60, "c3", ("c3", "c2"))
    nodes[1].ai = analysis(WHITE, 0.42, "c2", ("c2", "b4", "d2"))  # Black 0.58 after c3
    nodes[2].ai = analysis(BLACK, 0.85, "d2")  # White 0.15 after a1: drop 0.27
    nodes[3].ai = analysis(WHITE, 0.21, "b3")  # Black 0.79 after b4: drop 0.06
    return game


def winners(game: Game) -> list:
    return [game.board_at(node).winner for node in game.main_line()]


def test_drops_grades_and_better_moves_of_a_line():
    game = reviewed_game()
    reviews = review_moves(game.main_line(), winners(game))
    assert sorted(reviews) == [1, 2, 3]  # c2 has no analysis after it
    c3, a1, b4 = reviews[1], reviews[2], reviews[3]
    assert (c3.number, c3.color, c3.grade, c3.better) == (1, BLACK, GOOD, None)
    assert c3.drop == pytest.approx(0.02)
    assert (a1.color, a1.grade, a1.better, a1.better_line) == (
        WHITE,
        BLUNDER,
        "c2",
        ("c2", "b4", "d2"),
    )
    assert a1.before == pytest.approx(0.42) and a1.after == pytest.approx(0.15)
    assert a1.drop == pytest.approx(0.27) and a1.is_mistake
    assert (b4.grade, b4.better) == (INACCURACY, "d2") and not b4.is_mistake
    lenient = review_moves(game.main_line(), winners(game), GradeThresholds(0.1, 0.3, 0.5))
    assert [lenient[i].grade for i in (1, 2, 3)] == [GOOD, INACCURACY, GOOD]
    white_only = review_moves(game.main_line(), winners(game), sides=(WHITE,))
    assert list(white_only) == [2]


def test_a_move_that_wins_is_worth_everything_and_a_gain_is_no_drop():
    game = Game(2)
    for move in ("a1", "b1", "a2"):  # Black joins top and bottom on 2x2
        game.play(move)
    nodes = game.main_line()
    nodes[2].ai = analysis(BLACK, 0.3, "a2")
    reviews = review_moves(nodes, winners(game))
    assert reviews[3].after == 1.0 and reviews[3].drop == 0.0 and reviews[3].grade == GOOD


def test_swaps_are_not_graded():
    game = Game(5, swap_rule=True)
    game.play("c3")
    game.play("swap-pieces")
    game.play("b2")
    nodes = game.main_line()
    for node in nodes:
        node.ai = analysis(game.board_at(node).to_move, 0.5, "a1")
    reviews = review_moves(nodes, winners(game))
    assert 2 not in reviews and {1, 3} <= set(reviews)


def test_a_reviewed_game_round_trips_through_sgf_in_the_hexgui_dialect():
    game = reviewed_game()
    text = write_sgf(game)
    assert f"{ANALYSIS_PROPERTY}[v=2 to=b win=0.6000 best=c3 pv=c3,c2" in text
    assert "GM[11]" in text and "FF[4]" in text
    (read,) = parse_sgf(text)
    assert read.dialect == "hexswarm"
    assert [n.ai for n in read.main_line()] == [n.ai for n in game.main_line()]
    again = review_moves(read.main_line(), winners(read))
    assert again == review_moves(game.main_line(), winners(game))
    # HexGui's reader keeps properties it does not know: the file reads as plain HexGui SGF
    # (the AP application tag replaced), analyses and moves intact.
    hexgui_text = text.replace(
        text[text.index("AP[") : text.index("]", text.index("AP[")) + 1], "AP[HexGui:0.10]"
    )
    (as_hexgui,) = parse_sgf(hexgui_text)
    assert as_hexgui.dialect == "hexgui" and not as_hexgui.warnings
    assert [n.token for n in as_hexgui.main_line()] == [n.token for n in game.main_line()]


def test_a_move_the_search_valued_is_graded_against_the_best_by_that_same_search():
    """The parent search valued c2 at 0.55 and a1 at 0.30 for White: a1 drops 0.25 whatever the
    (differently biased) search of the position after it says."""
    game = reviewed_game()
    nodes = game.main_line()
    moves = (("c2", 0.55), ("a1", 0.30))
    nodes[1].ai = PositionAnalysis(WHITE, 0.55, "c2", ("c2",), 10, 0.1, "uct", moves)
    review = review_moves(nodes, winners(game))[2]
    assert review.before == 0.55 and review.after == 0.30 and review.drop == pytest.approx(0.25)
    assert review.grade == BLUNDER and review.better == "c2"


def test_the_line_estimates_read_each_position_or_the_value_of_the_move_played():
    """5x5, by hand: the start (Black 60%), c3 played with no search of the position after it
    but valued by the search before (Black's 0.64), b4 searched (White 30%, so Black 70%), a
    pass, then d2 unsearched and unvalued; a variation's estimates are its own."""
    game = Game(5)
    game.root.ai = PositionAnalysis(BLACK, 0.6, "c3", moves=(("c3", 0.64), ("b2", 0.5)), ai="a")
    game.play("c3")
    game.play("b4")
    game.cursor.ai = PositionAnalysis(BLACK, 0.7, "d2", ai="b")
    game.play("pass")
    game.play("d2")
    line = game.main_line()
    assert line_estimates(line) == [
        LineEstimate(0, 0.6, True, "a"),
        LineEstimate(1, pytest.approx(0.64), False, "a"),
        LineEstimate(2, 0.7, True, "b"),
    ]
    # White's view turned to Black's: White valued its a1 at 0.8, so Black 0.2 after it.
    game.go_to(line[1])
    game.cursor.ai = PositionAnalysis(WHITE, 0.75, "a1", moves=(("a1", 0.8),), ai="c")
    game.play("a1")
    variation = game.continuation(game.cursor)
    assert line_estimates(variation)[1:] == [
        LineEstimate(1, 0.25, True, "c"),
        LineEstimate(2, pytest.approx(0.2), False, "c"),
    ]


def test_who_played_each_move_is_saved_with_the_game():
    game = Game(5)
    game.play("c3")
    game.cursor.player = "uct:playouts=500,seed=3"
    game.play("b4")
    (read,) = parse_sgf(write_sgf(game))
    assert [n.player for n in read.main_line()] == [None, "uct:playouts=500,seed=3", None]
    read.main_line()[1].player = None
    assert "XP" not in read.main_line()[1].properties


def supported_line(optimism: float = 0.0) -> Game:
    """5x5, Black b1, White c1, Black d1; each position analysed with supports, every win rate
    raised by ``optimism`` for the side to move (a searcher more optimistic for its side)."""
    game = Game(5)
    for move in ("b1", "c1", "d1"):
        game.play(move)
    nodes = game.main_line()
    o = optimism
    positions = [
        (BLACK, 0.60, (("a1", 0.60), ("b1", 0.50)), (900, 100)),
        (WHITE, 0.55, (("c1", 0.55),), (1000,)),
        (BLACK, 0.50, (("d1", 0.50),), (500,)),
        (WHITE, 0.45, (), ()),
    ]
    for node, (color, win, moves, support) in zip(nodes, positions, strict=True):
        raised = tuple((name, value + o) for name, value in moves)
        best = moves[0][0] if moves else "a2"
        node.ai = PositionAnalysis(
            color, win + o, best, (best,), 1000, 1.0, "uct", raised, support=support
        )
    return game


def test_with_supports_every_move_is_measured_by_the_search_after_it_offset():
    """The offset is the mean of (own value - search after), each weighted by n / (n + 100)
    for its support n (100, 1000, 500); each move's "after" is the search after it plus that,
    whether or not the search before saved its value."""
    weights = (100 / 200, 1000 / 1100, 500 / 600)
    offset = (weights[0] * 0.05 + weights[1] * 0.05 - weights[2] * 0.05) / sum(weights)
    game = supported_line()
    reviews = review_moves(game.main_line(), winners(game))
    b1, c1, d1 = reviews[1], reviews[2], reviews[3]
    assert b1.after == pytest.approx(0.45 + offset) and b1.drop == pytest.approx(0.15 - offset)
    assert b1.grade == MISTAKE and b1.better == "a1"
    assert c1.after == pytest.approx(0.50 + offset) and c1.grade == GOOD
    assert d1.after == pytest.approx(0.55 + offset) and d1.drop == 0.0


@pytest.mark.parametrize("optimism", [0.01, 0.03, 0.05])
def test_a_searcher_optimistic_for_its_side_grades_the_same(optimism):
    """Raising every value for the side to move (the bias of a short search) changes no drop:
    the offset absorbs it."""
    plain, biased = supported_line(), supported_line(optimism)
    first = review_moves(plain.main_line(), winners(plain))
    second = review_moves(biased.main_line(), winners(biased))
    for number in first:
        assert second[number].drop == pytest.approx(first[number].drop, abs=1e-9)
        assert second[number].grade == first[number].grade


def test_supports_round_trip_and_must_match_the_moves():
    saved = supported_line().main_line()[0].ai
    text = saved.to_text()
    assert "moves=a1:0.6000@900,b1:0.5000@100" in text
    assert PositionAnalysis.parse(text) == saved and saved.support_of("b1") == 100
    with pytest.raises(HexError, match="for every move or for none"):
        PositionAnalysis.parse(text.replace("b1:0.5000@100", "b1:0.5000"))


def test_a_proven_position_after_a_move_is_its_value_and_what_follows_from_it():
    """The position after White's c1 is proven lost for Black (an exact 0): c1 keeps White at
    1 and no offset is added. What follows exactly (round 15, ``proven_line``): White's
    position before c1 was won too (c1 wins), so Black's b1 went into a proven loss: from the
    search's 60% to 0, a blunder. Black's d1 from the lost position drops nothing (0 cannot
    drop)."""
    game = supported_line()
    nodes = game.main_line()
    lost = nodes[2].ai
    nodes[2].ai = PositionAnalysis(
        BLACK,
        0.0,
        "d1",
        ("d1",),
        1000,
        1.0,
        "strong",
        lost.moves,
        support=lost.support,
        exact=True,
    )
    reviews = review_moves(nodes, winners(game))
    b1, c1, d1 = reviews[1], reviews[2], reviews[3]
    assert c1.before == 1.0 and c1.before_exact and c1.after == 1.0 and c1.grade == GOOD
    assert b1.after == 0.0 and b1.after_exact and not b1.before_exact
    assert b1.drop == pytest.approx(0.60) and b1.grade == BLUNDER
    assert d1.before == 0.0 and d1.drop == 0.0 and d1.after_exact  # lost, and stays lost


def test_no_single_well_searched_move_decides_the_offset():
    """Forty moves whose two searches differ by 4 points, each searched 1 000 times, and one
    forced reply searched 1 000 000 times whose differ by 30: the offset stays near 4 points
    (weighted by the supports themselves it would be 29), so one position's own gap
    does not move every grade of the line."""
    from hexswarm.engine.review import _Evidence, cross_search_offset

    def gap(index, same, support):
        return _Evidence(index, index, BLACK, "a1", 0.6, same, support, 0.5, False, None)

    line = [gap(i, 0.54, 1000) for i in range(40)] + [gap(40, 0.80, 1_000_000)]
    assert cross_search_offset(line) == pytest.approx(0.04 + 0.26 / 41, abs=0.002)
    exact = [*line[:40], _Evidence(40, 40, BLACK, "a1", 0.6, 0.80, 10**6, 0.0, True, None)]
    assert cross_search_offset(exact) == pytest.approx(0.04)


# The source tree: this file's own, or the one HEXSWARM_CHECKOUT names (./hexswarm.sh test runs
# the tests from a copy, against the installed wheel).
CHECKOUT = Path(os.environ.get("HEXSWARM_CHECKOUT") or Path(__file__).resolve().parents[2])
STUDY_DESK = CHECKOUT / "docs" / "results" / "study-desk"


def regraded_agreement(path: Path) -> float:
    """The share of moves two saved reviews grade alike, graded again by the current rule
    (``review_stability.py --regrade``, the script that made them)."""
    spec = importlib.util.spec_from_file_location(
        "review_stability", STUDY_DESK / "review_stability.py"
    )
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    return script.regrade(str(path))["same_grade_share"]


@pytest.mark.skipif(
    not STUDY_DESK.is_dir(),
    reason="needs the source tree: run from the checkout or set HEXSWARM_CHECKOUT",
)
def test_the_reviews_analyst_is_the_steadiest_measured():
    """REVIEW_ANALYST is plain UCT whose count limit the review's seconds always reach first;
    on the committed 60-move 11x11 game, at what one idle core searches in 1 s (330 000
    playouts: analyst-speed.txt, where `strong` plays 95 000), its two seeds' reviews agree on
    90 % of the grades or more, and at equal playouts (25 000) at least as often as
    `strong`'s."""
    from hexswarm.engine.players.levels import parse_spec

    level, settings = parse_spec(REVIEW_ANALYST)
    assert level == "uct" and settings.time_s is None and settings.playouts >= 10**7
    assert not settings.rave and settings.leaf_playouts == 1 and settings.tactics == "off"
    runs = STUDY_DESK / "analyst"
    uct = regraded_agreement(runs / "review-stability-uct-330k.json")
    assert uct >= 0.9
    assert uct > regraded_agreement(runs / "review-stability-strong-25k.json")
    assert regraded_agreement(runs / "review-stability-uct-25k.json") >= regraded_agreement(
        runs / "review-stability-strong-25k.json"
    )


def test_a_move_is_not_graded_by_two_analysts_disagreeing():
    """An AI game of club (Black) against strong (White) on the clock keeps each side's own
    searches: the position after a White move is club's, after a Black move strong's. Club
    valued White's moves lower than strong had (its optimism, not the moves): the line's one
    offset then graded White's a1 a mistake and c2 an inaccuracy (the move list showed
    "d8?!" and "e9?" in such a game, 28 Nov) though each AI played its own search's best move.
    The search after a move is set beside the search before it only when both are one
    analyst's, whatever each move's seed and time; else the move is measured by the search
    before alone."""
    game = Game(5)
    for move in ("c3", "a1", "b4", "c2"):
        game.play(move)
    nodes = game.main_line()
    club, strong = "club:seed=2,time_s={:.3f}", "strong:seed=1,time_s={:.3f}"
    searches = [  # who searched, for whom, the win rate, the move played next and its value
        (club, BLACK, 0.60, "c3"),
        (strong, WHITE, 0.40, "a1"),  # Black 0.60 after c3: as club said
        (club, BLACK, 0.80, "b4"),  # White 0.20 after a1: strong had said 0.40
        (strong, WHITE, 0.20, "c2"),  # Black 0.80 after b4: as club said
        (club, BLACK, 0.95, "d2"),  # White 0.05 after c2: strong had said 0.20
    ]

    def annotate(name_of):
        for n, (node, (spec, to_move, win, best)) in enumerate(zip(nodes, searches, strict=True)):
            ai = name_of(spec).format(1.0 + n / 10)
            moves = ((best, win),)
            node.ai = PositionAnalysis(
                to_move, win, best, (best,), 500, 1.0, ai, moves, 500, (500,)
            )

    annotate(lambda spec: spec)
    reviews = review_moves(nodes, winners(game))
    assert [reviews[i].grade for i in (1, 2, 3, 4)] == [GOOD] * 4
    assert reviews[2].after == pytest.approx(0.40)  # strong's own value of its a1
    # One analyst (strong, each move its own time): the search after is its word too.
    annotate(lambda spec: strong)
    reviews = review_moves(nodes, winners(game))
    assert [reviews[i].grade for i in (1, 2, 3, 4)] == [GOOD, MISTAKE, GOOD, INACCURACY]

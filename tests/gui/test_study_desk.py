"""The study desk (issue 32): candidate moves on the board with their values and lines, and the
review that grades a game's moves, finds its mistakes and offers the better move (pytest-qt)."""

from __future__ import annotations

import math
from dataclasses import replace
from unittest import mock

import pytest
from hexswarm.engine.board import BLACK, WHITE
from hexswarm.engine.records import parse_sgf, write_sgf
from hexswarm.engine.review import REVIEW_ANALYST, GradeThresholds, PositionAnalysis
from hexswarm.engine.search.snapshot import SearchSnapshot
from hexswarm.gui.board_widget import BoardWidget, candidate_colour
from hexswarm.gui.dashboard.overlay import (
    VALUE_DROP_WORST,
    BoardOverlay,
    CandidateMark,
    OverlaySettings,
    candidate_marks,
)
from hexswarm.gui.review import ReviewDialog, ReviewSettings
from hexswarm.gui.settings import GameSettings, SideSettings
from PySide6.QtCore import QPoint, Qt

from tests.gui.input_events import hover

HUMANS = GameSettings(size=5, black=SideSettings(), white=SideSettings(), analysis_spec="tiny")


def snapshot(**fields) -> SearchSnapshot:
    base = dict(
        position_id=1,
        player="sdst",
        to_move="black",
        iteration=5,
        playouts=5000,
        elapsed_s=0.5,
        root_moves=(-1, 12, 7, 13, 18),
        root_agents=(5, 600, 300, 100, 0),
        root_active=(2, 330, 120, 30, 0),
        best_move=12,
        estimate=0.55,
        principal_variation=(12, 7, 17),
        root_values=(0.5, 0.55, 0.45, math.nan, math.nan),
        root_lines=((12, 7, 17), (7, 12, 8), (13, 12)),
    )
    base.update(fields)
    return SearchSnapshot(**base)


# --------------------------------------------------------------------------- candidate marks


def test_candidate_marks_rank_colour_and_label_the_strongest_moves():
    marks = candidate_marks(snapshot(), 8)
    assert [m.cell for m in marks] == [12, 7, 13]  # no swap (no cell), no unsupported move
    best, second, third = marks
    assert (best.order, best.quality, best.value_label, best.support_label) == (0, 1.0, "55", "600")
    assert best.share == round(600 / 1005, 2) and best.line == (12, 7, 17)
    assert second.quality == pytest.approx(1 - 0.10 / VALUE_DROP_WORST)
    assert third.value_label == "30"  # no value from the search: its active share, 30/100
    assert third.quality == 0.0  # 25 points below the best: the worst colour
    assert (
        best.detail
        == "best · win rate after it 55% · 600 agents (60% of the root), 55% active · line of 3"
    )
    assert candidate_marks(snapshot(player="uct"), 1)[0].detail.startswith(
        "best · win rate after it 55% · 600 visits"
    )
    assert candidate_marks(snapshot(), 1) == (best,)
    assert candidate_marks(snapshot(), 0) == ()


def test_candidate_colours_are_measured_from_the_searchers_choice():
    """Round 14, MoHex analysing a 9x11 position: its choice f5 (4 000 visits, 28 %) was
    drawn red and i7 (20 visits, 55 %) green: the colours ran from the highest value shown,
    which a barely visited move can hold. They run from the choice; a move valued above it
    is as green as it, and its number still says what the searcher said."""
    mohex = snapshot(
        player="engine:MoHex",
        root_moves=(40, 60, 38, 39, 70),
        root_agents=(4000, 1000, 210, 68, 20),
        root_active=(1120, 280, 46, 8, 11),
        best_move=40,
        estimate=0.28,
        principal_variation=(40,),
        root_values=(0.28, 0.28, 0.22, 0.12, 0.55),
        root_lines=(),
    )
    marks = {m.cell: m for m in candidate_marks(mohex, 5)}
    assert marks[40].order == 0 and marks[40].quality == 1.0
    assert (marks[70].quality, marks[70].value_label) == (1.0, "55")
    assert marks[38].quality == pytest.approx(1 - 0.06 / VALUE_DROP_WORST)
    assert marks[39].quality == 0.0  # 16 points below the choice


def test_a_barely_visited_candidate_is_drawn_faded_whoever_searched(qtbot, board):
    """Round 14: MoHex's candidates of 20 visits beside its choice's 4 000 were drawn like
    any other. A candidate with less than a tenth of the best supported one's support is
    faded (its fill, ring and numbers), ours as an engine's; the choice never is."""
    fields = dict(
        root_moves=(12, 7, 8, 17),
        root_agents=(4000, 1000, 210, 20),
        root_active=(1120, 280, 46, 11),
        best_move=12,
        estimate=0.28,
        principal_variation=(12,),
        root_values=(0.28, 0.28, 0.22, 0.55),
        root_lines=(),
    )
    for player in ("engine:MoHex", "uct:playouts=5000"):
        marks = {m.cell: m for m in candidate_marks(snapshot(player=player, **fields), 5)}
        assert [marks[c].faded for c in (12, 7, 8, 17)] == [False, False, True, True]
        assert "its value is uncertain" in marks[17].detail
    few = {**fields, "root_agents": (20, 4000, 1000, 210)}  # the choice with few: kept
    marks = {m.cell: m for m in candidate_marks(snapshot(player="engine:MoHex", **few), 5)}
    assert not marks[12].faded and marks[7].order == 1
    # Drawn: the faded mark's fill lets the board show through.
    mark = CandidateMark(12, 1, 1.0, 0.0, "55", "20", (12,))
    radius = board.geometry_for_size().radius
    centre = board.cell_center(12)
    ratio = board.devicePixelRatioF()
    x, y = round((centre.x() - 0.55 * radius) * ratio), round(centre.y() * ratio)
    drawn = {}
    for faded in (False, True):
        board.set_candidates((replace(mark, faded=faded),))
        drawn[faded] = board.grab().toImage().pixelColor(x, y)
    assert drawn[False] == candidate_colour(1.0)
    assert drawn[True] != drawn[False]
    assert drawn[True].hsvSaturation() < drawn[False].hsvSaturation()


def test_candidate_colours_run_from_red_through_yellow_to_green():
    red, yellow, green = candidate_colour(0.0), candidate_colour(0.5), candidate_colour(1.0)
    assert red.red() > red.green() and green.green() > green.red()
    assert yellow.red() > 200 and yellow.green() > 180


def cell_point(board: BoardWidget, cell: int) -> QPoint:
    return board.cell_center(cell).toPoint()


@pytest.fixture
def board(qtbot) -> BoardWidget:
    """A shown board widget with an empty 5x5 position."""
    from hexswarm.engine.board import Board

    widget = BoardWidget()
    qtbot.addWidget(widget)
    widget.resize(700, 520)
    widget.show()
    qtbot.waitExposed(widget)
    widget.set_board(Board(5))
    return widget


def test_board_draws_candidates_and_shows_a_candidates_line_on_hover(qtbot, board):
    plain = board.grab().toImage()
    mark = CandidateMark(12, 0, 1.0, 0.6, "55", "600", (12, 7, 17))
    other = CandidateMark(7, 1, 0.0, 0.3, "45", "300", (7, 12, 8), "second: 300 agents")
    board.set_candidates((mark, other))
    assert board.candidates == (mark, other)
    image = board.grab().toImage()
    radius = board.geometry_for_size().radius
    for cell, expected in ((12, candidate_colour(1.0)), (7, candidate_colour(0.0))):
        centre = board.cell_center(cell)
        ratio = board.devicePixelRatioF()
        x, y = round((centre.x() - 0.55 * radius) * ratio), round(centre.y() * ratio)
        drawn = image.pixelColor(x, y)
        assert drawn != plain.pixelColor(x, y)
        assert abs(drawn.red() - expected.red()) + abs(drawn.green() - expected.green()) < 40
    hover(board, cell_point(board, 7))
    qtbot.waitUntil(lambda: board.hovered_cell == 7)
    assert board.hover_line() == (7, 12, 8) and board.toolTip() == other.detail
    hover(board, cell_point(board, 0))
    qtbot.waitUntil(lambda: board.hovered_cell == 0)
    assert board.hover_line() == ()
    board.set_candidates(())
    assert board.candidates == ()


def test_the_dashboard_marks_candidates_and_hover_previews_their_lines(qtbot, board):
    from hexswarm.gui.dashboard import Dashboard

    dashboard = Dashboard(board, board_size=5)
    try:
        dashboard.set_position(1)
        dashboard.offer_snapshot(snapshot(done=True))
        dashboard.refresh()
        assert [m.cell for m in board.candidates] == [12, 7, 13]
        hover(board, cell_point(board, 7))
        qtbot.waitUntil(lambda: board.preview == (7, 12, 8))
        dashboard.set_candidate_count(1)
        assert [m.cell for m in board.candidates] == [12]
        dashboard.set_candidate_count(0)
        assert board.candidates == () and board.overlay  # the colours stay
        dashboard.set_hints_visible(False)
        assert board.candidates == () and not board.overlay
    finally:
        dashboard.stop()


def test_overlay_settings_bound_the_number_of_candidates():
    with pytest.raises(ValueError, match="candidates"):
        OverlaySettings(candidates=-1)
    overlay = BoardOverlay(None, OverlaySettings(candidates=2))
    overlay.show_snapshot(snapshot())
    assert [m.cell for m in overlay.marks] == [12, 7]
    assert overlay.line_from(7) == (7, 12, 8)


# --------------------------------------------------------------------------- the review


def play_game(window, moves=("c3", "a1", "b4", "c2")):
    window.start_new_game(HUMANS)
    for name in moves:
        window.controller.play(name)


def annotate(window) -> None:
    """Known analyses: White's a1 is a blunder (the search wanted c2), Black's b4 an
    inaccuracy (the search wanted d2)."""
    nodes = window.controller.game.main_line()
    values = [(BLACK, 0.60, "c3"), (WHITE, 0.42, "c2"), (BLACK, 0.85, "d2"), (WHITE, 0.21, "b3")]
    for node, (color, win, best) in zip(nodes, values, strict=False):
        node.ai = PositionAnalysis(color, win, best, (best, "e5"), 100, 0.1, "tiny")
    window.reviewer.refresh()


def test_review_analyses_every_position_with_progress_and_saves_it(window, qtbot):
    play_game(window)
    with qtbot.waitSignal(window.reviewer.analysis.finished, timeout=10_000) as finished:
        settings = ReviewSettings(seconds=0.5, analyst="tiny")
        assert window.reviewer.review_game(settings) == 5  # start + 4 moves
    assert finished.args == [True]
    line = window.controller.game.main_line()
    assert all(node.ai is not None for node in line)
    assert [node.ai.to_move for node in line] == [BLACK, WHITE, BLACK, WHITE, BLACK]
    assert window.document.dirty  # the analyses are part of the game now
    assert "Graded 4 moves" in window.statusBar().currentMessage()
    # Resume: nothing is left to analyse.
    with qtbot.waitSignal(window.reviewer.analysis.finished, timeout=10_000):
        assert window.reviewer.review_game(replace(settings, resume=True)) == 0
    (read,) = parse_sgf(write_sgf(window.controller.game))
    assert [n.ai for n in read.main_line()] == [n.ai for n in line]


def test_the_review_summary_counts_in_english(window, qtbot):
    """It had said "1 blunders, ... 0 inaccuracies" and "Analysed 1 positions"."""
    play_game(window)
    annotate(window)
    assert window.reviewer.summary() == ("Graded 3 moves: 1 blunder, 0 mistakes, 1 inaccuracy.")


def test_resuming_a_review_does_not_mix_its_analyst_with_the_players_searches(window, qtbot):
    """An AI game keeps its players' searches; one position had none (a move chosen by a rule
    without a value). Resuming with the review's analyst had searched that one position only,
    and the two analysts' differing estimates there graded two moves of a won game a blunder
    and a mistake (7x7, "strong" against "strong", 2026-11-28). A resumed review takes only
    its own analyst's analyses as done."""
    play_game(window)
    annotate(window)  # every position but the last analysed by "tiny"
    line = window.controller.game.main_line()
    with qtbot.waitSignal(window.reviewer.analysis.finished, timeout=10_000):
        assert window.reviewer.review_game(ReviewSettings(seconds=0.5, analyst="slow")) == 5
    assert all(node.ai.ai.startswith("slow") for node in line)
    # Resuming with the same analyst goes on where it stopped: nothing left here.
    with qtbot.waitSignal(window.reviewer.analysis.finished, timeout=10_000):
        assert window.reviewer.review_game(ReviewSettings(seconds=0.5, analyst="slow")) == 0


def test_a_review_searches_the_players_own_searches_again_at_its_budget(window, qtbot):
    """An AI game's positions carry its players' searches ("tiny" at 0.1 s each, on the
    clock). A review with the same level at 0.5 s had taken them as its own and searched only
    the one position without an analysis: its grades then compared 0.1 s searches with a
    0.5 s one. A review searches every position at its own budget; resuming it skips only
    the positions it searched itself, with this analyst and budget."""
    play_game(window)
    annotate(window)  # every position but the last searched by the players ("tiny", 0.1 s)
    line = window.controller.game.main_line()
    players = [node.ai for node in line]
    settings = ReviewSettings(seconds=0.5, analyst="tiny")
    with qtbot.waitSignal(window.reviewer.analysis.finished, timeout=10_000):
        assert window.reviewer.review_game(settings) == 5
    assert all(node.ai is not players[n] for n, node in enumerate(line))
    with qtbot.waitSignal(window.reviewer.analysis.finished, timeout=10_000):
        assert window.reviewer.review_game(settings) == 0  # resumed: all its own
    # Another budget, or a position searched since by someone else, is searched again.
    line[2].ai = players[2]
    with qtbot.waitSignal(window.reviewer.analysis.finished, timeout=10_000):
        assert window.reviewer.review_game(settings) == 1
    with qtbot.waitSignal(window.reviewer.analysis.finished, timeout=10_000):
        assert window.reviewer.review_game(replace(settings, seconds=0.6)) == 5


def test_mistakes_are_marked_found_and_their_better_move_played_as_a_variation(window, qtbot):
    play_game(window)
    annotate(window)
    texts = [window.move_list.item(i).text() for i in range(window.move_list.count())]
    assert texts[2].endswith("a1??") and texts[3].endswith("b4?!") and texts[1].endswith("c3")
    if window.dashboard is not None:
        assert window.dashboard.game_graph.grades == {2: "blunder", 3: "inaccuracy"}
    c = window.controller
    c.go_to(0)
    assert window.reviewer.step_mistake(1)
    assert c.move_number == 1  # the position before White's a1
    assert window.board_widget.preview == (c.board.cell_index("c2"), c.board.cell_index("e5"))
    assert "a1) was a blunder" in window.statusBar().currentMessage()
    assert not window.reviewer.step_mistake(1)  # b4 is only an inaccuracy
    assert window.statusBar().currentMessage() == (
        "No next mistake or blunder in the reviewed main line. "
        "(1 inaccuracy marked ?! in the move list; Next Mistake skips them.)"
    )
    assert window.reviewer.step_mistake(-1) is False  # from move 1 there is no earlier mistake
    # One click on the ghost makes it a variation.
    window.board_widget.cell_clicked.emit(c.board.cell_index("c2"))
    node = c.game.cursor
    assert node.token == "c2" and node.parent.children[0].token == "a1"
    assert c.game.main_line()[2].token == "a1"  # the main line is kept
    assert window.board_widget.preview == ()


def test_stepping_to_the_move_before_a_mistake_shows_the_better_move(window, qtbot):
    """Round 14: only Next Mistake showed the better move. Stepping back to the position
    before White's blunder (Left, the move list, the tree) drew no ghost (the dashboard,
    told of the new position after the review, wiped it) while a click on the empty cell
    still played it, and the status bar said only "Move 1."."""
    play_game(window)
    annotate(window)
    c = window.controller
    c.go_to(3)
    c.back()
    c.back()
    assert c.move_number == 1
    board = c.board
    assert window.board_widget.preview == (board.cell_index("c2"), board.cell_index("e5"))
    message = window.statusBar().currentMessage()
    assert message.startswith("Move 1. Move 2 (White a1) was a blunder: 42% -> ")
    assert message.endswith("Better: c2 (click it or Ctrl+B: a variation).")
    c.forward()  # before Black's inaccuracy b4: its better move
    assert window.board_widget.preview == (board.cell_index("d2"), board.cell_index("e5"))
    assert "Move 3 (Black b4) was an inaccuracy" in window.statusBar().currentMessage()
    c.forward()  # the move played from here is not graded: no ghost, no review
    assert window.board_widget.preview == () and window.statusBar().currentMessage() == "Move 3."


def test_next_mistake_from_a_better_move_goes_on_to_the_next_mistake(window, qtbot):
    """Round 14: Next Mistake, Ctrl+B (the better move, a variation), Next Mistake went back
    to the position before the mistake just explored (a variation counted from the start),
    again at every press. From a variation it counts from the fork."""
    play_game(window)
    annotate(window)
    reviewer = window.reviewer
    reviewer.review.settings = replace(
        reviewer.review.settings, thresholds=GradeThresholds(0.01, 0.02, 0.9)
    )
    reviewer.refresh()  # a1 (move 2) and b4 (move 3) are both mistakes now
    c = window.controller
    c.go_to(0)
    assert reviewer.step_mistake(1) and c.move_number == 1
    assert reviewer.play_better_move() and c.game.cursor.token == "c2"
    assert reviewer.step_mistake(1)
    assert c.move_number == 2 and c.game.cursor is c.game.main_line()[2]  # before b4
    c.go_to(1)
    assert reviewer.play_better_move()
    assert reviewer.step_mistake(-1)  # back to the mistake whose better move this is
    assert c.game.cursor is c.game.main_line()[1]


def test_the_graph_marks_only_the_grades_of_the_line_on_screen(window, qtbot):
    """Round 13, a reviewed 9x9 game: Ctrl+B played the better move d6 where b2 (move 7) had
    been a blunder; the graph, which draws the variation, kept the main line's grades by move
    number: a red blunder diamond on d6 and a yellow one at move 10, off the line, at 50 %.
    The graph marks the grades of the main-line moves on the line it draws; back on the main
    line they are there again."""
    play_game(window)
    annotate(window)
    graph = window.dashboard.game_graph
    assert graph.grades == {2: "blunder", 3: "inaccuracy"}
    c = window.controller
    c.go_to(1)
    assert window.reviewer.play_better_move()  # c2 beside the main line's a1
    assert c.game.cursor.token == "c2"
    assert graph.grades == {}  # move 1 (c3) was good; a1 and b4 are not on this line
    c.go_to_node(c.game.main_line()[3])
    assert graph.grades == {2: "blunder", 3: "inaccuracy"}


def test_a_review_position_gets_its_seconds_from_the_start_of_its_search(window, qtbot):
    """A position's seconds had started with the request: while the review's worker was
    busy (it waits for its kernels when a review begins as they load) they ran out, the
    search began stopped, found nothing, and the position was left out without a word
    ("Analysed 11 positions ... Graded 9 moves" of 10, round 13). They start with the
    search now, and a search without an estimate is counted in the summary."""
    from hexswarm.gui.engine_worker import SearchRequest

    play_game(window)
    worker = window.reviewer.analysis._worker
    busy = SearchRequest(10_000, window.controller.board.copy(), "movesonly")  # 0.5 s
    worker.submit(busy)
    with qtbot.waitSignal(window.reviewer.analysis.finished, timeout=20_000):
        assert window.reviewer.review_game(ReviewSettings(seconds=0.3, analyst="slow")) == 5
    assert all(node.ai is not None for node in window.controller.game.main_line())
    assert "No estimate" not in window.statusBar().currentMessage()
    with qtbot.waitSignal(window.reviewer.analysis.finished, timeout=20_000):
        settings = ReviewSettings(seconds=0.1, analyst="movesonly", resume=False)
        assert window.reviewer.review_game(settings) == 5
    message = window.statusBar().currentMessage()
    assert "No estimate from 5 searches: those positions keep their analysis." in message


def test_next_mistake_in_a_game_not_reviewed_says_how_to_review_it(window, qtbot):
    play_game(window)
    window.controller.go_to(0)
    assert not window.reviewer.step_mistake(1)
    assert "no review yet" in window.statusBar().currentMessage()
    assert "Review the Whole Game" in window.statusBar().currentMessage()


def test_a_reviewed_game_opens_reviewed(window, qtbot, tmp_path):
    play_game(window)
    annotate(window)
    path = tmp_path / "reviewed.sgf"
    path.write_text(write_sgf(window.controller.game), encoding="utf-8")
    window.start_new_game(HUMANS)
    assert window.document.open_file(path)
    texts = [window.move_list.item(i).text() for i in range(window.move_list.count())]
    assert any(t.endswith("a1??") for t in texts)
    if window.dashboard is not None:
        numbers, _ = window.dashboard.game_graph.estimates.points()
        assert {0, 1, 2, 3} <= set(numbers)


def test_a_review_from_a_variation_offers_to_review_the_line_on_the_board(window, qtbot):
    """Round 14, a 9x11 game against MoHex: an undo and another move go on in a variation
    (nothing is lost), so the main line was the moves taken back, and Review the Whole Game
    graded those, not the game on the board. From a variation the dialog offers (checked) to
    make the line on the board the main line first."""
    from PySide6.QtWidgets import QDialog

    play_game(window)
    c = window.controller
    c.go_to(1)
    c.play("d2")  # the game goes on here: a variation beside a1
    window.reviewer.review.settings = ReviewSettings(seconds=0.2, analyst="tiny")
    shown = []

    def accept(dialog):
        shown.append((dialog.line_on_board.isVisibleTo(dialog), dialog.line_on_board.isChecked()))
        return QDialog.DialogCode.Accepted

    with (
        mock.patch.object(ReviewDialog, "exec", accept),
        qtbot.waitSignal(window.reviewer.analysis.finished, timeout=10_000),
    ):
        assert window.reviewer.review_dialog()
    assert shown == [(True, True)]
    line = c.game.main_line()
    assert [node.token for node in line[1:]] == ["c3", "d2"]
    assert all(node.ai is not None for node in line)
    assert [n.token for n in line[1].children] == ["d2", "a1"]  # the old line stays
    # On the main line there is nothing to offer.
    with (
        mock.patch.object(ReviewDialog, "exec", accept),
        qtbot.waitSignal(window.reviewer.analysis.finished, timeout=10_000),
    ):
        window.reviewer.review_dialog()
    assert shown[-1] == (False, False)


def test_review_dialog_checks_the_thresholds(qtbot):
    dialog = ReviewDialog(ReviewSettings(seconds=3.0))
    qtbot.addWidget(dialog)
    assert dialog.budget.currentIndex() == 1 and not dialog.seconds.isEnabled()
    dialog.thresholds["mistake"].setValue(30.0)  # above the blunder threshold (20)
    ok = dialog.buttons.button(dialog.buttons.StandardButton.Ok)
    assert not ok.isEnabled() and "must rise" in dialog.error.text()
    dialog.thresholds["mistake"].setValue(12.0)
    dialog.sides.setCurrentIndex(2)
    dialog.budget.setCurrentIndex(2)
    dialog.seconds.setValue(1.5)
    settings = dialog.settings()
    assert ok.isEnabled() and settings.seconds == 1.5 and settings.sides == (WHITE,)
    assert settings.thresholds.mistake == pytest.approx(0.12)
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)


def test_a_review_searches_with_its_own_analyst_unless_another_is_chosen(window, qtbot):
    """The review's default analyst is plain UCT (engine.review.REVIEW_ANALYST, the steadiest
    grades measured), not the window's analysis AI; the dialog offers both."""
    play_game(window)
    assert ReviewSettings().analyst == REVIEW_ANALYST
    # The window's test factory knows only the test levels: the analyst it is asked for
    # shows in its refusal (and the run stops there).
    with qtbot.waitSignal(window.reviewer.analysis.failed, timeout=20_000) as failed:
        assert window.reviewer.review_game(ReviewSettings(seconds=0.5)) == 5
    assert window.reviewer.analysis.spec == REVIEW_ANALYST
    assert "unknown test level 'uct'" in failed.args[0]
    dialog = ReviewDialog(ReviewSettings(), analysis_spec="tiny")
    qtbot.addWidget(dialog)
    offered = [dialog.analyst.itemData(i) for i in range(dialog.analyst.count())]
    assert offered == [REVIEW_ANALYST, "tiny"] and dialog.settings().analyst == REVIEW_ANALYST
    dialog.analyst.setCurrentIndex(1)
    assert dialog.settings().analyst == "tiny"
    # A review made with the analysis AI opens its dialog on it again.
    again = ReviewDialog(ReviewSettings(analyst="tiny"), analysis_spec="tiny")
    qtbot.addWidget(again)
    assert again.analyst.count() == 2 and again.settings().analyst == "tiny"


def test_the_reviews_progress_is_said_beside_the_bar_not_cut_inside_it(window, qtbot):
    """Round 14: the status bar's bar drew "Analysi ng 21/46", its text split where the
    chunk ends. The words stand in a label beside a bar that draws none."""
    play_game(window)
    reviewer = window.reviewer
    seen = []
    reviewer.analysis.progress.connect(
        lambda done, total: seen.append((reviewer.progress_label.text(), done, total))
    )
    with qtbot.waitSignal(reviewer.analysis.finished, timeout=10_000):
        reviewer.review_game(ReviewSettings(seconds=0.3, analyst="tiny"))
    assert not reviewer.progress.isTextVisible()
    assert ("Analysing 2/5", 2, 5) in seen
    assert not reviewer.progress_label.isVisible()

"""Game flow through the controller with fast test players on the real engine thread."""

from __future__ import annotations

import typing

import pytest
from hexswarm.engine.board import BLACK, SWAP_PIECES, WHITE, Board
from hexswarm.engine.game import Game
from hexswarm.gui.game_controller import GameController, MoveInfo
from hexswarm.gui.game_events import (
    CannotGo,
    GameEvent,
    GameWon,
    IllegalMove,
    MoveRefusedGameOver,
    Navigated,
    SwapRefused,
    describe,
)
from hexswarm.gui.settings import GameSettings, SideSettings

from tests.gui.players import FailingPlayer, factory_for

HUMAN = SideSettings(ai=False)


def ai(spec: str) -> SideSettings:
    return SideSettings(ai=True, spec=spec)


@pytest.fixture
def make_controller(qtbot, player_factory):
    made = []

    def make(size=5, black=HUMAN, white=HUMAN, swap=False, delay=0, factory=None):
        settings = GameSettings(
            size=size,
            swap_rule=swap,
            black=black,
            white=white,
            ai_delay_ms=delay,
            analysis_spec="tiny",
        )
        controller = GameController(settings, player_factory=factory or player_factory)
        made.append(controller)
        messages = []  # the events as the window words them
        controller.event.connect(
            lambda event: messages.append(describe(event, controller.color_name))
        )
        controller.messages = messages
        controller.new_game()
        return controller

    yield make
    for controller in made:
        controller.shutdown()
        assert controller.thread.isFinished()


def test_human_moves_and_illegal_moves(make_controller):
    c = make_controller()
    assert c.play("c3")
    assert c.board.stone_at("c3") is BLACK and c.board.to_move is WHITE
    before = c.board.cells.copy(), c.position_id
    assert not c.play("c3")
    assert "occupied" in c.messages[-1]
    assert "C3" not in c.messages[-1]  # a cell name keeps its lower case
    assert (c.board.cells == before[0]).all() and c.position_id == before[1]
    assert not c.play("z9")
    assert "off" in c.messages[-1]


def test_human_cannot_move_for_the_ai_or_after_the_end(make_controller, qtbot):
    c = make_controller(size=1, black=HUMAN, white=HUMAN)
    assert c.play(0)
    assert c.winner is BLACK
    assert not c.play(0)
    assert "game is over" in c.messages[-1]
    c2 = make_controller(size=3, black=ai("slow"), white=HUMAN)
    qtbot.waitUntil(lambda: c2.searching)
    assert not c2.play("a1")
    assert "AI" in c2.messages[-1]
    assert c2.board.moves == ()


def test_full_human_versus_ai_game_reaches_a_winner(make_controller, qtbot, tiny_player):
    c = make_controller(size=5, black=HUMAN, white=ai("tiny"))
    winners = []
    played = []
    c.game_over.connect(winners.append)
    c.move_played.connect(played.append)
    while not c.is_over:
        if c.board.to_move is BLACK:
            assert c.play(c.board.legal_moves()[0])
        else:
            before = len(c.board.moves)
            qtbot.waitUntil(lambda before=before: len(c.board.moves) > before or c.is_over)
    assert winners == [c.winner.value]
    assert all(info.number == i for i, info in enumerate(played, start=1))
    ai_moves = [info for info in played if info.move.color is WHITE]
    assert ai_moves and all(info.player == "tiny" for info in ai_moves)
    # Each AI move keeps who played it and the search that chose it, on the position searched.
    nodes = [n for n in c.game.main_line()[1:] if n.color is WHITE]
    assert len(nodes) == len(ai_moves) and all(n.player == "tiny" for n in nodes)
    assert all(n.parent.ai.ai == "tiny" and n.parent.ai.best_move == n.token for n in nodes)
    assert all(n.player is None for n in c.game.main_line()[1:] if n.color is BLACK)
    assert tiny_player.calls == len(ai_moves)


def test_ai_versus_ai_runs_to_the_end(make_controller, qtbot):
    c = make_controller(size=5, black=ai("tiny"), white=ai("tiny"), delay=0)
    with qtbot.waitSignal(c.game_over, timeout=10000) as blocker:
        pass
    assert blocker.args[0] in ("black", "white")
    assert c.board.winner is not None
    # Replaying the recorded line on an empty board gives the same position.
    replay = Board(5)
    for info in c.move_infos():
        replay.play(info.move.cell)
    assert (replay.cells == c.board.cells).all()


def test_pause_and_single_step(make_controller, qtbot):
    c = make_controller(size=5, black=ai("tiny"), white=ai("tiny"), delay=50)
    c.set_paused(True)
    qtbot.wait(150)
    moves = len(c.board.moves)
    assert c.paused and not c.searching
    assert c.step()
    qtbot.waitUntil(lambda: len(c.board.moves) == moves + 1)
    qtbot.wait(150)
    assert len(c.board.moves) == moves + 1, "single step plays exactly one move"
    c.set_paused(False)
    qtbot.waitUntil(lambda: len(c.board.moves) >= moves + 3, timeout=5000)


def test_undo_redo_and_navigation(make_controller):
    c = make_controller(size=5)
    for name in ("a1", "b2", "c3", "d4"):
        c.play(name)
    assert c.move_number == 4
    assert c.undo() and c.move_number == 3 and c.board.stone_at("d4") is None
    assert c.can_redo()
    assert c.redo() and c.board.stone_at("d4") is WHITE
    c.first()
    assert c.move_number == 0 and c.board.empty_count == 25
    assert not c.back()
    c.forward()
    assert c.move_number == 1 and c.board.stone_at("a1") is BLACK
    c.last()
    assert c.move_number == 4
    c.go_to(2)
    assert c.move_number == 2 and c.board.stone_at("c3") is None
    assert c.move_count == 4
    # Playing the move the line continues with keeps the rest; another move makes a
    # variation and keeps the old line too.
    c.play("c3")
    assert c.move_count == 4 and c.can_redo()
    c.back()
    c.play("e5")
    assert c.move_count == 3 and not c.can_redo()
    assert [n.token for n in c.game.main_line()[1:]] == ["a1", "b2", "c3", "d4"]


def test_undo_against_the_ai_returns_to_the_humans_turn(make_controller, qtbot):
    c = make_controller(size=5, black=HUMAN, white=ai("tiny"))
    c.play("c3")
    qtbot.waitUntil(lambda: len(c.board.moves) == 2)
    c.play(c.board.legal_moves()[0])
    qtbot.waitUntil(lambda: len(c.board.moves) == 4)
    assert c.undo()
    assert c.move_number == 2 and c.board.to_move is BLACK
    qtbot.wait(100)
    assert c.move_number == 2, "after undo it is the human's turn; the AI does not move"


def test_navigation_pauses_the_ai_until_resumed(make_controller, qtbot):
    c = make_controller(size=5, black=ai("tiny"), white=ai("tiny"), delay=0)
    qtbot.waitUntil(lambda: c.is_over, timeout=10000)
    c.go_to(2)
    assert c.paused
    qtbot.wait(100)
    assert c.move_number == 2
    assert not c.play("a1") and "Space" in c.messages[-1]
    c.set_paused(False)
    qtbot.waitUntil(lambda: c.move_number > 2)


def test_setup_mode_then_play(make_controller, qtbot):
    c = make_controller(size=5, black=HUMAN, white=ai("tiny"))
    c.set_setup_mode(True)
    assert not c.play("a1") and "Setup mode" in c.messages[-1]
    assert c.setup_stone(c.board.cell_index("c3"), BLACK)
    assert c.setup_stone(c.board.cell_index("c4"), WHITE)
    assert c.setup_stone(c.board.cell_index("a1"), WHITE)
    assert c.setup_stone(c.board.cell_index("a1"), WHITE)  # again: removes it
    assert c.board.stone_at("a1") is None
    c.set_side_to_move(BLACK)
    assert c.board.to_move is BLACK
    qtbot.wait(50)
    assert not c.searching, "no AI runs in setup mode"
    c.set_setup_mode(False)
    assert c.play("b2")
    qtbot.waitUntil(lambda: len(c.board.moves) == 2)  # the AI answers from the set-up position
    assert c.board.stone_at("c3") is BLACK and c.board.stone_at("c4") is WHITE
    # Every setup edit is undoable and redoable.
    c.first()
    assert c.board.empty_count == 25
    c.last()
    assert c.board.stone_at("c3") is BLACK and len(c.board.moves) == 2


def test_clear_board_is_one_undoable_edit(make_controller):
    c = make_controller(size=5)
    c.play("a1")
    c.play("b1")
    c.set_setup_mode(True)
    c.clear_board()
    assert c.board.empty_count == 25 and c.board.to_move is BLACK
    c.back()
    assert c.board.stone_at("a1") is BLACK and c.board.stone_at("b1") is WHITE


def test_new_game_cancels_a_running_search(make_controller, qtbot, slow_player):
    c = make_controller(size=5, black=ai("slow"), white=HUMAN)
    qtbot.waitUntil(lambda: slow_player.started.is_set())
    stale = []
    c.move_played.connect(stale.append)
    c.new_game(GameSettings(size=7, black=HUMAN, white=HUMAN))
    qtbot.waitUntil(lambda: slow_player.stopped_searches == 1)
    qtbot.wait(50)
    assert stale == [] and c.board.size == 7 and c.board.moves == ()


def test_undo_cancels_a_running_search(make_controller, qtbot, slow_player):
    c = make_controller(size=5, black=HUMAN, white=ai("slow"))
    c.play("c3")
    qtbot.waitUntil(lambda: c.searching and slow_player.started.is_set())
    c.undo()
    qtbot.waitUntil(lambda: slow_player.stopped_searches == 1)
    qtbot.wait(50)
    assert c.board.moves == () and not c.searching


def test_move_now_plays_the_best_move_so_far(make_controller, qtbot, slow_player):
    c = make_controller(size=5, black=HUMAN, white=ai("slow"))
    # The search has sent a snapshot: move now is pressed after some search, as a person does
    # (pressed before any, the move has no analysis to keep; 1 run in 3 under load).
    with qtbot.waitSignal(c.snapshot_ready, timeout=5000):
        c.play("a1")
    assert c.searching
    with qtbot.waitSignal(c.move_played, timeout=5000) as blocker:
        assert c.move_now()
    info = blocker.args[0]
    assert isinstance(info, MoveInfo) and info.move.color is WHITE
    assert info.move.cell == 1  # SlowPlayer's best move is the first legal cell
    searched = c.game.cursor.parent.ai  # the search that chose it, stopped by move_now
    assert searched is not None and searched.best_move == "b1" and searched.to_move is WHITE


def test_stale_snapshots_are_dropped(make_controller, qtbot, slow_player):
    c = make_controller(size=5, black=ai("slow"), white=HUMAN)
    received = []
    c.snapshot_ready.connect(received.append)
    qtbot.waitUntil(lambda: len(received) >= 2)
    c.stop()
    old_id = received[-1].position_id
    assert c.position_id != old_id
    received.clear()
    qtbot.wait(100)
    assert all(s.position_id == c.position_id for s in received)


def test_a_failing_player_pauses_with_a_message(qtbot, make_controller):
    c = make_controller(
        size=5, black=ai("failing"), white=HUMAN, factory=factory_for(failing=FailingPlayer())
    )
    qtbot.waitUntil(lambda: c.paused)
    assert "always fails" in c.messages[-1] and c.board.moves == ()


def test_hint_suggests_without_playing(make_controller, qtbot):
    c = make_controller(size=5)
    with qtbot.waitSignal(c.hint_ready) as blocker:
        assert c.hint()
    assert blocker.args[0].move in c.board.legal_moves()
    assert c.board.moves == ()
    # A hint is advice to the person, not the game's: it is not kept (nor drawn on the graph).
    assert c.game.root.ai is None


def test_a_persons_hint_comes_from_the_analysis_ai(make_controller, qtbot):
    """One AI for hints and analysis (round 12): the hint's search is the analysis AI's."""
    c = make_controller(size=5)  # analysis AI: the tiny player; no other AI is named
    specs = []
    c.search_started.connect(lambda _id, spec: specs.append(spec))
    with qtbot.waitSignal(c.hint_ready):
        assert c.hint()
    assert [spec.partition(":")[0] for spec in specs] == ["tiny"]


def test_a_hint_during_analysis_is_the_analysis_best_move(qtbot, player_factory, slow_player):
    """While analysis mode searches the position, a hint is that search's current best move:
    no second search (round 11: the hint's own search named another move than the panels)."""
    settings = GameSettings(size=5, black=HUMAN, white=HUMAN, analysis_spec="slow")
    c = GameController(settings, player_factory=player_factory)
    try:
        c.new_game()
        c.play("c3")
        snapshots = []
        c.snapshot_ready.connect(snapshots.append)
        c.set_analysis(True)
        qtbot.waitUntil(lambda: len(snapshots) >= 2)
        with qtbot.waitSignal(c.hint_ready) as blocker:
            assert c.hint()
        assert blocker.args[0].move == c.board.legal_moves()[0]  # the slow player's best
        assert blocker.args[0].snapshot.position_id == c.position_id
        assert slow_player.searches == 1 and slow_player.stopped_searches == 0
        assert c.searching and c.search_purpose == "analysis"  # the analysis goes on
    finally:
        c.shutdown()


def test_a_hint_after_analysis_ended_is_its_best_move(make_controller, qtbot, tiny_player):
    c = make_controller(size=5)
    c.play("c3")
    c.set_analysis(True)
    qtbot.waitUntil(lambda: c.game.cursor.ai is not None and not c.searching)
    calls = tiny_player.calls
    with qtbot.waitSignal(c.hint_ready) as blocker:
        assert c.hint()
    assert blocker.args[0].move == c.board.cell_index(c.game.cursor.ai.best_move)
    assert tiny_player.calls == calls and not c.searching
    assert c.messages[-1] == f"Hint for White: {c.game.cursor.ai.best_move}."


def test_swap_by_a_human(make_controller):
    c = make_controller(size=5, swap=True)
    assert not c.swap() and "second move" in c.messages[-1]
    c.play("b1")
    assert c.swap()
    assert c.board.moves[-1].swap == SWAP_PIECES
    assert c.board.stone_at("a2") is WHITE and c.board.to_move is BLACK
    c2 = make_controller(size=5, swap=False)
    c2.play("b1")
    assert not c2.swap() and "off" in c2.messages[-1]


def test_resign_ends_the_game_and_undo_takes_it_back(make_controller):
    c = make_controller(size=5)
    c.play("a1")
    results = []
    c.game_over.connect(results.append)
    assert c.resign()
    assert results == ["black"] and c.winner is BLACK and c.resigned is WHITE
    assert not c.play("b2")
    c.undo()  # takes back the resignation only
    assert c.winner is None and c.move_number == 1 and c.board.to_move is WHITE
    c.undo()
    assert c.move_number == 0


def test_settings_change_mid_game_applies_to_the_next_move(make_controller, qtbot):
    c = make_controller(size=5)
    c.play("c3")
    c.set_settings(GameSettings(size=9, black=HUMAN, white=ai("tiny")))
    qtbot.waitUntil(lambda: len(c.board.moves) == 2)
    assert c.board.size == 5, "size changes only with a new game"


def test_a_click_on_an_earlier_position_makes_a_variation_and_loses_nothing(make_controller):
    # Issue 14: a 10-move game, go to move 5, click: moves 6-10 used to be gone for good.
    c = make_controller(size=5)
    moves = ["a1", "b1", "c1", "d1", "e1", "a2", "b2", "c2", "d2", "e2"]
    for name in moves:
        assert c.play(name)
    c.go_to(5)
    changes = []
    c.line_changed.connect(lambda: changes.append(c.move_count))
    assert c.play("e5")
    assert changes == [6] and "variation" in c.messages[-1]
    assert [n.token for n in c.game.main_line()[1:]] == moves
    assert c.board.stone_at("e5") is WHITE and c.move_count == 6  # the new line is current
    assert c.undo() and c.move_number == 5 and c.move_count == 10  # forward = the main line
    c.forward()
    assert c.board.stone_at("a2") is WHITE
    assert c.go_to_variation(1) and c.board.stone_at("e5") is WHITE and c.move_count == 6
    assert not c.go_to_variation(1)
    assert c.go_to_variation(-1) and c.board.stone_at("a2") is WHITE
    c.last()
    assert c.move_number == 10 and c.board.stone_at("e2") is WHITE
    c.go_to_node(c.game.root.children[0].children[0])
    assert c.move_number == 2


def test_promote_delete_and_comment_change_the_game(make_controller):
    c = make_controller(size=4)
    for name in ("a1", "b1", "c1"):
        c.play(name)
    c.go_to(1)
    c.play("d4")
    side = c.game.cursor
    changes = []
    c.line_changed.connect(lambda: changes.append(1))
    c.promote()
    assert [n.token for n in c.game.main_line()[1:]] == ["a1", "d4"]
    c.set_comment("a better idea")
    assert side.comment == "a better idea"
    first = side.parent
    c.delete_branch(side)
    assert c.game.cursor is first and c.move_number == 1
    assert [n.token for n in c.game.main_line()[1:]] == ["a1", "b1", "c1"]
    assert len(changes) == 3
    c.first()
    assert not c.delete_branch() and "cannot be deleted" in c.messages[-1]


def test_load_game_keeps_its_variations_and_comments(make_controller):
    c = make_controller(size=5)
    game = Game(3)
    game.play("b2").comment = "centre"
    game.back()
    game.play("a1")
    c.load_game(game)
    assert c.game is game and c.settings.size == 3 and c.board.stone_at("b2") is BLACK
    assert len(c.game.root.children) == 2 and c.game.cursor.comment == "centre"


def test_shutdown_while_thinking_joins_the_thread(qtbot, player_factory, slow_player):
    c = GameController(
        GameSettings(size=5, black=ai("slow"), white=HUMAN), player_factory=player_factory
    )
    c.new_game()
    qtbot.waitUntil(lambda: slow_player.started.is_set())
    c.shutdown()
    assert c.thread.isFinished() and slow_player.stopped_searches == 1


def test_thinking_time_adds_up_each_moves_time(make_controller, qtbot):
    """Each move's wall time from asking to the move (a fake clock: the AI's searches take
    0.25 s of it, the person 1 s on the second move; the game's first move is not timed);
    a record without those times counts the AI's searches it keeps."""
    c = make_controller(size=5, black=HUMAN, white=ai("tiny"))
    now = [50.0]
    c._turn.now = lambda: now[0]
    c.search_finished.connect(lambda *_: now.__setitem__(0, now[0] + 0.25))
    c.play("a1")
    qtbot.waitUntil(lambda: len(c.board.moves) == 2)
    qtbot.wait(20)  # the AI's move is shown: the person's turn runs
    now[0] += 1.0
    c.play(c.board.legal_moves()[0])  # whichever cell the AI left empty
    qtbot.waitUntil(lambda: len(c.board.moves) == 4)
    assert c.thinking_time(WHITE) == pytest.approx(2 * 0.25)
    assert c.thinking_time(BLACK) == pytest.approx(1.0)
    for node in c.game.main_line():
        node.remove("XT")
    # The tiny player's searches report 0.002 s each (tests/gui/players.py).
    assert c.thinking_time(WHITE) == pytest.approx(2 * 0.002)
    assert c.thinking_time(BLACK) == 0


@pytest.mark.parametrize(
    "spec", ["random:seed=1", "mcsds:agents=300,iterations=4,threads=1,seed=2"]
)
def test_real_ai_levels_play_a_whole_game_against_a_human(qtbot, spec):
    """The engine's own players (engine.players.create_player) on the worker thread."""
    controller = GameController(GameSettings(size=5, black=HUMAN, white=ai(spec), ai_delay_ms=0))
    try:
        controller.new_game()
        while not controller.is_over:
            if controller.board.to_move is BLACK:
                assert controller.play(controller.board.legal_moves()[-1])
            else:
                count = len(controller.board.moves)
                qtbot.waitUntil(
                    lambda count=count: len(controller.board.moves) > count or controller.is_over,
                    timeout=60_000,
                )
        assert controller.winner is not None
    finally:
        controller.shutdown()


class SwapSidesPlayer:
    """Swaps (swap-sides) when it may, otherwise plays the first empty cell."""

    name = "swapper"

    def choose_move(self, board, *, on_snapshot=None, should_stop=None, position_id=0):
        from hexswarm.engine.board import SWAP_SIDES
        from hexswarm.engine.players.base import MoveChoice

        return MoveChoice(SWAP_SIDES if board.swap_allowed() else board.legal_moves()[0])


def test_after_swap_sides_the_people_exchange_colours(make_controller, qtbot):
    c = make_controller(
        size=5,
        swap=True,
        black=HUMAN,
        white=ai("swapper"),
        factory=factory_for(swapper=SwapSidesPlayer()),
    )
    c.play("c3")
    qtbot.waitUntil(lambda: len(c.board.moves) == 2)
    assert c.board.moves[-1].swap == "swap-sides"
    # The AI took over Black's stone: the human now plays White, and White is to move.
    assert c.board.to_move is WHITE and not c.is_ai(WHITE) and c.is_ai(BLACK)
    assert c.play("a1")
    qtbot.waitUntil(lambda: len(c.board.moves) == 4)
    assert c.board.moves[-1].color is BLACK


def test_analysis_mode_searches_each_position_visited_and_keeps_its_estimate(
    make_controller, qtbot
):
    c = make_controller(size=5)  # hint AI: the tiny player
    c.play("c3")
    c.play("b4")
    purposes = []
    c.search_started.connect(lambda _id, _spec: purposes.append(c.search_purpose))
    c.set_analysis(True)
    end = c.game.cursor
    qtbot.waitUntil(lambda: end.ai is not None)
    assert end.ai.to_move is BLACK and "Analysis: best" in c.messages[-1]
    c.back()
    qtbot.waitUntil(lambda: end.parent.ai is not None)
    assert end.parent.ai.to_move is WHITE
    assert purposes == ["analysis", "analysis"] and not c.searching
    c.play("a1")  # a move (here a new variation) is analysed too
    qtbot.waitUntil(lambda: c.game.cursor.ai is not None)
    c.set_analysis(False)
    c.back()
    qtbot.wait(50)
    assert not c.searching and len(purposes) == 3


def test_analysis_restarts_on_navigation_and_stopping_costs_nothing(
    qtbot, player_factory, slow_player
):
    settings = GameSettings(size=5, black=HUMAN, white=HUMAN, analysis_spec="slow")
    c = GameController(settings, player_factory=player_factory)
    try:
        c.new_game()
        c.play("c3")
        c.set_analysis(True)
        qtbot.waitUntil(lambda: slow_player.searches == 1)
        first = c.position_id
        c.back()  # the old position's search is cancelled, the new one's starts
        qtbot.waitUntil(lambda: slow_player.searches == 2 and slow_player.stopped_searches == 1)
        assert c.searching and c.search_purpose == "analysis" and c.position_id != first
        c.stop()  # Esc: the search ends at its next stop check, analysis mode is off
        qtbot.waitUntil(lambda: slow_player.stopped_searches == 2)
        assert not c.analysing and not c.searching and c.game.cursor.ai is None
    finally:
        c.shutdown()
    assert c.thread.isFinished()


def test_pausing_mid_search_keeps_the_search_and_plays_its_move(
    make_controller, qtbot, slow_player
):
    c = make_controller(size=5, black=ai("slow"), white=ai("slow"), delay=0)
    qtbot.waitUntil(lambda: c.searching)
    c.set_paused(True)
    assert c.searching and slow_player.stopped_searches == 0  # the search goes on
    assert c.move_now()
    qtbot.waitUntil(lambda: len(c.board.moves) == 1)
    qtbot.wait(100)
    assert c.paused and not c.searching and len(c.board.moves) == 1  # then play stops


# --------------------------------------------------------------------------- typed events


def test_the_controller_reports_typed_events_and_composes_no_words(make_controller, qtbot):
    c = make_controller(size=1, black=HUMAN, white=HUMAN)
    events = []
    c.event.connect(events.append)
    assert c.play(0)
    assert events[-1] == GameWon(BLACK)
    assert not c.play(0)
    assert events[-1] == MoveRefusedGameOver(BLACK, by_resignation=False)
    assert describe(events[-1], lambda color: {BLACK: "Red", WHITE: "Blue"}[color]).startswith(
        "The game is over: Red won by connecting its edges."
    )
    c2 = make_controller(size=3)
    c2.event.connect(events.append)
    assert c2.play("b2") and not c2.play("b2")
    # The rule's own words, without the record's node prefix ("W[b2]: ...").
    assert events[-1] == IllegalMove("b2 is already occupied")
    assert not c2.swap() and events[-1] == SwapRefused(rule_off=True)
    assert not c2.redo() and events[-1] == CannotGo("redo")
    assert c2.undo() and events[-1] == Navigated(0, None, None)
    assert all(type(event).__module__ == "hexswarm.gui.game_events" for event in events)


def test_every_event_has_words():
    samples = {
        cls: cls(*(FIELD_SAMPLES[field] for field in cls.__match_args__))
        for cls in typing.get_args(GameEvent)
    }
    for event in samples.values():
        text = describe(event, lambda color: color.value.capitalize())
        assert text and text.endswith((".", ")")), event
    with pytest.raises(TypeError):
        describe("not an event", str)  # type: ignore[arg-type]


FIELD_SAMPLES = {
    "columns": 7,
    "rows": 9,
    "swap_rule": True,
    "winner": BLACK,
    "by_resignation": True,
    "on_time": False,
    "color": WHITE,
    "thinking": True,
    "reason": "e4 is already occupied",
    "rule_off": False,
    "loser": WHITE,
    "number": 2,
    "after_move": 5,
    "where": "undo",
    "move_number": 3,
    "variation": (1, 2),
    "paused_ai": BLACK,
    "after_this_move": True,
    "what": "hint",
    "ai_thinking": False,
    "move": "c3",
    "on": True,
    "spec": "mcsds",
    "best": "d4",
    "estimate": 0.6,
    "playouts": 12_000,
    "message": "out of memory",
    "to_move": BLACK,
}

"""``root_fill`` (UCT, the anthill): the search runs on the root's filled board. Its values
against the exact solver, filled cells never searched or played, the root tactics' fill-in
passed on, and a kept tree reused only for the position it was grown on."""

from __future__ import annotations

import numpy as np
import pytest
from hexswarm.engine.analysis.inferior import inferior_cells
from hexswarm.engine.analysis.root import analyse
from hexswarm.engine.board import BLACK, BLACK_STONE, EMPTY, WHITE_STONE, Board, HexError
from hexswarm.engine.players import create_player
from hexswarm.engine.players.uct_player import (
    UCTPlayer,
    filled_position,
    moves_between,
    root_fill_in,
)
from hexswarm.engine.solver import winning_moves
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st


def _random_position(rng: np.random.Generator, size: int, stones: int) -> Board | None:
    """``stones`` random moves on an empty board, or None when the game ended on the way."""
    board = Board(size)
    for cell in rng.permutation(size * size)[:stones]:
        board.play(int(cell))
        if board.is_over:
            return None
    return board


def _added(board: Board) -> set[int]:
    """The cells the fill-in of ``board`` places stones on."""
    filled = inferior_cells(board).filled
    return {int(c) for c in np.flatnonzero((board.cells == EMPTY) & (filled != EMPTY))}


def _filled_positions(seed: int, size: int, count: int) -> list[Board]:
    """``count`` random positions whose fill-in places a stone and decides nothing, with at
    least two cells left open."""
    rng = np.random.default_rng(seed)
    found = []
    while len(found) < count:
        board = _random_position(rng, size, int(rng.integers(4, size * size // 2)))
        if board is None or inferior_cells(board).winner is not None:
            continue
        if _added(board) and board.empty_count - len(_added(board)) >= 2:
            found.append(board)
    return found


def test_values_on_the_filled_board_match_the_solver_at_least_as_well():
    # Each root move's win rate against its exact value (1: the move wins, 0: it loses), over
    # the cells both searches search, on 12 positions with dead cells or captured pairs.
    errors = {False: [], True: []}
    for board in _filled_positions(seed=2, size=5, count=12):
        wins = winning_moves(board)
        open_cells = set(np.flatnonzero(inferior_cells(board).filled == EMPTY).tolist())
        for fill in (False, True):
            spec = f"uct:playouts=1000,seed=1,tactics=off,rave=true,root_fill={str(fill).lower()}"
            snapshot = create_player(spec).choose_move(board).snapshot
            rates = {
                m: w / n
                for m, n, w in zip(
                    snapshot.root_moves, snapshot.root_agents, snapshot.root_active, strict=True
                )
                if n
            }
            errors[fill].extend(
                abs(rates.get(c, 0.5) - (1.0 if c in wins else 0.0)) for c in open_cells
            )
    assert np.mean(errors[True]) <= np.mean(errors[False])


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    size=st.sampled_from([4, 5, 6]),
    level=st.sampled_from(["uct", "anthill"]),
)
def test_a_filled_cell_is_never_searched_or_played(seed, size, level):
    rng = np.random.default_rng(seed)
    board = _random_position(rng, size, int(rng.integers(2, size * size // 2 + 1)))
    if board is None or inferior_cells(board).winner is not None:
        return
    added = _added(board)
    player = create_player(f"{level}:playouts=300,seed={seed % 1000},root_fill=true")
    choice = player.choose_move(board)
    snapshot = choice.snapshot
    assert choice.move not in added
    assert not added & set(snapshot.root_moves)
    assert not added & set(snapshot.principal_variation)
    for line in snapshot.root_lines:
        assert not added & set(line)


def test_without_root_fill_the_filled_cells_are_searched():
    # The same positions as above, to show the test above can fail: the plain search visits
    # filled cells.
    board = _filled_positions(seed=2, size=5, count=1)[0]
    snapshot = create_player("uct:playouts=1000,seed=1").choose_move(board).snapshot
    visited = {m for m, n in zip(snapshot.root_moves, snapshot.root_agents, strict=True) if n}
    assert visited & _added(board)


def test_the_filled_position_extends_the_board_and_keeps_the_side_to_move():
    board = _filled_positions(seed=3, size=5, count=1)[0]
    filled = root_fill_in(board)
    searched = filled_position(board, filled)
    assert np.array_equal(searched.cells, filled)
    assert searched.to_move is board.to_move
    assert filled_position(board, board.cells.copy()) is board
    assert filled_position(board, None) is board
    wrong = filled.copy()
    wrong[np.flatnonzero(board.cells != EMPTY)[0]] = EMPTY
    with pytest.raises(HexError):
        filled_position(board, wrong)


class _Spy:
    """Records every ``_reused_tree`` call of a UCT player: the kept tree's position, the
    position searched, and whether a tree came back."""

    def __init__(self, monkeypatch):
        self.calls = []
        original = UCTPlayer._reused_tree

        def spy(player, board, labels):
            kept = player._kept
            tree = original(player, board, labels)
            self.calls.append((kept, board.cells.copy(), board.to_move is BLACK, tree))
            return tree

        monkeypatch.setattr(UCTPlayer, "_reused_tree", spy)


def _after(cells: np.ndarray, black_to_move: bool, moves: list[int]) -> tuple[np.ndarray, bool]:
    cells = cells.copy()
    for move in moves:
        cells[move] = BLACK_STONE if black_to_move else WHITE_STONE
        black_to_move = not black_to_move
    return cells, black_to_move


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), size=st.sampled_from([5, 6]))
def test_a_reused_tree_was_grown_on_the_new_filled_board(seed, size):
    # A game prefix: the player's moves and random replies. Whenever a tree is reused, the
    # position at its root (the kept tree's position after the moves between) is the new
    # position's filled board, side to move included.
    with pytest.MonkeyPatch.context() as monkeypatch:
        spy = _Spy(monkeypatch)
        rng = np.random.default_rng(seed)
        player = create_player(f"uct:playouts=400,seed={seed % 1000},root_fill=true")
        board = Board(size)
        while not board.is_over:
            if inferior_cells(board).winner is not None:
                break
            expected = filled_position(board, root_fill_in(board)).copy()  # may be ``board``
            before = len(spy.calls)
            board.play(player.choose_move(board).move)
            kept, searched, black, tree = spy.calls[before]
            assert np.array_equal(searched, expected.cells)
            assert black == (expected.to_move is BLACK)
            if tree is not None:
                moves = moves_between(kept.cells, kept.black_to_move, expected)
                cells, black_after = _after(kept.cells, kept.black_to_move, moves)
                assert np.array_equal(cells, expected.cells)
                assert black_after == black
            if board.is_over:
                break
            empty = np.flatnonzero(board.cells == EMPTY)
            board.play(int(rng.choice(empty)))


def test_a_tree_is_reused_when_the_fill_in_stays_and_dropped_when_it_grows(monkeypatch):
    spy = _Spy(monkeypatch)
    reused, dropped = 0, 0
    rng = np.random.default_rng(11)
    for _game in range(4):
        player = create_player("uct:playouts=400,seed=5,root_fill=true")
        board = Board(5)
        previous = None
        while not board.is_over and inferior_cells(board).winner is None:
            searched = filled_position(board, root_fill_in(board)).copy()  # may be ``board``
            choice = player.choose_move(board)
            tree = spy.calls[-1][3]
            if previous is not None:
                grew = bool(
                    np.any((previous != EMPTY) & (searched.cells != previous))
                    or np.count_nonzero((previous == EMPTY) & (searched.cells != EMPTY)) != 2
                )
                if grew:
                    dropped += 1
                    assert tree is None
                    assert choice.snapshot.extra["reused_visits"] == 0
                elif tree is not None:
                    reused += 1
                    assert choice.snapshot.extra["reused_visits"] > 0
            previous = searched.cells.copy()
            board.play(choice.move)
            if board.is_over:
                break
            board.play(int(rng.choice(np.flatnonzero(board.cells == EMPTY))))
    assert reused > 0
    assert dropped > 0


# 9x9, Black to move after a random opening in which White's corner stones capture cells.
def _knowledge_position() -> Board:
    rng = np.random.default_rng(5)
    while True:
        board = _random_position(rng, 9, 14)
        if board is None:
            continue
        analysis = analyse(board, 40_000)
        if analysis.proven is None and len(analysis.consider) > 1 and _added(board):
            return board


def test_the_root_tactics_pass_their_fill_in_to_the_search(monkeypatch):
    board = _knowledge_position()
    seen = []
    original = UCTPlayer.choose_move

    def spy(player, board, **options):
        seen.append(options.get("filled"))
        return original(player, board, **options)

    monkeypatch.setattr(UCTPlayer, "choose_move", spy)
    choice = create_player("strong:playouts=500,time_s=none,root_fill=true").choose_move(board)
    assert np.array_equal(seen[0], analyse(board, 40_000).inferior.filled)
    assert choice.move not in _added(board)
    assert not _added(board) & set(choice.snapshot.root_moves)
    create_player("strong:playouts=500,time_s=none").choose_move(board)
    assert seen[1] is None  # without root_fill nothing is passed


def test_root_fill_is_a_setting_of_the_tree_levels_only():
    for level in ("uct", "anthill", "strong"):
        assert create_player(f"{level}:root_fill=true").settings.root_fill is True
        assert create_player(level).settings.root_fill is False
    with pytest.raises(HexError):
        create_player("sdst:root_fill=true")

"""swap_policy=table: one table of opening values decides both the first move and the swap."""

from __future__ import annotations

from engine.board import SWAP_PIECES, Board
from engine.players import create_player
from engine.players.openings import (
    TABLE_SIZES,
    OpeningTablePlayer,
    balanced_opening,
    opening_values,
    should_swap,
)

SPEC = "mc:playouts_per_move=20,threads=1,swap_policy=table"


def test_the_table_covers_its_sizes_and_respects_the_half_turn():
    values = opening_values()
    assert set(values) == set(TABLE_SIZES)
    for size, table in values.items():
        assert set(table) == set(range(size * size))
        assert all(0.0 <= v <= 1.0 for v in table.values())
        assert all(table[c] == table[size * size - 1 - c] for c in table)


def test_the_first_move_is_the_opening_closest_to_even_and_is_not_swapped():
    player = create_player(SPEC)
    assert isinstance(player, OpeningTablePlayer)
    for size in (5, 9, 11):
        board = Board(size, swap_rule=True)
        seen = []
        choice = player.choose_move(board, on_snapshot=seen.append)
        values = opening_values()[size]
        assert choice.move == balanced_opening(size)
        assert abs(values[choice.move] - 0.5) == min(abs(v - 0.5) for v in values.values())
        assert seen == [choice.snapshot] and "closest to even" in choice.snapshot.note
        board.play(choice.move)
        answer = player.choose_move(board).move
        assert (answer == SWAP_PIECES) == should_swap(size, choice.move)


def test_the_swap_follows_the_table_both_ways():
    player = create_player(SPEC)
    size = 9
    values = opening_values()[size]
    strongest = max(values, key=values.get)
    weakest = min(values, key=values.get)
    assert values[strongest] > 0.5 > values[weakest]
    board = Board(size, swap_rule=True)
    board.play(strongest)
    assert player.choose_move(board).move == SWAP_PIECES
    board = Board(size, swap_rule=True)
    board.play(weakest)
    assert isinstance(player.choose_move(board).move, int)


def test_without_the_swap_rule_the_search_decides():
    board = Board(9)
    plain = create_player("mc:playouts_per_move=20,threads=1")
    assert create_player(SPEC).choose_move(board).move == plain.choose_move(board).move
    assert not isinstance(create_player("sdst"), OpeningTablePlayer)

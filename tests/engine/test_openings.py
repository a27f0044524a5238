"""swap_policy=table: one table of opening values decides both the first move and the swap."""

from __future__ import annotations

import pytest
from hexswarm.engine.board import SWAP_PIECES, Board, cell_index
from hexswarm.engine.players import create_player
from hexswarm.engine.players.openings import (
    PROVEN_LOSING,
    TABLE_SIZES,
    OpeningTablePlayer,
    balanced_opening,
    opening_values,
    opening_wins,
    should_swap,
    solve_openings,
    solved_openings,
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
    """Unsolved sizes: the cell closest to even among those not proven to lose."""
    player = create_player(SPEC)
    assert isinstance(player.player, OpeningTablePlayer)
    for size in (9, 11):
        assert size not in solved_openings()
        board = Board(size, swap_rule=True)
        seen = []
        choice = player.choose_move(board, on_snapshot=seen.append)
        values = opening_values()[size]
        assert choice.move == balanced_opening(size)
        allowed = [v for c, v in values.items() if opening_wins(size, c) is not False]
        assert abs(values[choice.move] - 0.5) == min(abs(v - 0.5) for v in allowed)
        assert seen == [choice.snapshot] and "closest to even" in choice.snapshot.note
        board.play(choice.move)
        answer = player.choose_move(board).move
        assert (answer == SWAP_PIECES) == should_swap(size, choice.move)


def test_on_solved_sizes_the_opening_is_the_strongest_looking_loss_and_is_kept():
    player = create_player(SPEC)
    for size in (5, 7):
        values, winning = opening_values()[size], solved_openings()[size]
        board = Board(size, swap_rule=True)
        choice = player.choose_move(board)
        assert choice.move not in winning
        assert values[choice.move] == max(v for c, v in values.items() if c not in winning)
        assert "proven loss" in choice.snapshot.note
        board.play(choice.move)
        assert isinstance(player.choose_move(board).move, int)  # a loss is not swapped


def test_on_solved_sizes_exactly_the_winning_openings_are_swapped():
    player = create_player(SPEC)
    size = 7
    winning = solved_openings()[size]
    for cell in range(size * size):
        assert should_swap(size, cell) == (cell in winning)
    board = Board(size, swap_rule=True)
    board.play(min(winning))
    choice = player.choose_move(board)
    assert choice.move == SWAP_PIECES and "proven win" in choice.snapshot.note


def test_the_solved_openings_are_consistent_with_hex_theory():
    """Every solved size: closed under the half turn, the centre wins on odd sizes, and the
    acute-corner cells a1 and b1 lose (proven for every board from 3x3 up)."""
    solved = solved_openings()
    assert set(solved) == {3, 4, 5, 6, 7, 8}
    for size, winning in solved.items():
        assert all(size * size - 1 - cell in winning for cell in winning)
        if size % 2:
            assert (size * size) // 2 in winning
        for name in PROVEN_LOSING:
            assert cell_index(name, size) not in winning
    # the published 7x7 values for the first row and column, as listed with the proof trees
    seven = {Board(7).cell_name(c) for c in solved[7]}
    assert {"a4", "a6", "a7", "b3"} <= seven
    assert not {"a1", "a2", "a3", "a5", "b1", "b2"} & seven


@pytest.mark.parametrize("size", [3, 4])
def test_the_stored_small_solutions_are_the_solvers(size):
    names = {Board(size).cell_name(c) for c in solved_openings()[size]}
    assert set(solve_openings(size)) == names


def test_unsolved_sizes_never_open_or_swap_a_proven_loss():
    unsolved = [size for size in TABLE_SIZES if size not in solved_openings()]
    assert unsolved == [9, 10, 11, 12, 13]
    for size in unsolved:
        corner = {cell_index(name, size) for name in PROVEN_LOSING}
        corner |= {size * size - 1 - cell for cell in corner}
        assert balanced_opening(size) not in corner
        assert not any(should_swap(size, cell) for cell in corner)


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
    plain = create_player("mc:playouts_per_move=20,threads=1,seed=5")
    table = create_player(SPEC + ",seed=5")  # the same seed: the same search
    assert table.choose_move(board).move == plain.choose_move(board).move
    assert not isinstance(create_player("sdst"), OpeningTablePlayer)


def test_re_solving_the_small_sizes_reproduces_the_bundled_table(tmp_path):
    """``--solve 3 4 --out F`` writes the bundled table with those sizes solved again: the
    same file, byte for byte (the stored 3x3 and 4x4 sets are the solver's)."""
    from hexswarm.engine.players.openings import OPENINGS_FILE, main

    out = tmp_path / "openings.json"
    assert main(["--solve", "3", "4", "--out", str(out)]) == 0
    assert out.read_bytes() == OPENINGS_FILE.read_bytes()


def test_the_tables_moves_carry_their_values_into_the_game_record():
    """Round 15, 11x11 with the swap rule against ``strong``: after its swap of f6 (worth
    0.54 to the opening's player) the game graph said "Black 100%". The swap's snapshot had
    said 1 - 0.54 (the rate of keeping the opening), and the move's value was read from its
    one agent's "active" share, 0. The swapper's estimate and the move's value are the
    opening's value; the opening's own move is worth what the table says too."""
    from hexswarm.engine.game import Game
    from hexswarm.engine.review import PositionAnalysis, line_estimates

    player = create_player(SPEC)
    size = 11
    values = opening_values()[size]
    game = Game(size)
    game.swap_rule = True
    opening = player.choose_move(game.board)
    assert opening.snapshot.estimate == values[opening.move]
    # The opening had been graded a blunder ("1. Black c1??", Black 0% after it).
    kept = PositionAnalysis.from_snapshot(opening.snapshot, size)
    assert kept.value_of(Board(size).cell_name(opening.move)) == values[opening.move]
    swapped = max(values, key=values.get)  # an opening the table swaps
    game.play(Board(size).cell_name(swapped))
    choice = player.choose_move(game.board)
    assert choice.move == SWAP_PIECES
    assert choice.snapshot.estimate == pytest.approx(values[swapped])
    analysis = PositionAnalysis.from_snapshot(choice.snapshot, size)
    assert analysis.value_of(SWAP_PIECES) == pytest.approx(values[swapped])
    game.cursor.ai = analysis
    game.play(SWAP_PIECES)
    after = line_estimates(game.main_line())[-1]
    assert (after.move_number, after.direct) == (2, False)
    assert after.black == pytest.approx(1 - values[swapped])

"""The whole-game review proves what it can before it estimates (round 15): the proofs of
``engine.players.tactics.prove_position`` checked against plain minimax
(``tests/naive_search``), and the grades of moves from and into proven positions
(``engine.review.review_moves``), on seeded games with known answers."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest
from hexswarm.engine.board import BLACK, WHITE, Board, Color
from hexswarm.engine.players.tactics import prove_position, proven_choice
from hexswarm.engine.review import (
    BLUNDER,
    GOOD,
    MISTAKE,
    PositionAnalysis,
    review_moves,
    win_rate_text,
)

from tests.naive_search import position_of, solve

ANALYST = "uct:playouts=9,seed=1"


@dataclass
class Node:
    move: tuple[Color, str] | None
    ai: PositionAnalysis | None


def black_wins(board: Board) -> bool:
    return solve(board.size, *position_of(board))


def proved(board: Board, keep: tuple[str, ...] = ()) -> PositionAnalysis | None:
    choice = proven_choice(board.copy(), None, ANALYST)
    if choice is None:
        return None
    assert choice.snapshot is not None
    return PositionAnalysis.from_snapshot(choice.snapshot, board.shape, ANALYST, keep)


def estimated(board: Board, win: float, keep: tuple[str, ...] = ()) -> PositionAnalysis:
    """A searched analysis of ``board`` (``win`` for its side to move; the move played from
    it valued the same), as a review's analyst would leave it."""
    moves = tuple((token, win) for token in keep)
    best = keep[0] if keep else "a1"
    return PositionAnalysis(
        board.to_move, win, best, (best,), 1000, 0.5, ANALYST, moves, 1000, (500,) * len(moves)
    )


def reviewed_line(size: int, cells: list[int], search: float | None = None):
    """The nodes of a game of ``cells`` on a ``size`` board with each position proved where the
    proofs can (else a search's estimate ``search``), and the winners after each move."""
    boards = [Board(size)]
    for cell in cells:
        board = boards[-1].copy()
        board.play(cell)
        boards.append(board)
    nodes = [Node(None, None)]
    for board, cell in zip(boards, cells, strict=False):
        nodes.append(Node((board.to_move, board.cell_name(cell)), None))
    for index, board in enumerate(boards):
        if board.is_over:
            continue
        keep = (board.cell_name(cells[index]),) if index < len(cells) else ()
        analysis = proved(board, keep)
        if analysis is None and search is not None:
            analysis = estimated(board, search, keep)
        nodes[index].ai = analysis
    return boards, nodes, [board.winner for board in boards]


def seeded_game(size: int, seed: int) -> list[int]:
    rng = random.Random(seed)
    board = Board(size)
    cells = []
    while not board.is_over:
        cell = rng.choice(board.legal_moves())
        board.play(cell)
        cells.append(cell)
    return cells


@pytest.mark.parametrize("seed", range(6))
def test_proofs_on_small_boards_agree_with_minimax(seed):
    """Every position of seeded random 4x4 games is proved (the solver's reach) and the
    verdict is the minimax one; a proven win's move wins by minimax too."""
    cells = seeded_game(4, seed)
    board = Board(4)
    for cell in cells:
        if board.is_over:
            break
        proof = prove_position(board.copy())
        assert proof is not None
        mover_wins = black_wins(board) == (board.to_move is BLACK)
        assert proof.proven == ("win" if mover_wins else "loss")
        if mover_wins:
            after = board.copy()
            after.play(proof.move)
            assert after.winner is board.to_move or black_wins(after) == (board.to_move is BLACK)
        board.play(cell)


def test_the_losing_move_of_a_small_game_is_a_blunder_and_the_lost_side_is_not_marked():
    """A seeded 4x4 game whose mover turned a win into a loss (found by minimax): with every
    position proved, that move is a blunder ``proven win -> proven loss``, every move that kept
    a win is unmarked, and no move of a side already lost is marked."""
    for seed in range(40):
        cells = seeded_game(4, seed)
        boards = [Board(4)]
        for cell in cells:
            boards.append(boards[-1].copy())
            boards[-1].play(cell)
        wins = [None if b.is_over else black_wins(b) == (b.to_move is BLACK) for b in boards]
        turned = [
            i + 1
            for i in range(len(cells))
            if wins[i] and not boards[i + 1].is_over and wins[i + 1]  # the opponent now wins
        ]
        if turned:
            break
    else:
        pytest.fail("no seeded 4x4 game turns")
    _boards, nodes, winners = reviewed_line(4, cells)
    reviews = review_moves(nodes, winners)
    assert set(reviews) == set(range(1, len(cells) + 1))  # every move graded
    for index, review in reviews.items():
        before_won = wins[index - 1]
        after_lost = boards[index].winner is None and wins[index]
        assert review.before_exact and review.after_exact
        if before_won and after_lost:
            assert review.grade == BLUNDER and review.drop == 1.0
            assert (win_rate_text(review.before, True), win_rate_text(review.after, True)) == (
                "proven win",
                "proven loss",
            )
            better = boards[index - 1].copy()
            better.play(review.better)  # the proof's move, winning by minimax
            assert better.winner is not None or not wins[index - 1 + 1] or True
            assert better.winner is review.color or black_wins(better) == (review.color is BLACK)
        else:
            assert review.grade == GOOD, (index, review)
    assert any(reviews[i].grade == BLUNDER for i in turned)


def test_a_move_into_a_proven_loss_from_an_estimate_drops_the_estimate():
    """From a position the proofs do not settle (a search's 30% for the mover) into a proven
    loss: the drop is the estimate, a blunder at the default thresholds; from 15% a mistake.
    The search's offset is not measured from a move from or into a proof."""
    board = Board(3)
    board.play("b2")  # Black's centre: White is lost on 3x3
    after = proved(board)
    assert after is not None and after.to_move is WHITE and after.win_rate == 0.0
    for estimate, grade in ((0.30, BLUNDER), (0.15, MISTAKE)):
        nodes = [
            Node(None, estimated(Board(3), estimate, ("b2",))),
            Node((BLACK, "b2"), PositionAnalysis(WHITE, 1.0, "a1", ("a1",), exact=True)),
        ]
        review = review_moves(nodes, [None, None])[1]
        assert review.after == 0.0 and review.after_exact and not review.before_exact
        assert review.drop == pytest.approx(estimate) and review.grade == grade


def test_a_proven_win_kept_on_8x13_is_never_marked():
    """Round 15's 8x13 game against ``strong``: White proven won by a virtual connection from
    its move 8; White's a3 there (the session's move, graded ?! by the review's estimates)
    keeps it and is good, proven win -> proven win; so are White's later moves that keep
    it, whatever the search would have said in between."""
    moves = ["d7", "e6", "c9", "d6", "c6", "c7", "e7", "a3", "d8", "b1"]
    boards = [Board(8, 13)]
    for move in moves:
        boards.append(boards[-1].copy())
        boards[-1].play(move)
    nodes = [Node(None, None)]
    for board, move in zip(boards, moves, strict=False):
        nodes.append(Node((board.to_move, move), None))
    for index, board in enumerate(boards):
        keep = (moves[index],) if index < len(moves) else ()
        nodes[index].ai = proved(board, keep) or estimated(board, 0.5, keep)
    proof = nodes[7].ai
    assert proof is not None and proof.exact and proof.to_move is WHITE and proof.win_rate == 1
    reviews = review_moves(nodes, [b.winner for b in boards])
    for index in (8, 10):  # White's a3 and b1
        review = reviews[index]
        assert review.color is WHITE and review.grade == GOOD
        assert review.before_exact and review.after_exact and review.after == 1.0
    assert reviews[9].grade == GOOD and reviews[9].before == 0.0  # Black, already lost


def test_a_rectangle_is_proved_on_its_embedding_and_answers_in_its_cells():
    """A 4x6 position (4 columns, 6 rows) where White threatens d2 and d3: Black to move is
    proven lost, and the review's move there stands in White's way (d2 or d3); after Black's
    b5 White's proven win is a cell of the rectangle that connects at once."""
    board = Board(4, 6)
    for move in ["a1", "a3", "b1", "b3", "c6", "c3"]:
        board.play(move)
    proof = prove_position(board)
    assert proof is not None and proof.proven == "loss"
    choice = proven_choice(board, None, ANALYST)
    assert choice is not None and board.cell_name(choice.move) in ("d2", "d3")
    assert choice.snapshot.proven == "loss" and choice.snapshot.estimate == 0.0
    board.play("b5")
    proof = prove_position(board)
    assert proof is not None and proof.proven == "win"
    board.play(proof.move)
    assert board.winner is WHITE


def test_no_loss_is_claimed_while_the_side_to_move_may_swap():
    """The proofs play cells only: with the swap rule the empty 3x3 board is not proven won
    for Black (White would swap its centre), and after Black's centre White (who may swap
    and then wins) is not proven lost."""
    board = Board(3, swap_rule=True)
    assert prove_position(board) is None
    board.play("b2")
    assert prove_position(board) is None
    board = Board(3)
    board.play("b2")
    assert prove_position(board).proven == "loss"


def test_no_offset_is_measured_from_a_proof_without_a_search():
    """Forty moves whose two searches differ by 4 points, and one from a proof (its move's
    value the proof's 1, the search after 0.7): the offset stays 4 points. A proof that came
    with a search (a two-threat loss still searched) is a search's value and counts."""
    from hexswarm.engine.review import _Evidence, cross_search_offset

    def gap(index, same, cross, exact=False, proof=False):
        return _Evidence(
            index, index, BLACK, "a1", 0.6, same, 1000, cross, False, None, exact, proof
        )

    line = [gap(i, 0.54, 0.50) for i in range(40)]
    assert cross_search_offset([*line, gap(40, 1.0, 0.7, True, True)]) == pytest.approx(0.04)
    assert cross_search_offset([*line, gap(40, 1.0, 0.7, True, False)]) > 0.04


@pytest.mark.parametrize("seed", range(8))
def test_what_the_line_proves_from_some_proofs_agrees_with_minimax(seed):
    """Seeded 4x4 games with every position proved, then about half of the proofs replaced by
    a search's estimate (a proof checker with a budget proves one position and not the
    next): each value ``proven_line`` gives (the proofs left, and what follows from them
    along the line) is the minimax one."""
    from hexswarm.engine.review import proven_line

    rng = random.Random(1000 + seed)
    cells = seeded_game(4, seed)
    boards, nodes, winners = reviewed_line(4, cells)
    for index, node in enumerate(nodes):
        if node.ai is not None and rng.random() < 0.5:
            keep = (boards[index].cell_name(cells[index]),) if index < len(cells) else ()
            node.ai = estimated(boards[index], rng.random(), keep)
    proven = proven_line(nodes, winners)
    for index, (board, value) in enumerate(zip(boards, proven, strict=True)):
        if value is None:
            continue
        truth = (board.winner is BLACK) if board.is_over else black_wins(board)
        assert value == float(truth), index


def test_a_lost_side_stays_lost_and_a_winning_move_proves_the_position_before():
    """The three steps of ``proven_line`` on a hand-made line: Black proven lost at the start
    stays lost after its move (every move of a lost side loses); a proven win for White
    after its move proves the position before it won for White; a proven win whose proof's
    move is played stays won. An estimate in between is filled; nothing is claimed past a
    move that is not the proof's."""
    from hexswarm.engine.review import proven_line

    def proof(to_move, win, best):
        return PositionAnalysis(to_move, win, best, (best,), exact=True)

    def guess(to_move):
        return PositionAnalysis(to_move, 0.5, "e5", ("e5",))

    nodes = [
        Node(None, proof(BLACK, 0.0, "a1")),  # Black lost
        Node((BLACK, "a1"), guess(WHITE)),  # so White wins here
        Node((WHITE, "b2"), guess(BLACK)),  # unknown: White's b2 is not a proof's move
        Node((BLACK, "c3"), proof(WHITE, 1.0, "d4")),  # White proven won
        Node((WHITE, "d4"), guess(BLACK)),  # the proof's move: Black lost
        Node((BLACK, "e5"), guess(WHITE)),  # White wins (a lost side's move)
        Node((WHITE, "a2"), None),  # unknown
    ]
    assert proven_line(nodes, [None] * len(nodes)) == [0.0, 0.0, None, 0.0, 0.0, 0.0, None]


def test_a_proof_asked_to_stop_runs_none_of_its_costly_steps(monkeypatch):
    """Round 16: a Stop during the review's proof waited for the proof's whole budget (DFPN
    up to a second under load). The stop flag is asked before the solver, the H-search and
    DFPN (and between DFPN's chunks): stopped at once, only the one-move rules run."""
    import hexswarm.engine.analysis.root as root
    import hexswarm.engine.players.tactics as tactics

    def costly(*args, **kwargs):
        raise AssertionError("a stopped proof ran a costly step")

    monkeypatch.setattr(tactics, "solved_tactics", costly)
    monkeypatch.setattr(tactics, "proved_tactics", costly)
    monkeypatch.setattr(root, "analyse", costly)
    board = Board(5)
    board.play("c3")
    assert prove_position(board, 1.0, should_stop=lambda: True) is None
    assert proven_choice(board, 1.0, ANALYST, should_stop=lambda: True) is None
    board = Board(2)
    board.play("a1")
    board.play("b2")  # Black's a2 joins its edges at once: the one-move rules, stopped or not
    proof = prove_position(board, 1.0, should_stop=lambda: True)
    assert proof is not None and proof.proven == "win" and board.cell_name(proof.move) == "a2"


def test_the_stop_flag_reaches_dfpn():
    """The empty 5x5 board takes DFPN 2 326 nodes (tests/engine/test_dfpn.py): stopped, its
    first chunk of 1 000 settles nothing; not stopped, it proves Black's win."""
    from hexswarm.engine.players.tactics import proved_tactics

    assert proved_tactics(Board(5), 1.0, lambda: True) is None
    proof = proved_tactics(Board(5), None, lambda: False)
    assert proof is not None and proof.proven == "win"


def test_the_reviews_proof_has_a_budget_of_its_own():
    """Round 16: the proof's budget was scaled to the analyst's seconds (and its time came out
    of an external engine's seconds). It is that of a move of at most 1 s, whatever the
    analyst gets; a review quicker than that proves within its own seconds."""
    from hexswarm.engine.players.tactics import REVIEW_PROOF_SECONDS, review_proof_seconds

    assert REVIEW_PROOF_SECONDS == 1.0
    assert review_proof_seconds(10.0) == 1.0 and review_proof_seconds(3.0) == 1.0
    assert review_proof_seconds(0.5) == 0.5 and review_proof_seconds(None) == 1.0


@pytest.mark.parametrize(
    ("shape", "moves", "groups"),
    [
        (9, 3, ()),  # 78 empty cells: no solver (81 cells), no DFPN (more than 60 empty)
        (9, 21, ("dfpn",)),  # 60 empty cells
        (8, 0, ("solver",)),  # 64 cells, all empty: more than DFPN's 60
        (8, 4, ("solver", "dfpn")),
        (11, 61, ("dfpn",)),
        (14, 30, ()),  # past DFPN's 13x13
        ((4, 6), 2, ("solver", "dfpn")),  # on its 6x6 embedding
    ],
)
def test_the_proof_names_the_kernels_each_position_needs(shape, moves, groups):
    """Round 16: the first review of a session waited for the DFPN kernels to compile before
    its first position, though an opening needs none. The review now waits, position by
    position, for the kernel groups :func:`prove_position` may call there."""
    from hexswarm.engine.players.tactics import proof_kernel_groups

    board = Board(*shape) if isinstance(shape, tuple) else Board(shape)
    rng = random.Random(7)
    while len(board.moves) < moves and not board.is_over:
        board.play(rng.choice(board.legal_moves()))
    assert len(board.moves) == moves and not board.is_over
    assert proof_kernel_groups(board) == groups
    assert proof_kernel_groups(Board(5, swap_rule=True)) == ()  # nothing proved before a move


@pytest.mark.parametrize(
    ("shape", "groups"),
    [
        (9, ("dfpn",)),
        (8, ("solver", "dfpn")),
        (13, ("dfpn",)),
        (14, ()),
        ((4, 6), ("solver", "dfpn")),
    ],
)
def test_the_proofs_kernels_of_a_games_later_positions_are_known_from_its_start(shape, groups):
    """What the review has compiled next, from its first position: on 9x9 DFPN's kernels
    (needed once 60 cells are empty), never the solver's (81 cells). Measured on a cold cache
    under load, the solver's compiled first had held DFPN's up: the review waited 22 s at its
    22nd position (docs/results/review-proofs/r16/)."""
    from hexswarm.engine.players.tactics import proof_kernel_groups

    board = Board(*shape) if isinstance(shape, tuple) else Board(shape)
    assert proof_kernel_groups(board, later=True) == groups


def test_a_proven_win_thrown_away_is_graded_from_the_proof_without_an_analysis_of_its_own():
    """Round 16: a person's move in a game against an AI. The AI (White) proved itself lost
    on its turn; after its move Black (the person, whose positions nobody searched) is proven
    won along the line, and plays into a position the AI's next search gives White 60 %.
    That move threw a proven win away: graded from 1 (proven) to the estimate 40 %, a
    blunder, which says the win was proven; no better move is offered (nobody searched
    there). It had not been graded at all: the position before had no analysis."""
    from hexswarm.engine.review import BLUNDER

    def search(to_move, win, best):
        return PositionAnalysis(to_move, win, best, (best,), 1000, 1.0, "strong")

    lost = PositionAnalysis(WHITE, 0.0, "d4", ("d4",), 1000, 1.0, "strong", exact=True)
    nodes = [
        Node(None, search(BLACK, 0.5, "e5")),
        Node((BLACK, "e5"), lost),  # the AI's search proved it lost
        Node((WHITE, "d4"), None),  # the person to move: won along the line, not searched
        Node((BLACK, "a1"), search(WHITE, 0.6, "b2")),
        Node((WHITE, "b2"), None),
    ]
    reviews = review_moves(nodes, [None] * len(nodes), sides=(BLACK,))
    review = reviews[3]
    assert review.before == 1.0 and review.before_exact and not review.after_exact
    assert review.after == pytest.approx(0.4) and review.grade == BLUNDER
    assert review.left_proven_win and review.better is None and review.better_line == ()
    assert reviews[1].grade == GOOD and reviews[1].after_exact  # the move into the AI's loss
    # A move that kept a proven win into a proven position says nothing of the kind.
    assert not reviews[1].left_proven_win

"""Hex knowledge at the root (``tactics=vc``): decided positions played without a search, the
search's root moves restricted to the must-play region, and the tree's root restriction."""

from __future__ import annotations

import numpy as np
import pytest
from hexswarm.engine.analysis.root import analyse
from hexswarm.engine.board import Board
from hexswarm.engine.players import create_player
from hexswarm.engine.players.tactics import TacticalPlayer
from hexswarm.engine.search.environment import hex_environment
from hexswarm.engine.search.limits import SearchLimits
from hexswarm.engine.search.uct import UctConfig, UctSearch

# 9x9, White to move; Black's d2, f3, e5, e7 are semi-connected to both edges in several ways.
THREAT = ("e5", "d6", "f3", "c7", "e7", "b8", "d2")


def _board(moves, size=9) -> Board:
    return Board.from_moves(size, moves)


def test_a_restricted_root_searches_only_its_moves():
    board = Board(5)
    env = hex_environment(board)
    allowed = [3, 7, 12]
    search = UctSearch(UctConfig(seed=3), root_actions=allowed)
    result = search.run(env, SearchLimits(playouts=600))
    visited = set(np.flatnonzero(result.visits))
    assert visited == set(allowed)
    assert result.best_action in allowed


def test_restricting_a_reused_root_keeps_the_statistics_of_the_moves_kept():
    board = Board(4)
    env = hex_environment(board)
    first = UctSearch(UctConfig(seed=5))
    first.run(env, SearchLimits(playouts=2_000))
    tree = first.trees[0]
    before = dict(zip(*_root(tree), strict=True))
    kept = sorted(before, key=lambda a: -before[a])[:3]
    tree.restrict_root(kept)
    after = dict(zip(*_root(tree), strict=True))
    assert after == {a: before[a] for a in kept}
    again = UctSearch(UctConfig(seed=6), tree=tree)
    result = again.run(env, SearchLimits(playouts=500))
    assert set(np.flatnonzero(result.visits)) == set(kept)
    assert sum(result.visits) == sum(before[a] for a in kept) + 500


def _root(tree):
    kids = tree.children(0)
    return (
        [int(a) for a in tree.actions[kids.start : kids.stop]],
        [int(v) for v in tree.visits[kids.start : kids.stop]],
    )


def _chain(black, to_move) -> Board:
    board = Board(9)
    board.setup(black=black, white=["a1", "a2", "a3", "a4"], to_move=to_move)
    return board


# e4 and e6 (each on the fourth row from its edge, joined to it) meet only at e5: whoever
# holds the gap's key wins. (e2, e4, d6, d8 is no such gap: e4-d6 is a bridge, and H-search
# proves it joined since round 9.)
GAP = ["e2", "e4", "e6", "e8"]


def test_vc_plays_a_semi_connection_key_without_searching():
    board = _chain(GAP, "black")
    analysis = analyse(board)
    assert analysis.proven == "win"
    player = create_player("uct:playouts=100,tactics=vc")
    choice = player.choose_move(board)
    assert choice.move == analysis.move
    assert choice.snapshot.proven == "win" and choice.snapshot.playouts == 0
    assert board.cell_name(choice.move) in choice.snapshot.note
    # White to move must play into the gap's carriers.
    defence = analyse(_chain(GAP, "white"))
    assert defence.proven is None and analysis.move in defence.must_play


def test_vc_scores_a_full_connection_exactly():
    # e2, d4, c6, b8: each joined to the next by a bridge and to the edges by template II.
    won = _chain(["e2", "d4", "c6", "b8"], "black")
    choice = create_player("uct:playouts=100,tactics=vc").choose_move(won)
    assert choice.snapshot.proven == "win" and choice.snapshot.playouts == 0
    lost = _chain(["e2", "d4", "c6", "b8"], "white")
    choice = create_player("uct:playouts=100,tactics=vc").choose_move(lost)
    assert choice.snapshot.proven == "loss" and choice.snapshot.playouts > 0


@pytest.mark.parametrize("level", ["uct", "anthill"])
def test_vc_restricts_the_search_to_the_must_play_region(level):
    board = _board(THREAT)
    analysis = analyse(board)
    assert analysis.proven is None and analysis.must_play
    player = create_player(f"{level}:playouts=3000,seed=2,tactics=vc")
    assert isinstance(player.player, TacticalPlayer)
    choice = player.choose_move(board)
    assert choice.move in analysis.consider
    assert "must-play" in choice.snapshot.note
    snapshot = choice.snapshot
    pairs = zip(snapshot.root_moves, snapshot.extra["root_visits"], strict=True)
    searched = {cell for cell, visits in pairs if visits}
    assert searched <= set(analysis.consider) and len(searched) > 1


def test_vc_with_a_player_that_searches_every_move():
    board = _board(THREAT)
    player = create_player("sdst:agents=200,iterations=300,threads=1,seed=2,tactics=vc")
    assert not getattr(player.player.player, "supports_root_moves", False)
    choice = player.choose_move(board)
    assert "must-play" in choice.snapshot.note
    assert isinstance(choice.move, int) and board.cells[choice.move] == 0


def test_the_root_benchmark_judges_moves_by_the_analysis():
    from hexswarm.engine.tools.analysis_bench import judge, root_positions

    won = _chain(GAP, "black")
    key = analyse(won).move
    assert judge("vc-win", won, key) == "kept"
    assert judge("vc-win", won, won.cell_index("i9")) == "lost-proof"
    defend = _chain(GAP, "white")
    assert judge("must-play", defend, key) == "inside"
    assert judge("must-play", defend, defend.cell_index("i1")) == "proven-loss"
    positions = root_positions(seed=4, per_category=1)
    assert sorted((b.size, c) for c, b in positions) == [
        (9, "must-play"),
        (9, "vc-win"),
        (11, "must-play"),
        (11, "vc-win"),
    ]
    for category, board in positions:
        analysis = analyse(board)
        assert (analysis.proven == "win") == (category == "vc-win")


def test_a_restricted_root_with_rave_and_priors_starts_as_the_kernel_would():
    """A fresh restricted root gets the priors and RAVE start of the kernel's expansion (the
    same values as the unrestricted search's children of those moves), and a reused root
    keeps its kept children's RAVE counts and priors."""
    from hexswarm.engine.patterns import DEFAULT_TABLE

    board = _board(["e5", "d6"])
    env = hex_environment(board)
    allowed = [3, 17, 40]
    options = {"rave": True, "priors": DEFAULT_TABLE, "seed": 4}
    whole = UctSearch(UctConfig(**options))
    whole.run(env, SearchLimits(playouts=1))
    restricted = UctSearch(UctConfig(**options), root_actions=allowed)
    restricted.run(env, SearchLimits(playouts=1))
    full_tree, cut_tree = whole.trees[0], restricted.trees[0]

    def start(tree):
        kids = tree.children(0)
        return {
            int(tree.actions[c]): (float(tree.prior[c]), int(tree.rave[c, 0]))
            for c in range(kids.start, kids.stop)
        }

    full_start, cut_start = start(full_tree), start(cut_tree)
    assert set(cut_start) == set(allowed)
    total = sum(full_start[a][0] for a in allowed)
    for action in allowed:
        prior, samples = cut_start[action]
        assert samples > 0 and prior > 0
        # Normalised over the moves kept: the same ratios as among all moves.
        assert prior == pytest.approx(full_start[action][0] / total)
    more = UctSearch(UctConfig(**options))
    more.run(env, SearchLimits(playouts=2_000))
    tree = more.trees[0]
    before = start(tree)
    rave_before = {a: int(tree.rave[c, 1]) for a, c in _children(tree).items()}
    tree.restrict_root(allowed)
    assert start(tree) == {a: before[a] for a in allowed}
    assert {a: int(tree.rave[c, 1]) for a, c in _children(tree).items()} == {
        a: rave_before[a] for a in allowed
    }


def _children(tree):
    kids = tree.children(0)
    return {int(tree.actions[c]): c for c in range(kids.start, kids.stop)}


def test_a_restricted_search_stopped_before_any_playout_plays_a_root_move():
    env = hex_environment(Board(5))
    search = UctSearch(UctConfig(seed=1), root_actions=[7, 12])
    result = search.run(env, SearchLimits(playouts=1_000), should_stop=lambda: True)
    assert result.iterations == 0 and result.best_action in (7, 12)


def test_vc_plays_a_win_that_only_proof_number_search_proves():
    """An 8x8 position of the real suite (MoHex's DFPN: the side to move wins with c2 among
    others) that neither the exact solver within its budget nor the analysis decides: DFPN
    proves it, and the move is played as a proven win without a search."""
    from hexswarm.engine.tools.tactics_real import REAL_SUITE
    from hexswarm.engine.tools.tactics_suite import load_suite

    position = next(p for p in load_suite(REAL_SUITE) if p.id == "real-template3-8x8-01")
    board = position.board()
    assert analyse(board).proven is None
    assert not create_player("uct:playouts=100,tactics=vc").choose_move(board).snapshot.proven
    choice = create_player("uct:playouts=100,tactics=dfpn").choose_move(board)
    assert choice.snapshot.proven == "win" and choice.snapshot.playouts == 0
    assert "DFPN" in choice.snapshot.note and choice.move in position.winning_cells()


def test_proof_number_search_waits_for_few_empty_cells(monkeypatch):
    import hexswarm.engine.dfpn as dfpn
    from hexswarm.engine.players.tactics import DFPN_EMPTY_CELLS, proved_tactics

    calls = []
    monkeypatch.setattr(dfpn, "prove", lambda board, **budget: calls.append(budget))
    assert proved_tactics(Board(9), 1.0) is None  # 81 empty cells
    assert proved_tactics(Board(14, 14), None) is None  # beyond 13x13
    assert Board(9).empty_count > DFPN_EMPTY_CELLS and not calls

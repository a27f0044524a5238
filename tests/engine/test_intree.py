"""In-tree Hex knowledge (``knowledge_after``, engine.kernels.tree_knowledge): every proof the
tree claims and every move it prunes is checked against an independent exact method, the
bitboard solver (engine.solver) on small boards and the labels of the real-board tactics suite
(MoHex's DFPN) on 8x8-11x11; and the search with it stays seeded."""

from __future__ import annotations

import zlib

import numpy as np
import pytest
from hexswarm.engine.board import BLACK, Board, HexError
from hexswarm.engine.kernels.tree import ROOT_LOSES, ROOT_WINS
from hexswarm.engine.kernels.uct import EXACT, KNOWN, PRUNED, RAVE_VISITS, UNEXPANDED
from hexswarm.engine.players import create_player
from hexswarm.engine.search.anthill import AnthillConfig
from hexswarm.engine.search.environment import hex_environment
from hexswarm.engine.search.limits import SearchLimits
from hexswarm.engine.search.uct import UctConfig, UctSearch
from hexswarm.engine.solver import solve, winning_moves
from hexswarm.engine.tools.tactics_real import REAL_SUITE
from hexswarm.engine.tools.tactics_suite import load_suite

CONFIGS = {
    "ucb1": {},
    "rave": {"rave": True},
    "priors": {"rave": True, "priors": "hex6-mohex-9x9", "prior_pruning": True},
}


def _random_board(rng, size, fill):
    board = Board(size)
    for _ in range(int(fill * size * size)):
        board.play(int(rng.choice(np.flatnonzero(board.cells == 0))))
        if board.winner is not None:
            board.undo()
            break
    return board


def _search(board, playouts, seed=0, knowledge_after=4, **options):
    config = UctConfig(seed=seed, knowledge_after=knowledge_after, **options)
    search = UctSearch(config)
    result = search.run(hex_environment(board), SearchLimits(playouts=playouts))
    return search, result


def _marked_nodes(search, board):
    """(position before the move, cell, mark, the node's children marks) for every child with
    a mark in the first tree, walked from the root with the moves along the way played on a
    copy of ``board``; and the number of nodes that got their knowledge."""
    tree = search.trees[0]
    labels = search.labels
    found = []
    known = 0

    def walk(node, position):
        nonlocal known
        block = int(tree.nodes[node, 2])
        if block < 0:
            return
        known += int(tree.blocks[block, KNOWN])
        for child in tree.children(node):
            cell = int(labels[tree.actions[child]])
            mark = int(tree.nodes[child, 2])
            if mark < UNEXPANDED:
                found.append((position.copy(), cell, mark, node))
            elif mark >= 0:
                position.play(cell)
                walk(child, position)
                position.undo()

    walk(0, board.copy())
    return found, known


def _check_marks(search, board):
    """Every mark right: a proven child's result is the solver's, and a pruned child never
    hides the only winning moves of its node. Returns (proofs, pruned, known)."""
    root_black = board.to_move is BLACK
    found, known = _marked_nodes(search, board)
    proofs = pruned = 0
    pruned_by_node: dict[int, list] = {}
    for position, cell, mark, node in found:
        if mark == PRUNED:
            pruned_by_node.setdefault(node, [position, set()])[1].add(cell)
            continue
        after = position.copy()
        after.play(cell)
        if after.is_over:
            root_won = (after.winner is BLACK) == root_black
        else:
            mover_wins, _ = solve(after)
            mover_black = after.to_move is BLACK
            root_won = mover_wins == (mover_black == root_black)
        assert root_won == (mark == -ROOT_WINS), (position.cell_name(cell), position)
        proofs += not after.is_over
    for position, cells in pruned_by_node.values():
        winning = winning_moves(position)
        pruned += len(cells)
        assert not winning or winning - cells, (sorted(cells), position)
    root = search.trees[0].root_proven
    if root:
        assert root == ROOT_WINS and solve(board)[0]
    for child in search.trees[0].children(0):  # the root's moves: proven won, or unmarked
        assert int(search.trees[0].nodes[child, 2]) in (-ROOT_WINS, UNEXPANDED) or (
            search.trees[0].nodes[child, 2] >= 0
        )
    return proofs, pruned, known


BOARDS = range(8)


@pytest.mark.parametrize("kind", sorted(CONFIGS))
@pytest.mark.parametrize("seed", BOARDS)
def test_every_proof_and_every_pruned_move_agrees_with_the_solver(kind, seed):
    rng = np.random.default_rng(200 + seed)
    size = int(rng.integers(4, 6))
    board = _random_board(rng, size, float(rng.uniform(0.1, 0.5)))
    search, _ = _search(board, 3_000, seed=seed, **CONFIGS[kind])
    proofs, pruned, known = _check_marks(search, board)
    assert known > 0


def test_the_checks_see_proofs_and_pruned_moves():
    """The test above would pass on a tree without marks: over its boards, proofs and pruned
    moves are found (so their checks ran)."""
    totals = np.zeros(3, dtype=int)
    for seed in range(6):
        rng = np.random.default_rng(200 + seed)
        size = int(rng.integers(4, 6))
        board = _random_board(rng, size, float(rng.uniform(0.1, 0.5)))
        search, _ = _search(board, 3_000, seed=seed, rave=True)
        totals += _check_marks(search, board)
    assert totals[0] > 20 and totals[1] > 0 and totals[2] > 10


@pytest.mark.parametrize("seed", range(4))
def test_a_proven_root_stops_the_search_and_plays_a_winning_move(seed):
    """Positions the side to move wins: a search that proves its root stops before its
    budget, and its move is one of the solver's winning moves."""
    rng = np.random.default_rng(7 + seed)
    stopped = 0
    for _ in range(6):
        board = _random_board(rng, 5, 0.5)
        winning = winning_moves(board)
        if not winning:
            continue
        search, result = _search(board, 20_000, seed=seed, rave=True)
        if search.trees[0].root_proven:
            assert search.trees[0].root_proven == ROOT_WINS
            assert result.iterations < 20_000
            stopped += 1
        assert int(search.labels[result.best_action]) in winning
    assert stopped > 0


def test_a_proven_root_ends_the_search_at_once():
    """The search ends with the descent that proves its root, whatever its budget and batch:
    it ran each descent after the proof alone, one kernel call apiece, to the batch's end
    (2 469 descents a batch on 9x9, so a 20 000-playout search always ran to its budget)."""
    board = Board.from_moves(5, ("c3", "b4", "c2", "d2"))
    runs = []
    for playouts, batch in ((20_000, None), (40_000, None), (40_000, 7)):
        config = UctConfig(seed=3, knowledge_after=4, rave=True, leaf_playouts=4)
        search = UctSearch(config)
        search.batch_iterations = batch
        result = search.run(hex_environment(board), SearchLimits(playouts=playouts))
        assert search.trees[0].root_proven == ROOT_WINS
        runs.append(result.iterations)
    assert runs[0] == runs[1] == runs[2] < 100


def test_a_lost_root_searches_its_whole_budget():
    """The root player's moves are never proven lost: in positions the side to move loses,
    the search runs to its budget (it does not stop on a proven loss) and leaves no root move
    marked, while it proves moves below the root."""
    rng = np.random.default_rng(31)
    lost = proofs = 0
    while lost < 3:
        board = _random_board(rng, 5, 0.3)
        if winning_moves(board):
            continue
        search, result = _search(board, 4_000, seed=1, rave=True)
        assert result.iterations == 4_000 and not search.trees[0].root_proven
        proofs += _check_marks(search, board)[0]
        lost += 1
    assert proofs > 0


def test_the_real_suite_proofs_agree_with_its_labels():
    """On 8x8-11x11 positions labelled by MoHex's DFPN: a root child the tree proves won is
    a labelled winning move, one it proves lost is not."""
    checked = 0
    for position in load_suite(REAL_SUITE)[::3]:
        board = position.board()
        winning = position.winning_cells()
        search, _ = _search(board, 4_000, seed=1, knowledge_after=64, rave=True)
        tree = search.trees[0]
        for child in tree.children(0):
            cell = int(search.labels[tree.actions[child]])
            mark = int(tree.nodes[child, 2])
            if mark in (-ROOT_WINS, -ROOT_LOSES):
                assert (cell in winning) == (mark == -ROOT_WINS), (position.id, cell)
                checked += 1
    assert checked > 0


def test_a_seeded_search_with_knowledge_repeats_itself():
    board = _random_board(np.random.default_rng(5), 7, 0.3)
    runs = [_search(board, 4_000, seed=9, knowledge_after=32, rave=True)[1] for _ in range(2)]
    assert runs[0].best_action == runs[1].best_action
    assert np.array_equal(runs[0].visits, runs[1].visits)


def test_knowledge_off_leaves_the_search_as_it_was():
    """``knowledge_after=0`` is the search without it: no block gets knowledge, no mark."""
    board = _random_board(np.random.default_rng(6), 6, 0.3)
    search, _ = _search(board, 3_000, seed=2, knowledge_after=0, rave=True)
    found, known = _marked_nodes(search, board)
    assert known == 0 and all(mark != PRUNED for *_, mark, _node in found)


def test_the_level_takes_the_setting_and_the_anthill_refuses_it():
    player = create_player("uct:playouts=500,rave=true,knowledge_after=16,seed=1")
    assert player.settings.knowledge_after == 16
    board = Board(5)
    board.play("c3")
    assert board.cells[player.choose_move(board).move] == 0
    with pytest.raises(HexError, match="knowledge_after"):
        AnthillConfig(knowledge_after=16)
    with pytest.raises(HexError, match="knowledge_after"):
        UctConfig(knowledge_after=-1)


def test_reuse_through_one_move_sees_the_marks_from_the_new_root_player():
    """A kept subtree one move down has the other player at its root: its proven marks are
    turned round (a child proven won for the old root player is lost for the new one)."""
    pairs = 0
    for seed in BOARDS:
        board = _random_board(np.random.default_rng(200 + seed), 5, 0.2)
        search, _ = _search(board, 6_000, seed=seed, rave=True)
        pairs += _turned_round_marks(search)
    assert pairs > 0


def _turned_round_marks(search):
    """Checks the one-move subtrees of every expanded root child; how many marks turned."""
    old = search.trees[0]
    pairs = 0
    for child in old.children(0):
        if old.nodes[child, 2] < 0:
            continue  # unexpanded or proven: nothing kept below it
        action = int(old.actions[child])
        kept = old.subtree([action], np.arange(search.width))
        for new_child, old_child in zip(kept.children(0), old.children(child), strict=True):
            old_mark, new_mark = int(old.nodes[old_child, 2]), int(kept.nodes[new_child, 2])
            if old_mark in (-ROOT_WINS, -ROOT_LOSES):
                assert new_mark == -(ROOT_WINS + ROOT_LOSES) - old_mark
                pairs += 1
            else:
                # the new root's moves are never pruned: a pruned one is a leaf again
                expected = UNEXPANDED if old_mark == PRUNED else old_mark
                assert new_mark == expected if old_mark < 0 else new_mark >= 0
    return pairs


# ``proven_playouts``: a descent scored exactly still runs its leaf playouts, for RAVE only.


def test_proven_playouts_keep_every_proof_right_and_run_a_playout_every_descent():
    """With the option every descent runs its leaf playouts (the playouts run are the
    descents times ``leaf_playouts``, where the search without it runs none for each descent
    scored exactly), and every mark in the tree is still the solver's."""
    exact = 0
    for seed in range(4):
        rng = np.random.default_rng(200 + seed)
        board = _random_board(rng, int(rng.integers(4, 6)), float(rng.uniform(0.2, 0.5)))
        options = {"rave": True, "leaf_playouts": 4, "priors": "hex6-mohex-9x9"}
        plain, before = _search(board, 4_000, seed=seed, **options)
        search, result = _search(board, 4_000, seed=seed, proven_playouts=True, **options)
        exact += int(search.trees[0].counters[EXACT])
        assert result.playouts == 4 * result.iterations
        assert before.playouts == 4 * (before.iterations - int(plain.trees[0].counters[EXACT]))
        _check_marks(search, board)
    assert exact > 100


def test_proven_playouts_feed_the_roots_rave_records():
    """On positions the side to move loses (its descents end at proven replies), the root's
    moves get more RAVE samples with the option than without, from the same budget."""
    rng = np.random.default_rng(31)
    lost = 0
    while lost < 3:
        board = _random_board(rng, 5, 0.3)
        if winning_moves(board):
            continue
        samples = []
        for proven in (False, True):
            search, result = _search(board, 4_000, seed=1, rave=True, proven_playouts=proven)
            assert result.iterations == 4_000 and not search.trees[0].root_proven
            tree = search.trees[0]
            kids = tree.children(0)
            samples.append(int(tree.rave[kids.start : kids.stop, RAVE_VISITS].sum()))
        assert samples[1] > samples[0]
        lost += 1


@pytest.mark.parametrize("seed", range(3))
def test_proven_playouts_still_stop_on_a_proven_root_with_a_winning_move(seed):
    rng = np.random.default_rng(7 + seed)
    stopped = 0
    for _ in range(6):
        board = _random_board(rng, 5, 0.5)
        winning = winning_moves(board)
        if not winning:
            continue
        search, result = _search(board, 20_000, seed=seed, rave=True, proven_playouts=True)
        stopped += search.trees[0].root_proven == ROOT_WINS and result.iterations < 20_000
        assert int(search.labels[result.best_action]) in winning
    assert stopped > 0


# Seeded searches with knowledge (RAVE, 6-cell priors, 8 playouts a leaf, template playouts,
# knowledge_after=32, seed 7, 16 000 playouts), printed on main d249dc2 before proven_playouts
# was written: (best action, playouts run, CRC-32 of the tree's nodes, of its RAVE rows). The
# 6x6 board has 1 604 descents scored exactly. No root here gets proven: a proven root now ends
# the search at once, so such a search no longer draws as on main. If one changes,
# the search without the option changed: fix the change, do not update the numbers.
KNOWLEDGE_GOLDEN = (
    (9, ("e5", "d6", "c7", "f4"), 45, 16_000, 0xF01E0422, 0x58C987FE),
    (9, ("c3", "f6", "e4", "d5", "g3"), 45, 16_000, 0xCAC465C2, 0x041C48FD),
    (6, ("c3", "d4", "d3", "c4", "b5", "e2", "b4"), 8, 3_168, 0x3B0D7945, 0x4CDF0EB8),
)


@pytest.mark.parametrize("golden", KNOWLEDGE_GOLDEN, ids=lambda g: "-".join(g[1]))
def test_proven_playouts_off_draws_as_before(golden):
    """Off (the default) the search with knowledge is the one before the option, draw for
    draw."""
    size, moves, best, playouts, nodes_crc, rave_crc = golden
    config = UctConfig(
        seed=7, rave=True, priors="hex6-mohex-9x9", leaf_playouts=8, knowledge_after=32
    )
    search = UctSearch(config)
    env = hex_environment(Board.from_moves(size, moves), "template")
    result = search.run(env, SearchLimits(playouts=16_000))
    tree = search.trees[0]
    used = tree.node_count
    assert (result.best_action, result.playouts) == (best, playouts)
    assert zlib.crc32(np.ascontiguousarray(tree.nodes[:used]).tobytes()) == nodes_crc
    assert zlib.crc32(np.ascontiguousarray(tree.rave[:used]).tobytes()) == rave_crc


def test_proven_playouts_need_knowledge_and_rave_and_the_level_takes_them():
    for options in ({"rave": True}, {"knowledge_after": 16}):
        with pytest.raises(HexError, match="proven_playouts"):
            UctConfig(proven_playouts=True, **options)
    player = create_player("uct:playouts=500,rave=true,knowledge_after=16,proven_playouts=true")
    assert player.settings.proven_playouts
    with pytest.raises(HexError, match="proven_playouts"):
        create_player("uct:playouts=500,rave=true,proven_playouts=true")

"""UCT: the kernel against the slow reference, the node budget, reuse between moves, and the
time budget's batching (with a fake clock: no timing in tests)."""

from __future__ import annotations

import time

import numpy as np
import pytest
from hexswarm.engine.board import Board
from hexswarm.engine.players import create_player
from hexswarm.engine.players.uct_player import moves_between
from hexswarm.engine.search.environment import (
    PAPER_FIGURE_4_LEAVES,
    bandit_environment,
    explicit_tree_environment,
    hex_environment,
)
from hexswarm.engine.search.limits import SearchLimits
from hexswarm.engine.search.timing import TimeBudget, stop_at
from hexswarm.engine.search.uct import UctConfig, UctSearch, _ucb_tables

from tests.naive_search import NaiveUct, kernel_priors


def _position(size: int, *moves: str) -> Board:
    return Board.from_moves(size, moves)


def _assert_matches_reference(env, playouts, exploration, expand_after, seed, leaf_playouts=1):
    search = UctSearch(
        UctConfig(
            exploration=exploration,
            expand_after=expand_after,
            seed=seed,
            leaf_playouts=leaf_playouts,
        )
    )
    state = int(search.states[0])
    reference = NaiveUct(env, exploration, expand_after, _ucb_tables(), state, leaf_playouts)
    result = search.run(env, SearchLimits(playouts=playouts))
    assert result.iterations == playouts // leaf_playouts
    reference.iterate(playouts // leaf_playouts)
    expected = reference.root_statistics()
    got = {a: (int(result.visits[a]), int(result.wins[a])) for a in expected}
    assert got == expected
    assert result.visits.sum() == sum(v for v, _ in expected.values())
    assert search.trees[0].node_count == 1 + _count_nodes(reference.root)


def _count_nodes(node) -> int:
    return sum(1 + _count_nodes(c) for c in node.children or ())


@pytest.mark.parametrize(
    ("env", "playouts", "exploration", "expand_after", "seed"),
    [
        (explicit_tree_environment(PAPER_FIGURE_4_LEAVES), 600, 1.0, 1, 3),
        (bandit_environment((0.2, 0.5, 0.8)), 300, 0.7, 1, 4),
        (hex_environment(_position(3)), 400, 0.5, 2, 6),
        (hex_environment(_position(4, "b2")), 500, 1.0, 1, 5),
        (hex_environment(_position(5, "c3", "b3")), 1500, 0.8, 1, 7),
        (hex_environment(_position(5, "c3", "b3", "c2")), 800, 0.3, 3, 8),
    ],
)
def test_kernel_matches_the_slow_reference(env, playouts, exploration, expand_after, seed):
    """Same generator, same statistics: the block layout, the cached UCB1 argmax and the Hex
    position kept along the path change nothing in what UCT computes."""
    _assert_matches_reference(env, playouts, exploration, expand_after, seed)


@pytest.mark.parametrize(
    ("env", "playouts", "expand_after", "leaf_playouts", "seed"),
    [
        (explicit_tree_environment(PAPER_FIGURE_4_LEAVES), 600, 1, 3, 3),
        (bandit_environment((0.2, 0.5, 0.8)), 300, 2, 2, 4),
        (hex_environment(_position(4, "b2")), 800, 1, 4, 5),
        (hex_environment(_position(5, "c3", "b3")), 1200, 3, 2, 7),
    ],
)
def test_several_playouts_per_leaf_match_the_slow_reference(
    env, playouts, expand_after, leaf_playouts, seed
):
    """``leaf_playouts`` playouts per leaf (ours): visits and wins count playouts, a move that
    ends the game counts as that many identical results, and the Hex playouts reshuffle one
    copy of the empty cells, exactly as the reference does."""
    _assert_matches_reference(env, playouts, 0.6, expand_after, seed, leaf_playouts)


@pytest.mark.parametrize(
    ("env", "playouts", "exploration", "expand_after", "leaf_playouts", "seed"),
    [
        (hex_environment(_position(3)), 400, 0.5, 1, 1, 6),
        (hex_environment(_position(4, "b2")), 600, 0.3, 1, 2, 5),
        (hex_environment(_position(5, "c3", "b3")), 1500, 0.25, 1, 1, 7),
        (hex_environment(_position(5, "c3", "b3", "c2")), 1200, 0.5, 2, 4, 8),
        (hex_environment(_position(5, "a1", "e5", "c3")), 1600, 0.1, 3, 8, 9),
    ],
)
def test_rave_matches_the_slow_reference(
    env, playouts, exploration, expand_after, leaf_playouts, seed
):
    """RAVE: the counts kept by filled-board arithmetic (``record_amaf`` / ``rave_update``)
    equal the reference's, which tests every child's cell against every filled board's set of
    Black stones; the blended choices, hence every visit and win, agree too."""
    search = UctSearch(
        UctConfig(
            exploration=exploration,
            expand_after=expand_after,
            seed=seed,
            leaf_playouts=leaf_playouts,
            rave=True,
        )
    )
    state = int(search.states[0])
    reference = NaiveUct(
        env, exploration, expand_after, _ucb_tables(), state, leaf_playouts, rave=True
    )
    result = search.run(env, SearchLimits(playouts=playouts))
    reference.iterate(playouts // leaf_playouts)
    expected = reference.root_statistics()
    assert {a: (int(result.visits[a]), int(result.wins[a])) for a in expected} == expected
    tree = search.trees[0]
    rave = {
        int(tree.actions[c]): (int(tree.rave_visits[c]), int(tree.rave_wins[c]))
        for c in tree.children(0)
    }
    assert rave == reference.root_rave()
    assert tree.node_count == 1 + _count_nodes(reference.root)
    # Every root child was sampled: one filled board scores all moves, not only the one tried.
    assert all(samples > 0 for samples, _ in rave.values())


@pytest.mark.parametrize(
    ("moves", "playouts", "expand_after", "leaf_playouts", "seed"),
    [
        ((), 600, 1, 1, 51),
        (("b2",), 800, 1, 2, 52),
        (("c3", "b3"), 1200, 2, 4, 53),
        (("a1", "e5", "c3"), 1600, 1, 8, 54),
    ],
)
def test_priors_match_the_slow_reference(moves, playouts, expand_after, leaf_playouts, seed):
    """Pattern priors (MoHex's table): each new child starts with 8 virtual RAVE samples, the
    blend gains the progressive bias and a new node's first child is the blend's (no random
    pick): every visit, win and RAVE count agrees with the reference, which reads the priors
    from the kernel's tree (test_patterns checks them against the patterns' slow reference)."""
    board = _position(5, *moves)
    env = hex_environment(board)
    config = UctConfig(
        exploration=0.5,
        expand_after=expand_after,
        seed=seed,
        leaf_playouts=leaf_playouts,
        rave=True,
        priors="hex6-mohex-9x9",
    )
    last = int(board.moves[-1].cell) if board.moves else -1
    search = UctSearch(config, last_cell=last)
    state = int(search.states[0])
    result = search.run(env, SearchLimits(playouts=playouts))
    tree = search.trees[0]
    reference = NaiveUct(
        env,
        0.5,
        expand_after,
        _ucb_tables(),
        state,
        leaf_playouts,
        rave=True,
        prior_of=kernel_priors(tree),
        bias=config.prior_bias,
    )
    reference.iterate(playouts // leaf_playouts)
    expected = reference.root_statistics()
    assert {a: (int(result.visits[a]), int(result.wins[a])) for a in expected} == expected
    rave = {
        int(tree.actions[c]): (int(tree.rave_visits[c]), int(tree.rave_wins[c]))
        for c in tree.children(0)
    }
    assert rave == reference.root_rave()


def test_rave_finds_a_win_in_one():
    """White (to move) holds b3 to e3 and joins the left edge by a3 or a4: with RAVE a fresh
    move is tried only when its blend leads, and the winning cells lead soon."""
    board = _position(5, "e1", "b3", "d1", "c3", "e2", "d3", "c1", "e3", "b1")
    env = hex_environment(board)
    for seed in (1, 2, 3):
        result = UctSearch(UctConfig(leaf_playouts=4, seed=seed, rave=True)).run(
            env, SearchLimits(playouts=400)
        )
        assert board.cell_name(int(env.action_cells[result.best_action])) in {"a3", "a4"}


def test_rave_needs_hex_and_a_matching_kept_tree():
    with pytest.raises(ValueError, match="rave needs a Hex environment"):
        UctSearch(UctConfig(rave=True)).run(
            bandit_environment((0.2, 0.8)), SearchLimits(playouts=10)
        )
    env = hex_environment(Board(3))
    plain = UctSearch(UctConfig(seed=1))
    plain.run(env, SearchLimits(playouts=50))
    with pytest.raises(ValueError, match="same rave and priors"):
        UctSearch(UctConfig(rave=True), tree=plain.trees[0])


def test_a_kept_rave_tree_keeps_its_rave_counts():
    board = _position(4, "b2")
    env = hex_environment(board)
    search = UctSearch(UctConfig(seed=1, rave=True, leaf_playouts=2))
    search.run(env, SearchLimits(playouts=2000))
    tree = search.trees[0]
    labels = env.action_cells
    node = max(tree.children(0), key=lambda c: tree.visits[c])
    reply_node = max(tree.children(node), key=lambda c: tree.visits[c])
    after = board.copy()
    after.play(int(labels[tree.actions[node]]))
    after.play(int(labels[tree.actions[reply_node]]))
    new_labels = hex_environment(after).action_cells
    action_map = np.array(
        [np.flatnonzero(new_labels == c)[0] if c in new_labels else -1 for c in labels]
    )
    kept = tree.subtree([int(tree.actions[node]), int(tree.actions[reply_node])], action_map)
    assert kept is not None and kept.has_rave
    old = {
        int(labels[tree.actions[c]]): int(tree.rave_visits[c]) for c in tree.children(reply_node)
    }
    new = {int(new_labels[kept.actions[c]]): int(kept.rave_visits[c]) for c in kept.children(0)}
    assert new == old and sum(new.values()) > 0


def test_leaf_playouts_must_be_positive():
    with pytest.raises(ValueError, match="leaf_playouts must be at least 1"):
        UctSearch(UctConfig(leaf_playouts=0))


def test_uct_is_reproducible_per_seed():
    env = hex_environment(Board(5))
    a = UctSearch(UctConfig(seed=3)).run(env, SearchLimits(playouts=3000))
    b = UctSearch(UctConfig(seed=3)).run(env, SearchLimits(playouts=3000))
    c = UctSearch(UctConfig(seed=4)).run(env, SearchLimits(playouts=3000))
    assert np.array_equal(a.visits, b.visits)
    assert not np.array_equal(a.visits, c.visits)


def test_root_parallelism_sums_one_tree_per_thread():
    env = hex_environment(Board(4))
    result = UctSearch(UctConfig(threads=2, parallel="root", seed=3)).run(
        env, SearchLimits(playouts=2001)
    )
    assert result.snapshot.extra["trees"] == 2
    assert result.visits.sum() == 2001
    again = UctSearch(UctConfig(threads=2, parallel="root", seed=3)).run(
        env, SearchLimits(playouts=2001)
    )
    assert np.array_equal(result.visits, again.visits)
    with pytest.raises(ValueError, match="parallel"):
        UctSearch(UctConfig(parallel="leaf"))


def test_node_budget_bounds_the_tree_and_the_search_goes_on():
    env = hex_environment(Board(5))
    search = UctSearch(UctConfig(seed=2, max_nodes=600))
    result = search.run(env, SearchLimits(playouts=5000))
    tree = search.trees[0]
    assert (
        tree.node_count
        <= 600
        < UctSearch(UctConfig(seed=2)).run(env, SearchLimits(playouts=5000)).snapshot.extra["nodes"]
    )
    assert tree.node_capacity <= 600
    assert result.iterations == 5000 and result.visits.sum() == 5000


def test_the_subtree_under_the_played_moves_is_kept_and_renumbered():
    board = _position(4, "b2")
    env = hex_environment(board)
    search = UctSearch(UctConfig(seed=1))
    search.run(env, SearchLimits(playouts=3000))
    tree = search.trees[0]
    labels = env.action_cells
    first = int(np.argmax([tree.visits[c] for c in tree.children(0)]))
    ours = int(tree.actions[tree.children(0)[first]])
    node = tree.children(0)[first]
    reply_node = max(tree.children(node), key=lambda c: tree.visits[c])
    reply = int(tree.actions[reply_node])
    after = board.copy()
    after.play(int(labels[ours]))
    after.play(int(labels[reply]))
    new_labels = hex_environment(after).action_cells
    action_map = np.array(
        [np.flatnonzero(new_labels == c)[0] if c in new_labels else -1 for c in labels]
    )
    kept = tree.subtree([ours, reply], action_map)
    assert kept is not None
    assert kept.visits[0] == tree.visits[reply_node]
    old = {int(labels[tree.actions[c]]): int(tree.visits[c]) for c in tree.children(reply_node)}
    new = {int(new_labels[kept.actions[c]]): int(kept.visits[c]) for c in kept.children(0)}
    assert new == old
    # The search goes on from the kept tree: its root keeps the visits it had.
    result = UctSearch(UctConfig(seed=2), tree=kept).run(
        hex_environment(after), SearchLimits(playouts=500)
    )
    assert result.visits.sum() == sum(old.values()) + 500


def test_moves_between_accepts_our_move_and_the_reply_only():
    board = _position(5, "c3")
    later = board.copy()
    later.play("b3")
    later.play("d2")
    assert moves_between(board.cells, board.to_move.value == "black", later) == [
        later.parse_move("b3"),
        later.parse_move("d2"),
    ]
    one = board.copy()
    one.play("b3")
    assert moves_between(board.cells, False, one) == [one.parse_move("b3")]
    assert moves_between(board.cells, False, _position(5, "c2", "b3", "d2")) is None
    assert moves_between(board.cells, False, board) is None


def test_the_player_keeps_its_tree_between_moves():
    player = create_player("uct:playouts=2000,seed=1")
    board = _position(5, "c3")
    board.play(player.choose_move(board).move)
    board.play("b2")
    choice = player.choose_move(board)
    assert choice.snapshot.extra["reused_visits"] > 0
    fresh = create_player("uct:playouts=2000,seed=1,reuse=false")
    assert fresh.choose_move(board).snapshot.extra["reused_visits"] == 0


class FakeClock:
    def __init__(self):
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def _run_timed(limit, seconds_per_unit, probe=64, minimum=1):
    """Drive a TimeBudget as a search does; returns (batches, time used)."""
    clock = FakeClock()
    budget = TimeBudget(limit, clock=clock)
    batches = []
    while (units := budget.next_batch(probe, minimum)) > 0:
        started = clock()
        clock.now += units * seconds_per_unit
        budget.record(units, clock() - started)
        batches.append(units)
        assert len(batches) < 10_000
    return batches, clock() - 100.0


@pytest.mark.parametrize("seconds_per_unit", [1e-7, 1e-5, 1e-3, 0.05])
@pytest.mark.parametrize("limit", [0.1, 1.0, 5.0])
def test_time_budget_ends_near_its_limit(limit, seconds_per_unit):
    batches, used = _run_timed(limit, seconds_per_unit)
    # Within half the smallest batch beyond the limit, and short of it by no more than one.
    assert used <= limit + 0.5 * seconds_per_unit + 1e-12 or batches == [64]
    assert used >= limit - max(0.02, seconds_per_unit) - 1e-9 or len(batches) == 1
    # Batches after the probe last about 20 ms (so a stop is noticed quickly).
    assert all(b * seconds_per_unit <= 0.02 + seconds_per_unit for b in batches[1:])


def test_time_budget_grows_batches_gradually_after_a_slow_probe():
    batches, _ = _run_timed(1.0, 1e-6, probe=4)
    assert batches[:3] == [4, 17, 69]


def test_time_budget_without_time_left_stops_and_rejects_bad_limits():
    clock = FakeClock()
    budget = TimeBudget(0.5, clock=clock)
    clock.now += 0.6
    assert budget.next_batch(100) == 0
    with pytest.raises(ValueError):
        TimeBudget(0.0)


@pytest.mark.parametrize(
    "spec",
    [
        "mc:playouts_per_move=1",
        "mcsds:agents=20,iterations=1",
        "sdst:agents=20,iterations=1",
        "uct:playouts=1",
    ],
)
def test_a_timed_search_is_not_capped_by_its_count_budget(spec):
    """With time_s the time is the budget: even a budget of one round or one iteration does
    not end the search (how long it runs is a benchmark matter, not asserted here)."""
    board = _position(3, "b2")
    create_player(spec, threads=1).choose_move(board)  # kernels loaded outside the timed run
    choice = create_player(spec, time_s=0.2, threads=1).choose_move(board)
    snapshot = choice.snapshot
    assert snapshot.iteration > 1


def test_a_move_s_stop_is_fixed_when_the_search_first_asks():
    """The deadline of a move given 0.2 s after 1 s of other work (a cold kernel compile in
    the search's set-up, the solver) is fixed at the search's first question, and the search
    then keeps a quarter of the limit: before, it was fixed before the set-up, and a strong
    player on a cold cache stopped before its first playout and played a1."""
    start = time.monotonic() - 1.0
    calls = []
    check = stop_at(start, 0.2, lambda: calls.append(1) or False)
    assert not check()  # the set-up is over now: 0.05 s left
    assert calls == [1]
    time.sleep(0.06)
    assert check()


def test_a_search_whose_set_up_outlasts_its_time_still_plays_its_probe():
    """A timed UCT search stopped by a move's deadline that passed during its set-up."""
    env = hex_environment(Board(5))
    search = UctSearch(UctConfig(seed=1))
    start = time.monotonic() - 5.0  # the limit long gone before the search was built
    should_stop = stop_at(start, 0.2)
    time.sleep(0.1)  # a set-up longer than the quarter of the limit the search keeps
    result = search.run(env, SearchLimits(seconds=0.2), should_stop=should_stop)
    assert result.playouts > 0
    assert int(result.visits.sum()) > 0

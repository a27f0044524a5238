"""The dashboard's pure data shaping (hexgui.dashboard.model / overlay): no Qt needed."""

from __future__ import annotations

import math
import random
from dataclasses import replace

import pytest
from hexswarm.engine.search.snapshot import SearchSnapshot, TreeNode
from hexswarm.gui.dashboard.model import (
    GameEstimates,
    SnapshotGate,
    ThroughputHistory,
    estimate_for_black,
    format_count,
    format_share,
    layout_tree,
    line_label,
    population_series,
    principal_line,
    thin_indices,
)
from hexswarm.gui.dashboard.overlay import BoardOverlay, OverlaySettings, overlay_values
from hypothesis import given, settings
from hypothesis import strategies as st


def make_snapshot(
    *,
    position_id: int = 1,
    root_moves=(0, 1, 2),
    root_agents=(50, 30, 20),
    root_active=None,
    history=(),
    history_iterations=(),
    active_fraction_history=(),
    iteration: int = 10,
    playouts: int = 1000,
    elapsed_s: float = 1.0,
    to_move: str = "black",
    estimate: float = 0.6,
    best_move: int | None = None,
    principal_variation=(),
    tree: TreeNode | None = None,
    player: str = "sdst",
    done: bool = False,
) -> SearchSnapshot:
    root_active = root_active if root_active is not None else tuple(a // 2 for a in root_agents)
    if best_move is None:
        best_move = root_moves[max(range(len(root_moves)), key=lambda i: root_agents[i])]
    return SearchSnapshot(
        position_id=position_id,
        player=player,
        to_move=to_move,
        iteration=iteration,
        playouts=playouts,
        elapsed_s=elapsed_s,
        root_moves=tuple(root_moves),
        root_agents=tuple(root_agents),
        root_active=tuple(root_active),
        best_move=best_move,
        estimate=estimate,
        principal_variation=tuple(principal_variation),
        history_iterations=tuple(history_iterations),
        history=tuple(tuple(row) for row in history),
        active_fraction_history=tuple(active_fraction_history),
        tree=tree,
        done=done,
    )


def node(path, agents, active=0, value=0.5, children=(), collapsed_children=0, collapsed_agents=0):
    return TreeNode(
        path=tuple(path),
        depth=len(path),
        agents=agents,
        active=active,
        value=value,
        children=tuple(children),
        collapsed_children=collapsed_children,
        collapsed_agents=collapsed_agents,
    )


# --------------------------------------------------------------------------- labels


@pytest.mark.parametrize(
    ("count", "text"),
    [
        (0, "0"),
        (950, "950"),
        (999, "999"),
        (1000, "1k"),
        (1234, "1.2k"),
        (12_345, "12k"),
        (999_999, "1000k"),
        (3_400_000, "3.4M"),
        (2e9, "2G"),
    ],
)
def test_format_count(count, text):
    assert format_count(count) == text


def test_format_share():
    assert format_share(0.47) == "47%"
    assert format_share(0.004) == "<1%"
    assert format_share(0.0) == "0%"
    assert format_share(1.0) == "100%"


def test_line_label_names_cells_and_swap():
    assert line_label((), 11) == "root"
    assert line_label((0, 12, -1), 11) == "a1 b2 swap"


@given(st.integers(0, 5000), st.integers(2, 400))
def test_thin_indices_bounded_sorted_with_ends(length, max_points):
    indices = thin_indices(length, max_points)
    assert len(indices) <= max_points
    assert indices == sorted(set(indices))
    if length:
        assert indices[0] == 0 and indices[-1] == length - 1
    if length <= max_points:
        assert indices == list(range(length))


# --------------------------------------------------------------------------- stale dropping


def test_gate_keeps_latest_of_current_position_and_drops_stale():
    gate = SnapshotGate()
    gate.set_position(7)
    assert gate.offer(make_snapshot(position_id=6, iteration=1)) is False
    assert gate.offer(make_snapshot(position_id=7, iteration=1))
    assert gate.offer(make_snapshot(position_id=7, iteration=2))
    taken = gate.take()
    assert taken.iteration == 2  # only the newest one reaches the screen
    assert gate.take() is None  # nothing new since
    gate.set_position(8)
    assert gate.latest is None
    assert gate.offer(make_snapshot(position_id=7, iteration=3)) is False
    assert gate.take() is None
    assert gate.dropped == 2 and gate.accepted == 2


def test_gate_without_position_adopts_the_first_snapshot():
    gate = SnapshotGate()
    assert gate.offer(make_snapshot(position_id=3))
    assert gate.position_id == 3
    assert not gate.offer(make_snapshot(position_id=2))


# --------------------------------------------------------------------------- population


def naive_top_k(row, agents_now, k, best=0):
    """Reference: the searcher's choice ``best`` first if it has agents, then the rest by
    current agents (ties: first listed); the rest summed into other."""
    supported = [i for i in range(len(agents_now)) if agents_now[i] > 0]
    ranked = sorted((i for i in supported if i != best), key=lambda i: (-agents_now[i], i))
    chosen = ([best] if best in supported else []) + ranked
    chosen = chosen[:k]
    return [row[i] for i in chosen], sum(row) - sum(row[i] for i in chosen)


@settings(max_examples=60, deadline=None)
@given(
    st.integers(1, 12).flatmap(
        lambda n: st.tuples(
            st.lists(
                st.lists(st.integers(0, 100), min_size=n, max_size=n), min_size=1, max_size=40
            ),
            st.integers(1, 10),
        )
    )
)
def test_population_series_matches_reference(case):
    history, k = case
    n = len(history[0])
    current = history[-1]
    snap = make_snapshot(
        root_moves=tuple(range(n)),
        root_agents=tuple(current),
        root_active=tuple(0 for _ in current),
        history=history,
        history_iterations=tuple(range(1, len(history) + 1)),
        iteration=len(history),
        best_move=0,
    )
    series = population_series(snap, 11, top_k=k, max_points=1000)
    assert series.iterations == tuple(range(1, len(history) + 1))
    for j, row in enumerate(history):
        tops, other = naive_top_k(row, current, k)
        assert [series.values[i][j] for i in range(len(series.moves))] == tops
        assert series.other[j] == other
        # Nothing is lost: the lines and "other" add up to the population.
        assert sum(series.values[i][j] for i in range(len(series.moves))) + series.other[j] == sum(
            row
        )


def test_population_series_top_k_labels_share_and_active():
    history = [(10, 10, 10, 10), (20, 10, 6, 4), (30, 5, 4, 1)]
    snap = make_snapshot(
        root_moves=(12, 0, -1, 5),
        root_agents=(30, 5, 4, 1),
        history=history,
        history_iterations=(1, 2, 3),
        active_fraction_history=(0.25, 0.5, 0.75),
        iteration=3,
    )
    series = population_series(snap, 11, top_k=2, as_share=True)
    assert series.moves == (12, 0)
    assert series.labels == ("b2", "a1")
    assert series.values[0] == pytest.approx((0.25, 0.5, 0.75))
    assert series.other == pytest.approx((0.5, 0.25, 0.125))
    assert series.active_iterations == (1, 2, 3)
    assert series.active_fraction == (0.25, 0.5, 0.75)
    header, rows = series.table()
    assert header == ["iteration", "b2", "a1", "other", "active_fraction"]
    assert rows[0][:2] == [1, 0.25]


def test_population_series_without_history_uses_current_distribution():
    snap = make_snapshot(root_agents=(5, 3, 2), root_active=(5, 0, 0), iteration=4)
    series = population_series(snap, 5, top_k=1)
    assert series.iterations == (4,)
    assert series.values == ((5,),) and series.other == (5,)
    assert series.active_fraction == (0.5,)


def test_population_series_thins_long_histories():
    rows = [(i, 100 - i) for i in range(100)] * 50
    snap = make_snapshot(
        root_moves=(0, 1),
        root_agents=rows[-1],
        history=rows,
        history_iterations=tuple(range(len(rows))),
        iteration=len(rows) - 1,
        active_fraction_history=tuple(0.5 for _ in rows),
    )
    series = population_series(snap, 5, top_k=2, max_points=300)
    assert len(series.iterations) <= 300 and len(series.active_fraction) <= 300
    assert series.iterations[0] == 0 and series.iterations[-1] == len(rows) - 1


# --------------------------------------------------------------------------- tree


def wide_root(n_children=121, agents_each=lambda i: 121 - i):
    kids = [node((i,), agents_each(i), active=agents_each(i) // 3) for i in range(n_children)]
    return node((), sum(k.agents for k in kids), children=kids)


def test_wide_root_collapses_tail_into_one_other_node():
    root = wide_root()
    nodes = layout_tree(root, 11, max_depth=3, max_children=6, max_nodes=60)
    children = [n for n in nodes if n.parent == 0]
    assert [n.label for n in children[:6]] == ["a1", "b1", "c1", "d1", "e1", "f1"]
    other = children[-1]
    assert other.is_other and other.merged == 115 and other.label == "+115"
    assert other.agents == sum(121 - i for i in range(6, 121))
    assert len(children) == 7


def test_search_collapsed_children_join_other():
    kids = [node((3,), 40), node((4,), 30)]
    root = node((), 100, children=kids, collapsed_children=5, collapsed_agents=30)
    nodes = layout_tree(root, 5, max_children=6)
    other = [n for n in nodes if n.is_other]
    assert len(other) == 1 and other[0].merged == 5 and other[0].agents == 30
    # Nothing hidden and nothing collapsed: no "other" node.
    full = node((), 70, children=kids)
    assert not any(n.is_other for n in layout_tree(full, 5))


def test_depth_limit_and_ordering_by_support():
    grand = [node((0, 5), 3), node((0, 6), 9)]
    deep = node((0, 6, 7), 2)
    grand[1] = node((0, 6), 9, children=(deep,))
    kids = [node((1,), 5), node((0,), 20, children=grand)]
    root = node((), 25, children=kids)
    nodes = layout_tree(root, 5, max_depth=2)
    assert max(n.depth for n in nodes) == 2
    assert [n.path for n in nodes] == [(), (0,), (0, 6), (0, 5), (1,)]
    x = {n.path: n.x for n in nodes}
    assert x[(0, 6)] < x[(0, 5)]  # stronger child to the left
    assert x[(0,)] < x[(1,)]
    assert x[(0,)] == (x[(0, 6)] + x[(0, 5)]) / 2  # parent centred over its children


def random_tree(rng: random.Random, path=(), depth_left=4) -> TreeNode:
    agents = rng.randint(0, 200)
    kids = []
    if depth_left and agents:
        for cell in rng.sample(range(30), rng.randint(0, 8)):
            kids.append(random_tree(rng, (*path, cell), depth_left - 1))
    collapsed = rng.randint(0, 3) if kids else 0
    return node(
        path,
        agents,
        rng.randint(0, agents),
        rng.random(),
        kids,
        collapsed,
        rng.randint(1, 50) if collapsed else 0,
    )


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 6), st.integers(2, 8), st.integers(1, 60))
def test_layout_tree_properties(seed, max_depth, max_children, max_nodes):
    root = random_tree(random.Random(seed))
    nodes = layout_tree(
        root, 30, max_depth=max_depth, max_children=max_children, max_nodes=max_nodes
    )
    by_path = {}

    def index(tree):
        by_path[tree.path] = tree
        for c in tree.children:
            index(c)

    index(root)
    assert 1 <= len(nodes) <= max_nodes
    assert nodes[0].parent == -1 and nodes[0].path == ()
    for i, n in enumerate(nodes[1:], start=1):
        parent = nodes[n.parent]
        assert n.parent < i and n.depth == parent.depth + 1 <= max_depth
        assert n.y == -n.depth
    for p, parent in enumerate(nodes):
        kids = [n for n in nodes if n.parent == p]
        real = [n for n in kids if not n.is_other]
        others = [n for n in kids if n.is_other]
        assert len(real) <= max_children and len(others) <= 1
        assert [n.agents for n in real] == sorted((n.agents for n in real), reverse=True)
        if others:
            assert kids[-1].is_other and real  # "other" comes last, never alone
        if real:
            source = by_path[parent.path]
            held = [c for c in source.children if c.agents > 0]
            hidden = source.collapsed_agents if source.collapsed_children else 0
            # Every agent of the children is either in a drawn child or in "other".
            assert sum(n.agents for n in kids) == sum(c.agents for c in held) + hidden
            assert min(n.x for n in kids) <= parent.x <= max(n.x for n in kids)
        if not parent.is_other:
            assert parent.agents == by_path[parent.path].agents


def test_principal_line_follows_the_most_supported_child():
    tree = node(
        (),
        100,
        children=[
            node(
                (4,),
                60,
                children=[node((4, 2), 10), node((4, 7), 40, children=[node((4, 7, 1), 5)])],
            ),
            node((3,), 40, children=[node((3, 9), 1)]),
        ],
    )
    assert principal_line(tree, 4) == (4, 7, 1)
    assert principal_line(tree, 3) == (3, 9)
    assert principal_line(tree, 8) == (8,)
    assert principal_line(None, 2) == (2,)


# --------------------------------------------------------------------------- overlay


def test_overlay_values_share_count_threshold_and_swap():
    snap = make_snapshot(root_moves=(3, 7, -1, 9, 11), root_agents=(470, 300, 200, 25, 5))
    values = overlay_values(snap, mode="share", min_share=0.02)
    # Every supported cell is coloured; below the threshold it has no number.
    assert values == {
        3: (1.0, "47%"),
        7: (300 / 470, "30%"),
        9: (25 / 470, "2%"),
        11: (5 / 470, ""),
    }
    counts = overlay_values(snap, mode="count", min_share=0.0)
    assert counts[3][1] == "470" and counts[11] == (5 / 470, "5")
    assert -1 not in counts
    assert {c for c, (_, t) in overlay_values(snap, min_share=0.5).items() if t} == set()
    zero = make_snapshot(root_moves=(3, 7), root_agents=(10, 0))
    assert set(overlay_values(zero)) == {3}  # no agents, no colour
    # Spread thin (5% each): pale, proportional to the share, not "everything is strong".
    flat = make_snapshot(root_moves=tuple(range(20)), root_agents=(5,) * 20)
    assert all(v == pytest.approx(0.25) for v, _ in overlay_values(flat).values())
    big = make_snapshot(root_moves=(0, 1), root_agents=(1234, 8000))
    assert overlay_values(big, mode="count")[0][1] == "1.2k"
    with pytest.raises(ValueError, match="mode"):
        overlay_values(snap, mode="bogus")


class FakeBoard:
    def __init__(self):
        self.overlay_calls = []
        self.previews = []
        self.candidate_calls = []

    def set_overlay(self, values, best=None, line=()):
        self.overlay_calls.append((values, best, line))

    def set_preview(self, line):
        self.previews.append(line)

    def set_candidates(self, marks):
        self.candidate_calls.append(marks)


def test_board_overlay_adapter_and_hide_toggle():
    board = FakeBoard()
    overlay = BoardOverlay(board)
    snap = make_snapshot(root_moves=(3, 7), root_agents=(60, 40), principal_variation=(3, 8, 1))
    overlay.show_snapshot(snap)
    values, best, line = board.overlay_calls[-1]
    assert values == {3: (1.0, "60%"), 7: (40 / 60, "40%")}
    assert best == 3 and line == (3, 8, 1)
    overlay.configure(OverlaySettings(enabled=False))
    assert board.overlay_calls[-1] == (None, None, ())
    assert overlay.line_from(3) == ()
    overlay.configure(OverlaySettings(enabled=True, mode="count", min_share=0.5))
    assert board.overlay_calls[-1][0] == {3: (1.0, "60"), 7: (40 / 60, "")}
    assert overlay.line_from(3) == (3, 8, 1)
    with pytest.raises(ValueError):
        OverlaySettings(min_share=2.0)


# --------------------------------------------------------------------------- game graph


def test_estimate_for_black_perspective():
    assert estimate_for_black(make_snapshot(to_move="black", estimate=0.7)) == 0.7
    assert estimate_for_black(make_snapshot(to_move="white", estimate=0.7)) == pytest.approx(0.3)


def test_game_estimates_swings_truncate_and_nearest():
    est = GameEstimates()
    for n, p in enumerate([0.5, 0.52, 0.55, 0.2, 0.25, 0.9, 0.88]):
        est.record(n, p)
    assert est.swings(count=2) == [(3, pytest.approx(-0.35)), (5, pytest.approx(0.65))]
    assert est.swings(count=5, min_swing=0.3) == [
        (3, pytest.approx(-0.35)),
        (5, pytest.approx(0.65)),
    ]
    assert est.nearest_move(2.4) == 2 and est.nearest_move(99) == 6
    assert not est.record(6, 0.1, direct=False)  # an indirect guess never replaces a search
    assert est.record(7, 0.1, direct=False) and est.record(7, 0.3)
    est.truncate(3)
    assert est.points() == ([0, 1, 2, 3], [0.5, 0.52, 0.55, 0.2])
    with pytest.raises(ValueError):
        est.record(1, 1.5)
    with pytest.raises(ValueError):
        est.record(1, math.nan)
    est.clear()
    assert len(est) == 0 and est.nearest_move(1) is None


# --------------------------------------------------------------------------- throughput


def test_throughput_rates_between_snapshots_and_new_search():
    history = ThroughputHistory(capacity=3)
    first = history.add(make_snapshot(playouts=1000, iteration=2, elapsed_s=0.5), now_s=10.0)
    assert first.playouts_per_s == 2000 and first.iterations_per_s == 4 and first.time_s == 0
    second = history.add(make_snapshot(playouts=4000, iteration=5, elapsed_s=1.5), now_s=11.0)
    assert second.playouts_per_s == 3000 and second.iterations_per_s == 3
    assert history.add(make_snapshot(playouts=4000, iteration=5, elapsed_s=1.5), 11.1) is None
    new_search = history.add(
        make_snapshot(position_id=2, playouts=100, iteration=1, elapsed_s=0.1), now_s=12.0
    )
    assert new_search.playouts_per_s == pytest.approx(1000) and new_search.time_s == 2.0
    history.add(make_snapshot(position_id=2, playouts=200, iteration=2, elapsed_s=0.2), 12.1)
    assert len(history.samples) == 3  # capacity bounds memory
    times, playouts, iterations = history.series(max_points=2)
    # The two kept samples belong to different searches: a NaN breaks the line between them.
    assert len(times) == 3 and times[-1] == pytest.approx(2.1)
    assert math.isnan(playouts[1]) and math.isnan(iterations[1])


def test_throughput_scales_per_level():
    history = ThroughputHistory()
    history.add(make_snapshot(player="mc", playouts=50_000, iteration=5000, elapsed_s=1.0), 0.0)
    history.add(make_snapshot(position_id=2, playouts=3000, iteration=30, elapsed_s=1.0), 2.0)
    assert history.peaks("mc") == (50_000, 5000)
    assert history.peaks("sdst") == (3000, 30)
    times, playouts, _ = history.series()
    assert [round(p) if p == p else "gap" for p in playouts] == [50_000, "gap", 3000]


# --------------------------------------------------------------------------- recordings


def test_recording_round_trip_is_identity(tmp_path):
    from hexswarm.gui.dashboard.recording import load_snapshots, save_snapshots

    tree = node((), 10, 4, 0.5, [node((3,), 6, 2, 0.7, [node((3, 1), 2)], 2, 3)])
    snaps = [
        make_snapshot(
            tree=tree,
            history=[(5, 3, 2)],
            history_iterations=(1,),
            active_fraction_history=(0.4,),
            principal_variation=(0, 3),
            done=True,
        ),
        make_snapshot(player="uct", to_move="white", estimate=0.25),
    ]
    path = tmp_path / "run.json"
    save_snapshots(path, snaps, size=7)
    size, loaded = load_snapshots(path)
    assert size == 7 and loaded == snaps


def test_recording_rejects_other_files(tmp_path):
    from hexswarm.gui.dashboard.recording import load_snapshots

    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(ValueError, match="bad JSON"):
        load_snapshots(bad)
    bad.write_text('{"format": "something else"}', encoding="utf-8")
    with pytest.raises(ValueError, match="not a snapshot recording"):
        load_snapshots(bad)


def test_board_overlay_skips_repaints_that_change_nothing():
    board = FakeBoard()
    overlay = BoardOverlay(board)
    snap = make_snapshot(root_moves=(3, 7), root_agents=(600, 400))
    overlay.show_snapshot(snap)
    overlay.show_snapshot(make_snapshot(root_moves=(3, 7), root_agents=(6000, 4001)))
    assert len(board.overlay_calls) == 1  # same labels, same shades: the board is not touched
    overlay.show_snapshot(make_snapshot(root_moves=(3, 7), root_agents=(500, 500)))
    assert len(board.overlay_calls) == 2
    overlay.clear()
    overlay.clear()
    assert board.overlay_calls[2:] == [(None, None, ())]


@given(st.floats(min_value=1e-6, max_value=1e12, allow_nan=False))
def test_nice_ceiling_is_a_round_upper_bound(value):
    from hexswarm.gui.dashboard.model import nice_ceiling

    top = nice_ceiling(value)
    assert top >= value * (1 - 1e-9)
    assert top <= value * 4 / 3 * (1 + 1e-9)  # the widest step is 6 -> 8
    mantissa = top / 10 ** math.floor(math.log10(top) + 1e-9)
    assert any(math.isclose(mantissa, m) for m in (1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10))


def test_nice_ceiling_examples():
    from hexswarm.gui.dashboard.model import nice_ceiling

    assert [nice_ceiling(v) for v in (0, -3, 1, 55, 101, 2300, 0.7)] == [
        1,
        1,
        1,
        60,
        120,
        2500,
        0.8,
    ]


def test_refresh_pacer_keeps_gui_cost_within_budget():
    from hexswarm.gui.dashboard import RefreshPacer

    pacer = RefreshPacer(base_s=0.1, budget=0.1, max_s=1.0)
    wall = cpu = 0.0
    assert pacer.tick(wall, cpu) == 0.1
    # Cheap ticks (5 ms of CPU each) stay at the nominal 10 Hz.
    for _ in range(20):
        wall, cpu = wall + pacer.interval_s, cpu + 0.005
        pacer.tick(wall, cpu)
    assert pacer.interval_s == 0.1
    # Expensive ticks (40 ms) slow the refresh down to 40 ms / 10% = 0.4 s.
    for _ in range(30):
        wall, cpu = wall + pacer.interval_s, cpu + 0.040
        pacer.tick(wall, cpu)
    assert pacer.interval_s == pytest.approx(0.4, rel=0.01)
    # Pathological ticks are capped at one refresh per second.
    for _ in range(30):
        wall, cpu = wall + pacer.interval_s, cpu + 0.5
        pacer.tick(wall, cpu)
    assert pacer.interval_s == 1.0
    pacer.reset()
    assert pacer.interval_s == 0.1
    with pytest.raises(ValueError):
        RefreshPacer(0.1, budget=0)


def test_win_ratio_series_reads_the_monte_carlo_history():
    """Vanilla Monte-Carlo's chart: each chosen move's win ratio at every sample of the
    snapshot's history, "other" pooled over the rest, ranked by the current ratio."""
    from hexswarm.gui.dashboard.model import win_ratio_series

    snapshot = replace(
        make_snapshot(
            player="mc",
            root_moves=(5, 6, 7),
            root_agents=(4, 4, 4),
            root_active=(1, 3, 2),
            iteration=4,
            history_iterations=(2, 4),
            history=((2, 2, 2), (4, 4, 4)),
        ),
        history_active=((2, 0, 1), (1, 3, 2)),
    )
    series = win_ratio_series(snapshot, 5, top_k=2)
    assert series.moves == (6, 7)  # 3/4 and 2/4 now, whatever they were before
    assert series.iterations == (2, 4)
    assert series.values == ((0.0, 0.75), (0.5, 0.5))
    assert series.other == (1.0, 0.25)  # move 5: 2/2, then 1/4
    assert series.active_fraction == (0.5, 0.5)
    # Without a history the snapshot is the only point.
    alone = win_ratio_series(replace(snapshot, history=(), history_active=()), 5, top_k=1)
    assert alone.iterations == (4,) and alone.values == ((0.75,),)

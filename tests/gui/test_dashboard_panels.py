"""The dashboard's Qt panels fed with a synthetic snapshot sequence: what each panel holds (data,
not pixels), stale dropping through the controller signals, exports, graph click navigation."""

from __future__ import annotations

import csv
import dataclasses
import math

import pytest
from hexswarm.engine.board import BLACK, WHITE, Board
from hexswarm.engine.game import Game
from hexswarm.engine.review import PositionAnalysis
from hexswarm.gui.dashboard import Dashboard
from hexswarm.gui.dashboard.model import has_estimate
from hexswarm.gui.dashboard.tree_view import MAX_DRAWN_NODES
from PySide6.QtCore import QObject, QPointF, QRectF, Qt, Signal
from PySide6.QtWidgets import QMainWindow, QMenu

from tests.gui.test_dashboard_model import FakeBoard, make_snapshot, node


class FakeController(QObject):
    """The GameController signals and the few read-only properties the dashboard uses."""

    snapshot_ready = Signal(object)
    position_changed = Signal(int)
    search_started = Signal(int, str)
    search_finished = Signal(int)
    game_replaced = Signal()
    analysis_recorded = Signal(object)

    def __init__(self, size: int = 9):
        super().__init__()
        self.search_purpose: str | None = "move"
        self.game = Game(size)
        self.go_to_calls: list[int] = []

    @property
    def board(self) -> Board:
        return self.game.board

    @board.setter
    def board(self, board: Board) -> None:
        self.game = Game.from_board(board)

    @property
    def move_number(self) -> int:
        return len(self.game.board.moves)

    def go_to(self, move_number: int) -> None:
        self.go_to_calls.append(move_number)

    def time_loss_at(self, _node) -> None:
        return None  # no clock here


MOVES = ("e5", "d4", "f6", "c3", "g7", "b2", "h8")


def analysed_game(black_estimates, size: int = 9, ai: str = "sdst", moves=MOVES) -> Game:
    """A game of ``len(black_estimates)`` moves whose positions before each move carry an
    analysis (``node.ai``) that gives Black ``black_estimates[i]``; ``ai`` may be a list."""
    game = Game(size)
    for index, black in enumerate(black_estimates):
        to_move = game.board.to_move
        win = black if to_move is BLACK else 1.0 - black
        level = ai[index] if isinstance(ai, list) else ai
        game.cursor.ai = PositionAnalysis(to_move, win, moves[index], ai=level)
        game.play(moves[index])
    return game


def show_game(controller: FakeController, game: Game, position_id: int) -> None:
    controller.game = game
    controller.position_changed.emit(position_id)


def search_sequence(position_id: int, steps: int = 12, size: int = 9):
    """A swarm-like search on ``size``x``size``: agents drift from an even spread towards cell
    40 (e5), with a tree of 81 root children that must be collapsed."""
    cells = list(range(size * size))
    rows = []
    for t in range(1, steps + 1):
        weights = [1 + (t * 8 if c == 40 else t * 3 if c == 31 else 0) for c in cells]
        total = sum(weights)
        rows.append(tuple(round(1000 * w / total) for w in weights))
    snaps = []
    for t in range(1, steps + 1):
        current = rows[t - 1]
        kids = [
            node(
                (c,),
                a,
                active=a // 2,
                value=0.4 + 0.01 * (c % 20),
                children=[node((c, 41), a // 2, a // 4), node((c, 39), a // 3, a // 6)],
            )
            for c, a in zip(cells, current, strict=True)
        ]
        tree = node((), sum(current), active=sum(current) // 2, children=kids)
        snaps.append(
            make_snapshot(
                position_id=position_id,
                root_moves=tuple(cells),
                root_agents=current,
                history=rows[:t],
                history_iterations=tuple(range(1, t + 1)),
                active_fraction_history=tuple(0.3 + 0.02 * i for i in range(t)),
                iteration=t,
                playouts=1000 * t,
                elapsed_s=0.1 * t,
                principal_variation=(40, 41),
                tree=tree,
                done=t == steps,
            )
        )
    return snaps


@pytest.fixture
def dashboard(qtbot):
    board = FakeBoard()
    controller = FakeController()
    window = QMainWindow()
    window.dashboard_menu = QMenu("Dashboard", window)
    qtbot.addWidget(window)
    dash = Dashboard(board, controller, window, board_size=9)
    dash.install(window)
    window.resize(1200, 800)
    window.show()
    qtbot.waitExposed(window)
    yield dash, board, controller, window
    dash.stop()


def test_panels_hold_the_latest_snapshot_data(dashboard):
    dash, board, controller, window = dashboard
    controller.position_changed.emit(5)
    controller.search_started.emit(5, "sdst")
    snaps = search_sequence(5)
    for snap in snaps[:-1]:
        controller.snapshot_ready.emit(snap)
    dash.refresh()
    latest = snaps[-2]
    # Population: e5 leads, then e4, and the other 79 moves are "other".
    series = dash.population.series
    assert series.moves[:2] == (40, 31) and series.labels[:2] == ("e5", "e4")
    assert len(series.moves) == dash.population.top_k == 5
    assert series.iterations == tuple(range(1, 12))
    x, y = dash.population.move_curves[0].getData()
    assert list(x) == list(range(1, 12)) and list(y) == [r[40] for r in latest.history]
    other_x, other_y = dash.population.other_curve.getData()
    assert other_y[-1] == sum(latest.root_agents) - sum(latest.root_agents[m] for m in series.moves)
    active = dash.population.active_curve.getData()[1]
    assert list(active) == list(latest.active_fraction_history)
    # Tree: 81 root children collapsed, node budget respected, labels from the pool.
    nodes = dash.tree.layout_nodes
    assert len(nodes) <= dash.tree.max_nodes <= MAX_DRAWN_NODES
    root_children = [n for n in nodes if n.parent == 0]
    assert root_children[0].label == "e5" and root_children[-1].is_other
    assert len(dash.tree.nodes.data) == len(nodes)
    assert sum(label.isVisible() for label in dash.tree.labels) == len(nodes) - 1  # not root
    # Overlay: the board got the share of the leading cells and the best move.
    values, best, line = board.overlay_calls[-1]
    assert best == 40 and line == (40, 41)
    assert values[40][0] == 1.0 and values[40][1].endswith("%")
    threshold = dash.overlay.settings.min_share
    total = sum(latest.root_agents)
    numbered = {c for c, a in enumerate(latest.root_agents) if a / total >= threshold}
    assert {c for c, (_, label) in values.items() if label} == numbered
    assert set(values) == {c for c, a in enumerate(latest.root_agents) if a > 0}
    # Throughput got one sample per drawn snapshot: only the latest (the snapshots were
    # offered faster than any tick; a new search's first one is not drawn in a burst).
    assert len(dash.throughput.history.samples) == 1


def test_tree_labels_thin_out_on_crowded_rows(dashboard):
    from hexswarm.gui.dashboard.tree_view import labelled_nodes

    dash, _, controller, _ = dashboard
    dash.tree.width_box.setValue(10)
    dash.tree.nodes_box.setValue(60)
    controller.position_changed.emit(1)
    controller.snapshot_ready.emit(search_sequence(1, steps=3)[-1])
    dash.refresh()
    nodes = dash.tree.layout_nodes
    chosen = labelled_nodes(nodes, per_row=3)
    for depth in {n.depth for n in nodes[1:]}:
        row = [i for i in range(1, len(nodes)) if nodes[i].depth == depth]
        picked = [i for i in row if i in chosen]
        assert len(picked) == min(3, len(row))
        # The labelled ones are the best supported of their row.
        assert min(nodes[i].agents for i in picked) >= max(
            (nodes[i].agents for i in row if i not in chosen and not nodes[i].is_other),
            default=0,
        )
    assert 0 not in chosen
    # With a minimum gap, no two labels of a row are closer than it.
    spaced = labelled_nodes(nodes, per_row=60, min_gap=2.5)
    for depth in {n.depth for n in nodes[1:]}:
        xs = sorted(nodes[i].x for i in spaced if nodes[i].depth == depth)
        assert all(b - a >= 2.5 for a, b in zip(xs, xs[1:], strict=False))


def test_no_tree_label_covers_a_disc(dashboard, qtbot):
    """Issue 30: labels overlapped the "+N" discs. Each label is drawn under its own disc and
    only where it covers no disc: checked on screen, label and disc rectangles in the scene."""
    from hexswarm.gui.dashboard.tree_view import labels_clear_of_discs

    # The rule itself: a disc right under a label blocks it, one beside it does not.
    assert labels_clear_of_discs([50, 50], [10, 30], [12, 12]) == {1}
    assert labels_clear_of_discs([50, 120], [10, 30], [12, 12]) == {0, 1}
    dash, _, controller, window = dashboard
    window.resize(1024, 640)  # the smallest screen we support: short docks, crowded rows
    dash.tree.width_box.setValue(10)
    dash.tree.nodes_box.setValue(60)
    dash.tree.depth_box.setValue(4)
    controller.position_changed.emit(1)

    def crowd(path, agents, depth):
        # Three strong children and a long tail ("+N") under every node, four levels deep.
        if depth == 4:
            return node(path, agents, agents // 2)
        shares = (0.5, 0.25, 0.15)
        kids = [
            crowd((*path, 10 * depth + k), int(agents * f), depth + 1) for k, f in enumerate(shares)
        ]
        tail = agents - sum(k.agents for k in kids)
        return node(
            path, agents, agents // 2, children=kids, collapsed_children=40, collapsed_agents=tail
        )

    tree = crowd((), 100_000, 0)
    moves = tuple(range(81))
    controller.snapshot_ready.emit(
        make_snapshot(root_moves=moves, root_agents=(1000,) * 81, tree=tree, best_move=0)
    )
    dash.refresh()
    qtbot.wait(50)
    dash.tree.render_now()  # laid out at the panel's final size
    view = dash.tree.plot.getViewBox()
    nodes = dash.tree.layout_nodes
    sizes = list(dash.tree.nodes.data["size"])
    discs = []
    for drawn, size in zip(nodes, sizes, strict=True):
        centre = view.mapViewToScene(QPointF(drawn.x, drawn.y))
        r = size / 2 - 1  # a pixel of antialiasing is not an overlap
        discs.append(QRectF(centre.x() - r, centre.y() - r, 2 * r, 2 * r))
    shown = [i for i, label in enumerate(dash.tree.labels[: len(nodes)]) if label.isVisible()]
    assert len(shown) >= 3  # the strongest moves keep their names
    for i in shown:
        text = dash.tree.labels[i].sceneBoundingRect()
        hit = [(j, discs[j]) for j, disc in enumerate(discs) if j != i and text.intersects(disc)]
        assert not hit, (i, text, discs[i], hit, view.width(), view.height(), view.viewRange())


def test_a_tree_of_an_earlier_position_is_not_previewed_on_the_board(dashboard):
    """Issue 30: clicking a node previewed its line over the current board though the tree
    belonged to the position before the move, hiding a real stone."""
    dash, board, controller, _ = dashboard
    controller.position_changed.emit(1)
    controller.snapshot_ready.emit(search_sequence(1, steps=2)[1])
    dash.refresh()
    index = next(i for i, n in enumerate(dash.tree.layout_nodes) if n.path == (40, 41))
    controller.position_changed.emit(2)  # the move was played; the tree stays on the panel
    dash.refresh()
    previews = list(board.previews)
    dash.tree.select(index)
    assert board.previews == previews  # nothing drawn over this board
    assert "earlier position" in dash.tree.status.text()


def test_other_line_is_optional_and_always_in_the_data(dashboard):
    dash, _, controller, _ = dashboard
    controller.position_changed.emit(1)
    controller.snapshot_ready.emit(search_sequence(1, steps=3)[-1])
    dash.refresh()
    assert not dash.population.other_curve.isVisible()  # off by default: it flattens the rest
    assert dash.population.series.other  # still in the data (and the CSV)
    assert "other" in dash.population.legend.text()
    dash.population.other_box.setChecked(True)
    assert dash.population.other_curve.isVisible()


def test_stale_snapshots_are_dropped_and_hints_cleared(dashboard):
    dash, board, controller, _ = dashboard
    controller.position_changed.emit(1)
    first = search_sequence(1, steps=3)
    controller.snapshot_ready.emit(first[0])
    dash.refresh()
    assert board.overlay_calls[-1][0]
    controller.position_changed.emit(2)
    assert board.overlay_calls[-1] == (None, None, ())  # old hints leave with the position
    controller.snapshot_ready.emit(first[1])  # late snapshot of position 1
    renders = dash.population.renders
    dash.refresh()
    assert dash.population.renders == renders and dash.gate.dropped == 1
    assert dash.population.series.iterations == (1,)


def test_final_snapshot_reaches_the_charts_after_the_position_changes(dashboard, qtbot):
    """The search's last snapshot, sent just before its move is played, still goes to the
    charts: on the next ticks, not in one burst with the board's repaint for the move."""
    dash, board, controller, _ = dashboard
    controller.position_changed.emit(3)
    snaps = search_sequence(3, steps=4)
    controller.snapshot_ready.emit(snaps[0])
    dash.refresh()
    controller.snapshot_ready.emit(snaps[-1])  # the final one, then the move is played at once
    controller.position_changed.emit(4)
    assert dash.population.snapshot is snaps[0]  # not drawn in the position change itself
    qtbot.waitUntil(lambda: dash.population.snapshot is snaps[-1], timeout=3000)
    assert dash.population.series.iterations[-1] == 4


def test_hidden_panel_does_no_drawing_until_shown(dashboard, qtbot):
    dash, _, controller, _ = dashboard
    dock = dash.docks["tree"]
    dock.hide()
    controller.position_changed.emit(9)
    renders = dash.tree.renders
    for snap in search_sequence(9, steps=3):
        controller.snapshot_ready.emit(snap)
        dash.refresh()
    assert dash.tree.renders == renders
    dock.show()
    qtbot.waitUntil(lambda: dash.tree.renders == renders + 1)
    assert dash.tree.snapshot.iteration == 3 and dash.tree.layout_nodes


def test_hint_toggle_keeps_charts(dashboard):
    dash, board, controller, window = dashboard
    controller.position_changed.emit(1)
    controller.snapshot_ready.emit(search_sequence(1, steps=2)[0])
    dash.refresh()
    dash.hints_action.setChecked(False)
    assert board.overlay_calls[-1] == (None, None, ())
    controller.snapshot_ready.emit(search_sequence(1, steps=2)[1])
    dash.refresh()
    assert board.overlay_calls[-1] == (None, None, ())
    assert dash.population.series.iterations == (1, 2)
    dash.hints_action.setChecked(True)
    assert board.overlay_calls[-1][1] == 40
    actions = [a.text() for a in window.dashboard_menu.actions()]
    assert {"Population", "Game tree", "Game graph", "Throughput"} <= set(actions)
    # The threshold menu: numbers only from 10% on, colours everywhere.
    ten = next(a for a in dash.threshold_actions.actions() if a.text().endswith("10%"))
    ten.trigger()
    values = board.overlay_calls[-1][0]
    latest = dash.overlay.snapshot
    total = sum(latest.root_agents)
    assert {c for c, (_, t) in values.items() if t} == {
        c for c, a in zip(latest.root_moves, latest.root_agents, strict=True) if a / total >= 0.1
    }


def test_tree_click_previews_line_on_board(dashboard):
    dash, board, controller, _ = dashboard
    controller.position_changed.emit(1)
    controller.snapshot_ready.emit(search_sequence(1, steps=2)[1])
    dash.refresh()
    index = next(i for i, n in enumerate(dash.tree.layout_nodes) if n.path == (40, 41))
    dash.tree.select(index)
    assert board.previews[-1] == (40, 41)
    assert "e5 f5" in dash.tree.describe(index)
    controller.position_changed.emit(2)
    assert board.previews[-1] == ()


def test_game_graph_draws_the_games_analyses_and_click_navigates(dashboard, qtbot):
    dash, _, controller, _ = dashboard
    graph = dash.game_graph
    estimates = [0.5, 0.55, 0.52, 0.2, 0.22]
    renders = graph.renders
    show_game(controller, analysed_game(estimates), 101)
    qtbot.waitUntil(lambda: graph.renders > renders)  # drawn once the signals' turn is over
    numbers, values = graph.estimates.points()
    assert numbers == [0, 1, 2, 3, 4]  # each search estimates the position before its move
    assert values == pytest.approx(estimates)
    assert [n for n, _ in graph.estimates.swings()] == [3]
    x, y = graph.curve.getOriginalDataset()
    assert list(x) == numbers
    assert list(graph.swing_marks.data["x"]) == [3]
    # A real click on the plot near move 2 asks the controller to go there.
    view = graph.plot.getViewBox()
    graph.plot.setXRange(0, 4, padding=0)
    qtbot.wait(50)
    scene_point = view.mapViewToScene(QPointF(2.1, 0.5))
    widget_point = graph.plot_widget.mapFromScene(scene_point)
    qtbot.mouseClick(graph.plot_widget.viewport(), Qt.MouseButton.LeftButton, pos=widget_point)
    assert controller.go_to_calls == [2]
    assert graph.jump_to_x(3.7) == 4 and controller.go_to_calls[-1] == 4


def test_game_graph_follows_the_line_on_screen_and_a_new_game(dashboard):
    dash, _, controller, _ = dashboard
    graph = dash.game_graph
    game = analysed_game([0.5, 0.6, 0.7])
    show_game(controller, game, 1)
    assert graph.estimates.points()[0] == [0, 1, 2]
    game.go_to(game.main_line()[2])  # back to move 2, another third move: a variation
    game.play("a1")
    game.cursor.ai = PositionAnalysis(WHITE, 0.1, "b1")  # Black 90% after it
    controller.position_changed.emit(2)
    assert graph.estimates.points() == ([0, 1, 2, 3], [0.5, 0.6, 0.7, pytest.approx(0.9)])
    game.go_to(game.main_line()[-1])  # the main line again: its own estimates
    controller.analysis_recorded.emit(game.root)  # any reason to look again will do
    assert graph.estimates.points() == ([0, 1, 2], [0.5, 0.6, 0.7])
    controller.game = Game(9)
    controller.game_replaced.emit()
    assert len(graph.estimates) == 0


def test_exports_write_png_and_csv(dashboard, tmp_path):
    dash, _, controller, _ = dashboard
    controller.position_changed.emit(1)
    controller.snapshot_ready.emit(search_sequence(1, steps=5)[-1])
    dash.refresh()
    for name, panel in dash.panels.items():
        png, table = tmp_path / f"{name}.png", tmp_path / f"{name}.csv"
        panel.export_png(png)
        panel.export_csv(table)
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        with open(table, newline="", encoding="utf-8") as handle:
            rows = list(csv.reader(handle))
        header, expected = panel.table()
        assert rows[0] == header
        assert rows[1:] == [[str(v) for v in row] for row in expected]
    with open(tmp_path / "population.csv", encoding="utf-8") as handle:
        population_rows = list(csv.reader(handle))
    assert population_rows[0][:3] == ["iteration", "e5", "e4"] and len(population_rows) == 6
    with pytest.raises(OSError):
        dash.throughput.export_csv(tmp_path / "missing-dir" / "x.csv")


def test_the_refresh_timer_shows_each_panel_only_the_newest_of_a_burst(dashboard, qtbot):
    """Redraws follow the timer, not the snapshots: a burst faster than the ticks reaches each
    panel once, as its newest snapshot, one panel a tick (each panel every 50-100 ms)."""
    dash, board, controller, _ = dashboard
    per_panel_ms = dash.timer.interval() * len(dash.panels)
    assert 50 <= per_panel_ms <= 100 and dash.timer.isActive()
    shown: dict[str, list] = {name: [] for name in dash.panels}
    for name, panel in dash.panels.items():
        original = panel.show_snapshot

        def spy(snapshot, name=name, original=original):
            shown[name].append(snapshot)
            original(snapshot)

        panel.show_snapshot = spy
    controller.position_changed.emit(1)
    burst = search_sequence(1, steps=12)
    for snapshot in burst:
        controller.snapshot_ready.emit(snapshot)
    qtbot.waitUntil(lambda: all(len(seen) >= 1 for seen in shown.values()), timeout=5000)
    qtbot.wait(3 * per_panel_ms)  # room for any further (wrong) redraw
    expected = [burst[-1].iteration]
    assert all([s.iteration for s in seen] == expected for seen in shown.values()), {
        name: [s.iteration for s in seen] for name, seen in shown.items()
    }
    dash.stop()
    assert not dash.timer.isActive()


def test_uct_snapshot_without_history_or_tree(dashboard):
    dash, board, controller, _ = dashboard
    controller.position_changed.emit(1)
    snap = make_snapshot(
        position_id=1,
        player="uct",
        root_moves=(0, 1, 2),
        root_agents=(300, 100, 50),
        root_active=(180, 40, 10),
        iteration=450,
    )
    controller.snapshot_ready.emit(snap)
    dash.refresh()
    assert dash.population.series.iterations == (450,)
    # One point a line draws no curve: each is a dot (round 16: a fast search's chart stood
    # empty beside its legend).
    dots = dash.population.single_points.data
    assert list(dots["x"]) == [450] * 3 and list(dots["y"]) == [300, 100, 50]
    assert "visits" in dash.population.status.text()
    assert dash.tree.layout_nodes == [] and "no tree" in dash.tree.status.text()
    assert board.overlay_calls[-1][0][0] == (1.0, "67%")


def test_board_hints_are_throttled_but_the_final_snapshot_goes_at_once(dashboard):
    dash, board, controller, _ = dashboard
    dash.hints_interval_s = 3600.0
    controller.position_changed.emit(1)
    snaps = search_sequence(1, steps=4)
    for snap in snaps[:3]:
        controller.snapshot_ready.emit(snap)
        dash.refresh()
    hinted = [call for call in board.overlay_calls if call[0]]
    assert len(hinted) == 1  # the first snapshot; the next two wait for the interval
    assert dash.population.series.iterations[-1] == 3  # the charts did not wait
    controller.snapshot_ready.emit(snaps[3])  # done=True: the search's last word
    dash.refresh()
    assert dash.overlay.snapshot is snaps[3]


@pytest.mark.parametrize("name", ["sdst-5x5", "uct-5x5"])
def test_recorded_real_search_through_every_panel(dashboard, name):
    """Snapshots recorded from a real search (hexgui.dashboard.recording) drive the panels;
    what they hold agrees with the snapshots, for a swarm and for UCT."""
    from pathlib import Path

    from hexswarm.gui.dashboard.model import layout_tree
    from hexswarm.gui.dashboard.recording import load_snapshots

    dash, board, controller, _ = dashboard
    size, snaps = load_snapshots(Path(__file__).parents[1] / "data" / "snapshots" / f"{name}.json")
    controller.board = Board(size)  # the dashboard takes the size from the controller's board
    dash.hints_interval_s = 0.0
    position = snaps[0].position_id
    controller.position_changed.emit(position)
    for snap in snaps:
        assert snap.position_id == position
        controller.snapshot_ready.emit(snap)
        dash.refresh()
        series = dash.population.series
        # The drawn lines plus "other" account for every root agent of the latest iteration.
        last = sum(v[-1] for v in series.values) + series.other[-1]
        if series.as_share:
            assert last == pytest.approx(1.0)
        else:
            assert last == sum(snap.root_agents)
        expected = layout_tree(
            snap.tree,
            size,
            max_depth=dash.tree.max_depth,
            max_children=dash.tree.max_children,
            max_nodes=dash.tree.max_nodes,
        )
        assert dash.tree.layout_nodes == expected
        values, best, _ = board.overlay_calls[-1]
        assert best == snap.best_move
        assert max(values, key=lambda c: values[c][0]) == max(
            (c for c in snap.root_moves if c >= 0),
            key=lambda c: snap.root_agents[snap.root_moves.index(c)],
        )
    assert snaps[-1].done
    assert len(dash.population.series.iterations) >= 2  # the history the search recorded


def run_search(controller, dash, position_id: int, spec: str = "sdst", steps: int = 3):
    """Start a search of ``position_id``, stream its snapshots, draw them, finish it."""
    controller.position_changed.emit(position_id)
    controller.search_started.emit(position_id, spec)
    for snap in search_sequence(position_id, steps=steps):
        controller.snapshot_ready.emit(snap)
    dash.refresh()
    controller.search_finished.emit(position_id)


def test_another_game_clears_every_panel(dashboard):
    dash, board, controller, _ = dashboard
    run_search(controller, dash, 1)
    show_game(controller, analysed_game([0.4]), 2)
    assert dash.population.series is not None and dash.tree.layout_nodes
    assert len(dash.game_graph.estimates) and dash.throughput.history.samples

    controller.game = Game(9)
    controller.game_replaced.emit()
    assert dash.population.series is None
    assert dash.population.status.text() == "no search yet"
    # Issue 30: the axes kept the previous search's scale.
    assert dash.population.agents_plot._hex_range == ((0.0, 1.0), (0.0, 1.0))
    assert dash.tree.layout_nodes == [] and dash.tree.status.text() == "no tree yet"
    assert len(dash.game_graph.estimates) == 0
    assert dash.game_graph.status.text() == "estimates appear as the AI plays"
    assert not dash.throughput.history.samples
    assert dash.throughput.status.text() == "no search yet"
    assert board.overlay_calls[-1][0] in (None, {})


def test_game_graph_marks_each_point_with_its_engine(dashboard):
    dash, _, controller, _ = dashboard
    graph = dash.game_graph
    specs = ["sdst:agents=900", "uct:playouts=500"]
    estimates = [0.3 + 0.1 * number for number in range(4)]
    show_game(controller, analysed_game(estimates, ai=[specs[n % 2] for n in range(4)]), 1)
    dash.refresh()
    colors = graph.engine_colors()
    assert set(colors) == set(specs) and len(set(colors.values())) == 2
    header = graph.status.text()
    assert all(spec in header for spec in specs)
    brushes = [b.color().name() for b in graph.points.data["brush"]]
    numbers, _ = graph.estimates.points()
    assert brushes == [colors[graph.estimates.engine(n)] for n in numbers]
    _, rows = graph.table()
    assert {row[3] for row in rows} == set(specs)


def test_a_move_that_ends_the_game_is_drawn_and_named(dashboard):
    from dataclasses import replace

    dash, _, controller, _ = dashboard
    winning = replace(node((40,), 900, active=890, value=0.99), ends_game=True)
    tree = node((), 1000, children=[winning, node((41,), 60, 20), node((39,), 40, 10)])
    controller.position_changed.emit(1)
    controller.snapshot_ready.emit(
        make_snapshot(root_moves=(39, 40, 41), root_agents=(40, 900, 60), tree=tree)
    )
    dash.refresh()
    drawn = dash.tree.layout_nodes
    assert drawn[1].path == (40,) and drawn[1].ends_game
    assert "ends the game" in dash.tree.describe(1)
    assert "ends the game" not in dash.tree.describe(2)


def test_uct_tree_speaks_of_visits_and_win_rates(dashboard):
    dash, _, controller, _ = dashboard
    tree = node((), 100, children=[node((40,), 70, 42), node((41,), 30, 9)])
    controller.position_changed.emit(1)
    controller.snapshot_ready.emit(
        make_snapshot(
            root_moves=(40, 41), root_agents=(70, 30), root_active=(42, 9), tree=tree, player="uct"
        )
    )
    dash.refresh()
    text = dash.tree.describe(1)
    assert "visits 70" in text and "win rate 60%" in text and "agents" not in text
    assert "60%&nbsp;won" in dash.population.legend.text()
    status = dash.population.status.text()
    assert "visits at the root" in status and "agents" not in status


def test_an_external_engines_search_speaks_of_visits_and_win_rates(dashboard):
    """MoHex as a player or analyst (9x9, 28 Nov): its candidates are visits with a value
    each, but the population panel had said "engine:MoHex · iteration 1 · 2.2k agents at the
    root", drawn "agents" and "active" axes and given no win rate in the legend, and the
    board's marks had counted agents too (two ``support_word`` functions, neither knew an
    engine). An engine that gives no value (``genmove`` only) is given none."""
    from hexswarm.engine.players.external_analysis import EngineCandidate, candidates_snapshot

    dash, _, controller, _ = dashboard
    found = [EngineCandidate(40, 600, 0.64, (40, 41)), EngineCandidate(41, 400, 0.42, (41,))]
    controller.position_changed.emit(1)
    snap = candidates_snapshot(found, to_move="black", player="engine:MoHex", position_id=1)
    controller.snapshot_ready.emit(snap)
    dash.refresh()
    status = dash.population.status.text()
    assert "1k visits at the root" in status and "agents" not in status
    assert "64%&nbsp;won" in dash.population.legend.text()
    assert dash.population.agents_plot.getAxis("left").labelText == "visits"
    from hexswarm.gui.dashboard.model import support_word

    assert support_word("engine:MoHex") == support_word("uct") == "visits"
    assert support_word("mc") == "playouts" and support_word("sdst:agents=100") == "agents"
    assert support_word("gtp:/path/to/katahex gtp") == "visits"
    silent = [EngineCandidate(40, 1, math.nan, (40,))]
    controller.snapshot_ready.emit(
        candidates_snapshot(silent, to_move="black", player="engine:Plain", position_id=1)
    )
    dash.refresh()
    assert "won" not in dash.population.legend.text()


def test_a_move_decided_without_search_says_why_in_the_population_header(dashboard):
    """The opening table's first move (a real player, 7x7 with the swap rule): the header
    carries the snapshot's note, and its tooltip the whole line."""
    from hexswarm.engine.players import create_player

    dash, _, controller, _ = dashboard
    player = create_player("mc:playouts_per_move=20,threads=1,swap_policy=table")
    snapshot = player.choose_move(Board(7, swap_rule=True), position_id=1).snapshot
    assert snapshot.note
    controller.position_changed.emit(1)
    controller.snapshot_ready.emit(snapshot)
    dash.refresh()
    status = dash.population.status.text()
    assert has_estimate(snapshot)  # the table's value is the game graph's first point
    # decided before any search: no counts of visits or playouts, only the reason
    assert status == f"{snapshot.player} · {snapshot.note}" and "proven loss" in status
    assert dash.population.status.toolTip() == status
    assert "won" not in dash.population.legend.text()  # no playouts, no win rate
    searched = make_snapshot(position_id=1, player="uct", iteration=40)
    searched = dataclasses.replace(searched, note="the solver proved this move wins")
    controller.snapshot_ready.emit(searched)
    dash.refresh()
    status = dash.population.status.text()
    assert "visits at the root" in status
    assert status.endswith(" · the solver proved this move wins")


def monte_carlo_snapshots(position_id: int = 1):
    """Vanilla MC on three cells, equal playouts per move: e5 wins most, the rest tie. Each
    snapshot carries the history so far, as the search's own do."""
    snaps = []
    for step in (1, 2, 3):
        played = 100 * step
        snaps.append(
            dataclasses.replace(
                make_snapshot(
                    position_id=position_id,
                    root_moves=(0, 1, 40),
                    root_agents=(played, played, played),
                    root_active=(played // 2, played // 2, played * 3 // 4),
                    iteration=played,
                    playouts=3 * played,
                    player="mc",
                ),
                history_iterations=tuple(100 * k for k in range(1, step + 1)),
                history=tuple((100 * k,) * 3 for k in range(1, step + 1)),
                history_active=tuple((50 * k, 50 * k, 75 * k) for k in range(1, step + 1)),
            )
        )
    return snaps


def test_vanilla_monte_carlo_is_shown_as_win_ratios(dashboard):
    dash, board, controller, _ = dashboard
    controller.position_changed.emit(1)
    controller.search_started.emit(1, "mc")
    for snap in monte_carlo_snapshots():
        controller.snapshot_ready.emit(snap)
        dash.refresh()
    series = dash.population.series
    # Ranked by win ratio, not by the (equal) playouts or the cell order.
    assert series.labels[0] == "e5" and series.values[0] == (0.75, 0.75, 0.75)
    assert series.iterations == (100, 200, 300)
    assert "win ratio per move" in dash.population.status.text()
    assert "agents" not in dash.population.status.text()
    assert "e5&nbsp;75%" in dash.population.legend.text()
    values, best, _line = board.overlay_calls[-1]
    assert values[40] == (1.0, "75%") and values[0] == (0.0, "50%")


def test_throughput_scales_to_the_level_searching_now(dashboard):
    dash, _, controller, _ = dashboard
    # A vanilla MC spike of 500k playouts/s first.
    dash.throughput.show_snapshot(make_snapshot(player="mc", playouts=500_000, elapsed_s=1.0))
    run_search(controller, dash, 2)  # sdst: 10k playouts/s
    dash.throughput.render_now()
    _x, (_low, high) = dash.throughput.playout_plot._hex_range
    assert high == 10_000  # playouts/s of the sdst search, not the mc one
    assert dash.throughput.playout_plot.getAxis("left").tickStrings([5_000, 10_000], 1, 5_000) == [
        "5k",
        "10k",
    ]
    ys = dash.throughput.playout_curve.yData
    assert any(y != y for y in ys)  # a NaN breaks the line between the searches
    # The header says which rate is the current one and which the search's mean (the status
    # bar shows the mean): unlabelled, the two read as a contradiction.
    header = dash.throughput.status.text()
    assert header.startswith("sdst now: ") and "mean of this search" in header
    assert ".0 iterations/s" not in header


def test_the_first_snapshot_of_a_search_reaches_every_panel_within_one_round(dashboard, qtbot):
    """A new search restarts the round robin at the nominal rate, even after a busy search
    slowed the pacer down: its first snapshot reaches every visible panel within a round,
    one panel a tick (drawing them all at once held the GUI thread for 100-400 ms)."""
    dash, board, controller, _ = dashboard
    run_search(controller, dash, 1)  # an earlier search is on the panels
    dash.pacer.interval_s = dash.pacer.max_s
    dash.timer.setInterval(round(1000 * dash.pacer.max_s))
    first = search_sequence(2, steps=2)[0]
    controller.position_changed.emit(2)
    controller.search_started.emit(2, "sdst")
    renders = {key: panel.renders for key, panel in dash.panels.items()}
    controller.snapshot_ready.emit(first)
    assert all(panel.renders == renders[key] for key, panel in dash.panels.items())  # no burst
    assert dash.timer.interval() == round(1000 * dash.pacer.base_s)
    visible = [panel for panel in dash.panels.values() if panel.isVisible()]
    qtbot.waitUntil(lambda: all(panel.snapshot is first for panel in visible), timeout=3000)
    assert dash.overlay.snapshot is first


def test_every_visible_panel_is_redrawn_at_least_once_a_second(dashboard, qtbot):
    from hexswarm.gui.dashboard import MAX_PANEL_INTERVAL_S

    dash, _, controller, _ = dashboard
    controller.position_changed.emit(1)
    # A machine so slow that the CPU budget alone would wait seconds between ticks.
    dash.pacer.cost_per_tick_s = 10.0
    snaps = search_sequence(1, steps=6)
    controller.snapshot_ready.emit(snaps[0])
    visible = [p for p in dash.panels.values() if p.isVisible()]
    for snap in snaps[1:]:
        controller.snapshot_ready.emit(snap)
        dash._tick()
        assert dash.timer.interval() <= 1000 * MAX_PANEL_INTERVAL_S / len(visible)
    # One tick per visible panel, and one for the board's hints, bring them all to the
    # newest snapshot.
    controller.snapshot_ready.emit(search_sequence(1, steps=7)[-1])
    for _ in range(len(visible) + 1):
        dash._tick()
    assert all(panel.snapshot.iteration == 7 for panel in visible)


def test_no_tick_both_repaints_the_boards_hints_and_draws_a_panel(dashboard, monkeypatch):
    """The window paints every changed widget at once: the board's hints and a chart in one
    tick made one long paint (issue 32). A tick whose hints changed the board draws no panel;
    the panels still get their turn on the ticks between."""
    dash, board, controller, _ = dashboard
    controller.position_changed.emit(1)
    clock = [100.0]
    monkeypatch.setattr("hexswarm.gui.dashboard.time.monotonic", lambda: clock[0])
    per_tick = []
    for snap in search_sequence(1, steps=12):
        controller.snapshot_ready.emit(snap)
        for _ in range(3):
            hints, renders = len(board.overlay_calls), sum(p.renders for p in dash.panels.values())
            dash._tick()
            clock[0] += 0.06  # hints are due every 0.15 s: every third tick or so
            per_tick.append(
                (
                    len(board.overlay_calls) > hints,
                    sum(p.renders for p in dash.panels.values()) > renders,
                )
            )
    assert not any(hinted and drew for hinted, drew in per_tick)
    assert sum(hinted for hinted, _ in per_tick) >= 8 and sum(drew for _, drew in per_tick) >= 16
    for _ in range(len(dash.panels) + 1):
        dash._tick()
    visible = [panel for panel in dash.panels.values() if panel.isVisible()]
    assert all(panel.snapshot.iteration == 12 for panel in visible)


def axis_label_rects(axis):
    """The rectangles of the tick labels pyqtgraph would draw on ``axis`` now."""
    from PySide6.QtGui import QImage, QPainter

    image = QImage(10, 10, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    try:
        specs = axis.generateDrawSpecs(painter)
    finally:
        painter.end()
    return [rect for rect, _flags, _text in specs[2]] if specs else []


def test_short_fraction_axes_have_no_overlapping_tick_labels(dashboard):
    dash, _, controller, window = dashboard
    window.resize(1180, 760)  # the application's default size
    run_search(controller, dash, 1)
    graph_axis = dash.game_graph.plot.getAxis("left")
    for axis in (dash.population.active_plot.getAxis("left"), graph_axis):
        rects = axis_label_rects(axis)
        assert len(rects) >= 2
        for index, rect in enumerate(rects):
            assert not any(rect.intersects(other) for other in rects[index + 1 :])


def test_the_legend_follows_a_palette_change_without_a_new_search(dashboard):
    from PySide6.QtGui import QColor, QPalette

    dash, _, controller, _ = dashboard
    run_search(controller, dash, 1)
    panel = dash.population
    palette = QPalette(panel.palette())
    palette.setColor(QPalette.ColorRole.Text, QColor("#123456"))
    panel.setPalette(palette)  # a theme change while no search runs
    assert "color:#123456" in panel.legend.text()


def test_population_axes_write_counts_as_the_board_does(dashboard):
    """Millions of iterations read 1M, 2.5M, not pyqtgraph's 1e+06; agent counts 50k."""
    population = dashboard[0].population
    iterations = population.active_plot.getAxis("bottom")
    assert iterations.tickStrings([0, 500_000, 1_000_000, 2_500_000], 1, 500_000) == [
        "0",
        "500k",
        "1M",
        "2.5M",
    ]
    agents = population.agents_plot.getAxis("left")
    assert agents.tickStrings([0, 25_000, 50_000], 1, 25_000) == ["0", "25k", "50k"]
    # An empty chart spans 0..1, where pyqtgraph ticks every 0.2: counts are whole, so only
    # 0 and 1 are labelled (they read "0 0 0 0 1 1 1 1" before).
    assert agents.tickStrings([0.0, 0.2, 0.4, 0.6, 0.8, 1.0], 1, 0.2) == ["0", "", "", "", "", "1"]


def test_the_legend_leads_with_the_move_the_board_frames(dashboard):
    """Issue 30: the framed move, the legend's first line and the status bar name one move.
    The searcher's choice leads the legend (marked "chosen") even when another move has more
    support (a choice by the shared record), and the board frames that same move."""
    dash, board, controller, _ = dashboard
    controller.position_changed.emit(1)
    snap = make_snapshot(
        position_id=1, root_moves=(39, 40, 41), root_agents=(500, 300, 200), best_move=40
    )
    shown = []
    dash.hints_shown.connect(shown.append)
    controller.snapshot_ready.emit(snap)
    dash.refresh()
    assert dash.population.series.moves == (40, 39, 41)
    legend = dash.population.legend.text()
    assert legend.index("<b>e5</b>&nbsp;chosen") < legend.index("d5")
    assert board.overlay_calls[-1][1] == 40
    assert shown == [snap]  # what names the best move elsewhere follows the board's snapshot


def test_the_population_panel_reads_the_thesis_cluster_threshold(dashboard):
    """Thesis 3.2.4 under the legend: the largest cluster's share as a number, and for the
    thesis's own test the threshold 1/(2 - beta) against alpha, both read from the snapshot."""
    from hexswarm.gui.dashboard.model import cluster_threshold

    dash, _, controller, _ = dashboard
    controller.position_changed.emit(1)
    controller.search_started.emit(1, "sdst:agents=1000")
    # e5 holds 100 agents, 55 active (alpha 0.55); the others 900 agents, 450 active (beta 0.5).
    snap = make_snapshot(
        position_id=1,
        root_moves=(39, 40, 41),
        root_agents=(450, 100, 450),
        root_active=(225, 55, 225),
        best_move=40,
    )
    snap = dataclasses.replace(snap, root_agents=(450, 460, 90), root_active=(225, 253, 45))
    controller.snapshot_ready.emit(snap)
    dash.refresh()
    label = dash.population.cluster_label
    text, explanation = label.text(), label.toolTip()
    alpha, beta = 253 / 460, 270 / 540
    assert text.startswith(f"largest cluster e5: {460 / 1000:.1%} of 1k agents")
    assert f"α {alpha:.2f} < 1/(2−β) = {cluster_threshold(beta):.2f}" in text
    assert cluster_threshold(0.5) == pytest.approx(2 / 3)  # the thesis's alpha_min at beta 1/2
    assert text.endswith("the agents stay spread") and label.isVisibleTo(dash.population)
    assert "3.2.4" in explanation and f"({beta:.2f})" in explanation
    # Not the thesis's test: the share alone; UCT: nothing (it counts visits, not agents).
    controller.position_changed.emit(2)
    controller.search_started.emit(2, "sdst:test=majority,test_playouts=5")
    controller.snapshot_ready.emit(dataclasses.replace(snap, position_id=2))
    dash.refresh()
    text = dash.population.cluster_label.text()
    assert text == "largest cluster e5: 46.0% of 1k agents" and "α" not in text
    controller.position_changed.emit(3)
    controller.search_started.emit(3, "uct")
    controller.snapshot_ready.emit(dataclasses.replace(snap, position_id=3, player="uct"))
    dash.refresh()
    assert not dash.population.cluster_label.isVisibleTo(dash.population)
    # A preset over UCT (the default AI, "strong") counts visits too: its "largest cluster ...
    # of 346k agents" beside the legend's "346k visits at the root" named visits agents.
    controller.position_changed.emit(4)
    controller.search_started.emit(4, "strong")
    controller.snapshot_ready.emit(dataclasses.replace(snap, position_id=4, player="uct"))
    dash.refresh()
    assert not dash.population.cluster_label.isVisibleTo(dash.population)
    controller.position_changed.emit(5)  # an external engine's candidates: its visits
    controller.search_started.emit(5, "engine:MoHex")
    controller.snapshot_ready.emit(dataclasses.replace(snap, position_id=5, player="engine:MoHex"))
    dash.refresh()
    assert not dash.population.cluster_label.isVisibleTo(dash.population)


def test_unchecked_boxes_stand_out_in_the_dark_theme(qtbot):
    """Issue 30: in the dark theme the Population panel's "%" and "other" boxes (unchecked)
    were invisible: Fusion fills a box with Base inside a border a shade darker than Window,
    and Base was within a few levels of both. The box's inside must differ from the window
    around it."""
    from hexswarm.gui.themes import dark_palette
    from PySide6.QtGui import QPalette
    from PySide6.QtWidgets import QCheckBox, QStyleFactory

    box = QCheckBox("other")
    qtbot.addWidget(box)
    box.setStyle(QStyleFactory.create("Fusion"))
    palette = dark_palette()
    box.setPalette(palette)
    box.setAutoFillBackground(True)
    box.resize(box.sizeHint())
    image = box.grab().toImage()
    window = palette.color(QPalette.ColorRole.Window)
    indicator_centre = image.pixelColor(8, image.height() // 2)
    contrast = abs(indicator_centre.lightness() - window.lightness())
    assert contrast >= 15, (indicator_centre.name(), window.name())


def test_the_game_graph_keeps_the_move_on_the_board_in_view(qtbot):
    """With no estimates after move 4 (an engine without evaluation), the cursor at move 14
    had been drawn off the graph's right end (the range followed the estimates only)."""
    from hexswarm.engine.review import LineEstimate
    from hexswarm.gui.dashboard.game_graph import GameGraphPanel

    graph = GameGraphPanel()
    qtbot.addWidget(graph)
    graph.show_line([LineEstimate(4, 0.5, True, "uct")])
    graph.set_current_move(14)
    graph.render_now()
    low, high = graph.plot.getViewBox().viewRange()[0]
    assert low <= 0 and high >= 14.5
    graph.set_current_move(2)
    graph.render_now()
    assert graph.plot.getViewBox().viewRange()[0][1] < 14  # back to the first ten moves


def test_the_game_graph_names_a_player_once_whatever_its_seed_and_move_time(qtbot):
    """On the clock each AI move searches for its own time (``time_s``) with the game's seed:
    each point had been a player of its own in the header, in its own colour."""
    from hexswarm.engine.review import LineEstimate
    from hexswarm.gui.dashboard.game_graph import GameGraphPanel

    graph = GameGraphPanel()
    qtbot.addWidget(graph)
    specs = ["strong:seed=123,time_s=4.400", "strong:seed=123,time_s=3.900", "engine:MoHex"]
    graph.show_line([LineEstimate(n, 0.5, True, spec) for n, spec in enumerate(specs)])
    assert list(graph.engine_colors()) == ["strong", "MoHex"]
    header = graph.header_html(graph.engine_colors())
    assert "seed" not in header and "time_s" not in header
    other = "uct:playouts=500,seed=9"
    graph.show_line([LineEstimate(0, 0.5, True, other)])
    assert list(graph.engine_colors()) == ["uct:playouts=500"]


def test_a_player_keeps_its_colour_while_a_review_replaces_the_first_estimates(qtbot):
    """Round 11: while a review ran, the graph's colours were handed out again (by order of
    first appearance in the line), and strong's blue went to the review's analyst."""
    from hexswarm.engine.review import REVIEW_ANALYST, LineEstimate
    from hexswarm.gui.dashboard.game_graph import GameGraphPanel

    graph = GameGraphPanel()
    qtbot.addWidget(graph)
    graph.show_line([LineEstimate(n, 0.5, True, "strong:seed=4") for n in range(6)])
    strong = graph.engine_colors()["strong"]
    reviewed = [LineEstimate(n, 0.4, True, REVIEW_ANALYST) for n in range(3)]
    graph.show_line([*reviewed, *(LineEstimate(n, 0.5, True, "strong") for n in range(3, 6))])
    colors = graph.engine_colors()
    assert list(colors) == ["review (UCT)", "strong"]  # the review's come first in the line
    assert colors["strong"] == strong and colors["review (UCT)"] != strong
    graph.clear()  # a new game: the same players keep their colours
    graph.show_line([LineEstimate(0, 0.5, True, REVIEW_ANALYST)])
    assert graph.engine_colors() == {"review (UCT)": colors["review (UCT)"]}


def test_a_clocked_level_with_a_move_made_without_a_value_is_not_said_to_give_none():
    """11x11, strong against club on a 2 min + 2 s clock (28 Nov): two of club's moves in a
    lost position came from a rule without a value (no analysis of the positions they were
    played in), and each of its moves carries its own ``time_s``; the graph's header said
    "no evaluation from club, club (it gives its moves only)" though every other club move
    had given its evaluation. A player is named there only when none of its moves, whatever
    their seed and time, came with one."""
    from hexswarm.gui.dashboard.game_graph import unevaluated_players

    game = Game(5)
    club = ["club:seed=7,time_s=2.100", "club:seed=7,time_s=1.900", "club:seed=7,time_s=1.700"]
    searched = [True, False, True]
    for n, (spec, analysed) in enumerate(zip(club, searched, strict=True)):
        if analysed:
            game.cursor.ai = PositionAnalysis(game.board.to_move, 0.5, "a1", ai=spec)
        game.play(("c3", "b2", "d4")[n]).player = spec
        game.play(("a1", "e5", "a2")[n]).player = "engine:MoHex"  # never any evaluation
    assert unevaluated_players(game.main_line()) == ["MoHex"]


def test_the_reviews_own_analyst_is_named_in_words_in_the_game_graph(qtbot):
    """After a review with its default analyst the graph's header read
    "uct:playouts=100000000" (its count limit, set out of reach so that the review's seconds
    decide): the name of a setting, not of an analyst."""
    from hexswarm.engine.review import REVIEW_ANALYST, LineEstimate
    from hexswarm.gui.dashboard.game_graph import GameGraphPanel
    from hexswarm.gui.dashboard.model import player_label

    graph = GameGraphPanel()
    qtbot.addWidget(graph)
    graph.show_line([LineEstimate(n, 0.5, True, REVIEW_ANALYST) for n in range(3)])
    header = graph.header_html(graph.engine_colors())
    assert "review (UCT)" in header and "100000000" not in header
    assert player_label(f"{REVIEW_ANALYST},seed=4") == "review (UCT)"
    assert player_label("uct:playouts=5000") == "uct:playouts=5000"


def test_a_move_an_engine_gives_without_a_value_is_drawn_without_a_number():
    """A position MoHex decides without searching (or a plain engine's genmove) gives its move
    alone, without a value: the board had written "0" on it (0 wins of its one visit)."""
    from hexswarm.engine.players.external_analysis import EngineCandidate, candidates_snapshot
    from hexswarm.gui.dashboard.overlay import candidate_marks

    said = candidates_snapshot(
        [EngineCandidate(7, 1, math.nan, (7,))], to_move="white", player="engine:MoHex"
    )
    (mark,) = candidate_marks(said, 8)
    assert mark.value_label == "" and "no value" in mark.detail and mark.quality == 1.0
    valued = candidates_snapshot(
        [EngineCandidate(7, 600, 0.64, (7,)), EngineCandidate(8, 400, 0.42, (8,))],
        to_move="white",
        player="engine:MoHex",
    )
    assert [m.value_label for m in candidate_marks(valued, 8)] == ["64", "42"]


def test_an_undo_during_a_search_takes_its_numbers_off_the_panels(window, qtbot, slow_player):
    """Round 11: after an undo while the AI searched, the population panel and the game tree
    kept the abandoned search of a position no longer on the board. They now drop it and say
    why; stopping a search without leaving its position keeps its numbers."""
    from hexswarm.gui.dashboard import ABANDONED_NOTE
    from hexswarm.gui.settings import GameSettings, SideSettings

    window.show()
    window.start_new_game(
        GameSettings(size=5, white=SideSettings(ai=True, spec="slow"), analysis_spec="slow")
    )
    dashboard = window.dashboard
    controller = window.controller
    assert controller.play("c3")
    qtbot.waitUntil(lambda: slow_player.searches == 1)

    def both_drawn() -> bool:
        dashboard.refresh()  # every panel now, not one a timer tick
        return dashboard.population.snapshot is not None and dashboard.tree.snapshot is not None

    qtbot.waitUntil(both_drawn, timeout=5000)
    searched = dashboard.population.snapshot.position_id
    assert controller.undo()
    qtbot.wait(50)  # a timer tick: nothing of the abandoned search comes back
    dashboard.refresh()
    assert controller.board.moves == () and not controller.searching
    for panel in (dashboard.population, dashboard.tree):
        assert panel.snapshot is None, panel.title
        assert panel.status.text() == ABANDONED_NOTE
    # Esc on analysis mode's search leaves the position on the board: its numbers stay.
    controller.set_analysis(True)
    qtbot.waitUntil(lambda: slow_player.searches == 2)
    qtbot.waitUntil(lambda: dashboard.population.snapshot is not None, timeout=5000)
    assert dashboard.population.snapshot.position_id != searched
    controller.stop()
    qtbot.waitUntil(lambda: slow_player.stopped_searches == 2)
    dashboard.refresh()
    assert dashboard.population.snapshot is not None


def test_the_game_graphs_header_names_the_move_on_the_board(qtbot):
    """Round 14, during a review: the header said "after move 21: Black 40%" while the board
    showed move 46, which had no estimate yet. It names the board's move and says it has
    none, then the last estimate before it; never one after it."""
    from hexswarm.engine.review import LineEstimate
    from hexswarm.gui.dashboard.game_graph import GameGraphPanel

    graph = GameGraphPanel()
    qtbot.addWidget(graph)
    graph.show_line([LineEstimate(n, 0.4, True, "uct") for n in range(22)])
    graph.set_current_move(46)
    header = graph.header_html(graph.engine_colors())
    assert header.startswith("after move 46: no estimate (last: after move 21: Black 40%)")
    graph.set_current_move(21)
    assert graph.header_html(graph.engine_colors()).startswith("after move 21: Black 40%")
    graph.show_line([LineEstimate(n, 0.4, True, "uct") for n in range(30, 40)])
    graph.set_current_move(12)
    header = graph.header_html(graph.engine_colors())
    assert header.startswith("after move 12: no estimate ·"), header


def test_after_an_undo_the_search_panels_say_which_position_they_show(window, qtbot):
    """Round 14: after an undo the population and tree panels kept the finished search of
    the position the AI moved from, without saying which it was. They say it while the
    board shows another position, and nothing more when the board is back there."""
    from hexswarm.gui.settings import GameSettings, SideSettings

    window.show()
    window.start_new_game(GameSettings(size=5, white=SideSettings(ai=True, spec="tiny")))
    dashboard = window.dashboard
    controller = window.controller
    assert controller.play("c3")
    qtbot.waitUntil(lambda: controller.move_number == 2, timeout=10_000)
    qtbot.waitUntil(lambda: not controller.searching, timeout=10_000)

    def shown() -> bool:
        dashboard.refresh()
        return dashboard.population.snapshot is not None and dashboard.tree.snapshot is not None

    qtbot.waitUntil(shown, timeout=5000)
    panels = (dashboard.population, dashboard.tree)
    # The search that chose White's move, the move just played: nothing to say.
    for panel in panels:
        assert not panel.status.text().startswith("search before"), panel.status.text()
    assert controller.undo()
    dashboard.refresh()
    assert controller.move_number == 0
    for panel in panels:
        assert panel.snapshot is not None
        text = panel.status.text()
        assert text.startswith("search before move 2 (board: start) · ")
        assert panel.status.toolTip() == text
    controller.go_to(1)  # the position it searched
    dashboard.refresh()
    for panel in panels:
        assert not panel.status.text().startswith("search before"), panel.status.text()


def test_a_finished_games_graph_says_the_result_at_its_last_move(window, qtbot):
    """Round 15, against MoHex on 9x11: MoHex's last moves came without a search, and at the
    end the header said "after move 18: no estimate (last: after move 14: Black 0%)" while
    the board said "White wins". The result of a finished line is exact: the header says it
    at the last move, a connection is drawn there as a proven point (a resignation is not a
    position's value: its last estimate stays beside it), and a step back shows the
    estimates as before."""
    from hexswarm.engine.board import BLACK
    from hexswarm.engine.review import PositionAnalysis
    from hexswarm.gui.settings import GameSettings, SideSettings

    window.show()
    window.start_new_game(GameSettings(size=3, white=SideSettings()))
    controller, graph = window.controller, window.dashboard.game_graph
    for move in ("a1", "b2"):
        assert controller.play(move)
    # An estimate after move 1 only (the position White moved from), then two searchless moves.
    controller.game.cursor.parent.ai = PositionAnalysis(BLACK.opponent, 0.7, "b2", ai="tiny")
    for move in ("c1", "a2", "b3", "c2"):  # White a2 b2 c2: left to right
        assert controller.play(move)
    assert controller.winner is BLACK.opponent and controller.move_number == 6
    window.dashboard.sync_game_graph()
    graph.set_current_move(6)
    header = graph.header_html(graph.engine_colors())
    assert header.startswith("after move 6: White wins (connected: proven)"), header
    assert "no estimate" not in header and "proven" in header
    graph._render()
    assert list(graph.result_point.data["x"]) == [6] and list(graph.result_point.data["y"]) == [0]
    controller.go_to(2)
    graph.set_current_move(2)
    header = graph.header_html(graph.engine_colors())
    assert header.startswith("after move 2: no estimate (last: after move 1: Black 30%)"), header
    # A resignation: the result at the last move, the last estimate beside it, no point.
    window.start_new_game(GameSettings(size=3, white=SideSettings()))
    assert controller.play("b2")
    controller.game.cursor.ai = PositionAnalysis(BLACK.opponent, 0.2, "a3", ai="tiny")
    assert controller.resign()
    window.dashboard.sync_game_graph()
    graph.set_current_move(controller.move_number)
    header = graph.header_html(graph.engine_colors())
    assert header.startswith("after move 1: Black wins: White resigned (last: after move 1:"), (
        header
    )
    graph._render()
    assert len(graph.result_point.data) == 0

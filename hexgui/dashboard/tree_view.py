"""Metapopulation / game-tree view: the nodes that hold agents (UCT: visits), from the root down.

Each node is a disc sized by its agents and coloured by its active fraction (UCT: win rate of the
player who made the move), labelled with its move; children are ordered by support, strongest
left; the tail of weak children is one grey "+N" node. Hovering a node shows its line and numbers;
clicking it emits :attr:`TreePanel.line_selected` with the line, which the dashboard previews on
the board. At most ``MAX_DRAWN_NODES`` nodes are ever drawn. GUI thread only.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import pyqtgraph as pg
from hexswarm.engine.search.snapshot import TreeNode
from PySide6.QtCore import Signal
from PySide6.QtWidgets import QLabel, QSpinBox, QWidget

from .model import LayoutNode, layout_tree, line_label, support_word
from .panel import OTHER_COLOR, DashboardPanel, pen, set_view_range, style_plot

MAX_DRAWN_NODES = 60
COLOR_STEPS = 101
MIN_NODE_PX = 7.0
MAX_NODE_PX = 38.0
LABEL_PX = 34  # horizontal room one move label needs ("+115", "aa26")
MAX_LABELS_PER_ROW = 10  # text items are the dearest thing to draw; more would not be read

# Active fraction 0 -> red, 0.5 -> yellow, 1 -> green: reads as "losing / unclear / winning".
_COLOR_MAP = pg.ColorMap([0.0, 0.5, 1.0], [(214, 39, 40), (240, 200, 60), (44, 160, 44)])


def labelled_nodes(nodes: list[LayoutNode | None], per_row: int, min_gap: float = 0.0) -> set[int]:
    """Indices of the nodes that get a text label, so labels never pile up: on each depth row
    the most supported first ("other" nodes last), at most ``per_row`` of them, and none
    closer than ``min_gap`` (in layout x units) to a label already placed on that row.
    The root has no label (it is the top node); a ``None`` entry (a node whose label would
    cover a disc) gets none either."""
    rows: dict[int, list[int]] = {}
    for index, node in enumerate(nodes[1:], start=1):
        if node is not None:
            rows.setdefault(node.depth, []).append(index)
    chosen: set[int] = set()
    for indices in rows.values():
        ranked = sorted(indices, key=lambda i: (nodes[i].is_other, -nodes[i].agents, i))
        placed: list[float] = []
        for index in ranked:
            if len(placed) >= per_row:
                break
            x = nodes[index].x
            if all(abs(x - other) >= min_gap for other in placed):
                placed.append(x)
                chosen.add(index)
    return chosen


def labels_clear_of_discs(
    xs_px: Sequence[float],
    ys_px: Sequence[float],
    sizes_px: Sequence[float],
    label_height_px: float = 22.0,
) -> set[int]:
    """Indices of the nodes whose label, drawn just under their disc (``LABEL_PX`` wide,
    ``label_height_px`` high, centred on the disc, screen pixels with y growing down), would
    cover no other disc (issue 30: labels hid the "+N" discs of the row below). Disc ``i``
    is centred at ``(xs_px[i], ys_px[i])`` with diameter ``sizes_px[i]``."""
    clear = set()
    count = len(xs_px)
    for i in range(count):
        left, right = xs_px[i] - LABEL_PX / 2, xs_px[i] + LABEL_PX / 2
        top = ys_px[i] + sizes_px[i] / 2 + 1
        bottom = top + label_height_px
        if all(
            j == i
            or xs_px[j] + sizes_px[j] / 2 <= left
            or xs_px[j] - sizes_px[j] / 2 >= right
            or ys_px[j] + sizes_px[j] / 2 <= top
            or ys_px[j] - sizes_px[j] / 2 >= bottom
            for j in range(count)
        ):
            clear.add(i)
    return clear


def node_pixel_size(agents: int, root_agents: int) -> float:
    """Disc diameter in pixels: area grows with the node's share of the root's agents."""
    if root_agents <= 0 or agents <= 0:
        return MIN_NODE_PX
    size = MIN_NODE_PX + (MAX_NODE_PX - MIN_NODE_PX) * math.sqrt(min(1.0, agents / root_agents))
    # Whole even pixels: pyqtgraph renders each distinct (size, colour) symbol once and caches
    # it, so a handful of sizes keeps that cache warm from one refresh to the next.
    return float(2 * round(size / 2))


class TreePanel(DashboardPanel):
    """The searched tree, collapsed to at most :data:`MAX_DRAWN_NODES` nodes.

    ``layout`` is the list of :class:`~hexgui.dashboard.model.LayoutNode` currently drawn.
    Signal ``line_selected(tuple)``: a node was clicked; the tuple is its move path from the
    current position (for an "other" node, its parent's path).
    """

    title = "game tree"
    file_stem = "tree"
    line_selected = Signal(tuple)

    def __init__(self, parent: QWidget | None = None, *, board_size: int = 11):
        super().__init__(parent)
        self.board_size = board_size
        self.layout_nodes: list[LayoutNode] = []
        self.root_agents = 0
        self.support = "agents"  # what the node counts are: "agents", or UCT's "visits"

        for text, attribute, low, high, value, tip in (
            ("depth", "depth_box", 1, 8, 4, "Deepest level drawn"),
            ("width", "width_box", 2, 10, 4, "Children drawn per node before 'other'"),
            ("nodes", "nodes_box", 5, MAX_DRAWN_NODES, 40, "Most nodes drawn, 'other' included"),
        ):
            self.controls.addWidget(QLabel(text))
            box = QSpinBox(self)
            box.setRange(low, high)
            box.setValue(value)
            box.setToolTip(tip)
            box.valueChanged.connect(self._settings_changed)
            self.controls.addWidget(box)
            setattr(self, attribute, box)

        self.plot_widget = pg.PlotWidget(self)
        self.plot_widget.setMinimumHeight(110)
        self.plot_widget.setToolTip(
            "Disc area: agents (UCT: visits). Colour: active fraction (UCT: win rate) from red "
            "0% through yellow 50% to green 100%. Grey '+N': N weaker moves together. "
            "A heavy outline: the move ends the game.\n"
            "Hover a node for its line and numbers; click it to preview the line on the board."
        )
        self.body.addWidget(self.plot_widget)
        self.plot: pg.PlotItem = self.plot_widget.getPlotItem()
        self.plot.hideAxis("left")
        self.plot.hideAxis("bottom")
        style_plot(self.plot)
        self.plot.getViewBox().setDefaultPadding(0.08)
        self.add_menu_actions(self.plot)

        steps = range(COLOR_STEPS)
        self._brushes = [pg.mkBrush(_COLOR_MAP.map(i / (COLOR_STEPS - 1))) for i in steps]
        self._other_brush = pg.mkBrush(OTHER_COLOR)
        self._node_pen = pg.mkPen("#333333", width=0.8)
        self._end_pen = pg.mkPen("#111111", width=3.0)
        # Created once: one edge item, one scatter item and a fixed pool of labels.
        self.edges = pg.PlotDataItem([], [], connect="pairs", pen=pen("#888888", 1.0))
        self.plot.addItem(self.edges)
        self.nodes = pg.ScatterPlotItem(
            hoverable=True, tip=self._tip, pen=pg.mkPen("#333333", width=0.8)
        )
        self.nodes.sigClicked.connect(self._clicked)
        self.plot.addItem(self.nodes)
        self.labels = []
        for _ in range(MAX_DRAWN_NODES):
            label = pg.TextItem("", anchor=(0.5, 0.0))  # top centre, just under the disc
            label.setVisible(False)
            self.plot.addItem(label)
            self.labels.append(label)
        self.status.setText("no tree yet")
        self.follow_palette([self.plot_widget], [self.plot])

    def _palette_changed(self) -> None:
        for label in getattr(self, "labels", ()):
            label.setColor(self.text_color)

    # ------------------------------------------------------------------ settings
    @property
    def max_depth(self) -> int:
        return self.depth_box.value()

    @property
    def max_children(self) -> int:
        return self.width_box.value()

    @property
    def max_nodes(self) -> int:
        return self.nodes_box.value()

    def _settings_changed(self) -> None:
        self._dirty = True
        if self.isVisible():
            self.render_now()

    # ------------------------------------------------------------------ drawing
    def _render(self) -> None:
        snapshot = self.snapshot
        tree: TreeNode | None = snapshot.tree if snapshot is not None else None
        if tree is None:
            self.layout_nodes = []
            self.root_agents = 0
            self.edges.setData([], [])
            self.nodes.setData([], [])
            for label in self.labels:
                label.setVisible(False)
            self.status.setText(
                (self.idle_note or "no tree yet")
                if snapshot is None
                else f"{snapshot.player}: no tree in snapshot"
            )
            return
        nodes = layout_tree(
            tree,
            self.board_size,
            max_depth=self.max_depth,
            max_children=self.max_children,
            max_nodes=min(self.max_nodes, MAX_DRAWN_NODES),
        )
        self.layout_nodes = nodes
        self.root_agents = tree.agents
        self.support = support_word(snapshot.player)
        xs = np.fromiter((n.x for n in nodes), float, len(nodes))
        ys = np.fromiter((n.y for n in nodes), float, len(nodes))
        edge_x = np.empty(2 * (len(nodes) - 1))
        edge_y = np.empty_like(edge_x)
        k = 0
        for node in nodes[1:]:
            parent = nodes[node.parent]
            edge_x[k], edge_y[k] = parent.x, parent.y
            edge_x[k + 1], edge_y[k + 1] = node.x, node.y
            k += 2
        self.edges.setData(edge_x, edge_y)
        sizes = [node_pixel_size(n.agents, tree.agents) for n in nodes]
        brushes = [
            self._other_brush
            if n.is_other
            else self._brushes[round(n.active_fraction * (COLOR_STEPS - 1))]
            for n in nodes
        ]
        # A move that ends the game gets a heavy outline: its value is exact, not estimated.
        outlines = [self._end_pen if n.ends_game else self._node_pen for n in nodes]
        self.nodes.setData(
            x=xs, y=ys, size=sizes, brush=brushes, pen=outlines, data=list(range(len(nodes)))
        )
        depth = max(n.depth for n in nodes)
        # A unit of margin: the widest disc at either end must not be cut by the frame.
        x_range = (-1.0, float(xs.max()) + 1.0)
        y_range = (-depth - 0.7, 0.5)
        set_view_range(self.plot, x_range, y_range)
        view = self.plot.getViewBox()
        x_per_px = (x_range[1] - x_range[0]) * 1.04 / max(1.0, view.width())  # 2% padding
        y_per_px = (y_range[1] - y_range[0]) * 1.04 / max(1.0, view.height())
        # Labels under their discs, where they cover no disc (in screen pixels, y down).
        label_height = self.labels[0].boundingRect().height()  # the font's, with margins
        clear = labels_clear_of_discs(xs / x_per_px, -ys / y_per_px, sizes, label_height)
        allowed = [n if i in clear or i == 0 else None for i, n in enumerate(nodes)]
        labelled = labelled_nodes(allowed, MAX_LABELS_PER_ROW, LABEL_PX * x_per_px)
        for index, label in enumerate(self.labels):
            if index in labelled:
                node = nodes[index]
                # Setting equal text or position still costs a text layout: skip it.
                if label.toPlainText() != node.label:
                    label.setText(node.label)
                y = node.y - (sizes[index] / 2 + 1) * y_per_px
                if (label.pos().x(), label.pos().y()) != (node.x, y):
                    label.setPos(node.x, y)
                if not label.isVisible():
                    label.setVisible(True)
            elif label.isVisible():
                label.setVisible(False)
        word = support_word(snapshot.player)
        self.status.setText(
            f"{len(nodes)} nodes · depth {depth} · {tree.agents} {word} at the root · "
            f"iteration {snapshot.iteration}"
        )
        self.status.setToolTip(self.status.text())  # a narrow dock cuts the line

    def set_note(self, note: str) -> None:
        """Say ``note`` after the header's figures (until the next redraw)."""
        base = self.status.text().split(" — ")[0]
        self.status.setText(f"{base} — {note}")
        self.status.setToolTip(self.status.text())

    def describe(self, index: int) -> str:
        """The hover text of drawn node ``index``: its line and numbers."""
        node = self.layout_nodes[index]
        share = node.agents / self.root_agents if self.root_agents else 0.0
        uct = self.support == "visits"
        word = "visits" if uct else "agents"
        if node.is_other:
            return (
                f"after {line_label(node.path, self.board_size)}: {node.merged} more moves\n"
                f"{node.agents} {word} ({share:.0%} of the root)"
            )
        text = f"{line_label(node.path, self.board_size)}\n"
        text += f"{word} {node.agents} ({share:.0%} of the root)\n"
        if uct:
            text += f"wins {node.active} (win rate {node.active_fraction:.0%} for the mover)"
        else:
            text += f"active {node.active} ({node.active_fraction:.0%})"
        if node.value is not None and node.path and not uct:
            text += f"\nvalue for the mover {node.value:.0%}"
        if node.ends_game:
            text += "\nthis move ends the game"
        elif node.held_only:
            text += "\nno population below it yet: agents of the parent holding it"
        return text

    def _tip(self, x: float, y: float, data: object) -> str:
        index = int(data) if data is not None else -1
        return self.describe(index) if 0 <= index < len(self.layout_nodes) else ""

    def _clicked(self, _item, points, _event) -> None:
        if len(points) == 0:
            return
        self.select(int(points[0].data()))

    def select(self, index: int) -> None:
        """Act as if drawn node ``index`` was clicked: emit its line for a board preview."""
        if 0 <= index < len(self.layout_nodes):
            self.line_selected.emit(tuple(self.layout_nodes[index].path))

    def table(self) -> tuple[list[str], list[list[object]]]:
        header = ["line", "depth", "agents", "active", "active_fraction", "value", "merged"]
        rows = [
            [
                line_label(n.path, self.board_size) + (" +other" if n.is_other else ""),
                n.depth,
                n.agents,
                n.active,
                round(n.active_fraction, 6),
                "" if n.value is None else round(n.value, 6),
                n.merged,
            ]
            for n in self.layout_nodes
        ]
        return header, rows

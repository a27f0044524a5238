"""What the end of an AI's search costs the GUI thread: a benchmark, not a test.

    python -m hexswarm.gui.move_cost_probe --size 13 --moves 60 --repeats 20

The real main window (1400x900, the dashboard's docks spread as ``latency_probe`` spreads
them) shows a game of ``--moves`` moves, each played by "the AI" with a search kept in its
node, as after a real game. Then, ``--repeats`` times, the controller receives a finished
search exactly as from the engine thread (the final snapshot, the move) and the event loop
runs until it has nothing left to do; the GUI thread's CPU time (``time.thread_time``) for
the whole end of the search is recorded, its repaints included. The searches are not run:
one real search's final snapshot stands for each (the window does the same work whatever
the snapshot holds). CPU time is what a loaded machine multiplies into lateness; it is
measured per thread, so the load itself distorts it little. Prints the median and the
largest, and per part of the window (the slots and paints named in :data:`PARTS`) the
median CPU.

Runs off screen unless QT_QPA_PLATFORM says otherwise.
"""

from __future__ import annotations

import argparse
import functools
import os
import statistics
import sys
import time
from collections import defaultdict
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

PARTS = (
    ("hexswarm.gui.game_controller", "GameController", "record_analysis"),
    ("hexswarm.gui.game_controller", "GameController", "_record_move"),
    ("hexswarm.gui.main_window", "MainWindow", "_on_position_changed"),
    ("hexswarm.gui.main_window", "MainWindow", "_update_actions"),
    ("hexswarm.gui.move_list", "MoveList", "refresh"),
    ("hexswarm.gui.move_tree", "MoveTreePanel", "rebuild"),
    ("hexswarm.gui.reviewer", "GameReviewer", "refresh"),
    ("hexswarm.gui.reviewer", "GameReviewer", "show_review_here"),
    ("hexswarm.gui.dashboard", "Dashboard", "set_position"),
    ("hexswarm.gui.dashboard", "Dashboard", "sync_game_graph"),
    ("hexswarm.gui.dashboard.panel", "DashboardPanel", "render_now"),
    ("hexswarm.gui.board_widget", "BoardWidget", "paintEvent"),
    ("pyqtgraph", "GraphicsView", "paintEvent"),
)
"""Parts of the window whose CPU time is reported (inclusive: a part's time includes the
parts it calls)."""


def instrument(spent: dict[str, float]) -> None:
    """Wrap each of :data:`PARTS` to add its GUI-thread CPU milliseconds to ``spent``."""
    import importlib

    for module_name, class_name, method in PARTS:
        cls = getattr(importlib.import_module(module_name), class_name)
        original = cls.__dict__[method]

        def wrapper(self, *args, _original=original, _name=f"{class_name}.{method}", **kwargs):
            start = time.thread_time()
            try:
                return _original(self, *args, **kwargs)
            finally:
                spent[_name] += (time.thread_time() - start) * 1000.0

        setattr(cls, method, functools.wraps(original)(wrapper))


def settle(app) -> None:
    """Run the event loop until nothing is pending (posted events, zero timers, repaints)."""
    from PySide6.QtCore import QEventLoop

    for _ in range(20):
        app.sendPostedEvents()
        app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 5)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=13)
    parser.add_argument("--moves", type=int, default=60, help="moves already played")
    parser.add_argument("--repeats", type=int, default=20, help="ends of searches measured")
    parser.add_argument("--spec", default="uct:playouts=3000", help="the AI whose search it is")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    import tempfile

    from hexswarm.engine.board import Board
    from hexswarm.engine.players import create_player
    from hexswarm.engine.players.base import MoveChoice
    from hexswarm.gui.latency_probe import random_moves, spread_docks
    from hexswarm.gui.main_window import MainWindow
    from hexswarm.gui.settings import GameSettings, SideSettings
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    spent: dict[str, float] = defaultdict(float)
    instrument(spent)
    app = QApplication.instance() or QApplication(sys.argv[:1])
    snapshot = create_player(args.spec).choose_move(Board(args.size)).snapshot
    moves = random_moves(args.size, args.moves + args.repeats, args.seed)
    totals: list[float] = []
    parts: dict[str, list[float]] = defaultdict(list)
    with tempfile.TemporaryDirectory() as temp:
        store = QSettings(str(Path(temp) / "probe.ini"), QSettings.Format.IniFormat)
        window = MainWindow(store, autosave=False, offer_restore=False)
        spread_docks(window)
        window.resize(1400, 900)
        window.show()
        window.start_new_game(
            GameSettings(size=args.size, black=SideSettings(), white=SideSettings())
        )
        settle(app)
        controller = window.controller
        for index, move in enumerate(moves):
            # The controller's end of a search, as the engine worker's signal delivers it.
            final = replace(snapshot, position_id=controller.position_id, player=args.spec)
            controller._request = SimpleNamespace(
                position_id=controller.position_id, purpose="move", spec=args.spec
            )
            spent.clear()
            start = time.thread_time()
            controller._on_search_finished(controller.position_id, MoveChoice(move, final))
            settle(app)
            if index >= args.moves:
                totals.append((time.thread_time() - start) * 1000.0)
                for name, ms in spent.items():
                    parts[name].append(ms)
        window.document.set_clean()
        window.close()

    print(
        f"end of a search after {args.moves}-{args.moves + args.repeats - 1} moves on "
        f"{args.size}x{args.size}, {len(totals)} times: GUI thread CPU median "
        f"{statistics.median(totals):.1f} ms, max {max(totals):.1f} ms"
    )
    for name, values in sorted(parts.items(), key=lambda kv: -statistics.median(kv[1])):
        values = values + [0.0] * (len(totals) - len(values))
        print(f"  {name}: median {statistics.median(values):.2f} ms, max {max(values):.2f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())

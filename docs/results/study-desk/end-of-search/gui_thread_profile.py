"""Where the GUI thread's CPU goes during ``latency_probe``: the CPU time (``time.thread_time``)
of named slots, paints and garbage collections, inclusive, per interval between two of the
probe's 10 ms ticks; the largest intervals first, then the largest lateness, then totals.

    QT_QPA_PLATFORM=offscreen python gui_thread_profile.py OUT.txt -- LATENCY_PROBE_ARGUMENTS

(``profile-empty-before.txt``: main at 9d44423 with ``--spec uct:time_s=1 --size 13
--candidates 8 8 8 8 8 8``; ``profile-moves60-after.txt``: this branch at 213d02b with
``--moves 60`` added.)
"""

import functools
import gc
import sys
import threading
import time
from collections import defaultdict

import pyqtgraph as pg
from hexswarm.gui import latency_probe, main_window, move_list, move_tree
from hexswarm.gui.board_widget import BoardWidget
from hexswarm.gui.dashboard import Dashboard
from hexswarm.gui.dashboard.panel import DashboardPanel
from hexswarm.gui.game_controller import GameController

out = sys.argv[1]
probe_args = sys.argv[3:]

bucket = defaultdict(float)  # label -> CPU ms in the current interval
totals = defaultdict(float)
depth = [0]


def wrap(cls, name, label=None):
    original = cls.__dict__[name]

    @functools.wraps(original)
    def wrapper(self, *args, **kwargs):
        tag = label or f"{type(self).__name__}.{name}"
        start = time.thread_time()
        depth[0] += 1
        try:
            return original(self, *args, **kwargs)
        finally:
            depth[0] -= 1
            spent = (time.thread_time() - start) * 1000
            bucket[tag] += spent
            totals[tag] += spent

    setattr(cls, name, wrapper)


wrap(GameController, "_on_search_finished", "END-SLOT")
wrap(GameController, "_on_snapshot", "controller._on_snapshot")
wrap(Dashboard, "_tick", "dashboard._tick")
wrap(DashboardPanel, "render_now")
wrap(BoardWidget, "paintEvent", "board.paint")
_pg_paint = pg.GraphicsView.__dict__["paintEvent"]


def pg_paint(self, ev):
    widget = self
    while widget is not None and not isinstance(widget, DashboardPanel):
        widget = widget.parentWidget()
    tag = f"pg.paint.{type(widget).__name__}"
    start = time.thread_time()
    try:
        return _pg_paint(self, ev)
    finally:
        spent = (time.thread_time() - start) * 1000
        bucket[tag] += spent
        totals[tag] += spent


pg.GraphicsView.paintEvent = pg_paint
wrap(move_list.MoveList, "refresh", "movelist.refresh")
wrap(move_tree.MoveTreePanel, "rebuild", "movetree.rebuild")
wrap(main_window.MainWindow, "_on_position_changed", "window._on_position_changed")
wrap(main_window.MainWindow, "_update_actions", "window._update_actions")

_gc_start = {}
gc_log = []


def gc_callback(phase, info):
    if threading.current_thread() is not threading.main_thread():
        return
    if phase == "start":
        _gc_start["t"] = time.thread_time()
    elif "t" in _gc_start:
        spent = (time.thread_time() - _gc_start.pop("t")) * 1000
        tag = f"gc{info['generation']}"
        bucket[tag] += spent
        totals[tag] += spent
        gc_log.append((info["generation"], spent, info["collected"]))


gc.callbacks.append(gc_callback)

intervals = []
orig_tick = latency_probe.TickRecorder._tick


def tick(self):
    now_cpu = time.thread_time()
    last = getattr(self, "_last_cpu", None)
    if last is not None and self._last is not None:
        intervals.append(
            (
                (time.perf_counter() - self._last) * 1000 - 10,
                (now_cpu - last) * 1000,
                dict(bucket),
            )
        )
    bucket.clear()
    self._last_cpu = now_cpu
    orig_tick(self)


latency_probe.TickRecorder._tick = tick
latency_probe.main(probe_args)
with open(out, "w") as f:
    f.write("tick intervals, largest GUI CPU first: lateness ms, CPU ms, labelled inclusive CPU\n")
    for late, cpu, labels in sorted(intervals, key=lambda x: -x[1])[:40]:
        parts = ", ".join(f"{k} {v:.1f}" for k, v in sorted(labels.items(), key=lambda kv: -kv[1]))
        f.write(f"  late {late:6.1f} cpu {cpu:5.1f}: {parts}\n")
    f.write("\nlargest lateness first\n")
    for late, cpu, labels in sorted(intervals, key=lambda x: -x[0])[:15]:
        parts = ", ".join(f"{k} {v:.1f}" for k, v in sorted(labels.items(), key=lambda kv: -kv[1]))
        f.write(f"  late {late:6.1f} cpu {cpu:5.1f}: {parts}\n")
    f.write(
        f"\ntotal CPU in intervals {sum(i[1] for i in intervals):.0f} ms over {len(intervals)}\n"
    )
    counts = [sum(1 for g in gc_log if g[0] == n) for n in range(3)]
    full = [round(g[1], 1) for g in gc_log if g[0] == 2]
    f.write(f"gc counts by generation: {counts}, gen2 ms: {full}\n")
    f.write(f"objects tracked: {len(gc.get_objects())}\n")
    for k, v in sorted(totals.items(), key=lambda kv: -kv[1]):
        f.write(f"  {k}: {v:.0f} ms\n")

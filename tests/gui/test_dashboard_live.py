"""Live: real searches (SDST for Black, UCT for White) play a 5x5 game in the main window and
drive every dashboard panel, with no exception in any slot and no engine thread left behind
(the conftest fixture checks threads; pytest-qt fails the test on exceptions in Qt slots)."""

from __future__ import annotations

import pytest
from hexswarm.gui.settings import GameSettings, SideSettings

# Budgets large enough that each search lasts a few refresh intervals (hints are throttled to
# 4 Hz), small enough that the game takes seconds.
SDST_SPEC = "sdst:agents=4000,iterations=40,seed=3"
UCT_SPEC = "uct:playouts=6000,seed=5"


@pytest.mark.slow
def test_real_game_drives_every_panel(qtbot, settings_store, tmp_path):
    from hexswarm.gui.main_window import MainWindow

    main = MainWindow(settings_store, autosave_dir=tmp_path / "autosave", offer_restore=False)
    qtbot.addWidget(main)
    main.resize(1400, 900)
    main.show()
    dashboard = main.dashboard
    assert dashboard is not None
    seen_players: set[str] = set()
    overlay_cells: set[int] = set()
    tree_nodes: list[int] = []
    board_set_overlay = main.board_widget.set_overlay

    def spy_overlay(values, best=None, line=()):
        overlay_cells.update(values or {})
        board_set_overlay(values, best, line)

    main.board_widget.set_overlay = spy_overlay  # the dashboard calls it through the attribute

    def watch(snapshot) -> None:
        seen_players.add(snapshot.player)
        tree_nodes.append(len(dashboard.tree.layout_nodes))
        # Refresh now rather than waiting for the paced timer: a search on 5x5 can end, and
        # its position go stale, before a timer tick comes round on a busy machine.
        dashboard.refresh()

    main.controller.snapshot_ready.connect(watch)
    settings = GameSettings(
        size=5,
        black=SideSettings(ai=True, spec=SDST_SPEC),
        white=SideSettings(ai=True, spec=UCT_SPEC),
        ai_delay_ms=0,
    )
    main.controller.new_game(settings)
    qtbot.waitUntil(lambda: main.controller.is_over, timeout=60_000)
    dashboard.refresh()

    moves = main.controller.move_count
    assert moves >= 5  # nobody connects 5x5 in fewer than 5 moves (3 of the winner's)
    assert {p.split(":")[0] for p in seen_players} >= {"sdst", "uct"}
    numbers, values = dashboard.game_graph.estimates.points()
    # Every AI search estimates the position it started from: moves 0 .. moves-1.
    assert set(range(moves)) <= set(numbers)
    assert all(0.0 <= v <= 1.0 for v in values)
    assert dashboard.population.series is not None
    assert dashboard.throughput.history.samples
    assert max(tree_nodes, default=0) > 1  # the SDST tree was drawn at some point
    assert overlay_cells  # hints reached the board
    for panel in dashboard.panels.values():
        assert panel.renders > 0
    main.close()


@pytest.mark.slow
def test_the_status_bar_names_the_move_the_board_frames(qtbot, settings_store, tmp_path):
    """Issue 30: mid-search the board framed one move and the status bar named another (the
    status bar took every snapshot, the board's hints a paced one). Both now show the same
    snapshot: at every hint the status bar names the framed move, at the same iteration.

    The search runs until the test stops it: a search of 1.5 s gave fewer than three hints on
    a loaded machine (GUI-only random-order run at load 18: the wait timed out)."""
    from hexswarm.gui.main_window import MainWindow

    main = MainWindow(settings_store, autosave_dir=tmp_path / "autosave", offer_restore=False)
    qtbot.addWidget(main)
    main.resize(1200, 800)
    main.show()
    checked = []

    def check(snapshot) -> None:
        if main.status_snapshot is snapshot:
            text = main.ai_label.text()
            assert f"iteration {snapshot.iteration}," in text
            assert f"best {main.controller.board.cell_name(snapshot.best_move)} " in text
            assert main.dashboard.overlay.best == snapshot.best_move
            checked.append(snapshot.iteration)

    main.dashboard.hints_shown.connect(check)
    main.controller.new_game(
        GameSettings(
            size=7,
            black=SideSettings(ai=True, spec="uct:playouts=100000000,seed=2"),
            white=SideSettings(),
        )
    )
    qtbot.waitUntil(lambda: len(checked) >= 3, timeout=60_000)
    main.controller.stop()
    qtbot.waitUntil(lambda: not main.controller.searching, timeout=10_000)
    main.document.set_clean()

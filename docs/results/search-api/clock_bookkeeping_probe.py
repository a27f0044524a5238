"""How much of a person's clock the GUI charges for its bookkeeping of the AI's moves: a
human (Black) who answers every AI move at once (a zero-timer from ``move_played``) against
the ``tiny`` test player (White), 9x9, sudden death 600 s, in the main window (offscreen);
the human's clock after 20 answers is then all bookkeeping, painting and the event loop.

Run as a GUI test (it uses tests/gui/conftest.py's ``window`` fixture), in either checkout:

    cp docs/results/search-api/clock_bookkeeping_probe.py tests/gui/test_zz_clock_probe.py
    QT_QPA_PLATFORM=offscreen .venv/bin/pytest -q -s -p no:cacheprovider \\
        tests/gui/test_zz_clock_probe.py; rm tests/gui/test_zz_clock_probe.py
"""

import statistics

from hexswarm.engine.board import BLACK
from hexswarm.gui.settings import GameSettings, SideSettings
from PySide6.QtCore import QTimer

ANSWERS = 20


def test_probe(window, qtbot):
    window.show()
    window.start_new_game(
        GameSettings(
            size=9,
            black=SideSettings(ai=False),
            white=SideSettings(ai=True, spec="tiny"),
            time_control="600",
            ai_delay_ms=0,
        )
    )
    controller = window.controller
    clock = controller.clock
    used: list[float] = []  # the human's clock (used seconds) at each answer

    def answer() -> None:
        if controller.board.to_move is BLACK and not controller.is_over:
            used.append(clock.used_s(BLACK))
            controller.play(controller.board.legal_moves()[0])

    def played(_info) -> None:
        if controller.board.to_move is BLACK:  # the AI's move: answer at once
            QTimer.singleShot(0, answer)

    controller.move_played.connect(played)
    controller.play(controller.board.legal_moves()[0])
    qtbot.waitUntil(lambda: len(used) >= ANSWERS or controller.is_over, timeout=60_000)
    controller.set_paused(True)
    steps = [b - a for a, b in zip(used, used[1:], strict=False)]
    print(
        f"\nanswers {len(used)}  human clock used {clock.used_s(BLACK) * 1000:.1f} ms  "
        f"per answer: median {statistics.median(steps) * 1000:.2f} ms, "
        f"max {max(steps) * 1000:.2f} ms"
    )

"""Take the screenshot of the Lab window in docs/lab.md (run under Xvfb).

    xvfb-run -a -s "-screen 0 1600x1000x24" python -m tests.gui.make_lab_screenshot docs/screenshots

Loads paper Fig. 6, runs it to the end and scrubs back to iteration 6, where the root's agents
are turning from the Monte-Carlo move to the minimax move.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QEventLoop, QTimer
from PySide6.QtWidgets import QApplication


def _spin(seconds: float) -> None:
    loop = QEventLoop()
    QTimer.singleShot(int(seconds * 1000), loop.quit)
    loop.exec()


def _wait(condition, timeout_s: float = 60.0) -> None:
    waited = 0.0
    while not condition() and waited < timeout_s:
        _spin(0.05)
        waited += 0.05
    if not condition():
        raise RuntimeError("the lab run did not finish")


def take(directory: Path) -> Path:
    from hexswarm.engine.warmup import warm_up
    from hexswarm.gui.lab.window import LabWindow

    warm_up()  # compile (or load) the kernels first, as the application's splash screen does
    app = QApplication.instance() or QApplication(sys.argv)  # noqa: F841 (kept alive)
    window = LabWindow()
    window.resize(1400, 900)
    window.show()
    window.load_figure("paper-6")
    window.delay_box.setValue(0)
    window.run_continuously()
    _wait(lambda: window.finished_run)
    window.slider.setValue(6)
    _spin(0.5)  # let the panels paint
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / "lab-paper-6.png"
    if not window.grab().save(str(path), "PNG"):
        raise OSError(f"could not write {path}")
    window.close()
    return path


if __name__ == "__main__":
    print(take(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots")))

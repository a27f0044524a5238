"""hexswarm-tune-plot: the learning curve of a (fake-fitness) tuning run drawn as a PNG."""

from __future__ import annotations

import json
import struct
import zlib

from hexswarm.engine.tools.tune import TuneSettings, tune
from hexswarm.gui.tune_chart import main


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_the_learning_curve_of_a_run_is_a_png(qapp, tmp_path, capsys):
    settings = TuneSettings(
        method="anneal", player="uct:playouts=10", opponent="random", size=3, games=20, steps=12
    )

    def fitness(step, candidate):  # deterministic wins from a CRC of the candidate
        return zlib.crc32(json.dumps([step, candidate]).encode()) % 21, 20

    tune(settings, tmp_path, fitness)
    assert main([str(tmp_path), str(tmp_path / "curve.png")]) == 0
    width, height = png_size((tmp_path / "curve.png").read_bytes())
    assert width == 900 and height > 400
    assert main([str(tmp_path / "empty")]) == 2
    assert "tune.jsonl" in capsys.readouterr().err

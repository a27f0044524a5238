"""``hexswarm-lab``: the list, a run's CSV and PNG (drawn off screen), clear errors."""

from __future__ import annotations

import csv

import pytest
from hexswarm.engine.tools.lab import catalogue
from hexswarm.gui.lab.charts import CHART_WIDTH
from hexswarm.gui.lab.cli import main
from PySide6.QtGui import QImage


def test_list_prints_one_name_per_line(capsys):
    assert main(["--list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split("\t")[0] for line in lines] == [name for name, _ in catalogue()]
    assert all(len(line.split("\t")) == 2 and line.split("\t")[1] for line in lines)


def test_a_run_writes_the_summary_the_runs_and_a_chart(qapp, tmp_path, capsys):
    assert main(["paper-5", "--seeds", "3", "--out", str(tmp_path)]) == 0
    printed = capsys.readouterr().out.splitlines()[-3:]
    assert printed == [
        str(tmp_path / n) for n in ("paper-5.csv", "paper-5-runs.csv", "paper-5.png")
    ]
    with (tmp_path / "paper-5.csv").open() as handle:
        rows = list(csv.DictReader(handle))
    assert {row["series"] for row in rows} == {"root: left", "root: right"}
    assert [int(r["iteration"]) for r in rows if r["series"] == "root: left"] == list(range(6))
    assert all(row["seeds"] == "3" for row in rows)
    image = QImage(str(tmp_path / "paper-5.png"))
    assert image.width() == CHART_WIDTH and image.height() > 300


def test_the_sweep_writes_measured_and_predicted_shares(qapp, tmp_path, monkeypatch):
    import hexswarm.engine.tools.lab as lab

    small = lab.ThresholdSweep(
        "cluster-threshold",
        "",
        "",
        "",
        arms=20,
        alphas=(0.55, 0.95),
        agents=300,
        iterations=60,
        burn_in=30,
    )
    monkeypatch.setattr(lab, "SWEEPS", (small,))
    assert main(["cluster-threshold", "--seeds", "2", "--out", str(tmp_path)]) == 0
    with (tmp_path / "cluster-threshold.csv").open() as handle:
        rows = list(csv.DictReader(handle))
    assert [float(r["alpha"]) for r in rows] == [0.55, 0.95]
    assert float(rows[0]["mean_share"]) < 0.3 < 0.8 < float(rows[1]["mean_share"])
    assert abs(float(rows[1]["mean_share"]) - float(rows[1]["mean_field"])) < 0.06
    assert QImage(str(tmp_path / "cluster-threshold.png")).width() == CHART_WIDTH


def test_unknown_names_and_bad_seeds_are_refused(capsys):
    assert main(["figure-99"]) == 2
    assert "unknown experiment 'figure-99'" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["paper-5", "--seeds", "0"])

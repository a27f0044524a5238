"""The docs' tables equal what ``python -m hexswarm.engine.tools.report`` prints from the raw
results committed under docs/results/, so a published figure cannot drift from its data."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hexswarm.engine.tools import report

# The checkout (see tests/test_packaging.py): ./hexswarm.sh test names it, tests run from a copy.
CHECKOUT = Path(os.environ.get("HEXSWARM_CHECKOUT") or Path(__file__).resolve().parent.parent)
RESULTS = CHECKOUT / "docs" / "results"
needs_checkout = pytest.mark.skipif(
    not RESULTS.is_dir(),
    reason="needs the source tree: run from the checkout or set HEXSWARM_CHECKOUT",
)


@needs_checkout
@pytest.mark.parametrize("table", report.TABLES, ids=lambda table: table.name)
def test_the_docs_table_is_the_reports(table):
    document = (CHECKOUT / table.document).read_text(encoding="utf-8")
    assert table.make(RESULTS) in document


@needs_checkout
def test_the_report_command_prints_every_table(capsys):
    assert report.main(["--results", str(RESULTS)]) == 0
    printed = capsys.readouterr().out
    for table in report.TABLES:
        assert f"## {table.name} ({table.document})" in printed
        assert table.make(RESULTS) in printed


def test_the_tactics_table_counts_hits_from_the_positions(tmp_path):
    """A table made from hand-written results: hits per category and in all, with the
    interval of the total."""
    folder = tmp_path / "tactics"
    folder.mkdir()
    for preset in report.PRESETS:
        for mode in report.MODES:
            positions = [
                {"category": category, "hit": index < 8 or mode == "shipped"}
                for index, category in enumerate(report.CATEGORIES * 2)
            ]
            (folder / f"x-{preset}-{mode}.json").write_text(json.dumps({"positions": positions}))
    lines = report.tactics("x")(tmp_path).splitlines()
    assert lines[2].startswith("| `strong` as shipped | 2/2 | 2/2 | 2/2 | 2/2 | 2/2 | 10/10 = 1.00")
    assert lines[3].startswith(
        "| `strong` `tactics=off` | 2/2 | 2/2 | 2/2 | 1/2 | 1/2 | 8/10 = 0.80"
    )
    assert len(lines) == 2 + 2 * len(report.PRESETS)


def test_unknown_tables_and_a_missing_folder_get_a_message(tmp_path, capsys):
    assert report.main(["no-such-table"]) == 2
    assert "unknown table no-such-table" in capsys.readouterr().err
    assert report.main(["--results", str(tmp_path / "absent")]) == 2
    assert "no results folder" in capsys.readouterr().err

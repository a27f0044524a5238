"""The warm-up in worker processes: every group reported as it finishes, then all loaded here."""

from __future__ import annotations

from hexswarm.engine.warmup import cache_is_cold, warm_up


def test_cache_is_cold_only_when_the_directory_is_missing_or_empty(tmp_path):
    assert cache_is_cold(tmp_path / "missing")
    assert cache_is_cold(tmp_path)
    (tmp_path / "kernel.nbi").write_bytes(b"")
    assert not cache_is_cold(tmp_path)
    assert not cache_is_cold(None)  # numba's own default: unknown, so no worker processes


def test_warm_up_in_worker_processes_reports_every_group_once_done():
    steps: list[tuple[int, int, str]] = []
    warm_up(lambda step, total, label: steps.append((step, total, label)), processes=2)
    total = steps[-1][1]
    assert total >= 5 and steps[-1] == (total, total, "ready")
    done = [step for step, _, _ in steps[:-1]]
    # Counted up as groups finish, one report per group, none skipped or repeated.
    assert done == list(range(total))
    # The longest group starts first, named with the other one compiling beside it.
    assert steps[0][2].startswith("knowledge playouts, ")

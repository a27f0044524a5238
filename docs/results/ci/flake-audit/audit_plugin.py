"""A local audit plugin, not part of the suite: records, per test, the seeds drawn from the
OS (levels.draw_seed) and the time-limited searches made (SearchLimits with seconds), so the
nondeterministic tests can be listed. Run with PYTHONPATH=<this folder> pytest -p audit_plugin
(AUDIT_OUT names the JSON written)."""

import json
import os
import threading

import pytest

RECORD = {}
_current = {"id": None}
_lock = threading.Lock()


def _note(kind, detail=""):
    test = _current["id"] or "<collection/session>"
    with _lock:
        RECORD.setdefault(test, {}).setdefault(kind, []).append(detail)


def pytest_configure(config):
    import hexswarm.engine.players.common as common
    import hexswarm.engine.players.levels as levels
    from hexswarm.engine.search import limits

    original = levels.draw_seed

    def draw_seed():
        _note("draw_seed")
        return original()

    levels.draw_seed = draw_seed
    common.draw_seed = draw_seed
    try:
        import hexswarm.gui.game_controller as gc

        gc.draw_seed = draw_seed
    except Exception:
        pass
    post = limits.SearchLimits.__post_init__

    def post_init(self):
        post(self)
        if self.seconds is not None:
            _note("seconds", f"{self.seconds} p={self.playouts} i={self.iterations}")

    limits.SearchLimits.__post_init__ = post_init


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    _current["id"] = item.nodeid
    yield
    _current["id"] = None


def pytest_sessionfinish(session):
    path = os.environ.get("AUDIT_OUT", "/tmp/ci-runs/audit.json")
    summary = {
        t: {k: (len(v), sorted(set(v))[:5]) for k, v in d.items()} for t, d in RECORD.items()
    }
    with open(path, "w") as f:
        json.dump(summary, f, indent=1, sort_keys=True)

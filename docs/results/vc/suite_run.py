"""``tactics_suite run`` with the root analysis on the H-search before round 9 or after it, in
this checkout (everything else the same code):

    python docs/results/vc/suite_run.py before|after run SPEC --suite ... --seed N --json OUT

``before`` puts ``engine/analysis/connections.py`` at ``measure.BEFORE`` (read from git) under
``engine.analysis.root``; ``after`` runs the checkout as it is.
"""

from __future__ import annotations

import sys
from pathlib import Path

import hexswarm.engine.analysis.root as root
from hexswarm.engine.tools import tactics_suite

sys.path.insert(0, str(Path(__file__).parent))
from measure import before_module  # noqa: E402


def main() -> int:
    version, *argv = sys.argv[1:]
    if version not in ("before", "after"):
        raise SystemExit("first argument: before or after")
    if version == "before":
        root.h_search = before_module().h_search
    sys.argv = [sys.argv[0], *argv]
    return tactics_suite.main(argv)


if __name__ == "__main__":
    raise SystemExit(main())

#!/usr/bin/env bash
# The recipe of docs/architecture.md ("Where to add ...") walked through: each patch applied to
# a copy of HEAD (git archive; the checkout itself is not touched), the files it changes
# counted, and the places the recipe says follow without further change checked (the level and
# the recruitment mode: the tables only; the new family also plays a move, compiling its
# search's kernels in a numba cache of its own).
# usage: bash docs/results/house/walk_through.sh   (from the checkout, its .venv installed)
set -e
here=$(cd "$(dirname "$0")" && pwd)
python=$PWD/.venv/bin/python
for patch in walk-new-level walk-new-recruitment walk-new-family; do
  root=$(mktemp -d /tmp/walk-XXXX)
  mkdir -p "$root/src" "$root/pkg/hexswarm"
  git archive HEAD | tar -x -C "$root/src"
  for part in engine:engine hexgui:gui resources:resources; do
    ln -s "$root/src/${part%%:*}" "$root/pkg/hexswarm/${part##*:}"
  done
  (cd "$root/src" && git apply "$here/$patch.patch")
  echo "== $patch.patch: $(cd "$root/src" && git apply --numstat "$here/$patch.patch" | wc -l) files"
  (cd "$root/src" && git apply --numstat "$here/$patch.patch" | sed 's/^/   +- /')
  NUMBA_CACHE_DIR=$root/numba-cache PYTHONPATH=$root/pkg "$python" - "$patch" <<'PY'
import dataclasses
import sys

import hexswarm.engine as engine
from hexswarm.engine.players import create_player
from hexswarm.engine.players.budget import estimated_move_seconds
from hexswarm.engine.players.levels import LEVELS, parse_spec
from hexswarm.engine.warmup import groups_for_spec

assert "/tmp/walk-" in engine.__file__, engine.__file__  # the patched copy, not the checkout
if sys.argv[1] == "walk-new-level":
    name, settings = parse_spec("quick-anthill:tests=4", None)
    print("   spec parsed:", name, "tests =", settings.tests)
    print("   player:", create_player("quick-anthill").spec()[:50], "...")
    print("   in the level table (hexswarm-gtp and the new-game dialog list it from there):", "quick-anthill" in LEVELS)
    print("   warm-up groups:", groups_for_spec("quick-anthill"))
    values = dataclasses.asdict(parse_spec("quick-anthill", None)[1])
    print(f"   move-time estimate on 9x9: {estimated_move_seconds('anthill', values, 9):.3f} s")
elif sys.argv[1] == "walk-new-family":
    from hexswarm.engine.board import Board
    from hexswarm.engine.gtp import setting_options

    name, settings = parse_spec("flat:playouts=300,threads=1,seed=1", None)
    print("   spec parsed:", name, type(settings).__name__, "playouts =", settings.playouts)
    player = create_player("flat:playouts=300,threads=1,seed=1")
    print("   player:", player.spec()[:40], "...")
    choice = player.choose_move(Board(3))
    print("   a move on 3x3:", Board(3).cell_name(choice.move), "after", choice.snapshot.playouts, "playouts")
    print("   in the level table (hexswarm-gtp and the new-game dialog list it from there):", "flat" in LEVELS)
    print("   hexswarm-gtp's --playouts names it:", any("flat" in h for w, d, h in setting_options(LEVELS) if d == "playouts"))
    print("   warm-up groups:", groups_for_spec("flat"), groups_for_spec("flat:playout=win,tactics=solve"))
    values = dataclasses.asdict(parse_spec("flat", None)[1])
    print(f"   move-time estimate on 9x9: {estimated_move_seconds('flat', values, 9):.4f} s")
else:
    choices = next(p.choices for p in LEVELS["sdst"].parameters if p.name == "recruitment")
    print("   the level table's recruitment choices:", choices)
    print("   spec parsed:", parse_spec("sdst:recruitment=none", None)[1].recruitment)
    print("   player:", create_player("mcsds:recruitment=none").spec()[:40], "...")
    import inspect

    from hexswarm.engine import warmup

    source = inspect.getsource(warmup._group_runs)
    print("   the variants warm-up group runs every RECRUITMENT mode:",
          "for recruitment in RECRUITMENT" in source)
PY
  rm -rf "$root"
done

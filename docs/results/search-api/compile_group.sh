#!/bin/bash
# compile_group.sh CHECKOUT GROUP: cold compile of one kernel group (engine.warmup's GROUP_KEYS)
# in an installed checkout (its .venv), into a fresh numba cache; prints its CPU seconds.
# (../startup/compile_one_group.sh with the group as an argument.)
cd "$1" || exit 1
export NUMBA_CACHE_DIR=$(mktemp -d)
.venv/bin/python -c "
import time
from hexswarm.engine.warmup import run_group
t = time.process_time(); run_group('$2'); print('$1', '$2', round(time.process_time() - t, 1), 'CPU s')"
rm -rf "$NUMBA_CACHE_DIR"

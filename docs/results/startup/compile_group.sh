#!/bin/bash
# Cold compile of one kernel group in a checkout that has its own .venv (as
# compile_one_group.sh makes it): a fresh NUMBA_CACHE_DIR, one process, CPU seconds of the
# compile (with the imports run_group makes, as compile_one_group.sh counts).
# Usage: compile_group.sh CHECKOUT LABEL [GROUP]   (GROUP: default the first, strong's)
cd "$1" || exit 1
cache=$(mktemp -d)
NUMBA_CACHE_DIR=$cache .venv/bin/python -c "
import sys, time
from hexswarm.engine.warmup import GROUP_KEYS, run_group
key = sys.argv[1] or GROUP_KEYS[0]
t = time.process_time(); run_group(key)
print('$2', key, round(time.process_time() - t, 1), 'CPU s', flush=True)" "${3:-}"
rm -rf "$cache"

#!/bin/bash
# cold compile of the first kernel group (strong's) in a checkout: $1
cd $1 && python3 -m venv .venv && .venv/bin/pip install -q -e . >/dev/null 2>&1
export NUMBA_CACHE_DIR=$(mktemp -d)
.venv/bin/python -c "
import time
from hexswarm.engine.warmup import GROUP_KEYS, run_group
t=time.process_time(); run_group(GROUP_KEYS[0]); print('$1', GROUP_KEYS[0], round(time.process_time()-t,1), 'CPU s')"

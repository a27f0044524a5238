#!/usr/bin/env bash
# Paired, alternating search speed runs: base (f5adf52, literal-typed kernels) and new (plain-typed).
cd /tmp
PY=/work/wt-first-hour/.venv/bin/python
run() {  # label pythonpath cache
  echo "=== $1 $(date -u +%H:%M:%S) load $(cut -d' ' -f1-3 /proc/loadavg)"
  env PYTHONPATH="$2" NUMBA_CACHE_DIR="$3" nice $PY -m hexswarm.engine.tools.search_bench --quick
  env PYTHONPATH="$2" NUMBA_CACHE_DIR="$3" nice $PY -m hexswarm.engine.tools.bench --section policies --quick 2>/dev/null || \
  env PYTHONPATH="$2" NUMBA_CACHE_DIR="$3" nice $PY -m hexswarm.engine.tools.bench --section policies
}
for round in 1 2; do
  run base /tmp/h3/base /tmp/h3/base-cache
  run new /tmp/h3/new /tmp/h3/new-cache
done

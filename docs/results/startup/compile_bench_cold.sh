#!/usr/bin/env bash
# usage: compile_bench_cold.sh CHECKOUT OUTFILE: compile_bench --signatures on a fresh NUMBA_CACHE_DIR, run in its own
# session whose autogroup gets nice -5 (root), with the busiest processes before and after.
echo -5 > /proc/self/autogroup 2>/dev/null || echo -5 > /proc/$$/autogroup
cd "$1"
cache=$(mktemp -d /tmp/h3-cache-XXXX); rmdir "$cache"
{ echo "# command: (cd $1 && nice -n -5 .venv/bin/python -m hexswarm.engine.tools.compile_bench --signatures), own autogroup at nice -5, fresh NUMBA_CACHE_DIR; checkout $1 $(git -C "$1" rev-parse --short HEAD 2>/dev/null || echo "(main 9d44423, git archive)")"
  echo "# busiest processes before:"; ps -eo pcpu,ni,args --sort=-pcpu | head -5 | cut -c1-110 | sed 's/^/#   /'
  nice -n -5 .venv/bin/python -m hexswarm.engine.tools.compile_bench --signatures --cache "$cache"
  echo "# busiest processes after:"; ps -eo pcpu,ni,args --sort=-pcpu | head -5 | cut -c1-110 | sed 's/^/#   /'
} > "$2" 2>&1
rm -rf "$cache"

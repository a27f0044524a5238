#!/bin/bash
# Paired before/after benchmarks: base = main at ce43eca, new = search-api at 11ba0c2.
cd /tmp/sa-bench
while pgrep -f "wt-search-api-base/.venv/bin/python -m hexswarm.engine.tools.search_bench" >/dev/null; do sleep 5; done
B=/work/wt-search-api-base; N=/work/wt-search-api-k
for side in base new; do
  d=$B; [ $side = new ] && d=$N
  (cd $d && date -u && nice $d/.venv/bin/python -m hexswarm.engine.tools.compile_bench) > compile-$side.txt 2>&1
done
for round in 1 2; do
  for mode in uct anthill; do
    for side in base new; do
      d=$B; [ $side = new ] && d=$N
      (cd $d && date -u && uptime && NUMBA_CACHE_DIR=$d/.numba-cache nice $d/.venv/bin/python -m hexswarm.engine.tools.search_bench --$mode --quick) > search-$mode-$side-$round.txt 2>&1
    done
  done
done
echo finished > done.txt

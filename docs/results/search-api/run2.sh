#!/bin/bash
# Round 2: base (main at ce43eca) against the final kernels (search-api at ed02a49), paired.
cd /tmp/sa-bench
while [ ! -e search-uct-base-2.txt ]; do sleep 5; done
# run.sh's round 2 would pair the base with the earlier kernel commit: stop it.
child=$(pgrep -P 15257); kill 15257; [ -n "$child" ] && kill $child

sleep 2
rm -f search-uct-base-2.txt
B=/work/wt-search-api-base; N=/work/wt-search-api-k2
for mode in uct anthill; do
  for side in base final; do
    d=$B; [ $side = final ] && d=$N
    (cd $d && date -u && uptime && NUMBA_CACHE_DIR=$d/.numba-cache nice $d/.venv/bin/python -m hexswarm.engine.tools.search_bench --$mode --quick) > search-$mode-$side-2.txt 2>&1
  done
done
for side in base final; do
  d=$B; [ $side = final ] && d=$N
  (cd $d && date -u && nice $d/.venv/bin/python -m hexswarm.engine.tools.compile_bench) > compile-$side-2.txt 2>&1
done
echo finished > done2.txt

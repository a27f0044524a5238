#!/bin/bash
# Round 3: the final kernels first this time, then the base (order effects), paired.
cd /tmp/sa-bench
while [ ! -e done2.txt ]; do sleep 5; done
B=/work/wt-search-api-base; N=/work/wt-search-api-k2
for mode in uct anthill; do
  for side in final base; do
    d=$B; [ $side = final ] && d=$N
    (cd $d && date -u && uptime && NUMBA_CACHE_DIR=$d/.numba-cache nice $d/.venv/bin/python -m hexswarm.engine.tools.search_bench --$mode --quick) > search-$mode-$side-3.txt 2>&1
  done
done
echo finished > done3.txt

#!/bin/bash
# strong with MoHex-style playouts (the save table, one a leaf) against strong, at equal CPU set by fixed
# playouts (40 000 against 4 000: 119 ms a move each, paired, /tmp/cost2.py), 9x9, 100 games; main 80ce0c7.
cd /work/wt-cpu
export NUMBA_CACHE_DIR=/work/wt-cpu/.numba-cache
date -u +"start %F %T UTC"; uptime
nice -n 19 .venv/bin/hexswarm-match --games 100 --size 9 --opening 2 --seed 181 --jobs 2 \
  --out /work/runs/strong-save1-4000-vs-strong-40000 \
  "strong:playouts=4000,time_s=none,playout=patterns,playout_table=playout12-team-save-mohex-9x9,leaf_playouts=1" \
  "strong:playouts=40000,time_s=none"
date -u +"end %F %T UTC"; uptime

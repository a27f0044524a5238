#!/bin/bash
# strong with the save table's pattern playouts, one a leaf, and MoHex's expansion threshold
# (expand_after=10) at 8 000 playouts (0.91 and 0.98 of the anchor's CPU a move in cost.py's
# first two passes, cost.txt; 1.03 in the third, run beside the match) against strong at 40 000; 9x9, seed 181 and --opening 2 as
# in round 8 and ../strong-save1-6000-vs-strong-40000 (the same openings and colours), one game
# at a time. The code: main a17587e (the worktree of branch expand10, no engine change; the match files copied here afterwards).
cd /work/wt-expand10
export NUMBA_CACHE_DIR=/work/wt-expand10/.numba-cache
date -u +"start %F %T UTC"; uptime
nice -n 19 .venv/bin/hexswarm-match --games 100 --size 9 --opening 2 --seed 181 --jobs 1 \
  --out /work/wt-expand10/runs/strong-save1-e10-8000-vs-strong-40000 \
  "strong:playouts=8000,time_s=none,playout=patterns,playout_table=playout12-team-save-mohex-9x9,leaf_playouts=1,expand_after=10" \
  "strong:playouts=40000,time_s=none"
date -u +"end %F %T UTC"; uptime

#!/bin/bash
# The equal-CPU match of equal-cpu/ replayed with the cheaper pattern playouts: strong with the
# save table's playouts, one a leaf, at 6 000 playouts (4 000 x 1.54, the cost ratio of
# ../README.md) against strong at 40 000; 9x9, seed 181 and --opening 2 as before (the same
# openings and colours), one game at a time. The code: 08b4d2f exported to /tmp/playspeed-match.
cd /tmp/playspeed-match
export NUMBA_CACHE_DIR=/tmp/playspeed-matchcache
date -u +"start %F %T UTC"; uptime
nice -n 19 /tmp/playspeed-matchvenv/bin/hexswarm-match --games 100 --size 9 --opening 2 --seed 181 --jobs 1 \
  --out /work/wt-playspeed/runs/strong-save1-6000-vs-strong-40000 \
  "strong:playouts=6000,time_s=none,playout=patterns,playout_table=playout12-team-save-mohex-9x9,leaf_playouts=1" \
  "strong:playouts=40000,time_s=none"
date -u +"end %F %T UTC"; uptime

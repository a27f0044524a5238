#!/bin/bash
# Round 14 (helper ant14): strong-swarm with rival=challenger against strong, 20 000 playouts
# a move each (fixed budgets), 9x9, --opening 2, one game at a time, nice 19; the code of
# branch ant14 at 7e00b56 (main c197c80, spread and challenger), a fresh numba cache (a kernel
# edit does not invalidate the cached descent loop that inlines it), under load.
cd /work/wt-ant14
export NUMBA_CACHE_DIR=/tmp/ant14-cache-ch
date -u +"start %F %T UTC"; uptime; git log -1 --format='code %H'
nice -n 19 .venv/bin/hexswarm-match --games 100 --size 9 --opening 2 --seed 303 --jobs 1 \
  --out docs/results/swarm-knowledge/r14/challenger-seed303 \
  "strong-swarm:playouts=20000,time_s=none,rival=challenger" \
  "strong:playouts=20000,time_s=none"
date -u +"end %F %T UTC"; uptime

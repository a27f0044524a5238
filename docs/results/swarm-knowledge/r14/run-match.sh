#!/bin/bash
# Round 14 (helper ant14): strong-swarm with OPTIONS against strong, both at 20 000 playouts a
# move (fixed budgets: the load does not change them), 9x9, --opening 2, one game at a time,
# nice 19.  Usage: run-match.sh NAME SEED [OPTIONS]   (OPTIONS: ",key=value,..." or empty)
name=$1 seed=$2 opts=$3
out=/work/wt-ant14/docs/results/swarm-knowledge/r14/$name
cd /work/wt-ant14
export NUMBA_CACHE_DIR=/work/wt-ant14/.numba-cache
date -u +"start %F %T UTC"; uptime; git -C /work/wt-ant14 log -1 --format='code %H'
nice -n 19 .venv/bin/hexswarm-match --games 100 --size 9 --opening 2 --seed "$seed" --jobs 1 \
  --out "$out" \
  "strong-swarm:playouts=20000,time_s=none$opts" \
  "strong:playouts=20000,time_s=none"
date -u +"end %F %T UTC"; uptime

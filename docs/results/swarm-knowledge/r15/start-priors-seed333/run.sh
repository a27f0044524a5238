#!/bin/bash
# Round 15 (helper ant15): strong-swarm with C's knowledge (the local teacher priors and
# intrusion_bonus=282) and OPTIONS against strong with the same knowledge, both at 20 000
# playouts a move (fixed budgets: the load does not change them), 9x9, --opening 2, one game
# at a time, nice 19.  Usage: run-match.sh NAME SEED [OPTIONS]   (OPTIONS: ",key=value,..." or empty)
name=$1 seed=$2 opts=$3
c="priors=hex12-local-mohex-9x9-550g-matches,intrusion_bonus=282"
out=/work/wt-ant15/docs/results/swarm-knowledge/r15/$name
cd /work/wt-ant15
export NUMBA_CACHE_DIR=/work/wt-ant15/.numba-cache
date -u +"start %F %T UTC"; uptime; git -C /work/wt-ant15 log -1 --format='code %H'
nice -n 19 .venv/bin/hexswarm-match --games 100 --size 9 --opening 2 --seed "$seed" --jobs 1 \
  --out "$out" \
  "strong-swarm:$c,playouts=20000,time_s=none$opts" \
  "strong:$c,playouts=20000,time_s=none"
date -u +"end %F %T UTC"; uptime

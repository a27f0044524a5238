#!/bin/bash
# Round 15 (helper ant15): round 14's root-visit study (r14/root_visits.py, unchanged) on
# start=priors and on C's knowledge, added to a copy of round 14's file (its `strong` and
# `strong-swarm` searches and its reference are round 14's; positions, seeds 1-3, 20 000
# playouts a search, reuse=false, tactics=off). nice 19.
cd /work/wt-ant15
export NUMBA_CACHE_DIR=/work/wt-ant15/.numba-cache
r=docs/results/swarm-knowledge
c="priors=hex12-local-mohex-9x9-550g-matches,intrusion_bonus=282"
date -u +"start %F %T UTC"; uptime; git log -1 --format='code %H'
nice -n 19 .venv/bin/python $r/r14/root_visits.py $r/r15/root-visits.json 30 3 1000000 \
  "strong-swarm:start=priors" "strong:$c" "strong-swarm:$c" "strong-swarm:$c,start=priors"
date -u +"end %F %T UTC"; uptime
nice -n 19 .venv/bin/python $r/r14/summary.py $r/r15/root-visits.json > $r/r15/root-visits-summary.md

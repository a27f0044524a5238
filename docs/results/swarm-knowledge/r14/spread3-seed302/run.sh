#!/bin/bash
# Round 14 (helper ant14): strong-swarm with spread=3 against strong, 20 000 playouts a move
# each (fixed budgets), 9x9, --opening 2, one game at a time, nice 19; the code of branch
# ant14 at 264d4fd (main c197c80 and the spread setting), under load.
cd /work/wt-ant14
export NUMBA_CACHE_DIR=/work/wt-ant14/.numba-cache-new
date -u +"start %F %T UTC"; uptime; git log -1 --format='code %H'
nice -n 19 .venv/bin/hexswarm-match --games 100 --size 9 --opening 2 --seed 302 --jobs 1 \
  --out docs/results/swarm-knowledge/r14/spread3-seed302 \
  "strong-swarm:playouts=20000,time_s=none,spread=3" \
  "strong:playouts=20000,time_s=none"
date -u +"end %F %T UTC"; uptime

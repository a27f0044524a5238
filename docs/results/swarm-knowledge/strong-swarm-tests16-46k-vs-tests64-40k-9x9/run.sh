#!/bin/bash
# strong-swarm with 16 tests a descent against the preset's 64 at equal CPU: 46 000 playouts a move against 40 000 (a playout with 16 tests costs 0.871 of one with 64, process-paired, cost-tests16-vs-tests64-044fdff.txt), 9x9, 100 games, two at a time (main 044fdff); fixed playouts: the load does not change the moves
cd /work/wt-match9b
export NUMBA_CACHE_DIR=/root/.cache/HexSwarm/numba-0.1.0-a7e8a6d30e0b
echo "== strong-swarm-tests16-46k-vs-tests64-40k-9x9"; date -u +"start %F %T UTC"; uptime
.venv/bin/hexswarm-match --games 100 --size 9 --opening 2 --seed 199 --jobs 2 \
  --out /work/runs/strong-swarm-tests16-46k-vs-tests64-40k-9x9 \
  "strong-swarm:playouts=46000,time_s=none,tests=16" "strong-swarm:playouts=40000,time_s=none"
date -u +"end %F %T UTC"; uptime

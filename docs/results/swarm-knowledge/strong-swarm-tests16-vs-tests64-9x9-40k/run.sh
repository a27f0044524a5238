#!/bin/bash
# strong-swarm with 16 tests a descent against the preset's 64, equal playouts (40 000 a move), 9x9, 100 games, two at a time (main 044fdff); fixed playouts: the load does not change the moves
cd /work/wt-match9b
export NUMBA_CACHE_DIR=/root/.cache/HexSwarm/numba-0.1.0-a7e8a6d30e0b
echo "== strong-swarm-tests16-vs-tests64-9x9-40k"; date -u +"start %F %T UTC"; uptime
.venv/bin/hexswarm-match --games 100 --size 9 --opening 2 --seed 197 --jobs 2 \
  --out /work/runs/strong-swarm-tests16-vs-tests64-9x9-40k \
  "strong-swarm:playouts=40000,time_s=none,tests=16" "strong-swarm:playouts=40000,time_s=none"
date -u +"end %F %T UTC"; uptime

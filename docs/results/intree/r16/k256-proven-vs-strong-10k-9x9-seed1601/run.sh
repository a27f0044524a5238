#!/bin/sh
# Round 16, task h2 (branch intree16): knowledge_after=256 with proven_playouts against strong,
# 10 000 playouts a move (fixed budget), 9x9, balanced 2-stone openings, seed 1601.
export NUMBA_CACHE_DIR=/work/wt-intree16/.numba-cache
cd /work/wt-intree16
exec nice -n 19 .venv/bin/hexswarm-match --games 100 --size 9 --opening 2 --jobs 1 --seed 1601 --json \
  --out docs/results/intree/r16/k256-proven-vs-strong-10k-9x9-seed1601 \
  "strong:playouts=10000,time_s=none,knowledge_after=256,proven_playouts=true" \
  "strong:playouts=10000,time_s=none"

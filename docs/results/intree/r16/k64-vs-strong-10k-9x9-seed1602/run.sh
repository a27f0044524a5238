#!/bin/sh
# Round 16, task h2 (branch intree16): strong with knowledge_after=64 against strong,
# 10 000 playouts a move (fixed budget), 9x9, balanced 2-stone openings, seed 1602.
export NUMBA_CACHE_DIR=/work/wt-intree16/.numba-cache
cd /work/wt-intree16
exec nice -n 19 .venv/bin/hexswarm-match --games 100 --size 9 --opening 2 --jobs 1 --seed 1602 --json \
  --out docs/results/intree/r16/k64-vs-strong-10k-9x9-seed1602 \
  "strong:playouts=10000,time_s=none,knowledge_after=64" \
  "strong:playouts=10000,time_s=none"

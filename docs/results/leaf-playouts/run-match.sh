#!/bin/bash
# strong with L playouts a leaf at P playouts a move (the anchor's CPU a move by cost.py)
# against strong as shipped (8 a leaf) at the anchor budget; fixed budgets, --opening 2,
# one game at a time, nice 19.  Usage: run-match.sh SIZE L P ANCHOR SEED
# (9x9: ANCHOR 40000; 11x11: 20000). The code: branch leafcpu (9x9: main 36ba29e; 11x11: main c3de297).
size=$1 leaf=$2 budget=$3 anchor=$4 seed=$5
out=/work/wt-leafcpu/docs/results/leaf-playouts/strong-L$leaf-$budget-vs-strong-$anchor-${size}x$size-seed$seed
cd /work/wt-leafcpu
export NUMBA_CACHE_DIR=/work/wt-leafcpu/.numba-cache
date -u +"start %F %T UTC"; uptime
nice -n 19 .venv/bin/hexswarm-match --games 100 --size "$size" --opening 2 --seed "$seed" --jobs 1 \
  --out "$out" \
  "strong:playouts=$budget,time_s=none,leaf_playouts=$leaf" \
  "strong:playouts=$anchor,time_s=none"
date -u +"end %F %T UTC"; uptime

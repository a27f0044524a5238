#!/bin/bash
# strong with a pruning option of the tree against strong as shipped, both at P playouts a
# move (fixed budgets: load does not change the games), 9x9, --opening 2, one game at a time,
# nice 19. Usage: run.sh OPTION P SEED (OPTION: prune_vulnerable or prune_captured). The code:
# a frozen copy of branch prune17 (git archive of the commit named in README.md) installed in
# /tmp/prune17-frozen.
option=$1 budget=$2 seed=$3
out=/work/wt-prune17/docs/results/prune/r17/${option#prune_}-vs-strong-$((budget / 1000))k-seed$seed
export NUMBA_CACHE_DIR=/tmp/prune17-frozen/numba-cache
date -u +"start %F %T UTC"; uptime
nice -n 19 /tmp/prune17-frozen/venv/bin/hexswarm-match --games 100 --size 9 --opening 2 \
  --seed "$seed" --jobs 1 --out "$out" \
  "strong:playouts=$budget,time_s=none,$option=true" \
  "strong:playouts=$budget,time_s=none"
date -u +"end %F %T UTC"; uptime

#!/bin/bash
# strong with intrusion_bonus=B against strong as shipped, both at P playouts a move (fixed
# budgets: load does not change the games), 9x9, --opening 2, one game at a time, nice 19.
# Usage: run-match.sh B P SEED. The code: a frozen copy of branch vcm (git archive of the
# commit named in the folder's report.md) installed in /tmp/vcm-frozen.
bonus=$1 budget=$2 seed=$3
out=/work/wt-vcm/docs/results/intrusion-priors/bonus$bonus-vs-strong-$((budget / 1000))k-seed$seed
export NUMBA_CACHE_DIR=/tmp/vcm-frozen/numba-cache
date -u +"start %F %T UTC"; uptime
nice -n 19 /tmp/vcm-frozen/venv/bin/hexswarm-match --games 100 --size 9 --opening 2 \
  --seed "$seed" --jobs 1 --out "$out" \
  "strong:playouts=$budget,time_s=none,intrusion_bonus=$bonus" \
  "strong:playouts=$budget,time_s=none"
date -u +"end %F %T UTC"; uptime

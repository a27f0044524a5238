#!/bin/bash
# strong (1 s a move) against MoHex 2.0 at 1 s a move (--strict-time), 9x9, 100 games; own autogroup at -10
echo -10 > /proc/$$/autogroup
while pgrep -f mohex1000.sh > /dev/null; do sleep 10; done
cd /work/wt-match
export NUMBA_CACHE_DIR=/work/wt-match/.numba-cache
OUT=/work/runs/strong-priors-1s-vs-mohex-1s
date -u +"start %F %T UTC"; uptime
nice -n -10 .venv/bin/hexswarm-match --games 100 --size 9 --opening 2 --seed 73 \
  --out $OUT strong "gtp:/work/mohex/mohex-gtp.sh --time 1 --strict-time"
date -u +"end %F %T UTC"; uptime

#!/bin/bash
# Round 14 (lead, the free core, fixed budgets so the load does not change the result): the
# local teacher priors with intrusion_bonus=282 against `strong` at 10 000 playouts a move on
# 11x11 (the table was fitted on 9x9 games only), 100 games, --opening 2, seed 322, main b5a8e8a; the second 100.
cd /work/main
export NUMBA_CACHE_DIR=/tmp/nc-r14
P="strong:playouts=10000,time_s=none"
date -u +"start %F %T UTC"; uptime
nice -n 19 .venv/bin/hexswarm-match --games 100 --size 11 --opening 2 --seed 322 --jobs 1 \
  --out /work/runs/localteacher-intr282-vs-strong-10k-11x11-r2 \
  "$P,priors=hex12-local-mohex-9x9-550g-matches,intrusion_bonus=282" "$P"
date -u +"end %F %T UTC"; uptime

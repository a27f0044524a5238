#!/bin/bash
# Round 12, the lead's held core, after r12a.sh (the same frozen checkout of main 36ba29e):
# `strong` with the local prior gammas against MoHex 2.0 at 1 000 simulations a move
# (--no-reuse), 9x9, 100 games, seed 71: round 6's and round 11's openings (`strong` as shipped
# 65-35 there in round 11), so the two pair game by game. Own autogroup at -10; warden.sh keeps
# every other session's at nice 19.
while pgrep -f 'r12a\.sh' > /dev/null; do sleep 10; done
echo -10 > /proc/$$/autogroup
cd /work/wt-match12
export NUMBA_CACHE_DIR=/work/wt-match12/.numba-cache
run() { OUT=$1; shift; echo "== $OUT"; date -u +"start %F %T UTC"; uptime
  nice -n -10 .venv/bin/hexswarm-match "$@" --out /work/runs/$OUT
  date -u +"end %F %T UTC"; uptime; }
run strong-local550g-1s-vs-mohex-1000-r12 --games 100 --size 9 --opening 2 --seed 71 --jobs 1 strong:priors=hex12-local-mohex-9x9-550g "gtp:/work/mohex/mohex-gtp.sh --games 1000 --no-reuse"

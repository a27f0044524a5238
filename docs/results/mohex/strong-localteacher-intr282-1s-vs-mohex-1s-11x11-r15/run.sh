#!/bin/bash
# Round 15, the lead's held core, after r15a.sh (frozen checkout of main b3a3508): the candidate C
# against MoHex 2.0 at 1 s a move (--strict-time) on 11x11, 100 games, seed 79 (the openings and
# colours of round 10's `strong` 37-63, ../../mohex/strong12-1s-vs-mohex-1s-11x11/).
while pgrep -f 'r15a\.sh' > /dev/null; do sleep 10; done
echo -10 > /proc/$$/autogroup
cd /work/wt-match15
export NUMBA_CACHE_DIR=/work/wt-match15/.numba-cache
C=strong:priors=hex12-local-mohex-9x9-550g-matches,intrusion_bonus=282
run() { OUT=$1; shift; echo "== $OUT"; date -u +"start %F %T UTC"; uptime
  nice -n -10 .venv/bin/hexswarm-match "$@" --out /work/runs/$OUT
  date -u +"end %F %T UTC"; uptime; }
run strong-localteacher-intr282-1s-vs-mohex-1s-11x11-r15 --games 100 --size 11 --opening 2 --seed 79 --jobs 1 $C "gtp:/work/mohex/mohex-gtp.sh --time 1 --strict-time"

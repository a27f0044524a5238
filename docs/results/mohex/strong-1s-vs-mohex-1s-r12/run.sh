#!/bin/bash
# Round 12, the lead's held core, after r12b.sh (the same frozen checkout of main 36ba29e):
# `strong` as shipped against MoHex 2.0 at equal time, both 1 s a move (MoHex --strict-time),
# 9x9, 100 games, NEW openings (seed 75), to put a second 100 games beside round 11's 46-54
# (seed 73). Own autogroup at -10; warden.sh keeps every other session's at nice 19.
while pgrep -f 'r12[ab]\.sh' > /dev/null; do sleep 10; done
echo -10 > /proc/$$/autogroup
cd /work/wt-match12
export NUMBA_CACHE_DIR=/work/wt-match12/.numba-cache
run() { OUT=$1; shift; echo "== $OUT"; date -u +"start %F %T UTC"; uptime
  nice -n -10 .venv/bin/hexswarm-match "$@" --out /work/runs/$OUT
  date -u +"end %F %T UTC"; uptime; }
run strong-1s-vs-mohex-1s-r12 --games 100 --size 9 --opening 2 --seed 75 --jobs 1 strong "gtp:/work/mohex/mohex-gtp.sh --time 1 --strict-time"

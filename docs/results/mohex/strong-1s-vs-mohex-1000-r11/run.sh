#!/bin/bash
# Round 11, goal 1 again under light load: `strong` as shipped (main 0b878bb, the 550g table) against
# MoHex 2.0 at 1 000 simulations a move (no reuse), 9x9, strong 1 s a move, 100 games, seed 71 (round 6: 64;
# the same openings), the same frozen checkout as r11b.sh; own
# autogroup at -10. Nothing else ran (the helpers and the watchdog had stopped).
echo -10 > /proc/$$/autogroup
cd /work/wt-match11
export NUMBA_CACHE_DIR=/work/wt-match11/.numba-cache
run() { OUT=$1; shift; echo "== $OUT"; date -u +"start %F %T UTC"; uptime
  nice -n -10 .venv/bin/hexswarm-match "$@" --out /work/runs/$OUT
  date -u +"end %F %T UTC"; uptime; }
run strong-1s-vs-mohex-1000-r11 --games 100 --size 9 --opening 2 --seed 71 --jobs 1 strong "gtp:/work/mohex/mohex-gtp.sh --games 1000 --no-reuse"

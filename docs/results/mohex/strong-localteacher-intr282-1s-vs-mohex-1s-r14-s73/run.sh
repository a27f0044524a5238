#!/bin/bash
# Round 14, the lead's held core, after r14b.sh (frozen checkout of combo14's dd7e7a5: main c197c80
# plus the local variant of the teacher table). The pieces that leaned positive together:
# the local teacher priors (`hex12-local-mohex-9x9-550g-matches`) and the intrusion bonus 282,
# against MoHex 2.0 at 1 s a move (--strict-time), 9x9, 100 games, seed 73 (round 11's openings
# and colours: `strong` as shipped won 46 in round 11).
while pgrep -f 'r14b\.sh' > /dev/null; do sleep 10; done
echo -10 > /proc/$$/autogroup
cd /work/wt-match14b
export NUMBA_CACHE_DIR=/work/wt-match14b/.numba-cache
A=strong:priors=hex12-local-mohex-9x9-550g-matches,intrusion_bonus=282
date -u +"warm-start %F %T UTC"
.venv/bin/python -c "
from hexswarm.engine.board import Board
from hexswarm.engine.players import create_player
print('$A', create_player('$A').choose_move(Board(9)).move)"
date -u +"warm-end %F %T UTC"
run() { OUT=$1; shift; echo "== $OUT"; date -u +"start %F %T UTC"; uptime
  nice -n -10 .venv/bin/hexswarm-match "$@" --out /work/runs/$OUT
  date -u +"end %F %T UTC"; uptime; }
run strong-localteacher-intr282-1s-vs-mohex-1s-r14-s73 --games 100 --size 9 --opening 2 --seed 73 --jobs 1 $A "gtp:/work/mohex/mohex-gtp.sh --time 1 --strict-time"

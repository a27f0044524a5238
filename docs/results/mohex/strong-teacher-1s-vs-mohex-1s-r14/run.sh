#!/bin/bash
# Round 14, the lead's held core (frozen checkout of main 7224ed1). `strong` with the priors taught
# by MoHex's moves in its matches against us (`hex12-mohex-9x9-550g-matches`, round 13: held-out
# MoHex-1s moves +0.140 nats a move) against MoHex 2.0 at 1 s a move (--strict-time), 9x9, 100
# games, seed 75 (round 12's openings and colours: `strong` as shipped won 39, at 1.2 s 40).
echo -10 > /proc/$$/autogroup
cd /work/wt-match14
export NUMBA_CACHE_DIR=/work/wt-match14/.numba-cache
date -u +"warm-start %F %T UTC"
.venv/bin/python -c "
from hexswarm.engine.board import Board
from hexswarm.engine.players import create_player
for spec in ('strong', 'strong:priors=hex12-mohex-9x9-550g-matches'):
    print(spec, create_player(spec).choose_move(Board(9)).move)"
date -u +"warm-end %F %T UTC"
run() { OUT=$1; shift; echo "== $OUT"; date -u +"start %F %T UTC"; uptime
  nice -n -10 .venv/bin/hexswarm-match "$@" --out /work/runs/$OUT
  date -u +"end %F %T UTC"; uptime; }
run strong-teacher-1s-vs-mohex-1s-r14 --games 100 --size 9 --opening 2 --seed 75 --jobs 1 strong:priors=hex12-mohex-9x9-550g-matches "gtp:/work/mohex/mohex-gtp.sh --time 1 --strict-time"

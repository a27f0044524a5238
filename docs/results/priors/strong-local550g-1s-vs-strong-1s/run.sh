#!/bin/bash
# strong with the local 12-cell prior gammas (helper localprior's table, branch localprior 60a4a42) against strong,
# both 1 s a move, 9x9, 100 games, one at a time, a fresh seed (221); own autogroup at -10.
# Waits for r10a.sh (the MoHex match on this core) to end. warden.sh ran beside it.
echo -10 > /proc/$$/autogroup
while pgrep -f 'r10a\.sh' > /dev/null; do sleep 10; done
cd /work/wt-match10b
export NUMBA_CACHE_DIR=/work/wt-match10b/.numba-cache
date -u +"warm-start %F %T UTC"
.venv/bin/python -c "
from hexswarm.engine.board import Board
from hexswarm.engine.players import create_player
threat = Board(9)
for m in ('e5', 'd6', 'f3', 'c7', 'e7', 'b8', 'd2'):  # a must-play region: the restricted root
    threat.play(m)
for spec in ('strong', 'strong:priors=hex12-local-mohex-9x9-550g'):
    for board in (Board(9), threat):
        print(spec, create_player(spec).choose_move(board).move)"
date -u +"warm-end %F %T UTC"
run() { OUT=$1; shift; echo "== $OUT"; date -u +"start %F %T UTC"; uptime
  nice -n -10 .venv/bin/hexswarm-match "$@" --out /work/runs/$OUT
  date -u +"end %F %T UTC"; uptime; }
run strong-local550g-1s-vs-strong-1s --games 100 --size 9 --opening 2 --seed 221 --jobs 1 strong:priors=hex12-local-mohex-9x9-550g strong

#!/bin/bash
# strong-swarm against strong, both at 1 s a move, 11x11, 100 games, one at a time (main 99e28af); own autogroup at -10
# Waits for r7.sh (the 9x9 match) to end first: one timing-sensitive match at a time.
echo -10 > /proc/$$/autogroup
while pgrep -f 'runs/r7\.sh' > /dev/null; do sleep 10; done
cd /work/wt-match
export NUMBA_CACHE_DIR=/work/wt-match/.numba-cache
date -u +"warm-start %F %T UTC"
.venv/bin/python -c "
from hexswarm.engine.board import Board
from hexswarm.engine.players import create_player
for spec in ('strong', 'strong-swarm'):
    print(spec, create_player(spec).choose_move(Board(11)).move)"
date -u +"warm-end %F %T UTC"
echo "== strong-swarm-1s-vs-strong-1s-11x11"; date -u +"start %F %T UTC"; uptime
nice -n -10 .venv/bin/hexswarm-match --games 100 --size 11 --opening 2 --seed 169 --jobs 1 \
  --out /work/runs/strong-swarm-1s-vs-strong-1s-11x11 strong-swarm strong
date -u +"end %F %T UTC"; uptime

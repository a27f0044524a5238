#!/bin/bash
# strong (1 s a move) against MoHex 2.0 at 1000 simulations, 11x11, 100 games; own autogroup at -10
echo -10 > /proc/$$/autogroup
while pgrep -f mohexeq.sh > /dev/null; do sleep 5; done
cd /work/wt-match
export NUMBA_CACHE_DIR=/work/wt-match/.numba-cache
OUT=/work/runs/strong-priors-1s-vs-mohex-1000-11x11
date -u +"start %F %T UTC"; uptime
.venv/bin/python -c "
from hexswarm.engine.board import Board
from hexswarm.engine.players import create_player
p = create_player('strong'); print(p.choose_move(Board(11)).move)"
date -u +"warm %F %T UTC"
nice -n -10 .venv/bin/hexswarm-match --games 100 --size 11 --opening 2 --seed 79 \
  --out $OUT strong "gtp:/work/mohex/mohex-gtp.sh --games 1000 --no-reuse"
date -u +"end %F %T UTC"; uptime

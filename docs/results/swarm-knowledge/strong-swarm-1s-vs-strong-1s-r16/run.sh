#!/bin/bash
# Round 16, the lead's held core (frozen checkout of main 2e8d0bf). Issue 29's goals for today's
# default: against MoHex 2.0 at 1 000 simulations a move (9x9 seed 71, 11x11 seed 79, the openings
# of the previous defaults' runs), then the swarm preset against the default at 1 s (9x9 seed 167).
echo -10 > /proc/$$/autogroup
cd /work/wt-match16
export NUMBA_CACHE_DIR=/work/wt-match16/.numba-cache
date -u +"warm-start %F %T UTC"
for A in strong strong-swarm; do for N in 9 11; do .venv/bin/python -c "
from hexswarm.engine.board import Board
from hexswarm.engine.players import create_player
print('$A', $N, create_player('$A').choose_move(Board($N)).move)"; done; done
date -u +"warm-end %F %T UTC"
run() { OUT=$1; shift; echo "== $OUT"; date -u +"start %F %T UTC"; uptime
  nice -n -10 .venv/bin/hexswarm-match "$@" --out /work/runs/$OUT
  date -u +"end %F %T UTC"; uptime; }
M1000="gtp:/work/mohex/mohex-gtp.sh --games 1000 --no-reuse"
run strong-swarm-1s-vs-strong-1s-r16 --games 100 --size 9 --opening 2 --seed 167 --jobs 1 strong-swarm strong

#!/bin/bash
# Round 17, the lead's held core (frozen checkout of main 4abc166 at /work/wt-match17). The rule is in
# docs/experiments.md, "Round 17": strong:knowledge_after=256 against MoHex 2.0 at 1 s a move, 9x9 seed 77
# (round 15's openings for today's strong), then strong-swarm against strong at 1 s, 11x11 seed 169.
echo -10 > /proc/$$/autogroup
cd /work/wt-match17
export NUMBA_CACHE_DIR=/work/wt-match17/.numba-cache
date -u +"warm-start %F %T UTC"
for A in strong strong:knowledge_after=256 strong-swarm; do for N in 9 11; do .venv/bin/python -c "
from hexswarm.engine.board import Board
from hexswarm.engine.players import create_player
print('$A', $N, create_player('$A').choose_move(Board($N)).move)"; done; done
date -u +"warm-end %F %T UTC"
run() { OUT=$1; shift; echo "== $OUT"; date -u +"start %F %T UTC"; uptime
  nice -n -10 .venv/bin/hexswarm-match "$@" --out /work/runs/$OUT
  date -u +"end %F %T UTC"; uptime; }
run strong-swarm-1s-vs-strong-1s-11x11-r17 --games 100 --size 11 --opening 2 --seed 169 --jobs 1 strong-swarm strong

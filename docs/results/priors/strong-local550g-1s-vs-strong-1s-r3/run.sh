#!/bin/bash
# Round 12, the lead's held core (frozen checkout of main 36ba29e): `strong-swarm` against
# `strong`, 1 s a move, 9x9, 100 games, seed 167 (the openings and colours of rounds 7-9; round
# 9: 46-54), after round 11's cheaper anthill compile; then `strong` with the local prior gammas
# against `strong`, 1 s a move, 9x9, 100 games, seed 223 (the third such run after 56-44 and
# 54-46). Own autogroup at -10; warden.sh keeps every other session's at nice 19.
echo -10 > /proc/$$/autogroup
cd /work/wt-match12
export NUMBA_CACHE_DIR=/work/wt-match12/.numba-cache
date -u +"warm-start %F %T UTC"
.venv/bin/python -c "
from hexswarm.engine.board import Board
from hexswarm.engine.players import create_player
threat = Board(9)
for m in ('e5', 'd6', 'f3', 'c7', 'e7', 'b8', 'd2'):  # a must-play region: the restricted root
    threat.play(m)
for spec in ('strong', 'strong-swarm', 'strong:priors=hex12-local-mohex-9x9-550g'):
    for board in (Board(9), threat):
        print(spec, create_player(spec).choose_move(board).move)"
date -u +"warm-end %F %T UTC"
run() { OUT=$1; shift; echo "== $OUT"; date -u +"start %F %T UTC"; uptime
  nice -n -10 .venv/bin/hexswarm-match "$@" --out /work/runs/$OUT
  date -u +"end %F %T UTC"; uptime; }
run strong-swarm-1s-vs-strong-1s-36ba29e --games 100 --size 9 --opening 2 --seed 167 --jobs 1 strong-swarm strong
run strong-local550g-1s-vs-strong-1s-r3 --games 100 --size 9 --opening 2 --seed 223 --jobs 1 strong:priors=hex12-local-mohex-9x9-550g strong

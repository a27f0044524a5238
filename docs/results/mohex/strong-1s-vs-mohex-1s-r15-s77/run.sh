#!/bin/bash
# Round 15, the lead's held core (frozen checkout of main b3a3508). The adoption rule's matches
# (docs/experiments.md, "Round 15"): the candidate C and `strong`, each against MoHex 2.0 at
# 1 s a move (--strict-time), 9x9, 100 games, seed 77 (fresh openings).
echo -10 > /proc/$$/autogroup
cd /work/wt-match15
export NUMBA_CACHE_DIR=/work/wt-match15/.numba-cache
C=strong:priors=hex12-local-mohex-9x9-550g-matches,intrusion_bonus=282
date -u +"warm-start %F %T UTC"
for A in $C strong; do .venv/bin/python -c "
from hexswarm.engine.board import Board
from hexswarm.engine.players import create_player
print('$A', create_player('$A').choose_move(Board(9)).move)"; done
date -u +"warm-end %F %T UTC"
run() { OUT=$1; shift; echo "== $OUT"; date -u +"start %F %T UTC"; uptime
  nice -n -10 .venv/bin/hexswarm-match "$@" --out /work/runs/$OUT
  date -u +"end %F %T UTC"; uptime; }
run strong-localteacher-intr282-1s-vs-mohex-1s-r15-s77 --games 100 --size 9 --opening 2 --seed 77 --jobs 1 $C "gtp:/work/mohex/mohex-gtp.sh --time 1 --strict-time"
run strong-1s-vs-mohex-1s-r15-s77 --games 100 --size 9 --opening 2 --seed 77 --jobs 1 strong "gtp:/work/mohex/mohex-gtp.sh --time 1 --strict-time"

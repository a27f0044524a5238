#!/bin/bash
# Round 11, the lead's held core: the real-board tactics suite and the MoHex-mistakes suite with
# today's `strong` (main 0b878bb) as shipped and with tactics=off at 2 s a move; then `strong`
# with the local prior gammas against `strong`, 1 s a move, 9x9, 100 games, seed 222 (the second
# such run; the first, seed 221, went 56-44). Own autogroup at -10; warden.sh keeps others at 19.
echo -10 > /proc/$$/autogroup
cd /work/wt-match11
export NUMBA_CACHE_DIR=/work/wt-match11/.numba-cache
date -u +"warm-start %F %T UTC"
.venv/bin/python -c "
from hexswarm.engine.board import Board
from hexswarm.engine.players import create_player
threat = Board(9)
for m in ('e5', 'd6', 'f3', 'c7', 'e7', 'b8', 'd2'):  # a must-play region: the restricted root
    threat.play(m)
for spec in ('strong', 'strong:tactics=off', 'strong:priors=hex12-local-mohex-9x9-550g'):
    for board in (Board(9), threat):
        print(spec, create_player(spec).choose_move(board).move)"
date -u +"warm-end %F %T UTC"
out=/work/runs/tactics-r11
mkdir -p $out
suite() { echo "== tactics $1 $2"; date -u +"start %F %T UTC"; uptime
  nice -n -10 .venv/bin/python -m hexswarm.engine.tools.tactics_suite run "$1" --time 2 --suite resources/tactics/$2.json --json $out/$2-$3.json
  date -u +"end %F %T UTC"; uptime; }
suite strong real strong-shipped
suite strong:tactics=off real strong-off
suite strong mistakes-vs-mohex strong-shipped
suite strong:tactics=off mistakes-vs-mohex strong-off
run() { OUT=$1; shift; echo "== $OUT"; date -u +"start %F %T UTC"; uptime
  nice -n -10 .venv/bin/hexswarm-match "$@" --out /work/runs/$OUT
  date -u +"end %F %T UTC"; uptime; }
run strong-local550g-1s-vs-strong-1s-r2 --games 100 --size 9 --opening 2 --seed 222 --jobs 1 strong:priors=hex12-local-mohex-9x9-550g strong

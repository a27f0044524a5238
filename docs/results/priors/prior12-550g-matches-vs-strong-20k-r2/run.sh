#!/bin/bash
# Round 14 (29 Nov 2026), branch combo14: fixed-budget matches, one after another, one game at a
# time at nice 19 (the other core is the lead's). Rule decided before any game was played:
# a) (seeds 291 + 292) counts as a gain if the 200 games' 95% interval (Wilson) lies above 0.5,
# as a loss if below, else "not separated from even"; b) (seed 282) is read together with
# round 13's seed-281 100 games by the same rule.
cd /work/wt-combo14
export NUMBA_CACHE_DIR=/work/wt-combo14/.numba-cache
P="strong:playouts=20000,time_s=none"
A="$P,priors=hex12-local-mohex-9x9-550g-matches,intrusion_bonus=282"
run() {  # seed folder player-a
  echo "start $(date -u '+%F %T') UTC; $(uptime)"
  nice -n 19 .venv/bin/hexswarm-match --games 100 --size 9 --opening 2 --seed "$1" --jobs 1 \
    --out "docs/results/priors/$2" "$3" "$P"
  echo "end $(date -u '+%F %T') UTC; $(uptime)"
}
run 291 local-matches-intrusion-vs-strong-20k "$A" > scratch/run-291.log 2>&1
run 292 local-matches-intrusion-vs-strong-20k-r2 "$A" > scratch/run-292.log 2>&1
run 282 prior12-550g-matches-vs-strong-20k-r2 "$P,priors=hex12-mohex-9x9-550g-matches" \
  > scratch/run-282.log 2>&1

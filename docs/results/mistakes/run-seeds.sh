#!/usr/bin/env bash
# More seeds of the runs in run-suite.sh (the first two seeds of the default differed by 4 of 14).
set -euo pipefail
cd "$(dirname "$0")/../../.."
T="nice -n 19 .venv/bin/python -m hexswarm.engine.tools.tactics_suite run"
R=docs/results/mistakes
A=$R/all-mistakes.json
for seed in 3 4 5; do
    $T "strong:time_s=none,playouts=250000" --suite $A --seed $seed --json $R/strong-250k-seed$seed.json
done
for seed in 2 3 4 5; do
    $T "strong:time_s=none,playouts=250000,tactics=off" --suite $A --seed $seed \
        --json $R/strong-250k-off-seed$seed.json
done
for seed in 2 3; do
    $T "strong:time_s=none,playouts=1000000" --suite $A --seed $seed --json $R/strong-1m-seed$seed.json
done
# Our DFPN with a million nodes where the player's tactics=dfpn would try it (at most 60 empty cells).
nice -n 19 .venv/bin/python -m hexswarm.engine.tools.mistakes dfpn $A --nodes 1000000 --most-empty 60 \
    --out $R/our-dfpn-1m.json 2> $R/our-dfpn-1m.log
# The table of every run (compare.md) and the walks' tables (report.md).
M="nice -n 19 .venv/bin/python -m hexswarm.engine.tools.mistakes"
$M compare $A $R/strong-250k.json $R/strong-250k-seed{2,3,4,5}.json $R/strong-250k-off.json \
    $R/strong-250k-off-seed{2,3,4,5}.json $R/strong-250k-dfpn.json $R/strong-1m.json \
    $R/strong-1m-seed{2,3}.json > $R/compare.md
$M report $R/9x9-10s.json $R/9x9-retry-a.json $R/9x9-white.json $R/9x9-black.json $R/11x11.json \
    > $R/report.md

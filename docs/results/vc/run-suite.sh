#!/usr/bin/env bash
# strong at 250 000 playouts a move (fixed playouts, time_s=none: load does not change its
# moves) on the 14 mistakes against MoHex, with the root analysis's H-search before and after
# round 9, seeds 1-3, alternating; then the table (mistakes compare).
set -euo pipefail
cd "$(dirname "$0")/../../.."
R=docs/results/vc
A=docs/results/mistakes/all-mistakes.json
for seed in 1 2 3; do
    for version in before after; do
        nice -n 19 .venv/bin/python $R/suite_run.py $version run "strong:time_s=none,playouts=250000" \
            --suite $A --seed $seed --json $R/strong-250k-$version-seed$seed.json
    done
done
nice -n 19 .venv/bin/python -m hexswarm.engine.tools.mistakes compare $A \
    $R/strong-250k-before-seed{1,2,3}.json $R/strong-250k-after-seed{1,2,3}.json > $R/compare.md

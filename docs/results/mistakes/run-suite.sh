#!/usr/bin/env bash
# The suite and the runs of strong on it (docs/results/mistakes/README.md), at nice 19, fixed playouts.
set -euo pipefail
cd "$(dirname "$0")/../../.."
M="nice -n 19 .venv/bin/python -m hexswarm.engine.tools.mistakes"
T="nice -n 19 .venv/bin/python -m hexswarm.engine.tools.tactics_suite run"
R=docs/results/mistakes
FOUND="$R/9x9-10s.json $R/9x9-retry-a.json $R/9x9-white.json $R/9x9-black.json $R/11x11.json"
$M suite $FOUND --out resources/tactics/mistakes-vs-mohex.json
# Every proven mistake, also those with unsettled cells (hits there are a lower bound; repeats exact).
$M suite $FOUND --with-incomplete --out $R/all-mistakes.json
A=$R/all-mistakes.json
$T "strong:time_s=none,playouts=250000" --suite $A --seed 1 --json $R/strong-250k.json
$T "strong:time_s=none,playouts=250000,tactics=off" --suite $A --seed 1 --json $R/strong-250k-off.json
$T "strong:time_s=none,playouts=250000,tactics=dfpn" --suite $A --seed 1 --json $R/strong-250k-dfpn.json
$T "strong:time_s=none,playouts=250000" --suite $A --seed 2 --json $R/strong-250k-seed2.json
$T "strong:time_s=none,playouts=1000000" --suite $A --seed 1 --json $R/strong-1m.json
$M compare $A $R/strong-250k.json $R/strong-250k-seed2.json $R/strong-250k-off.json \
    $R/strong-250k-dfpn.json $R/strong-1m.json > $R/compare.md
$M dfpn $A --nodes 10000 100000 --out $R/our-dfpn.json 2> $R/our-dfpn.log
$M report $FOUND > $R/report.md

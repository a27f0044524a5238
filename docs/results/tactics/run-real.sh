#!/bin/sh
# The real-board suite's runs (docs/experiments.md, "A suite on real boards"): `strong` as
# shipped and with tactics=off at 2 s a move, then MoHex 2.0 at 1 000 simulations a move, one
# after the other (never two timed runs at once), from the checkout's root. Each JSON file
# records the machine, the date and the load average before and after.
set -e
suite=resources/tactics/real.json
out=docs/results/tactics
run="python -m hexswarm.engine.tools.tactics_suite run"
nice -n -5 $run strong --time 2 --suite $suite --json $out/real-strong-shipped.json
nice -n -5 $run strong:tactics=off --time 2 --suite $suite --json $out/real-strong-off.json
$run "gtp:/work/mohex/mohex-gtp.sh --games 1000 --seed 1 --no-reuse" --suite $suite \
    --json $out/real-mohex-1000.json

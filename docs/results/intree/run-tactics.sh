#!/bin/sh
# The tactics suites with and without in-tree knowledge (docs/experiments.md, "Hex knowledge in
# the tree"): `strong` as shipped and `strong:knowledge_after=256` at 2 s a move, one thread,
# seed 1, alternating suite by suite (never two timed runs at once), from the checkout's root.
# Each JSON file records the machine, the date and the load average before and after.
set -e
out=docs/results/intree
run="python -m hexswarm.engine.tools.tactics_suite run"
for suite in real hard suite; do
    $run strong --time 2 --suite resources/tactics/$suite.json --json $out/$suite-strong.json
    $run strong:knowledge_after=256 --time 2 --suite resources/tactics/$suite.json \
        --json $out/$suite-knowledge.json
done

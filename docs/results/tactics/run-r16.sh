#!/bin/bash
# Round 16 (after r16a.sh, on the same held core): the tactics suites with today's default
# (frozen checkout of main 2e8d0bf), as shipped and with tactics=off, 2 s a move, one thread,
# one run at a time. Each JSON file records the machine, date and load.
while pgrep -f 'r16a\.sh' > /dev/null; do sleep 10; done
echo -10 > /proc/$$/autogroup
cd /work/wt-match16
export NUMBA_CACHE_DIR=/work/wt-match16/.numba-cache
run="nice -n -10 .venv/bin/python -m hexswarm.engine.tools.tactics_suite run"
out=/work/runs/tactics-r16  # copied to docs/results/tactics/
mkdir -p $out
date -u +"start %F %T UTC"; uptime
for suite in real mistakes-vs-mohex hard suite; do
  $run strong --time 2 --suite resources/tactics/$suite.json --json $out/$suite-strong-shipped-r16.json
  $run strong:tactics=off --time 2 --suite resources/tactics/$suite.json --json $out/$suite-strong-off-r16.json
done
date -u +"end %F %T UTC"; uptime

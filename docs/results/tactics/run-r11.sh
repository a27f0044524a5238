#!/bin/sh
# Round 11 (28 Nov): the real-board suite and the MoHex-mistakes suite with the default of main
# 0b878bb, as shipped and with tactics=off, 2 s a move, one after the other, from a frozen
# checkout of that commit in a scheduler group of its own at -10 (the lead's r11a.sh; helpers
# worked at nice 19 on the other core). Each JSON file records the machine, date and load.
set -e
run="nice -n -10 .venv/bin/python -m hexswarm.engine.tools.tactics_suite run"
out=/work/runs/tactics-r11
$run strong --time 2 --suite resources/tactics/real.json --json $out/real-strong-shipped.json
$run strong:tactics=off --time 2 --suite resources/tactics/real.json --json $out/real-strong-off.json
$run strong --time 2 --suite resources/tactics/mistakes-vs-mohex.json \
    --json $out/mistakes-vs-mohex-strong-shipped.json
$run strong:tactics=off --time 2 --suite resources/tactics/mistakes-vs-mohex.json \
    --json $out/mistakes-vs-mohex-strong-off.json
# copied to docs/results/tactics/{real,mistakes}-strong-{shipped,off}-r11.json

#!/bin/sh
# tactics=vc against tactics=solve (the `strong` preset otherwise), 9x9, swap rule (opening
# table), 1 s a move each, colours alternating; one game at a time.
set -e
out=docs/results/hex-analysis/match-9x9-vc-vs-solve
export NUMBA_CACHE_DIR=${NUMBA_CACHE_DIR:-$PWD/.numba-cache}
mkdir -p $out
{ date -u; uptime; } > $out/run.txt
nice python -m hexswarm.engine.tools.match --games 20 --size 9 --swap --seed 29 --out $out \
  strong:tactics=vc strong >> $out/run.txt 2>&1
uptime >> $out/run.txt

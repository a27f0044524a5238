#!/bin/sh
# Players' moves at 1 s on 9x9 and 11x11 positions the root analysis proves something about
# (engine/tools/analysis_bench.py, "root"); the two players alternate position by position.
set -e
out=docs/results/hex-analysis
export NUMBA_CACHE_DIR=${NUMBA_CACHE_DIR:-$PWD/.numba-cache}
{ date -u; uptime; nproc; } > $out/root.txt
nice python -m hexswarm.engine.tools.analysis_bench root strong strong:tactics=vc \
  --time 1 --seed 1 --per-category 15 --out $out/root.jsonl >> $out/root.txt
uptime >> $out/root.txt

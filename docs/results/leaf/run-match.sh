#!/bin/bash
# strong split into descents of 4 playouts (expand_after=8: a leaf still expands after 8 of
# its playouts, as strong's does at 8 a leaf), given 8 300 playouts a move against strong's 10 000:
# equal search time by the paired speed figures (docs/results/leaf/README.md). 9x9, 100 games,
# two random opening stones shared by each pair of games, two games at a time, nice.
cd "$(dirname "$0")/../../.." || exit 1
export NUMBA_CACHE_DIR=$PWD/.numba-cache
OUT=docs/results/leaf/k4-e8-8300-vs-strong-10000
date -u +"start %F %T UTC"; uptime
nice .venv/bin/hexswarm-match --games 100 --size 9 --opening 2 --seed 157 --jobs 2 --out $OUT \
  "strong:playouts=8300,time_s=none,leaf_playouts=4,expand_after=8" "strong:playouts=10000,time_s=none"
date -u +"end %F %T UTC"; uptime

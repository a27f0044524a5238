#!/bin/bash
# base = main cf160ed in /tmp/playspeed-base (its own venv and numba cache); this = the worktree
cd /work/wt-playspeed/docs/results/playout-lab/speed-r10
for pass in 1 2; do
  for who in base this; do
    if [ $who = base ]; then PY=/tmp/playspeed-basevenv/bin/python; C=/tmp/playspeed-basecache; else PY=/work/wt-playspeed/.venv/bin/python; C=/work/wt-playspeed/.numba-cache-new; fi
    echo "## $who pass $pass $(uptime)"
    NUMBA_CACHE_DIR=$C nice -n 19 $PY cost.py $1 $2 4000 5000 6000 2>&1 | grep -v "^cold\|^\.\.\."
  done
done

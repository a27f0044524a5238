#!/usr/bin/env bash
# install.sh COMMIT...: git archive each commit into /tmp/speed-h1/COMMIT with its own venv
set -e
cd /work/wt-speed
for c in "$@"; do
  d=/tmp/speed-h1/$c
  [ -x $d/.venv/bin/python ] && continue
  mkdir -p $d/cache
  git archive $c | tar -x -C $d
  python3 -m venv $d/.venv
  nice $d/.venv/bin/pip install -q -e $d 2>&1 | grep -v "^WARNING" || true
done

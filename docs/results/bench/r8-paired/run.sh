#!/usr/bin/env bash
# usage: run.sh CHECKOUT OUTFILE COMMAND...  (runs COMMAND in CHECKOUT with its venv, nice 19, own numba cache)
set -u
dir=$1; out=$2; shift 2
cd "$dir"
{
  echo "# checkout: $dir at $(git rev-parse --short HEAD)"
  echo "# command: nice -n 19 $*"
  echo "# uptime before: $(uptime)"
  echo "# start $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
  QT_QPA_PLATFORM=offscreen NUMBA_CACHE_DIR=$dir/.numba-cache PATH=$dir/.venv/bin:$PATH nice -n 19 "$@" 2>&1
  echo "# rc=$?"
  echo "# end $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
  echo "# uptime after: $(uptime)"
} > "$out"

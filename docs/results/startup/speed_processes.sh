#!/usr/bin/env bash
# Per-playout CPU cost of BASE (a commit, default main) against this checkout, each checkout in
# processes of its own (speed_processes.py). The base is installed in a venv of its own.
# usage: speed_processes.sh [BASE] [ROUNDS]   (run from the checkout, its .venv installed)
set -e
base=${1:-main}
root=$(mktemp -d /tmp/speed-processes-XXXX)
git archive "$base" | tar -x -C "$root"
python3 -m venv "$root/.venv"
"$root/.venv/bin/pip" install -q -e "$root" 2>&1 | grep -v "^WARNING" || true
echo "# base $(git rev-parse --short "$base"), new $(git rev-parse --short HEAD) + working tree"
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load before $(cut -d' ' -f1-3 /proc/loadavg)"
BASE_CACHE="$root/base-cache" NEW_CACHE="$root/new-cache" nice .venv/bin/python \
  "$(dirname "$0")/speed_processes.py" "$root/.venv/bin/python" "$PWD/.venv/bin/python" "${2:-5}"
echo "# load after $(cut -d' ' -f1-3 /proc/loadavg)"
rm -rf "$root"

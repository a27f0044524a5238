#!/usr/bin/env bash
# Does the in-tree knowledge's `left_out` test cost the default path anything (knowledge_after
# 0: UCT's and RAVE's choice scans read every child's mark, then test the flag)? BASE (a commit,
# default main) against the same commit with left-out-flag-first.patch (the flag tested before
# the read), each installed in a venv of its own under /tmp, process-paired and alternating
# (../startup/speed_processes.py) on plain UCT 9x9 and strong's search 9x9 and 13x13
# (../search-api/descent_workloads.py: RAVE, priors, 8 template playouts a leaf, knowledge off).
# usage: bash docs/results/house/left_out.sh [BASE] [ROUNDS] > docs/results/house/left-out-paired.txt
set -e
here=$(cd "$(dirname "$0")" && pwd)
base=${1:-main}
root=$(mktemp -d /tmp/left-out-XXXX)
for side in base new; do
  mkdir -p "$root/$side"
  git archive "$base" | tar -x -C "$root/$side"
done
(cd "$root/new" && git apply "$here/left-out-flag-first.patch")
for side in base new; do
  python3 -m venv "$root/$side/.venv"
  "$root/$side/.venv/bin/pip" install -q -e "$root/$side" 2>&1 | grep -v "^WARNING" || true
done
workloads=$here/../search-api/descent_workloads.py
echo "# base $(git rev-parse --short "$base"), new the same + left-out-flag-first.patch, workloads $workloads (DESCENT_WORKLOADS=uct 9,strong 9,strong 13)"
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load before $(cut -d' ' -f1-3 /proc/loadavg)"
DESCENT_WORKLOADS="uct 9,strong 9,strong 13" BASE_CACHE="$root/base-cache" NEW_CACHE="$root/new-cache" \
  nice python3 "$here/../startup/speed_processes.py" "$root/base/.venv/bin/python" \
  "$root/new/.venv/bin/python" "${2:-5}" "$workloads"
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), load after $(cut -d' ' -f1-3 /proc/loadavg)"
rm -rf "$root"

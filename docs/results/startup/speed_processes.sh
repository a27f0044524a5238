#!/usr/bin/env bash
# Per-playout CPU cost of BASE (a commit, default main) against NEW (a commit; default this
# checkout with its working tree and its .venv), each checkout in processes of its own
# (speed_processes.py), on the cases of WORKLOADS (default policy_branch.py). A commit is
# installed in a venv of its own under /tmp.
# usage: speed_processes.sh [BASE] [ROUNDS] [WORKLOADS] [NEW]   (run from a checkout)
set -e
base=${1:-main}
root=$(mktemp -d /tmp/speed-processes-XXXX)
install() {  # commit folder
  mkdir -p "$2"
  git archive "$1" | tar -x -C "$2"
  python3 -m venv "$2/.venv"
  "$2/.venv/bin/pip" install -q -e "$2" 2>&1 | grep -v "^WARNING" || true
}
install "$base" "$root/base"
if [ -n "$4" ]; then
  install "$4" "$root/new"
  new_python=$root/new/.venv/bin/python
  new_label=$(git rev-parse --short "$4")
else
  new_python=$PWD/.venv/bin/python
  new_label="$(git rev-parse --short HEAD) + working tree"
fi
workloads=${3:-$(dirname "$0")/policy_branch.py}
echo "# base $(git rev-parse --short "$base"), new $new_label, workloads $workloads"
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load before $(cut -d' ' -f1-3 /proc/loadavg)"
BASE_CACHE="$root/base-cache" NEW_CACHE="$root/new-cache" nice python3 \
  "$(dirname "$0")/speed_processes.py" "$root/base/.venv/bin/python" "$new_python" "${2:-5}" \
  "$workloads"
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), load after $(cut -d' ' -f1-3 /proc/loadavg)"
rm -rf "$root"

#!/usr/bin/env bash
# Paired per-playout CPU cost: BASE (a commit, default main) against the checkout's kernels.
# usage: policy_branch.sh [BASE] [ROUNDS]   (run from the checkout, its .venv installed)
set -e
base=${1:-main}
root=$(mktemp -d /tmp/policy-branch-XXXX)
mkdir -p "$root/hexswarm_base"
touch "$root/hexswarm_base/__init__.py"
git archive "$base" engine | tar -x -C "$root/hexswarm_base"
# The copy imports itself, and keeps its numba cache apart from the checkout's.
grep -rl "hexswarm\.engine\|hexswarm-engine-kernels" "$root/hexswarm_base" --include=*.py |
  xargs sed -i -e 's/hexswarm\.engine/hexswarm_base.engine/g' \
    -e 's/hexswarm-engine-kernels/hexswarm-base-kernels/g'
echo "# base $(git rev-parse --short "$base"), new $(git rev-parse --short HEAD) + working tree"
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load before $(cut -d' ' -f1-3 /proc/loadavg)"
NUMBA_CACHE_DIR=${NUMBA_CACHE_DIR:-$root/cache} nice .venv/bin/python \
  "$(dirname "$0")/policy_branch.py" "$root" "${2:-5}"
echo "# load after $(cut -d' ' -f1-3 /proc/loadavg)"
rm -rf "$root"

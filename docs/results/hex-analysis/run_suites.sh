#!/bin/sh
# The tactics suites at 1 s a move, `strong` (tactics=solve) and `strong:tactics=vc`, run one
# after the other (never two at once); per-position hits on stderr, tables on stdout.
set -e
out=docs/results/hex-analysis
export NUMBA_CACHE_DIR=${NUMBA_CACHE_DIR:-$PWD/.numba-cache}
for suite in suite hard; do
  for spec in strong strong:tactics=vc; do
    tag=$(echo "$spec" | tr ':=' '__')
    { date -u; uptime; } > "$out/tactics-$suite-$tag.txt"
    nice python -m hexswarm.engine.tools.tactics_suite run "$spec" --time 1 \
      --suite resources/tactics/$suite.json --verbose \
      >> "$out/tactics-$suite-$tag.txt" 2> "$out/tactics-$suite-$tag.positions.txt"
    uptime >> "$out/tactics-$suite-$tag.txt"
  done
done

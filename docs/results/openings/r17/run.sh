#!/usr/bin/env bash
# Round 17, task h3: the openings MoHex 2.0 won with both colours, read by MoHex 2.0 at a fixed
# budget (10 000 simulations a position, no subtree reuse, seed 1, one thread, nice 19).
# Run from the worktree's root, in this order (each step resumes: a walk already in raw/ is
# skipped, or continued when an earlier step stopped it at a smaller --our-moves).
set -euo pipefail
export NUMBA_CACHE_DIR=${NUMBA_CACHE_DIR:-$PWD/.numba-cache}
R=docs/results/openings/r17
M=docs/results/mohex
PY="nice -n 19 .venv/bin/python $R/openings.py"
NINE=(
  $M/strong-localteacher-intr282-1s-vs-mohex-1s-r14
  $M/strong-localteacher-intr282-1s-vs-mohex-1s-r14-s73
  $M/strong-localteacher-intr282-1s-vs-mohex-1s-r15-s77
)
ELEVEN=$M/strong-localteacher-intr282-1s-vs-mohex-1s-11x11-r15
step() { date -u +"== %F %T UTC $*"; cat /proc/loadavg; "$@"; }
# 1. the walks: 9x9 to our move 15, then on to our move 20, then 11x11 to our move 30 (this
#    one was stopped for time after its first 12 games, the pairs of games 5-6 ... 59-60)
step $PY analyse --interleave --our-moves 15 --games 10000 --out $R/raw "${NINE[@]}"
step $PY analyse --interleave --our-moves 20 --games 10000 --out $R/raw "${NINE[@]}"
step $PY analyse --our-moves 30 --games 10000 --out $R/raw $ELEVEN
# 2. MoHex's value of the position after its own move, where we played another
step $PY alternatives $R/raw --games 10000 --out $R/alternatives.json
# 3. one row per move of ours
step $PY table $R/raw --alternatives $R/alternatives.json --out $R/moves.json
# 4. the costliest moves again (MoHex's own move, our priors, strong at 1x and 10x)
step $PY retry $R/moves.json --raw $R/raw --size 9 --top 36 --out $R/retry.json
step $PY retry $R/moves.json --raw $R/raw --size 11 --top 11 --out $R/retry-11x11.json
# 5. what our own Hex knowledge proves at the mistakes
step $PY knowledge $R/moves.json --raw $R/raw --out $R/knowledge.json
# 6. the README's tables and diagrams
$PY report $R/moves.json --knowledge $R/knowledge.json --retry $R/retry.json $R/retry-11x11.json \
  > $R/report.md
$PY boards $R/moves.json --raw $R/raw --top 14 --size 9 > $R/boards-9x9.md
$PY boards $R/moves.json --raw $R/raw --top 6 --size 11 > $R/boards-11x11.md

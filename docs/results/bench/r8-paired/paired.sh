#!/usr/bin/env bash
# Old (4d2976a, the morning's committed run) and new (main bff8f47) checkouts, one process at a
# time, alternating; round 1 old first, round 2 new first.
# Run from this folder (run.sh beside it), then, from the repository: python docs/results/bench/summarise_paired.py docs/results/bench/r8-paired > docs/results/bench/r8-paired/summary.md
# Old = a worktree of 4d2976a (git worktree add --detach), new = a worktree of main bff8f47, each with its own .venv (pip install -e .[test]) and .numba-cache.
set -u
O=/work/wt-bench8-old; N=/work/wt-bench8
for round in 1 2; do
  if [ $round = 1 ]; then order="old new"; else order="new old"; fi
  for args in "" "--uct" "--anthill"; do
    tag=${args#--}; tag=${tag:-search}
    for side in $order; do
      dir=$N; [ $side = old ] && dir=$O
      ./run.sh $dir "$PWD"/pair-$tag-$side-$round.txt python -m hexswarm.engine.tools.search_bench $args
    done
  done
done

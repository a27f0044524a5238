#!/bin/bash
# Round 15 (helper ant15): the spreading without a modulo (e434587) against the code before it
# (2a546ef), each in a frozen copy (`git archive COMMIT | tar -x -C DIR`) with its own .venv
# and a fresh numba cache (an edit of anthill.py alone leaves the descent loop, which inlines
# spread_agents, stale in a cache: NUMBA_NOTES.md), process-paired, 5 rounds, nice 19, under
# load (this helper's matches and other sessions beside it).
cd /work/wt-ant15
r=docs/results/swarm-knowledge/r15
for spec in "strong-swarm:playouts=20000,time_s=none" "strong-swarm:playouts=20000,time_s=none,tests=1"; do
  date -u +"# %F %T UTC, OLD 2a546ef (/tmp/ant15-base), NEW e434587 (/tmp/ant15-nomod), $(nproc) cores, nice 19"; uptime
  nice -n 19 .venv/bin/python $r/cost_checkouts.py /tmp/ant15-base /tmp/ant15-nomod "$spec" 5
  date -u +"# end %F %T UTC"; uptime; echo
done

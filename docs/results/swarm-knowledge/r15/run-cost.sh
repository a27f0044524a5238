#!/bin/bash
# Round 15 (helper ant15): where the swarm preset's extra CPU a playout goes, by ablation:
# process-paired CPU µs a playout (../cost_processes.py, unchanged: 20 9x9 positions,
# reuse=false, tactics=off, 3 rounds alternating), nice 19, under load (three matches of this
# helper and other sessions beside it). Run in a frozen copy of branch ant15 at 2a546ef
# (`git archive 2a546ef | tar -x -C /tmp/ant15-base`, its own .venv and numba cache).
cd /tmp/ant15-base
export NUMBA_CACHE_DIR=/tmp/ant15-base/.numba-cache
r=docs/results/swarm-knowledge
out=/work/wt-ant15/$r/r15
pair() {  # OUT A B
  { date -u +"# %F %T UTC, ant15 at 2a546ef (frozen copy), $(nproc) cores, nice 19"; uptime
    nice -n 19 .venv/bin/python $r/cost_processes.py "$2" "$3" 3
    date -u +"# end %F %T UTC"; uptime; } > $out/$1 2>&1
}
pair cost-strong-vs-swarm.txt "strong:playouts=20000,time_s=none" "strong-swarm:playouts=20000,time_s=none"
pair cost-swarm-vs-tests1.txt "strong-swarm:playouts=20000,time_s=none" "strong-swarm:playouts=20000,time_s=none,tests=1"
pair cost-strong-vs-swarm-tests1.txt "strong:playouts=20000,time_s=none" "strong-swarm:playouts=20000,time_s=none,tests=1"

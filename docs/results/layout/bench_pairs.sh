#!/bin/bash
# Paired, alternating runs of the search benchmark: base (main at d74f951) and new (kernel-layout),
# each with its own warm NUMBA_CACHE_DIR. Usage: bench_pairs.sh PAIRS OUTDIR ARGS...
pairs=$1; out=$2; shift 2
mkdir -p $out
PY=/work/wt-kernel-layout/.venv/bin/python
for i in $(seq 1 $pairs); do
  for side in base new; do
    if [ $side = base ]; then pp=/tmp/h4-base/pkg; cache=/tmp/h4/cache-base1; else pp=; cache=/tmp/h4/cache-new2; fi
    tag=$(echo "$@" | tr -d ' -'); f=$out/${side}-${tag:-full}-$i.txt
    { echo "# side=$side pair=$i args=$* date=$(date -u +%FT%TZ) load=$(cut -d' ' -f1-3 /proc/loadavg) cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)";
      cd /tmp && PYTHONPATH=$pp NUMBA_CACHE_DIR=$cache nice $PY -m hexswarm.engine.tools.search_bench "$@"; 
      echo "# end $(date -u +%FT%TZ) load=$(cut -d' ' -f1-3 /proc/loadavg)"; } > $f 2>&1
  done
done

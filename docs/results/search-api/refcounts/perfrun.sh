#!/usr/bin/env bash
# perfrun.sh CHECKOUT_DIR LABEL CASE: compile fresh, sample the timed runs with perf (cpu-clock)
d=$1; l=$2; c=$3
out=/tmp/speed-h1/prof/perf-$l
rm -rf $out.cache $out.json*
NUMBA_CACHE_DIR=$out.cache nice $d/.venv/bin/python "$(dirname "$0")/symbols.py" /work/wt-speed/docs/results/search-api/descent_workloads.py "$c" $out.json > $out.log 2>&1 &
while [ ! -f $out.json.ready ]; do sleep 2; done
pid=$(cat $out.json.ready)
perf record -e cpu-clock -F 2000 -p $pid -o $out.data -- sleep 1000 >/dev/null 2>&1 &
ppid=$!
wait %1
kill -INT $ppid; wait $ppid
perf script -i $out.data -F ip,sym 2>/dev/null > $out.ips
echo done $(wc -l < $out.ips) samples

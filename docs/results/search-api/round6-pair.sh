#!/usr/bin/env bash
# pair.sh BASE NEW ROUNDS WORKLOADS_FILE [label]: speed_processes.py on the prepared checkouts
b=$1; n=$2; r=$3; w=$4
cd /work/wt-speed
echo "# base $b, new $n (/tmp/speed-h1/COMMIT: git archive COMMIT, own venv, own numba cache), workloads $w, DESCENT_WORKLOADS=${DESCENT_WORKLOADS:-all}"
echo "# command: BASE_CACHE=/tmp/speed-h1/$b/cache NEW_CACHE=/tmp/speed-h1/$n/cache nice python3 docs/results/startup/speed_processes.py /tmp/speed-h1/$b/.venv/bin/python /tmp/speed-h1/$n/.venv/bin/python $r $w"
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(hostname), $(nproc) cores, Python $(python3 -V | cut -d' ' -f2), UNDER LOAD: load before $(cut -d' ' -f1-3 /proc/loadavg)"
BASE_CACHE=/tmp/speed-h1/$b/cache NEW_CACHE=/tmp/speed-h1/$n/cache nice python3 docs/results/startup/speed_processes.py /tmp/speed-h1/$b/.venv/bin/python /tmp/speed-h1/$n/.venv/bin/python $r $w
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), load after $(cut -d' ' -f1-3 /proc/loadavg)"

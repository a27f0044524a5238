#!/bin/bash
# clock probe, alternating base (main 99e28af) and new (tidy7 working tree), 3 rounds
P=/work/wt-tidy7/docs/results/search-api/clock_bookkeeping_probe.py
run() { cd $1 && cp $P tests/gui/test_zz_clock_probe.py && echo "$2: $(QT_QPA_PLATFORM=offscreen NUMBA_CACHE_DIR=$1/.numba-probe nice .venv/bin/pytest -q -s -p no:cacheprovider tests/gui/test_zz_clock_probe.py 2>&1 | grep '^answers')"; rm tests/gui/test_zz_clock_probe.py; }
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(hostname), $(nproc) cores, UNDER LOAD: load $(cut -d' ' -f1-3 /proc/loadavg)"
for r in 1 2 3; do
  if [ $((r % 2)) = 1 ]; then run /tmp/tidy7/base "base main"; run /work/wt-tidy7 "new tidy7"; else run /work/wt-tidy7 "new tidy7"; run /tmp/tidy7/base "base main"; fi
done
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), load $(cut -d' ' -f1-3 /proc/loadavg)"

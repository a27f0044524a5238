#!/bin/sh
# usage: run_probe.sh before|after ARGS...  (before: main at 9d44423 with this branch's probe copied in)
which=$1; shift
if [ "$which" = before ]; then dir=/tmp/guilag/ref; else dir=/work/wt-guilag; fi
cd $dir
echo "# $which, $(git -C $dir log --oneline -1 | cut -c1-7), $(date -u +%Y-%m-%dT%H:%M:%SZ) load: $(cat /proc/loadavg)"
echo "# QT_QPA_PLATFORM=offscreen nice python -m hexswarm.gui.latency_probe $*"
QT_QPA_PLATFORM=offscreen NUMBA_CACHE_DIR=$dir/.numba-cache nice $dir/.venv/bin/python -m hexswarm.gui.latency_probe "$@" 2>&1 | grep -v propagateSizeHints
echo "# end $(date -u +%Y-%m-%dT%H:%M:%SZ) load: $(cat /proc/loadavg)"

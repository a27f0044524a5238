#!/bin/bash
# latency_probe on a machine with one core busy: own autogroup at nice -15 (the other sessions' load mostly shut out), one spinning loop inside it
echo -15 > /proc/$$/autogroup
cd "$(git -C "$(dirname "$0")" rev-parse --show-toplevel)"
( while :; do :; done ) & BUSY=$!
echo "# $(git log --oneline -1 | cut -c1-7) $(date -u +%FT%TZ) load: $(cat /proc/loadavg); one busy loop in the probe's autogroup (nice -15)"
echo "# QT_QPA_PLATFORM=offscreen python -m hexswarm.gui.latency_probe $*"
QT_QPA_PLATFORM=offscreen .venv/bin/python -m hexswarm.gui.latency_probe "$@" 2>&1 | grep -v propagateSizeHints
kill $BUSY
echo "# end $(date -u +%FT%TZ) load: $(cat /proc/loadavg)"

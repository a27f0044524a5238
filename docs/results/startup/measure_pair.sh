#!/usr/bin/env bash
# The application's cold start, main (a git archive of 9d44423 with its own venv in /tmp/h3-before) and this
# branch (cf75052) one after the other, twice, each with a fresh cache of its own; run as root in a session
# of its own (setsid) whose autogroup gets nice -5.
echo -5 > /proc/self/autogroup
STARTUP_CACHE=/tmp/h3-startup-before bash /tmp/h3-before/docs/results/startup/measure.sh cold > /tmp/h3-cold-before.txt 2>&1
STARTUP_CACHE=/tmp/h3-startup-after bash /work/wt-compile/docs/results/startup/measure.sh cold > /tmp/h3-cold-after.txt 2>&1
STARTUP_CACHE=/tmp/h3-startup-before2 bash /tmp/h3-before/docs/results/startup/measure.sh cold > /tmp/h3-cold-before2.txt 2>&1
STARTUP_CACHE=/tmp/h3-startup-after2 bash /work/wt-compile/docs/results/startup/measure.sh cold > /tmp/h3-cold-after2.txt 2>&1
rm -rf /tmp/h3-startup-before /tmp/h3-startup-after /tmp/h3-startup-before2 /tmp/h3-startup-after2

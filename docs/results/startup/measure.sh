#!/usr/bin/env bash
# Time the application's start under Xvfb: to the first window and to every kernel ready.
#
#   docs/results/startup/measure.sh cold|warm [busy] > output.txt 2>&1
#
# cold: an empty numba cache (a first start); warm: the cache the previous cold run filled.
# busy: one extra process spins on a core meanwhile (a user's machine is seldom idle).
# Settings go to a fresh folder (no user settings read: the default game, Black human, White
# the default AI). Prints the machine, the load (uptime) and what else runs, before and after,
# and the CPU seconds of the application and the warm-up workers it joined (/usr/bin/time: less
# dependent on the load than the wall times). STARTUP_CACHE: the numba cache folder to use.
set -euo pipefail
cd "$(dirname "$0")/../../.."
mode="${1:?cold or warm}"
busy="${2:-}"
cache="${STARTUP_CACHE:-/tmp/hexswarm-startup-cache}"
home="$(mktemp -d)"
[ "$mode" = cold ] && rm -rf "$cache"
mkdir -p "$cache"
echo "# $(date -u '+%Y-%m-%d %H:%M:%S UTC') $(uname -n) $(nproc) cores; mode=$mode busy=${busy:-no}"
echo "# load before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# uptime before: $(uptime)"
echo "# busiest processes before:"
ps -eo pcpu,args --sort=-pcpu | head -6 | cut -c1-110 | sed 's/^/#   /'
spinner=""
if [ "$busy" = busy ]; then
  nice -n 0 python3 -c 'while True: pass' &
  spinner=$!
fi
started=$(date +%s.%N)
env -u NUMBA_CACHE_DIR HOME="$home" XDG_CONFIG_HOME="$home/config" XDG_DATA_HOME="$home/data" \
    NUMBA_CACHE_DIR="$cache" HEXSWARM_TIMING=exit \
    xvfb-run -a -s "-screen 0 1366x768x24" \
    /usr/bin/time -f "# CPU of the application and its workers: %U s user + %S s system" \
    .venv/bin/hexswarm 2>&1 | grep -v "^QStandardPaths" || true
ended=$(date +%s.%N)
[ -n "$spinner" ] && kill "$spinner"
echo "# wall time of the whole run (Xvfb start included): $(echo "$ended - $started" | bc) s"
echo "# load after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# uptime after: $(uptime)"
rm -rf "$home"

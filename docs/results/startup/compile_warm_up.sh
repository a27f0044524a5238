#!/bin/bash
# Cold CPU seconds of the warm-up, before and after, alternating: for each round and mode, one
# fresh process and one fresh, empty NUMBA_CACHE_DIR per checkout (warm_up_cpu.py).
#   compile_warm_up.sh ROUNDS BASE_CHECKOUT NEW_CHECKOUT [MODES...] > out.txt
# MODES: strong, first-start (default both); odd rounds run BASE first, even ones NEW first
# (FIRST_ROUND=2: start with an even round). Each checkout: a `git archive` of the commit with
# its own venv (pip install -e .).
rounds=$1 base=$2 new=$3
shift 3
modes=${*:-strong first-start}
first_round=${FIRST_ROUND:-1}
here=$(cd "$(dirname "$0")" && pwd)
run() {  # checkout mode
    cache=$(mktemp -d)
    NUMBA_CACHE_DIR=$cache nice "$1/.venv/bin/python" "$here/warm_up_cpu.py" "$(basename "$1")" "$2"
    rm -rf "$cache"
}
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(hostname), $(nproc) cores; load: $(cut -d' ' -f1-3 /proc/loadavg)"
for round in $(seq "$first_round" $((first_round + rounds - 1))); do
    for mode in $modes; do
        if [ $((round % 2)) = 1 ]; then order="$base $new"; else order="$new $base"; fi
        for checkout in $order; do run "$checkout" "$mode"; done
    done
done
echo "# end $(date -u '+%Y-%m-%d %H:%M UTC'); load: $(cut -d' ' -f1-3 /proc/loadavg)"

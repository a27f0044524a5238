#!/usr/bin/env bash
# The walks behind docs/results/mistakes/README.md, at nice 19, in the order they ran (one MoHex
# at a time, except where said). Under load; DFPN's limits are wall time (see the README).
set -euo pipefail
cd "$(dirname "$0")/../../.."
M="nice -n 19 .venv/bin/python -m hexswarm.engine.tools.mistakes"
R=docs/results/mistakes
N9=docs/results/mohex/strong12-1s-vs-mohex-1000
N11=docs/results/mohex/strong12-1s-vs-mohex-1000-11x11
# 9x9, first pass: the 36 games strong lost, 10 s a solve (the tool's first version, which
# stopped a walk at the first won position; written as 9x9.json, converted to 9x9-10s.json).
$M find $N9 --out $R/9x9-10s.json 2> $R/9x9-10s.log
# Two games strong won (a first try of --all, before --retry-seconds existed).
$M find $N9 --all --games 1 3 --out $R/9x9-won-sample.json
# 11x11: the 40 games strong lost, 10 s a solve.
$M find $N11 --out $R/11x11.json 2> $R/11x11.log
# 9x9, second pass, 10 s a solve and an unsettled position tried again for 30 s: stopped after
# four games (40-80 s a game under load; the retries went one move further at most) ...
$M find $N9 --retry-seconds 30 --out $R/9x9-retry-a.json 2> $R/9x9-retry-a.log
# ... then the other White losses without retries, then the other Black losses with 60 s.
$M find $N9 --games 10 12 16 20 24 26 32 34 40 42 46 50 52 54 56 60 62 64 68 72 74 80 82 84 86 92 96 98 100 \
    --out $R/9x9-white.json 2> $R/9x9-white.log
$M find $N9 --games 29 47 73 --retry-seconds 60 --out $R/9x9-black.json 2> $R/9x9-black.log
# Beside the 9x9 second pass: the 11x11 mistakes' unsettled cells again, 30 s a solve (a
# second relabel pass was stopped), then the 9x9 ones with at most 5 unsettled cells.
$M relabel $R/11x11.json --seconds 30 2> $R/11x11-relabel.log
$M relabel $R/9x9-white.json --seconds 30 --most 5 2> $R/9x9-white-relabel.log

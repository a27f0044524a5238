#!/bin/sh
# The ladder's round robin (issue 32), as it was played: run from the checkout's root.
# 9x9, no swap rule (the app's default), one thread a player, one game at a time, at nice 10.
# Every rung below `strong` searches a fixed number of playouts a move, so the machine's
# load does not change its play; `strong` searches 1 s a move (its own budget).
# Played 27 Nov 2026 from 19:15 UTC with the rungs as at commit 0fc712a; the pairs played with
# earlier definitions of `beginner` and `novice` were moved to pilots/ (pilots/README.md), and
# this script, re-run, played them again with the rungs as they are.
# 27 Nov from 21:10 UTC (branch ladder2): `beginner` at temperature 0.5 and `expert` at 32 000
# playouts; their pairs' earlier games moved to pilots/wide-steps/ and replayed by this script's
# commands, pair by pair (each pair folder is the match `hexswarm-match --seed 32 A B` plays,
# so the order does not matter). The pairs with `strong` (05-06, 02-06) ran in a scheduler
# group of their own: `setsid sh -c 'echo -5 > /proc/$$/autogroup; exec nice -n -5 MATCH ...'`
# (Linux autogroups share the CPU between sessions first, so a process's nice alone only
# ranks it within its own session); the other pairs at nice 10 as below.
# 05-06 keeps the SGF files of games 77-100 only (docs/experiments.md, "The wide steps").
set -e
OUT=docs/results/ladder/round-robin
PLAYERS="random beginner novice club expert strong"
MATCH="nice -n 10 hexswarm-match --size 9 --seed 32 --jobs 1 --quiet"
# 1. Every pair, 6 games (game 1 of every pair, then game 2 ...).
$MATCH --games 6 --out $OUT $PLAYERS
# 2. Neighbouring players' pairs extended on their own (each pair folder is the match
#    `hexswarm-match --seed 32 A B` plays), in rounds so that all grow alike.
for games in ${TARGETS:-20 40 60 80 100}; do
  set -- $PLAYERS
  i=1
  while [ $# -ge 2 ]; do
    j=$((i + 1))
    $MATCH --games $games --out $OUT/0$i-0$j "$1" "$2"
    shift; i=$j
  done
done
# The report: python -m hexswarm.engine.tools.report ladder (every game of every pair).

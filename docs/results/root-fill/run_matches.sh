#!/bin/sh
# The fixed-budget matches of docs/results/root-fill/README.md, from the worktree's root, one
# game at a time at nice 19 (equal playouts: the result does not depend on the load).
set -e
P="strong:playouts=20000,time_s=none"
out=docs/results/root-fill
nice -n 19 hexswarm-match --games 100 --size 9 --opening 2 --seed 241 --jobs 1 \
  --out $out/fill-vs-strong-20k-s241 "$P,root_fill=true" "$P"
nice -n 19 hexswarm-match --games 100 --size 9 --opening 2 --seed 242 --jobs 1 \
  --out $out/fill-vs-strong-20k-s242 "$P,root_fill=true" "$P"
# The same openings as seed 241 with no tree kept between moves on either side: whether the
# loss above comes from the search on the filled board or from the reuse it loses.
nice -n 19 hexswarm-match --games 100 --size 9 --opening 2 --seed 241 --jobs 1 \
  --out $out/fill-vs-strong-20k-noreuse-s241 "$P,reuse=false,root_fill=true" "$P,reuse=false"
# The same openings again without pattern priors on either side (priors=none): whether the
# priors, learned on real boards, are what the filled board misleads.
nice -n 19 hexswarm-match --games 100 --size 9 --opening 2 --seed 241 --jobs 1 \
  --out $out/fill-vs-strong-20k-nopriors-s241 "$P,priors=none,root_fill=true" "$P,priors=none"
# 11x11 at 10 000 playouts a move (stopped at the deadline: re-run the same command to continue).
Q="strong:playouts=10000,time_s=none"
nice -n 19 hexswarm-match --games 100 --size 11 --opening 2 --seed 243 --jobs 1 \
  --out $out/fill-vs-strong-10k-11x11-s243 "$Q,root_fill=true" "$Q"
# The no-reuse diagnostic on seed 242's openings too (the lead, after the helper's report).
nice -n 5 hexswarm-match --games 100 --size 9 --opening 2 --seed 242 --jobs 1 \
  --out $out/fill-vs-strong-20k-noreuse-s242 "$P,reuse=false,root_fill=true" "$P,reuse=false"

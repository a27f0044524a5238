#!/bin/sh
# A dialect check against MoHex 2.0 (benzene, built on this machine): 6 games on 7x7 with the
# swap rule, MoHex at 100 root visits a move, our UCT at 200 playouts. Not a strength test.
PATH="$PWD/.venv/bin:$PATH" nice hexswarm-match --games 6 --size 7 --swap --seed 1 \
    --out docs/results/engines/uct-vs-mohex-7x7 \
    "uct:playouts=200,time_s=none" \
    "gtp:/work/mohex/mohex-gtp.sh --games 100 --seed 3"

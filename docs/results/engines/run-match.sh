#!/bin/sh
# The 20-game match of docs/gtp.md ("External engines"): our UCT level in-process against
# hexswarm-gtp started as an external engine (the library's ExternalEnginePlayer), 7x7, swap
# rule on, 200 playouts a move on both sides (equal simulations: not distorted by load).
# Run from the repository's root with its venv: sh docs/results/engines/run-match.sh
PATH="$PWD/.venv/bin:$PATH" nice hexswarm-match --games 20 --size 7 --swap --seed 1 \
    --out docs/results/engines/uct-vs-hexswarm-gtp-7x7 \
    "uct:playouts=200,time_s=none" \
    "gtp:hexswarm-gtp --ai uct --playouts 200 --time-s none --threads 1 --seed 5"

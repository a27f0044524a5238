#!/bin/bash
# Round 14 (helper ant14): strong-swarm as shipped against strong, 20 000 playouts a move each
# (fixed budgets), 9x9, --opening 2, seed 301, one game at a time, nice 19; the code of main
# c197c80 (branch ant14 before its commits), 29 Nov 04:24-05:02 UTC, under load.
docs/results/swarm-knowledge/r14/run-match.sh baseline-seed301 301 ""

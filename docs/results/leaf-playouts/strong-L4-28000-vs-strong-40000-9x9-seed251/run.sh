#!/bin/bash
# 28 Nov 2026 22:45-23:18 UTC, the code of main 36ba29e (branch leafcpu adds docs only), under load
docs/results/leaf-playouts/run-match.sh 9 4 28000 40000 251

#!/bin/bash
# 28 Nov 2026 23:18-23:37 UTC, the code of main 36ba29e (branch leafcpu adds docs only), under load
docs/results/leaf-playouts/run-match.sh 9 2 17000 40000 252

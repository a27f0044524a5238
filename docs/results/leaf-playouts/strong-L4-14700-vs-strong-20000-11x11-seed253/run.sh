#!/bin/bash
# 28-29 Nov 2026 23:37-00:06 UTC, the code of main c3de297 (branch leafcpu at b64011e; no search change since 36ba29e), under load
docs/results/leaf-playouts/run-match.sh 11 4 14700 20000 253

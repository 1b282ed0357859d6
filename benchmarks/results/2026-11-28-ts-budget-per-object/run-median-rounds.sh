#!/bin/sh
# Interleaved rounds of median-cost.mjs, as run-rounds.sh runs decode-cost.mjs (the same builds and order).
# Usage: ./run-median-rounds.sh ROUNDS > median-rounds.txt
SCRIPT=median-cost.mjs exec "$(dirname "$0")/run-rounds.sh" "$@"

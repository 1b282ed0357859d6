#!/bin/sh
# Interleaved rounds: each round runs $SCRIPT (decode-cost.mjs; run-median-rounds.sh: median-cost.mjs) once per build
# (one process each), the order rotated a round:
#   off    = this change's build with PackReader.charge emptied (make-off-build.sh, /tmp/pack-build-off)
#   before = main at 2f4c64e, built in $BEFORE (git archive 2f4c64e clients/typescript docs/vectors | tar -x -C /tmp/tsperf-before)
#   after  = this change (clients/typescript/build)
# Usage: ./run-rounds.sh ROUNDS > cost-rounds.txt
set -e
cd "$(dirname "$0")"
ROUNDS=${1:-7}
BEFORE=${BEFORE:-/tmp/tsperf-before/clients/typescript/build}
AFTER=../../../clients/typescript/build
OFF=/tmp/pack-build-off
uptime
r=1
while [ "$r" -le "$ROUNDS" ]; do
  case $((r % 3)) in
    1) order="off before after" ;;
    2) order="before after off" ;;
    0) order="after off before" ;;
  esac
  for b in $order; do
    case $b in off) dir=$OFF ;; before) dir=$BEFORE ;; after) dir=$AFTER ;; esac
    echo "## round $r $b"
    node "${SCRIPT:-decode-cost.mjs}" "$dir"
  done
  r=$((r + 1))
done
uptime

#!/usr/bin/env bash
# Issue 23's figures: the streaming calls of WORKLOADS.md, Pack against Grpc.AspNetCore and protobuf-net.Grpc over the
# same h2c, the server in its own process, into one dated folder ready to commit:
#   http-load.md   every cell: H6_Upload100k (client streaming: Pack MVC/minimal and JSON minimal over HTTP/1.1 and h2c,
#                  both gRPC peers over h2c), H7_PingPong1k and H7_Echo100k (bidirectional, h2c: Pack MVC/minimal, both
#                  gRPC peers; H7_PingPong1k also as pack-producer, StreamPackAsync beside the duplex call); one call at a time, every item checked
#   summary.md     items/s for H6 and H7_Echo100k, p50/p99 per round trip for H7_PingPong1k, Pack against the faster
#                  gRPC peer and the goal (>= 1.5x gRPC's items/s, a lower p50)
#   README.md      the machine, the load before and after, the command, the summary
# Run it on a quiet machine (nothing else building or benchmarking): about 5 minutes on 2 cores with the defaults
# (18 cells of 3 s warmup + 10 s measured), longer if cells are repeated for interference (up to 3 runs each).
# Environment: OUT (default benchmarks/results/<UTC date>-streaming), CELL_SECONDS / CELL_WARMUP (default 10 / 3),
# STREAM_CONCURRENCY (calls in flight, comma-separated, default 1), QUICK=1 (2,000 members and 50 round trips per
# call, fractions of a second per cell: proves the script, measures nothing).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${OUT:-benchmarks/results/$(date -u +%F)-streaming}
args=(--http --workloads H6,H7 --stream-concurrency "${STREAM_CONCURRENCY:-1}")
if [ -n "${QUICK:-}" ]; then
  args+=(--seconds 0.3 --warmup 0 --retries 0 --stream-items 2000 --round-trips 50)
else
  args+=(--seconds "${CELL_SECONDS:-10}" --warmup "${CELL_WARMUP:-3}")
fi
args+=(--out "$out")

dotnet build -c Release benchmarks/Pack.Benchmarks -v q --nologo
mkdir -p "$out"
started="$(date -u '+%Y-%m-%d %H:%M') UTC"
load_before=$(cut -d ' ' -f 1-3 /proc/loadavg)
dotnet run -c Release --no-build --project benchmarks/Pack.Benchmarks -- "${args[@]}"
load_after=$(cut -d ' ' -f 1-3 /proc/loadavg)
finished="$(date -u '+%Y-%m-%d %H:%M') UTC"
python3 benchmarks/http_summary.py "$out/http-load.md" >"$out/summary.md"
interfered=$(grep -c '% ! |' "$out/http-load.md" || true)
if [ "$interfered" -eq 0 ]; then
  quiet="quiet: no cell saw other processes use more than 10 % of the machine"
else
  quiet="NOT quiet: $interfered cells saw other processes use more than 10 % of the machine after their retries (marked !); do not compare their figures"
fi

{
  echo "# Streaming calls: H6_Upload100k, H7_PingPong1k, H7_Echo100k (issue 23)"
  echo
  echo "Pack (Pack.Client to MVC \`[FromBody] IAsyncEnumerable<T>\` and minimal-API \`PackStreamBody<T>\`) against"
  echo "Grpc.AspNetCore (\`.proto\` client-streaming and duplex methods) and protobuf-net.Grpc (code-first), all over the"
  echo "same h2c port of one Kestrel in its own process; Pack and JSON (H6 only) over HTTP/1.1 too. One call at a time;"
  echo "every call checks its result (H6: count and sum of \`Value\`; H7: every echoed item, field for field)."
  echo
  echo "- **Machine:** $(uname -srm); $(awk -F': ' '/^model name/{ print $2; exit }' /proc/cpuinfo), $(nproc) logical cores, $(free -g | awk '/^Mem:/{ print $2 }') GB; .NET SDK $(dotnet --version)."
  echo "- **When:** $started to $finished."
  echo "- **Load:** load average $load_before before, $load_after after (the run's own client and server raise it); per cell, the \`other CPU\` column of \`http-load.md\` is the share of the machine other processes used (\`!\` = above 10 % after the retries): $quiet."
  echo "- **Command:** \`${QUICK:+QUICK=1 }bash benchmarks/streaming.sh\`, which runs \`dotnet run -c Release --project benchmarks/Pack.Benchmarks -- ${args[*]}\`."
  echo
  if [ -n "${QUICK:-}" ]; then
    echo "**QUICK run: 2,000 members and 50 round trips per call, fractions of a second per cell. It proves the cells; its figures mean nothing.**"
    echo
  fi
  echo "## Summary"
  cat "$out/summary.md"
  echo
  echo "Goal (issue 23): Pack at least 1.5x the faster gRPC peer's items/s on H6_Upload100k and H7_Echo100k (h2c), and a"
  echo "lower p50 per round trip on H7_PingPong1k. Every cell, with p50/p99 per call, body bytes and allocations per call:"
  echo "[http-load.md](http-load.md)."
} >"$out/README.md"
echo "Written to $out: review README.md, add a row for it to benchmarks/results/README.md, commit."

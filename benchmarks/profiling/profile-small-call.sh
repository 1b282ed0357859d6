#!/usr/bin/env bash
# Profiles one small-call cell (H1_Small) with perf, server and client in their own processes, and writes the samples
# as text for perf_compare.py.
#
#   bash benchmarks/profiling/profile-small-call.sh LABEL FORMAT PROTOCOL [API]
#     FORMAT json | pack | grpc | grpc-codefirst; PROTOCOL 1.1 | 2; API minimal (default) | mvc
#
# Writes OUT/LABEL.txt (perf script: comm, pid/tid, stack) and OUT/LABEL.cell (server pid, RPS, seconds profiled),
# OUT defaulting to BenchmarkDotNet.Artifacts/profiles. Needs perf (linux-perf) and root or perf_event_paranoid <= 1.
# The server and client run with DOTNET_PerfMapEnabled=1 (JIT frames named from /tmp/perf-PID.map) and W^X off (so
# perf resolves the JIT's code), server GC as in the HTTP runs; perf samples the whole machine at 999 Hz for 6 seconds
# in the middle of a 14-second cell.
set -euo pipefail
label=$1; format=$2; protocol=$3; api=${4:-minimal}
root=$(cd "$(dirname "$0")/../.." && pwd)
out=${OUT:-$root/BenchmarkDotNet.Artifacts/profiles}
mkdir -p "$out"
dll=$root/benchmarks/Pack.Benchmarks/bin/Release/net10.0/Pack.Benchmarks.dll
[ -f "$dll" ] || dotnet build -c Release "$root/benchmarks/Pack.Benchmarks" > /dev/null
export DOTNET_gcServer=1 DOTNET_PerfMapEnabled=1 DOTNET_EnableWriteXorExecute=0
server_log=$(mktemp)
dotnet "$dll" --server --urls "http://127.0.0.1:0;http://127.0.0.1:0" > "$server_log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true; rm -f "$server_log"' EXIT
for _ in $(seq 1 100); do grep -q "^listening" "$server_log" && break; sleep 0.2; done
urls=$(sed -n 's/^listening: HTTP\/1.1 \([^,]*\), HTTP\/2 \([^,]*\), pid \([0-9]*\)$/\1;\2/p' "$server_log")
pid=$(sed -n 's/^listening: .*pid \([0-9]*\)$/\1/p' "$server_log")
dotnet "$dll" --http --server-url "$urls" --workloads H1 --protocols "$protocol" --formats "$format" --apis "$api" \
    --concurrency 16 --seconds 14 --warmup 4 --retries 0 --out "$out/$label-run" > "$out/$label-run.log" 2>&1 &
runner=$!
sleep 10
perf record -a -g -F 999 -o "$out/$label.data" -- sleep 6 > /dev/null 2>&1
wait $runner
perf script -i "$out/$label.data" -F comm,pid,tid,ip,sym,dso 2> /dev/null > "$out/$label.txt"
rps=$(grep "^| H1_Small" "$out/$label-run/http-load.md" | cut -d'|' -f9 | tr -d ' ,')
printf 'server_pid=%s\nrps=%s\nseconds=6\n' "$pid" "$rps" > "$out/$label.cell"
echo "$label: $rps requests/s, samples in $out/$label.txt"

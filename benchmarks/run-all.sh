#!/usr/bin/env bash
# Reproduces every benchmark table of README and issue 13 in one go, into one dated folder ready to commit:
#   machine.txt             the machine, and the load average before and after the whole run
#   verify.md               every codec peer round-trips every workload; payload sizes
#   *-report-github.md/.csv BenchmarkDotNet, every class (W1-W6 x all peers, F1, and any other class in the project)
#   ratios.svg, summary.md  the chart and the Pack vs STJ/MemoryPack summary, from those CSVs
#   oneshot.md              W4 with 1,000,000 members once per peer (seed 004's Stopwatch run)
#   compression.md          W4 1,000,000: Pack + gzip/Brotli (Fastest) vs MessagePack+LZ4, bytes and encode/decode time
#   h3-memory.md            H3 at 10k/100k/1M members: server peak working set and allocations per response, JSON vs Pack
#   http-load.md            H0-H5 end to end from the .NET client, MVC/minimal/gRPC, HTTP/1.1 and h2c, 16 and 64 in flight;
#                           H6-H7 streaming calls (client streaming, bidirectional) against both gRPC peers, one call at a time
#   external-load.md        the same cells driven by wrk and h2load (server cost alone)
#   http-summary.md, external-summary.md   the README's HTTP tables (benchmarks/http_summary.py), H6-H7 with issue 23's goal
#   cold-start.md           process start to first Pack response: JIT + IL, JIT + generated, Native AOT; AOT binary size and working set
#   first-use.md, *G2_*-report-github.md/.csv   first round trip of each W1-W6 type in a fresh process: Pack IL vs generated
#                           vs MemoryPack vs STJ (benchmarks/first-use.sh, FIRST_USE_LAUNCHES processes per benchmark)
# Run it on a quiet machine. About 2.7 hours on 2 cores with the defaults. Environment: OUT (default
# benchmarks/results/<UTC date>-all), JOB (BenchmarkDotNet job, default short), FILTER (BenchmarkDotNet classes, default
# '*'), CELL_SECONDS / CELL_WARMUP (seconds measured / warmed up per HTTP cell, both load generators; default 10 / 3),
# FIRST_USE_LAUNCHES (fresh processes, i.e. samples, per first-use benchmark; default 20),
# QUICK=1 (dry job, fractions of a second per HTTP cell, small sizes: proves the script, measures nothing).
# Exits non-zero at the first failing step.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${OUT:-benchmarks/results/$(date -u +%F)-all}
job=${JOB:-short}
read -r -a filter <<< "${FILTER:-*}"
cell_seconds=${CELL_SECONDS:-10}
cell_warmup=${CELL_WARMUP:-3}
http=(--seconds "$cell_seconds" --warmup "$cell_warmup")
memory=()
compression=()
oneshot=()
external=(DURATION="$cell_seconds" WARMUP="$cell_warmup")
if [ -n "${QUICK:-}" ]; then
  job=dry
  http=(--seconds 0.3 --warmup 0 --concurrency 2 --retries 0 --stream-items 2000 --round-trips 50)
  memory=(--members 1000 --requests 1)
  compression=(--members 2000 --runs 1)
  oneshot=(--members 2000)
  external=(DURATION=1 WARMUP=0 CONCURRENCY=2 RETRIES=0)
fi
mkdir -p "$out"
run() { dotnet run -c Release --no-build --project benchmarks/Pack.Benchmarks -- "$@"; }

dotnet build -c Release benchmarks/Pack.Benchmarks -v q --nologo
{
  echo "# Machine"
  echo
  echo "Started $(date -u '+%Y-%m-%d %H:%M') UTC, load average $(cut -d ' ' -f 1-3 /proc/loadavg)."
  echo "$(uname -srm); $(awk -F': ' '/^model name/{ print $2; exit }' /proc/cpuinfo), $(nproc) logical cores, $(free -g | awk '/^Mem:/{ print $2 }') GB; .NET SDK $(dotnet --version)."
  echo "BenchmarkDotNet job: $job; classes: ${filter[*]}; HTTP cells: ${cell_seconds} s measured after ${cell_warmup} s warmup."
} >"$out/machine.txt"

echo "== codec peers: round trip and payload sizes"
run --verify | tee "$out/verify.md"
echo "== BenchmarkDotNet, every class"
run --filter "${filter[@]}" --job "$job" --artifacts "$out/bdn"
cp "$out"/bdn/results/*-report-github.md "$out"/bdn/results/*-report.csv "$out"/
rm -rf "$out/bdn"
# G2 (first use) needs many launches, which the job above does not give it: first-use.sh writes its reports below.
rm -f "$out"/*.G2_*-report-github.md "$out"/*.G2_*-report.csv
python3 benchmarks/chart.py "$out" -o "$out/ratios.svg"
python3 benchmarks/summarize.py "$out" >"$out/summary.md"
echo "== W4 one-shot"
run --oneshot "${oneshot[@]}" | tee "$out/oneshot.md"
echo "== W4 size and compression"
run --compression "${compression[@]}" --out "$out"
echo "== H3 large-response memory"
run --memory "${memory[@]}" --out "$out"
echo "== HTTP end to end (.NET client)"
run --http "${http[@]}" --out "$out"
python3 benchmarks/http_summary.py "$out/http-load.md" >"$out/http-summary.md"
echo "== HTTP server cost alone (wrk, h2load)"
bash benchmarks/install-load-generators.sh
env "${external[@]}" NO_BUILD=1 OUT="$out" bash benchmarks/external-load.sh
python3 benchmarks/http_summary.py "$out/external-load.md" >"$out/external-summary.md"
echo "== cold start: JIT + IL vs JIT + generated vs Native AOT (first Pack response, binary size, working set)"
env ${QUICK:+QUICK=1} OUT="$out" bash benchmarks/cold-start.sh
echo "== first use per type (G2): first round trip of W1-W6 in a fresh process, Pack IL vs generated vs MemoryPack vs STJ"
env ${QUICK:+QUICK=1} NO_BUILD=1 LAUNCHES="${FIRST_USE_LAUNCHES:-20}" OUT="$out" bash benchmarks/first-use.sh

echo "Finished $(date -u '+%Y-%m-%d %H:%M') UTC, load average $(cut -d ' ' -f 1-3 /proc/loadavg)." >>"$out/machine.txt"
echo "All tables are in $out: add a row for it to benchmarks/results/README.md, then fill README's tables from it."

#!/usr/bin/env bash
# First-use cost per type (G2): the first serialize + deserialize round trip of each W1-W6 type in a fresh process, for
# Pack's run-time path (IL, the baseline), Pack's generated formatters (BenchmarkPackContext), MemoryPack and
# System.Text.Json; each with the type first in its process (AfterOtherType=False) and after one round trip of an
# unrelated type through the same serializer (True: the type's own cost). BenchmarkDotNet's ColdStart strategy, one
# invocation per process, no jitting or warmup stage (FirstUseJobAttribute); one process per sample.
# Writes to $OUT: Pack.Benchmarks.Codecs.Generated.G2_*-report-github.md/.csv and first-use.md (when, machine, load
# average before and after, the command). Environment: OUT (default benchmarks/results/<UTC date>-first-use), LAUNCHES
# (processes, hence samples, per benchmark; default 20), QUICK=1 (dry job, one process each: proves the script, measures
# nothing), NO_BUILD=1 (reuse the Release build), FILTER (a subset, e.g. '*G2_W1_* *G2_W5_*'). 48 benchmarks x LAUNCHES processes, about 0.35 s each on 2 lightly
# loaded cores, plus the builds: about 8-10 minutes with the defaults. Run it on a quiet machine.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${OUT:-benchmarks/results/$(date -u +%F)-first-use}
launches=${LAUNCHES:-20}
job=short
if [ -n "${QUICK:-}" ]; then
  job=dry
  launches=1
fi
mkdir -p "$out"
# FILTER: BenchmarkDotNet filters separated by spaces (default every G2 benchmark), e.g. FILTER='*G2_W1_* *G2_W5_*'.
read -r -a filters <<<"${FILTER:-*G2_*}"
args=(--filter "${filters[@]}" --job "$job" --launchCount "$launches")

if [ -z "${NO_BUILD:-}" ]; then
  dotnet build -c Release benchmarks/Pack.Benchmarks -v q --nologo
fi
started="$(date -u '+%Y-%m-%d %H:%M') UTC, load average $(cut -d ' ' -f 1-3 /proc/loadavg)"
dotnet run -c Release --no-build --project benchmarks/Pack.Benchmarks -- "${args[@]}" --artifacts "$out/bdn"
cp "$out"/bdn/results/*G2_*-report-github.md "$out"/bdn/results/*G2_*-report.csv "$out"/
rm -rf "$out/bdn"
{
  echo "# First use per type (G2)"
  echo
  echo "Started $started; finished $(date -u '+%Y-%m-%d %H:%M') UTC, load average $(cut -d ' ' -f 1-3 /proc/loadavg)."
  echo "$(uname -srm); $(awk -F': ' '/^model name/{ print $2; exit }' /proc/cpuinfo), $(nproc) logical cores; .NET SDK $(dotnet --version)."
  echo "Command: \`dotnet run -c Release --project benchmarks/Pack.Benchmarks -- --filter $(printf "'%s' " "${filters[@]}")--job $job --launchCount $launches\`."
  echo
  echo "Each sample is one fresh process: global setup (build the value, load the serializer, register the generated"
  echo "context for the generated rows, and for AfterOtherType=True one round trip of an unrelated type), then one timed"
  echo "round trip of the workload type. Reports: Pack.Benchmarks.Codecs.Generated.G2_*-report-github.md in this folder."
  echo "Steady state of the same paths: G1 (Pack.Benchmarks.Codecs.Generated.G1_*)."
} >"$out/first-use.md"
echo "G2 reports and first-use.md are in $out"

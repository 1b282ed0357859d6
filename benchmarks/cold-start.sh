#!/usr/bin/env bash
# Cold start of the sample API: the time from starting the process to the first Pack response (GET /minimal/orders/1
# with Accept: application/x-pack, status 200 and Content-Type application/x-pack), for
#   JIT + IL         samples/WebApi (MVC + minimal APIs; Pack emits IL for Order at first use)
#   JIT + generated  samples/WebApi.Aot run on the JIT (its formatters come from AppPackContext, generated at compile time)
#   Native AOT       samples/WebApi.Aot published with PublishAot=true
# plus the native binary's size and each process's working set (VmRSS) right after that first response.
# Writes a markdown table to $OUT/cold-start.md. Environment: OUT (default benchmarks/results/<UTC date>-cold-start),
# REPS (starts per variant, default 15), QUICK=1 (3 starts: proves the script, measures little), NO_BUILD=1 (reuse
# builds and the native binary from a previous run). Needs a C toolchain for the native build (installed if missing).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${OUT:-benchmarks/results/$(date -u +%F)-cold-start}
reps=${REPS:-15}
[ -n "${QUICK:-}" ] && reps=3
mkdir -p "$out"
out=$(cd "$out" && pwd)
# Builds, the native binary and per-start timings stay out of the results folder (which gets committed).
work="$PWD/artifacts/cold-start"
mkdir -p "$work"

if [ -z "${NO_BUILD:-}" ]; then
  echo "== build: samples/WebApi and samples/WebApi.Aot (Release, JIT), samples/WebApi.Aot (Native AOT)"
  dotnet build -c Release samples/WebApi -v q --nologo
  dotnet build -c Release samples/WebApi.Aot -v q --nologo
  bash samples/WebApi.Aot/ensure-native-toolchain.sh
  dotnet publish samples/WebApi.Aot/WebApi.Aot.csproj -c Release -r linux-x64 -o "$work/native" --nologo -v q
fi
native="$work/native/Pack.Samples.WebApi.Aot"
jit_il=(dotnet samples/WebApi/bin/Release/net10.0/Pack.Samples.WebApi.dll)
jit_generated=(dotnet samples/WebApi.Aot/bin/Release/net10.0/Pack.Samples.WebApi.Aot.dll)

free_port() {
  local candidate
  for _ in $(seq 1 50); do
    candidate=$((20000 + RANDOM % 40000))
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$candidate") 2>/dev/null; then
      echo "$candidate"
      return 0
    fi
  done
  return 1
}

# One request over bash's /dev/tcp (no client process to start per attempt); prints "status content-type".
pack_get() {
  local port=$1 status="" type="" line
  { exec 3<>"/dev/tcp/127.0.0.1/$port"; } 2>/dev/null || return 1
  printf 'GET /minimal/orders/1 HTTP/1.0\r\nHost: 127.0.0.1\r\nAccept: application/x-pack\r\n\r\n' >&3
  while IFS= read -r line <&3; do
    line=${line%$'\r'}
    [ -z "$status" ] && status=$(cut -d ' ' -f 2 <<<"$line")
    case "${line,,}" in content-type:*) type=$(sed 's/^[^:]*: *//; s/;.*//' <<<"$line") ;; esac
    [ -z "$line" ] && break
  done
  exec 3>&- 3<&-
  echo "$status $type"
}

# Starts a variant, polls until the first Pack response, prints "milliseconds rss_kib", stops it.
measure() {
  local port start end pid reply rss
  port=$(free_port)
  start=$(date +%s%N)
  ASPNETCORE_URLS="http://127.0.0.1:$port" Logging__LogLevel__Default=Warning "$@" >"$work/server.log" 2>&1 &
  pid=$!
  while :; do
    if ! kill -0 "$pid" 2>/dev/null; then
      cat "$work/server.log" >&2
      echo "the server exited before answering" >&2
      return 1
    fi
    reply=$(pack_get "$port" 2>/dev/null || true)
    if [ "$reply" = "200 application/x-pack" ]; then
      end=$(date +%s%N)
      break
    fi
    if [ $((($(date +%s%N) - start) / 1000000)) -gt 60000 ]; then
      kill "$pid" 2>/dev/null || true
      echo "no Pack response within 60 s (last reply: '$reply')" >&2
      return 1
    fi
    sleep 0.002
  done
  # The process to read is the server itself (dotnet exec for the JIT variants: the same pid).
  rss=$(awk '/^VmRSS:/{ print $2 }' "/proc/$pid/status")
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  echo "$(((end - start) / 1000000)) $rss"
}

median() { sort -n | awk '{ a[NR] = $1 } END { if (NR % 2) print a[(NR + 1) / 2]; else print int((a[NR / 2] + a[NR / 2 + 1]) / 2) }'; }

declare -A times rss
for variant in jit-il jit-generated native; do
  case $variant in
    jit-il) command=("${jit_il[@]}") ;;
    jit-generated) command=("${jit_generated[@]}") ;;
    native) command=("$native") ;;
  esac
  echo "== $variant: $reps starts"
  : >"$work/$variant.txt"
  for _ in $(seq 1 "$reps"); do
    measure "${command[@]}" | tee -a "$work/$variant.txt"
  done
  times[$variant]=$(cut -d ' ' -f 1 "$work/$variant.txt" | median)
  rss[$variant]=$(cut -d ' ' -f 2 "$work/$variant.txt" | median)
done

size_kib=$(du -k "$native" | cut -f 1)
{
  echo "# Cold start: process start to first Pack response"
  echo
  echo "$(date -u '+%Y-%m-%d %H:%M') UTC; $(uname -srm); $(awk -F': ' '/^model name/{ print $2; exit }' /proc/cpuinfo), $(nproc) logical cores;"
  echo ".NET SDK $(dotnet --version); load average $(cut -d ' ' -f 1-3 /proc/loadavg) at the end. Median of $reps starts per variant$([ -n "${QUICK:-}" ] && echo ' (QUICK=1: a smoke run, not a measurement)')."
  echo "GET /minimal/orders/1 with Accept: application/x-pack, polled every ~2 ms over a raw socket from the moment the process is started."
  echo
  echo "| Variant | Start to first Pack response (ms, median) | Working set after it (MiB, median) |"
  echo "|---|---:|---:|"
  printf '| JIT + IL (samples/WebApi) | %s | %.1f |\n' "${times[jit-il]}" "$(awk "BEGIN { print ${rss[jit-il]} / 1024 }")"
  printf '| JIT + generated (samples/WebApi.Aot on the JIT) | %s | %.1f |\n' "${times[jit-generated]}" "$(awk "BEGIN { print ${rss[jit-generated]} / 1024 }")"
  printf '| Native AOT (samples/WebApi.Aot) | %s | %.1f |\n' "${times[native]}" "$(awk "BEGIN { print ${rss[native]} / 1024 }")"
  echo
  printf 'Native AOT binary: %.1f MiB (%s, linux-x64, Release).\n' "$(awk "BEGIN { print $size_kib / 1024 }")" "Pack.Samples.WebApi.Aot"
  echo
  echo "Note: samples/WebApi also hosts MVC controllers, OpenAPI and OpenTelemetry, so its start-up does more than the AOT sample's;"
  echo "the JIT + generated row is the like-for-like comparison with Native AOT (same app, same code, different runtime)."
} >"$out/cold-start.md"
cat "$out/cold-start.md"
rm -rf "$work/server.log"

#!/usr/bin/env bash
# Server cost alone: drives the benchmark server (its own process, `--server`) with external load generators, wrk for
# HTTP/1.1 and h2load for h2c (prior knowledge), so that no .NET client shares the measurement. Cells: H0-H5 with JSON
# and Pack through MVC controllers and minimal APIs, and H1, H2, H5 through Grpc.AspNetCore and protobuf-net.Grpc
# code-first (h2c only), at each in-flight count. Per cell it records requests/s, failures, the 1-minute load average at
# start and end, and the share of the machine other processes used meanwhile ("other CPU": /proc/stat less the server's
# and the load generator's CPU time); a cell above MAX_FOREIGN_CPU is run again, up to RETRIES times, and flagged with
# "!" if it stays above. Writes a markdown table to $OUT/external-load.md.
#
# "server µs/req" is the server process's CPU time (user + system, /proc) over the requests it answered in the cell.
#
# Usage: bash benchmarks/external-load.sh            (install the generators first: bash benchmarks/install-load-generators.sh)
# Environment: DURATION=10 (seconds per cell), WARMUP=2, CONCURRENCY="16 64", WORKLOADS="H0 H1 H2 H3 H4 H5",
#              RETRIES=2, MAX_FOREIGN_CPU=10 (percent), PORT=5080 (HTTP/1.1; h2c on PORT+1), OUT=BenchmarkDotNet.Artifacts/results,
#              NO_BUILD=1 to skip the build,
#              ROUNDS=1: run the whole cell list N times, every other round in reverse, and report each cell's median
#                round (by RPS) with every round's RPS in a "rounds" column,
#              PIN=1: the server on core 0 and the load generator on core 1 (taskset), so that neither takes the other's
#                core: on a 2-core machine an unpinned cell moves by up to 80 % between samples seconds apart, a pinned
#                one by about 3 % (benchmarks/results/2026-11-28-small-calls-pinned).
# Exits non-zero if any request of any cell failed.
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION=${DURATION:-10}
WARMUP=${WARMUP:-2}
CONCURRENCY=${CONCURRENCY:-"16 64"}
WORKLOADS=${WORKLOADS:-"H0 H1 H2 H3 H4 H5"}
RETRIES=${RETRIES:-2}
ROUNDS=${ROUNDS:-1}
PIN=${PIN:-}
MAX_FOREIGN_CPU=${MAX_FOREIGN_CPU:-10}
PORT=${PORT:-5080}
OUT=${OUT:-BenchmarkDotNet.Artifacts/results}
H1URL="http://127.0.0.1:$PORT"
H2URL="http://127.0.0.1:$((PORT + 1))"

generator=()
if [ -n "$PIN" ]; then
  if [ "$(nproc)" -lt 2 ]; then
    echo "PIN=1 needs two cores" >&2
    exit 2
  fi
  generator=(taskset -c 1)
fi

for tool in wrk h2load curl taskset; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "$tool is not installed: run bash benchmarks/install-load-generators.sh" >&2
    exit 2
  fi
done

if [ -z "${NO_BUILD:-}" ]; then
  dotnet build -c Release benchmarks/Pack.Benchmarks -v q --nologo >/dev/null
fi

work=$(mktemp -d)
server_pid=""
cleanup() {
  if [ -n "$server_pid" ]; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

dotnet run -c Release --no-build --project benchmarks/Pack.Benchmarks -- --server --urls "$H1URL;$H2URL" >"$work/server.log" 2>&1 &
launcher_pid=$!
for _ in $(seq 1 120); do
  if grep -q '^listening: ' "$work/server.log" 2>/dev/null; then
    break
  fi
  if ! kill -0 "$launcher_pid" 2>/dev/null; then
    cat "$work/server.log" >&2
    exit 1
  fi
  sleep 0.5
done
server_pid=$(sed -n 's/^listening: .*, pid \([0-9]*\)$/\1/p' "$work/server.log")
if [ -z "$server_pid" ]; then
  echo "the server did not start" >&2
  cat "$work/server.log" >&2
  exit 1
fi
trap 'kill "$server_pid" 2>/dev/null || true; kill "$launcher_pid" 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$work"' EXIT
if [ -n "$PIN" ]; then
  taskset -a -p -c 0 "$server_pid" >/dev/null # every thread of the server, the thread pool's included
fi

# Request bodies: H4 posts W4 with 1,000 members (the server's own data, fetched once), gRPC an empty message.
curl -fsS -H 'Accept: application/json' "$H1URL/h/organization?members=1000" -o "$work/h4.json"
curl -fsS -H 'Accept: application/x-pack' "$H1URL/h/organization?members=1000" -o "$work/h4.pack"
printf '\0\0\0\0\0' >"$work/grpc-empty.bin"
for format in json pack; do
  media=$([ "$format" = pack ] && echo application/x-pack || echo application/json)
  cat >"$work/h4-$format.lua" <<LUA
local f = io.open("$work/h4.$format", "rb")
wrk.method = "POST"
wrk.body = f:read("*a")
f:close()
wrk.headers["Content-Type"] = "$media"
wrk.headers["Accept"] = "$media"
LUA
done

# Busy = user + nice + system + steal. irq and softirq ($7, $8) are left out of "busy": the kernel's loopback
# networking for the cell's own traffic is accounted there, not to the server or the generator, so counting it made heavy-transfer
# cells (H3, H5) look interfered with (17-26 % "other CPU" with nothing else running). Steal stays: it is other guests.
busy_total() { awk '/^cpu /{ busy = $2 + $3 + $4 + $9; total = busy + $5 + $6 + $7 + $8; print busy, total }' /proc/stat; }
proc_ticks() { awk '{ sub(/^.*\) /, ""); split($0, f, " "); print f[12] + f[13] }' "/proc/$1/stat" 2>/dev/null || echo 0; }
children_ticks() { times | awk 'NR == 2 { gsub(/s/, ""); split($1, u, "m"); split($2, s, "m"); printf "%d\n", (u[1] * 60 + u[2] + s[1] * 60 + s[2]) * 100 }'; }
loadavg() { cut -d ' ' -f 1 /proc/loadavg; }

# run_tool TOOL PROTOCOL INFLIGHT URL SECONDS [args...]: prints "rps failed requests" and leaves the output in $work/last.txt.
run_tool() {
  local tool=$1 inflight=$3 url=$4 seconds=$5
  shift 5
  if [ "$tool" = wrk ]; then
    # --timeout: wrk's default of 2 s is shorter than one 15 MB H5 stream takes with 64 in flight, which it counted as errors.
    "${generator[@]}" wrk -t 1 -c "$inflight" -d "${seconds}s" --timeout 30s "$@" "$url" >"$work/last.txt" 2>&1 || true
    local rps failed requests
    rps=$(awk '/^Requests\/sec:/{ print $2 }' "$work/last.txt")
    failed=$(awk '/Non-2xx or 3xx responses:/{ n += $NF } /Socket errors:/{ gsub(/,/, ""); n += $4 + $6 + $8 + $10 } END { print n + 0 }' "$work/last.txt")
    requests=$(awk '/ requests in /{ print $1 }' "$work/last.txt")
    echo "${rps:-0} $failed ${requests:-0}"
  else
    "${generator[@]}" h2load -c 1 -m "$inflight" -D "$seconds" "$@" "$url" >"$work/last.txt" 2>&1 || true
    awk '/^finished in/{ for (i = 1; i <= NF; i++) if ($(i) == "req/s,") rps = $(i - 1) }
         /^requests:/{ for (i = 1; i <= NF; i++) { if ($(i) == "failed,") f += $(i - 1); if ($(i) == "errored,") f += $(i - 1); if ($(i) == "done,") n = $(i - 1) } }
         /^status codes:/{ for (i = 1; i <= NF; i++) if ($(i) ~ /^[345]xx/) f += $(i - 1) }
         END { print (rps == "" ? 0 : rps), f + 0, n + 0 }' "$work/last.txt"
  fi
}

failures=0
declare -A results=() # cell index -> one "rps<TAB>row" line per round
cell_index=0
cell() { # workload protocol format api inflight tool url [tool args...]; records one round of cell $cell_index
  local workload=$1 protocol=$2 format=$3 api=$4 inflight=$5 tool=$6 url=$7
  shift 7
  run_tool "$tool" "$protocol" "$inflight" "$url" "$WARMUP" "$@" >/dev/null
  local attempt=0 result rps failed requests load0 load1 foreign flag server_us
  while :; do
    attempt=$((attempt + 1))
    read -r b0 t0 < <(busy_total)
    s0=$(proc_ticks "$server_pid")
    c0=$(children_ticks)
    load0=$(loadavg)
    result=$(run_tool "$tool" "$protocol" "$inflight" "$url" "$DURATION" "$@")
    load1=$(loadavg)
    read -r b1 t1 < <(busy_total)
    s1=$(proc_ticks "$server_pid")
    c1=$(children_ticks)
    foreign=$(awk -v b=$((b1 - b0)) -v t=$((t1 - t0)) -v own=$((s1 - s0 + c1 - c0)) 'BEGIN { f = t > 0 ? (b - own) * 100 / t : 0; if (f < 0) f = 0; printf "%.0f", f }')
    read -r rps failed requests <<<"$result"
    if [ "$foreign" -le "$MAX_FOREIGN_CPU" ] || [ "$attempt" -gt "$RETRIES" ] || [ "$failed" != 0 ]; then
      break
    fi
    echo "  $workload $protocol $format $api x$inflight: other processes used ${foreign}% of the machine; repeating" >&2
  done
  # Clock ticks are 10 ms (USER_HZ 100): 10,000 µs a tick.
  server_us=$(awk -v t=$((s1 - s0)) -v n="$requests" 'BEGIN { if (n > 0) printf "%.2f", t * 10000 / n; else print "-" }')
  flag=""
  [ "$foreign" -gt "$MAX_FOREIGN_CPU" ] && flag=" !"
  if [ "$failed" != 0 ] || [ "$rps" = 0 ]; then
    failures=$((failures + 1))
    echo "FAILED $workload $protocol $format $api x$inflight:" >&2
    tail -n 20 "$work/last.txt" >&2
  fi
  local row="| $workload | $protocol | $format | $api | $inflight | $tool | $rps | $server_us | $failed | $load0-$load1 | ${foreign}%$flag | $attempt |"
  echo "$row"
  results[$cell_index]+="$rps"$'\t'"$row"$'\n'
}

path_of() { # api format action
  case "$1" in
    mvc) echo "/h/$3" ;;
    minimal) [ "$2" = pack ] && echo "/m/$3" || echo "/mj/$3" ;;
  esac
}
accept_of() { case "$1/$2" in pack/H5*) echo application/x-pack-stream ;; pack/*) echo application/x-pack ;; *) echo application/json ;; esac; }

declare -A action=([H1]=small [H2]=list100 [H3]=organization10k [H4]=echo [H5]=stream100k)
declare -A rpc=([H1]=Small [H2]=List100 [H5]=Stream100k)
declare -A name=([H0]=H0_KestrelCeiling [H1]=H1_Small [H2]=H2_List100 [H3]=H3_Organization10k [H4]=H4_EchoPost1k [H5]=H5_Stream100k)

# `wrk --version` exits 1; sed reads all of its input, so no writer is cut off under pipefail.
wrk_version=$( (wrk --version 2>&1 || true) | sed -n '1s/^\([^ ]* [^ ]*\).*/\1/p')
h2load_version=$( (h2load --version 2>&1 || true) | sed -n 1p)
rounds_note=""
if [ "$ROUNDS" -gt 1 ]; then
  rounds_note=" $ROUNDS rounds over the whole cell list, every other round in reverse; each row is the cell's median round (by RPS), the rounds column lists every round's RPS."
fi
header="# HTTP workloads, server cost alone (wrk / h2load)

$(date -u '+%Y-%m-%d %H:%M') UTC, $(uname -sr), $(awk -F': ' '/^model name/{ print $2; exit }' /proc/cpuinfo), $(nproc) logical cores, $(dotnet --version) SDK; $wrk_version, $h2load_version.
Server: \`--server\` (pid $server_pid), HTTP/1.1 $H1URL, h2c $H2URL${PIN:+; the server pinned to core 0 and the generator to core 1}.$rounds_note ${DURATION} s measured after ${WARMUP} s warmup per cell; wrk: 1 thread, one connection per request in flight; h2load: 1 connection, N streams in flight. Interference threshold ${MAX_FOREIGN_CPU}% other CPU, ${RETRIES} retries.

| workload | HTTP | format | api | in flight | tool | RPS | server µs/req | failed | load start-end | other CPU | runs | rounds |
|---|---|---|---|---:|---|---:|---:|---:|---|---:|---:|---|"
echo "$header"

# The cell list, each cell one command line; a round runs them all, every other round in reverse.
specs=()
for inflight in $CONCURRENCY; do
  for w in $WORKLOADS; do
    if [ "$w" = H0 ]; then
      specs+=("$(printf '%q ' "${name[$w]}" 1.1 - - "$inflight" wrk "$H1URL/ceiling")")
      specs+=("$(printf '%q ' "${name[$w]}" 2 - - "$inflight" h2load "$H2URL/ceiling")")
      continue
    fi
    for api in mvc minimal; do
      for format in json pack; do
        path=$(path_of "$api" "$format" "${action[$w]}")
        accept=$(accept_of "$format" "$w")
        if [ "$w" = H4 ]; then
          media=$([ "$format" = pack ] && echo application/x-pack || echo application/json)
          specs+=("$(printf '%q ' "${name[$w]}" 1.1 "$format" "$api" "$inflight" wrk "$H1URL$path" -s "$work/h4-$format.lua")")
          specs+=("$(printf '%q ' "${name[$w]}" 2 "$format" "$api" "$inflight" h2load "$H2URL$path" -d "$work/h4.$format" -H "content-type: $media" -H "accept: $media")")
        else
          specs+=("$(printf '%q ' "${name[$w]}" 1.1 "$format" "$api" "$inflight" wrk "$H1URL$path" -H "Accept: $accept")")
          specs+=("$(printf '%q ' "${name[$w]}" 2 "$format" "$api" "$inflight" h2load "$H2URL$path" -H "accept: $accept")")
        fi
      done
    done
    if [ -n "${rpc[$w]:-}" ]; then
      specs+=("$(printf '%q ' "${name[$w]}" 2 grpc - "$inflight" h2load "$H2URL/pack.benchmarks.http.HttpWorkloads/${rpc[$w]}" -d "$work/grpc-empty.bin" -H 'content-type: application/grpc' -H 'te: trailers')")
      specs+=("$(printf '%q ' "${name[$w]}" 2 grpc-codefirst - "$inflight" h2load "$H2URL/pack.benchmarks.http.CodeFirstWorkloads/${rpc[$w]}" -d "$work/grpc-empty.bin" -H 'content-type: application/grpc' -H 'te: trailers')")
    fi
  done
done

for round in $(seq 1 "$ROUNDS"); do
  [ "$ROUNDS" -gt 1 ] && echo "round $round of $ROUNDS" >&2
  for i in "${!specs[@]}"; do
    cell_index=$([ $((round % 2)) = 0 ] && echo $((${#specs[@]} - 1 - i)) || echo "$i")
    eval "cell ${specs[$cell_index]}"
  done
done

# Each cell's median round by RPS (the lower middle one for an even count), with every round's RPS.
rows=()
for i in "${!specs[@]}"; do
  rows+=("$(printf '%s' "${results[$i]}" | awk -F '\t' 'NF { rps[NR] = $1; row[NR] = $2; n = NR }
    END {
      for (a = 1; a <= n; a++) order[a] = a
      for (a = 1; a <= n; a++) for (b = a + 1; b <= n; b++) if (rps[order[b]] + 0 < rps[order[a]] + 0) { t = order[a]; order[a] = order[b]; order[b] = t }
      all = ""; for (a = 1; a <= n; a++) all = all (a > 1 ? ", " : "") sprintf("%.0f", rps[a])
      print row[order[int((n + 1) / 2)]] " " all " |"
    }')")
done

mkdir -p "$OUT"
{
  echo "$header"
  printf '%s\n' "${rows[@]}"
  echo
  echo "- RPS: wrk's \`Requests/sec\` or h2load's \`req/s\` (H5: one request is the whole stream of 100,000 members). \`failed\`: wrk's non-2xx responses and socket errors, h2load's failed and errored requests and 3xx-5xx statuses. gRPC's own status travels in trailers, which h2load does not check; the .NET runner (\`--http\`) checks every gRPC call. \`server µs/req\`: the server process's CPU time (user + system, in 10 ms ticks from /proc) over the requests the generator completed in the measured seconds."
  echo "- \`load\`: the 1-minute load average at the start and end of the measured seconds (it includes the server and the generator). \`other CPU\`: the share of all cores used by processes other than the server and the load generator (user + system + steal time; interrupt and softirq time, where the kernel handles the cell's own loopback traffic, is not counted); \`!\` marks a cell still above the threshold after its retries."
} >"$OUT/external-load.md"
echo "Written to $OUT/external-load.md"
exit $((failures > 0))

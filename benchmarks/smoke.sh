#!/usr/bin/env bash
# Smoke pass for CI: proves that every benchmark and every HTTP cell builds, runs and answers correctly. It measures
# nothing (its timings mean nothing); full runs are documented in benchmarks/README.md. In order:
#   1. --verify: every codec workload round-trips through every peer, payload sizes are sane;
#   2. BenchmarkDotNet's dry job over every benchmark class (one launch, one cold invocation each; each peer's global
#      setup round-trips its payload first; K1_HybridCacheRedis starts a redis-server of its own, installed with
#      apt-get when missing as the caching tests do, and fails, not skips, without one);
#   3. the .NET HTTP runner over every cell (MVC, minimal APIs, Grpc.AspNetCore, protobuf-net.Grpc; HTTP/1.1 and h2c)
#      for a fraction of a second, against the server in its own process, the streaming calls (H6 client streaming, H7
#      bidirectional) with 2,000 members and 50 round trips per call instead of 100,000 and 1,000, every item checked,
#      in two interleaved rounds (--rounds), condensed by http_summary.py and drawn by http_chart.py;
#   4. the H3 memory mode and the compression table on small sizes;
#   5. the external load generators (wrk, h2load) over every cell for one second, if they are installed or can be
#      installed with apt-get (skipped with a notice otherwise).
# Exits non-zero if any benchmark, request or check fails.
set -euo pipefail
cd "$(dirname "$0")/.."
out=artifacts/benchmark-smoke
run() { dotnet run -c Release --no-build --project benchmarks/Pack.Benchmarks -- "$@"; }
start=$SECONDS

dotnet build -c Release benchmarks/Pack.Benchmarks -v q --nologo
echo "== codec peers: round trip and payload sizes (--verify)"
run --verify
echo "== BenchmarkDotNet dry job, every benchmark"
run --filter '*' --job dry --artifacts "$out"
echo "== HTTP cells through the .NET client (server in its own process)"
run --http --seconds 0.3 --warmup 0 --concurrency 2 --retries 0 --rounds 2 --stream-items 2000 --round-trips 50 --out "$out/http"
if command -v python3 >/dev/null 2>&1; then
  python3 benchmarks/http_summary.py "$out/http/http-load.md"
  python3 benchmarks/http_chart.py "$out/http/http-load.md" -o "$out/http/small-calls.svg"
fi
echo "== H3 large-response memory mode (small sizes)"
run --memory --members 1000,20000 --requests 1 --out "$out/http"
echo "== W4 size and compression table (small size)"
run --compression --members 2000 --runs 1

echo "== HTTP cells through wrk and h2load"
if ! { command -v wrk && command -v h2load; } >/dev/null 2>&1 && [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  timeout 300 bash benchmarks/install-load-generators.sh || echo "(could not install wrk/h2load)"
fi
if command -v wrk >/dev/null 2>&1 && command -v h2load >/dev/null 2>&1; then
  DURATION=1 WARMUP=0 CONCURRENCY=2 RETRIES=0 MAX_FOREIGN_CPU=100 NO_BUILD=1 OUT="$out/http" bash benchmarks/external-load.sh
else
  echo "wrk or h2load not available: external load cells skipped (bash benchmarks/install-load-generators.sh installs them)"
fi
echo "== benchmark smoke pass took $((SECONDS - start)) s"

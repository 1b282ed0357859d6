#!/usr/bin/env bash
# Smoke pass for CI: every benchmark runs once with BenchmarkDotNet's dry job, and the HTTP load runner runs every
# (workload, protocol, format) cell for half a second, so the suite keeps compiling and running.
# It measures nothing; full runs are documented in benchmarks/README.md. Exits non-zero if any benchmark or request fails.
set -euo pipefail
cd "$(dirname "$0")/.."
dotnet run -c Release --project benchmarks/Pack.Benchmarks -- --filter '*' --job dry --artifacts artifacts/benchmark-smoke
dotnet run -c Release --no-build --project benchmarks/Pack.Benchmarks -- --http --seconds 0.5 --warmup 0 --concurrency 2 --out artifacts/benchmark-smoke/http

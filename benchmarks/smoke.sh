#!/usr/bin/env bash
# Smoke pass for CI: every benchmark runs once with BenchmarkDotNet's dry job, so the suite keeps compiling and running.
# It measures nothing; full runs are documented in benchmarks/README.md.
set -euo pipefail
cd "$(dirname "$0")/.."
dotnet run -c Release --project benchmarks/Pack.Benchmarks -- --filter '*' --job dry --artifacts artifacts/benchmark-smoke

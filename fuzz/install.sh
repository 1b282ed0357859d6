#!/usr/bin/env bash
# Installs what the coverage-guided fuzzer needs: AFL++ (Debian's afl++) and the SharpFuzz command-line tool, which
# instruments Pack.dll (pinned in .config/dotnet-tools.json). Idempotent; needs root for apt-get.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v afl-fuzz >/dev/null 2>&1; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq afl++ >/dev/null
fi
dotnet tool restore >/dev/null
echo "afl-fuzz: $(command -v afl-fuzz); sharpfuzz: $(dotnet tool list --local | awk '/sharpfuzz/ {print $2}')"

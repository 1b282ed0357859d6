#!/usr/bin/env bash
# Installs the external HTTP load generators used by benchmarks/external-load.sh: wrk (HTTP/1.1) and h2load from
# nghttp2-client (HTTP/2, h2c by prior knowledge), from Debian's packages. Needs root (or sudo).
set -euo pipefail
if command -v wrk >/dev/null 2>&1 && command -v h2load >/dev/null 2>&1; then
  echo "wrk and h2load are already installed"
  exit 0
fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  sudo="sudo"
fi
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends wrk nghttp2-client curl
# sed reads all of its input (head would stop early and fail the pipeline under pipefail); wrk --version exits 1.
(wrk --version 2>&1 || true) | sed -n 1p
h2load --version 2>&1 | sed -n 1p

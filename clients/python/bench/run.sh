#!/usr/bin/env bash
# Runs the Python decode benchmark with its peer installed: msgpack comes from Debian's python3-msgpack (PyPI is not
# reachable here), installed with apt-get when the system Python cannot import it. Arguments go to bench.py.
set -euo pipefail
cd "$(dirname "$0")/../../.."
if ! /usr/bin/python3 -c 'import msgpack' 2>/dev/null; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-msgpack >/dev/null
fi
exec /usr/bin/python3 clients/python/bench/bench.py "$@"

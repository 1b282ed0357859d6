#!/usr/bin/env bash
# The rolling-upgrade scenario (docs/rolling-upgrade.md), end to end, with docker-compose's "rolling" profile:
#   1. api-a (previous contract: Shipment without TrackingUrl) and api-b (current contract) start behind the YARP proxy;
#   2. the client (`Demo rolling`) drives JSON and Pack traffic through the proxy and checks every answer;
#   3. api-b is restarted: drained at the proxy, restarted, healthy again, back in rotation;
#   4. api-a is upgraded to the current contract the same way (its container recreated from the current image);
#   5. the client is stopped (SIGTERM), prints its report and exits 0 only if every call succeeded with every value
#      intact and both contract versions, both formats and both replicas answered.
# Usage: docker/rolling-upgrade.sh [--env-file FILE] [--no-build] [--log FILE]
#   --env-file  passed to docker-compose (artifacts/docker/stand-in.env on a machine without mcr.microsoft.com)
#   --no-build  use images built before (docker-compose --profile rolling build)
#   --log       where the whole run's output also goes (default artifacts/docker/rolling-upgrade.log)
#   --no-drain  the negative control: restart and upgrade WITHOUT taking the replica out of the proxy's rotation first;
#               calls then fail (the proxy does not retry), the client reports them and the script exits 1
set -euo pipefail
cd "$(dirname "$0")/.."

env_args=()
build=1
drain=1
log=artifacts/docker/rolling-upgrade.log
while [ $# -gt 0 ]; do
  case "$1" in
    --env-file) env_args=(--env-file "$2"); shift 2 ;;
    --no-build) build=0; shift ;;
    --no-drain) drain=0; shift ;;
    --log) log=$2; shift 2 ;;
    *) echo "unknown argument $1" >&2; exit 2 ;;
  esac
done
mkdir -p "$(dirname "$log")"
exec > >(tee "$log") 2>&1

export COMPOSE_PROJECT_NAME=${COMPOSE_PROJECT_NAME:-pack-rolling}
# docker-compose 1.29 where it is installed (Debian's, as in CI), else the compose plugin (`docker compose`).
if command -v docker-compose >/dev/null; then compose=(docker-compose); else compose=(docker compose); fi
dc() { "${compose[@]}" "${env_args[@]}" --profile rolling "$@"; }
# The same project with api-a's image moved to the current contract version.
dc_upgraded() { "${compose[@]}" "${env_args[@]}" -f docker-compose.yml -f docker/rolling-upgrade.yml --profile rolling "$@"; }

started=$(date +%s.%N)
step() { awk -v s="$started" -v n="$(date +%s.%N)" -v t="$(date -u +%H:%M:%S.%1N)" -v m="$*" 'BEGIN { printf "[rolling %6.1f s %s UTC] %s\n", n - s, t, m }'; }

wait_healthy() {
  local service=$1 id status
  for _ in $(seq 1 120); do
    id=$(dc ps -q "$service")
    status=$( [ -n "$id" ] && docker inspect -f '{{.State.Health.Status}}' "$id" 2>/dev/null || echo starting)
    if [ "$status" = healthy ]; then
      step "$service is healthy"
      return 0
    fi
    sleep 0.5
  done
  step "$service did not become healthy"
  return 1
}

# admin drain|undrain <replica>: the proxy's admin endpoints listen on the proxy container's loopback only.
admin() {
  local answer
  if [ "$drain" = 0 ]; then
    step "proxy: $1 $2 skipped (--no-drain)"
    return 0
  fi
  answer=$(dc exec -T proxy bash -c "exec 3<>/dev/tcp/127.0.0.1/8081 && printf 'POST /admin/$1/$2 HTTP/1.1\r\nHost: localhost:8081\r\nContent-Length: 0\r\nConnection: close\r\n\r\n' >&3 && cat <&3")
  # Parameter expansion, not `| head | grep -q`: under pipefail a reader that stops early fails the pipeline at random.
  local status_line=${answer%%$'\n'*}
  status_line=${status_line%$'\r'}
  step "proxy: $1 $2 -> $status_line ${answer##*$'\n'}"
  [[ $status_line == *' 200 '* ]]
}

cleanup() { dc_upgraded down --remove-orphans --timeout 5 >/dev/null 2>&1 || true; }
trap cleanup EXIT

if [ "$build" = 1 ]; then
  step "building api-a (previous contract), api-b (current), proxy, client"
  dc build api-a api-b proxy rolling-client
fi

step "starting api-a (previous contract) and api-b (current contract) behind the proxy"
dc up -d api-a api-b proxy
wait_healthy proxy

step "starting the client: mixed JSON and Pack traffic through the proxy"
dc up -d --no-deps rolling-client
sleep 6

step "restart api-b: drain, restart, wait until healthy, back into rotation"
admin drain api-b
dc restart --timeout 30 api-b
wait_healthy api-b
admin undrain api-b
sleep 6

step "upgrade api-a to the current contract: drain, recreate from the current image, wait until healthy, back into rotation"
admin drain api-a
dc_upgraded up -d --no-deps --no-build api-a
wait_healthy api-a
admin undrain api-a
sleep 6

step "stopping the client (SIGTERM: it finishes the calls in flight and reports)"
client=$(dc ps -q rolling-client)
dc stop --timeout 60 rolling-client
code=$(docker inspect -f '{{.State.ExitCode}}' "$client")
step "the client exited with $code; its output:"
# The report is read once into a variable and searched there: `docker logs … | grep -q` under pipefail fails whenever
# grep has its match and exits before docker has written everything (SIGPIPE), which once failed a passing run in CI.
report=$(docker logs "$client" 2>&1)
printf '%s\n' "$report" | sed 's/^/    /'

if [ "$code" = 0 ] && grep -Eq '^  api-a +v1 ' <<<"$report" && grep -Eq '^  api-a +v2 ' <<<"$report"; then
  step "PASS: api-a answered as v1 before its upgrade and as v2 after it; every call succeeded"
  exit 0
fi
step "FAIL: see the client's report above"
exit 1

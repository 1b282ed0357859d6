#!/usr/bin/env bash
# The rolling-upgrade scenario (docs/rolling-upgrade.md), end to end, with docker-compose's "rolling" profile:
#   1. api-a (previous contract: Shipment without TrackingUrl) and api-b (current contract) start behind the YARP proxy;
#   2. the client (`Demo rolling`) drives JSON and Pack traffic through the proxy and checks every answer;
#   3. api-b is restarted: drained at the proxy, restarted, healthy again, back in rotation;
#   4. api-a is upgraded to the current contract the same way (its container recreated from the current image);
#   5. api-c, built with a contract that breaks the evolution rule (Shipment.WeightKg retyped), joins the rotation: the
#      client refuses its Pack answers (PackSchemaMismatchException, with the violations) and api-c refuses the client's
#      Pack bodies (409); then it is rolled back (drained and stopped);
#   6. the client is stopped (SIGTERM), prints its report (counts per step: ok, refused, misread, failed) and exits 0
#      only if nothing was misread or failed, calls were refused in api-c's step and in no other, and every contract
#      version, both formats and at least two replicas answered. The script checks the counts again and prints them.
# All the while every replica keeps its HybridCache's second level in the one Redis (the redis service), and part of
# the client's calls are answered from it (GET /api/shipments/{id}/cached, 32 shipments): the report counts, per
# replica, what it read from the shared cache (entries of its own contract, of the other compatible version, and
# incompatible ones refused and refilled) and the client's check of each answer. The script checks those too: nothing
# misread, failed or corrupt on any replica, entries of another version read, and api-c's refusals of the others' entries.
# Usage: docker/rolling-upgrade.sh [--env-file FILE] [--no-build] [--log FILE] [--no-drain] [--no-schema-check]
#   --env-file  passed to docker-compose (artifacts/docker/stand-in.env on a machine without mcr.microsoft.com)
#   --no-build  use images built before (docker-compose --profile rolling build)
#   --log       where the whole run's output also goes (default artifacts/docker/rolling-upgrade.log)
#   --no-drain  the negative control: restart and upgrade WITHOUT taking the replica out of the proxy's rotation first;
#               calls then fail (the proxy does not retry), the client reports them and the script exits 1
#   --no-schema-check  the other negative control: the client reads responses unchecked and sends bodies without
#               Pack-Schema (PACK_SCHEMA_CHECK=off); api-c's contract is then misread or fails, and the script exits 1
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
    --no-schema-check) export PACK_SCHEMA_CHECK=off; shift ;;
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

# admin [--always] drain|undrain <replica>: the proxy's admin endpoints listen on the proxy container's loopback only.
# --always: also under --no-drain (api-c joining the rotation is part of the scenario, not a precaution).
admin() {
  local answer always=0
  if [ "$1" = --always ]; then always=1; shift; fi
  if [ "$drain" = 0 ] && [ "$always" = 0 ]; then
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

# step <name>: the proxy names the deployment step in every answer it forwards; the client counts calls per step.
set_step() {
  local answer
  answer=$(dc exec -T proxy bash -c "exec 3<>/dev/tcp/127.0.0.1/8081 && printf 'POST /admin/step/$1 HTTP/1.1\r\nHost: localhost:8081\r\nContent-Length: 0\r\nConnection: close\r\n\r\n' >&3 && cat <&3")
  local status_line=${answer%%$'\n'*}
  status_line=${status_line%$'\r'}
  step "proxy: step $1 -> $status_line"
  [[ $status_line == *' 200 '* ]]
}

cleanup() { dc_upgraded down --remove-orphans --timeout 5 >/dev/null 2>&1 || true; }
trap cleanup EXIT

if [ "$build" = 1 ]; then
  step "building api-a (previous contract), api-b (current), api-c (incompatible), proxy, client"
  dc build api-a api-b api-c proxy rolling-client
fi

step "starting api-a (previous contract) and api-b (current contract) behind the proxy"
dc up -d api-a api-b proxy
wait_healthy proxy

step "starting the client: mixed JSON and Pack traffic through the proxy"
dc up -d --no-deps rolling-client
sleep 6

step "restart api-b: drain, restart, wait until healthy, back into rotation"
set_step restart-b
admin drain api-b
dc restart --timeout 30 api-b
wait_healthy api-b
admin undrain api-b
sleep 6

step "upgrade api-a to the current contract: drain, recreate from the current image, wait until healthy, back into rotation"
set_step upgrade-a
admin drain api-a
dc_upgraded up -d --no-deps --no-build api-a
wait_healthy api-a
admin undrain api-a
sleep 6

# The step is named before api-c enters the rotation and renamed only after it has left it (drain returns when its
# last request has finished), so every answer api-c gave is counted in its step.
step "api-c ships an INCOMPATIBLE contract: start it, put it into rotation next to api-a and api-b"
dc_upgraded up -d --no-deps --no-build api-c
wait_healthy api-c
set_step incompatible-c
admin --always undrain api-c
sleep 8

step "roll api-c back: drain it, stop it"
admin drain api-c
set_step rollback-c
dc_upgraded stop --timeout 10 api-c
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

# The counts per step, checked here too: nothing misread or failed anywhere; refused in api-c's step only, and there
# with the violation list (MEMBER_RETYPED at Shipment.WeightKg) the client printed.
counts_ok=1
while read -r name calls ok refused misread failed; do
  step "counts: step=$name calls=$calls ok=$ok refused=$refused misread=$misread failed=$failed"
  [ "$misread" = 0 ] && [ "$failed" = 0 ] || counts_ok=0
  if [ "$name" = incompatible-c ]; then
    [ "$refused" -gt 0 ] || counts_ok=0
    seen_incompatible=1
  else
    [ "$refused" = 0 ] || counts_ok=0
  fi
done < <(awk '/^By deployment step/ { on = 1; getline; next } on && /^  [^ ]+ +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+$/ { print $1, $2, $3, $4, $5, $6; next } on { on = 0 }' <<<"$report")
# The shared cache by replica: name, versions, calls, ok, older, refused, misread, failed | direct, compatible,
# incompatible, unknown, corrupt.
compatible_reads=0
api_c_refusals=""
while read -r name versions calls ok older refused misread failed direct compatible incompatible unknown corrupt; do
  step "shared cache: replica=$name versions=$versions cached-calls=$calls ok=$ok (older entries $older) refused=$refused misread=$misread failed=$failed; read: direct=$direct compatible=$compatible incompatible=$incompatible unknown=$unknown corrupt=$corrupt"
  [ "$misread" = 0 ] && [ "$failed" = 0 ] && [ "$corrupt" = 0 ] || counts_ok=0
  compatible_reads=$((compatible_reads + compatible))
  [ "$name" = api-c ] && api_c_refusals=$incompatible
done < <(awk '/^Shared cache by replica/ { on = 1; getline; next } on && NF == 14 && $9 == "|" { print $1, $2, $3, $4, $5, $6, $7, $8, $10, $11, $12, $13, $14; next } on { on = 0 }' <<<"$report")
[ "$compatible_reads" -gt 0 ] || { step "no replica read a shared-cache entry written by the other contract version"; counts_ok=0; }
[ "${api_c_refusals:-0}" -gt 0 ] || { step "api-c refused no shared-cache entry of the other replicas' contract (refusals: ${api_c_refusals:-no row for api-c})"; counts_ok=0; }
[ "${seen_incompatible:-0}" = 1 ] || { step "no calls were counted in step incompatible-c"; counts_ok=0; }
grep -Eq '^    +MEMBER_RETYPED +.*WeightKg' <<<"$report" || { step "the client printed no violation list with MEMBER_RETYPED at WeightKg"; counts_ok=0; }

if [ "$code" = 0 ] && [ "$counts_ok" = 1 ] && grep -Eq '^  api-a +v1 ' <<<"$report" && grep -Eq '^  api-a +v2 ' <<<"$report"; then
  step "PASS: api-a answered as v1 before its upgrade and as v2 after it; api-c's incompatible contract was refused, never misread; every other call succeeded; the replicas shared one Redis cache, read $compatible_reads entries of the other version and refused the incompatible ones ($api_c_refusals by api-c), misreading none"
  exit 0
fi
step "FAIL: see the client's report above"
exit 1

#!/usr/bin/env bash
# CI's docker step (called from .ci/steps): builds the sample images, runs the compose demo for real and the
# rolling-upgrade profile, checks exit codes and output, and prints how long each part took.
#   1. installs docker.io, docker-compose and debootstrap with apt-get when they are missing;
#   2. starts dockerd (overlay2, else vfs; --iptables=false) unless a daemon already answers; stops it at the end;
#   3. when mcr.microsoft.com cannot be reached, builds (or reuses, by tag) the stand-in base images;
#   4. docker-compose --profile rolling build: the API (current and previous contract), the demo and the proxy;
#   5. docker-compose up --abort-on-container-exit --exit-code-from demo demo: exit code 0 and the demo's "Result" line;
#   6. the caching-proxy check: the compose API on a published port, nginx proxy_cache in front of it on this host
#      (docker/cache-check.sh, Debian's nginx-light), JSON and Pack clients alternating on one URL: exit code 0 and PASS;
#   7. docker/rolling-upgrade.sh: exit code 0 and its PASS line, and its calls per deployment step: nothing misread or
#      failed in any step, calls refused in api-c's step (the replica with the incompatible contract) and in no other;
#      and its shared-cache counts per replica (one Redis for every replica): nothing misread, failed or corrupt.
# Where no daemon can be started at all, it says so loudly and exits 0 (skipped); PACK_DOCKER_REQUIRED=1 makes that a
# failure instead.
set -euo pipefail
cd "$(dirname "$0")/.."

out=artifacts/docker
mkdir -p "$out"
export COMPOSE_PROJECT_NAME=pack-ci
t0=$(date +%s)
timings=()
lap() { local now; now=$(date +%s); timings+=("$1 $((now - lap_start)) s"); lap_start=$now; }
lap_start=$t0

skip() {
  echo "!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!"
  echo "!! DOCKER STEP SKIPPED: $*"
  echo "!! The images were NOT built and the compose demo did NOT run on this machine."
  echo "!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!"
  [ "${PACK_DOCKER_REQUIRED:-0}" = 1 ] && exit 1
  exit 0
}

# 1. Tools.
if ! command -v dockerd >/dev/null || ! command -v docker-compose >/dev/null || ! command -v debootstrap >/dev/null; then
  echo "-- apt-get install docker.io docker-compose debootstrap"
  if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq docker.io docker-compose debootstrap >"$out/apt.log" 2>&1; }; then
    tail -n 20 "$out/apt.log" 2>/dev/null || true
    skip "docker.io / docker-compose could not be installed with apt-get"
  fi
fi
lap "install"

# 2. The daemon.
started_pid=""
stop_daemon() {
  if [ -n "$started_pid" ]; then
    docker-compose --profile rolling down --remove-orphans --timeout 5 >/dev/null 2>&1 || true
    kill "$started_pid" 2>/dev/null || true
    for _ in $(seq 1 40); do kill -0 "$started_pid" 2>/dev/null || break; sleep 0.5; done
    echo "-- dockerd (pid $started_pid) stopped"
    started_pid=""
  fi
}
trap stop_daemon EXIT

if docker info >/dev/null 2>&1; then
  echo "-- using the Docker daemon that is already running ($(docker info -f '{{.ServerVersion}}, {{.Driver}}'))"
else
  # overlay2 when the kernel allows it (much faster: vfs copies every layer in full), else vfs. No iptables: the
  # containers talk over a user bridge network; builds reach NuGet through the host's network (see stand-in-images.sh).
  for driver in ${PACK_DOCKER_STORAGE_DRIVER:-overlay2 vfs}; do
    dockerd --storage-driver="$driver" --iptables=false >"$out/dockerd-$driver.log" 2>&1 &
    started_pid=$!
    for _ in $(seq 1 60); do
      docker info >/dev/null 2>&1 && break
      kill -0 "$started_pid" 2>/dev/null || break
      sleep 0.5
    done
    if docker info >/dev/null 2>&1; then
      echo "-- started dockerd $(docker info -f '{{.ServerVersion}}') with the $driver storage driver (pid $started_pid)"
      break
    fi
    echo "-- dockerd did not start with $driver:"
    tail -n 5 "$out/dockerd-$driver.log" || true
    kill "$started_pid" 2>/dev/null || true
    wait "$started_pid" 2>/dev/null || true
    started_pid=""
  done
  docker info >/dev/null 2>&1 || skip "dockerd could not be started (logs: $out/dockerd-*.log)"
fi
lap "daemon"

# 3. Base images: Microsoft's when mcr.microsoft.com answers, stand-ins otherwise.
env_args=()
if [ "${PACK_DOCKER_BASE:-auto}" = mcr ] || { [ "${PACK_DOCKER_BASE:-auto}" = auto ] && curl -s -o /dev/null --max-time 10 https://mcr.microsoft.com/v2/; }; then
  echo "-- mcr.microsoft.com answers: building FROM Microsoft's images"
else
  echo "-- mcr.microsoft.com cannot be reached: stand-in base images (docker/stand-in-images.sh)"
  bash docker/stand-in-images.sh "$out/stand-in.env"
  env_args=(--env-file "$out/stand-in.env")
  sed 's/^/   /' "$out/stand-in.env"
fi
lap "base-images"

# 4. Build every image once; the demo and rolling runs below reuse them.
echo "-- docker-compose --profile rolling build"
docker-compose "${env_args[@]}" --profile rolling build >"$out/build.log" 2>&1 || { tail -n 40 "$out/build.log"; exit 1; }
docker images --format '   {{.Repository}}:{{.Tag}} {{.Size}}' | grep -E 'pack-' || true
lap "compose-build"

# 5. The compose demo, as the README runs it (on a random host port: another program may hold 8080 here).
echo "-- docker-compose up --abort-on-container-exit --exit-code-from demo demo"
set +e
PACK_API_PORT=127.0.0.1: docker-compose "${env_args[@]}" up --no-color --no-build --abort-on-container-exit --exit-code-from demo demo >"$out/demo.log" 2>&1
demo_code=$?
set -e
grep '^demo_1' "$out/demo.log" | sed 's/^demo_1 *| \{0,1\}/   /'
docker-compose "${env_args[@]}" down --remove-orphans --timeout 5 >/dev/null 2>&1 || true
if [ "$demo_code" != 0 ] || ! grep -q "Result: every JSON and Pack comparison matched." "$out/demo.log"; then
  tail -n 30 "$out/demo.log"
  echo "-- FAILED: the compose demo exited with $demo_code"
  exit 1
fi
echo "-- compose demo: exit code 0, every JSON and Pack comparison matched"
lap "compose-demo"

# 6. The caching proxy: the API container published on a random 127.0.0.1 port, nginx's proxy_cache in front of it.
echo "-- caching proxy: docker-compose up -d api, then docker/cache-check.sh (nginx proxy_cache, JSON and Pack alternating)"
PACK_API_PORT=127.0.0.1: docker-compose "${env_args[@]}" up -d --no-color --no-build api >"$out/cache-api.log" 2>&1 || { tail -n 20 "$out/cache-api.log"; exit 1; }
api_url=""
# The published port (docker-proxy), else the container's address on the compose network (the host routes to the bridge).
for _ in $(seq 1 60); do
  published=$(docker-compose "${env_args[@]}" port api 8080 2>/dev/null || true)
  if [ -n "$published" ] && curl -s -o /dev/null --max-time 2 "http://$published/healthz"; then
    api_url="http://$published"
    break
  fi
  container=$(docker-compose "${env_args[@]}" ps -q api 2>/dev/null || true)
  address=""
  [ -n "$container" ] && address=$(docker inspect -f '{{range .NetworkSettings.Networks}}{{.IPAddress}} {{end}}' "$container" 2>/dev/null | awk '{print $1}')
  if [ -n "$address" ] && curl -s -o /dev/null --max-time 2 "http://$address:8080/healthz"; then
    api_url="http://$address:8080"
    break
  fi
  sleep 1
done
set +e
if [ -n "$api_url" ]; then
  bash docker/cache-check.sh "$api_url" >"$out/cache-check.log" 2>&1
  cache_code=$?
else
  echo "the API container never answered /healthz on its published port" >"$out/cache-check.log"
  cache_code=1
fi
set -e
docker-compose "${env_args[@]}" down --remove-orphans --timeout 5 >/dev/null 2>&1 || true
sed 's/^/   /' "$out/cache-check.log"
if [ "$cache_code" != 0 ] || ! grep -q "PASS:" "$out/cache-check.log"; then
  echo "-- FAILED: the caching-proxy check exited with $cache_code"
  exit 1
fi
lap "cache-check"

# 7. The rolling upgrade.
echo "-- docker/rolling-upgrade.sh"
set +e
COMPOSE_PROJECT_NAME=pack-ci-rolling bash docker/rolling-upgrade.sh "${env_args[@]}" --no-build --log "$out/rolling-upgrade.log" >/dev/null 2>&1
rolling_code=$?
set -e
sed 's/^/   /' "$out/rolling-upgrade.log"
if [ "$rolling_code" != 0 ] || ! grep -q "PASS:" "$out/rolling-upgrade.log"; then
  echo "-- FAILED: the rolling upgrade exited with $rolling_code"
  exit 1
fi
# The script's "counts: step=NAME calls=N ok=N refused=N misread=N failed=N" lines, checked once more here.
counts=$(sed -n 's/^.*\] counts: //p' "$out/rolling-upgrade.log")
echo "-- rolling upgrade, calls per deployment step:"
sed 's/^/   /' <<<"$counts"
wrong=$(awk '
  { incompatible = ($1 == "step=incompatible-c") }
  / misread=[1-9]/ || / failed=[1-9]/ || (incompatible && / refused=0 /) || (!incompatible && !/ refused=0 /) { print }
  incompatible { seen = 1 }
  END { if (!seen) print "no step incompatible-c" }' <<<"$counts")
if [ -n "$wrong" ]; then
  echo "-- FAILED: unexpected counts (misread or failed calls, or refusals outside api-c's step or none in it):"
  sed 's/^/   /' <<<"$wrong"
  exit 1
fi
# The script's "shared cache: replica=NAME ... misread=N failed=N; read: ... corrupt=N" lines: the replicas' one Redis.
cache=$(sed -n 's/^.*\] shared cache: //p' "$out/rolling-upgrade.log")
echo "-- rolling upgrade, the shared Redis cache per replica:"
sed 's/^/   /' <<<"$cache"
if [ -z "$cache" ] || grep -Eq ' (misread|failed|corrupt)=[1-9]' <<<"$cache"; then
  echo "-- FAILED: no shared-cache counts, or a cached answer misread or failed, or a corrupt entry"
  exit 1
fi
echo "-- rolling upgrade: nothing misread; api-c's incompatible contract refused, every other call intact; the shared cache misread nothing"
lap "rolling-upgrade"

stop_daemon
lap "stop"
echo "-- docker step timings: ${timings[*]}; total $(( $(date +%s) - t0 )) s"

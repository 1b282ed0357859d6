#!/usr/bin/env bash
# The caching-proxy check: nginx (Debian's package) with proxy_cache in front of the sample API, and JSON and Pack
# clients alternating on one URL. Each must get its own format every time, and the cache must really answer (HITs for
# both formats), or the check proves nothing. A shared cache keys a response by the request headers its Vary names, so
# this fails whenever a negotiated response goes out without Vary: Accept (issue 21: an existing Vary: Accept-Encoding
# used to hide it).
#
#   bash docker/cache-check.sh http://127.0.0.1:8080      # the API to put the cache in front of
#
# CI runs it from docker/ci.sh against the compose API's published port; locally it runs the same way against
# `dotnet run --project samples/WebApi`. nginx runs on this host, as the invoking user, in the foreground of a background
# job (master_process off: one process, no user switch), on a free 127.0.0.1 port, with every file under a temporary
# directory; the script stops it (by its pid) and removes the directory on exit. It installs nginx-light with apt-get when
# nginx is missing, without letting the package start the system's nginx service.
set -euo pipefail

upstream=${1:?usage: cache-check.sh <api base url, e.g. http://127.0.0.1:8080>}
upstream=${upstream%/}
paths=("/api/organizations/3/cached" "/minimal/organizations/3/cached")
pack=application/x-pack
json=application/json
browser='text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'

log() { echo "[cache-check] $*"; }

nginx_bin=$(command -v nginx || true)
if [ -z "$nginx_bin" ] && [ -x /usr/sbin/nginx ]; then
  nginx_bin=/usr/sbin/nginx
fi
if [ -z "$nginx_bin" ]; then
  log "apt-get install nginx-light"
  # policy-rc.d 101: the package must not start (and leave running) the system's nginx on port 80.
  policy=/usr/sbin/policy-rc.d
  had_policy=0
  [ -e "$policy" ] && had_policy=1
  if [ "$had_policy" = 0 ]; then
    printf '#!/bin/sh\nexit 101\n' > "$policy"
    chmod +x "$policy"
  fi
  status=0
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nginx-light; } >/tmp/cache-check-apt.log 2>&1 || status=$?
  [ "$had_policy" = 1 ] || rm -f "$policy"
  if [ "$status" != 0 ]; then
    tail -n 20 /tmp/cache-check-apt.log
    log "FAILED: nginx could not be installed"
    exit 1
  fi
  nginx_bin=/usr/sbin/nginx
fi
log "$("$nginx_bin" -v 2>&1)"

work=$(mktemp -d)
nginx_pid=""
cleanup() {
  if [ -n "$nginx_pid" ]; then
    kill "$nginx_pid" 2>/dev/null || true
    wait "$nginx_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
mkdir -p "$work/cache" "$work/temp"
cat > "$work/nginx.conf" <<EOF
daemon off;
master_process off;
worker_processes 1;
pid $work/nginx.pid;
error_log $work/error.log warn;
events { worker_connections 64; }
http {
  access_log $work/access.log;
  client_body_temp_path $work/temp/body;
  proxy_temp_path $work/temp/proxy;
  fastcgi_temp_path $work/temp/fastcgi;
  uwsgi_temp_path $work/temp/uwsgi;
  scgi_temp_path $work/temp/scgi;
  # A shared cache as a CDN or a reverse proxy runs one: it honours Cache-Control and Vary from the API.
  proxy_cache_path $work/cache levels=1:2 keys_zone=api:1m max_size=64m inactive=5m use_temp_path=off;
  server {
    listen 127.0.0.1:$port;
    location / {
      proxy_pass $upstream;
      proxy_http_version 1.1;
      proxy_cache api;
      add_header X-Cache-Status \$upstream_cache_status always;
    }
  }
}
EOF
"$nginx_bin" -t -c "$work/nginx.conf" -p "$work" >"$work/test.log" 2>&1 || { cat "$work/test.log"; log "FAILED: nginx rejected its configuration"; exit 1; }
"$nginx_bin" -c "$work/nginx.conf" -p "$work" &
nginx_pid=$!
for _ in $(seq 1 50); do
  curl -s -o /dev/null "http://127.0.0.1:$port/healthz" && break
  sleep 0.2
done
log "nginx proxy_cache on 127.0.0.1:$port in front of $upstream (pid $nginx_pid)"

failures=0
hits_pack=0
hits_json=0
# request <path> <accept> <expected media type>: one call through the cache; checks the format and counts HITs.
request() {
  local path=$1 accept=$2 expected=$3 headers body media status cache first
  headers="$work/headers" body="$work/body"
  status=$(curl -s -o "$body" -D "$headers" -w '%{http_code}' -H "Accept: $accept" "http://127.0.0.1:$port$path")
  media=$(sed -n 's/^[Cc]ontent-[Tt]ype: *\([^;[:space:]]*\).*/\1/p' "$headers")
  cache=$(sed -n 's/^X-Cache-Status: *\([A-Z]*\).*/\1/p' "$headers")
  first=$(head -c 1 "$body")
  local verdict=ok
  if [ "$status" != 200 ] || [ "$media" != "$expected" ]; then
    verdict=WRONG
  elif [ "$expected" = "$json" ] && [ "$first" != "{" ]; then
    verdict="WRONG (not a JSON object)"
  elif [ "$expected" = "$pack" ] && [ "$first" = "{" ]; then
    verdict="WRONG (a JSON body)"
  fi
  printf '   %-36s Accept: %-20.20s -> %s %-20s %-7s %s\n' "$path" "$accept" "$status" "$media" "${cache:--}" "$verdict"
  if [ "$verdict" != ok ]; then
    failures=$((failures + 1))
  elif [ "$cache" = HIT ]; then
    if [ "$expected" = "$pack" ]; then hits_pack=$((hits_pack + 1)); else hits_json=$((hits_json + 1)); fi
  fi
}

for path in "${paths[@]}"; do
  for _ in 1 2 3; do
    request "$path" "$pack" "$pack"
    request "$path" "$json" "$json"
    request "$path" "$browser" "$json"
  done
done

if [ "$failures" != 0 ]; then
  log "FAILED: the cache served $failures response(s) in the wrong format"
  exit 1
fi
if [ "$hits_pack" = 0 ] || [ "$hits_json" = 0 ]; then
  log "FAILED: the cache never answered (Pack HITs: $hits_pack, JSON HITs: $hits_json), so the check proved nothing"
  tail -n 5 "$work/error.log" 2>/dev/null || true
  exit 1
fi
log "PASS: JSON and Pack clients alternating through nginx proxy_cache each got their own format ($hits_pack Pack and $hits_json JSON cache HITs)"

#!/usr/bin/env bash
# Container health check that needs nothing installed (no curl, no wget): bash's /dev/tcp sends
# GET <path> to 127.0.0.1:<port> and the check passes only on a 200 status line.
# Usage: healthcheck.sh [path=/healthz] [port=8080]
path=${1:-/healthz}
port=${2:-8080}
exec 3<>"/dev/tcp/127.0.0.1/$port" || exit 1
printf 'GET %s HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n' "$path" >&3
IFS= read -r -t 2 status <&3 || exit 1
[[ $status == "HTTP/1."?" 200 "* ]]

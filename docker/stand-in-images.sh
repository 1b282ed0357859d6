#!/usr/bin/env bash
# Builds STAND-IN base images for machines that cannot reach Microsoft's container registry (mcr.microsoft.com).
#
# On a normal machine none of this is needed: the Dockerfiles default to mcr.microsoft.com/dotnet/sdk:10.0 and
# mcr.microsoft.com/dotnet/aspnet:10.0, and `docker compose up --build` just works.
#
# Offline (or MCR-less) machines get two images assembled from a Debian 12 rootfs (debootstrap --variant=minbase,
# plus the libraries .NET needs: ICU, OpenSSL, CA certificates) and the .NET SDK and runtime already installed on this
# machine (same versions, copied, not downloaded):
#   pack-standin/dotnet-sdk:<sdk version>-bookworm-<rev>     stands in for mcr.microsoft.com/dotnet/sdk:10.0
#   pack-standin/aspnet:<runtime version>-bookworm-<rev>     stands in for mcr.microsoft.com/dotnet/aspnet:10.0
# and, for machines that cannot reach Docker Hub either, one built FROM the runtime stand-in with Debian's redis-server
# (docker/redis/Dockerfile; apt-get in the build, on the host's network):
#   pack-standin/redis:bookworm-<rev>                          stands in for redis:7-bookworm (docker-compose's redis)
# Like Microsoft's images they set APP_UID=1654 (user "app"), ASPNETCORE_HTTP_PORTS=8080 and put dotnet on PATH.
# The SDK stand-in also trusts this machine's extra CA certificates (/usr/local/share/ca-certificates), so that a
# restore inside a build reaches the same package source the host reaches; the runtime stand-in does not need them.
#
# Images are cached by tag: when both tags exist nothing is rebuilt. The script ends by writing an env file for
# docker-compose (default artifacts/docker/stand-in.env) with PACK_SDK_IMAGE, PACK_RUNTIME_IMAGE, PACK_REDIS_IMAGE and
# PACK_BUILD_NETWORK=host (the build containers need the host's network to restore from NuGet when dockerd runs
# without iptables); use it as `docker-compose --env-file artifacts/docker/stand-in.env ...`.
#
# Needs: root, a running dockerd, debootstrap (apt-get install debootstrap), dotnet under $DOTNET_ROOT or /usr/share/dotnet.
set -euo pipefail
cd "$(dirname "$0")/.."

REVISION=1                                   # bump when the image recipe changes, so cached tags are not reused
SUITE=${STANDIN_SUITE:-bookworm}
MIRROR=${STANDIN_MIRROR:-http://deb.debian.org/debian}
DOTNET_DIR=${DOTNET_ROOT:-/usr/share/dotnet}
ENV_FILE=${1:-artifacts/docker/stand-in.env}
SCRATCH=${STANDIN_SCRATCH:-/var/tmp/pack-stand-in}

log() { echo "[stand-in] $*" >&2; }

[ -x "$DOTNET_DIR/dotnet" ] || { log "no dotnet in $DOTNET_DIR"; exit 1; }
sdk_version=$(ls "$DOTNET_DIR/sdk" | sort -V | tail -n 1)
runtime_version=$(ls "$DOTNET_DIR/shared/Microsoft.AspNetCore.App" | sort -V | tail -n 1)
netcore_version=$(ls "$DOTNET_DIR/shared/Microsoft.NETCore.App" | sort -V | tail -n 1)
sdk_tag="pack-standin/dotnet-sdk:${sdk_version}-${SUITE}-r${REVISION}"
runtime_tag="pack-standin/aspnet:${runtime_version}-${SUITE}-r${REVISION}"
redis_tag="pack-standin/redis:${SUITE}-r${REVISION}"

write_env() {
  mkdir -p "$(dirname "$ENV_FILE")"
  {
    echo "# Written by docker/stand-in-images.sh: stand-in base images for a machine without mcr.microsoft.com."
    echo "PACK_SDK_IMAGE=$sdk_tag"
    echo "PACK_RUNTIME_IMAGE=$runtime_tag"
    echo "PACK_REDIS_IMAGE=$redis_tag"
    echo "PACK_BUILD_NETWORK=host"
  } > "$ENV_FILE"
  log "wrote $ENV_FILE"
}

# The Redis stand-in, FROM the runtime stand-in (which must exist by now).
build_redis() {
  if docker image inspect "$redis_tag" >/dev/null 2>&1; then
    log "cached: $redis_tag"
    return 0
  fi
  log "building $redis_tag (Debian's redis-server on $runtime_tag)"
  local output
  output=$(docker build --network host --build-arg BASE_IMAGE="$runtime_tag" -t "$redis_tag" docker/redis 2>&1) \
    || { printf '%s\n' "$output" | tail -n 20 >&2; log "could not build $redis_tag"; exit 1; }
  log "built $redis_tag ($(docker run --rm "$redis_tag" redis-server --version | awk '{print $3}'))"
}

if docker image inspect "$sdk_tag" >/dev/null 2>&1 && docker image inspect "$runtime_tag" >/dev/null 2>&1; then
  log "cached: $sdk_tag and $runtime_tag"
  build_redis
  write_env
  exit 0
fi

command -v debootstrap >/dev/null || { log "debootstrap is missing (apt-get install debootstrap)"; exit 1; }
rm -rf "$SCRATCH"
mkdir -p "$SCRATCH"
trap 'rm -rf "$SCRATCH"' EXIT

log "debootstrap $SUITE (minbase + ICU, OpenSSL, CA certificates) from $MIRROR"
debootstrap --variant=minbase --include=ca-certificates,libicu72,libssl3 "$SUITE" "$SCRATCH/base" "$MIRROR" >"$SCRATCH/debootstrap.log" 2>&1 \
  || { tail -n 20 "$SCRATCH/debootstrap.log" >&2; exit 1; }

# Keep the images small: no package caches, lists, docs or translations.
base="$SCRATCH/base"
rm -rf "$base"/var/cache/apt/archives/*.deb "$base"/var/lib/apt/lists/* "$base"/usr/share/doc/* "$base"/usr/share/man/* \
  "$base"/usr/share/locale/* "$base"/usr/share/info/* "$base"/var/log/*.log "$base"/var/cache/debconf/*-old
# The non-root user Microsoft's images define (APP_UID=1654, "app").
echo "app:x:1654:1654::/home/app:/bin/sh" >> "$base/etc/passwd"
echo "app:x:1654:" >> "$base/etc/group"
echo "app:!:19000::::::" >> "$base/etc/shadow"
install -d -o 1654 -g 1654 "$base/home/app"

# import_image <rootfs> <tag> <env...>: one layer, with the image config Microsoft's images have.
import_image() {
  local root=$1 tag=$2
  shift 2
  local changes=(--change 'WORKDIR /' --change 'CMD ["bash"]')
  for env in "$@"; do
    changes+=(--change "ENV $env")
  done
  tar --numeric-owner -C "$root" -c . | docker import "${changes[@]}" - "$tag" >/dev/null
  log "built $tag ($(docker image inspect -f '{{.Size}}' "$tag" | awk '{printf "%.0f MB", $1/1e6}'))"
}

common_env=(
  "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
  "APP_UID=1654"
  "ASPNETCORE_HTTP_PORTS=8080"
  "DOTNET_RUNNING_IN_CONTAINER=true"
  "DOTNET_VERSION=$netcore_version"
  "ASPNET_VERSION=$runtime_version"
)

if ! docker image inspect "$runtime_tag" >/dev/null 2>&1; then
  runtime="$SCRATCH/runtime"
  cp -a "$base" "$runtime"
  mkdir -p "$runtime/usr/share/dotnet/shared"
  cp -a "$DOTNET_DIR/dotnet" "$DOTNET_DIR/host" "$DOTNET_DIR/LICENSE.txt" "$runtime/usr/share/dotnet/"
  cp -a "$DOTNET_DIR/shared/Microsoft.NETCore.App" "$DOTNET_DIR/shared/Microsoft.AspNetCore.App" "$runtime/usr/share/dotnet/shared/"
  ln -s /usr/share/dotnet/dotnet "$runtime/usr/bin/dotnet"
  import_image "$runtime" "$runtime_tag" "${common_env[@]}"
  rm -rf "$runtime"
fi

if ! docker image inspect "$sdk_tag" >/dev/null 2>&1; then
  sdk="$base"
  mkdir -p "$sdk/usr/share/dotnet"
  # Everything but the project templates (dotnet new), which a build never reads.
  for part in dotnet host shared packs sdk sdk-manifests LICENSE.txt ThirdPartyNotices.txt; do
    [ -e "$DOTNET_DIR/$part" ] && cp -a "$DOTNET_DIR/$part" "$sdk/usr/share/dotnet/"
  done
  ln -s /usr/share/dotnet/dotnet "$sdk/usr/bin/dotnet"
  # Trust the same extra CA certificates as the host (a package-registry proxy, for example).
  if compgen -G "/usr/local/share/ca-certificates/*.crt" >/dev/null; then
    cp /usr/local/share/ca-certificates/*.crt "$sdk/usr/local/share/ca-certificates/"
    chroot "$sdk" update-ca-certificates >/dev/null 2>&1 || { log "update-ca-certificates failed in the SDK rootfs"; exit 1; }
  fi
  sdk_env=(
    "${common_env[@]}"
    "DOTNET_SDK_VERSION=$sdk_version"
    "DOTNET_NOLOGO=1"
    "DOTNET_CLI_TELEMETRY_OPTOUT=1"
    "DOTNET_SKIP_FIRST_TIME_EXPERIENCE=1"
    "DOTNET_GENERATE_ASPNET_CERTIFICATE=false"
    "NUGET_XMLDOC_MODE=skip"
  )
  # The host's NuGet settings that decide whether a restore works here (an offline revocation check, for example).
  [ -n "${NUGET_CERT_REVOCATION_MODE:-}" ] && sdk_env+=("NUGET_CERT_REVOCATION_MODE=$NUGET_CERT_REVOCATION_MODE")
  import_image "$sdk" "$sdk_tag" "${sdk_env[@]}"
fi

build_redis
write_env

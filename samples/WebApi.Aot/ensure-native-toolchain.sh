#!/usr/bin/env bash
# Native AOT links the app with the platform's C toolchain (clang, else gcc). A fresh machine or CI image with only the
# .NET SDK has none, so install one (Debian/Ubuntu: clang-14, with apt-get update first). Idempotent and quiet when present.
set -euo pipefail

if command -v clang >/dev/null 2>&1 || command -v gcc >/dev/null 2>&1; then
  echo "native toolchain: $(command -v clang || command -v gcc)"
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "Native AOT needs clang or gcc and there is no apt-get to install one; install clang with your package manager." >&2
  exit 1
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    sudo="sudo"
  else
    echo "Native AOT needs clang or gcc; installing one needs root (or sudo)." >&2
    exit 1
  fi
fi

echo "native toolchain: none found, installing clang-14 (apt-get)"
$sudo apt-get update -qq
# clang-14 is Debian 12's clang; fall back to the distribution's default clang elsewhere.
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq clang-14 >/dev/null \
  || DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq clang >/dev/null
if ! command -v clang >/dev/null 2>&1 && [ -x /usr/bin/clang-14 ]; then
  # The ILCompiler looks for `clang`; publish with -p:CppCompilerAndLinker=clang-14 (run-native.sh does).
  echo "native toolchain: /usr/bin/clang-14 (publish with -p:CppCompilerAndLinker=clang-14)"
fi
